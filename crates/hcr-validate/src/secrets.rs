//! Finding secrets in text (HCR204).
//!
//! One Aho-Corasick pass finds the anchors every rule starts from (token prefixes such as
//! `ghp_`, keywords such as `password`); each rule then checks the text around its anchor.
//! Rules are high-signal by design: naming a secret ("the DEPLOY_TOKEN secret",
//! `${{ secrets.X }}`, `****`) is never a finding.

use std::ops::Range;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

/// A secret found in a string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The rule that found it, e.g. `github-token`.
    pub rule: &'static str,
    /// What kind of secret it is, e.g. "a GitHub token".
    pub kind: &'static str,
    /// Where the secret is in the scanned text (bytes).
    pub range: Range<usize>,
}

/// Every rule: its id and what it finds.
pub const RULES: &[(&str, &str)] = &[
    ("private-key", "a private key"),
    ("aws-access-key-id", "an AWS access key id"),
    ("github-token", "a GitHub token"),
    ("gitlab-token", "a GitLab token"),
    ("slack-token", "a Slack token"),
    ("stripe-key", "a Stripe secret key"),
    ("openai-api-key", "an OpenAI-style API key"),
    ("anthropic-api-key", "an Anthropic-style API key"),
    ("google-api-key", "a Google API key"),
    ("npm-token", "an npm token"),
    ("jwt", "a JSON Web Token"),
    ("uri-credentials", "a password in a URI"),
    (
        "credential-assignment",
        "a credential assigned to a name like password or token",
    ),
    ("cookie-header", "a session cookie"),
];

type Matcher = fn(&str, usize, usize) -> Option<Range<usize>>;

/// Anchors (matched ASCII case-insensitively) and the rule that checks each.
const ANCHORS: &[(&str, usize, Matcher)] = &[
    ("-----BEGIN ", 0, private_key),
    ("AKIA", 1, aws_access_key_id),
    ("ASIA", 1, aws_access_key_id),
    ("AGPA", 1, aws_access_key_id),
    ("AIDA", 1, aws_access_key_id),
    ("AROA", 1, aws_access_key_id),
    ("AIPA", 1, aws_access_key_id),
    ("ANPA", 1, aws_access_key_id),
    ("ANVA", 1, aws_access_key_id),
    ("ABIA", 1, aws_access_key_id),
    ("ACCA", 1, aws_access_key_id),
    ("ghp_", 2, github_token),
    ("gho_", 2, github_token),
    ("ghu_", 2, github_token),
    ("ghs_", 2, github_token),
    ("ghr_", 2, github_token),
    ("github_pat_", 2, github_fine_grained_token),
    ("glpat-", 3, gitlab_token),
    ("xoxb-", 4, slack_token),
    ("xoxp-", 4, slack_token),
    ("xoxa-", 4, slack_token),
    ("xoxr-", 4, slack_token),
    ("xoxs-", 4, slack_token),
    ("xoxe-", 4, slack_token),
    ("hooks.slack.com/services/", 4, slack_webhook),
    ("sk_live_", 5, stripe_key),
    ("rk_live_", 5, stripe_key),
    ("sk_test_", 5, stripe_key),
    ("rk_test_", 5, stripe_key),
    ("sk-", 6, openai_key),
    ("sk-ant-", 7, anthropic_key),
    ("AIza", 8, google_api_key),
    ("npm_", 9, npm_token),
    ("eyJ", 10, jwt),
    ("://", 11, uri_credentials),
    ("password", 12, assignment),
    ("passwd", 12, assignment),
    ("pwd", 12, assignment),
    ("secret", 12, assignment),
    ("token", 12, assignment),
    ("api_key", 12, assignment),
    ("apikey", 12, assignment),
    ("api-key", 12, assignment),
    ("access_key", 12, assignment),
    ("credential", 12, assignment),
    ("bearer ", 12, bearer),
    ("cookie:", 13, cookie_header),
];

fn automaton() -> &'static AhoCorasick {
    static AUTOMATON: OnceLock<AhoCorasick> = OnceLock::new();
    AUTOMATON.get_or_init(|| {
        // A DFA reporting overlapping matches: one pass that sees `sk-` and `sk-ant-` where
        // both start, and an anchor inside another's match. (The DFA scans about 1.6 times
        // faster than the default contiguous NFA here; see docs/performance.md.)
        AhoCorasickBuilder::new()
            .kind(Some(AhoCorasickKind::DFA))
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(ANCHORS.iter().map(|(anchor, _, _)| anchor))
            .unwrap_or_else(|e| unreachable!("the anchors are valid patterns: {e}"))
    })
}

