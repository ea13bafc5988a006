//! The text scanner: one Aho-Corasick pass for every anchor, then a matcher per anchor.
//!
//! Work is linear in the text whatever it holds. Anchors may repeat densely (a megabyte of
//! `eyJ`, of `-----BEGIN `, of `password=`), so no matcher may rescan what an earlier one
//! read: runs of a character class are cached (every position inside a run ends where the run
//! ends), searches for a closing marker are cached (the next `-----` after a position is the
//! same for every position before it), an identifier is judged once however many anchors it
//! holds, and look-behind is bounded.

use std::ops::Range;
use std::sync::OnceLock;

use aho_corasick::MatchKind;

use super::filter::Filter;
use super::names::{self, NameClass, classify};
use super::rules::{self, Charset, RULES};
use super::values::{self, MAX_VALUE};

/// A secret found in a text: the index of its rule and its byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    pub(crate) rule: usize,
    pub(crate) range: Range<usize>,
    /// Longer prefixes are more specific: `sk-ant-` wins over `sk-` for the same range.
    specificity: usize,
}

impl Hit {
    pub(crate) fn new(rule: usize, range: Range<usize>) -> Self {
        Self {
            rule,
            range,
            specificity: 0,
        }
    }
}

/// The credential in an authorization header's value (`Bearer …`, `Basic …`,
/// `user:password`, a bare token).
pub(crate) fn authorization_value(value: &str) -> Vec<Hit> {
    let start = value.len() - value.trim_start().len();
    let mut scanner = Scanner::new(value);
    scanner.authorization(start);
    scanner.hits
}

/// What an anchor starts.
#[derive(Clone, Copy, Debug)]
enum Anchor {
    /// A provider token prefix: the rule.
    Token(usize),
    /// A word that may be part of a credential's name (`pass`, `token`, `key`, …) or an
    /// authorization scheme (`bearer`, `basic`).
    Word,
    PemBegin,
    PuttyKey,
    Jwt,
    Uri,
    Webhook,
    Telegram,
    AzureSecret,
    Terraform,
    Braintree,
    /// `curl -u user:password`, `--user user:password`.
    UserOption,
}

/// Matched ASCII case-insensitively; token prefixes and case-sensitive markers are then
/// checked exactly.
const WORDS: &[&str] = &[
    "pass", "pwd", "secret", "token", "key", "cred", "auth", "bearer", "basic", "jwt", "cookie",
    "pat", "sig",
];

const WEBHOOKS: &[&str] = &[
    "hooks.slack.com/services/",
    "hooks.slack.com/workflows/",
    "hooks.slack.com/triggers/",
    "discord.com/api/webhooks/",
    "discordapp.com/api/webhooks/",
    "webhook.office.com/webhookb2/",
];

struct Automaton {
    dfa: aho_corasick::dfa::DFA,
    anchors: Vec<(&'static str, Anchor)>,
    filter: Filter,
}

fn automaton() -> &'static Automaton {
    static AUTOMATON: OnceLock<Automaton> = OnceLock::new();
    AUTOMATON.get_or_init(|| {
        let mut anchors: Vec<(&'static str, Anchor)> = Vec::new();
        for (index, rule) in RULES.iter().enumerate() {
            if let Some(token) = &rule.token {
                anchors.extend(token.prefixes.iter().map(|p| (*p, Anchor::Token(index))));
            }
        }
        anchors.extend(WORDS.iter().map(|w| (*w, Anchor::Word)));
        anchors.extend(WEBHOOKS.iter().map(|w| (*w, Anchor::Webhook)));
        anchors.extend([
            ("-----BEGIN ", Anchor::PemBegin),
            ("Private-Lines:", Anchor::PuttyKey),
            ("eyJ", Anchor::Jwt),
            ("://", Anchor::Uri),
            (":AA", Anchor::Telegram),
            ("Q~", Anchor::AzureSecret),
            (".atlasv1.", Anchor::Terraform),
            ("access_token$production$", Anchor::Braintree),
            ("access_token$sandbox$", Anchor::Braintree),
            ("-u ", Anchor::UserOption),
            ("--user ", Anchor::UserOption),
            ("--user=", Anchor::UserOption),
        ]);
        // A DFA with standard match semantics, walked by hand: every anchor that ends at a
        // byte is reported there, overlapping ones too (`sk-` and `sk-ant-`, `secret` inside
        // `secret_`), for a table lookup per byte. Walks start where the filter says an
        // anchor may: only the anchored start state is built.
        let dfa = anchor_dfa(&anchors, aho_corasick::StartKind::Anchored);
        let filter = Filter::new(anchors.iter().map(|(a, _)| a.as_bytes()));
        Automaton {
            dfa,
            anchors,
            filter,
        }
    })
}

/// The anchors' DFA for unanchored walks, built the first time text dense with anchor
/// prefixes needs it (see [`anchors`]).
fn unanchored_dfa() -> &'static aho_corasick::dfa::DFA {
    static DFA: OnceLock<aho_corasick::dfa::DFA> = OnceLock::new();
    DFA.get_or_init(|| anchor_dfa(&automaton().anchors, aho_corasick::StartKind::Unanchored))
}

/// After this many candidates, a walk from each costs more than one walk over every byte
/// where they come at least every [`DENSE_SPACING`] bytes on average.
const DENSE_AFTER: usize = 8;
/// See [`DENSE_AFTER`].
const DENSE_SPACING: usize = 4;

/// The DFA of the anchors, ASCII-case-insensitive, with standard match semantics.
fn anchor_dfa(
    anchors: &[(&str, Anchor)],
    start: aho_corasick::StartKind,
) -> aho_corasick::dfa::DFA {
    aho_corasick::dfa::DFA::builder()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::Standard)
        .start_kind(start)
        .build(anchors.iter().map(|(a, _)| a))
        .unwrap_or_else(|e| unreachable!("the anchors are valid patterns: {e}"))
}

/// Calls `f` with each anchor of `text`: its index and its byte range, in order of their
/// ends (at one end, the longer first, then by index). Stops when `f` says so.
///
/// Every anchor starts at a position the [`Filter`] lets through; from each, an anchored walk
/// of the DFA finds the anchors that start there and dies within a few bytes where none does.
/// (An unanchored walk would rarely stop: in prose nearly every letter starts some anchor's
/// prefix.) Anchors found are handed over once no later start can end before them, in the
/// order a walk over every byte reports them, as a test proves.
fn anchors(text: &[u8], f: impl FnMut(usize, usize, usize) -> bool) {
    let filter = &automaton().filter;
    anchors_through(|text, from| filter.next(text, from), text, f);
}

/// [`anchors`] from `first`, a candidate of the prefilter no anchor starts before (see
/// [`probe_start`]).
fn anchors_from(text: &[u8], first: usize, f: impl FnMut(usize, usize, usize) -> bool) {
    let filter = &automaton().filter;
    anchors_through_from(|text, from| filter.next(text, from), text, Some(first), f);
}

/// Where in `text` the search for anchors can start: the first of the prefilter's
/// candidates an anchor starts at (or, past [`PROBED_CANDIDATES`] candidates, the first
/// candidate), the anchors whose matchers find nothing there whatever follows passed over
/// (a URI's `://` without an `@` in its authority, a word in prose, a token prefix without a
/// body: see [`finds_nothing`]); `None` for text that holds no other anchor, and so no
/// secret of its own. What the one-pass parser asks of every string value it reads
/// (see [`crate::ANCHOR_PROBE`]): most candidates start none, and a search started later is
/// a search every candidate before that start could add nothing to.
pub(crate) fn probe_start(text: &str) -> Option<usize> {
    let Some(key) = clean_key(text) else {
        return search_start(text);
    };
    // A short text is mostly a word seen before: known to hold no anchor (but bare URIs'),
    // or searched.
    CLEAN.with(|clean| {
        let slot = &clean[clean_slot(key)];
        let known = slot.get();
        if known == key | NO_ANCHOR {
            return None;
        }
        if known == key {
            // No secret, but an anchor: its scan will find the text remembered.
            return Some(0);
        }
        let start = search_start(text);
        if start.is_none() {
            slot.set(key | NO_ANCHOR);
        }
        start
    })
}

/// [`probe_start`], searched.
fn search_start(text: &str) -> Option<usize> {
    use aho_corasick::Anchored;
    use aho_corasick::automaton::Automaton as _;
    let automaton = automaton();
    let text = text.as_bytes();
    let first = automaton.filter.next(text, 0)?;
    let dfa = &automaton.dfa;
    let Ok(start) = dfa.start_state(Anchored::Yes) else {
        return Some(first);
    };
    let mut candidate = first;
    for _ in 0..PROBED_CANDIDATES {
        let mut state = start;
        let mut at = candidate;
        while let Some(&b) = text.get(at) {
            at += 1;
            state = dfa.next_state(Anchored::Yes, state, b);
            if dfa.is_dead(state) {
                break;
            }
            if dfa.is_match(state) && !finds_nothing(automaton, text, state, at) {
                return Some(candidate);
            }
        }
        candidate = automaton.filter.next(text, candidate + 1)?;
    }
    Some(first)
}

