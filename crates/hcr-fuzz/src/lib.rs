//! The properties hcr's fuzz targets check. Each function takes arbitrary bytes and panics when
//! a property fails; `fuzz/` (cargo-fuzz, `cargo xtask fuzz`) calls them with generated input,
//! and `tests/regressions.rs` replays every input kept under `fuzz/regressions/TARGET/`.
//!
//! ```
//! // Every target accepts any bytes; the properties hold for these.
//! for (_, target) in hcr_fuzz::TARGETS {
//!     target(br#"{"schemaVersion": "1.0", "note": "\u001b[2J"}"#);
//!     target(b"\xff\xfe not even UTF-8");
//! }
//! ```

use std::path::PathBuf;
use std::sync::OnceLock;

use hcr_batch::{Outcome, Source, Summary};
use hcr_report::{Context, Format, renderer};
use hcr_types::{Record, Sha256};
use hcr_validate::receiver::{Artifact, ArtifactStore, unsafe_reason};
use hcr_validate::{Code, Level, Report, Severity, Validator};

/// A fuzz target: a name (the file in `fuzz/fuzz_targets/`) and the property it checks.
pub type Target = (&'static str, fn(&[u8]));

/// Every target, by name.
pub const TARGETS: [Target; 14] = [
    ("validate", validate),
    ("fast_path", fast_path),
    ("typed_round_trip", typed_round_trip),
    ("spec_handoff", spec_handoff),
    ("goal_handover", goal_handover),
    ("artifact_path", artifact_path),
    ("diff", diff),
    ("render", render),
    ("convert", convert),
    ("config", config),
    ("baseline", baseline),
    ("handoff_md", handoff_md),
    ("mcp_request", mcp_request),
    ("fix", fix),
];

/// The longest an error message about a file may be (the path aside): it names a place and
/// says what was expected, quoting at most a short excerpt.
const MAX_ERROR_CHARS: usize = 1200;

/// An error message as hcr may show one about input it read: short, terminal-safe, and with
/// no secret the scanner finds.
fn check_error(message: &str) {
    assert!(
        message.chars().count() <= MAX_ERROR_CHARS,
        "an error longer than {MAX_ERROR_CHARS} characters: {} characters",
        message.chars().count()
    );
    assert!(terminal_safe(message), "{message:?}");
    assert!(
        hcr_validate::secrets::scan(message).is_empty(),
        "an error repeats a secret: {message}"
    );
}

/// Bytes → `hcr.toml`: a configuration is read, or refused with an error that names its
/// place and quotes nothing of it raw; a configuration read selects codes for any path
/// without a panic.
pub fn config(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match hcr_project::Config::parse(std::path::Path::new("hcr.toml"), &text) {
        Ok(config) => {
            let choices =
                hcr_project::Choices::new(Some(config), Vec::new(), std::path::Path::new("."));
            for path in ["a.json", "legacy/b/c.json", "x/.hidden/y.json", ""] {
                let _ = choices.selection_for(std::path::Path::new(path));
            }
        }
        Err(error) => check_error(&error.to_string()),
    }
}

/// Bytes → a baseline file: read, or refused with an error that quotes nothing of it raw.
pub fn baseline(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match hcr_project::Baseline::from_json(std::path::Path::new("hcr-baseline.json"), &text) {
        Ok(baseline) => {
            let again = hcr_project::Baseline::from_json(
                std::path::Path::new("hcr-baseline.json"),
                &baseline.to_json(),
            )
            .expect("hcr reads the baseline it writes");
            assert_eq!(again.len(), baseline.len());
        }
        Err(error) => check_error(&error.to_string()),
    }
}

/// Bytes → a `HANDOFF.md`: linted and drafted from, without a panic; no list of the draft
/// holds more than a record may; what the draft shows, what it says it lost, and every lint
/// message repeat no secret of the file, however the Markdown spells it.
pub fn handoff_md(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let draft = hcr_interop::handoff_md::from_handoff_md(&text);
    let checked = draft.check(text.as_bytes());
    let secrets = hcr_validate::secrets::SecretSet::from_markdown(&text);
    for what in &checked.lost {
        assert!(terminal_safe(what), "{what:?}");
    }
    let mut shown = checked.shown().to_owned();
    shown.push_str(&checked.lost.join("\n"));
    let report = hcr_interop::handoff_md::lint(&text);
    for d in report.diagnostics() {
        shown.push_str(&d.message);
    }
    if !checked.report.valid() || checked.redacted > 0 {
        for secret in secrets.secrets().filter(|s| s.len() >= 8) {
            assert!(!shown.contains(secret), "a secret is shown: {secret}");
        }
    }
    fn lists(value: &serde_json::Value, limit: usize) {
        match value {
            serde_json::Value::Array(items) => {
                assert!(items.len() <= limit, "a list of {} items", items.len());
                items.iter().for_each(|item| lists(item, limit));
            }
            serde_json::Value::Object(map) => map.values().for_each(|item| lists(item, limit)),
            _ => {}
        }
    }
    // A file that carries a record gives that record back as it is; a drafted one is bounded.
    let carried = hcr_interop::handoff_md::Document::parse(&text)
        .section(hcr_interop::convert::RECORD_SECTION)
        .is_some();
    if !carried {
        lists(&draft.record, 10_000);
    }
}

/// The folder the `mcp_request` target's server works beneath: the protocol's examples,
/// copied once.
fn mcp_state() -> &'static hcr_mcp::tools::State {
    static STATE: OnceLock<(tempfile::TempDir, hcr_mcp::tools::State)> = OnceLock::new();
    &STATE
        .get_or_init(|| {
            let dir = tempfile::tempdir().expect("a temporary folder");
            let examples = workspace_root().join("protocol/v1/examples");
            for entry in std::fs::read_dir(examples).into_iter().flatten().flatten() {
                if entry.path().is_file() {
                    let _ = std::fs::copy(entry.path(), dir.path().join(entry.file_name()));
                }
            }
            let state = hcr_mcp::tools::State {
                roots: hcr_mcp::roots::Roots::open(&[dir.path().to_path_buf()])
                    .expect("the root opens"),
                allow_write: false,
                max_input_bytes: 1 << 20,
            };
            (dir, state)
        })
        .1
}

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Bytes → one line of JSON-RPC, as the MCP server's transport reads it: a message for the
/// server, nothing, or the error JSON-RPC names (valid JSON, with a standard code); a tool
/// call is answered by its tool (read-only, beneath a root) without a panic, and every
/// answer is JSON.
pub fn mcp_request(data: &[u8]) {
    use hcr_mcp::transport::{Judged, judge};
    match judge(data) {
        Judged::Answer(line) => {
            let answer: serde_json::Value =
                serde_json::from_slice(&line).expect("an answer is JSON");
            let code = answer["error"]["code"].as_i64().expect("an error code");
            assert!([-32700, -32600, -32602].contains(&code), "{answer}");
            check_error(answer["error"]["message"].as_str().unwrap_or_default());
        }
        Judged::Skip => {}
        Judged::Message(_) => {
            let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
                return;
            };
            if value["method"] != "tools/call" {
                return;
            }
            let name = value["params"]["name"].as_str().unwrap_or_default();
            let arguments = value["params"]["arguments"].clone();
            let arguments = if arguments.is_null() {
                serde_json::json!({})
            } else {
                arguments
            };
            match hcr_mcp::tools::call(mcp_state(), name, arguments) {
                Ok(output) => {
                    serde_json::to_string(&output.structured).expect("a result is JSON");
                }
                Err(failure) => {
                    assert!(terminal_safe(failure.message()), "{failure:?}");
                }
            }
        }
    }
}