/// Every secret in `text`, in order, without overlaps.
#[must_use]
pub fn scan(text: &str) -> Vec<Finding> {
    // Most text holds no anchor at all, and a yes/no search is cheaper than an overlapping one.
    if !automaton().is_match(text) {
        return Vec::new();
    }
    let mut found: Vec<Finding> = Vec::new();
    for m in automaton().find_overlapping_iter(text) {
        let (_, rule, matcher) = ANCHORS[m.pattern().as_usize()];
        if let Some(range) = matcher(text, m.start(), m.end()) {
            let (rule, kind) = RULES[rule];
            found.push(Finding { rule, kind, range });
        }
    }
    found.sort_by_key(|f| (f.range.start, std::cmp::Reverse(f.range.end)));
    let mut kept: Vec<Finding> = Vec::new();
    for finding in found {
        if kept
            .last()
            .is_none_or(|last| finding.range.start >= last.range.end)
        {
            kept.push(finding);
        }
    }
    kept
}

/// Every secret in `bytes`, scanned stretch by stretch where they are not valid UTF-8; the
/// ranges are offsets into `bytes`.
#[must_use]
pub fn scan_bytes(bytes: &[u8]) -> Vec<Finding> {
    let mut found = Vec::new();
    let mut at = 0;
    for chunk in bytes.utf8_chunks() {
        let text = chunk.valid();
        found.extend(scan(text).into_iter().map(|f| Finding {
            range: at + f.range.start..at + f.range.end,
            ..f
        }));
        at += text.len() + chunk.invalid().len();
    }
    found
}

/// A redacted form of `secret` that shows at most min(4, length/4) leading characters.
#[must_use]
pub fn redact(secret: &str) -> String {
    let length = secret.chars().count();
    let shown: String = secret.chars().take((length / 4).min(4)).collect();
    format!("{shown}… ({length} characters, redacted)")
}

/// `text` with every secret in it replaced by its [`redact`]ed form, for output that repeats
/// record text (a diff, a summary).
///
/// ```
/// let shown = hcr_validate::secrets::redact_all("use password=Hunter2x9Qzz here");
/// assert!(!shown.contains("Hunter2x9Qzz"));
/// assert!(shown.starts_with("use ") && shown.ends_with(" here"));
/// ```
#[must_use]
pub fn redact_all(text: &str) -> std::borrow::Cow<'_, str> {
    let found = scan(text);
    if found.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for finding in found {
        out.push_str(&text[at..finding.range.start]);
        out.push_str(&redact(&text[finding.range.clone()]));
        at = finding.range.end;
    }
    out.push_str(&text[at..]);
    std::borrow::Cow::Owned(out)
}

/// Redacts secrets in every string (and object key) of `value`; returns how many strings
/// changed.
pub fn redact_value(value: &mut serde_json::Value) -> usize {
    use serde_json::Value;
    match value {
        Value::String(text) => match redact_all(text) {
            std::borrow::Cow::Owned(redacted) => {
                *text = redacted;
                1
            }
            std::borrow::Cow::Borrowed(_) => 0,
        },
        Value::Array(items) => items.iter_mut().map(redact_value).sum(),
        Value::Object(map) => {
            let mut changed = 0;
            if map.keys().any(|key| !scan(key).is_empty()) {
                let entries = std::mem::take(map);
                for (key, item) in entries {
                    let key = match redact_all(&key) {
                        std::borrow::Cow::Owned(redacted) => {
                            changed += 1;
                            redacted
                        }
                        std::borrow::Cow::Borrowed(_) => key,
                    };
                    map.insert(key, item);
                }
            }
            changed + map.values_mut().map(redact_value).sum::<usize>()
        }
        _ => 0,
    }
}

// ---- helpers ------------------------------------------------------------------------------

fn byte(text: &str, at: usize) -> Option<u8> {
    text.as_bytes().get(at).copied()
}

/// The end of the run of bytes from `at` that satisfy `pred`.
fn run(text: &str, at: usize, pred: impl Fn(u8) -> bool) -> usize {
    let bytes = text.as_bytes();
    let mut end = at;
    while end < bytes.len() && pred(bytes[end]) {
        end += 1;
    }
    end
}

