//! `hcr spec-handoff discover`: metadata-only reading of the managed folder, with the
//! reference bounds, scoring and order.
//!
//! At most 200 entries are scanned (no recursion); only regular, non-symlink `.md` files are
//! read, opened without following symlinks and checked to be the file that was listed, and
//! only their first 16 KiB: a frontmatter closed by line 64. Files whose metadata cannot be
//! read are kept, unindexed, titled by their name. Bodies are never read.

use std::fs;
use std::path::Path;

use hcr_fs::{Kind, Links};

use serde_json::{Map, Value, json};

use super::write::managed_dir;

/// Entries scanned at most.
pub const MAX_ENTRIES: usize = 200;
/// Bytes of a file read at most.
pub const MAX_METADATA_BYTES: u64 = 16_384;
/// The last line the closing `---` may be on.
pub const MAX_FRONTMATTER_LINES: usize = 64;

/// What `discover` needs.
#[derive(Clone, Debug)]
pub struct DiscoverRequest<'a> {
    /// The repository.
    pub target_repo: &'a Path,
    /// The workspace folder's name before slugging.
    pub workspace_slug: Option<&'a str>,
    /// Search terms (whitespace-separated).
    pub keywords: Option<&'a str>,
    /// How many candidates (`Number(limit) || 5`, clamped to 1–20).
    pub limit: Option<&'a str>,
    /// A folder to search instead of the managed one.
    pub source_dir: Option<&'a Path>,
}

/// The frontmatter fields of a file opened beneath its folder (no link followed), if it is
/// indexable: only its first [`MAX_METADATA_BYTES`] are read.
fn read_metadata(opened: hcr_fs::Opened) -> Option<Map<String, Value>> {
    let bytes = opened.read_prefix(MAX_METADATA_BYTES).ok()?;
    parse_frontmatter(&String::from_utf8_lossy(&bytes))
}

/// The fields of a frontmatter at the start of `text`, read as the reference discovery does.
#[must_use]
pub fn parse_frontmatter(text: &str) -> Option<Map<String, Value>> {
    let mut lines = text.split('\n');
    if lines.next()?.trim_end_matches('\r') != "---" {
        return None;
    }
    let mut fields = Map::new();
    // Lines after the opening one; the closing `---` must be followed by a LF.
    let terminated = text.matches('\n').count();
    for (index, raw) in lines.enumerate() {
        let number = index + 2;
        if number > MAX_FRONTMATTER_LINES || number > terminated {
            return None;
        }
        let line = raw.trim_end_matches('\r');
        if line == "---" {
            return Some(fields);
        }
        if line.trim().is_empty() {
            continue;
        }
        let (key, value) = line.split_once(": ")?;
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
            return None;
        }
        fields.insert(key.to_owned(), serde_json::from_str(value).ok()?);
    }
    None
}

fn result(
    reason: &str,
    candidates: Vec<Value>,
    root: &str,
    scanned: usize,
    truncated: bool,
) -> Value {
    json!({
        "status": "discovered",
        "reason_code": reason,
        "candidates": candidates,
        "searched_root": root,
        "scanned_entries": scanned,
        "scan_truncated": truncated,
    })
}

/// `Number(limit) || 5`, clamped to 1–20, whole.
fn limit(text: Option<&str>) -> usize {
    let number = text
        .and_then(|t| t.trim().parse::<f64>().ok())
        .filter(|n| *n != 0.0 && !n.is_nan())
        .unwrap_or(5.0);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let clamped = number.clamp(1.0, 20.0) as usize;
    clamped
}

