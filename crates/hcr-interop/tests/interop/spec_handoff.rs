//! spec-handoff/v1: the reference writer's vectors, the file system, discovery, lint.

use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

use hcr_interop::spec_handoff::discover::{DiscoverRequest, discover};
use hcr_interop::spec_handoff::write::{WriteRequest, write};
use hcr_interop::spec_handoff::{file_name, lint::lint, render, slug, validate};
use hcr_types::Sha256;
use serde_json::{Value, json};

use crate::vectors;

#[test]
fn slugs_match_the_reference_writer() {
    let vectors = vectors();
    let slugs = vectors["slugs"].as_array().expect("slugs");
    assert!(slugs.len() >= 20);
    for case in slugs {
        let title = case["title"].as_str().expect("title");
        assert_eq!(
            slug(title, "handoff"),
            case["slug"].as_str().expect("slug"),
            "{title:?}"
        );
    }
}

#[test]
fn renders_are_byte_identical() {
    let vectors = vectors();
    let renders = vectors["renders"].as_object().expect("renders");
    for (name, case) in renders {
        let payload = validate(&case["payload"]).unwrap_or_else(|p| panic!("{name}: {p:?}"));
        let created_at = case["created_at"].as_str().expect("created_at");
        let artifact = render(&payload, created_at);
        assert_eq!(
            artifact,
            case["artifact"].as_str().expect("artifact"),
            "{name}"
        );
        assert_eq!(
            Sha256::of_bytes(artifact.as_bytes()).as_str(),
            case["sha256"].as_str().expect("sha256"),
            "{name}"
        );
        assert_eq!(
            file_name(created_at, &payload.title),
            case["file_name"].as_str().expect("file name"),
            "{name}"
        );
    }
}

#[test]
fn rejects_match_the_reference_writer_and_report_every_problem() {
    let vectors = vectors();
    for (name, case) in vectors["rejects"].as_object().expect("rejects") {
        let problems = validate(&case["payload"]).expect_err(name);
        assert_eq!(case["reason_code"], "invalid-payload");
        assert_eq!(
            problems[0].message,
            case["first_error"].as_str().expect("first error"),
            "{name}"
        );
    }
    // Where the reference writer stops at the first problem, every one is reported.
    let problems = validate(&json!({"title": "a\nb", "keywords": [], "cwd": "relative", "sections": [{"heading": "h", "body": "b"}]})).expect_err("invalid");
    let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "title",
            "summary",
            "keywords",
            "cwd",
            "resume_focus",
            "source_refs",
            "freshness",
            "limitations"
        ]
    );
}

fn payload() -> Value {
    json!({
        "title": "Next area handoff",
        "summary": "Where the parser work stands.",
        "keywords": ["parser", "handoff"],
        "cwd": "/home/dev/proj",
        "resume_focus": "Finish the error recovery pass.",
        "source_refs": ["src/parser.rs"],
        "freshness": ["HEAD abc123 at capture"],
        "limitations": ["Not run on Windows"],
        "sections": [{"heading": "Work completed", "body": "Lexer done.\n"}]
    })
}

