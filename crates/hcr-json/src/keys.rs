//! Key names numbered once: the fingerprint every key carries, and [`KeyTable`], the names a
//! reader numbers as it reads (a format's fixed words), so that a check finds a member's
//! declared place, and a scanner a fixed word, without a lookup of its own.

/// A key's length and first bytes in one word: equal texts have equal fingerprints, and a
/// key of up to seven bytes is equal to another exactly when their fingerprints are, so most
/// lookups compare one word and never call `memcmp`.
#[inline]
pub fn fingerprint(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let len = bytes.len();
    // The first seven bytes in place, read without a loop or a call to `memcpy` (keys are
    // short and many): a shorter key from two overlapping reads of its ends, whose shared
    // bytes land on themselves.
    let head = match (
        bytes.first_chunk::<8>(),
        bytes.first_chunk::<4>(),
        bytes.first(),
    ) {
        (Some(word), _, _) => u64::from_le_bytes(*word) & 0x00FF_FFFF_FFFF_FFFF,
        (None, Some(low), _) => {
            let high = bytes.last_chunk::<4>().copied().unwrap_or(*low);
            u64::from(u32::from_le_bytes(*low))
                | u64::from(u32::from_le_bytes(high)) << (8 * (len - 4))
        }
        (None, None, Some(&first)) => {
            let byte = |at: usize| u64::from(bytes[at]) << (8 * at);
            u64::from(first) | byte(len / 2) | byte(len - 1)
        }
        _ => 0,
    };
    head | (u64::from(u8::try_from(len).unwrap_or(u8::MAX)) << 56)
}

/// Whether `text`, whose fingerprint is `key`, is `query`, whose fingerprint is `wanted`:
/// the texts are compared only when the fingerprints leave it open.
#[inline]
pub fn same_key(key: u64, text: impl FnOnce() -> bool, wanted: u64, query: &str) -> bool {
    key == wanted && (query.len() <= 7 || text())
}

/// The last eight bytes of `text` as a word (0 for a shorter text): with its [`fingerprint`],
/// the whole of a text of up to 15 bytes.
#[inline]
fn tail(text: &str) -> u64 {
    text.as_bytes()
        .last_chunk::<8>()
        .map_or(0, |word| u64::from_le_bytes(*word))
}

/// The number of a name a [`KeyTable`] does not hold.
pub const NOT_A_KEY: u8 = u8::MAX;

/// Names, each with its number, looked up by fingerprint in an open-addressed table at most
/// half full, so that a lookup is a probe or two (every key of a document is looked up once,
/// as the parser writes it).
///
/// ```
/// use hcr_json::{KeyTable, NOT_A_KEY};
///
/// let table = KeyTable::new(["summary".to_owned(), "id".to_owned()]).unwrap();
/// assert_eq!(table.number_of("id"), 0);
/// assert_eq!(table.number_of("summary"), 1);
/// assert_eq!(table.number_of("token"), NOT_A_KEY);
/// assert_eq!(KeyTable::empty().number_of("id"), NOT_A_KEY);
/// ```
#[derive(Debug)]
pub struct KeyTable {
    /// Each slot: a name's fingerprint, its [`tail`], the name, and its number: a name of up
    /// to 15 bytes is compared as the two words, a longer one as text.
    slots: Vec<Option<(u64, u64, String, u8)>>,
    /// The bits of a hash that pick a slot: `64 - log2(slots)`.
    shift: u32,
    /// How many names there are; they are numbered from 0, in sorted order.
    len: usize,
    /// The test the one-pass parser makes of every string value it reads with this table
    /// (see [`Probe`]).
    probe: Option<&'static Probe>,
}

/// A test of a string value's text that the one-pass parser makes as it reads each string
/// value (its bytes then in cache; an array's string items excepted) and keeps with the
/// string's node ([`crate::Tree::probed`]): where in the text a later scan of it must start,
/// `None` for text where it can find nothing. The secret scanner's says where the first
/// anchor of its search starts, so that its walk passes over the strings (and the subtrees,
/// [`crate::Tree::quiet`]) where none is, and starts the others' search there.
#[derive(Debug)]
pub struct Probe(pub fn(&str) -> Option<usize>);