/// No letter or digit just before `at`, so the anchor starts a token.
fn starts_token(text: &str, at: usize) -> bool {
    at == 0 || !byte(text, at - 1).is_some_and(|b| b.is_ascii_alphanumeric())
}

/// The anchor at `start..end` is written exactly as `expected` case.
fn exact(text: &str, start: usize, end: usize) -> bool {
    text.get(start..end)
        .is_some_and(|found| ANCHORS.iter().any(|(anchor, _, _)| *anchor == found))
}

fn alnum(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

fn base64url(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Too few distinct characters to be a real key (`xxxx…`, `0000…`).
fn looks_filler(body: &str) -> bool {
    let mut seen = [false; 256];
    let mut distinct = 0;
    for b in body.bytes() {
        if !seen[usize::from(b)] {
            seen[usize::from(b)] = true;
            distinct += 1;
        }
    }
    distinct < 5
}

/// A value marked as standing for a secret: a variable reference, a template, a mask.
fn is_marked_placeholder(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    value.starts_with('$')
        || value
            .chars()
            .all(|c| matches!(c, '*' | 'x' | 'X' | '•' | '.'))
        || [
            "${",
            "{{",
            "}}",
            "<",
            ">",
            "%(",
            "%s",
            "secrets.",
            "redacted",
            "example",
            "placeholder",
            "changeme",
            "your_",
            "your-",
            "dummy",
            "xxxx",
            "****",
            "…",
            "...",
        ]
        .iter()
        .any(|marker| lower.contains(marker))
}

/// A value that stands for a secret rather than being one: marked, or too uniform.
fn is_placeholder(value: &str) -> bool {
    is_marked_placeholder(value) || looks_filler(value)
}

fn shannon_entropy(value: &str) -> f64 {
    let mut counts = [0u32; 256];
    for b in value.bytes() {
        counts[usize::from(b)] += 1;
    }
    #[allow(clippy::cast_precision_loss)]
    let len = value.len() as f64;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / len;
            -p * p.log2()
        })
        .sum()
}

/// A value assigned to a credential-like name that looks like a real credential: long enough,
/// varied, with a digit or symbol, not a name or a placeholder.
fn credible_value(value: &str, min_len: usize) -> bool {
    let env_name = value
        .bytes()
        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
    let has_letter = value.bytes().any(|b| b.is_ascii_alphabetic());
    let has_digit_or_symbol = value.bytes().any(|b| {
        b.is_ascii_digit()
            || (b.is_ascii_punctuation() && !matches!(b, b'-' | b'_' | b'.' | b'/' | b':'))
    });
    value.len() >= min_len
        && !env_name
        && has_letter
        && has_digit_or_symbol
        && !value.contains("://")
        && !is_placeholder(value)
        && shannon_entropy(value) >= 2.5
}

// ---- rules --------------------------------------------------------------------------------

fn private_key(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    if !exact(text, start, end) {
        return None;
    }
    let header_end = run(text, end, |b| {
        b.is_ascii_uppercase() || b.is_ascii_digit() || b == b' '
    });
    let header = &text[end..header_end];
    if !(header.ends_with("PRIVATE KEY") || header.ends_with("PRIVATE KEY BLOCK")) {
        return None;
    }
    if !text[header_end..].starts_with("-----") {
        return None;
    }
    // Key material: at least 32 base64 characters after the header (line breaks allowed,
    // `Proc-Type:`-style header lines skipped).
    let body_start = header_end + 5;
    let window_end = (body_start + 400).min(text.len());
    let mut best = 0;
    let mut current = 0;
    for b in text.as_bytes()[body_start..window_end].iter().copied() {
        if b.is_ascii_alphanumeric() || b == b'+' || b == b'/' || b == b'=' {
            current += 1;
            best = best.max(current);
        } else if b != b'\n' && b != b'\r' {
            current = 0;
        }
    }
    if best < 32 {
        return None;
    }
    let block_end = text[body_start..]
        .find("-----END ")
        .and_then(|at| {
            let from = body_start + at + 9;
            text[from..].find("-----").map(|close| from + close + 5)
        })
        .unwrap_or(window_end);
    Some(start..block_end)
}