/// The compatibility statements of neighbour-formats.md, part C, spec-handoff/v1.
#[test]
fn compatibility_statements() {
    let with = |key: &str, value: Value| {
        let mut p = payload();
        p[key] = value;
        validate(&p)
    };
    // 1. Lengths in UTF-16 units; single-line fields.
    assert!(with("title", json!("t".repeat(160))).is_ok());
    assert!(with("title", json!("t".repeat(161))).is_err());
    assert!(
        with("keywords", json!(["😀".repeat(40)])).is_ok(),
        "80 units"
    );
    assert!(with("title", json!("😀".repeat(80))).is_ok(), "160 units");
    assert!(with("title", json!("a\nb")).is_err());
    assert!(with("summary", json!("a\nb")).is_ok());
    // 2. Source refs.
    for bad in ["../x", "a\\..\\b", "/x", "C:x", "mailto:x"] {
        assert!(with("source_refs", json!([bad])).is_err(), "{bad}");
    }
    for good in ["./x", "..x"] {
        assert!(with("source_refs", json!([good])).is_ok(), "{good}");
    }
    // 4. Naming.
    assert_eq!(
        file_name("2026-08-22T21:13:35.123Z", "Next area handoff"),
        "20260822t211335z-next-area-handoff.md"
    );
    // 5. The 64-character cut comes after stripping, so a slug may end in `-`.
    assert_eq!(slug(&"a b ".repeat(20), "handoff").len(), 64);
    assert!(slug(&"a b ".repeat(20), "handoff").ends_with('-'));
    // Optional fields: absent, null and "" are omitted; whitespace is refused.
    assert!(with("branch", Value::Null).is_ok());
    assert!(with("branch", json!("")).is_ok());
    assert!(with("branch", json!("  ")).is_err());
    assert!(
        with("title", json!("\u{feff}")).is_err(),
        "JavaScript trims U+FEFF"
    );
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .expect("exists")
        .permissions()
        .mode()
        & 0o777
}

#[test]
fn writes_with_modes_collision_suffixes_and_no_overwrite() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("proj");
    std::fs::create_dir(&repo).expect("mkdir");
    let request = WriteRequest {
        target_repo: &repo,
        workspace_slug: None,
        payload: &payload(),
        created_at: Some("2026-08-22T21:13:35.123Z".into()),
    };
    let first = write(&request);
    assert!(first.written(), "{first:?}");
    assert_eq!(
        first.0["artifact_path"],
        ".spec-first/workflows/spec-handoff/proj/20260822t211335z-next-area-handoff.md"
    );
    assert_eq!(first.0["reason_code"], "artifact-written");
    assert_eq!(
        first.0["warnings"],
        json!(["artifact is machine-local unless separately transferred or published"])
    );
    let keys: Vec<&str> = first
        .0
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "status",
            "reason_code",
            "artifact_contract",
            "artifact_path",
            "sha256",
            "created_at",
            "warnings"
        ]
    );
    let second = write(&request);
    assert_eq!(
        second.0["artifact_path"],
        ".spec-first/workflows/spec-handoff/proj/20260822t211335z-next-area-handoff-1.md"
    );
    assert_eq!(
        write(&request).0["artifact_path"],
        ".spec-first/workflows/spec-handoff/proj/20260822t211335z-next-area-handoff-2.md"
    );
    let written = repo.join(first.0["artifact_path"].as_str().expect("path"));
    assert_eq!(mode(&written), 0o600);
    assert_eq!(mode(written.parent().expect("workspace")), 0o700);
    assert_eq!(mode(&repo.join(".spec-first")), 0o700);
    assert_eq!(
        Sha256::of_bytes(&std::fs::read(&written).expect("read")).as_str(),
        first.0["sha256"]
    );
    assert!(
        first.to_json().ends_with("}\n") && first.to_json().contains("\n  \"status\": \"written\"")
    );
}

#[test]
fn refuses_symlinked_segments_and_writes_nothing_outside() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("proj");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(&repo).expect("mkdir");
    std::fs::create_dir_all(&outside).expect("mkdir");
    std::os::unix::fs::symlink(&outside, repo.join(".spec-first")).expect("symlink");
    let result = write(&WriteRequest {
        target_repo: &repo,
        workspace_slug: None,
        payload: &payload(),
        created_at: None,
    });
    assert_eq!(result.0["status"], "rejected");
    assert_eq!(result.0["reason_code"], "artifact-symlink-segment");
    assert_eq!(result.0["errors"][0], "Artifact path traverses a symlink.");
    assert_eq!(
        std::fs::read_dir(&outside).expect("readable").count(),
        0,
        "nothing written outside"
    );
}

