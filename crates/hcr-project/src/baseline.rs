//! Baselines: the findings a project already knows, so that hcr can be adopted on existing
//! records and report only what is new.
//!
//! A finding is identified by a [`Fingerprint`] that survives reformatting: the record's file
//! (relative to the baseline's folder), the code, the JSON Pointer, and a salted hash of the
//! offending value's shape (a scalar's canonical JSON, an object's sorted keys), never the
//! value itself. A secret (HCR204) is identified by the file, the code and the salted hash
//! of the secret alone: neither its place nor a fragment is stored. Findings that say a
//! record could not be read or checked (parse level, limits) are never baselined.
//!
//! ```
//! use std::path::Path;
//! use hcr_project::Baseline;
//!
//! let baseline = Baseline::new(Path::new("."));
//! assert!(baseline.is_empty());
//! let text = baseline.to_json();
//! let again = Baseline::from_json(Path::new("hcr-baseline.json"), &text)?;
//! assert!(again.is_empty());
//! # Ok::<(), hcr_project::BaselineError>(())
//! ```

use std::collections::BTreeMap;
use std::hash::{BuildHasher, Hasher};
use std::path::{Path, PathBuf};

use hcr_batch::Outcome;
use hcr_json::{Anchor, Document, Json, KeyTable, Kind};
use hcr_validate::{Code, Diagnostic, Limits, Report};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::rules::normalize;

/// The version of the baseline file's shape.
pub const BASELINE_VERSION: u32 = 1;

/// A baseline file larger than this is refused from its size (64 MiB: about 600,000
/// findings). It is read as a stream into the map of fingerprints, never held whole.
pub const MAX_BASELINE_BYTES: usize = 64 * 1024 * 1024;

/// A finding's identity across runs and reformatting.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The record's file, relative to the baseline's folder with `/` separators
    /// (`<stdin>` for standard input).
    pub file: String,
    /// The code.
    pub code: Code,
    /// Where in the record; absent for a secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    /// The salted SHA-256 of the offending value's shape (hex, 128 bits).
    pub hash: String,
}

/// One line of the file: a fingerprint and how many findings have it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    #[serde(flatten)]
    fingerprint: Fingerprint,
    count: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    version: u32,
    tool: String,
    salt: String,
    findings: Known,
}

/// The findings of a file, counted into the map as they are read (no list of entries is
/// held beside it).
#[derive(Default)]
struct Known(BTreeMap<Fingerprint, usize>);

impl<'de> Deserialize<'de> for Known {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Known;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a list of findings")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Known, A::Error> {
                let mut known = BTreeMap::new();
                while let Some(entry) = seq.next_element::<Entry>()? {
                    let count: &mut usize = known.entry(entry.fingerprint).or_default();
                    *count = count.saturating_add(entry.count);
                }
                Ok(Known(known))
            }
        }
        deserializer.deserialize_seq(Visitor)
    }
}

/// The known findings, with how many of each.
#[derive(Clone, Debug)]
pub struct Baseline {
    root: PathBuf,
    cwd: PathBuf,
    salt: String,
    known: BTreeMap<Fingerprint, usize>,
}