/// Whether every anchor the DFA's match `state`, reached at `end` of `text`, lists is one
/// its matcher finds nothing at, whatever the rest of the text holds, and that leaves
/// nothing behind for the anchors after it: a URI's `://` with no `@` in the authority after
/// it (`https://ci.example.com/runs/7`: [`Scanner::uri`] looks for a password before an `@`
/// of the authority), a word in prose ([`word_in_prose`]: `rotated the token after the
/// review`), or a token prefix without a body of its rule's length ([`token_without_body`]:
/// `sk-learn`, `AKIA prefixes`). [`search_start`] passes over such an anchor as if it were
/// none, and a string value whose anchors are all such is clean, not scanned again by the
/// walk: most URIs a record holds have no userinfo, and most words that name a credential
/// in prose name none. (Out of line: the walk's loop a byte at a time stays as tight as it
/// was.)
///
/// Passing over is sound because a scan's matchers act on one another only through the
/// [`Scanner`]'s state: these three push no hit, set no cookie header's end, and a word's
/// sets only the identifier judged, whose other word anchors the scan would judge the same
/// (the same name, followed by the same prose) or pass over.
#[cold]
#[inline(never)]
fn finds_nothing(
    automaton: &Automaton,
    text: &[u8],
    state: aho_corasick::automaton::StateID,
    end: usize,
) -> bool {
    use aho_corasick::automaton::Automaton as _;
    let dfa = &automaton.dfa;
    (0..dfa.match_len(state)).all(|k| {
        let pattern = dfa.match_pattern(state, k);
        let start = end - dfa.pattern_len(pattern);
        passed_over(text, automaton.anchors[pattern.as_usize()], start, end)
    })
}

/// Whether the probe passes over `anchor` (its text and kind) matched from `start` to `end`
/// of `text` (see [`finds_nothing`]).
#[inline]
fn passed_over(text: &[u8], anchor: (&str, Anchor), start: usize, end: usize) -> bool {
    match anchor {
        (_, Anchor::Uri) => !userinfo_after(text, end),
        (_, Anchor::Word) => word_in_prose(text, start, end),
        (prefix, Anchor::Token(rule)) => token_without_body(text, prefix, rule, start, end),
        _ => false,
    }
}

/// Whether the probe passes over anchor `index` matched from `start` to `end` of `text`.
#[cfg(test)]
pub(crate) fn probe_passes_over(text: &str, index: usize, start: usize, end: usize) -> bool {
    passed_over(text.as_bytes(), automaton().anchors[index], start, end)
}

/// Whether the matcher of anchor `index` matched from `start` to `end` of `text`, run alone
/// on a new scanner, finds nothing and reads no cookie header: what the probe may pass over.
#[cfg(test)]
pub(crate) fn anchor_finds_nothing(text: &str, index: usize, start: usize, end: usize) -> bool {
    let (anchor_text, anchor) = automaton().anchors[index];
    let mut scanner = Scanner::new(text);
    scanner.anchor(anchor, anchor_text, start, end);
    scanner.hits.is_empty() && scanner.cookies_until == 0
}

/// Whether the authority that starts at `end` (just after a `://`) holds an `@`: the run of
/// [`Class::Authority`] from there, as [`Scanner::uri`] reads it. Without one, that
/// matcher finds nothing. An `@` is an authority's character, so the run holds one exactly
/// when the first `@` after `end` has only the authority's characters before it; most URIs
/// hold none at all, which one `memchr` says.
pub(crate) fn userinfo_after(text: &[u8], end: usize) -> bool {
    let rest = text.get(end..).unwrap_or_default();
    memchr::memchr(b'@', rest).is_some_and(|at| rest[..at].iter().all(|&b| authority_char(b)))
}

/// Whether the word anchor from `at` to `anchor_end` of `text` is one [`Scanner::word`]
/// finds nothing at by the name and the byte after the space that follows it alone: the
/// name around it is longer than a name can be (or its start is more than [`LOOK_BEHIND`]
/// bytes back), is a path segment or an ARN part ([`name_end`]), or is followed by prose
/// ([`followed_by_prose`]) and is no scheme word ([`is_scheme_word`]). What the probe
/// passes over; reads at most [`names::MAX_NAME`] bytes either side of `at`.
fn word_in_prose(text: &[u8], at: usize, anchor_end: usize) -> bool {
    // A word anchor is letters: the name's run goes on after it.
    debug_assert!(text[at..anchor_end].iter().all(|&b| ident_char(b)));
    // A name longer than `MAX_NAME` is judged no further, however long its run: so the run
    // is read no further than that.
    let reach = text.len().min(at + names::MAX_NAME + 1);
    let end = run_end(&text[..reach], Class::Ident, anchor_end.min(reach));
    let Some(start) = run_start(text, Class::Ident, at, LOOK_BEHIND) else {
        return true;
    };
    if end - start > names::MAX_NAME {
        return true;
    }
    let Some(end) = name_end(text, start, end) else {
        return true;
    };
    followed_by_prose(text, start, end)
        && !(matches!(end - start, 5 | 6) && is_scheme_word(&text[start..end]))
}

/// Whether the token prefix `prefix` (of rule `rule`) matched from `start` to `end` of
/// `text` is one [`Scanner::token`] finds nothing at whatever follows its body: not the
/// prefix exactly (the walk is case-insensitive), inside a word, or followed by a body
/// shorter or longer than the rule's (`sk-learn`, `AKIA prefixes`, `ghp_ tokens`). What
/// the probe passes over; reads at most the rule's longest body and one byte more.
fn token_without_body(text: &[u8], prefix: &str, rule: usize, start: usize, end: usize) -> bool {
    let Some(token) = &RULES[rule].token else {
        return true;
    };
    if &text[start..end] != prefix.as_bytes() || !starts_token(text, start) {
        return true;
    }
    let reach = text.len().min(end + token.max + 1);
    let length = run_end(&text[..reach], Class::Charset(token.body), end) - end;
    !(token.min..=token.max).contains(&length)
}

/// The end of the run of `class` in `text` from `at`.
fn run_end(text: &[u8], class: Class, at: usize) -> usize {
    text[at.min(text.len())..]
        .iter()
        .position(|&b| !class.contains(b))
        .map_or(text.len(), |i| at + i)
}

/// The start of the run of `class` in `text` that ends at `end`, looking back at most
/// `limit` bytes; `None` when the run is longer.
fn run_start(text: &[u8], class: Class, end: usize, limit: usize) -> Option<usize> {
    let floor = end.saturating_sub(limit);
    let mut start = end;
    while start > floor && class.contains(text[start - 1]) {
        start -= 1;
    }
    (start > floor || start == 0 || !class.contains(text[start - 1])).then_some(start)
}

/// No letter or digit just before `at` in `text`: what starts there starts a token.
fn starts_token(text: &[u8], at: usize) -> bool {
    at == 0 || !text[at - 1].is_ascii_alphanumeric()
}

/// Where the name that starts at `start` of `text` ends, before `end`'s trailing sentence
/// punctuation; `None` for a path segment or an ARN part, which names no variable.
fn name_end(text: &[u8], start: usize, end: usize) -> Option<usize> {
    // Trailing sentence punctuation is not part of a name.
    let mut end = end;
    while end > start && matches!(text[end - 1], b'.' | b'-') {
        end -= 1;
    }
    // A path segment or an ARN part (`/secret/`, `:secret:`) names no variable;
    // `.npmrc`'s `//registry/:_authToken=` does.
    let before = start.checked_sub(1).map(|i| text[i]);
    let part = matches!(before, Some(b'/' | b'\\'))
        || (before == Some(b':') && text.get(end) == Some(&b':'));
    (!part).then_some(end)
}

/// Whether the name from `start` to `end` of `text` (as [`name_end`] ends it) is followed
/// by a space and a letter or digit other than `i` and `w`, and does not start with a `-`:
/// prose (`the deploy key for the mirror`, `rotated the token after`), where
/// [`Scanner::operator`] finds none. Its closing quotes stop at the space; its spaces at
/// the letter, which is no `=`, `:` or `>`; a flag's space is a `--` name's only; and
/// ` is ` and ` was ` start with ` i` and ` w`. The test of most word anchors in prose,
/// in a few compares instead of the operator's reading.
#[inline(always)]
fn followed_by_prose(text: &[u8], start: usize, end: usize) -> bool {
    text.get(end) == Some(&b' ')
        && text
            .get(end + 1)
            .is_some_and(|&b| b.is_ascii_alphanumeric() && b != b'i' && b != b'w')
        && text[start] != b'-'
}

/// Whether `name` is a scheme word [`Scanner::scheme`] reads a credential after: any case
/// of `bearer`, and `Basic` or `BASIC`.
fn is_scheme_word(name: &[u8]) -> bool {
    name.eq_ignore_ascii_case(b"bearer") || name == b"Basic" || name == b"BASIC"
}

/// The most candidates [`probe_start`] walks from before it leaves the rest to the scan.
const PROBED_CANDIDATES: usize = 16;

/// The list of anchors found but not yet handed over, kept per thread from one search to
/// the next: most searches that find a candidate find an anchor, and a list allocated per
/// search cost an allocation, a growth and a free for each (about 9,000 for 1,000 records).
struct Pending(Vec<(usize, usize, usize)>);

thread_local! {
    static PENDING: std::cell::Cell<Vec<(usize, usize, usize)>> =
        const { std::cell::Cell::new(Vec::new()) };
}

impl Pending {
    /// The most entries whose room is kept for the next search.
    const KEEP: usize = 256;

    /// The thread's list, empty (a new one if a search on this thread holds it).
    fn take() -> Self {
        let mut list = PENDING.take();
        list.clear();
        Self(list)
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if self.0.capacity() <= Self::KEEP {
            PENDING.set(std::mem::take(&mut self.0));
        }
    }
}

/// [`anchors`], with the prefilter's search `next`.
#[inline(always)]
fn anchors_through(
    next: impl Fn(&[u8], usize) -> Option<usize>,
    text: &[u8],
    f: impl FnMut(usize, usize, usize) -> bool,
) {
    let first = next(text, 0);
    anchors_through_from(next, text, first, f);
}

