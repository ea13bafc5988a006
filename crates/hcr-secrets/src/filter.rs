//! Where anchors can start: the scanner's prefilter.
//!
//! Walking the DFA costs a dependent table lookup per byte, and nearly every letter starts
//! some anchor's prefix, so the DFA alone reads prose at about 400 MB/s. Every anchor starts
//! with one of a few dozen case-folded trigrams: the filter tests each position's trigram
//! independently of the last, so the DFA only runs from the few positions where an anchor can
//! start. A string of a record is usually short, so most of the scanner's time on records is
//! this test.
//!
//! It comes in two forms with the same guarantee, each with a scalar search and a vector one
//! that gives the same answer (a property test holds them to it):
//!
//! - [`Hashed`]: a bit per hashed trigram (8 KiB), read with a gather where the CPU has AVX2;
//! - [`Bloom`]: three 1,024-bit tables, each read at its own hash of the trigram (a dot product
//!   of its bytes with small weights, one instruction with AVX-512 VNNI), small enough to stay
//!   in AVX-512 registers, so that sixteen positions are tested without a memory read
//!   (a search that starts fewer than [`SHORT`] bytes from the text's end uses [`Hashed`],
//!   one position at a time).
//!
//! Both are sound: folding is `| 0x20` per byte, which maps both cases of a letter to one
//! value (the DFA matches letters ASCII-case-insensitively) and every other byte to a fixed
//! value, so an anchor's occurrence always hashes to its own bits. The text's end reads as a
//! NUL. A colliding trigram only costs a short DFA walk.

/// The folded trigram at a position: its three bytes (the low three of `window`), each
/// `| 0x20`.
#[inline(always)]
fn fold(window: u32) -> u32 {
    (window & 0x00FF_FFFF) | 0x0020_2020
}

/// The prefilter of a set of anchors (each at least two bytes long).
pub(super) struct Filter {
    hashed: Hashed,
    // Searched only by the AVX-512 search (and the tests).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    bloom: Bloom,
    /// The search the CPU runs fastest: [`Bloom`]'s with AVX-512, [`Hashed`]'s otherwise.
    search: Search,
}

/// Which search [`Filter::next`] runs. A vector search is reached only through the proof,
/// made by feature detection alone, that this CPU runs it: its safety is checked where it is
/// called, never assumed of the caller.
#[derive(Clone, Copy)]
enum Search {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx2(avx2::Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(avx512::Avx512),
}

impl Filter {
    pub(super) fn new<'a>(anchors: impl Iterator<Item = &'a [u8]> + Clone) -> Self {
        let hashed = Hashed::new(anchors.clone());
        let bloom = Bloom::new(anchors);
        #[allow(unused_mut)]
        let mut search = Search::Scalar;
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(cpu) = avx2::Avx2::detect() {
                search = Search::Avx2(cpu);
            }
            if let Some(cpu) = avx512::Avx512::detect() {
                search = Search::Avx512(cpu);
            }
        }
        Self {
            hashed,
            bloom,
            search,
        }
    }

    /// `bloom_next` (a search of [`Bloom`]), or where fewer than [`SHORT`] bytes are left,
    /// [`Hashed`]'s scalar search: a position or two, tested with fewer instructions than
    /// one vector step.
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn bloom_or_short(
        &self,
        text: &[u8],
        from: usize,
        bloom_next: impl Fn(&Bloom, &[u8], usize) -> Option<usize>,
    ) -> Option<usize> {
        if text.len().saturating_sub(from) < SHORT {
            self.hashed.next_scalar(text, from)
        } else {
            bloom_next(&self.bloom, text, from)
        }
    }

    /// The first position at or after `from` where an anchor may start.
    #[inline]
    pub(super) fn next(&self, text: &[u8], from: usize) -> Option<usize> {
        match self.search {
            Search::Scalar => self.hashed.next_scalar(text, from),
            #[cfg(target_arch = "x86_64")]
            Search::Avx2(cpu) => cpu.next(&self.hashed, text, from),
            #[cfg(target_arch = "x86_64")]
            Search::Avx512(cpu) => {
                self.bloom_or_short(text, from, |bloom, text, from| cpu.next(bloom, text, from))
            }
        }
    }

    /// Every search this CPU can run, by name, each with its scalar reference: what the
    /// tests compare.
    #[cfg(test)]
    pub(super) fn searches(&self) -> Vec<(&'static str, TestSearch<'_>, TestSearch<'_>)> {
        let hashed = || -> TestSearch<'_> { Box::new(|t, f| self.hashed.next_scalar(t, f)) };
        let bloom = || -> TestSearch<'_> { Box::new(|t, f| self.bloom.next_scalar(t, f)) };
        let mut all = vec![
            ("hashed-scalar", hashed(), hashed()),
            ("bloom-scalar", bloom(), bloom()),
        ];
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(cpu) = avx2::Avx2::detect() {
                let search: TestSearch<'_> = Box::new(move |t, f| cpu.next(&self.hashed, t, f));
                all.push(("hashed-avx2", search, hashed()));
            }
            if let Some(cpu) = avx512::Avx512::detect() {
                let search: TestSearch<'_> = Box::new(move |t, f| {
                    self.bloom_or_short(t, f, |bloom, t, f| cpu.next(bloom, t, f))
                });
                let reference: TestSearch<'_> =
                    Box::new(|t, f| self.bloom_or_short(t, f, Bloom::next_scalar));
                all.push(("bloom-avx512", search, reference));
            }
        }
        all
    }
}