/// A baseline file could not be read or understood.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BaselineError {
    /// It could not be read.
    #[error(transparent)]
    Read(#[from] hcr_fs::InputError),
    /// It is not a baseline hcr wrote.
    #[error("`{}` is not an hcr baseline: {reason}", hcr_escape::path(.path))]
    Format {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// It could not be written.
    #[error("`{}` could not be written: {source}", hcr_escape::path(.path))]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl Baseline {
    /// An empty baseline for a file in the folder `root`, with a fresh salt.
    #[must_use]
    pub fn new(root: &Path) -> Self {
        Self::with_salt(root, fresh_salt())
    }

    fn with_salt(root: &Path, salt: String) -> Self {
        let cwd = std::env::current_dir().unwrap_or_default();
        Self {
            root: normalize(&cwd.join(root)),
            cwd,
            salt,
            known: BTreeMap::new(),
        }
    }

    /// Reads the baseline file `path`.
    ///
    /// # Errors
    /// [`BaselineError`] naming the file.
    pub fn load(path: &Path) -> Result<Self, BaselineError> {
        let limit = hcr_fs::Limit::new(MAX_BASELINE_BYTES, "a smaller baseline");
        let input_error = |failure| {
            BaselineError::Read(hcr_fs::InputError {
                path: Some(path.to_path_buf()),
                failure,
                limit: limit.clone(),
            })
        };
        // Read whole (a file that grows past the limit is refused), then parsed from memory:
        // several times faster than a stream, and the run waits for it.
        let bytes = hcr_fs::Opened::named(path)
            .and_then(|opened| opened.read(MAX_BASELINE_BYTES))
            .map_err(input_error)?;
        let file: File = serde_json::from_slice(&bytes).map_err(|e| format_error(path, &e))?;
        Self::from_file(path, file)
    }

    /// Reads a baseline from `text`, as if from the file `path` (its folder is the root
    /// record paths are relative to).
    ///
    /// # Errors
    /// [`BaselineError::Format`].
    pub fn from_json(path: &Path, text: &str) -> Result<Self, BaselineError> {
        let file: File = serde_json::from_str(text).map_err(|e| format_error(path, &e))?;
        Self::from_file(path, file)
    }

    fn from_file(path: &Path, file: File) -> Result<Self, BaselineError> {
        if file.version != BASELINE_VERSION || file.tool != "hcr" {
            return Err(BaselineError::Format {
                path: path.to_path_buf(),
                reason: format!(
                    "version {} of `{}`; this hcr reads version {BASELINE_VERSION} of `hcr`",
                    file.version,
                    hcr_validate::secrets::quote(&file.tool, 40)
                ),
            });
        }
        let root = path.parent().unwrap_or_else(|| Path::new(""));
        let mut baseline = Self::with_salt(root, file.salt);
        baseline.known = file.findings.0;
        Ok(baseline)
    }

    /// No finding is known.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// How many findings are known.
    #[must_use]
    pub fn len(&self) -> usize {
        self.known.values().sum()
    }

    /// The baseline as the JSON file hcr writes: sorted, one finding per line.
    #[must_use]
    pub fn to_json(&self) -> String {
        // The salt is a string read from a file like any other: written as JSON, escaped.
        let salt = serde_json::to_string(&self.salt).unwrap_or_else(|_| "\"\"".to_owned());
        let mut out = format!(
            "{{\"version\": {BASELINE_VERSION}, \"tool\": \"hcr\", \"salt\": {}, \"findings\": [",
            hcr_escape::json_text(&salt)
        );
        for (i, (fingerprint, count)) in self.known.iter().enumerate() {
            out.push_str(if i == 0 { "\n  " } else { ",\n  " });
            let entry = Entry {
                fingerprint: fingerprint.clone(),
                count: *count,
            };
            out.push_str(&hcr_escape::json_text(
                &serde_json::to_string(&entry).unwrap_or_default(),
            ));
        }
        out.push_str(if self.known.is_empty() {
            "]}\n"
        } else {
            "\n]}\n"
        });
        out
    }

    /// Writes the baseline to `path` (through a temporary file, so that a reader never sees
    /// half of it).
    ///
    /// # Errors
    /// [`BaselineError::Write`].
    pub fn write(&self, path: &Path) -> Result<(), BaselineError> {
        let error = |source| BaselineError::Write {
            path: path.to_path_buf(),
            source,
        };
        hcr_fs::write_file(path, self.to_json().as_bytes()).map_err(error)
    }

    /// Adds every finding of `outcome` that can be baselined, and removes them from it, so
    /// that the outcome shows what a run with this baseline will show.
    pub fn record(&mut self, outcome: &mut Outcome) {
        let prints = self.fingerprints(outcome);
        for print in prints.iter().flatten() {
            *self.known.entry(print.clone()).or_default() += 1;
        }
        let mut prints = prints.into_iter();
        outcome.retain(|_| prints.next().flatten().is_none());
    }

    /// Removes from `outcome` the findings this baseline knows (each known finding matches
    /// once); returns how many were removed.
    pub fn filter(&mut self, outcome: &mut Outcome) -> usize {
        let before = outcome.baselined;
        let prints = self.fingerprints(outcome);
        let mut known: Vec<bool> = Vec::with_capacity(prints.len());
        for print in &prints {
            let hit = print
                .as_ref()
                .and_then(|p| self.known.get_mut(p))
                .is_some_and(|count| {
                    if *count == 0 {
                        return false;
                    }
                    *count -= 1;
                    true
                });
            known.push(hit);
        }
        let mut known = known.into_iter();
        outcome.retain(|_| !known.next().unwrap_or(false));
        outcome.baselined - before
    }

    /// Each diagnostic's fingerprint, or `None` for one that cannot be baselined.
    fn fingerprints(&self, outcome: &Outcome) -> Vec<Option<Fingerprint>> {
        let diagnostics = &outcome.report.diagnostics();
        if diagnostics.is_empty() {
            return Vec::new();
        }
        let file = outcome.source.path.as_ref().map_or_else(
            || "<stdin>".to_owned(),
            |path| {
                let absolute = normalize(&self.cwd.join(path));
                let relative = absolute.strip_prefix(&self.root).unwrap_or(&absolute);
                relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/")
            },
        );
        let text = outcome.text.as_deref().unwrap_or_default();
        let mut values = Values::new(&outcome.report, text);
        diagnostics
            .iter()
            .map(|d| self.fingerprint(&file, d, text, &mut values))
            .collect()
    }

    fn fingerprint<'t>(
        &self,
        file: &str,
        d: &Diagnostic,
        text: &'t [u8],
        values: &mut Values<'t>,
    ) -> Option<Fingerprint> {
        if d.code.is_fixed() {
            return None;
        }
        let spanned = || {
            d.span
                .and_then(|s| text.get(s.start.offset..s.end.offset))
                .unwrap_or_default()
        };
        let (pointer, subject) = if d.code == Code::Hcr204 {
            (None, spanned().to_vec())
        } else {
            let subject = values
                .shape(d, spanned())
                .map_or_else(|| spanned().to_vec(), String::into_bytes);
            (Some(d.pointer.to_string()), subject)
        };
        let mut hasher = Sha256::new();
        hasher.update(self.salt.as_bytes());
        hasher.update([0]);
        hasher.update(&subject);
        let digest = hasher.finalize();
        Some(Fingerprint {
            file: file.to_owned(),
            code: d.code,
            pointer,
            hash: hex::encode(&digest[..16]),
        })
    }
}