/// [`anchors_through`], given `next`'s first candidate.
#[inline(always)]
fn anchors_through_from(
    next: impl Fn(&[u8], usize) -> Option<usize>,
    text: &[u8],
    first: Option<usize>,
    mut f: impl FnMut(usize, usize, usize) -> bool,
) {
    use aho_corasick::Anchored;
    use aho_corasick::automaton::Automaton as _;
    let dfa = &automaton().dfa;
    // Most text holds no candidate: nothing else is set up for it.
    let Some(first) = first else {
        return;
    };
    let Ok(start) = dfa.start_state(Anchored::Yes) else {
        return;
    };
    // Found but not handed over: (end, start, pattern), kept sorted.
    let mut kept = Pending::take();
    let pending = &mut kept.0;
    let mut hand = |pending: &mut Vec<(usize, usize, usize)>, upto: usize| -> bool {
        let ready = pending.partition_point(|&(end, _, _)| end <= upto);
        let go_on = pending[..ready]
            .iter()
            .all(|&(end, begin, pattern)| f(pattern, begin, end));
        pending.drain(..ready);
        go_on
    };
    let mut next_candidate = Some(first);
    let mut seen = 0;
    while let Some(candidate) = next_candidate {
        // Anchors found from later candidates end after `candidate + 1` (every anchor is at
        // least two bytes long): those ending before are complete and in order.
        if !pending.is_empty() && !hand(pending, candidate + 1) {
            return;
        }
        seen += 1;
        if seen >= DENSE_AFTER && candidate - first < seen * DENSE_SPACING {
            // Text made of anchor prefixes (`-----BEGIN ` or `://` repeated): one unanchored
            // walk over the rest finds every anchor that starts from here, a transition a
            // byte, where a walk from each candidate would read most bytes several times.
            let dfa = unanchored_dfa();
            let Ok(mut state) = dfa.start_state(Anchored::No) else {
                return;
            };
            for (i, &b) in text[candidate..].iter().enumerate() {
                state = dfa.next_state(Anchored::No, state, b);
                if dfa.is_special(state) && dfa.is_match(state) {
                    let end = candidate + i + 1;
                    for k in 0..dfa.match_len(state) {
                        let pattern = dfa.match_pattern(state, k);
                        let entry = (end, end - dfa.pattern_len(pattern), pattern.as_usize());
                        let place = pending.partition_point(|e| *e < entry);
                        pending.insert(place, entry);
                    }
                    // Every anchor ending here is known: earlier ones started before
                    // `candidate`, the rest from it.
                    if !hand(pending, end) {
                        return;
                    }
                }
            }
            hand(pending, usize::MAX);
            return;
        }
        let mut state = start;
        for (i, &b) in text[candidate..].iter().enumerate() {
            state = dfa.next_state(Anchored::Yes, state, b);
            if dfa.is_dead(state) {
                break;
            }
            if dfa.is_match(state) {
                let end = candidate + i + 1;
                for k in 0..dfa.match_len(state) {
                    let pattern = dfa.match_pattern(state, k);
                    // A match state also lists the anchors that are its suffixes; they start
                    // at later candidates.
                    if dfa.pattern_len(pattern) != i + 1 {
                        continue;
                    }
                    let entry = (end, candidate, pattern.as_usize());
                    let place = pending.partition_point(|e| *e < entry);
                    pending.insert(place, entry);
                }
            }
        }
        next_candidate = next(text, candidate + 1);
    }
    hand(pending, usize::MAX);
}

/// Every anchor of `text` from a DFA walk over every byte: what [`anchors`] must report.
#[cfg(test)]
pub(crate) fn anchors_unfiltered(text: &[u8]) -> Vec<AnchorAt> {
    use aho_corasick::Anchored;
    use aho_corasick::automaton::Automaton as _;
    let dfa = unanchored_dfa();
    let mut found = Vec::new();
    let Ok(mut state) = dfa.start_state(Anchored::No) else {
        return found;
    };
    for (i, &b) in text.iter().enumerate() {
        state = dfa.next_state(Anchored::No, state, b);
        if dfa.is_special(state) && dfa.is_match(state) {
            for k in 0..dfa.match_len(state) {
                let pattern = dfa.match_pattern(state, k);
                found.push((pattern.as_usize(), i + 1 - dfa.pattern_len(pattern), i + 1));
            }
        }
    }
    found
}

/// Each prefilter search this CPU has, by name: its first candidate at or after `from`, and
/// its scalar reference's.
#[cfg(test)]
pub(crate) fn filter_next(
    text: &[u8],
    from: usize,
) -> Vec<(&'static str, Option<usize>, Option<usize>)> {
    let searches = automaton().filter.searches();
    searches
        .iter()
        .map(|(name, search, reference)| (*name, search(text, from), reference(text, from)))
        .collect()
}

/// An anchor found: its index, start and end.
#[cfg(test)]
pub(crate) type AnchorAt = (usize, usize, usize);

/// Every anchor of `text`, through each prefilter search this CPU has (by name).
#[cfg(test)]
pub(crate) fn anchors_filtered(text: &[u8]) -> Vec<(&'static str, Vec<AnchorAt>)> {
    let searches = automaton().filter.searches();
    searches
        .iter()
        .map(|(name, search, _)| {
            let mut found = Vec::new();
            anchors_through(search, text, |p, s, e| {
                found.push((p, s, e));
                true
            });
            (*name, found)
        })
        .collect()
}

/// Whether the authority after a `://` that ends at `end` holds an `@`, read as
/// [`Scanner::uri`] reads it (the run of [`Class::Authority`], searched back for an `@`):
/// the reference [`userinfo_after`] is held to.
#[cfg(test)]
pub(crate) fn authority_holds_at(text: &str, end: usize) -> bool {
    let mut scanner = Scanner::new(text);
    let authority_end = scanner.run(Class::Authority, end);
    memchr::memrchr(b'@', &text.as_bytes()[end..authority_end]).is_some()
}

/// Every anchor pattern, for tests that build text from them.
#[cfg(test)]
pub(crate) fn anchor_texts() -> Vec<&'static str> {
    automaton().anchors.iter().map(|(a, _)| *a).collect()
}

/// An anchor found in a text: its pattern's index, its start and its end.
pub(crate) type Found = (usize, usize, usize);

/// Every anchor in `text`, in the order [`anchors`] hands them over (most text holds none),
/// up to `cap` of them: whether that was all.
pub(crate) fn anchors_in(text: &str, found: &mut Vec<Found>, cap: usize) -> bool {
    let mut all = true;
    anchors(text.as_bytes(), |index, start, end| {
        all = found.len() < cap;
        if all {
            found.push((index, start, end));
        }
        all
    });
    all
}

/// Removes from `found` (the anchors of `joined`, the items of an array's run joined, each
/// starting at its place in `starts`) the words in prose that lie inside one item: words
/// [`word_in_prose`] says of both the item alone and the joined text (a name's run of
/// characters and the byte after it may cross a boundary). The item's scan and the joined
/// scan would each find nothing at them and pass them over, as [`search_start`] does (see
/// [`finds_nothing`]; a word's matcher reads no item boundary). Most anchors of an array of
/// prose are such words (`key rotation is tracked`), and an item left without anchors is not
/// scanned.
pub(crate) fn pass_over_prose(joined: &str, starts: &[usize], found: &mut Vec<Found>) {
    let automaton = automaton();
    let joined = joined.as_bytes();
    found.retain(|&(index, start, end)| {
        if !matches!(automaton.anchors[index].1, Anchor::Word) {
            return true;
        }
        let item = starts.partition_point(|&s| s <= start).saturating_sub(1);
        let (from, to) = (
            starts[item],
            starts.get(item + 1).copied().unwrap_or(joined.len()),
        );
        let passed = end <= to
            && word_in_prose(&joined[from..to], start - from, end - from)
            && word_in_prose(joined, start, end);
        !passed
    });
}

/// Calls `f` with the byte range of every anchor in `text` (most text holds none).
pub(crate) fn for_each_anchor(text: &str, mut f: impl FnMut(usize, usize)) {
    anchors(text.as_bytes(), |_, start, end| {
        f(start, end);
        true
    });
}

/// Every secret in `text`, sorted, without overlaps.
///
/// A record's short strings are mostly a few words that come again and again (`agent`,
/// `open`, `active`, `text/plain`, `1.0`, ids): a short text found clean is remembered (see
/// [`CLEAN`]) and not searched again.
pub(crate) fn scan(text: &str) -> Vec<Hit> {
    remembered(text, || scan_joined(text, &[]))
}

/// [`scan`], given a candidate of the prefilter no anchor of `text` starts before
/// ([`probe_start`]).
pub(crate) fn scan_from(text: &str, first: usize) -> Vec<Hit> {
    remembered(text, || {
        scan_with(text, &[], |each| {
            anchors_from(text.as_bytes(), first, |index, start, end| {
                each(index, start, end);
                true
            });
        })
    })
}

/// `search`'s secrets in `text`, unless `text` is short and remembered clean (see [`scan`]).
#[inline(always)]
fn remembered(text: &str, search: impl FnOnce() -> Vec<Hit>) -> Vec<Hit> {
    let Some(key) = clean_key(text) else {
        return search();
    };
    CLEAN.with(|clean| {
        let slot = &clean[clean_slot(key)];
        if slot.get() & !NO_ANCHOR == key {
            return Vec::new();
        }
        let hits = search();
        if hits.is_empty() {
            slot.set(key);
        }
        hits
    })
}

/// The exact key of a text of 1 to 15 bytes (never 0): its [`hcr_json::fingerprint`] (its
/// length and first seven bytes) and its last eight bytes, which together hold every byte
/// (as [`hcr_json::KeyTable`] compares names).
fn clean_key(text: &str) -> Option<u128> {
    let bytes = text.as_bytes();
    if bytes.is_empty() || bytes.len() > 15 {
        return None;
    }
    let tail = bytes
        .last_chunk::<8>()
        .map_or(0, |word| u64::from_le_bytes(*word));
    Some(u128::from(hcr_json::fingerprint(text)) << 64 | u128::from(tail))
}

/// The slot of [`CLEAN`] a key takes (the top bits of its words mixed by Fibonacci
/// hashing).
fn clean_slot(key: u128) -> usize {
    #[allow(clippy::cast_possible_truncation)]
    let mixed = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
    usize::try_from(mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CLEAN_BITS)).unwrap_or(0)
}

