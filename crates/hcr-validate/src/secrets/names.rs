//! Names that say their value is a credential: `password`, `client_secret`, `X-Api-Key`,
//! `GITHUB_TOKEN`, `spring.datasource.password`, `Authorization`, `Cookie`.
//!
//! A name is split into words (`snake_case`, `kebab-case`, `dotted.names`, `camelCase`,
//! `SCREAMING_CASE`, spaces) and judged by its last word, the way English names a thing by its
//! head noun: `password_policy` is a policy, `token_type` a type, `secret_name` a name,
//! `tokenizer` no credential at all. `key` counts only with a word that makes it a credential
//! (`api_key`, `access_key`, `private_key`, not `public_key`, `cache_key` or `primary_key`).

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
const NOT_CREDENTIAL_TOKENS: &[&str] = &[
    "page",
    "next",
    "prev",
    "previous",
    "continuation",
    "pagination",
    "cursor",
    "sync",
    "csrf",
    "xsrf",
    "cancellation",
    "cancel",
    "resume",
    "idempotency",
    "bos",
    "eos",
    "pad",
    "unk",
    "mask",
    "sep",
    "cls",
    "special",
    "max",
    "min",
    "num",
    "input",
    "output",
    "prompt",
    "completion",
    "total",
    "design",
    "start",
    "end",
    "stop",
    "word",
    "sub",
    "cached",
    "reasoning",
    "image",
    "audio",
    "count",
    "first",
    "last",
    "lexer",
    "parser",
    "syntax",
    "cancelation",
];

/// Words before `key` that make it a credential (`api_key`, `AWS_SECRET_ACCESS_KEY`,
/// `signingKey`), including the names of services whose keys are secrets.
const CREDENTIAL_KEYS: &[&str] = &[
    "api",
    "access",
    "secret",
    "private",
    "signing",
    "sign",
    "encryption",
    "encrypt",
    "decryption",
    "master",
    "client",
    "auth",
    "deploy",
    "service",
    "account",
    "app",
    "application",
    "subscription",
    "ssh",
    "consumer",
    "session",
    "webhook",
    "hmac",
    "shared",
    "root",
    "admin",
    "license",
    "integration",
    "server",
    "write",
    "management",
    "storage",
    "connection",
    "cipher",
    "crypto",
    "aes",
    "gpg",
    "pgp",
    "jwt",
    "token",
    "bearer",
    "openai",
    "anthropic",
    "stripe",
    "github",
    "gitlab",
    "slack",
    "aws",
    "gcp",
    "azure",
    "google",
    "twilio",
    "sendgrid",
    "mailgun",
    "datadog",
    "sentry",
    "heroku",
    "algolia",
    "pusher",
    "firebase",
    "supabase",
    "pinecone",
    "cohere",
    "mistral",
    "groq",
    "huggingface",
    "replicate",
    "gemini",
    "deepseek",
    "openrouter",
    "voyage",
    "tavily",
    "serper",
];

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

fn any(word: &str, list: &[&str]) -> bool {
    list.iter().any(|w| is(word, w))
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
    if name.is_empty() || name.len() > MAX_NAME {
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
    if !is_head(head) {
        let lower = head.to_ascii_lowercase();
        if let Some(suffix) = SUFFIXES
            .iter()
            .find(|s| lower.len() > s.len() && lower.ends_with(*s))
        {
            let split_at = head.len() - suffix.len();
            before = Some(&head[..split_at]);
            head = &head[split_at..];
        }
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
    match head.to_ascii_lowercase().as_str() {
        "password" | "passwd" | "passphrase" | "passcode" | "pwd" | "pass" | "pw" => {
            Some(NameClass::Password)
        }
        "secret" | "apikey" | "credential" | "credentials" | "cred" | "creds" | "bearer"
        | "jwt" | "pat" | "sig" => Some(NameClass::Secret),
        "token" if !any(before, NOT_CREDENTIAL_TOKENS) => Some(NameClass::Secret),
        "key" if any(before, CREDENTIAL_KEYS) => Some(NameClass::Secret),
        "auth" | "authorization" => Some(NameClass::Authorization),
        "cookie" => Some(NameClass::Cookie),
        _ => None,
    }
}

/// Whether `word` is a head by itself (so that `passwd` is not split into `pass` + `wd`).
fn is_head(word: &str) -> bool {
    any(
        word,
        &[
            "password",
            "passwd",
            "passphrase",
            "passcode",
            "pwd",
            "pass",
            "secret",
            "apikey",
            "token",
            "key",
            "credential",
            "credentials",
            "auth",
            "authorization",
            "cookie",
            "bearer",
            "jwt",
        ],
    )
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
    any(
        word,
        &[
            "bearer",
            "basic",
            "token",
            "bot",
            "ssws",
            "apikey",
            "key",
            "negotiate",
            "ntlm",
            "digest",
            "dpop",
            "mac",
        ],
    )
}

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