/// The values a record's findings are about, as fingerprints hash them.
///
/// A finding's value is what its pointer designates in the record read whole as a
/// `serde_json::Value` would be (repeated keys, over [`hcr_json::MAX_JSON_VALUES`] values
/// or over the default depth refuse it: then no finding has a value, and each hashes its span's
/// bytes), so that a fingerprint never changes with how it is computed. Reading it from the
/// finding's span gives the same value without reading the record again, and is done where it
/// is sure to: the record has no repeated key and no secret (a secret in a key rewrites the
/// finding's pointer), every finding of it was kept, it is within the reading's bounds, and the
/// span is the value's (not the whole document, where a pointer was not found). Anywhere else
/// the record is read whole, once, as before.
struct Values<'t> {
    text: &'t [u8],
    /// The limits the record is read with: the defaults, its size and strings allowed.
    limits: Limits,
    /// Whether a finding's span may stand for its value.
    spans: bool,
    /// The record read whole, once, when a finding needs it (`None` inside: it does not read).
    whole: Option<Option<Document<'t>>>,
}

impl<'t> Values<'t> {
    fn new(report: &Report, text: &'t [u8]) -> Self {
        let spans = report.redactions().is_empty()
            && !report.has(Code::Hcr002)
            && !report.has(Code::Hcr006)
            && hcr_json::fits(text, hcr_json::MAX_JSON_VALUES, Limits::default().max_depth);
        let limits = Limits {
            max_record_bytes: text.len().max(Limits::default().max_record_bytes),
            max_string_bytes: text.len().max(Limits::default().max_string_bytes),
            max_array_items: usize::MAX,
            max_object_members: usize::MAX,
            ..Limits::default()
        };
        Self {
            text,
            limits,
            spans,
            whole: None,
        }
    }