/// Whether `text` is safe to print on a terminal: no control or bidirectional character but
/// line breaks.
fn terminal_safe(text: &str) -> bool {
    !text.chars().any(|c| c != '\n' && hcr_escape::is_unsafe(c))
}

/// The records in `data`: two JSON documents separated by a NUL byte, each read as a typed
/// record when it is one.
fn two_records(data: &[u8]) -> Option<(Record, Record)> {
    let split = data.iter().position(|b| *b == 0)?;
    let read = |bytes: &[u8]| {
        std::str::from_utf8(bytes)
            .ok()
            .and_then(|text| Record::from_json(text).ok())
    };
    Some((read(&data[..split])?, read(&data[split + 1..])?))
}

/// Two records (separated by a NUL byte) → their diff in every format: JSON that reads back
/// as the same diff, text and Markdown that are terminal-safe, and no format repeating a
/// secret either record holds.
pub fn diff(data: &[u8]) {
    let Some((old, new)) = two_records(data) else {
        return;
    };
    let diff = hcr_chain::Diff::new(&old, &new);
    let json = diff.to_json();
    let again: hcr_chain::Diff = serde_json::from_str(&json).expect("the JSON form reads back");
    assert_eq!(again, diff);
    let secrets = hcr_validate::secrets::of_record(&old.to_value())
        .union(hcr_validate::secrets::of_record(&new.to_value()));
    for shown in [diff.to_text(), diff.to_markdown(), json] {
        assert!(terminal_safe(&shown), "{shown}");
        for secret in secrets.secrets().filter(|s| s.chars().count() > 4) {
            assert!(!shown.contains(secret), "the diff repeats a secret");
        }
    }
}