/// A search of the filter, for the tests: the first candidate at or after a position.
#[cfg(test)]
pub(super) type TestSearch<'f> = Box<dyn Fn(&[u8], usize) -> Option<usize> + 'f>;

/// See [`Filter::bloom_or_short`]. A vector step tests sixteen positions in about the
/// instructions the scalar search spends on three, and the next string's search overlaps its
/// chain of dependent steps: with 16 here (strings under sixteen bytes and every string's
/// tail after a candidate searched one position at a time), the scalar search took a third of
/// the filter's time on JSON Lines records, and a run took 5% longer.
const SHORT: usize = 4;

/// Calls `passes` with each position's trigram from `from` on (the two bytes after the text's
/// end read as NULs; positions from the last byte on are not tested, as no anchor is one byte
/// long) and returns the first it passes.
#[inline(always)]
fn first_passing(text: &[u8], from: usize, passes: impl Fn(u32) -> bool) -> Option<usize> {
    let [first, second, rest @ ..] = text.get(from..)? else {
        return None;
    };
    // The window holds the two bytes before the next one: each position is tested on its own,
    // so the CPU overlaps the lookups.
    let mut window = u32::from(*first) | (u32::from(*second) << 8);
    for (i, &b) in rest.iter().enumerate() {
        window |= u32::from(b) << 16;
        if passes(window) {
            return Some(from + i);
        }
        window >>= 8;
    }
    // The last two bytes, then the end.
    passes(window).then_some(text.len() - 2)
}

/// The folded trigrams an anchor can start with: its own, or for a two-byte anchor (`Q~`)
/// one per byte that can follow it.
fn trigrams(anchor: &[u8]) -> Vec<u32> {
    match *anchor {
        [a, b, c, ..] => vec![fold(u32::from_le_bytes([a, b, c, 0]))],
        [a, b] => (0..=u8::MAX)
            .map(|c| fold(u32::from_le_bytes([a, b, c, 0])))
            .collect(),
        _ => unreachable!("every anchor is at least two bytes long"),
    }
}

/// A bit per hashed trigram.
pub(super) struct Hashed {
    bits: Box<[u32; Hashed::WORDS]>,
}

/// The multiplier of the trigram hash (Knuth's, 2^32 / φ).
const HASH_MULTIPLIER: u32 = 0x9E37_79B1;

impl Hashed {
    const BITS: usize = 1 << 16;
    const WORDS: usize = Self::BITS / 32;

    fn new<'a>(anchors: impl Iterator<Item = &'a [u8]>) -> Self {
        let mut bits = Box::new([0u32; Self::WORDS]);
        for trigram in anchors.flat_map(trigrams) {
            let h = Self::hash(trigram);
            bits[h / 32] |= 1 << (h % 32);
        }
        Self { bits }
    }

    /// The bit of a folded trigram.
    #[inline(always)]
    fn hash(folded: u32) -> usize {
        (folded.wrapping_mul(HASH_MULTIPLIER) >> 16) as usize
    }

    #[inline(always)]
    fn test(&self, window: u32) -> bool {
        let h = Self::hash(fold(window));
        (self.bits[h / 32] >> (h % 32)) & 1 != 0
    }

    /// The first position at or after `from` whose trigram's bit is set.
    fn next_scalar(&self, text: &[u8], from: usize) -> Option<usize> {
        first_passing(text, from, |window| self.test(window))
    }
}