    /// The [`shape`] of the value `d` is about (`spanned`: the text of its span); `None` when
    /// the record does not read or the pointer designates nothing.
    fn shape(&mut self, d: &Diagnostic, spanned: &'t [u8]) -> Option<String> {
        let whole_document = spanned.trim_ascii() == self.text.trim_ascii();
        if self.spans
            && d.anchored() == Anchor::Value
            && d.span.is_some()
            && !spanned.is_empty()
            && (!whole_document || d.pointer.is_root())
            && let Ok(value) = hcr_json::parse(spanned, &self.limits, KeyTable::empty())
        {
            return Some(shape(value.tree.root()));
        }
        let (text, limits) = (self.text, &self.limits);
        let document = self
            .whole
            .get_or_insert_with(|| hcr_json::parse_whole(text, limits, KeyTable::empty()).ok())
            .as_ref()?;
        let tokens: Vec<_> = d.pointer.unescaped_tokens().collect();
        let value = document
            .tree
            .root()
            .at_tokens(tokens.iter().map(AsRef::as_ref))?;
        Some(shape(value))
    }
}

/// A baseline that is not JSON of the expected shape: the reader's message (which may quote
/// the file's strings) redacted, escaped and short.
fn format_error(path: &Path, error: &serde_json::Error) -> BaselineError {
    BaselineError::Format {
        path: path.to_path_buf(),
        reason: hcr_validate::secrets::quote(&error.to_string(), 200),
    }
}

/// What of a value a fingerprint hashes: a scalar as canonical JSON, an object as its sorted
/// keys, an array as its type alone, so that edits inside a container do not make its
/// finding new.
fn shape(value: Json<'_, '_>) -> String {
    match value.kind() {
        Kind::Object => {
            let mut keys: Vec<&str> = value.members().map(|(key, _)| key).collect();
            keys.sort_unstable();
            serde_json::to_string(&keys).unwrap_or_default()
        }
        Kind::Array => "array".to_owned(),
        Kind::String => {
            serde_json::to_string(value.as_str().unwrap_or_default()).unwrap_or_default()
        }
        Kind::Number => value
            .as_number()
            .and_then(|n| serde_json::to_string(n).ok())
            .unwrap_or_default(),
        Kind::Bool => value.as_bool().unwrap_or_default().to_string(),
        Kind::Null => "null".to_owned(),
    }
}