fn aws_access_key_id(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    if !exact(text, start, end) || !starts_token(text, start) {
        return None;
    }
    let body_end = run(text, end, |b| b.is_ascii_uppercase() || b.is_ascii_digit());
    let body = &text[end..body_end];
    (body.len() == 16 && !body.ends_with("EXAMPLE") && !looks_filler(body))
        .then_some(start..body_end)
}

fn fixed_prefix_token(
    text: &str,
    start: usize,
    end: usize,
    min: usize,
    max: usize,
    pred: impl Fn(u8) -> bool,
) -> Option<Range<usize>> {
    if !exact(text, start, end) || !starts_token(text, start) {
        return None;
    }
    let body_end = run(text, end, pred);
    let body = &text[end..body_end];
    (body.len() >= min && body.len() <= max && !looks_filler(body)).then_some(start..body_end)
}

fn github_token(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    fixed_prefix_token(text, start, end, 36, 255, alnum)
}

fn github_fine_grained_token(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    fixed_prefix_token(text, start, end, 22, 255, |b| alnum(b) || b == b'_')
}

fn gitlab_token(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    fixed_prefix_token(text, start, end, 20, 255, base64url)
}

fn slack_token(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    let range = fixed_prefix_token(text, start, end, 10, 255, |b| alnum(b) || b == b'-')?;
    text[end..range.end]
        .bytes()
        .any(|b| b.is_ascii_digit())
        .then_some(range)
}

fn slack_webhook(text: &str, _start: usize, end: usize) -> Option<Range<usize>> {
    let path_end = run(text, end, |b| alnum(b) || b == b'/');
    let parts: Vec<&str> = text[end..path_end].split('/').collect();
    match parts.as_slice() {
        [team, bot, secret, ..]
            if team.starts_with('T')
                && bot.starts_with('B')
                && secret.len() >= 8
                && !looks_filler(secret) =>
        {
            Some(end..path_end)
        }
        _ => None,
    }
}

fn stripe_key(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    fixed_prefix_token(text, start, end, 16, 255, alnum)
}

fn openai_key(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    if text[end..].starts_with("ant-") {
        return None;
    }
    let range = fixed_prefix_token(text, start, end, 32, 255, base64url)?;
    let body = &text[end..range.end];
    let mixed = body.bytes().any(|b| b.is_ascii_digit())
        && body.bytes().any(|b| b.is_ascii_uppercase())
        && body.bytes().any(|b| b.is_ascii_lowercase());
    mixed.then_some(range)
}

fn anthropic_key(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    fixed_prefix_token(text, start, end, 32, 255, base64url)
}

fn google_api_key(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    fixed_prefix_token(text, start, end, 35, 35, base64url)
}

fn npm_token(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    fixed_prefix_token(text, start, end, 36, 36, alnum)
}

fn jwt(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    if !exact(text, start, end) || !starts_token(text, start) {
        return None;
    }
    let header_end = run(text, end, base64url);
    if header_end - start < 10 || byte(text, header_end) != Some(b'.') {
        return None;
    }
    let payload_end = run(text, header_end + 1, base64url);
    if payload_end - header_end - 1 < 8 || byte(text, payload_end) != Some(b'.') {
        return None;
    }
    let signature_end = run(text, payload_end + 1, base64url);
    (signature_end - payload_end > 16).then_some(start..signature_end)
}

fn uri_credentials(text: &str, start: usize, end: usize) -> Option<Range<usize>> {
    // A scheme before `://`.
    let bytes = text.as_bytes();
    let mut scheme_start = start;
    while scheme_start > 0
        && (bytes[scheme_start - 1].is_ascii_alphanumeric()
            || matches!(bytes[scheme_start - 1], b'+' | b'-' | b'.'))
    {
        scheme_start -= 1;
    }
    if scheme_start == start || !bytes[scheme_start].is_ascii_alphabetic() {
        return None;
    }
    let authority_end = run(text, end, |b| {
        !matches!(b, b'/' | b'?' | b'#' | b'"' | b'\'' | b'<' | b'>' | b'`')
            && !b.is_ascii_whitespace()
    });
    let authority = &text[end..authority_end];
    let at = authority.rfind('@')?;
    let userinfo = &authority[..at];
    let colon = userinfo.find(':')?;
    let password = &userinfo[colon + 1..];
    // Short passwords count here (`user:pass`); only marked placeholders are skipped.
    if password.is_empty() || is_marked_placeholder(password) {
        return None;
    }
    let from = end + colon + 1;
    Some(from..from + password.len())
}

