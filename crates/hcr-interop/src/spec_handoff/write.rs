//! `hcr spec-handoff write`: the reference writer's behaviour, result and reason codes.
//!
//! The payload is validated before anything is created. The artifact goes under
//! `<realpath(target)>/.spec-first/workflows/spec-handoff/<workspace slug>/`, every existing
//! segment of which is checked with `lstat` (a symlink is refused); folders are created
//! `0700`, the file `0600` with an exclusive create, taking the smallest free collision suffix
//! (`-1` to `-999`). Nothing is ever overwritten, and nothing is written outside the target.

use std::fs;
use std::io::Write as _;
use std::path::{Component, Path, PathBuf};

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

/// Resolves `..` and `.` components without touching the file system.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Writes an artifact, or says why not.
#[must_use]
pub fn write(request: &WriteRequest<'_>) -> WriteResult {
    let payload = match validate(request.payload) {
        Ok(payload) => payload,
        Err(problems) => {
            return WriteResult::rejected(
                "invalid-payload",
                problems.into_iter().map(|p| p.message).collect(),
            );
        }
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
    let dir = lexical(&managed_dir(&root, request.workspace_slug));
    if !dir.starts_with(&root) {
        return WriteResult::rejected(
            "artifact-path-escape",
            vec!["Artifact path escapes the target repository.".into()],
        );
    }
    if let Err(result) = make_dirs(&root, &dir) {
        return result;
    }
    let created_at = request.created_at.clone().unwrap_or_else(iso_now);
    let content = render(&payload, &created_at);
    let base = file_name(&created_at, &payload.title);
    let stem = base.trim_end_matches(".md");
    for attempt in 0..1000 {
        let name = if attempt == 0 {
            base.clone()
        } else {
            format!("{stem}-{attempt}.md")
        };
        let path = dir.join(&name);
        if fs::symlink_metadata(&path).is_ok() {
            continue;
        }
        match create_new(&path) {
            Ok(mut file) => {
                if let Err(e) = file.write_all(content.as_bytes()) {
                    return WriteResult::rejected(
                        "handoff-artifact-error",
                        vec![format!("Artifact could not be written: {e}")],
                    );
                }
                let relative = path.strip_prefix(&root).unwrap_or(&path);
                let artifact_path = relative
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

/// Creates every missing folder from `root` down to `dir` (0700), refusing symlinked or
/// non-folder segments; the workspace folder is also `chmod`ed to 0700.
fn make_dirs(root: &Path, dir: &Path) -> Result<(), WriteResult> {
    let mut at = root.to_path_buf();
    let relative = dir.strip_prefix(root).unwrap_or(dir);
    for component in relative.components() {
        at.push(component);
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(WriteResult::rejected(
                    "artifact-symlink-segment",
                    vec!["Artifact path traverses a symlink.".into()],
                ));
            }
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => {
                return Err(WriteResult::rejected(
                    "handoff-artifact-error",
                    vec![format!("`{}` is not a directory.", at.display())],
                ));
            }
            Err(_) => {
                let mut builder = fs::DirBuilder::new();
                #[cfg(unix)]
                std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
                if let Err(e) = builder.create(&at) {
                    return Err(WriteResult::rejected(
                        "handoff-artifact-error",
                        vec![format!("Directory could not be created: {e}")],
                    ));
                }
                if fs::symlink_metadata(&at)
                    .map(|m| m.file_type().is_symlink())
                    .unwrap_or(true)
                {
                    return Err(WriteResult::rejected(
                        "artifact-symlink-segment",
                        vec!["Artifact path traverses a symlink.".into()],
                    ));
                }
            }
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let _ = fs::set_permissions(dir, fs::Permissions::from_mode(0o700));
    }
    Ok(())
}

/// Opens `path` for writing only if it does not exist (no symlink followed), mode 0600.
fn create_new(path: &Path) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600).custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
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
