//! `hcr spec-handoff write`: the reference writer's behaviour, result and reason codes.
//!
//! The payload is validated before anything is created. The artifact goes under
//! `<realpath(target)>/.spec-first/workflows/spec-handoff/<workspace slug>/`, every existing
//! segment of which is checked with `lstat` (a symlink is refused); folders are created
//! `0700`, the file `0600` with an exclusive create, taking the smallest free collision suffix
//! (`-1` to `-999`). Nothing is ever overwritten, and nothing is written outside the target.

use std::fs;
use std::path::{Component, Path, PathBuf};

use hcr_fs::Folder;

use hcr_types::Sha256;
use serde_json::{Value, json};

use super::payload::validate;
use super::render::{CONTRACT, file_name, iso_now, render, slug};

/// The managed folder, relative to the target repository.
pub const MANAGED_ROOT: &str = ".spec-first/workflows/spec-handoff";

/// The warning every written artifact carries.
pub const MACHINE_LOCAL: &str =
    "artifact is machine-local unless separately transferred or published";

/// What `write` needs.
#[derive(Clone, Debug)]
pub struct WriteRequest<'a> {
    /// The repository the artifact belongs to.
    pub target_repo: &'a Path,
    /// The workspace folder's name before slugging (default: the repository's folder name).
    pub workspace_slug: Option<&'a str>,
    /// The payload.
    pub payload: &'a Value,
    /// The creation time (`toISOString()` form; default: now).
    pub created_at: Option<String>,
}

/// The result, in the reference writer's JSON shape.
#[derive(Clone, Debug, PartialEq)]
pub struct WriteResult(pub Value);

impl WriteResult {
    fn rejected(reason_code: &str, errors: Vec<String>) -> Self {
        Self(json!({"status": "rejected", "reason_code": reason_code, "errors": errors}))
    }

    /// Whether the artifact was written.
    #[must_use]
    pub fn written(&self) -> bool {
        self.0["status"] == "written"
    }

