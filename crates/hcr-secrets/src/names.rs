//! Names that say their value is a credential: `password`, `client_secret`, `X-Api-Key`,
//! `GITHUB_TOKEN`, `spring.datasource.password`, `Authorization`, `Cookie`.
//!
//! A name is split into words (`snake_case`, `kebab-case`, `dotted.names`, `camelCase`,
//! `SCREAMING_CASE`, spaces) and judged by its last word, the way English names a thing by its
//! head noun: `password_policy` is a policy, `token_type` a type, `secret_name` a name,
//! `tokenizer` no credential at all. `key` counts only with a word that makes it a credential
//! (`api_key`, `access_key`, `private_key`, not `public_key`, `cache_key` or `primary_key`).

use super::words::{Words, pack, packed};

/// What a name says its value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NameClass {
    /// A password or passphrase: memorable values count too.
    Password,
    /// A token, key or secret: only values that look generated count.
    Secret,
    /// An `Authorization` header: a scheme (`Bearer`, `Basic`) and a credential.
    Authorization,
    /// A `Cookie` or `Set-Cookie` header: its session cookies count.
    Cookie,
}

/// Longer names are not credential names (and are not examined).
pub(crate) const MAX_NAME: usize = 64;

/// Most words a name is split into.
const MAX_WORDS: usize = 12;

/// Words before `token` that make it something else than a credential: pagination cursors,
/// anti-forgery tokens, tokenizer vocabulary, token counts.
static NOT_CREDENTIAL_TOKENS: Words = Words::new(&[
    "audio",
    "bos",
    "cached",
    "cancel",
    "cancelation",
    "cancellation",
    "cls",
    "completion",
    "continuation",
    "count",
    "csrf",
    "cursor",
    "design",
    "end",
    "eos",
    "first",
    "idempotency",
    "image",
    "input",
    "last",
    "lexer",
    "mask",
    "max",
    "min",
    "next",
    "num",
    "output",
    "pad",
    "page",
    "pagination",
    "parser",
    "prev",
    "previous",
    "prompt",
    "reasoning",
    "resume",
    "sep",
    "special",
    "start",
    "stop",
    "sub",
    "sync",
    "syntax",
    "total",
    "unk",
    "word",
    "xsrf",
]);

/// Words before `key` that make it a credential (`api_key`, `AWS_SECRET_ACCESS_KEY`,
/// `signingKey`), including the names of services whose keys are secrets.
static CREDENTIAL_KEYS: Words = Words::new(&[
    "access",
    "account",
    "admin",
    "aes",
    "algolia",
    "anthropic",
    "api",
    "app",
    "application",
    "auth",
    "aws",
    "azure",
    "bearer",
    "cipher",
    "client",
    "cohere",
    "connection",
    "consumer",
    "crypto",
    "datadog",
    "decryption",
    "deepseek",
    "deploy",
    "encrypt",
    "encryption",
    "firebase",
    "gcp",
    "gemini",
    "github",
    "gitlab",
    "google",
    "gpg",
    "groq",
    "heroku",
    "hmac",
    "huggingface",
    "integration",
    "jwt",
    "license",
    "mailgun",
    "management",
    "master",
    "mistral",
    "openai",
    "openrouter",
    "pgp",
    "pinecone",
    "private",
    "pusher",
    "replicate",
    "root",
    "secret",
    "sendgrid",
    "sentry",
    "serper",
    "server",
    "service",
    "session",
    "shared",
    "sign",
    "signing",
    "slack",
    "ssh",
    "storage",
    "stripe",
    "subscription",
    "supabase",
    "tavily",
    "token",
    "twilio",
    "voyage",
    "webhook",
    "write",
]);

/// The words of `name`, lowercased, into `out`; how many there are (`None` past
/// [`MAX_WORDS`]).
fn split<'a>(name: &'a str, out: &mut [&'a str; MAX_WORDS]) -> Option<usize> {
    let bytes = name.as_bytes();
    let mut count = 0;
    let mut start = None;
    let mut push = |from: usize, to: usize, count: &mut usize| -> Option<()> {
        if to > from {
            if *count == MAX_WORDS {
                return None;
            }
            out[*count] = &name[from..to];
            *count += 1;
        }
        Some(())
    };
    for (i, &b) in bytes.iter().enumerate() {
        if !b.is_ascii_alphanumeric() {
            if let Some(s) = start.take() {
                push(s, i, &mut count)?;
            }
            continue;
        }
        match start {
            None => start = Some(i),
            Some(s) => {
                let prev = bytes[i - 1];
                let next = bytes.get(i + 1).copied();
                // `apiKey`: lower to upper; `APIKey`: the last capital of a run before a
                // lowercase letter starts a word.
                let camel = prev.is_ascii_lowercase() && b.is_ascii_uppercase();
                let acronym = prev.is_ascii_uppercase()
                    && b.is_ascii_uppercase()
                    && next.is_some_and(|n| n.is_ascii_lowercase());
                if camel || acronym {
                    push(s, i, &mut count)?;
                    start = Some(i);
                }
            }
        }
    }
    if let Some(s) = start {
        push(s, bytes.len(), &mut count)?;
    }
    Some(count)
}

