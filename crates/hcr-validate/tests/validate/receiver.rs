//! The receiver level against real files: artifacts (present, tampered, missing, escaping,
//! special) and revisions (linked and not).

use std::path::Path;

use hcr_types::DateTime;
use hcr_validate::receiver::{Artifact, ArtifactStore, RevisionIndex};
use hcr_validate::{Code, Level, Limits, ReceiverContext, Report, Severity, Spelling, Validator};

use crate::record;

const BUILD_LOG_SHA: &str = "5c3d57cf803c92ff537694cda191d9c10c44f33c39eaf5f45e91e34f6413e254";

/// A workspace: `root/artifacts` (logs/build.txt, a tampered file, a symlink out, a FIFO, a
/// folder), `root/outside/secret.txt`, and `root/revisions` (revisions 1 and 2 of `work`, and
/// two files that are not revisions).
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let artifacts = root.join("artifacts");
    std::fs::create_dir_all(artifacts.join("logs")).expect("mkdir");
    std::fs::create_dir_all(artifacts.join("a-folder")).expect("mkdir");
    std::fs::create_dir_all(root.join("outside")).expect("mkdir");
    std::fs::write(artifacts.join("logs/build.txt"), "build ok\n").expect("write");
    std::fs::write(artifacts.join("logs/tampered.txt"), "build ok, honest\n").expect("write");
    std::fs::write(root.join("outside/secret.txt"), "outside the folder\n").expect("write");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(
            root.join("outside/secret.txt"),
            artifacts.join("escape.txt"),
        )
        .expect("symlink");
        std::os::unix::fs::symlink("../outside", artifacts.join("out-dir")).expect("symlink");
        std::os::unix::fs::symlink("logs/build.txt", artifacts.join("inside-link.txt"))
            .expect("symlink");
        std::os::unix::fs::symlink("loop-b", artifacts.join("loop-a")).expect("symlink");
        std::os::unix::fs::symlink("loop-a", artifacts.join("loop-b")).expect("symlink");
        let fifo = artifacts.join("pipe");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .expect("mkfifo")
                .success()
        );
    }
    let revisions = root.join("revisions");
    std::fs::create_dir_all(revisions.join("older")).expect("mkdir");
    for (name, revision) in [("work.r1.json", 1), ("older/work.r2.json", 2)] {
        let text = record(&format!(
            r#"{{"recordId": "work", "provenance": {{"createdBy": {{"id": "a", "type": "agent"}}, "createdAt": "2026-11-01T00:00:00Z", "sourceRevision": {revision}}}}}"#
        ));
        std::fs::write(revisions.join(name), text).expect("write");
    }
    std::fs::write(revisions.join("broken.json"), "{").expect("write");
    std::fs::write(revisions.join("no-id.json"), record("{}")).expect("write");
    std::fs::write(revisions.join("notes.txt"), "not json").expect("write");
    dir
}

fn context(root: &Path) -> ReceiverContext {
    ReceiverContext::new()
        .artifacts(ArtifactStore::open(&root.join("artifacts"), 1 << 20).expect("artifacts"))
        .revisions(RevisionIndex::open(&root.join("revisions")).expect("revisions"))
        .now(DateTime::parse("2026-12-01T00:00:00Z").expect("date-time"))
}

fn check(root: &Path, patch: &str) -> Report {
    Validator::new(Level::Receiver)
        .with_receiver(context(root))
        .validate_str(&record(patch))
}