#[test]
fn an_invalid_payload_creates_no_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut bad = payload();
    bad["cwd"] = json!("relative/path");
    let result = write(&WriteRequest {
        target_repo: dir.path(),
        workspace_slug: Some("ws"),
        payload: &bad,
        created_at: None,
    });
    assert_eq!(result.0["reason_code"], "invalid-payload");
    assert_eq!(result.0["errors"], json!(["cwd must be an absolute path."]));
    assert!(!dir.path().join(".spec-first").exists());
    let missing = write(&WriteRequest {
        target_repo: &dir.path().join("nope"),
        workspace_slug: None,
        payload: &payload(),
        created_at: None,
    });
    assert_eq!(missing.0["reason_code"], "handoff-artifact-error");
    let file = dir.path().join("file");
    std::fs::write(&file, "").expect("write");
    let not_dir = write(&WriteRequest {
        target_repo: &file,
        workspace_slug: None,
        payload: &payload(),
        created_at: None,
    });
    assert_eq!(not_dir.0["reason_code"], "target-root-unsafe");
}

fn discover_in(repo: &Path, keywords: Option<&str>, limit: Option<&str>) -> Value {
    discover(&DiscoverRequest {
        target_repo: repo,
        workspace_slug: None,
        keywords,
        limit,
        source_dir: None,
    })
}

#[test]
fn discovery_reads_metadata_only_within_bounds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("proj");
    std::fs::create_dir(&repo).expect("mkdir");
    assert_eq!(
        discover_in(&repo, None, None)["reason_code"],
        "no-managed-root"
    );
    let managed = repo.join(".spec-first/workflows/spec-handoff/proj");
    std::fs::create_dir_all(&managed).expect("mkdir");
    let good = render(
        &validate(&payload()).expect("valid"),
        "2026-08-22T21:13:35.123Z",
    );
    std::fs::write(managed.join("a-json.md"), &good).expect("write");
    std::fs::write(managed.join("b-crlf.md"), good.replace('\n', "\r\n")).expect("write");
    std::fs::write(managed.join("c-yaml.md"), "---\ntitle: bare yaml\n---\n").expect("write");
    std::fs::write(
        managed.join("d-unclosed.md"),
        format!("---\n{}", "k: \"v\"\n".repeat(63)),
    )
    .expect("write");
    std::fs::write(managed.join("e-no-newline.md"), "x".repeat(16_384)).expect("write");
    std::fs::write(managed.join("notes.txt"), "not markdown").expect("write");
    std::os::unix::fs::symlink(managed.join("a-json.md"), managed.join("f-link.md"))
        .expect("symlink");
    // A body that is never read: past 16 KiB, a frontmatter value would poison it if it were.
    let result = discover_in(&repo, None, Some("20"));
    assert_eq!(result["reason_code"], "candidates-found");
    let candidates = result["candidates"].as_array().expect("candidates");
    let by_name = |n: &str| {
        candidates
            .iter()
            .find(|c| c["artifact_path"].as_str().is_some_and(|p| p.ends_with(n)))
            .cloned()
    };
    assert_eq!(by_name("a-json.md").expect("listed")["indexed"], true);
    assert_eq!(by_name("b-crlf.md").expect("listed")["indexed"], true);
    for unindexed in ["c-yaml.md", "d-unclosed.md", "e-no-newline.md"] {
        let c = by_name(unindexed).expect("kept");
        assert_eq!(c["indexed"], false);
        assert_eq!(c["title"], unindexed);
        assert_eq!(c["summary"], "");
        assert_eq!(c["created_at"], Value::Null);
    }
    assert!(by_name("f-link.md").is_none() && by_name("notes.txt").is_none());
    assert!(candidates.iter().all(|c| c.get("body").is_none()));
    // Terms: files scoring 0 are dropped.
    let parser = discover_in(&repo, Some("PARSER nothing-matches"), None);
    let found: Vec<&str> = parser["candidates"]
        .as_array()
        .expect("c")
        .iter()
        .map(|c| c["artifact_path"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        parser["candidates"]
            .as_array()
            .expect("c")
            .iter()
            .all(|c| c["score"] == 1)
    );
    assert_eq!(
        discover_in(&repo, Some("zzz"), None)["reason_code"],
        "no-candidates"
    );
}