fn is(word: &str, wanted: &str) -> bool {
    word.eq_ignore_ascii_case(wanted)
}

/// The ends of every head word: a name that ends otherwise (`keyboard`, `author`,
/// `tokenizer`, `passport`) names no credential, and is turned away without being split.
const HEAD_ENDINGS: &[&[u8]] = &[
    b"password",
    b"passwd",
    b"passphrase",
    b"passcode",
    b"pwd",
    b"pass",
    b"pw",
    b"secret",
    b"key",
    b"credential",
    b"credentials",
    b"cred",
    b"creds",
    b"bearer",
    b"jwt",
    b"pat",
    b"sig",
    b"token",
    b"auth",
    b"authorization",
    b"cookie",
    b"base",
];

fn ends_like_head(name: &str) -> bool {
    let bytes = name.as_bytes();
    let tail = &bytes[bytes.len().saturating_sub(13)..];
    let mut buffer = [0u8; 13];
    let lower = &mut buffer[..tail.len()];
    for (o, b) in lower.iter_mut().zip(tail) {
        *o = b.to_ascii_lowercase();
    }
    HEAD_ENDINGS.iter().any(|ending| lower.ends_with(ending))
}

fn ends_with_ignoring_case(word: &str, suffix: &str) -> bool {
    word.len() > suffix.len()
        && word.as_bytes()[word.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
}

/// Heads written as one word with their qualifier (`apitoken`, `secretkey`, `dbpassword`):
/// the suffix, and the class it gives.
const SUFFIXES: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "secret",
    "token",
    "key",
    "pwd",
    "cookie",
];

/// What `name` says its value is, if a credential.
pub(crate) fn classify(name: &str) -> Option<NameClass> {
    let name = name.trim_matches(|c: char| matches!(c, '-' | '.' | '_' | ' ' | '$' | '@'));
    if name.is_empty() || name.len() > MAX_NAME || !ends_like_head(name) {
        return None;
    }
    let mut words = [""; MAX_WORDS];
    let count = split(name, &mut words)?;
    if count == 0 {
        return None;
    }
    let mut head = words[count - 1];
    let mut before = (count >= 2).then(|| words[count - 2]);
    // `apitoken` → `api` + `token`; `monkey` → `mon` + `key` (which then is no credential).
    if !is_head(head)
        && let Some(suffix) = SUFFIXES.iter().find(|s| ends_with_ignoring_case(head, s))
    {
        let split_at = head.len() - suffix.len();
        before = Some(&head[..split_at]);
        head = &head[split_at..];
    }
    // Rails' `secret_key_base` is a secret although its last word is not.
    if is(head, "base")
        && count >= 3
        && is(words[count - 2], "key")
        && is(words[count - 3], "secret")
    {
        return Some(NameClass::Secret);
    }
    let before = before.unwrap_or("");
    const PASSWORD: [u128; 7] = [
        packed("password"),
        packed("passwd"),
        packed("passphrase"),
        packed("passcode"),
        packed("pwd"),
        packed("pass"),
        packed("pw"),
    ];
    const SECRET: [u128; 10] = [
        packed("secret"),
        packed("apikey"),
        packed("credential"),
        packed("credentials"),
        packed("cred"),
        packed("creds"),
        packed("bearer"),
        packed("jwt"),
        packed("pat"),
        packed("sig"),
    ];
    const AUTHORIZATION: [u128; 2] = [packed("auth"), packed("authorization")];
    let head = pack(head)?;
    if PASSWORD.contains(&head) {
        Some(NameClass::Password)
    } else if SECRET.contains(&head) {
        Some(NameClass::Secret)
    } else if head == packed("token") {
        (!NOT_CREDENTIAL_TOKENS.contains(before)).then_some(NameClass::Secret)
    } else if head == packed("key") {
        CREDENTIAL_KEYS
            .contains(before)
            .then_some(NameClass::Secret)
    } else if AUTHORIZATION.contains(&head) {
        Some(NameClass::Authorization)
    } else if head == packed("cookie") {
        Some(NameClass::Cookie)
    } else {
        None
    }
}

/// Whether `word` is a head by itself (so that `passwd` is not split into `pass` + `wd`).
fn is_head(word: &str) -> bool {
    HEADS.contains(word)
}