    /// The result as the writer prints it: JSON with two-space indentation and a newline.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(&self.0).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// The managed folder of a target: `<root>/.spec-first/workflows/spec-handoff/<slug>`.
#[must_use]
pub fn managed_dir(root: &Path, workspace_slug: Option<&str>) -> PathBuf {
    let name = workspace_slug.map_or_else(
        || {
            root.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        },
        str::to_owned,
    );
    root.join(MANAGED_ROOT).join(slug(&name, "workspace"))
}

/// Resolves `..` and `.` components without touching the file system; `None` when a `..`
/// climbs above the start.
fn lexical(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

/// Writes an artifact, or says why not.
#[must_use]
pub fn write(request: &WriteRequest<'_>) -> WriteResult {
    let payload = match validate(request.payload) {
        Ok(payload) => payload,
        Err(problems) => return result_of(problems),
    };
    let root = match fs::canonicalize(request.target_repo) {
        Ok(root) => root,
        Err(e) => {
            return WriteResult::rejected(
                "handoff-artifact-error",
                vec![format!("Target repository cannot be resolved: {e}")],
            );
        }
    };
    if !root.is_dir() {
        return WriteResult::rejected(
            "target-root-unsafe",
            vec!["Target repository must be a directory.".into()],
        );
    }
    match Folder::open(&root) {
        Ok(folder) => write_payload(&folder, &payload, request),
        Err(e) => WriteResult::rejected(
            "handoff-artifact-error",
            vec![format!("Target repository cannot be opened: {e}")],
        ),
    }
}

fn result_of(problems: Vec<super::payload::PayloadProblem>) -> WriteResult {
    WriteResult::rejected(
        "invalid-payload",
        problems.into_iter().map(|p| p.message).collect(),
    )
}

/// Writes an artifact into the target repository already opened (beneath an MCP server's
/// root, say): every folder and the file are made through its handle, none through a link;
/// `request.target_repo` is not opened again.
#[must_use]
pub fn write_in(target: &Folder, request: &WriteRequest<'_>) -> WriteResult {
    match validate(request.payload) {
        Ok(payload) => write_payload(target, &payload, request),
        Err(problems) => result_of(problems),
    }
}

fn write_payload(
    target: &Folder,
    payload: &super::payload::Payload,
    request: &WriteRequest<'_>,
) -> WriteResult {
    let name = request.workspace_slug.map_or_else(
        || {
            target
                .path()
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        },
        str::to_owned,
    );
    let Some(managed) = lexical(&Path::new(MANAGED_ROOT).join(slug(&name, "workspace"))) else {
        return WriteResult::rejected(
            "artifact-path-escape",
            vec!["Artifact path escapes the target repository.".into()],
        );
    };
    let dir = match make_dirs(target, &managed) {
        Ok(dir) => dir,
        Err(result) => return result,
    };
    let created_at = request.created_at.clone().unwrap_or_else(iso_now);
    let content = render(payload, &created_at);
    let base = file_name(&created_at, &payload.title);
    let stem = base.trim_end_matches(".md");
    for attempt in 0..1000 {
        let name = if attempt == 0 {
            base.clone()
        } else {
            format!("{stem}-{attempt}.md")
        };
        if dir.kind(Path::new(&name)).is_ok() {
            continue;
        }
        match dir.create_new_with_mode(Path::new(&name), content.as_bytes(), 0o600) {
            Ok(()) => {
                let artifact_path = managed
                    .join(&name)
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                return WriteResult(json!({
                    "status": "written",
                    "reason_code": "artifact-written",
                    "artifact_contract": CONTRACT,
                    "artifact_path": artifact_path,
                    "sha256": Sha256::of_bytes(content.as_bytes()).as_str(),
                    "created_at": created_at,
                    "warnings": [MACHINE_LOCAL],
                }));
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                return WriteResult::rejected(
                    "handoff-artifact-error",
                    vec![format!("Artifact could not be created: {e}")],
                );
            }
        }
    }
    WriteResult::rejected(
        "artifact-collision-exhausted",
        vec!["No free artifact file name after 999 attempts.".into()],
    )
}

/// Creates every missing folder of `managed` beneath `target` (0700), refusing linked or
/// non-folder segments; the workspace folder is also `chmod`ed to 0700. Returns it, opened.
fn make_dirs(target: &Folder, managed: &Path) -> Result<Folder, WriteResult> {
    match target.create_folders(managed, 0o700) {
        Ok((dir, _)) => {
            let _ = dir.set_mode(0o700);
            Ok(dir)
        }
        Err(hcr_fs::ReadFailure::Link) => Err(WriteResult::rejected(
            "artifact-symlink-segment",
            vec!["Artifact path traverses a symlink.".into()],
        )),
        Err(hcr_fs::ReadFailure::Outside) => Err(WriteResult::rejected(
            "artifact-path-escape",
            vec!["Artifact path escapes the target repository.".into()],
        )),
        Err(hcr_fs::ReadFailure::NotRegular(_)) => Err(WriteResult::rejected(
            "handoff-artifact-error",
            vec!["A segment of the artifact path is not a directory.".into()],
        )),
        Err(e) => Err(WriteResult::rejected(
            "handoff-artifact-error",
            vec![format!("Directory could not be created: {e}")],
        )),
    }
}

/// The most bytes a payload file may hold.
pub const MAX_INPUT_BYTES: u64 = 262_144;

/// Reads a payload file as the reference writer does: a regular file, not a symlink, at most
/// 256 KiB, holding JSON.
///
/// # Errors
/// The rejection result (`input-not-regular-file`, `input-too-large`, `invalid-payload`).
pub fn read_input(path: &Path) -> Result<Value, WriteResult> {
    let regular = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file());
    if !regular {
        return Err(WriteResult::rejected(
            "input-not-regular-file",
            vec!["Input must be a regular file, not a symlink.".into()],
        ));
    }
    // Opened without blocking and judged from the handle, so that a FIFO swapped in after
    // the check above is refused too; never more than the limit is read.
    let limit = usize::try_from(MAX_INPUT_BYTES).unwrap_or(usize::MAX);
    let bytes = match hcr_fs::read_record_file(path, limit) {
        Ok(bytes) => bytes,
        Err(hcr_fs::ReadFailure::TooLarge(_)) => {
            return Err(WriteResult::rejected(
                "input-too-large",
                vec![format!("Input must be at most {MAX_INPUT_BYTES} bytes.")],
            ));
        }
        Err(hcr_fs::ReadFailure::NotRegular(_)) => {
            return Err(WriteResult::rejected(
                "input-not-regular-file",
                vec!["Input must be a regular file, not a symlink.".into()],
            ));
        }
        Err(e) => {
            return Err(WriteResult::rejected(
                "handoff-artifact-error",
                vec![format!("Input could not be read: {e}")],
            ));
        }
    };
    serde_json::from_slice(&bytes).map_err(|e| {
        WriteResult::rejected(
            "invalid-payload",
            vec![format!("Payload is not valid JSON: {e}")],
        )
    })
}