/// The bit of a [`CLEAN`] slot that says [`probe_start`] found no anchor in its text (none
/// but those whose matchers find nothing, see [`finds_nothing`]), not only that a scan found
/// no secret. A [`clean_key`] never has it: its top byte is a length of at most 15.
const NO_ANCHOR: u128 = 1 << 127;

/// [`CLEAN`] has `2^CLEAN_BITS` slots.
const CLEAN_BITS: u32 = 10;

thread_local! {
    /// Short texts [`scan`] found no secret in lately, by their exact key ([`clean_key`]; 0
    /// is an empty slot), or that [`probe_start`] found no anchor in (the key with
    /// [`NO_ANCHOR`] set), direct-mapped: a scan is a pure function of the text, so one table
    /// per thread serves every record.
    static CLEAN: [std::cell::Cell<u128>; 1 << CLEAN_BITS] =
        const { [const { std::cell::Cell::new(0) }; 1 << CLEAN_BITS] };
}

/// Every secret in `text`, the joined items of an array whose boundaries are at `breaks`
/// (sorted): a token may run across a boundary (it was cut in two) or end at one (the next
/// item is something else).
pub(crate) fn scan_joined(text: &str, breaks: &[usize]) -> Vec<Hit> {
    scan_with(text, breaks, |each| {
        anchors(text.as_bytes(), |index, start, end| {
            each(index, start, end);
            true
        });
    })
}

/// [`scan_joined`] over `text`, from the anchors of a longer text that holds it at `offset`
/// (found once for a joined array and each of its items): those that lie inside `text`. An
/// anchor inside a piece of text is found in the piece alone exactly when it is found in the
/// whole, and in the same order (a test holds the two to it).
pub(crate) fn scan_found(text: &str, breaks: &[usize], found: &[Found], offset: usize) -> Vec<Hit> {
    let end = offset + text.len();
    scan_with(text, breaks, |each| {
        for &(index, start, stop) in found {
            if start >= offset && stop <= end {
                each(index, start - offset, stop - offset);
            }
        }
    })
}

/// The secrets the matchers find from the anchors `each_anchor` hands over, sorted, without
/// overlaps.
fn scan_with(
    text: &str,
    breaks: &[usize],
    each_anchor: impl FnOnce(&mut dyn FnMut(usize, usize, usize)),
) -> Vec<Hit> {
    let automaton = automaton();
    let mut scanner: Option<Scanner<'_>> = None;
    each_anchor(&mut |index, start, end| {
        let scanner = scanner.get_or_insert_with(|| {
            let mut scanner = Scanner::new(text);
            scanner.breaks = breaks;
            scanner
        });
        let (anchor_text, anchor) = automaton.anchors[index];
        scanner.anchor(anchor, anchor_text, start, end);
    });
    let Some(scanner) = scanner else {
        return Vec::new();
    };
    let mut hits = scanner.hits;
    let key = |h: &Hit| {
        (
            h.range.start,
            std::cmp::Reverse(h.range.end),
            std::cmp::Reverse(h.specificity),
        )
    };
    // Hits come in the order their anchors end, which is nearly always sorted already.
    if !hits.windows(2).all(|w| key(&w[0]) <= key(&w[1])) {
        hits.sort_by_key(key);
    }
    let mut kept: Vec<Hit> = Vec::with_capacity(hits.len());
    for hit in hits {
        if kept
            .last()
            .is_none_or(|last| hit.range.start >= last.range.end)
        {
            kept.push(hit);
        }
    }
    kept
}

/// The run of a character class read from a position `from` to its `end`: every position
/// from `from` to `end` (both included) ends where the run ends.
///
/// Held as `from..end + 1` (`end` is at most the text's length, so it never overflows), so
/// that the all-zero entry, `0..0`, holds no position: a [`Scanner`]'s caches start as
/// zeroed memory, with no flag a byte each beside them (the flags made each entry a third
/// larger and its setting two stores, and every scan of a string with an anchor sets up all
/// of them).
#[derive(Clone, Copy, Default)]
struct RunCache {
    from: usize,
    past_end: usize,
}

impl RunCache {
    /// Where the run that holds `at` ends, if this entry knows it.
    #[inline(always)]
    fn end_for(self, at: usize) -> Option<usize> {
        (self.from <= at && at < self.past_end).then(|| self.past_end - 1)
    }

    /// The entry for the run read from `from` to `end`.
    #[inline(always)]
    fn new(from: usize, end: usize) -> Self {
        Self {
            from,
            past_end: end + 1,
        }
    }
}

/// The next occurrence of a marker at or after a position: a search from `from` that found
/// the marker at `found` (or nowhere) gives that answer from any position from `from` to
/// `found`.
///
/// Held as `from..until`, `until` being `found + 1`, or `usize::MAX` when the marker is
/// nowhere after `from` (a text is never that long, so `found + 1` is never `usize::MAX`):
/// the all-zero entry, `0..0`, holds no position (see [`RunCache`]).
#[derive(Clone, Copy, Default)]
struct FindCache {
    from: usize,
    until: usize,
}

impl FindCache {
    /// The next marker at or after `at`, if this entry knows it: `Some(None)` when it knows
    /// there is none.
    #[inline(always)]
    fn found_for(self, at: usize) -> Option<Option<usize>> {
        (self.from <= at && at < self.until)
            .then(|| (self.until != usize::MAX).then(|| self.until - 1))
    }

    /// The entry for a search from `from` that found the marker at `found`.
    #[inline(always)]
    fn new(from: usize, found: Option<usize>) -> Self {
        Self {
            from,
            until: found.map_or(usize::MAX, |f| f + 1),
        }
    }
}

/// Characters of a name (`DB_PASSWORD`, `x-api-key`, `spring.datasource.password`).
const fn ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
}

/// Characters of an unquoted value: anything but whitespace and the punctuation that ends
/// a value in code, configuration, URLs and headers.
const fn value_char(b: u8) -> bool {
    b > b' '
        && b != 0x7F
        && !matches!(
            b,
            b'"' | b'\''
                | b'`'
                | b','
                | b';'
                | b'('
                | b')'
                | b'{'
                | b'}'
                | b'['
                | b']'
                | b'<'
                | b'>'
                | b'&'
                | b'|'
                | b'='
                | b':'
                | b'\\'
        )
}

/// Characters of a bearer credential (RFC 6750's `b64token`).
const fn b64token_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'+' | b'/')
}

/// Characters of a URI's authority, read leniently: a password written with a raw `#` or
/// `?` (which a URI would percent-encode) is still a password.
const fn authority_char(b: u8) -> bool {
    b > b' '
        && !matches!(
            b,
            b'/' | b'"'
                | b'\''
                | b'<'
                | b'>'
                | b'`'
                | b'\\'
                | b'('
                | b')'
                | b'['
                | b']'
                | b'{'
                | b'}'
        )
}

const fn pem_header_char(b: u8) -> bool {
    b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' '
}

const fn path_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'/' | b'@')
}

const fn azure_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'~' | b'.' | b'-')
}

/// Classes with a run cache besides the token charsets.
#[derive(Clone, Copy)]
enum Class {
    Charset(Charset),
    Ident,
    Value,
    B64Token,
    Authority,
    PemHeader,
    Path,
    Azure,
    /// Anything up to whitespace or a quote: a shell word.
    Word,
}

impl Class {
    const COUNT: usize = Charset::COUNT + 8;

    const fn index(self) -> usize {
        match self {
            Self::Charset(c) => c.index(),
            Self::Ident => Charset::COUNT,
            Self::Value => Charset::COUNT + 1,
            Self::B64Token => Charset::COUNT + 2,
            Self::Authority => Charset::COUNT + 3,
            Self::PemHeader => Charset::COUNT + 4,
            Self::Path => Charset::COUNT + 5,
            Self::Azure => Charset::COUNT + 6,
            Self::Word => Charset::COUNT + 7,
        }
    }

    const fn test(self, b: u8) -> bool {
        match self {
            Self::Charset(c) => c.contains(b),
            Self::Ident => ident_char(b),
            Self::Value => value_char(b),
            Self::B64Token => b64token_char(b),
            Self::Authority => authority_char(b),
            Self::PemHeader => pem_header_char(b),
            Self::Path => path_char(b),
            Self::Azure => azure_char(b),
            Self::Word => b > b' ' && b != 0x7F && !matches!(b, b'"' | b'\'' | b'`'),
        }
    }

    /// Whether `b` is of the class: one lookup in a table built at compile time.
    fn contains(self, b: u8) -> bool {
        CLASS_TABLES[self.index()][b as usize]
    }
}

const ALL_CLASSES: [Class; Class::COUNT] = [
    Class::Charset(Charset::Alnum),
    Class::Charset(Charset::Base64Url),
    Class::Charset(Charset::Base64UrlDot),
    Class::Charset(Charset::Base64UrlPad),
    Class::Charset(Charset::Hex),
    Class::Charset(Charset::UpperAlnum),
    Class::Charset(Charset::Letters),
    Class::Charset(Charset::Word),
    Class::Charset(Charset::AlnumDash),
    Class::Charset(Charset::Bech32Upper),
    Class::Ident,
    Class::Value,
    Class::B64Token,
    Class::Authority,
    Class::PemHeader,
    Class::Path,
    Class::Azure,
    Class::Word,
];

static CLASS_TABLES: [[bool; 256]; Class::COUNT] = {
    let mut tables = [[false; 256]; Class::COUNT];
    let mut c = 0;
    while c < Class::COUNT {
        let class = ALL_CLASSES[c];
        let mut b = 0;
        while b < 256 {
            tables[class.index()][b] = class.test(b as u8);
            b += 1;
        }
        c += 1;
    }
    tables
};

/// Markers with a search cache.
#[derive(Clone, Copy)]
enum Marker {
    Dashes,
    Newline,
    DoubleQuote,
    SingleQuote,
    Backtick,
    Lt,
}