/// Three tables of 1,024 bits, each read at its own hash of the folded trigram (a Bloom
/// filter): a trigram passes when all three of its bits are set. A two-byte anchor would set
/// a quarter of every table (one trigram per following byte), so those are compared whole
/// instead ([`Bloom::pairs`]).
pub(super) struct Bloom {
    tables: [[u32; 32]; BLOOM_HASHES],
    /// The folded two-byte anchors (in the low two bytes).
    pairs: Vec<u32>,
}

/// The weights of the three hashes, a byte each for the trigram's three bytes (and a zero for
/// the fourth byte of its 32-bit lane). A hash is the sum of the bytes times their weights
/// (bytes unsigned, weights signed, as AVX-512 VNNI's `vpdpbusd` multiplies them): its low
/// five bits pick a word of its table, the next five a bit. One instruction of short latency
/// a table, where a 32-bit multiply (`vpmulld`) is two micro-operations of ten cycles.
///
/// The sum modulo 1,024 is a linear hash of the trigram: two trigrams share a table's bit
/// when their bytes' differences, weighted, sum to a multiple of 1,024. The weights are odd
/// (a difference in one byte alone never does), and matter: these were chosen among 400 sets
/// drawn at random for the lowest worst rate of false candidates over the benchmark corpora
/// and the repository's prose (about 0.002%, against the multiplies' 0.046%, of `standard`'s
/// positions; docs/performance.md, the thirty-first session).
const BLOOM_WEIGHTS: [[i8; 4]; BLOOM_HASHES] =
    [[91, 49, -23, 0], [19, 83, -85, 0], [43, -99, -15, 0]];

/// How many hashes (and tables) the Bloom filter has.
const BLOOM_HASHES: usize = 3;

impl Bloom {
    fn new<'a>(anchors: impl Iterator<Item = &'a [u8]>) -> Self {
        let mut bloom = Self {
            tables: [[0; 32]; BLOOM_HASHES],
            pairs: Vec::new(),
        };
        for anchor in anchors {
            if let [a, b] = *anchor {
                bloom
                    .pairs
                    .push(fold(u32::from_le_bytes([a, b, 0, 0])) & 0xFFFF);
                continue;
            }
            for trigram in trigrams(anchor) {
                for (table, weights) in bloom.tables.iter_mut().zip(BLOOM_WEIGHTS) {
                    let (word, bit) = Self::place(trigram, weights);
                    table[word] |= 1 << bit;
                }
            }
        }
        bloom
    }

    /// The word and bit of a folded trigram in the table of `weights`: the sum of its bytes
    /// times their weights, as `vpdpbusd` adds it to a zero.
    #[inline(always)]
    fn place(folded: u32, weights: [i8; 4]) -> (usize, u32) {
        let h = folded
            .to_le_bytes()
            .iter()
            .zip(weights)
            .fold(0i32, |sum, (&byte, weight)| {
                sum + i32::from(byte) * i32::from(weight)
            })
            .cast_unsigned();
        ((h & 31) as usize, (h >> 5) & 31)
    }

    /// The scalar reference of the vector search.
    #[cfg(test)]
    fn test(&self, window: u32) -> bool {
        let folded = fold(window);
        self.tables
            .iter()
            .zip(BLOOM_WEIGHTS)
            .all(|(table, weights)| {
                let (word, bit) = Self::place(folded, weights);
                (table[word] >> bit) & 1 != 0
            })
            || self.pairs.contains(&(folded & 0xFFFF))
    }

    /// The first position at or after `from` whose trigram passes.
    #[cfg(test)]
    fn next_scalar(&self, text: &[u8], from: usize) -> Option<usize> {
        first_passing(text, from, |window| self.test(window))
    }
}

