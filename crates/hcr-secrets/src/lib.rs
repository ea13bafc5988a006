//! Finding secrets in records (HCR204), and keeping them out of every output.
//!
//! The v1.0 README forbids passwords, access tokens, private keys and session cookies in a
//! record. The scanner finds them in the shapes they take in JSON:
//!
//! - in a string, by their own shape: provider tokens by their documented prefix and body
//!   (see [`RULES`]), PEM private keys, JWTs, passwords in URIs, HTTP Basic and Bearer
//!   credentials, webhook URLs, and a credential's name given a value that looks like one
//!   (`password=…`, `X-Api-Key: …`, `--token …`, `<password>…</password>`);
//! - as a key and its value: `{"password": "…"}`, `{"Authorization": "Bearer …"}`,
//!   `{"Cookie": "sessionid=…"}`, `{"name": "DB_PASSWORD", "value": "…"}`;
//! - in a key the schema does not define;
//! - split across neighbouring items of an array (a PEM block one line per item, a token cut
//!   in two);
//! - written with JSON escapes (`\u0070`, `\/`): strings are read decoded, and so is source
//!   text that does not parse ([`scan_bytes`]).
//!
//! A value that stands for a secret (`<token>`, `${DEPLOY_TOKEN}`, `****`, `example`) or
//! refers to one (`DEPLOY_TOKEN`, `os.Getenv("DB_PASSWORD")`, `~/.aws/credentials`, an ARN)
//! is not one; names that are about a credential rather than one (`password_policy`,
//! `token_type`, `secret_name`, `tokenizer`) give no finding.
//!
//! Scanning is linear in the text whatever it holds: one Aho-Corasick pass finds every
//! anchor, and matchers cache what they read so that no byte is read again for a repeated
//! anchor.
//!
//! Nothing hcr prints repeats a secret it found: messages show its length and at most its
//! rule's fixed public prefix (`ghp_`, never a character of its own part: [`redact`]), and [`SecretSet`] masks every occurrence in source excerpts, messages,
//! pointers and anything else that repeats record text.
//!
//! ```
//! use hcr_json::KeyTable;
//! use hcr_secrets::{scan, scan_value, Shape};
//!
//! let found = scan("export DB_PASSWORD=T7x!q9Lm2#vR4zK8");
//! assert_eq!(found[0].rule, "credential-assignment");
//!
//! let record = serde_json::json!({"extensions": {"com.example/ci": {"password": "Hunter2x9Qzz"}}});
//! // The keys the table holds are a format's fixed words, never secrets.
//! let found = scan_value(&record, KeyTable::empty());
//! assert_eq!((found[0].shape, found[0].pointer.as_str()), (Shape::Pair, "/extensions/com.example~1ci/password"));
//! ```

mod document;
mod filter;
mod names;
mod rules;
mod scanner;
mod set;
mod source;
mod values;
mod words;

use std::borrow::Cow;
use std::ops::Range;

pub use document::{DocumentFinding, Event, Shape, scan_value, walk, walk_tree};
pub use rules::{RULES, Rule, rule};
pub use set::{Collector, SecretSet, merged};

pub(crate) use source::View;

/// The test to make of every string value as a record is parsed (give it to the key table
/// the record is read with, [`hcr_json::KeyTable::with_probe`]): where the scanner's search
/// for anchors in it must start, `None` when no anchor is in it but those the scanner finds
/// nothing at whatever follows (URIs' `://`s without userinfo, words that name a credential
/// in prose, token prefixes without a body). [`walk_tree`] over a tree
/// probed with it scans only the strings an anchor is in, from there, and passes over the
/// rest and over every container the tree says is quiet ([`hcr_json::Tree::quiet`]).
pub static ANCHOR_PROBE: hcr_json::Probe = hcr_json::Probe(scanner::probe_start);

/// A secret found in a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The rule that found it, e.g. `github-token`.
    pub rule: &'static str,
    /// What kind of secret it is, e.g. "a GitHub token".
    pub kind: &'static str,
    /// Where the secret is in the scanned text (bytes).
    pub range: Range<usize>,
}

fn finding(rule: usize, range: Range<usize>) -> Finding {
    Finding {
        rule: RULES[rule].id,
        kind: RULES[rule].kind,
        range,
    }
}

/// Every secret in `text`, in order, without overlaps.
#[must_use]
pub fn scan(text: &str) -> Vec<Finding> {
    scanner::scan(text)
        .into_iter()
        .map(|hit| finding(hit.rule, hit.range))
        .collect()
}

/// Every secret in source text that may not parse: string literals are read unescaped
/// (`"\u0067hp_…"` is read as `ghp_…`) and invalid UTF-8 as U+FFFD. The ranges are offsets
/// into `bytes`, widened to whole escape sequences.
#[must_use]
pub fn scan_bytes(bytes: &[u8]) -> Vec<Finding> {
    let view = View::new(bytes);
    scanner::scan(&view.text)
        .into_iter()
        .map(|hit| finding(hit.rule, view.source_range(&hit.range)))
        .collect()
}

/// A redacted form of `secret`: its length, after the fixed public prefix of its rule when
/// it has one ([`public_prefix`]), and never a character of its own.
///
/// ```
/// assert_eq!(hcr_secrets::redact("Hunter2x9Qzz"), "(12 characters, redacted)");
/// assert_eq!(
///     hcr_secrets::redact("ghp_ZR2Yf8kQ3mN7pL1xV9cB4tH6jW0sD5aE2gKq"),
///     "ghp_… (40 characters, redacted)"
/// );
/// ```
#[must_use]
pub fn redact(secret: &str) -> String {
    let length = secret.chars().count();
    match public_prefix(secret) {
        "" => format!("({length} characters, redacted)"),
        prefix => format!("{prefix}… ({length} characters, redacted)"),
    }
}