impl Marker {
    const COUNT: usize = 6;

    fn needle(self) -> &'static [u8] {
        match self {
            Self::Dashes => b"-----",
            Self::Newline => b"\n",
            Self::DoubleQuote => b"\"",
            Self::SingleQuote => b"'",
            Self::Backtick => b"`",
            Self::Lt => b"<",
        }
    }
}

/// Answers already given for short keys (an identifier's name, a value), so that text that
/// repeats them is not judged again: a direct-mapped table keyed by the exact bytes. What it
/// remembers are pure functions of the key, so one table per thread serves every scan
/// (nothing to set up per string).
struct Memo<T: Copy> {
    entries: [Option<(u128, T)>; 64],
}

impl<T: Copy> Memo<T> {
    const fn new() -> Self {
        Self {
            entries: [None; 64],
        }
    }

    /// The exact key of `text` (case kept) with `tag` (below 16), when short enough to be
    /// one (up to 14 bytes): as [`clean_key`] reads a text, its [`hcr_json::fingerprint`]
    /// (its length and first seven bytes, each in place) over its last eight bytes, which
    /// together hold every byte, with `tag` in the length's byte above the length (which
    /// takes its low four bits). Two overlapping reads, where the key was built a byte at a
    /// time (a 128-bit shift and an `or` each).
    fn key(text: &str, tag: u8) -> Option<u128> {
        debug_assert!(tag < 16, "a memo's tag takes four bits");
        let bytes = text.as_bytes();
        (bytes.len() <= 14).then(|| {
            let tail = bytes
                .last_chunk::<8>()
                .map_or(0, |word| u64::from_le_bytes(*word));
            let head = hcr_json::fingerprint(text) | u64::from(tag) << 60;
            u128::from(head) << 64 | u128::from(tail)
        })
    }

    fn slot(key: u128) -> usize {
        #[allow(clippy::cast_possible_truncation)]
        let mixed = (key as u64) ^ ((key >> 64) as u64);
        usize::try_from(mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58).unwrap_or(0)
    }

    fn get(&self, key: u128) -> Option<T> {
        match self.entries[Self::slot(key)] {
            Some((k, v)) if k == key => Some(v),
            _ => None,
        }
    }

    fn set(&mut self, key: u128, value: T) {
        self.entries[Self::slot(key)] = Some((key, value));
    }
}

/// The judgements of names and values, kept per thread (see [`Memo`]).
struct Memos {
    names: Memo<Option<NameClass>>,
    values: Memo<bool>,
}

thread_local! {
    // Set up without code (a `const` initialiser): a use is not asked first whether the
    // thread's memos exist yet.
    static MEMOS: std::cell::RefCell<Memos> = const {
        std::cell::RefCell::new(Memos {
            names: Memo::new(),
            values: Memo::new(),
        })
    };
}

/// `judge()`, remembered in the thread's memo that `memo` picks, by the exact text and `tag`.
fn memoized<T: Copy>(
    text: &str,
    tag: u8,
    memo: fn(&mut Memos) -> &mut Memo<T>,
    judge: impl FnOnce() -> T,
) -> T {
    let key = Memo::<T>::key(text, tag);
    MEMOS.with(|memos| {
        let cached = key.and_then(|key| memo(&mut memos.borrow_mut()).get(key));
        cached.unwrap_or_else(|| {
            let value = judge();
            if let Some(key) = key {
                memo(&mut memos.borrow_mut()).set(key, value);
            }
            value
        })
    })
}

/// A name's class, remembered by its exact text and `tag`.
fn memo_name(text: &str, tag: u8, judge: impl FnOnce() -> Option<NameClass>) -> Option<NameClass> {
    memoized(text, tag, |memos| &mut memos.names, judge)
}

/// Whether a value is a credential, remembered by its exact text and `tag`.
fn memo_value(text: &str, tag: u8, judge: impl FnOnce() -> bool) -> bool {
    memoized(text, tag, |memos| &mut memos.values, judge)
}

struct Scanner<'t> {
    text: &'t str,
    bytes: &'t [u8],
    /// Item boundaries of joined text (see [`scan_joined`]).
    breaks: &'t [usize],
    runs: [RunCache; Class::COUNT],
    finds: [FindCache; Marker::COUNT],
    /// The identifier last judged (empty before the first): positions inside it are not
    /// judged again.
    ident: Range<usize>,
    /// Cookie headers already read up to here.
    cookies_until: usize,
    hits: Vec<Hit>,
}

/// How far back a matcher may look for the start of what an anchor ends.
const LOOK_BEHIND: usize = 64;