/// 128 random bits as hex, from the standard library's randomly keyed hasher.
fn fresh_salt() -> String {
    let state = std::collections::hash_map::RandomState::new();
    let mut bytes = Vec::with_capacity(16);
    for round in 0..2u8 {
        let mut hasher = state.build_hasher();
        hasher.write_u8(round);
        hasher.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        bytes.extend_from_slice(&hasher.finish().to_le_bytes());
    }
    hex::encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape a finding's value had when fingerprints were computed from a
    /// `serde_json::Value` of the whole record: what baselines already written hold.
    fn reference_shape(value: &serde_json::Value) -> String {
        match value {
            serde_json::Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                serde_json::to_string(&keys).unwrap_or_default()
            }
            serde_json::Value::Array(_) => "array".to_owned(),
            scalar => serde_json::to_string(scalar).unwrap_or_default(),
        }
    }

    /// Every finding's value, as fingerprints hash it, is the one the record read whole as a
    /// `serde_json::Value` gives (what baselines already written hold), however it is found:
    /// over the conformance suite's cases and records with repeated keys, a secret in a key,
    /// nesting past the default depth (checked with a higher limit) and an unlocatable
    /// pointer's whole-document span.
    #[test]
    fn a_findings_value_is_the_one_the_whole_record_gives() {
        let mut documents: Vec<(String, Vec<u8>)> = hcr_testkit::suite_cases()
            .into_iter()
            .map(|(path, bytes)| (path.display().to_string(), bytes))
            .collect();
        let base =
            r#"{"schemaVersion": "1.0", "objective": {"summary": "s", "acceptanceCriteria": []}}"#;
        let deep = format!(
            "{{\"schemaVersion\": \"1.0\", \"extensions\": {{\"x.y\": {}1{}}}, \"zz\": 1}}",
            "[".repeat(70),
            "]".repeat(70)
        );
        for (name, text) in [
            (
                "repeated key",
                base.replace("\"objective\"", "\"zz\": 1, \"zz\": 2, \"objective\""),
            ),
            (
                "secret in a key",
                base.replace(
                    "\"objective\"",
                    "\"ghp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u\": {\"a\": 1}, \"objective\"",
                ),
            ),
            ("deep", deep),
            ("not JSON", "{\"schemaVersion\": ".to_owned()),
        ] {
            documents.push((name.to_owned(), text.into_bytes()));
        }
        let limits = Limits {
            max_depth: 128,
            ..Limits::default()
        };
        let validator =
            hcr_validate::Validator::new(hcr_validate::Level::Receiver).with_limits(limits);
        let mut compared = 0;
        let mut whole_refused = 0;
        for (name, bytes) in &documents {
            let report = validator.validate_bytes(bytes);
            // What fingerprints hashed before: the pointer resolved in the record read whole.
            let old_limits = Limits {
                max_record_bytes: bytes.len().max(Limits::default().max_record_bytes),
                max_string_bytes: bytes.len().max(Limits::default().max_string_bytes),
                max_array_items: usize::MAX,
                max_object_members: usize::MAX,
                ..Limits::default()
            };
            let old = hcr_validate::parse_json(bytes, &old_limits).ok();
            whole_refused += usize::from(old.is_none());
            let mut values = Values::new(&report, bytes);
            for d in report.diagnostics().iter().filter(|d| !d.code.is_fixed()) {
                let spanned = d
                    .span
                    .and_then(|s| bytes.get(s.start.offset..s.end.offset))
                    .unwrap_or_default();
                let found = values.shape(d, spanned);
                let reference = old
                    .as_ref()
                    .and_then(|v| d.pointer.resolve(v))
                    .map(reference_shape);
                assert_eq!(found, reference, "{name} {} {}", d.code, d.pointer);
                compared += 1;
            }
        }
        assert!(compared > 100, "only {compared} findings compared");
        assert!(
            whole_refused >= 3,
            "the records the whole reading refuses are among them"
        );
    }

    #[test]
    fn a_salt_read_from_a_file_is_written_back_as_json() {
        let path = Path::new("hcr-baseline.json");
        let text = r#"{"version": 1, "tool": "hcr", "salt": "a\"b\\c\u001b", "findings": []}"#;
        let read = Baseline::from_json(path, text).expect("a baseline");
        let again = Baseline::from_json(path, &read.to_json()).expect("hcr reads what it writes");
        assert_eq!(again.salt, "a\"b\\c\u{1b}");
        assert!(!read.to_json().contains('\u{1b}'), "terminal-safe");
    }
}