/// Words that are heads by themselves, sorted.
static HEADS: Words = Words::new(&[
    "apikey",
    "auth",
    "authorization",
    "bearer",
    "cookie",
    "credential",
    "credentials",
    "jwt",
    "key",
    "pass",
    "passcode",
    "passphrase",
    "passwd",
    "password",
    "pwd",
    "secret",
    "token",
]);

/// Whether `word` before `key` makes it a credential (`API key`, `Access Key`).
pub(crate) fn is_credential_key_qualifier(word: &str) -> bool {
    CREDENTIAL_KEYS.contains(word)
}

/// Whether `word` is a sign of a session cookie's name (`sessionid`, `connect.sid`,
/// `remember_token`) rather than an analytics or preference cookie (`_ga`, `theme`,
/// `csrftoken`, `_uetsid`).
pub(crate) fn is_session_cookie(name: &str) -> bool {
    let lower = name.trim().to_ascii_lowercase();
    let lower = lower
        .trim_start_matches("__secure-")
        .trim_start_matches("__host-");
    const ANALYTICS: &[&str] = &[
        "_ga",
        "_gid",
        "_gat",
        "_gcl",
        "_fb",
        "_hj",
        "_pk",
        "_cl",
        "_uet",
        "ai_",
        "ajs_",
        "amplitude",
        "mp_",
        "optimizely",
        "_dd_s",
        "_tt_",
        "_scid",
        "_rdt",
    ];
    if ANALYTICS.iter().any(|p| lower.starts_with(p))
        || lower.contains("csrf")
        || lower.contains("xsrf")
    {
        return false;
    }
    [
        "sess",
        "sid",
        "auth",
        "token",
        "jwt",
        "login",
        "logged_in",
        "remember",
    ]
    .iter()
    .any(|n| lower.contains(n))
}

/// HTTP authorization schemes that introduce a credential.
pub(crate) fn is_auth_scheme(word: &str) -> bool {
    AUTH_SCHEMES.contains(word)
}

/// HTTP authorization schemes, sorted.
static AUTH_SCHEMES: Words = Words::new(&[
    "apikey",
    "basic",
    "bearer",
    "bot",
    "digest",
    "dpop",
    "key",
    "mac",
    "negotiate",
    "ntlm",
    "ssws",
    "token",
]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_a_name_by_its_last_word() {
        for (name, class) in [
            ("password", Some(NameClass::Password)),
            ("DB_PASSWORD", Some(NameClass::Password)),
            ("spring.datasource.password", Some(NameClass::Password)),
            ("--password", Some(NameClass::Password)),
            ("dbPassword", Some(NameClass::Password)),
            ("dbpassword", Some(NameClass::Password)),
            ("passwd", Some(NameClass::Password)),
            ("client_secret", Some(NameClass::Secret)),
            ("clientSecret", Some(NameClass::Secret)),
            ("GITHUB_TOKEN", Some(NameClass::Secret)),
            ("access_token", Some(NameClass::Secret)),
            ("accesstoken", Some(NameClass::Secret)),
            ("x-api-key", Some(NameClass::Secret)),
            ("X-API-KEY", Some(NameClass::Secret)),
            ("apiKey", Some(NameClass::Secret)),
            ("APIKey", Some(NameClass::Secret)),
            ("aws_secret_access_key", Some(NameClass::Secret)),
            ("AccountKey", Some(NameClass::Secret)),
            ("secret_key_base", Some(NameClass::Secret)),
            ("API key", Some(NameClass::Secret)),
            ("Authorization", Some(NameClass::Authorization)),
            ("Proxy-Authorization", Some(NameClass::Authorization)),
            ("Cookie", Some(NameClass::Cookie)),
            ("Set-Cookie", Some(NameClass::Cookie)),
            ("password_policy", None),
            ("password_file", None),
            ("passwordHash", None),
            ("token_type", None),
            ("token_url", None),
            ("tokenizer", None),
            ("max_tokens", None),
            ("next_page_token", None),
            ("csrf_token", None),
            ("eos_token", None),
            ("secret_name", None),
            ("secretName", None),
            ("public_key", None),
            ("primary_key", None),
            ("cache_key", None),
            ("key", None),
            ("monkey", None),
            ("private_key_id", None),
            ("session_id", None),
            ("author", None),
            ("keyboard", None),
            ("", None),
        ] {
            assert_eq!(classify(name), class, "{name:?}");
        }
    }

    #[test]
    fn tells_session_cookies_from_analytics_ones() {
        for name in [
            "sessionid",
            "PHPSESSID",
            "connect.sid",
            "remember_token",
            "__Secure-next-auth.session-token",
        ] {
            assert!(is_session_cookie(name), "{name}");
        }
        for name in [
            "_ga",
            "_gid",
            "theme",
            "csrftoken",
            "_uetsid",
            "ai_session",
            "_hjSessionUser_1",
        ] {
            assert!(!is_session_cookie(name), "{name}");
        }
    }
}