impl<'t> Scanner<'t> {
    fn new(text: &'t str) -> Self {
        Self {
            text,
            bytes: text.as_bytes(),
            breaks: &[],
            runs: [RunCache::default(); Class::COUNT],
            finds: [FindCache::default(); Marker::COUNT],
            ident: 0..0,
            cookies_until: 0,
            hits: Vec::new(),
        }
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    /// The end of the run of `class` from `at`.
    fn run(&mut self, class: Class, at: usize) -> usize {
        let cache = &mut self.runs[class.index()];
        if let Some(end) = cache.end_for(at) {
            return end;
        }
        let end = run_end(self.bytes, class, at);
        *cache = RunCache::new(at, end);
        end
    }

    /// The start of the run of `class` that ends at `end`, looking back at most `limit`
    /// bytes; `None` when the run is longer.
    fn run_back(&self, class: Class, end: usize, limit: usize) -> Option<usize> {
        run_start(self.bytes, class, end, limit)
    }

    /// The next `marker` at or after `at`.
    fn find(&mut self, marker: Marker, at: usize) -> Option<usize> {
        let cache = &mut self.finds[marker as usize];
        if let Some(found) = cache.found_for(at) {
            return found;
        }
        let needle = marker.needle();
        let haystack = &self.bytes[at.min(self.bytes.len())..];
        let found = if needle.len() == 1 {
            memchr::memchr(needle[0], haystack)
        } else {
            memchr::memmem::find(haystack, needle)
        }
        .map(|i| at + i);
        *cache = FindCache::new(at, found);
        found
    }

    fn hit(&mut self, rule: usize, range: Range<usize>, specificity: usize) {
        if range.start < range.end {
            self.hits.push(Hit {
                rule,
                range,
                specificity,
            });
        }
    }

    /// No letter or digit just before `at`: what starts there starts a token.
    fn starts_token(&self, at: usize) -> bool {
        starts_token(self.bytes, at)
    }

    /// No letter or digit at `at` (or an item boundary): a token that ends there ends.
    fn ends_token(&self, at: usize) -> bool {
        self.byte(at).is_none_or(|b| !b.is_ascii_alphanumeric())
            || self.breaks.binary_search(&at).is_ok()
    }

    /// Where a token body that starts at `start` and runs to `end` ends, given its length
    /// bounds: at the last item boundary inside the run where its length is within them (the
    /// items after it are other text), or at `end`.
    fn body_end(&self, start: usize, end: usize, min: usize, max: usize) -> usize {
        if end <= start || self.breaks.is_empty() {
            return end;
        }
        let limit = (end - 1).min(start + max);
        let after = self.breaks.partition_point(|&b| b <= limit);
        match after.checked_sub(1).map(|i| self.breaks[i]) {
            Some(b) if b >= start + min && b > start => b,
            _ => end,
        }
    }

    fn exact(&self, start: usize, end: usize, anchor: &str) -> bool {
        &self.text[start..end] == anchor
    }

    fn anchor(&mut self, anchor: Anchor, text: &'static str, start: usize, end: usize) {
        match anchor {
            Anchor::Token(rule) => {
                if self.exact(start, end, text) {
                    self.token(rule, start, end);
                }
            }
            Anchor::Word => self.word(start),
            Anchor::PemBegin => {
                if self.exact(start, end, text) {
                    self.pem(start, end);
                }
            }
            Anchor::PuttyKey => {
                if self.exact(start, end, text) {
                    self.putty(start, end);
                }
            }
            Anchor::Jwt => {
                if self.exact(start, end, text) {
                    self.jwt(start, end);
                }
            }
            Anchor::Uri => self.uri(start, end),
            Anchor::Webhook => self.webhook(end),
            Anchor::Telegram => {
                if self.exact(start, end, text) {
                    self.telegram(start);
                }
            }
            Anchor::AzureSecret => {
                if self.exact(start, end, text) {
                    self.azure_secret(start, end);
                }
            }
            Anchor::Terraform => self.terraform(start, end),
            Anchor::Braintree => {
                if self.exact(start, end, text) {
                    self.braintree(start, end);
                }
            }
            Anchor::UserOption => {
                if self.exact(start, end, text) && (start == 0 || self.bytes[start - 1] == b' ') {
                    self.user_option(end);
                }
            }
        }
    }

    // ---- provider tokens ------------------------------------------------------------------

    fn token(&mut self, rule: usize, start: usize, end: usize) {
        let Some(token) = &RULES[rule].token else {
            return;
        };
        if !self.starts_token(start) {
            return;
        }
        // `sk-ant-…` is Anthropic's; `sk-` alone is the OpenAI style.
        if RULES[rule].id == "openai-api-key" && self.text[end..].starts_with("ant-") {
            return;
        }
        let run_end = self.run(Class::Charset(token.body), end);
        let body_end = self.body_end(end, run_end, token.min, token.max);
        let body = &self.text[end..body_end];
        let length = body.len();
        if !(token.min..=token.max).contains(&length)
            || !self.ends_token(body_end)
            || values::looks_filler(body)
            || values::is_placeholder(body)
            || values::is_placeholder(&self.text[start..body_end])
            || token.check.is_some_and(|check| !check(body))
        {
            return;
        }
        self.hit(rule, start..body_end, end - start);
    }

    // ---- names assigned a credential ------------------------------------------------------

    /// A word anchor at `at`: judge the identifier around it, once.
    fn word(&mut self, at: usize) {
        if self.ident.start <= at && at < self.ident.end {
            return;
        }
        let end = self.run(Class::Ident, at);
        let Some(start) = self.run_back(Class::Ident, at, LOOK_BEHIND) else {
            self.ident = at..end;
            return;
        };
        self.ident = start..end;
        if end - start > names::MAX_NAME {
            return;
        }
        self.identifier(start, end);
    }

    fn identifier(&mut self, start: usize, end: usize) {
        #[cfg(test)]
        if word_order_tests::CLASS_FIRST.get() {
            return self.identifier_class_first(start, end);
        }
        let Some(end) = name_end(self.bytes, start, end) else {
            return;
        };
        if followed_by_prose(self.bytes, start, end) {
            // No operator (see `followed_by_prose`): a scheme word at most, which only a name
            // of five or six bytes can be (`Basic`, `Bearer`).
            if matches!(end - start, 5 | 6) {
                self.scheme(&self.text[start..end], end);
            }
            return;
        }
        let name = &self.text[start..end];
        // Where the value starts does not depend on the name's class, and without a value a
        // name of any class (or of none) is only a scheme word (`Bearer …`): most words that
        // name a credential are prose (`the deploy key for the mirror`), followed by no
        // operator, and are not classified.
        let Some((value_at, form)) = self.operator(start, end, name.starts_with("--")) else {
            self.scheme(name, end);
            return;
        };
        let Some(class) = self.name_class(start, end) else {
            self.scheme(name, end);
            return;
        };
        self.assignment(class, value_at, form);
    }

    /// The credential a name names, if any: its own word, or `key` with a qualifier.
    fn name_class(&self, start: usize, end: usize) -> Option<NameClass> {
        let name = &self.text[start..end];
        memo_name(name, 0, || classify(name)).or_else(|| {
            // `API key`: the qualifier is a word before a space.
            let spaced = self.spaced_range(start, end);
            spaced.and_then(|range| {
                let text = &self.text[range];
                memo_name(text, 4, || spaced_name(text))
            })
        })
    }

    /// A name of `class` assigned the value at `value_at`, written as `form`: its cookies,
    /// its authorization, or its value when that is a credential.
    fn assignment(&mut self, class: NameClass, value_at: usize, form: Form) {
        match class {
            NameClass::Cookie => self.cookie_pairs(value_at),
            NameClass::Authorization => self.authorization(value_at),
            _ => {
                let Some(value) = self.value(value_at, form) else {
                    return;
                };
                let candidate = &self.text[value.clone()];
                let strict = form == Form::Prose;
                let tag = match (class, strict) {
                    (NameClass::Password, false) => 1,
                    (NameClass::Password, true) => 2,
                    _ => 3,
                };
                let credential = memo_value(candidate, tag, || {
                    values::is_credential(class, candidate, strict)
                });
                if credential {
                    self.hit(rules::ASSIGNMENT, value, 0);
                }
            }
        }
    }

    /// `API key`: a `key` with a qualifier before a space, as the range of both words.
    fn spaced_range(&self, start: usize, end: usize) -> Option<Range<usize>> {
        // Only `key` needs a qualifier; other heads are credentials on their own.
        if start < 2
            || self.bytes[start - 1] != b' '
            || !self.text[start..end].eq_ignore_ascii_case("key")
        {
            return None;
        }
        let word_start = self.run_back(Class::Charset(Charset::Alnum), start - 1, 20)?;
        (word_start < start - 1).then_some(word_start..end)
    }

    /// After a name ending at `end`: where its value starts, and how it was written.
    fn operator(&self, start: usize, end: usize, flag: bool) -> Option<(usize, Form)> {
        let mut at = end;
        // The closing quote or bracket of a quoted key: `"password":`, `['password'] =`.
        let mut closing = 0;
        while closing < 2 && matches!(self.byte(at), Some(b'"' | b'\'' | b'`' | b']')) {
            at += 1;
            closing += 1;
        }
        let spaces = |mut at: usize, max: usize| {
            let limit = at + max;
            while at < limit && matches!(self.byte(at), Some(b' ' | b'\t')) {
                at += 1;
            }
            at
        };
        let before = spaces(at, 4);
        match self.byte(before) {
            Some(b'=') => {
                let mut at = before + 1;
                if matches!(self.byte(at), Some(b'>' | b'=')) {
                    at += 1;
                }
                Some((spaces(at, 8), Form::Assigned))
            }
            Some(b':') if self.byte(before + 1) != Some(b':') => {
                let mut at = before + 1;
                if self.byte(at) == Some(b'=') {
                    at += 1;
                }
                Some((spaces(at, 8), Form::Assigned))
            }
            _ if flag && closing == 0 && self.byte(end) == Some(b' ') => {
                Some((end + 1, Form::Assigned))
            }
            Some(b'>') if closing == 0 && start > 0 && self.bytes[start - 1] == b'<' => {
                Some((before + 1, Form::Xml))
            }
            _ if closing == 0 => {
                let rest = &self.bytes[end..self.bytes.len().min(end + 5)];
                [&b" is "[..], b" was "]
                    .iter()
                    .find(|w| rest.starts_with(w))
                    .map(|w| (end + w.len(), Form::Prose))
            }
            _ => None,
        }
    }

    /// The value that starts at `at`, written in `form`.
    fn value(&mut self, at: usize, form: Form) -> Option<Range<usize>> {
        let first = self.byte(at)?;
        if form == Form::Xml {
            let close = self.find(Marker::Lt, at)?;
            return (close > at && close - at <= MAX_VALUE).then_some(at..close);
        }
        let quote = match first {
            b'"' => Some(Marker::DoubleQuote),
            b'\'' => Some(Marker::SingleQuote),
            b'`' => Some(Marker::Backtick),
            _ => None,
        };
        if let Some(quote) = quote {
            let from = at + 1;
            let close = self.find(quote, from)?;
            if close - from > MAX_VALUE
                || self.find(Marker::Newline, from).is_some_and(|n| n < close)
            {
                return None;
            }
            return Some(from..close);
        }
        let mut end = self.run(Class::Value, at);
        // Base64 padding belongs to the value; an `=` inside it ends it.
        let mut padded = end;
        while padded < end + 2 && self.byte(padded) == Some(b'=') {
            padded += 1;
        }
        if padded > end && self.byte(padded).is_none_or(|b| !value_char(b)) {
            end = padded;
        }
        // `os.Getenv("X")`, `DefaultAzureCredential()`: a call, not a value.
        if self.byte(end) == Some(b'(') || end == at || end - at > MAX_VALUE {
            return None;
        }
        Some(at..end)
    }

    /// `Bearer …` or `Basic …` written without a header name.
    fn scheme(&mut self, name: &str, end: usize) {
        if is_scheme_word(name.as_bytes()) && self.byte(end) == Some(b' ') {
            self.credential_after_scheme(name, end + 1);
        }
    }

    /// The credential after a scheme word (`Bearer`, `Basic`, `token`) that ends before `at`.
    fn credential_after_scheme(&mut self, scheme: &str, at: usize) {
        let end = self.run(Class::B64Token, at);
        let mut padded = end;
        while padded < end + 2 && self.byte(padded) == Some(b'=') {
            padded += 1;
        }
        let end = padded;
        if end == at || end - at > MAX_VALUE {
            return;
        }
        let credential = &self.text[at..end];
        if scheme.eq_ignore_ascii_case("basic") {
            if basic_credentials(credential) {
                self.hit(rules::BASIC, at..end, 0);
            }
        } else if values::secret_like(credential) {
            self.hit(rules::BEARER, at..end, 0);
        }
    }

    /// An authorization header's value at `at`: a scheme and a credential, `user:password`,
    /// or a bare token.
    fn authorization(&mut self, at: usize) {
        let word_end = self.run(Class::Charset(Charset::AlnumDash), at);
        let word = &self.text[at..word_end];
        if names::is_auth_scheme(word) && self.byte(word_end) == Some(b' ') {
            self.credential_after_scheme(word, word_end + 1);
            return;
        }
        // `user:password`.
        let pair_end = self.run(Class::B64Token, at);
        if self.byte(pair_end) == Some(b':') {
            let password = pair_end + 1;
            let end = self.run(Class::Value, password);
            if pair_end > at && values::password_like(&self.text[password..end]) {
                self.hit(rules::BASIC, password..end, 0);
            }
            return;
        }
        let Some(value) = self.value(at, Form::Assigned) else {
            return;
        };
        if values::secret_like(&self.text[value.clone()]) {
            self.hit(rules::BEARER, value, 0);
        }
    }

    /// The session cookies of a `Cookie:` header whose pairs start at `at`.
    fn cookie_pairs(&mut self, at: usize) {
        if at < self.cookies_until {
            return;
        }
        const MAX_HEADER: usize = 8192;
        let limit = self.bytes.len().min(at + MAX_HEADER);
        let line_end = self
            .find(Marker::Newline, at)
            .map_or(limit, |n| n.min(limit));
        let end = self
            .find(Marker::DoubleQuote, at)
            .map_or(line_end, |q| q.min(line_end));
        self.cookies_until = end;
        for range in cookie_secrets(self.text, at..end) {
            self.hit(rules::COOKIE, range, 0);
        }
    }

    // ---- shapes of their own --------------------------------------------------------------

    fn pem(&mut self, start: usize, end: usize) {
        let header_end = self.run(Class::PemHeader, end);
        let header = &self.text[end..header_end];
        if header_end - end > 40
            || !(header.ends_with("PRIVATE KEY") || header.ends_with("PRIVATE KEY BLOCK"))
            || !self.text[header_end..].starts_with("-----")
        {
            return;
        }
        let body_start = header_end + 5;
        let next = self.find(Marker::Dashes, body_start);
        let body_end = next.unwrap_or(self.bytes.len());
        if longest_base64_run(&self.bytes[body_start..body_end]) < 32 {
            return;
        }
        // Through the footer when there is one.
        let block_end = match next {
            Some(next) if self.text[next..].starts_with("-----END ") => {
                let footer = next + 9;
                let footer_end = self.run(Class::PemHeader, footer);
                if footer_end - footer <= 40 && self.text[footer_end..].starts_with("-----") {
                    footer_end + 5
                } else {
                    next
                }
            }
            _ => body_end,
        };
        self.hit(rules::PRIVATE_KEY, start..block_end, 0);
    }

    fn putty(&mut self, start: usize, end: usize) {
        let number_start = end + usize::from(self.byte(end) == Some(b' '));
        let number_end = self.run(Class::Charset(Charset::UpperAlnum), number_start);
        if number_end == number_start
            || !self.bytes[number_start..number_end]
                .iter()
                .all(u8::is_ascii_digit)
        {
            return;
        }
        // The key material: base64 lines up to the next line that is not one.
        let mut at = number_end;
        let mut material = 0;
        while at < self.bytes.len() && material < 8192 {
            let b = self.bytes[at];
            if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=') {
                material += 1;
            } else if !matches!(b, b'\r' | b'\n') {
                break;
            }
            at += 1;
        }
        if material >= 32 {
            self.hit(rules::PRIVATE_KEY, start..at, 0);
        }
    }