/// The value after `name = ` or `name: ` (quotes and spaces allowed around both).
fn assigned_value(text: &str, name_end: usize) -> Option<Range<usize>> {
    // The rest of an identifier such as `token_value` or `secretKey`.
    let mut at = run(text, name_end, |b| alnum(b) || b == b'_' || b == b'-');
    at = run(text, at, |b| {
        b == b'"' || b == b'\'' || b == b' ' || b == b'\t'
    });
    match byte(text, at) {
        Some(b'=') => at += 1,
        Some(b':') => at += 1 + usize::from(byte(text, at + 1) == Some(b'=')),
        _ => return None,
    }
    if byte(text, at) == Some(b'>') {
        at += 1;
    }
    at = run(text, at, |b| b == b' ' || b == b'\t');
    at = run(text, at, |b| b == b'"' || b == b'\'');
    let value_end = run(text, at, |b| {
        !b.is_ascii_whitespace()
            && !matches!(b, b'"' | b'\'' | b'`' | b',' | b';' | b')' | b'}' | b']')
    });
    (value_end > at).then_some(at..value_end)
}

fn assignment(text: &str, _start: usize, end: usize) -> Option<Range<usize>> {
    let value = assigned_value(text, end)?;
    credible_value(&text[value.clone()], 8).then_some(value)
}

fn bearer(text: &str, _start: usize, end: usize) -> Option<Range<usize>> {
    let value_end = run(text, end, |b| {
        base64url(b) || matches!(b, b'.' | b'~' | b'+' | b'/' | b'=')
    });
    let value = &text[end..value_end];
    (value.len() >= 16 && !is_placeholder(value) && shannon_entropy(value) >= 3.0)
        .then_some(end..value_end)
}