/// A record → every rendering: a note within the cap whose lines are all the note's own (no
/// record text starts a line), read back as a draft whose items are the record's own, never
/// more; the untrusted block around it; a terminal-safe Markdown page.
pub fn render(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let note = hcr_interop::goal_handover::to_note(&record);
    assert!(note.len() <= hcr_interop::goal_handover::MAX_HANDOVER_BYTES);
    assert!(terminal_safe(&note), "{note}");
    let draft = hcr_interop::goal_handover::from_note(&note);
    for list in ["complete", "inProgress", "blocked"] {
        let own: Vec<String> = record.to_value()["currentState"][list]
            .as_array()
            .map(|items| {
                items
                    .iter()
                    .filter_map(|i| i.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        if let Some(items) = draft.record["currentState"][list].as_array() {
            for item in items.iter().filter_map(serde_json::Value::as_str) {
                // An item read back is one of the record's (trimmed, as notes are read), or a
                // shortened one (`…`).
                assert!(
                    own.iter().any(|o| o.trim() == item.trim()) || item.ends_with('…'),
                    "{list} gained {item:?}\n{note}"
                );
            }
        }
    }
    let block = hcr_interop::goal_handover::untrusted_block(Some(&note));
    assert_eq!(block.matches("<untrusted_handover>").count(), 1);
    let page = hcr_interop::markdown::render(&record);
    assert!(terminal_safe(&page), "{page}");
}

/// A record → `hcr fix`, safe and unsafe: never worse (no code reported more often), a
/// second run changes nothing, the text untouched when no fix applies, no title that quotes
/// a secret of the record.
pub fn fix(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let validator = Validator::new(Level::Normative);
    let before = validator.validate_str(text);
    for unsafe_fixes in [false, true] {
        let options = hcr_fix::Options { unsafe_fixes };
        let fixed = hcr_fix::fix(text, &validator, &options);
        if fixed.applied.is_empty() {
            assert_eq!(fixed.text, text);
            continue;
        }
        for code in fixed.report.codes() {
            let count = |r: &Report| r.diagnostics().iter().filter(|d| d.code == code).count();
            assert!(count(&fixed.report) <= count(&before), "{code} grew");
        }
        let again = hcr_fix::fix(&fixed.text, &validator, &options);
        assert!(again.applied.is_empty(), "{:?}", again.applied);
        let secrets = hcr_validate::secrets::SecretSet::from_source(data);
        for applied in &fixed.applied {
            assert_eq!(secrets.redact(&applied.title), applied.title.as_str());
        }
    }
}

/// Text → every conversion that reads it (a goal handover note, a spec-handoff artifact):
/// a draft that is a JSON object, the same each time.
pub fn convert(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let note = hcr_interop::goal_handover::from_note(&text);
    assert!(note.record.is_object());
    assert_eq!(note, hcr_interop::goal_handover::from_note(&text));
    let artifact = hcr_interop::convert::from_artifact(&text);
    assert!(artifact.record.is_object());
    assert_eq!(artifact, hcr_interop::convert::from_artifact(&text));
    let handoff = hcr_interop::handoff_md::from_handoff_md(&text);
    assert!(handoff.record.is_object());
    assert_eq!(handoff, hcr_interop::handoff_md::from_handoff_md(&text));
    let report = hcr_interop::handoff_md::lint(&text);
    assert_eq!(report.valid(), report.count(Severity::Error) == 0);
    for d in report.diagnostics() {
        let span = d.span.expect("every handoff-md diagnostic has a place");
        assert!(span.start.offset <= span.end.offset && span.end.offset <= text.len());
    }
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) {
        let brief = hcr_interop::handover_brief::from_brief(&value);
        assert!(brief.record.is_object());
    }
}

/// Bytes → validation at every level, then every output format.
///
/// A report is valid exactly when it has no error; every span lies inside the input;
/// validating twice gives the same report; and the normative report renders as well-formed
/// JSON, SARIF and XML, and as text and GitHub commands free of terminal control characters,
/// none of them repeating a secret the input holds.
pub fn validate(data: &[u8]) {
    for level in Level::ALL {
        let validator = Validator::new(level);
        let report = validator.validate_bytes(data);
        check_report(data, &report);
        if level == Level::Normative {
            assert_eq!(report, validator.validate_bytes(data), "deterministic");
            check_formats(data, report);
        }
    }
}

/// Bytes → the validator's fast paths against their references (`hcr_validate::oracle`):
/// the one-pass parser reads nothing `serde_json` reads differently (the same value, the same
/// overwritten repeats); the spans it records are the ones found in the text; the secret
/// walk over the tree's flat node list reports what the walk through the view does; and the
/// compiled schema gives the `jsonschema` crate's verdict and diagnostics (codes, pointers,
/// messages, order, and how many were past a limit), and so does the straight-line reading of
/// a valid record wherever it reads one, its first failure and each of its objects' and
/// lists' readings being the walk's.
pub fn fast_path(data: &[u8]) {
    use hcr_validate::oracle;
    if let Err(disagreement) = oracle::parsers_agree(data, &hcr_validate::Limits::default()) {
        panic!("the parsers disagree: {disagreement}");
    }
    if let Err(difference) = oracle::spans_agree(data) {
        panic!("the spans differ: {difference}");
    }
    if let Err(difference) = oracle::secret_walks_agree(data) {
        panic!("{difference}");
    }
    let Some(value) = oracle::value_of(data) else {
        return;
    };
    assert_eq!(
        oracle::schema_accepts(&value),
        oracle::jsonschema_accepts(&value),
        "the schema's verdict on {value}"
    );
    assert_eq!(
        oracle::fast_accepts(&value),
        oracle::jsonschema_accepts(&value),
        "the straight-line reading's verdict on {value}"
    );
    if let Ok(text) = std::str::from_utf8(data) {
        if oracle::fast_accepts_text(text) == Some(true) {
            assert!(
                oracle::jsonschema_accepts(&value),
                "the straight-line reading accepts {text}"
            );
        }
        if let Some(Err(difference)) = oracle::fast_failure_agrees(text) {
            panic!("the first failure of {text}: {difference}");
        }
        if let Some(Err(difference)) = oracle::readings_agree(text) {
            panic!("the readings of {text}: {difference}");
        }
    }
    for limit in [usize::MAX, 2] {
        assert_eq!(
            oracle::schema_diagnostics(&value, limit),
            oracle::jsonschema_diagnostics(&value, limit),
            "the schema's diagnostics (limit {limit}) on {value}"
        );
    }
}

fn check_report(data: &[u8], report: &Report) {
    let errors = report.count(Severity::Error);
    assert_eq!(report.valid(), errors == 0, "valid means no error");
    for (i, d) in report.diagnostics().iter().enumerate() {
        // HCR006 is about the report (how many more diagnostics there were), not about the
        // source: the last diagnostic, at the root, and not located.
        if d.code == Code::Hcr006 {
            assert_eq!(i + 1, report.diagnostics().len(), "HCR006 comes last");
            assert!(d.span.is_none() && d.pointer.as_str().is_empty(), "{d:?}");
            continue;
        }
        let span = d.span.expect("diagnostics of source text are located");
        assert!(span.start.offset <= span.end.offset, "{d:?}");
        assert!(span.end.offset <= data.len(), "{d:?}");
        assert!(span.start.line >= 1 && span.start.column >= 1, "{d:?}");
    }
    for range in report.redactions() {
        assert!(range.start <= range.end && range.end <= data.len());
    }
    let sorted = report
        .redactions()
        .windows(2)
        .all(|w| w[0].end < w[1].start);
    assert!(sorted, "redactions are sorted and disjoint");
}

/// The outcome of validating `data` from the file `path`, as `hcr validate` would hand it to
/// a renderer.
#[must_use]
pub fn outcome(path: &str, data: &[u8], report: Report) -> Outcome {
    let source = Source {
        path: Some(PathBuf::from(path)),
        line: None,
        label: None,
    };
    Outcome::new(source, 0, report, Some(data))
}

/// Renders `report` in every format and checks each output is well formed for its medium.
pub fn check_formats(data: &[u8], report: Report) {
    let outcome = outcome("records/fuzz.json", data, report);
    let mut summary = Summary::default();
    summary.add(&outcome);
    let secrets = secrets_in(data);
    for format in Format::ALL {
        let out = render_outcome(format, &outcome, &summary);
        let text = std::str::from_utf8(&out)
            .unwrap_or_else(|e| panic!("{} output is not UTF-8: {e}", format.as_str()));
        // JSON is compared string by string (escaping changes the text), values only: its
        // keys are the format's own fixed names, never record text (a word such as `summary`
        // can be a piece of a secret split across the items of a broken record). SARIF's rule
        // table is documentation, whose examples may hold the very secrets a test record uses.
        let shown = match format {
            Format::Json | Format::Sarif => {
                let mut value: serde_json::Value = serde_json::from_str(text).unwrap_or_else(|e| {
                    panic!("{} output is not JSON: {e}\n{text}", format.as_str())
                });
                if let Some(rules) = value.pointer_mut("/runs/0/tool/driver/rules") {
                    rules.take();
                }
                let mut strings = Vec::new();
                collect_strings(&value, &mut strings);
                strings.join("\n")
            }
            _ => text.to_owned(),
        };
        for secret in &secrets {
            assert!(
                !shown.contains(secret.as_str()),
                "{} output repeats a secret of the input",
                format.as_str()
            );
        }
        match format {
            Format::Json | Format::Sarif => {}
            Format::Junit => {
                if let Err(e) = roxmltree::Document::parse(text) {
                    panic!("JUnit output is not XML: {e}\n{text}");
                }
            }
            Format::Markdown => {
                check_markdown(text);
                let unsafe_char = text
                    .chars()
                    .find(|&c| c != '\n' && hcr_escape::is_unsafe(c));
                assert!(
                    unsafe_char.is_none(),
                    "markdown output carries {unsafe_char:?}"
                );
            }
            Format::Text | Format::Github => {
                let unsafe_char = text
                    .chars()
                    .find(|&c| c != '\n' && hcr_escape::is_unsafe(c));
                assert!(
                    unsafe_char.is_none(),
                    "{} output carries {unsafe_char:?}",
                    format.as_str()
                );
            }
        }
    }
}

/// The Markdown summary cannot be reshaped by a record: every table row has exactly the five
/// cells of the header (no unescaped `|`, in a code span or not), and outside code spans no
/// HTML tag or link opens without its escape.
fn check_markdown(text: &str) {
    for line in text.lines() {
        let (mut pipes, mut escaped, mut in_code) = (0, false, false);
        for c in line.chars() {
            if escaped {
                escaped = false;
                continue;
            }
            match c {
                '\\' => escaped = true,
                '`' => in_code = !in_code,
                '|' => pipes += 1,
                '<' | '[' if !in_code => panic!("an unescaped `{c}` in Markdown output: {line}"),
                _ => {}
            }
        }
        if line.starts_with('|') {
            assert_eq!(pipes, 6, "a Markdown table row with other cells: {line}");
        }
    }
}

/// The secrets of `data`, as no output may repeat them: every one the scanner finds in the
/// source (read unescaped, keys and split items included) and in the parsed record, both as
/// decoded text and as written in the source (with its escapes).
fn secrets_in(data: &[u8]) -> Vec<String> {
    use hcr_validate::secrets::{SecretSet, scan_bytes};
    let mut set = SecretSet::from_source(data);
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) {
        set = set.union(hcr_validate::secrets::of_record(&value));
    }
    let mut secrets: Vec<String> = set.secrets().map(str::to_owned).collect();
    secrets.extend(
        scan_bytes(data)
            .into_iter()
            .map(|finding| String::from_utf8_lossy(&data[finding.range]).into_owned()),
    );
    // The property is for secrets longer than four characters (a shorter one says nothing).
    secrets.retain(|s| s.chars().count() > 4);
    secrets
}

/// The string values of a JSON output, at any depth.
fn collect_strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(text) => out.push(text.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| collect_strings(v, out)),
        _ => {}
    }
}