/// The part of `secret` that every secret of its rule shares, as the rule table defines it:
/// a provider token's documented prefix (`ghp_`, `AKIA`, `sk-ant-`) when the whole of
/// `secret` has that token's shape; otherwise nothing (a password, a credential in a URI, a
/// private key's body, a generated-looking word have no public part).
///
/// ```
/// assert_eq!(hcr_secrets::public_prefix("AKIAZ7Q3N5XK2M4PL6RT"), "AKIA");
/// assert_eq!(hcr_secrets::public_prefix("AKIA-not-a-key"), "");
/// assert_eq!(hcr_secrets::public_prefix("Hunter2x9Qzz"), "");
/// ```
#[must_use]
pub fn public_prefix(secret: &str) -> &'static str {
    let whole = 0..secret.len();
    scanner::scan(secret)
        .into_iter()
        .filter(|hit| hit.range == whole)
        .filter_map(|hit| RULES[hit.rule].token.as_ref())
        .flat_map(|token| token.prefixes.iter().copied())
        .filter(|prefix| prefix.len() < secret.len() && secret.starts_with(prefix))
        .max_by_key(|prefix| prefix.len())
        .unwrap_or("")
}

/// `text` with every secret in it replaced by its [`redact`]ed form.
///
/// ```
/// let shown = hcr_secrets::redact_all("use password=Hunter2x9Qzz here");
/// assert!(!shown.contains("Hunter2x9Qzz"));
/// assert!(shown.starts_with("use ") && shown.ends_with(" here"));
/// ```
#[must_use]
pub fn redact_all(text: &str) -> Cow<'_, str> {
    let hits = scanner::scan(text);
    if hits.is_empty() {
        return Cow::Borrowed(text);
    }
    Cow::Owned(redact_ranges(text, hits.into_iter().map(|hit| hit.range)))
}

/// `text` with each of `ranges` (in order) redacted: a range is widened to character
/// boundaries, and one that starts inside an earlier one redacts only what is left of it.
fn redact_ranges(text: &str, ranges: impl IntoIterator<Item = Range<usize>>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for range in ranges {
        let (start, end) = (floor(text, range.start).max(at), ceil(text, range.end));
        if start >= end {
            continue;
        }
        out.push_str(&text[at..start]);
        out.push_str(&redact(&text[start..end]));
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

/// `text` as an error message may quote input it did not check itself (a configuration's
/// key, a baseline's string, a line a conversion could not carry over): every secret in it
/// redacted, every character that could act on a terminal escaped (`\u{…}`), and at most
/// `max_chars` characters of it, cut with `…`.
///
/// ```
/// let quoted = hcr_secrets::quote("token=ghp_ZR2Yf8kQ3mN7pL1xV9cB4tH6jW0sD5aE2gKq\u{1b}[2J", 40);
/// assert!(!quoted.contains("ZR2Yf8kQ3mN7pL1x") && !quoted.contains('\u{1b}'));
/// assert!(hcr_secrets::quote(&"x".repeat(500), 10).chars().count() <= 11);
/// ```
#[must_use]
pub fn quote(text: &str, max_chars: usize) -> String {
    // The whole text is searched (a secret cut in half by the limit is still found); what
    // quotes it is an error path, and every input is capped before it gets here. A word that
    // looks generated is masked too: quoted input has no context to tell a token by.
    let redacted = redact_all(text);
    let masked = redact_ranges(&redacted, set::generated_words(&redacted));
    let escaped = hcr_escape::escape(&masked);
    let mut out: String = escaped.chars().take(max_chars).collect();
    if out.len() < escaped.len() {
        out.push('…');
    }
    // What is shown is searched again, alone and between the backticks or quotes a message
    // puts around it: a cut, text beside a redaction, or the closing quote can end a run of
    // characters where a secret's shape ends. Each pass only shortens what it finds.
    for _ in 0..4 {
        let mut found: Vec<Range<usize>> =
            scanner::scan(&out).into_iter().map(|h| h.range).collect();
        for quote in ['`', '"', '\''] {
            let framed = format!("{quote}{out}{quote}");
            found.extend(scanner::scan(&framed).into_iter().filter_map(|hit| {
                let start = hit.range.start.saturating_sub(1).min(out.len());
                let end = hit.range.end.saturating_sub(1).min(out.len());
                (start < end).then_some(start..end)
            }));
        }
        let found = set::merged(found);
        if found.is_empty() {
            break;
        }
        let again = redact_ranges(&out, found);
        if again == out {
            break;
        }
        out = again;
    }
    out
}

/// `at`, or the character boundary of `text` before it.
fn floor(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// `at`, or the character boundary of `text` after it.
fn ceil(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// Redacts every secret of `value` (found as [`SecretSet::from_value`] finds them, the keys
/// `fixed` holds being fixed words) in every string and key; returns how many strings changed.
pub fn redact_value(value: &mut serde_json::Value, fixed: &hcr_json::KeyTable) -> usize {
    SecretSet::from_value(value, fixed).redact_value(value)
}

#[cfg(test)]
mod tests;

/// The README's example, compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