/// [`Hashed`]'s search eight positions at a time with AVX2: the same trigrams, the same hash,
/// the same table (read with a gather).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm_loadu_si128, _mm256_and_si256, _mm256_broadcastsi128_si256,
        _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_i32gather_epi32, _mm256_movemask_ps,
        _mm256_mullo_epi32, _mm256_or_si256, _mm256_set1_epi32, _mm256_setr_epi8,
        _mm256_shuffle_epi8, _mm256_srli_epi32, _mm256_srlv_epi32,
    };

    use super::{HASH_MULTIPLIER, Hashed};

    /// Proof that this CPU runs AVX2: made only by [`Avx2::detect`].
    #[derive(Clone, Copy)]
    pub(super) struct Avx2(());

    impl Avx2 {
        /// The proof, where the CPU has AVX2.
        pub(super) fn detect() -> Option<Self> {
            std::is_x86_feature_detected!("avx2").then_some(Self(()))
        }

        /// [`Hashed`]'s next candidate at or after `from`.
        pub(super) fn next(self, hashed: &Hashed, text: &[u8], from: usize) -> Option<usize> {
            // SAFETY: an `Avx2` exists only where `detect` found the feature.
            unsafe { scan(hashed, text, from) }
        }
    }

    /// Tests eight positions per step while sixteen bytes are left to load; the scalar search
    /// tests the rest.
    #[target_feature(enable = "avx2")]
    unsafe fn scan(hashed: &Hashed, text: &[u8], from: usize) -> Option<usize> {
        let mut at = from;
        while at + 16 <= text.len() {
            let hits = eight(&hashed.bits, &text[at..at + 16]);
            if hits != 0 {
                return Some(at + hits.trailing_zeros() as usize);
            }
            at += 8;
        }
        hashed.next_scalar(text, at)
    }

    /// The filter's answer for the first eight positions of `sixteen`, a bit each.
    #[target_feature(enable = "avx2")]
    fn eight(bits: &[u32; Hashed::WORDS], sixteen: &[u8]) -> u32 {
        // Lane k of eight 32-bit lanes holds bytes k, k + 1, k + 2 of the sixteen loaded
        // (each 128-bit half of the register holds all sixteen): the trigram at position k.
        let trigrams = _mm256_setr_epi8(
            0, 1, 2, -128, 1, 2, 3, -128, 2, 3, 4, -128, 3, 4, 5, -128, //
            4, 5, 6, -128, 5, 6, 7, -128, 6, 7, 8, -128, 7, 8, 9, -128,
        );
        #[allow(clippy::cast_possible_wrap)] // the same bits as the scalar multiplier
        let multiplier = _mm256_set1_epi32(HASH_MULTIPLIER as i32);
        let one = _mm256_set1_epi32(1);
        let sixteen: &[u8; 16] = sixteen
            .try_into()
            .unwrap_or_else(|_| unreachable!("callers pass sixteen bytes"));
        // SAFETY: the sixteen bytes are a whole array.
        let bytes = unsafe { _mm_loadu_si128(sixteen.as_ptr().cast::<__m128i>()) };
        let window: __m256i = _mm256_broadcastsi128_si256(bytes);
        let trigram = _mm256_or_si256(
            _mm256_shuffle_epi8(window, trigrams),
            _mm256_set1_epi32(0x0020_2020),
        );
        let hash = _mm256_srli_epi32(_mm256_mullo_epi32(trigram, multiplier), 16);
        // SAFETY: a hash is below 2^16, so `hash >> 5` indexes one of the table's 2^11 words.
        let word = unsafe {
            _mm256_i32gather_epi32::<4>(bits.as_ptr().cast::<i32>(), _mm256_srli_epi32(hash, 5))
        };
        let shift = _mm256_and_si256(hash, _mm256_set1_epi32(31));
        let bit = _mm256_and_si256(_mm256_srlv_epi32(word, shift), one);
        #[allow(clippy::cast_sign_loss)] // eight bits
        {
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(bit, one))) as u32
        }
    }
}