/// One outcome rendered in `format`, with the summary.
#[must_use]
pub fn render_outcome(format: Format, outcome: &Outcome, summary: &Summary) -> Vec<u8> {
    let mut out = Vec::new();
    let mut render = renderer(format, Context::new(Level::Normative));
    render
        .begin(&mut out)
        .and_then(|()| render.record(&mut out, outcome))
        .and_then(|()| render.finish(&mut out, summary))
        .unwrap_or_else(|e| panic!("writing to memory cannot fail: {e}"));
    out
}

/// Bytes → typed record → JSON → typed record: what reads is written back as the same JSON
/// value, and writing is stable.
pub fn typed_round_trip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let value: serde_json::Value = serde_json::from_str(text).expect("a record is JSON");
    assert_eq!(record.to_value(), value, "lossless: the same JSON value");
    let written = record.to_json_pretty();
    let again = Record::from_json(&written).expect("hcr reads what it writes");
    assert_eq!(again, record);
    assert_eq!(again.to_json_pretty(), written, "stable");
    assert_eq!(again.digest(), record.digest());
}

/// Bytes → spec-handoff/v1 lint and conversion: an answer for any text, the same each time,
/// located inside the text.
pub fn spec_handoff(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let report = hcr_interop::spec_handoff::lint::lint(text);
    assert_eq!(report, hcr_interop::spec_handoff::lint::lint(text));
    check_report(data, &report);
    let draft = hcr_interop::convert::from_artifact(text);
    assert!(draft.record.is_object());
}