fn cookie_header(text: &str, _start: usize, end: usize) -> Option<Range<usize>> {
    let line_end = text[end..]
        .find(['\n', '\r', '"'])
        .map_or(text.len(), |i| end + i);
    let mut offset = end;
    for pair in text[end..line_end].split(';') {
        let pair_start = offset;
        offset += pair.len() + 1;
        let Some(eq) = pair.find('=') else {
            continue;
        };
        let name = pair[..eq].trim().to_ascii_lowercase();
        let raw_value = &pair[eq + 1..];
        let value = raw_value.trim();
        if value.is_empty() || is_placeholder(value) {
            continue;
        }
        let session_name = ["sess", "sid", "auth", "token", "jwt", "login", "remember"]
            .iter()
            .any(|n| name.contains(n));
        let secret_like = value.len() >= 16 && shannon_entropy(value) >= 3.0;
        if (session_name && value.len() >= 8) || secret_like {
            let value_start =
                pair_start + eq + 1 + (raw_value.len() - raw_value.trim_start().len());
            return Some(value_start..value_start + value.len());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Vec<&'static str> {
        scan(text).into_iter().map(|f| f.rule).collect()
    }

    fn secret(text: &str) -> &str {
        let found = scan(text);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        &text[found[0].range.clone()]
    }

    /// Each rule with a positive case and a near miss that must not be flagged.
    #[test]
    fn every_rule_has_a_hit_and_a_near_miss() {
        let key_body = "MIIEpAIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun";
        let cases: &[(&str, &str, &str)] = &[
            (
                "private-key",
                &format!(
                    "-----BEGIN RSA PRIVATE KEY-----\n{key_body}\n-----END RSA PRIVATE KEY-----"
                ),
                "the key starts with -----BEGIN RSA PRIVATE KEY----- and is in the vault",
            ),
            (
                "aws-access-key-id",
                "id AKIA2E0A8F3B244C9986 used",
                "AKIAIOSFODNN7EXAMPLE is AWS's documentation key",
            ),
            (
                "github-token",
                "ghp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u",
                "ghp_short and ghp_ prefixes",
            ),
            (
                "github-token",
                "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF",
                "github_pat_ is the prefix",
            ),
            (
                "gitlab-token",
                "glpat-x8Rk2LmQ9vT4zN7wP1yS",
                "glpat-tooShort",
            ),
            (
                "slack-token",
                "xoxb-2048561234-4096123456789-Qx8Rk2LmQ9vT4zN7",
                "xoxb-is-a-prefix",
            ),
            (
                "slack-token",
                "https://hooks.slack.com/services/T024BE7LD/B01ABC2DEF3/Qx8Rk2LmQ9vT4zN7wP1yS3",
                "https://hooks.slack.com/services/",
            ),
            (
                "stripe-key",
                "sk_live_51HqLyjWDarjtT1zdp7dcXYZ",
                "pk_live_51HqLyjWDarjtT1zdp7dcXYZ is publishable",
            ),
            (
                "openai-api-key",
                "sk-proj-Qx8Rk2LmQ9vT4zN7wP1yS3dF5hJ0cG8aE2uB6n",
                "pip install scikit-learn; task-manager-sk-documentation",
            ),
            (
                "anthropic-api-key",
                "sk-ant-api03-Qx8Rk2LmQ9vT4zN7wP1yS3dF5hJ0cG8aE2uB6n",
                "sk-ant- keys live in the vault",
            ),
            (
                "google-api-key",
                "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY",
                "AIzaSy is how the keys start",
            ),
            (
                "npm-token",
                "npm_Qx8Rk2LmQ9vT4zN7wP1yS3dF5hJ0cG8aE2uB",
                "npm_config_registry",
            ),
            (
                "jwt",
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
                "eyJ is base64 for {\"",
            ),
            (
                "uri-credentials",
                "https://user:pass@host.example.com/x",
                "https://user@host.example.com/x and https://user:${PASSWORD}@host",
            ),
            (
                "credential-assignment",
                "export DB_PASSWORD=T7x!q9Lm2#vR4zK8",
                "the secret named DEPLOY_TOKEN; token: DEPLOY_TOKEN; password: ${{ secrets.DB }}",
            ),
            (
                "credential-assignment",
                "Authorization: Bearer Qx8Rk2LmQ9vT4zN7wP1yS3dF",
                "use a bearer token from the vault",
            ),
            (
                "cookie-header",
                "Cookie: theme=dark; sessionid=8f14e45fceea167a5a36dedd4bea2543",
                "Cookie: theme=dark; lang=en",
            ),
        ];
        for (rule, hit, miss) in cases {
            assert_eq!(rules(hit), [*rule], "{rule} must find {hit:?}");
            assert_eq!(
                rules(miss),
                Vec::<&str>::new(),
                "{rule} must not flag {miss:?}"
            );
        }
    }

    #[test]
    fn finds_the_secret_part() {
        assert_eq!(
            secret("https://deploy:s3cr3t-Pa55@git.example.com/repo.git"),
            "s3cr3t-Pa55"
        );
        assert_eq!(
            secret("password = \"T7x!q9Lm2#vR4zK8\";"),
            "T7x!q9Lm2#vR4zK8"
        );
        assert_eq!(
            secret("{\"api_key\": \"Qx8Rk2LmQ9vT4zN7wP1y\"}"),
            "Qx8Rk2LmQ9vT4zN7wP1y"
        );
        assert_eq!(
            secret("Set-Cookie: sid=Zx9Qw8Er7Ty6Ui5O; Path=/; HttpOnly"),
            "Zx9Qw8Er7Ty6Ui5O"
        );
    }

    #[test]
    fn placeholders_and_names_are_not_secrets() {
        for text in [
            "password: ********",
            "token=<your-token-here>",
            "secret: REDACTED",
            "api_key=${API_KEY}",
            "the secret named DEPLOY_TOKEN",
            "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "AKIAXXXXXXXXXXXXXXXX",
            "password=changeme123",
            "https://user:****@host",
            "token_url=https://auth.example.com/token",
        ] {
            assert!(scan(text).is_empty(), "{text}: {:?}", scan(text));
        }
    }

    #[test]
    fn redaction_shows_at_most_a_quarter_and_four_characters() {
        assert_eq!(
            redact("ghp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u"),
            "ghp_… (40 characters, redacted)"
        );
        assert_eq!(redact("s3cr3t-P"), "s3… (8 characters, redacted)");
        assert_eq!(redact("abc"), "… (3 characters, redacted)");
    }

    #[test]
    fn every_rule_is_reachable() {
        for (index, (rule, _)) in RULES.iter().enumerate() {
            assert!(
                ANCHORS.iter().any(|(_, r, _)| *r == index),
                "{rule} has no anchor"
            );
        }
    }
}