/// [`Bloom`]'s search with AVX-512: 48 positions per 64-byte load, each hash one `vpdpbusd`
/// (VNNI), each table in two registers and read with a permutation, so no step waits for
/// memory. A masked load reads
/// the text's last bytes (and zeros past its end, the NULs the scalar search reads there).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm512_and_si512, _mm512_cmpeq_epi32_mask, _mm512_dpbusd_epi32,
        _mm512_loadu_si512, _mm512_maskz_loadu_epi8, _mm512_maskz_permutexvar_epi8,
        _mm512_or_si512, _mm512_permutex2var_epi32, _mm512_rorv_epi32, _mm512_set1_epi32,
        _mm512_setzero_si512, _mm512_srli_epi32, _mm512_test_epi32_mask,
    };

    use super::{BLOOM_HASHES, BLOOM_WEIGHTS, Bloom};

    /// Proof that this CPU runs AVX-512 F, BW, VBMI and VNNI: made only by
    /// [`Avx512::detect`].
    #[derive(Clone, Copy)]
    pub(super) struct Avx512(());

    impl Avx512 {
        /// The proof, where the CPU has the four features.
        pub(super) fn detect() -> Option<Self> {
            (std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512bw")
                && std::is_x86_feature_detected!("avx512vbmi")
                && std::is_x86_feature_detected!("avx512vnni"))
            .then_some(Self(()))
        }

        /// [`Bloom`]'s next candidate at or after `from`.
        pub(super) fn next(self, bloom: &Bloom, text: &[u8], from: usize) -> Option<usize> {
            // SAFETY: an `Avx512` exists only where `detect` found the features.
            unsafe { scan(bloom, text, from) }
        }
    }

    /// For each group of sixteen positions, the byte of the load each byte of the trigrams
    /// comes from: lane k (32 bits) takes bytes p, p + 1, p + 2 of position
    /// p = 16 * group + k, and a zero (the permutation's mask skips every fourth byte).
    static TRIGRAM_BYTES: [[u8; 64]; 3] = {
        let mut index = [[0u8; 64]; 3];
        let mut group = 0;
        while group < 3 {
            let mut i = 0;
            while i < 64 {
                #[allow(clippy::cast_possible_truncation)] // below 64
                {
                    index[group][i] = (16 * group + i / 4 + i % 4) as u8;
                }
                i += 1;
            }
            group += 1;
        }
        index
    };

    /// Positions tested per load: three groups of sixteen, whose trigrams lie within the
    /// 64 bytes loaded.
    const STEP: usize = 48;

    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vnni")]
    unsafe fn scan(bloom: &Bloom, text: &[u8], from: usize) -> Option<usize> {
        // Positions up to the one before the last byte are tested.
        let end = text.len().checked_sub(1)?;
        if from >= end {
            return None;
        }
        // SAFETY: each table is 32 words, two registers' worth.
        let tables: [(__m512i, __m512i); BLOOM_HASHES] = std::array::from_fn(|t| unsafe {
            let words = bloom.tables[t].as_ptr();
            (
                _mm512_loadu_si512(words.cast()),
                _mm512_loadu_si512(words.add(16).cast()),
            )
        });
        let mut at = from;
        while at < end {
            let left = text.len() - at;
            let loaded = if left >= 64 {
                u64::MAX
            } else {
                (1u64 << left) - 1
            };
            // SAFETY: the mask covers only bytes of `text` (from `at`, fewer than `left`);
            // masked-off bytes are neither read nor faulted on, and read as zero.
            let bytes = unsafe { _mm512_maskz_loadu_epi8(loaded, text.as_ptr().add(at).cast()) };
            let tested = (end - at).min(STEP);
            let wanted = (1u64 << tested) - 1;
            // Group by group, stopping at the first with a candidate: most of a record's
            // strings are short, and text thick with candidates needs only the first.
            for group in 0..tested.div_ceil(16) {
                let hits =
                    (u64::from(sixteen(bloom, &tables, bytes, group)) << (16 * group)) & wanted;
                if hits != 0 {
                    return Some(at + hits.trailing_zeros() as usize);
                }
            }
            at += STEP;
        }
        None
    }

    /// The answer for positions `16 * group ..` of the 64 bytes loaded, a bit each.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vnni")]
    fn sixteen(
        bloom: &Bloom,
        tables: &[(__m512i, __m512i); BLOOM_HASHES],
        bytes: __m512i,
        group: usize,
    ) -> u16 {
        // SAFETY: 64 bytes.
        let index = unsafe { _mm512_loadu_si512(TRIGRAM_BYTES[group].as_ptr().cast()) };
        let trigram = _mm512_maskz_permutexvar_epi8(0x7777_7777_7777_7777, index, bytes);
        let folded = _mm512_or_si512(trigram, _mm512_set1_epi32(0x0020_2020));
        let mut all = _mm512_set1_epi32(-1);
        for ((low, high), weights) in tables.iter().zip(BLOOM_WEIGHTS) {
            let weights = _mm512_set1_epi32(i32::from_le_bytes(weights.map(i8::cast_unsigned)));
            let hash = _mm512_dpbusd_epi32(_mm512_setzero_si512(), folded, weights);
            // The low five bits pick one of the 32 words (the permutation reads no others);
            // rotating by the next five (the rotation reads only a count's low five bits)
            // brings the bit down.
            let word = _mm512_permutex2var_epi32(*low, hash, *high);
            all = _mm512_and_si512(all, _mm512_rorv_epi32(word, _mm512_srli_epi32(hash, 5)));
        }
        let mut passes = _mm512_test_epi32_mask(all, _mm512_set1_epi32(1));
        for &pair in &bloom.pairs {
            let low = _mm512_and_si512(folded, _mm512_set1_epi32(0xFFFF));
            #[allow(clippy::cast_possible_wrap)] // two bytes
            {
                passes |= _mm512_cmpeq_epi32_mask(low, _mm512_set1_epi32(pair as i32));
            }
        }
        passes
    }
}