/// Bytes → goal handover note → draft record and `<untrusted_handover>` block: the block has
/// exactly one opening and one closing tag whatever the note says, and a draft that is a
/// record renders back to a note.
pub fn goal_handover(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(Some(note)) = hcr_interop::goal_handover::normalize(text) else {
        return;
    };
    let block = hcr_interop::goal_handover::untrusted_block(Some(&note));
    assert_eq!(block.matches("<untrusted_handover>").count(), 1, "{block}");
    assert_eq!(block.matches("</untrusted_handover>").count(), 1, "{block}");
    assert_eq!(block.matches('<').count(), 2, "only the tags: {block}");
    let draft = hcr_interop::goal_handover::from_note(&note);
    assert!(draft.record.is_object());
    if let Ok(record) = Record::from_value(&draft.record) {
        let again = hcr_interop::goal_handover::to_note(&record);
        let _ = hcr_interop::goal_handover::from_note(&again);
    }
}

/// A folder of artifacts next to a file that must stay out of reach.
struct Workspace {
    _dir: tempfile::TempDir,
    artifacts: PathBuf,
    inside: Vec<Sha256>,
}

fn workspace() -> &'static Workspace {
    static WORKSPACE: OnceLock<Workspace> = OnceLock::new();
    WORKSPACE.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let root = dir.path();
        let artifacts = root.join("artifacts");
        std::fs::create_dir_all(artifacts.join("sub")).expect("mkdir");
        std::fs::create_dir_all(root.join("outside")).expect("mkdir");
        std::fs::write(artifacts.join("a.txt"), "inside a\n").expect("write");
        std::fs::write(artifacts.join("sub/b.txt"), "inside b\n").expect("write");
        std::fs::write(root.join("outside/secret.txt"), "outside\n").expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::symlink;
            symlink("a.txt", artifacts.join("link")).expect("symlink");
            symlink("../outside/secret.txt", artifacts.join("escape")).expect("symlink");
            symlink("../outside", artifacts.join("outdir")).expect("symlink");
            symlink(root.join("outside/secret.txt"), artifacts.join("abs")).expect("symlink");
            symlink("loop2", artifacts.join("loop1")).expect("symlink");
            symlink("loop1", artifacts.join("loop2")).expect("symlink");
            // Opening this FIFO would block forever: a hang is a failure libFuzzer reports.
            let fifo = root.join("outside/fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                symlink("../outside/fifo", artifacts.join("to-fifo")).expect("symlink");
            }
        }
        let inside = vec![
            Sha256::of_bytes(b"inside a\n"),
            Sha256::of_bytes(b"inside b\n"),
        ];
        Workspace {
            _dir: dir,
            artifacts,
            inside,
        }
    })
}