impl KeyTable {
    /// The table of no names: every key reads as [`NOT_A_KEY`].
    #[must_use]
    pub fn empty() -> &'static Self {
        static EMPTY: KeyTable = KeyTable {
            slots: Vec::new(),
            shift: 64,
            len: 0,
            probe: None,
        };
        &EMPTY
    }

    /// The names, numbered from 0 in sorted order; `None` past 255 distinct names.
    #[must_use]
    pub fn new(names: impl IntoIterator<Item = String>) -> Option<Self> {
        let names: std::collections::BTreeSet<String> = names.into_iter().collect();
        let bits = (names.len().max(1) * 2)
            .next_power_of_two()
            .trailing_zeros();
        let mut table = Self {
            slots: vec![None; 1 << bits],
            shift: 64 - bits,
            len: names.len(),
            probe: None,
        };
        for (number, name) in names.into_iter().enumerate() {
            let number = u8::try_from(number).ok().filter(|&n| n != NOT_A_KEY)?;
            let key = fingerprint(&name);
            let mut slot = table.slot(key);
            while table.slots[slot].is_some() {
                slot = table.next(slot);
            }
            table.slots[slot] = Some((key, tail(&name), name, number));
        }
        Some(table)
    }

    /// The slot a fingerprint starts at (Fibonacci hashing: the top bits of the product).
    #[inline]
    fn slot(&self, key: u64) -> usize {
        usize::try_from(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift).unwrap_or(0)
    }

    #[inline]
    fn next(&self, slot: usize) -> usize {
        (slot + 1) & (self.slots.len() - 1)
    }

    /// The number of `name`, whose fingerprint is `wanted`, or [`NOT_A_KEY`].
    #[inline]
    #[must_use]
    pub fn number(&self, name: &str, wanted: u64) -> u8 {
        if self.slots.is_empty() {
            return NOT_A_KEY;
        }
        let mut slot = self.slot(wanted);
        while let Some((key, last, declared, number)) = &self.slots[slot] {
            // Equal fingerprints (the length and the first seven bytes) and equal last eight
            // bytes cover a name of up to 15 bytes whole.
            let same = *key == wanted
                && match name.len() {
                    ..=7 => true,
                    8..=15 => tail(name) == *last,
                    _ => declared == name,
                };
            if same {
                return *number;
            }
            slot = self.next(slot);
        }
        NOT_A_KEY
    }

    /// The number of `name`, or [`NOT_A_KEY`] (its fingerprint computed here).
    #[must_use]
    pub fn number_of(&self, name: &str) -> u8 {
        self.number(name, fingerprint(name))
    }

    /// The table, with `probe` made of every string value the one-pass parser reads with it.
    #[must_use]
    pub fn with_probe(self, probe: &'static Probe) -> Self {
        Self {
            probe: Some(probe),
            ..self
        }
    }

    /// The test made of every string value read with this table, if any.
    #[inline]
    #[must_use]
    pub fn probe(&self) -> Option<&'static Probe> {
        self.probe
    }

    /// How many names the table holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table holds no name.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The number a table gives `query`: its place among the sorted distinct names.
    fn reference(names: &[String], query: &str) -> u8 {
        let sorted: std::collections::BTreeSet<&str> = names.iter().map(String::as_str).collect();
        sorted
            .iter()
            .position(|name| *name == query)
            .map_or(NOT_A_KEY, |i| u8::try_from(i).unwrap_or(NOT_A_KEY))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

        /// Names of every length around the word sizes, and queries that are a name, or a name
        /// with one byte changed anywhere (the middle bytes of a long name included), or cut.
        #[test]
        fn a_name_is_found_by_its_number_and_a_near_miss_is_not(
            names in prop::collection::vec("[a-cA-C_]{0,24}", 1..40),
            picks in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), 0u8..4), 1..20),
        ) {
            let table = KeyTable::new(names.clone()).expect("under 255 names");
            for (name, at, edit) in picks {
                let mut query = name.get(&names).clone().into_bytes();
                match edit {
                    0 => {}
                    1 if !query.is_empty() => {
                        let at = at.index(query.len());
                        query[at] = if query[at] == b'a' { b'b' } else { b'a' };
                    }
                    2 if !query.is_empty() => {
                        query.truncate(at.index(query.len()));
                    }
                    _ => query.push(b'c'),
                }
                let query = String::from_utf8(query).expect("ASCII");
                prop_assert_eq!(table.number_of(&query), reference(&names, &query), "{:?}", query);
            }
        }
    }
}
