//! Whether a value written where a credential goes is one.
//!
//! A value is not a credential when it stands for one (a placeholder: `<token>`,
//! `${DEPLOY_TOKEN}`, `****`, `example`, `your-api-key-here`), when it refers to one (an
//! environment variable's name, a path, a URL, an ARN, a vault reference, a function call
//! such as `os.Getenv("X")`), or, for tokens and keys, when it does not look generated
//! (`v3-inventory-2026`, `o200k_base`). Placeholders are judged on the whole value: a real
//! value that merely contains `...` or the word `example` is still a credential.

use super::names::NameClass;
use super::words::Words;

/// Longer values are not credentials assigned to a name (and are not examined); tokens with
/// their own shape (JWTs, PEM blocks) have rules of their own.
pub(crate) const MAX_VALUE: usize = 2048;

/// Whether `value`, written where `class` says a credential goes, is one. `strict` is for a
/// name in prose ("the password is X"), where a plain word is not the password.
pub(crate) fn is_credential(class: NameClass, value: &str, strict: bool) -> bool {
    match class {
        NameClass::Password => {
            (password_like(value) && !(strict && is_word(value)))
                || COMMON_PASSWORDS.contains(value)
        }
        _ => secret_like(value) || dense(value),
    }
}

/// A long value of many distinct characters with a digit or a symbol, neither a slug nor a
/// reference: where a name says a secret goes, that is one even when its characters happen to
/// change kind less often than [`looks_generated`] asks (a random 40-character key does, now
/// and then).
fn dense(value: &str) -> bool {
    value.len() >= 20 && entropy(value) >= 4.0 && password_like(value)
}

/// Letters only: a word, which in prose ("the password is rotated") is not the password.
fn is_word(value: &str) -> bool {
    value.bytes().all(|b| b.is_ascii_alphabetic())
}

/// The most common passwords of the published breach lists that have neither a digit nor a
/// symbol: a name such as `password` given one of these is given a password.
static COMMON_PASSWORDS: Words = Words::new(&[
    "abcdef",
    "asdfgh",
    "baseball",
    "batman",
    "charlie",
    "dragon",
    "football",
    "freedom",
    "hello",
    "iloveyou",
    "jennifer",
    "jordan",
    "letmein",
    "master",
    "michael",
    "monkey",
    "mustang",
    "passw0rd",
    "princess",
    "qazwsx",
    "qwerty",
    "qwertyuiop",
    "shadow",
    "starwars",
    "sunshine",
    "superman",
    "trustno1",
    "welcome",
    "whatever",
    "zxcvbn",
]);

/// A password: at least 6 characters, with a digit or a symbol (or mixed case inside a
/// word), neither a placeholder nor a reference, nor a slug of words (`read-only`,
/// `rotated-2026-11`).
pub(crate) fn password_like(value: &str) -> bool {
    let length = value.chars().count();
    if !(6..=MAX_VALUE).contains(&length) || rejected(value) {
        return false;
    }
    let bytes = value.as_bytes();
    let digit = bytes.iter().any(u8::is_ascii_digit);
    let symbol = bytes
        .iter()
        .any(|&b| !b.is_ascii_alphanumeric() && !is_separator(b));
    let inner_case = bytes.iter().skip(1).any(u8::is_ascii_uppercase)
        && bytes.iter().any(u8::is_ascii_lowercase);
    (digit || symbol || inner_case) && !is_slug(value)
}

/// A generated secret: at least 8 characters of at least two kinds (lower, upper, digit,
/// symbol) that change often from one character to the next, with enough entropy; neither a
/// placeholder nor a reference.
pub(crate) fn secret_like(value: &str) -> bool {
    let length = value.chars().count();
    (8..=MAX_VALUE).contains(&length) && !rejected(value) && looks_generated(value)
}

/// Looks generated: the test behind [`secret_like`], without the placeholder and reference
/// checks (for token bodies whose prefix already says what they are).
pub(crate) fn looks_generated(value: &str) -> bool {
    let mut kinds = [false; 4];
    let mut switches = 0usize;
    let mut pairs = 0usize;
    let mut previous: Option<usize> = None;
    for b in value.bytes() {
        if is_separator(b) {
            // A separator ends a segment; it is neither a kind nor a switch.
            previous = None;
            continue;
        }
        let kind = kind(b);
        kinds[kind] = true;
        if let Some(p) = previous {
            pairs += 1;
            switches += usize::from(p != kind);
        }
        previous = Some(kind);
    }
    let kinds = kinds.iter().filter(|k| **k).count();
    #[allow(clippy::cast_precision_loss)]
    let rate = if pairs == 0 {
        0.0
    } else {
        switches as f64 / pairs as f64
    };
    #[allow(clippy::cast_precision_loss)]
    let wanted = ((value.len() as f64).log2() - 0.5).min(3.0);
    kinds >= 2 && rate >= 0.3 && entropy(value) >= wanted
}