    fn jwt(&mut self, start: usize, end: usize) {
        if !self.starts_token(start) {
            return;
        }
        let class = Class::Charset(Charset::Base64Url);
        let header_end = self.run(class, end);
        if header_end - start < 10 || self.byte(header_end) != Some(b'.') {
            return;
        }
        let payload = header_end + 1;
        if !self.text[payload..].starts_with("eyJ") {
            return;
        }
        let payload_end = self.run(class, payload);
        if payload_end - payload < 8 || self.byte(payload_end) != Some(b'.') {
            return;
        }
        let signature_end = self.run(class, payload_end + 1);
        if signature_end - payload_end > 16 {
            self.hit(rules::JWT, start..signature_end, 0);
        }
    }

    fn uri(&mut self, start: usize, end: usize) {
        let Some(scheme_start) = self.run_back(Class::Charset(Charset::Base64UrlDot), start, 32)
        else {
            return;
        };
        if scheme_start == start || !self.bytes[scheme_start].is_ascii_alphabetic() {
            return;
        }
        let authority_end = self.run(Class::Authority, end);
        let authority = &self.text[end..authority_end];
        let Some(at) = memchr::memrchr(b'@', authority.as_bytes()) else {
            return;
        };
        let userinfo = &authority[..at];
        let Some(colon) = memchr::memchr(b':', userinfo.as_bytes()) else {
            return;
        };
        // A query or fragment before the colon: no userinfo at all.
        if userinfo[..colon].contains(['?', '#', '=', '&']) {
            return;
        }
        let password = &userinfo[colon + 1..];
        // Short passwords count here (`user:pass`); only placeholders are not.
        if password.is_empty() || values::is_placeholder(password) || password.starts_with('$') {
            return;
        }
        let from = end + colon + 1;
        self.hit(rules::URI_CREDENTIALS, from..from + password.len(), 0);
    }

    fn webhook(&mut self, end: usize) {
        let path_end = self.run(Class::Path, end);
        let path = &self.text[end..path_end];
        let mut parts = path.split('/').filter(|p| !p.is_empty());
        let Some(last) = parts.clone().next_back() else {
            return;
        };
        if parts.nth(1).is_some() && last.len() >= 20 && !values::looks_filler(last) {
            self.hit(rules::WEBHOOK, end..path_end, 0);
        }
    }

    fn telegram(&mut self, colon: usize) {
        let Some(digits_start) = self.run_back(Class::Charset(Charset::Alnum), colon, 12) else {
            return;
        };
        let id = &self.bytes[digits_start..colon];
        if !(8..=12).contains(&id.len()) || !id.iter().all(u8::is_ascii_digit) {
            return;
        }
        let secret = colon + 1;
        let secret_end = self.run(Class::Charset(Charset::Base64Url), secret);
        if secret_end - secret == 35 && values::looks_generated(&self.text[secret..secret_end]) {
            self.hit(rules::TELEGRAM, digits_start..secret_end, 0);
        }
    }

    fn azure_secret(&mut self, start: usize, end: usize) {
        // `[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}`.
        if start < 4 || !self.bytes[start - 1].is_ascii_digit() {
            return;
        }
        let from = start - 4;
        if !self.bytes[from..start - 1]
            .iter()
            .all(|&b| azure_char(b) && b != b'-')
            || (from > 0 && azure_char(self.bytes[from - 1]))
        {
            return;
        }
        let secret_end = self.run(Class::Azure, end);
        let length = secret_end - end;
        if (31..=34).contains(&length) && values::looks_generated(&self.text[from..secret_end]) {
            self.hit(rules::AZURE_CLIENT_SECRET, from..secret_end, 0);
        }
    }

    fn terraform(&mut self, start: usize, end: usize) {
        if start < 14 {
            return;
        }
        let from = start - 14;
        if !self.bytes[from..start]
            .iter()
            .all(u8::is_ascii_alphanumeric)
            || !self.starts_token(from)
        {
            return;
        }
        let secret_end = self.run(Class::Charset(Charset::Base64UrlPad), end);
        if secret_end - end >= 60 && values::looks_generated(&self.text[end..secret_end]) {
            self.hit(rules::TERRAFORM, from..secret_end, 0);
        }
    }

    fn user_option(&mut self, at: usize) {
        let quoted = matches!(self.byte(at), Some(b'"' | b'\''));
        let user = at + usize::from(quoted);
        let user_end = self.run(Class::B64Token, user);
        if user_end == user || self.byte(user_end) != Some(b':') {
            return;
        }
        let password = user_end + 1;
        let end = self.run(Class::Word, password);
        let end = if quoted && end > password && matches!(self.bytes[end - 1], b'"' | b'\'') {
            end - 1
        } else {
            end
        };
        if values::password_like(&self.text[password..end]) {
            self.hit(rules::BASIC, password..end, 0);
        }
    }

    fn braintree(&mut self, start: usize, end: usize) {
        let id_end = self.run(Class::Charset(Charset::Alnum), end);
        if id_end - end != 16 || self.byte(id_end) != Some(b'$') {
            return;
        }
        let secret_end = self.run(Class::Charset(Charset::Hex), id_end + 1);
        if secret_end - id_end - 1 == 32 && self.ends_token(secret_end) {
            self.hit(rules::BRAINTREE, start..secret_end, 0);
        }
    }
}

/// What `API key` (two words, the second `key`) says its value is.
fn spaced_name(text: &str) -> Option<NameClass> {
    let qualifier = text.split(' ').next().unwrap_or_default();
    names::is_credential_key_qualifier(qualifier).then_some(NameClass::Secret)
}

/// How a name was given its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `name=value`, `name: value`, `--name value`.
    Assigned,
    /// `<name>value</name>`.
    Xml,
    /// "the name is value": only values that look generated count.
    Prose,
}

/// The longest run of base64 characters in `body`, line breaks allowed inside it.
fn longest_base64_run(body: &[u8]) -> usize {
    let mut best = 0;
    let mut current = 0;
    for &b in body {
        if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=') {
            current += 1;
            best = best.max(current);
        } else if !matches!(b, b'\n' | b'\r') {
            current = 0;
        }
    }
    best
}

/// Whether `credential` is base64 of `user:password` with a real password.
fn basic_credentials(credential: &str) -> bool {
    use base64::Engine as _;
    if credential.len() < 8 {
        return false;
    }
    let engine = base64::engine::general_purpose::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
    );
    let Ok(decoded) = engine.decode(credential) else {
        return false;
    };
    let Ok(decoded) = std::str::from_utf8(&decoded) else {
        return false;
    };
    if decoded.chars().any(char::is_control) {
        return false;
    }
    matches!(decoded.split_once(':'), Some((user, password))
        if !user.is_empty() && !password.is_empty() && !values::is_placeholder(password))
}

/// The values of the session cookies among the `name=value; …` pairs in `text[range]`.
pub(crate) fn cookie_secrets(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let mut found = Vec::new();
    let mut offset = range.start;
    for pair in text[range].split(';') {
        let pair_start = offset;
        offset += pair.len() + 1;
        let Some(eq) = pair.find('=') else {
            continue;
        };
        let name = pair[..eq].trim();
        // `Set-Cookie: sid=…` and `Cookie: sid=…` carry the header name before the first pair.
        let name = name.rsplit([' ', ':']).next().unwrap_or(name);
        let raw = &pair[eq + 1..];
        let value = raw.trim().trim_matches('"');
        // Browsers keep cookies of at most 4,096 bytes.
        if !names::is_session_cookie(name)
            || value.len() < 8
            || value.len() > 4096
            || values::is_placeholder(value)
            || values::is_reference(value)
            || !values::looks_generated(value)
        {
            continue;
        }
        let Some(inner) = raw.find(value) else {
            continue;
        };
        let start = pair_start + eq + 1 + inner;
        found.push(start..start + value.len());
    }
    found
}

#[cfg(test)]
mod cache_tests {
    use proptest::prelude::*;

    use super::{ALL_CLASSES, Class, Marker, Memo, Scanner};

    const MARKERS: [Marker; Marker::COUNT] = [
        Marker::Dashes,
        Marker::Newline,
        Marker::DoubleQuote,
        Marker::SingleQuote,
        Marker::Backtick,
        Marker::Lt,
    ];

    /// The end of the run of `class` from `at`, read anew: what [`Scanner::run`] answers.
    fn run_uncached(bytes: &[u8], class: Class, at: usize) -> usize {
        bytes[at.min(bytes.len())..]
            .iter()
            .position(|&b| !class.contains(b))
            .map_or(bytes.len(), |i| at + i)
    }