/// Bytes → an `artifactRef` resolved under a folder: a path refused from its text is refused,
/// and nothing outside the folder is ever hashed (any digest is one of the files inside).
pub fn artifact_path(data: &[u8]) {
    let Ok(path) = std::str::from_utf8(data) else {
        return;
    };
    let workspace = workspace();
    let store = ArtifactStore::open(&workspace.artifacts, 1 << 20).expect("the folder opens");
    let found = store.artifact(path);
    if unsafe_reason(path).is_some() {
        assert!(matches!(found, Artifact::Unsafe(_)), "{path:?}: {found:?}");
    }
    if let Artifact::Digest(digest) = &found {
        assert!(
            workspace.inside.contains(digest),
            "{path:?} hashed a file outside the folder"
        );
    }
}

/// The seed corpus of `target`, from the project's own files: the conformance suite and the
/// examples for records, their spec-handoff artifacts and goal handover notes, and paths
/// that probe every way out of an artifacts folder. `root` is the workspace root.
#[must_use]
pub fn seeds(target: &str, root: &std::path::Path) -> Vec<Vec<u8>> {
    let mut records: Vec<Vec<u8>> = Vec::new();
    for dir in [
        "conformance-suite/cases",
        "conformance-suite/examples",
        "protocol/v1/examples",
        // Secrets in every shape: escaped, as keys and pairs, split across items.
        "crates/hcr-validate/tests/data/secrets/positive",
    ] {
        collect_json(&root.join(dir), &mut records);
    }
    let typed = || {
        records
            .iter()
            .filter_map(|bytes| std::str::from_utf8(bytes).ok())
            .filter_map(|text| Record::from_json(text).ok())
    };
    match target {
        "validate" | "fast_path" | "typed_round_trip" => records.clone(),
        "spec_handoff" => typed()
            .filter_map(|record| {
                let (payload, _) = hcr_interop::convert::to_payload(&record, "/work/project");
                let payload = hcr_interop::spec_handoff::validate(&payload).ok()?;
                let artifact = hcr_interop::spec_handoff::render(&payload, "2026-11-30T09:00:00Z");
                Some(artifact.into_bytes())
            })
            .collect(),
        "goal_handover" | "convert" => typed()
            .map(|record| hcr_interop::goal_handover::to_note(&record).into_bytes())
            .collect(),
        "render" | "fix" => records.clone(),
        "diff" => records
            .windows(2)
            .map(|pair| [pair[0].as_slice(), b"\0", pair[1].as_slice()].concat())
            .collect(),
        "artifact_path" => [
            "a.txt",
            "sub/b.txt",
            "./a.txt",
            "sub//b.txt",
            "link",
            "escape",
            "abs",
            "outdir/secret.txt",
            "to-fifo",
            "loop1",
            "../outside/secret.txt",
            "sub/../a.txt",
            "/etc/passwd",
            "C:\\Windows",
            "c:x",
            "\\\\srv\\share",
            "//srv/share",
            "%2e%2e/x",
            "..\u{2215}outside",
            "\u{ff0e}\u{ff0e}/outside",
            "a\0b",
            "",
        ]
        .iter()
        .map(|p| p.as_bytes().to_vec())
        .collect(),
        "config" => [
            "",
            "level = \"receiver\"\nglob = \"**/*.hcr.json\"\ndeny-warnings = true\nselect = [\"all\"]\nignore = [\"HCR203\", \"hcr\"]\nerror = [\"duplicate-evidence-id\"]\n\n[limits]\nmax-diagnostics = 20\nmax-files = 10\n\n[[overrides]]\npaths = [\"legacy/**\", \"old/*.json\"]\nignore = [\"schema\"]\n",
            "[[overrides]]\npaths = [\"a/{b,c}/*.json\"]\nwarn = [\"HCR210\"]\n",
            "select = [\"ghp_R8x2Lq7ZmV4kT9wN3pJ6sY1cF5hB0dGaUeXo\"]\n",
            "colour = true\n",
            "[limits]\nmax-bytes = 3\n",
            "[[overrides]]\npaths = [\"a/**\"]\nlevel = \"schema\"\n",
            "[[overrides]]\nignore = [\"hcr\"]\n",
            "select = \"HCR205\"\n",
            "level = \"strict\"\n",
            "ignore = [\"HCR2O5\"]\n",
            "warn = [\"HCR001\"]\n",
            "glob = \"[\"\n",
            "[limits]\nmax-depth = 500\nmax-diagnostics = -1\n",
            "level = \n",
        ]
        .iter()
        .map(|p| p.as_bytes().to_vec())
        .collect(),
        "baseline" => vec![
            br#"{"version": 1, "tool": "hcr", "salt": "00ff", "findings": [
  {"file":"a.json","code":"HCR205","pointer":"/evidence/1/id","hash":"0123456789abcdef0123456789abcdef","count":2},
  {"file":"b.json","code":"HCR204","hash":"fedcba9876543210fedcba9876543210","count":1}
]}"#
            .to_vec(),
            br#"{"version": 1, "tool": "hcr", "salt": "s", "findings": []}"#.to_vec(),
            br#"{"version": 2, "tool": "other", "salt": "s", "findings": []}"#.to_vec(),
            br#"{"version": 1, "tool": "hcr", "salt": "s", "findings": [{"file": "a", "code": "HCR999", "hash": "h", "count": 1}]}"#.to_vec(),
            br#"{"version": 1, "tool": "hcr", "salt": "s", "findings": [{"file": "a", "code": "HCR101", "hash": "h", "count": 1, "extra": 0}]}"#.to_vec(),
            br#"{"version": 1, "tool": "hcr", "salt": "s", "findings": [{"file": "a", "code": "HCR101", "hash": "h", "count": 18446744073709551615}, {"file": "a", "code": "HCR101", "hash": "h", "count": 1}]}"#.to_vec(),
            br#"{"version": "1", "tool": "hcr"}"#.to_vec(),
            br#"{"version": 1, "tool": "ghp_R8x2Lq7ZmV4kT9wN3pJ6sY1cF5hB0dGaUeXo", "salt": "s", "findings": []}"#.to_vec(),
            br#"[1, 2, 3]"#.to_vec(),
            b"not json at all".to_vec(),
        ],
        "handoff_md" => {
            let mut found: Vec<Vec<u8>> = typed()
                .map(|record| hcr_interop::forms::Form::HandoffMd.render(&record).into_bytes())
                .collect();
            let templates = root.join("crates/hcr-interop/tests/data/handoff-md");
            collect_files(&templates, "md", &mut found);
            found
        }
        "mcp_request" => {
            let mut lines = vec![
                br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}"#.to_vec(),
                br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"rules","arguments":{}}}"#.to_vec(),
                br#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"validate","arguments":{"paths":["."]}}}"#.to_vec(),
                br#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"receive","arguments":{"path":"bug-fix.json"}}}"#.to_vec(),
                br#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"convert","arguments":{"record":"State: done.","from":"goal-handover"}}}"#.to_vec(),
            ];
            for record in records.iter().take(40) {
                let text = String::from_utf8_lossy(record);
                let call = serde_json::json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
                    "params": {"name": "validate", "arguments": {"record": text}}});
                lines.push(call.to_string().into_bytes());
            }
            lines
        }
        _ => Vec::new(),
    }
}

/// Every file ending `.EXT` under `dir`.
fn collect_files(dir: &std::path::Path, ext: &str, out: &mut Vec<Vec<u8>>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.filter_map(Result::ok).map(|e| e.path()) {
        if path.is_dir() {
            collect_files(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext)
            && let Ok(bytes) = std::fs::read(&path)
        {
            out.push(bytes);
        }
    }
}

fn collect_json(dir: &std::path::Path, out: &mut Vec<Vec<u8>>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect_json(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "json" || e == "jsonl")
            && let Ok(bytes) = std::fs::read(&path)
        {
            out.push(bytes);
        }
    }
}