fn kind(b: u8) -> usize {
    if b.is_ascii_lowercase() {
        0
    } else if b.is_ascii_uppercase() {
        1
    } else if b.is_ascii_digit() {
        2
    } else {
        3
    }
}

fn is_separator(b: u8) -> bool {
    matches!(b, b'-' | b'_' | b'.' | b'/')
}

/// Shannon entropy in bits per byte.
pub(crate) fn entropy(value: &str) -> f64 {
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

/// Too few distinct characters to be generated (`xxxx…`, `0000…`, `abab…`).
pub(crate) fn looks_filler(body: &str) -> bool {
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

/// Neither a placeholder nor a reference nor anything with spaces or controls in it.
fn rejected(value: &str) -> bool {
    value.chars().any(|c| c.is_whitespace() || c.is_control())
        || is_placeholder(value)
        || is_reference(value)
}

/// Words a placeholder is made of: `your-api-key-here`, `CHANGE_ME`, `<redacted>`,
/// `sample_token`, `not-set`, `n/a`.
static PLACEHOLDER_WORDS: Words = Words::new(&[
    "a",
    "abc",
    "above",
    "access",
    "account",
    "actual",
    "admin",
    "an",
    "anthropic",
    "any",
    "api",
    "apikey",
    "app",
    "as",
    "auth",
    "aws",
    "bar",
    "baz",
    "bearer",
    "below",
    "blank",
    "censored",
    "change",
    "changeme",
    "ci",
    "client",
    "credential",
    "credentials",
    "current",
    "db",
    "default",
    "deleted",
    "demo",
    "dev",
    "development",
    "disabled",
    "dummy",
    "elided",
    "empty",
    "enabled",
    "enter",
    "env",
    "environment",
    "example",
    "examples",
    "expired",
    "fake",
    "false",
    "fill",
    "fixme",
    "foo",
    "for",
    "from",
    "generated",
    "ghp",
    "github",
    "gitlab",
    "glpat",
    "go",
    "goes",
    "here",
    "hf",
    "hidden",
    "hunter",
    "id",
    "in",
    "insert",
    "invalid",
    "is",
    "key",
    "keys",
    "live",
    "local",
    "long",
    "masked",
    "me",
    "mock",
    "my",
    "n",
    "na",
    "name",
    "new",
    "nil",
    "no",
    "none",
    "not",
    "npm",
    "null",
    "of",
    "off",
    "old",
    "omitted",
    "on",
    "openai",
    "optional",
    "our",
    "pass",
    "passphrase",
    "passwd",
    "password",
    "paste",
    "personal",
    "pk",
    "placeholder",
    "private",
    "prod",
    "production",
    "public",
    "put",
    "pwd",
    "qux",
    "random",
    "real",
    "redacted",
    "removed",
    "replace",
    "replaceme",
    "required",
    "reset",
    "revoked",
    "root",
    "rotate",
    "rotated",
    "same",
    "sample",
    "samples",
    "secret",
    "secrets",
    "secure",
    "see",
    "service",
    "set",
    "signing",
    "sk",
    "slack",
    "some",
    "staging",
    "stored",
    "str",
    "string",
    "stripe",
    "strong",
    "tbd",
    "test",
    "testing",
    "text",
    "that",
    "the",
    "their",
    "there",
    "this",
    "to",
    "todo",
    "token",
    "tokens",
    "true",
    "undefined",
    "unknown",
    "unset",
    "user",
    "username",
    "value",
    "values",
    "var",
    "variable",
    "vault",
    "webhook",
    "with",
    "xoxb",
    "xxx",
    "xxxx",
    "xyz",
    "yes",
    "your",
]);

/// Stands for a secret rather than being one. Judged on the whole value.
pub(crate) fn is_placeholder(value: &str) -> bool {
    let value = value.trim();
    if value.is_empty()
        || value.chars().all(|c| {
            matches!(
                c,
                '*' | 'x' | 'X' | '•' | '·' | '.' | '#' | '?' | '_' | '-' | '…'
            )
        })
    {
        return true;
    }
    if DOCUMENTED_EXAMPLES.contains(&value) {
        return true;
    }
    let wrapped = |open: char, close: char| value.starts_with(open) && value.ends_with(close);
    // `<token>`, `${DEPLOY_TOKEN}`, `{{ secrets.X }}`, `$DEPLOY_TOKEN`.
    if wrapped('<', '>')
        || (value.starts_with("${") && value.ends_with('}'))
        || (value.starts_with("{{") && value.ends_with("}}"))
        || (value.len() > 1
            && value.starts_with('$')
            && value[1..]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_'))
    {
        return true;
    }
    let inner = |n: usize| value.get(n..value.len() - n).unwrap_or("");
    if (wrapped('[', ']') || wrapped('{', '}') || wrapped('(', ')')) && words_only(inner(1)) {
        return true;
    }
    if (value.starts_with("__") && value.ends_with("__")) && words_only(inner(2)) {
        return true;
    }
    words_only(value)
}

/// Keys published in providers' documentation as examples (AWS's `…EXAMPLE` keys).
const DOCUMENTED_EXAMPLES: &[&str] = &[
    "AKIAIOSFODNN7EXAMPLE",
    "AKIAI44QH8DHBEXAMPLE",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
];

/// Made only of placeholder words (split at non-letters and camel case), without digits.
fn words_only(value: &str) -> bool {
    if value.is_empty() || value.bytes().any(|b| b.is_ascii_digit()) {
        return false;
    }
    let mut words = 0;
    let mut start = None;
    let bytes = value.as_bytes();
    let mut check = |from: usize, to: usize| {
        let word = &value[from..to];
        words += 1;
        PLACEHOLDER_WORDS.contains(word)
    };
    for (i, &b) in bytes.iter().enumerate() {
        let letter = b.is_ascii_alphabetic();
        match (start, letter) {
            (None, true) => start = Some(i),
            (Some(s), true) => {
                if bytes[i - 1].is_ascii_lowercase() && b.is_ascii_uppercase() {
                    if !check(s, i) {
                        return false;
                    }
                    start = Some(i);
                }
            }
            (Some(s), false) => {
                if !check(s, i) {
                    return false;
                }
                start = None;
            }
            (None, false) => {}
        }
        if !letter && !b.is_ascii_punctuation() && b != b' ' {
            // Non-ASCII letters and the like: not a placeholder word.
            return false;
        }
    }
    if let Some(s) = start
        && !check(s, bytes.len())
    {
        return false;
    }
    words > 0
}

/// Refers to a secret kept elsewhere, or is plainly not one: an environment variable's name,
/// a template, a function call, a dotted name, a URL, a vault or ARN reference, a path, an
/// email address, a number, a date or a version.
pub(crate) fn is_reference(value: &str) -> bool {
    let bytes = value.as_bytes();
    let Some(&first) = bytes.first() else {
        return true;
    };
    if matches!(first, b'$' | b'%' | b'@' | b':')
        || ["${", "{{", "}}", "#{", "<%", "%(", "(", ")"]
            .iter()
            .any(|m| value.contains(m))
        || value.contains("://")
    {
        return true;
    }
    // `DEPLOY_TOKEN`, `AWS_SECRET_ACCESS_KEY`: a name, not a value.
    if first.is_ascii_uppercase()
        && bytes
            .iter()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_')
        && !looks_generated(value)
    {
        return true;
    }
    // `vault:secret/data/db`, `arn:aws:...`, `op://...`, `env:NAME`.
    if let Some((scheme, _)) = value.split_once(':')
        && [
            "vault",
            "op",
            "arn",
            "env",
            "file",
            "ssm",
            "sm",
            "secret",
            "secrets",
            "keyvault",
            "gcp",
            "aws",
            "azure",
            "k8s",
            "kms",
            "awssm",
            "doppler",
            "bw",
            "infisical",
            "sops",
            "gcpsm",
            "akv",
            "ref",
            "secretref",
        ]
        .iter()
        .any(|s| s.eq_ignore_ascii_case(scheme))
    {
        return true;
    }
    // Dotted names: `os.environ`, `config.db.password`, `secrets.DEPLOY_TOKEN`.
    if value.contains('.')
        && value.split('.').all(|part| {
            part.bytes()
                .next()
                .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
                && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && !looks_generated(part)
        })
    {
        return true;
    }
    // Paths: `/etc/app/db.pw`, `~/.aws/credentials`, `prod/db/password-v2`, `C:\keys`; but
    // not a generated value that starts with `/` or holds one (base64 does).
    let rooted = matches!(first, b'/' | b'~' | b'\\')
        || value.starts_with("./")
        || value.starts_with("../")
        || value.contains('\\');
    if rooted
        && value
            .split(['/', '\\'])
            .all(|p| p.is_empty() || is_slug_part(p) || !looks_generated(p))
        || (value.contains('/') && value.split('/').all(is_slug_part))
    {
        return true;
    }
    // An email address.
    if let Some((local, domain)) = value.split_once('@')
        && !local.is_empty()
        && domain.contains('.')
        && domain
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
        && !looks_generated(local)
    {
        return true;
    }
    // Numbers, dates, times, versions: digits and punctuation only, or `v1.2.3`.
    let digits_and_punctuation = |s: &str| {
        s.bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b',' | b':' | b'-' | b'+' | b'_'))
    };
    digits_and_punctuation(value)
        || (value.len() > 1
            && matches!(first, b'v' | b'V')
            && value[1..].starts_with(|c: char| c.is_ascii_digit())
            && value[1..]
                .split_once('-')
                .map_or(digits_and_punctuation(&value[1..]), |(v, _)| {
                    digits_and_punctuation(v)
                }))
}

/// Words and numbers joined by separators, like an identifier or a slug: `v3-inventory-2026`,
/// `read-only`, `o200k_base`.
pub(crate) fn is_slug(value: &str) -> bool {
    value.bytes().any(is_separator)
        && value
            .split(|c: char| c.is_ascii() && is_separator(c as u8))
            .all(|s| s.is_empty() || is_slug_segment(s))
}

/// A path segment made of slug segments (`password-v2`, `db.pw`).
fn is_slug_part(part: &str) -> bool {
    part.split(['-', '_', '.'])
        .all(|s| s.is_empty() || is_slug_segment(s))
}

/// One segment of a slug: a lowercase (or capitalized) word, a number, or a short mix
/// (`v3`, `o200k`, `x86`).
fn is_slug_segment(segment: &str) -> bool {
    let bytes = segment.as_bytes();
    if bytes.iter().all(u8::is_ascii_digit) {
        return true;
    }
    if !bytes.iter().all(u8::is_ascii_alphanumeric) {
        return false;
    }
    if bytes.len() <= 5 && bytes.iter().filter(|b| b.is_ascii_digit()).count() <= 3 {
        return true;
    }
    let rest_lower = bytes.iter().skip(1).all(|b| !b.is_ascii_uppercase());
    let letters = bytes.iter().all(u8::is_ascii_alphabetic);
    letters && (rest_lower || bytes.iter().all(u8::is_ascii_uppercase)) && has_vowel(segment)
}

fn has_vowel(word: &str) -> bool {
    word.bytes().any(|b| {
        matches!(
            b.to_ascii_lowercase(),
            b'a' | b'e' | b'i' | b'o' | b'u' | b'y'
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_judged_on_the_whole_value() {
        for value in [
            "<token>",
            "${DEPLOY_TOKEN}",
            "****",
            "example",
            "your-api-key-here",
            "CHANGE_ME",
            "[REDACTED]",
            "not-set",
            "n/a",
            "xxxxxxxx",
            "…",
            "AKIAIOSFODNN7EXAMPLE",
        ] {
            assert!(is_placeholder(value), "{value}");
        }
        for value in [
            "Hunter2x9Qzz",
            "example-Xk9#mP2q",
            "Tr0ub4dor...3",
            "changeme123",
        ] {
            assert!(!is_placeholder(value), "{value}");
        }
    }

    #[test]
    fn references_are_not_values() {
        for value in [
            "DEPLOY_TOKEN",
            "os.urandom",
            "os.Getenv(\"DB_PASSWORD\")",
            "DefaultAzureCredential()",
            "prod/db/password-v2",
            "/etc/app/db.pw",
            "~/.aws/credentials",
            "/srv/app",
            "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf",
            "vault:secret/data/db",
            "https://vault.example.com/v1/secret",
            "2026-11-30",
            "v1.2.3",
            "ops@example.com",
        ] {
            assert!(is_reference(value), "{value}");
        }
        for value in [
            "Hunter2x9Qzz",
            "8f14e45fceea167a5a36dedd4bea2543",
            "P@ssw0rd!",
        ] {
            assert!(!is_reference(value), "{value}");
        }
    }

    #[test]
    fn generated_values_are_told_from_words() {
        for value in [
            "a8f3k2m9x7q1",
            "Qx8Rk2LmQ9vT4zN7wP1y",
            "8f14e45fceea167a5a36dedd4bea2543",
            "T7x!q9Lm2#vR4zK8",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEa",
        ] {
            assert!(secret_like(value), "{value}");
        }
        for value in [
            "v3-inventory-2026",
            "o200k_base",
            "ProductionDeploymentKey2026",
            "bearer",
            "required",
            "12345678901234",
            "deadbeefcafebabe",
        ] {
            assert!(!secret_like(value), "{value}");
        }
    }

    #[test]
    fn passwords_may_be_memorable() {
        for value in ["hunter2", "Tr0ub4dor&3", "P@ssw0rd!", "correcthorse9"] {
            assert!(password_like(value), "{value}");
        }
        for value in [
            "required",
            "rotated-2026-11",
            "read-only",
            "12345678",
            "hidden",
            "Disabled",
        ] {
            assert!(!password_like(value), "{value}");
        }
    }
}