    /// The next `marker` at or after `at`, searched anew: what [`Scanner::find`] answers.
    fn find_uncached(bytes: &[u8], marker: Marker, at: usize) -> Option<usize> {
        memchr::memmem::find(&bytes[at.min(bytes.len())..], marker.needle()).map(|i| at + i)
    }

    /// Text of the characters the classes and markers tell apart, in runs.
    fn texts() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "a", "Z", "9", "_", "-", ".", "/", "@", ":", "=", " ", "\n", "\"", "'", "`", "<", "~",
            "+", "-----", "é", "\t", "AB", "ab12", "==", "#",
        ]);
        prop::collection::vec(pieces, 0..48).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_048))]

        /// A scanner's run and marker caches (entries that start as zeroed memory, see
        /// [`super::RunCache`] and [`super::FindCache`]) never change an answer: any
        /// sequence of questions, at any positions (past the text's end too, and again at
        /// the same ones), is answered as a reading anew answers each.
        #[test]
        fn cached_runs_and_marker_searches_answer_as_a_reading_anew(
            text in texts(),
            questions in prop::collection::vec((0usize..(Class::COUNT + Marker::COUNT), 0usize..60), 1..64),
        ) {
            let bytes = text.as_bytes();
            let mut scanner = Scanner::new(&text);
            for (which, at) in questions {
                let at = at.min(bytes.len() + 2);
                if let Some(&class) = ALL_CLASSES.get(which) {
                    prop_assert_eq!(scanner.run(class, at), run_uncached(bytes, class, at), "run of class {} from {} in {:?}", which, at, text);
                } else {
                    let marker = MARKERS[which - Class::COUNT];
                    prop_assert_eq!(scanner.find(marker, at), find_uncached(bytes, marker, at), "marker {} from {} in {:?}", which, at, text);
                }
            }
        }
    }

    /// The memo's key as it was built before it was read in two words: a byte at a time
    /// after the tag and the length.
    fn key_a_byte_at_a_time(text: &str, tag: u8) -> Option<u128> {
        let bytes = text.as_bytes();
        (bytes.len() <= 14).then(|| {
            let packed = bytes.iter().fold(0u128, |k, b| (k << 8) | u128::from(*b));
            (u128::from(tag) << 120) | ((bytes.len() as u128) << 112) | packed
        })
    }

    /// Two short texts of few characters (NULs among them, so that a text's zero bytes and
    /// its length are told apart): the second the first with one piece replaced, cut off or
    /// added at any place, or the first itself, so that most pairs differ in one place.
    fn text_pairs() -> impl Strategy<Value = (String, String)> {
        let piece = || prop::sample::select(vec!["a", "b", "\0", "é", "k"]);
        (
            prop::collection::vec(piece(), 0..17),
            0usize..17,
            piece(),
            0u8..4,
        )
            .prop_map(|(pieces, at, other, edit)| {
                let mut changed = pieces.clone();
                let at = at.min(pieces.len());
                match edit {
                    0 if at < changed.len() => changed[at] = other,
                    1 => changed.truncate(at),
                    2 => changed.insert(at, other),
                    _ => {}
                }
                (pieces.concat(), changed.concat())
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4_096))]

        /// A memo's key is exact, as the key built a byte at a time was: two texts with
        /// their tags have one key exactly when they are the same text and tag, and a text
        /// has one exactly when it is short enough.
        #[test]
        fn memo_keys_are_equal_exactly_when_text_and_tag_are(
            (a, b) in text_pairs(),
            tag_a in 0u8..5,
            tag_b in 0u8..5,
        ) {
            let (new_a, new_b) = (Memo::<bool>::key(&a, tag_a), Memo::<bool>::key(&b, tag_b));
            let (old_a, old_b) = (key_a_byte_at_a_time(&a, tag_a), key_a_byte_at_a_time(&b, tag_b));
            prop_assert_eq!(new_a.is_some(), old_a.is_some());
            prop_assert_eq!(new_b.is_some(), old_b.is_some());
            if let (Some(new_a), Some(new_b)) = (new_a, new_b) {
                prop_assert_eq!(new_a == new_b, (&a, tag_a) == (&b, tag_b), "{:?}/{} and {:?}/{}", a, tag_a, b, tag_b);
                prop_assert_eq!(new_a == new_b, old_a == old_b);
            }
        }
    }
}

/// The word matcher as it was before a name's operator was looked for ahead of its class:
/// the reference the scanner's answers are held to.
#[cfg(test)]
mod word_order_tests {
    use proptest::prelude::*;

    use super::Scanner;

    thread_local! {
        /// Set: [`Scanner::identifier`] classifies a name before it looks for an operator.
        pub(super) static CLASS_FIRST: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    impl Scanner<'_> {
        /// [`Scanner::identifier`] with the name classified first, as at a65de60: the same
        /// pieces, in the other order.
        pub(super) fn identifier_class_first(&mut self, start: usize, end: usize) {
            let Some(end) = super::name_end(self.bytes, start, end) else {
                return;
            };
            let name = &self.text[start..end];
            let Some(class) = self.name_class(start, end) else {
                self.scheme(name, end);
                return;
            };
            let Some((value_at, form)) = self.operator(start, end, name.starts_with("--")) else {
                self.scheme(name, end);
                return;
            };
            self.assignment(class, value_at, form);
        }
    }

    /// The hits of `text` joined at `breaks`, as `(rule, range)`, with the reference order
    /// or without.
    fn hits(
        text: &str,
        breaks: &[usize],
        class_first: bool,
    ) -> Vec<(usize, std::ops::Range<usize>)> {
        CLASS_FIRST.set(class_first);
        let hits = super::scan_joined(text, breaks);
        CLASS_FIRST.set(false);
        hits.into_iter().map(|h| (h.rule, h.range)).collect()
    }

    /// Pieces of what a credential's name is written with, and of what follows it: names of
    /// every class (and words that name none), operators, the closing quotes and brackets a
    /// quoted key ends with, runs of spaces around the operator's reach (four before it, eight
    /// after), prose verbs, schemes, values, and the bytes that end a name or a value
    /// (punctuation, a slash before, non-ASCII letters, newlines).
    fn pieces() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            "password",
            "PASSWORD",
            "pwd",
            "passphrase",
            "secret",
            "client_secret",
            "token",
            "api_token",
            "access_token",
            "key",
            "api",
            "API key",
            "deploy key",
            "monkey",
            "secret_key_base",
            "cred",
            "auth",
            "Authorization",
            "authorization",
            "Cookie",
            "Bearer",
            "bearer",
            "Basic",
            "BASIC",
            "jwt",
            "pat",
            "sig",
            "--password",
            "--token",
            "=",
            "==",
            "=>",
            ":",
            "::",
            ":=",
            "\"",
            "'",
            "`",
            "]",
            "[",
            "<",
            ">",
            "</",
            " ",
            "  ",
            "    ",
            "     ",
            "\t",
            " is ",
            " was ",
            " is",
            "is ",
            ".",
            "-",
            "..",
            "/",
            "\\",
            "(",
            ")",
            "é",
            "→",
            "\n",
            "Xk9#mP2qZ8wL4vT7",
            "hunter2",
            "s3cr3tV4lue!",
            "dXNlcjpwYXNzd29yZA==",
            "user:Qx7!pLm2Zr9w",
            "session=Rk3m9QwZp2Lx8Vn4",
            "abc",
            "the",
            "after the review",
            "${DB_PASSWORD}",
            "changeme",
            "=",
            "Zm9vYmFyYmF6cXV4",
        ])
    }

    /// A name followed by a space and any byte, then text that makes ` is …`, ` was …`, a
    /// value or prose of it, finds what the full reading (the name classified first, its
    /// operator read whatever follows) finds: the shortcut for prose
    /// ([`super::followed_by_prose`]) passes over no operator, flag or scheme.
    #[test]
    fn a_name_followed_by_prose_finds_what_the_full_reading_finds() {
        let names = [
            "password",
            "--password",
            "--token",
            "-password",
            "token",
            "api_key",
            "API key",
            "deploy key",
            "client_secret",
            "Authorization",
            "Cookie",
            "Bearer",
            "bearer",
            "Basic",
            "BASIC",
            "secret.",
            "/secret",
        ];
        let tails = [
            "",
            "s Xk9#mP2qZ8wL4vT7",
            "as Xk9#mP2qZ8wL4vT7",
            "Xk9#mP2qZ8wL4vT7",
            "k9mP2qZ8wL4vT7xQ3 after the review",
            " Xk9#mP2qZ8wL4vT7",
        ];
        let mut found = 0;
        for name in names {
            for byte in (0x20..0x7F).chain([b'\t', b'\n']) {
                for tail in tails {
                    let text = format!("the {name} {}{tail}", char::from(byte));
                    let shortcut = hits(&text, &[], false);
                    assert_eq!(shortcut, hits(&text, &[], true), "{text:?}");
                    found += usize::from(!shortcut.is_empty());
                }
            }
        }
        // The table reaches the readings the shortcut must leave alone.
        assert!(found > 100, "only {found} texts with a secret");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(8_192))]

        /// A name's operator looked for before its class finds the same secrets, in the same
        /// places, as the name classified first, on any text and at any item boundaries.
        #[test]
        fn operator_first_finds_what_class_first_finds(
            parts in prop::collection::vec(pieces(), 1..14),
            cuts in prop::collection::vec(any::<bool>(), 14),
        ) {
            let text = parts.concat();
            let mut breaks = Vec::new();
            let mut at = 0;
            for (part, cut) in parts.iter().zip(&cuts) {
                at += part.len();
                if *cut && at < text.len() {
                    breaks.push(at);
                }
            }
            prop_assert_eq!(hits(&text, &[], false), hits(&text, &[], true), "{:?}", text);
            prop_assert_eq!(hits(&text, &breaks, false), hits(&text, &breaks, true), "{:?} at {:?}", text, breaks);
        }
    }
}