#[test]
fn discovery_scans_at_most_200_entries_and_clamps_the_limit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("proj");
    let managed = repo.join(".spec-first/workflows/spec-handoff/proj");
    std::fs::create_dir_all(&managed).expect("mkdir");
    for i in 0..205 {
        std::fs::write(
            managed.join(format!("{i:03}.md")),
            "---\ntitle: \"x\"\n---\n",
        )
        .expect("write");
    }
    let result = discover_in(&repo, None, Some("500"));
    assert_eq!(result["scanned_entries"], 200);
    assert_eq!(result["scan_truncated"], true);
    assert_eq!(result["candidates"].as_array().expect("c").len(), 20);
    assert_eq!(
        discover_in(&repo, None, Some("0"))["candidates"]
            .as_array()
            .expect("c")
            .len(),
        5
    );
}

#[test]
fn discovery_sorts_by_score_then_time_then_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("proj");
    let managed = repo.join(".spec-first/workflows/spec-handoff/proj");
    std::fs::create_dir_all(&managed).expect("mkdir");
    for (name, title) in [
        ("old.md", "parser lexer"),
        ("new.md", "parser"),
        ("same-b.md", "parser"),
        ("same-a.md", "parser"),
    ] {
        std::fs::write(
            managed.join(name),
            format!("---\ntitle: \"{title}\"\n---\n"),
        )
        .expect("write");
    }
    let set_time = |name: &str, secs: u64| {
        let file = std::fs::File::options()
            .write(true)
            .open(managed.join(name))
            .expect("open");
        file.set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs))
            .expect("mtime");
    };
    set_time("old.md", 1_000);
    set_time("new.md", 3_000);
    set_time("same-a.md", 2_000);
    set_time("same-b.md", 2_000);
    let result = discover_in(&repo, Some("parser lexer"), None);
    let order: Vec<String> = result["candidates"]
        .as_array()
        .expect("c")
        .iter()
        .map(|c| {
            c["artifact_path"]
                .as_str()
                .unwrap_or_default()
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    assert_eq!(order, ["old.md", "new.md", "same-a.md", "same-b.md"]);
}

#[test]
fn source_dir_must_be_a_real_folder() {
    let dir = tempfile::tempdir().expect("tempdir");
    let real = dir.path().join("real");
    std::fs::create_dir(&real).expect("mkdir");
    std::os::unix::fs::symlink(&real, dir.path().join("link")).expect("symlink");
    let request = |source: &Path| {
        discover(&DiscoverRequest {
            target_repo: dir.path(),
            workspace_slug: None,
            keywords: None,
            limit: None,
            source_dir: Some(source),
        })
    };
    assert_eq!(
        request(&dir.path().join("link"))["reason_code"],
        "source-directory-unsafe"
    );
    assert_eq!(request(&real)["reason_code"], "no-candidates");
}

#[test]
fn every_artifact_code_has_a_failing_and_a_passing_example() {
    let codes = crate::examples_lint_as_they_say(hcr_validate::CodeLevel::Artifact, lint);
    assert_eq!(codes, 10);
}

#[test]
fn lint_accepts_what_the_writer_writes_and_locates_problems() {
    let good = render(
        &validate(&payload()).expect("valid"),
        "2026-08-22T21:13:35.123Z",
    );
    assert!(lint(&good).diagnostics().is_empty());
    let bad = good.replace(
        "cwd: \"/home/dev/proj\"",
        "cwd: \"relative\"\nstatus: \"done\"",
    );
    let report = lint(&bad);
    let found: Vec<(&str, u32)> = report
        .diagnostics()
        .iter()
        .map(|d| (d.code.as_str(), d.line().unwrap_or(0)))
        .collect();
    assert_eq!(found, [("HCR506", 7), ("HCR508", 8)]);
}
