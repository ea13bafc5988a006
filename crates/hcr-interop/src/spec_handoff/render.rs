//! Rendering an artifact byte for byte as the reference writer does, and naming its file.

use std::fmt::Write as _;

use hcr_types::text::js_trim;
use unicode_normalization::UnicodeNormalization as _;

use super::payload::Payload;

/// The contract every artifact declares.
pub const CONTRACT: &str = "spec-handoff/v1";

/// `JSON.stringify` of a string or a list of strings: compact, non-ASCII raw, control
/// characters escaped (`\n`, `\u001f`), U+2028 and U+2029 raw (as ES2019 writes them).
fn json<T: serde::Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The artifact: frontmatter, the title, then each section with its body trimmed.
#[must_use]
pub fn render(payload: &Payload, created_at: &str) -> String {
    let mut out = String::from("---\n");
    let mut line = |key: &str, value: String| {
        let _ = writeln!(out, "{key}: {value}");
    };
    line("artifact_contract", json(CONTRACT));
    line("created_at", json(created_at));
    line("title", json(&payload.title));
    line("summary", json(&payload.summary));
    line("keywords", json(&payload.keywords));
    line("cwd", json(&payload.cwd));
    line("resume_focus", json(&payload.resume_focus));
    for (key, value) in [
        ("repository", &payload.repository),
        ("branch", &payload.branch),
        ("head", &payload.head),
        ("worktree_path", &payload.worktree_path),
    ] {
        if let Some(value) = value {
            line(key, json(value));
        }
    }
    line("source_refs", json(&payload.source_refs));
    line("freshness", json(&payload.freshness));
    line("limitations", json(&payload.limitations));
    let _ = write!(out, "---\n\n# {}\n", payload.title);
    for section in &payload.sections {
        let _ = write!(
            out,
            "\n## {}\n\n{}\n",
            section.heading,
            js_trim(&section.body)
        );
    }
    out
}

/// The reference writer's slug: NFKD, each run of characters outside `[A-Za-z0-9._-]`
/// becomes `-`, leading and trailing `-` go, lowercase, then the first 64 characters (so a
/// slug may end in `-`); `fallback` when nothing is left.
#[must_use]
pub fn slug(text: &str, fallback: &str) -> String {
    let mut replaced = String::new();
    let mut in_run = false;
    for c in text.nfkd() {
        if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
            replaced.push(c);
            in_run = false;
        } else if !in_run {
            replaced.push('-');
            in_run = true;
        }
    }
    let trimmed = replaced.trim_matches('-').to_ascii_lowercase();
    let cut: String = trimmed.chars().take(64).collect();
    if cut.is_empty() {
        fallback.to_owned()
    } else {
        cut
    }
}

/// The file-name timestamp of an ISO `created_at`: `2026-08-22T21:13:35.123Z` becomes
/// `20260822t211335z`.
#[must_use]
pub fn file_timestamp(created_at: &str) -> String {
    let without_millis = match created_at.rfind('.') {
        Some(dot) if created_at.ends_with('Z') => format!("{}Z", &created_at[..dot]),
        _ => created_at.to_owned(),
    };
    without_millis.replace(['-', ':'], "").to_ascii_lowercase()
}

/// The artifact's file name without a collision suffix.
#[must_use]
pub fn file_name(created_at: &str, title: &str) -> String {
    format!(
        "{}-{}.md",
        file_timestamp(created_at),
        slug(title, "handoff")
    )
}

/// The current time as `toISOString()` writes it: `YYYY-MM-DDTHH:MM:SS.sssZ`.
#[must_use]
pub fn iso_now() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let seconds = i64::try_from(now.as_secs()).unwrap_or(0);
    let whole = hcr_types::DateTime::from_unix_seconds(seconds)
        .map(|d| d.to_string())
        .unwrap_or_else(|_| "1970-01-01T00:00:00Z".into());
    format!(
        "{}.{:03}Z",
        whole.trim_end_matches('Z'),
        now.subsec_millis()
    )
}