/// Finds candidate artifacts, in the reference writer's JSON result shape.
#[must_use]
pub fn discover(request: &DiscoverRequest<'_>) -> Value {
    let rejected = |reason: &str, message: String| json!({"status": "rejected", "reason_code": reason, "errors": [message]});
    let Ok(root) = fs::canonicalize(request.target_repo) else {
        return rejected(
            "handoff-artifact-error",
            "Target repository cannot be resolved.".into(),
        );
    };
    if !root.is_dir() {
        return rejected(
            "target-root-unsafe",
            "Target repository must be a directory.".into(),
        );
    }
    let (folder, dir) = match request.source_dir {
        Some(source) => {
            let unsafe_source = || {
                rejected(
                    "source-directory-unsafe",
                    "Source directory must be a real directory, not a symlink.".into(),
                )
            };
            // The folder holding it as named, then the source itself without following a link.
            let parent = match source.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            };
            let Some(name) = source.file_name() else {
                return unsafe_source();
            };
            match hcr_fs::Folder::open(parent)
                .ok()
                .and_then(|p| p.folder(Path::new(name), Links::Refuse).ok())
            {
                Some(folder) => (folder, source.to_path_buf()),
                None => return unsafe_source(),
            }
        }
        None => {
            let managed = managed_dir(&root, request.workspace_slug);
            let relative = managed
                .strip_prefix(&root)
                .unwrap_or(&managed)
                .to_path_buf();
            let opened = hcr_fs::Folder::open(&root)
                .map_err(hcr_fs::ReadFailure::Io)
                .and_then(|root| root.folder(&relative, Links::Refuse));
            match opened {
                Ok(folder) => (folder, managed),
                Err(hcr_fs::ReadFailure::Link) => {
                    return rejected(
                        "artifact-symlink-segment",
                        "Artifact path traverses a symlink.".into(),
                    );
                }
                Err(_) => {
                    return result(
                        "no-managed-root",
                        Vec::new(),
                        &relative_display(&root, &managed),
                        0,
                        false,
                    );
                }
            }
        }
    };
    let shown = relative_display(&root, &dir);
    let Ok(mut entries) = folder.entries() else {
        return rejected(
            "handoff-artifact-error",
            "The folder cannot be read.".into(),
        );
    };
    let listed = entries.len();
    let truncated = listed > MAX_ENTRIES;
    entries.truncate(MAX_ENTRIES);
    let terms: Vec<String> = request
        .keywords
        .unwrap_or_default()
        .to_lowercase()
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let mut found: Vec<(usize, f64, String, Value)> = Vec::new();
    for entry in &entries {
        let path = dir.join(&entry.name);
        if entry.kind != Kind::File || path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let Ok(opened) = folder.open_file(Path::new(&entry.name), Links::Refuse) else {
            continue;
        };
        let meta = opened.metadata.clone();
        let name = entry.name.to_string_lossy().into_owned();
        let fields = read_metadata(opened);
        let text = |key: &str| {
            fields
                .as_ref()
                .and_then(|f| f.get(key))
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        let title = text("title").unwrap_or_else(|| name.clone());
        let summary = text("summary").unwrap_or_default();
        let keywords: Vec<String> = fields
            .as_ref()
            .and_then(|f| f.get("keywords"))
            .and_then(Value::as_array)
            .map(|k| {
                k.iter()
                    .filter_map(|k| k.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let haystack = format!("{name} {title} {summary} {}", keywords.join(" ")).to_lowercase();
        let score = terms
            .iter()
            .filter(|t| haystack.contains(t.as_str()))
            .count();
        if !terms.is_empty() && score == 0 {
            continue;
        }
        let mtime_ms = meta
            .modified()
            .ok()
            .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0);
        let artifact_path = relative_display(&root, &path);
        let candidate = json!({
            "artifact_path": artifact_path,
            "indexed": fields.is_some(),
            "title": title,
            "summary": summary,
            "created_at": text("created_at"),
            "resume_focus": text("resume_focus").unwrap_or_default(),
            "score": score,
            "mtime_ms": mtime_ms,
        });
        found.push((score, mtime_ms, artifact_path, candidate));
    }
    found.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.total_cmp(&a.1)).then(a.2.cmp(&b.2)));
    let candidates: Vec<Value> = found
        .into_iter()
        .take(limit(request.limit))
        .map(|(_, _, _, c)| c)
        .collect();
    let reason = if candidates.is_empty() {
        "no-candidates"
    } else {
        "candidates-found"
    };
    result(reason, candidates, &shown, entries.len(), truncated)
}

/// `path` relative to `root`, `/`-separated, or as given when outside it.
fn relative_display(root: &Path, path: &Path) -> String {
    match path.strip_prefix(root) {
        Ok(relative) => relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        Err(_) => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frontmatter_bounds() {
        assert!(parse_frontmatter("---\ntitle: \"x\"\n---\n").is_some());
        assert!(
            parse_frontmatter("---\r\ntitle: \"x\"\r\n---\r\nbody").is_some(),
            "CRLF"
        );
        assert!(
            parse_frontmatter("---\ntitle: x\n---\n").is_none(),
            "bare YAML"
        );
        assert!(
            parse_frontmatter("---\ntitle: \"x\"\n---").is_none(),
            "the close needs a LF"
        );
        let sixty_three = format!("---\n{}", "k: \"v\"\n".repeat(62));
        assert!(
            parse_frontmatter(&format!("{sixty_three}---\n")).is_some(),
            "closing on line 64"
        );
        assert!(
            parse_frontmatter(&format!("{sixty_three}k: \"v\"\n---\n")).is_none(),
            "closing on line 65"
        );
        assert!(
            parse_frontmatter("---\n\ntitle: \"x\"\n\n---\n").is_some(),
            "blank lines skipped"
        );
    }

    #[test]
    fn limits_like_javascript_number() {
        assert_eq!(limit(None), 5);
        assert_eq!(limit(Some("abc")), 5);
        assert_eq!(limit(Some("0")), 5);
        assert_eq!(limit(Some("-3")), 1);
        assert_eq!(limit(Some("99")), 20);
        assert_eq!(limit(Some("2.5")), 2);
    }
}