fn evidence(artifact_ref: &str, sha256: Option<&str>) -> String {
    let digest = sha256.map_or_else(String::new, |d| format!(r#", "sha256": "{d}""#));
    format!(
        r#"{{"evidence": [{{"id": "e", "label": "E", "artifactRef": {}{digest}}}]}}"#,
        serde_json::json!(artifact_ref)
    )
}

fn found(report: &Report) -> Vec<(&'static str, Severity)> {
    report
        .diagnostics()
        .iter()
        .map(|d| (d.code.as_str(), d.severity))
        .collect()
}

#[test]
fn artifacts_are_hashed_and_compared() {
    let dir = workspace();
    let root = dir.path();
    assert_eq!(
        found(&check(
            root,
            &evidence("logs/build.txt", Some(BUILD_LOG_SHA))
        )),
        []
    );
    // Digests compare without regard to case.
    assert_eq!(
        found(&check(
            root,
            &evidence("logs/build.txt", Some(&BUILD_LOG_SHA.to_uppercase()))
        )),
        []
    );
    let tampered = check(root, &evidence("logs/tampered.txt", Some(BUILD_LOG_SHA)));
    assert_eq!(found(&tampered), [("HCR301", Severity::Error)]);
    let message = &tampered.diagnostics()[0].message;
    assert!(
        message.contains(BUILD_LOG_SHA) && message.contains("hashes to "),
        "{message}"
    );
    assert_eq!(
        tampered.diagnostics()[0].pointer.as_str(),
        "/evidence/0/sha256"
    );
    assert_eq!(
        found(&check(root, &evidence("logs/build.txt", None))),
        [("HCR307", Severity::Info)]
    );
}

#[test]
fn missing_artifacts_are_errors_only_when_vouched_for() {
    let dir = workspace();
    let root = dir.path();
    assert_eq!(
        found(&check(
            root,
            &evidence("logs/nope.txt", Some(BUILD_LOG_SHA))
        )),
        [("HCR302", Severity::Error)]
    );
    assert_eq!(
        found(&check(root, &evidence("logs/nope.txt", None))),
        [("HCR302", Severity::Warning)]
    );
    assert_eq!(
        found(&check(root, &evidence("logs/build.txt/deeper", None))),
        [("HCR302", Severity::Warning)]
    );
}

#[cfg(unix)]
#[test]
fn unsafe_paths_are_refused_without_opening_anything_outside() {
    let dir = workspace();
    let root = dir.path();
    let cases = [
        ("../outside/secret.txt", "`..` segment"),
        ("/etc/passwd", "absolute path"),
        ("C:\\\\Windows\\\\win.ini", "drive letter"),
        ("\\\\\\\\server\\\\share\\\\x", "UNC"),
        ("logs\\\\build.txt", "backslash"),
        ("escape.txt", "symbolic link"),
        ("out-dir/secret.txt", "symbolic link"),
        ("pipe", "FIFO"),
        ("a-folder", "folder"),
        ("loop-a", "symbolic link"),
        // A link that stays inside is refused too: nothing is opened through a link, so
        // swapping a checked file for one gains nothing.
        ("inside-link.txt", "symbolic link"),
    ];
    for (path, reason) in cases {
        let report = check(root, &evidence(path, None));
        assert_eq!(found(&report), [("HCR303", Severity::Error)], "{path}");
        assert!(
            report.diagnostics()[0].message.contains(reason),
            "{path}: {}",
            report.diagnostics()[0].message
        );
    }
    // The file the link names is fine when named itself.
    assert_eq!(
        found(&check(
            root,
            &evidence("logs/build.txt", Some(BUILD_LOG_SHA))
        )),
        []
    );
}

#[cfg(unix)]
#[test]
fn encoded_and_look_alike_separators_are_names_not_paths() {
    // These would reach `outside/secret.txt` if decoded or normalized; hcr takes them as the
    // literal names they are, which do not exist: the file outside is never hashed.
    let dir = workspace();
    let root = dir.path();
    let outside_sha = "8d0e0b4bd5e3e3b0e6bd2c6d9e7b7e4f0a0c5b9a6e3b8f0d4c2a1e9f7b5d3c1a";
    for path in [
        "%2e%2e/outside/secret.txt",
        "%2E%2E%2Foutside%2Fsecret.txt",
        "..%2foutside%2fsecret.txt",
        "\u{2025}/outside/secret.txt",
        "..\u{2215}outside\u{2215}secret.txt",
        "..\u{ff0f}outside\u{ff0f}secret.txt",
        "\u{ff0e}\u{ff0e}/outside/secret.txt",
    ] {
        let report = check(root, &evidence(path, Some(outside_sha)));
        assert_eq!(found(&report), [("HCR302", Severity::Error)], "{path}");
    }
}

#[cfg(unix)]
#[test]
fn devices_are_refused_from_their_type() {
    let dir = workspace();
    let root = dir.path();
    // A device reached through a symlink is outside the folder; a device named by a path in
    // the folder (a bind-mounted /dev) would be refused from its type. /dev/zero, if read,
    // would never end: returning proves it was not.
    std::os::unix::fs::symlink("/dev/zero", root.join("artifacts/zero")).expect("symlink");
    let report = check(root, &evidence("zero", None));
    assert_eq!(found(&report), [("HCR303", Severity::Error)]);
    let store = ArtifactStore::open(Path::new("/dev"), 1 << 20).expect("/dev opens");
    assert_eq!(
        store.artifact("zero"),
        Artifact::Unsafe("it is a device, not a regular file")
    );
    assert_eq!(
        store.artifact("null"),
        Artifact::Unsafe("it is a device, not a regular file")
    );
}

#[test]
fn a_file_that_changes_while_hashed_is_not_trusted() {
    let dir = workspace();
    let root = dir.path();
    let path = root.join("artifacts/growing.log");
    std::fs::write(&path, vec![b'x'; 32 << 20]).expect("write");
    // Another thread appends for as long as the hash runs (a new store each time: a store
    // remembers what it hashed). Should the appender not get the
    // processor at all during one hash (a loaded machine), the file did not change and its
    // digest is right; the check is that a change, once seen, is never trusted.
    let mut verdicts = Vec::new();
    for _ in 0..10 {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let started = std::sync::atomic::AtomicBool::new(false);
        let verdict = std::thread::scope(|scope| {
            scope.spawn(|| {
                use std::io::Write as _;
                let mut file = std::fs::OpenOptions::new()
                    .append(true)
                    .open(&path)
                    .expect("open to append");
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    file.write_all(&[b'y'; 4096]).expect("append");
                    started.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            });
            while !started.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::yield_now();
            }
            let verdict = ArtifactStore::open(&root.join("artifacts"), 1 << 40)
                .expect("artifacts")
                .artifact("growing.log");
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            verdict
        });
        let changed =
            verdict == Artifact::Unreadable("it changed while it was being hashed".into());
        assert!(
            changed || matches!(verdict, Artifact::Digest(_)),
            "{verdict:?}"
        );
        verdicts.push(verdict);
        if changed {
            break;
        }
    }
    assert!(
        verdicts
            .iter()
            .any(|v| matches!(v, Artifact::Unreadable(_))),
        "{verdicts:?}"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_outside_the_folder_is_never_opened() {
    // Opening this FIFO for reading would block the test forever: reaching the end proves
    // it was not opened.
    let dir = workspace();
    let root = dir.path();
    let fifo = root.join("outside/blocking-fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo")
            .success()
    );
    std::os::unix::fs::symlink(&fifo, root.join("artifacts/to-fifo")).expect("symlink");
    std::os::unix::fs::symlink(
        "../outside/blocking-fifo",
        root.join("artifacts/to-fifo-relative"),
    )
    .expect("symlink");
    for path in ["to-fifo", "to-fifo-relative", "../outside/blocking-fifo"] {
        assert_eq!(
            found(&check(root, &evidence(path, None))),
            [("HCR303", Severity::Error)],
            "{path}"
        );
    }
}

#[test]
fn artifacts_over_the_limit_are_not_read() {
    let dir = workspace();
    let root = dir.path();
    let store = ArtifactStore::open(&root.join("artifacts"), 4).expect("artifacts");
    assert_eq!(store.artifact("logs/build.txt"), Artifact::TooLarge(9));
    let context = ReceiverContext::new().artifacts(store);
    let text = record(&evidence("logs/build.txt", None));
    // The message names the setting that raises the limit in the caller's words.
    for (spelling, setting) in [
        (Spelling::Field, "(max_artifact_bytes)"),
        (Spelling::Option, "(--max-artifact-bytes)"),
        (Spelling::Member, "(maxArtifactBytes)"),
    ] {
        let report = Validator::new(Level::Receiver)
            .with_limits(Limits {
                spelling,
                ..Limits::default()
            })
            .with_receiver(context.clone())
            .validate_str(&text);
        assert_eq!(found(&report), [("HCR003", Severity::Error)]);
        assert!(
            report.diagnostics()[0].message.contains(setting),
            "{}",
            report.diagnostics()[0].message
        );
    }
}

#[test]
fn review_links_need_the_revision() {
    let dir = workspace();
    let root = dir.path();
    let review = |by: u64, own: Option<u64>| {
        let provenance = own.map_or_else(String::new, |r| {
            format!(r#", "provenance": {{"createdBy": {{"id": "a", "type": "agent"}}, "createdAt": "2026-11-02T00:00:00Z", "sourceRevision": {r}}}"#)
        });
        format!(
            r#"{{"recordId": "work", "openReview": [{{"id": "r", "summary": "s", "status": "resolved", "resolvedByRevision": {by}}}]{provenance}}}"#
        )
    };
    assert_eq!(found(&check(root, &review(1, None))), []);
    assert_eq!(
        found(&check(root, &review(2, None))),
        [],
        "revisions in subfolders count"
    );
    assert_eq!(
        found(&check(root, &review(3, None))),
        [("HCR304", Severity::Error)]
    );
    assert_eq!(
        found(&check(root, &review(3, Some(3)))),
        [],
        "the record's own revision counts"
    );
    let unlinked = r#"{"openReview": [{"id": "r", "summary": "s", "status": "resolved", "resolvedByRevision": 1}, {"id": "q", "summary": "s", "status": "resolved", "resolvedByRevision": 2}]}"#;
    assert_eq!(
        found(&check(root, unlinked)),
        [("HCR308", Severity::Info)],
        "said once"
    );
}

#[test]
fn the_index_reports_files_that_are_not_revisions() {
    let dir = workspace();
    let index = RevisionIndex::open(&dir.path().join("revisions")).expect("revisions");
    assert_eq!(index.len(), 2);
    assert!(index.contains("work", 1) && index.contains("work", 2) && !index.contains("work", 3));
    let problems: Vec<_> = index
        .problems()
        .iter()
        .map(|p| p.path.display().to_string())
        .collect();
    assert_eq!(problems, ["broken.json", "no-id.json"]);
}

#[test]
fn due_dates_and_next_actors_are_checked() {
    let dir = workspace();
    let root = dir.path();
    let due = |at: &str| {
        format!(r#"{{"nextAction": {{"summary": "s", "verification": "v", "dueAt": "{at}"}}}}"#)
    };
    assert_eq!(
        found(&check(root, &due("2026-11-30T23:59:59Z"))),
        [("HCR305", Severity::Warning)]
    );
    assert_eq!(
        found(&check(root, &due("2026-12-01T01:00:00+01:00"))),
        [],
        "the same instant is not past"
    );
    assert_eq!(found(&check(root, &due("2026-12-02T00:00:00Z"))), []);
    let as_someone = |who: &str| {
        Validator::new(Level::Receiver)
            .with_receiver(ReceiverContext::new().actor_id(who))
            .validate_str(&record("{}"))
    };
    assert_eq!(found(&as_someone("agent:fixer")), []);
    assert_eq!(
        found(&as_someone("agent:other")),
        [("HCR306", Severity::Warning)]
    );
}

#[test]
fn receiver_checks_run_only_at_the_receiver_level() {
    let dir = workspace();
    let text = record(&evidence("logs/tampered.txt", Some(BUILD_LOG_SHA)));
    let normative = Validator::new(Level::Normative)
        .with_receiver(context(dir.path()))
        .validate_str(&text);
    assert!(normative.diagnostics().is_empty());
    let receiver = Validator::new(Level::Receiver)
        .with_receiver(context(dir.path()))
        .validate_str(&text);
    assert!(receiver.has(Code::Hcr301));
}
