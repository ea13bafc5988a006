//! Input modes and exit statuses.

use serde_json::Value;

use crate::{fixtures, output, output_with_stdin};

/// The sources of a JSON run, in order, and the exit code.
fn sources(args: &[&str]) -> (i32, Vec<String>) {
    let mut all = vec!["validate", "--format", "json"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = output(&all);
    let doc: Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    let found = doc["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["source"].as_str().unwrap_or_default().to_owned())
        .collect();
    (code, found)
}

#[test]
fn folders_are_walked_recursively_in_order_with_the_glob() {
    assert_eq!(
        sources(&["tree"]),
        (
            1,
            vec![
                "tree/a.json".into(),
                "tree/sub/b.json".into(),
                "tree/sub/c.hcr.json".into()
            ]
        )
    );
    assert_eq!(
        sources(&["--glob", "*.hcr.json", "tree"]),
        (0, vec!["tree/sub/c.hcr.json".into()])
    );
    assert_eq!(
        sources(&["--glob", "a.json", "tree"]),
        (0, vec!["tree/a.json".into()])
    );
    // An explicit file is checked whatever the glob.
    assert_eq!(
        sources(&["--glob", "*.nothing", "valid.json"]).1,
        ["valid.json"]
    );
}

#[test]
fn standard_input_is_read_with_a_dash_or_when_piped() {
    let record = std::fs::read(fixtures().join("valid.json")).expect("fixture");
    let (code, stdout, _) = output_with_stdin(&["validate", "--format", "json"], Some(&record));
    assert_eq!(code, 0);
    assert!(stdout.contains("\"source\":\"<stdin>\""));
    let (code, _, _) = output_with_stdin(&["validate", "-", "errors.json"], Some(&record));
    assert_eq!(code, 1);
    let (code, stdout, _) = output_with_stdin(&["validate"], Some(b"{"));
    assert_eq!(code, 1);
    assert!(stdout.contains("error[HCR001]"), "{stdout}");
}

#[test]
fn json_lines_are_one_record_per_line() {
    let (code, found) = sources(&["--jsonl", "records.jsonl"]);
    assert_eq!(code, 1);
    // The blank fourth line is skipped; lines keep their numbers.
    assert_eq!(
        found,
        [
            "records.jsonl:1",
            "records.jsonl:2",
            "records.jsonl:3",
            "records.jsonl:5"
        ]
    );
    let (_, stdout, _) = output(&["validate", "--jsonl", "records.jsonl"]);
    assert!(stdout.contains("--> records.jsonl:2:"), "{stdout}");
    let piped = std::fs::read(fixtures().join("records.jsonl")).expect("fixture");
    let (code, stdout, _) = output_with_stdin(
        &["validate", "--jsonl", "--format", "json", "-"],
        Some(&piped),
    );
    assert_eq!(code, 1);
    assert!(stdout.contains("\"source\":\"<stdin>:5\""), "{stdout}");
}

#[test]
fn exit_statuses() {
    assert_eq!(output(&["validate", "valid.json"]).0, 0);
    assert_eq!(output(&["validate", "valid.json", "errors.json"]).0, 1);
    // Unreadable input: status 2, and the other inputs are still checked.
    let (code, stdout, _) = output(&["validate", "errors.json", "missing.json"]);
    assert_eq!(code, 2);
    assert!(
        stdout.contains("error[HCR102]") && stdout.contains("error[HCR005]"),
        "{stdout}"
    );
    // Bad usage.
    assert_eq!(
        output(&["validate", "--level", "nonsense", "valid.json"]).0,
        2
    );
    assert_eq!(
        output(&[
            "validate",
            "--level",
            "normative",
            "--artifacts",
            ".",
            "valid.json"
        ])
        .0,
        2
    );
    assert_eq!(output(&["validate", "--glob", "[", "tree"]).0, 2);
    assert_eq!(output(&["frobnicate"]).0, 2);
}

#[test]
fn warnings_fail_only_when_denied() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut record: Value =
        serde_json::from_slice(&std::fs::read(fixtures().join("valid.json")).expect("fixture"))
            .expect("JSON");
    record["extensions"] = serde_json::json!({"ticket": "T-1"});
    let path = dir.path().join("warn.json");
    std::fs::write(&path, serde_json::to_vec_pretty(&record).expect("JSON")).expect("write");
    let path = path.to_str().expect("UTF-8 path");
    let (code, stdout, _) = output(&["validate", path]);
    assert_eq!(code, 0);
    assert!(stdout.contains("warning[HCR203]"));
    assert_eq!(output(&["validate", "--deny-warnings", path]).0, 1);
}

#[test]
fn levels_change_what_is_checked() {
    let (code, stdout, _) = output(&[
        "validate",
        "--level",
        "schema",
        "--format",
        "json",
        "errors.json",
    ]);
    assert_eq!(code, 1);
    assert!(
        !stdout.contains("HCR201") && stdout.contains("HCR105"),
        "{stdout}"
    );
    assert!(stdout.contains("\"level\":\"schema\""));
}

#[test]
fn one_job_and_many_jobs_agree() {
    let one = output(&[
        "validate",
        "--jobs",
        "1",
        "--format",
        "json",
        "tree",
        "valid.json",
        "errors.json",
        "broken.json",
    ]);
    let many = output(&[
        "validate",
        "--jobs",
        "4",
        "--format",
        "json",
        "tree",
        "valid.json",
        "errors.json",
        "broken.json",
    ]);
    assert_eq!(one, many);
}

/// Many files, valid and not, in several chunks: one job checks them in turn, more hand
/// chunks to the pool several ahead; the outcomes are the same, in the same order.
#[test]
fn one_job_and_many_jobs_agree_on_many_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let names = ["valid.json", "errors.json", "broken.json"];
    let records: Vec<Vec<u8>> = names
        .iter()
        .map(|name| std::fs::read(fixtures().join(name)).expect("fixture"))
        .collect();
    for i in 0..150 {
        let path = dir.path().join(format!("{i:03}.json"));
        std::fs::write(path, &records[(i * 7) % records.len()]).expect("write");
    }
    let folder = dir.path().to_str().expect("UTF-8 path");
    let run = |jobs: &str| output(&["validate", "--jobs", jobs, "--format", "json", folder]);
    let (one, many) = (run("1"), run("3"));
    assert!(one.1.contains("149.json"), "every file reported: {}", one.1);
    assert_eq!(one, many);
}

/// JSON Lines over several 1 MiB blocks: one job checks them on the reading thread, more on
/// the pool while the next block is read; the outcomes are the same, in the same order.
#[test]
fn one_job_and_many_jobs_agree_on_json_lines() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lines: Vec<String> = std::fs::read_to_string(fixtures().join("records.jsonl"))
        .expect("fixture")
        .lines()
        .map(str::to_owned)
        .collect();
    let mut text = String::new();
    while text.len() < 3 << 20 {
        for line in &lines {
            text.push_str(line);
            text.push('\n');
        }
    }
    let path = dir.path().join("many.jsonl");
    std::fs::write(&path, text).expect("write");
    let path = path.to_str().expect("UTF-8 path");
    let run = |jobs: &str| {
        output(&[
            "validate", "--jsonl", "--jobs", jobs, "--format", "json", path,
        ])
    };
    let (one, many) = (run("1"), run("3"));
    assert!(one.1.contains("HCR"), "findings to compare: {}", one.1);
    assert_eq!(one, many);
}

#[cfg(unix)]
#[test]
fn symlinks_are_skipped_in_folders_unless_followed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("records");
    std::fs::create_dir(&root).expect("mkdir");
    std::fs::copy(fixtures().join("valid.json"), root.join("real.json")).expect("copy");
    std::os::unix::fs::symlink(fixtures().join("errors.json"), root.join("link.json"))
        .expect("symlink");
    let root = root.to_str().expect("UTF-8 path");
    let (code, stdout, _) = output(&["validate", "--format", "json", root]);
    assert_eq!(code, 0, "{stdout}");
    assert!(!stdout.contains("link.json"));
    let (code, stdout, _) = output(&["validate", "--format", "json", "--follow-links", root]);
    assert_eq!(code, 1);
    assert!(stdout.contains("link.json"));
}

/// Folders are walked as a repository's files are seen: what ignore files inside the folder
/// exclude, and hidden entries, are skipped unless asked for; an ignore file above the folder
/// given is never read.
#[test]
fn ignore_files_and_hidden_entries_are_skipped_unless_asked_for() {
    let dir = tempfile::tempdir().expect("tempdir");
    let outer = dir.path();
    // Above the folder given: not read, so `kept.json` below stays in.
    std::fs::write(outer.join(".gitignore"), "kept.json\n").expect("write");
    let root = outer.join("records");
    for folder in ["", "node_modules", ".cache", "deep/build"] {
        std::fs::create_dir_all(root.join(folder)).expect("mkdir");
    }
    std::fs::write(root.join(".gitignore"), "node_modules/\nbuild/\n").expect("write");
    std::fs::write(root.join(".ignore"), "scratch.json\n").expect("write");
    let valid = fixtures().join("valid.json");
    for file in [
        "kept.json",
        "scratch.json",
        "node_modules/dep.json",
        ".cache/hidden.json",
        ".dot.json",
        "deep/build/out.json",
        "deep/real.json",
    ] {
        std::fs::copy(&valid, root.join(file)).expect("copy");
    }
    let checked = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["validate", "--format", "json"];
        args.extend_from_slice(extra);
        let root = root.to_str().expect("UTF-8 path");
        args.push(root);
        let (code, stdout, stderr) = output(&args);
        assert_eq!(code, 0, "{stdout}{stderr}");
        let document: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
        let mut files: Vec<String> = document["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|r| {
                let file = r["file"].as_str().expect("a file");
                file.rsplit_once("records/")
                    .map_or(file, |(_, f)| f)
                    .to_owned()
            })
            .collect();
        files.sort();
        files
    };
    assert_eq!(checked(&[]), ["deep/real.json", "kept.json"]);
    assert_eq!(
        checked(&["--no-ignore"]),
        [
            "deep/build/out.json",
            "deep/real.json",
            "kept.json",
            "node_modules/dep.json",
            "scratch.json"
        ]
    );
    assert_eq!(
        checked(&["--hidden"]),
        [
            ".cache/hidden.json",
            ".dot.json",
            "deep/real.json",
            "kept.json"
        ]
    );
}

#[test]
fn a_long_line_is_shown_as_a_window_with_the_true_column() {
    let valid = std::fs::read_to_string(fixtures().join("valid.json")).expect("fixture");
    let mut record: serde_json::Value = serde_json::from_str(&valid).expect("fixture parses");
    record["objective"]["summary"] = "x".repeat(50_000).into();
    record["stray"] = "here".into();
    let line = serde_json::to_string(&record).expect("serializes");
    let column = line.find("\"stray\"").expect("present") + 1;
    let (code, stdout, _) = output_with_stdin(&["validate", "--jsonl", "-"], Some(line.as_bytes()));
    assert_eq!(code, 1);
    assert!(
        stdout.contains(&format!("--> <stdin>:1:{column}")),
        "{stdout}"
    );
    assert!(stdout.contains("= source: …"), "{stdout}");
    // The 50 KB line is not printed whole.
    assert!(stdout.len() < 2_000, "{} bytes", stdout.len());
}

#[test]
fn files_per_run_are_limited() {
    let (code, found) = sources(&["--max-files", "2", "tree", "valid.json"]);
    assert_eq!(code, 1);
    // Two files, then the limit, reported once against the folder being walked; nothing after.
    assert_eq!(found, ["tree/a.json", "tree/sub/b.json", "tree"]);
    let (_, stdout, _) = output(&["validate", "--max-files", "2", "tree"]);
    assert!(
        stdout.contains("error[HCR003]: more than 2 files"),
        "{stdout}"
    );
    assert!(stdout.contains("--max-files"), "{stdout}");
}

#[cfg(unix)]
#[test]
fn a_large_folder_is_checked_with_few_open_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let record = std::fs::read(fixtures().join("valid.json")).expect("fixture");
    for i in 0..3000 {
        std::fs::write(dir.path().join(format!("r{i:04}.json")), &record).expect("write");
    }
    // 3,000 files under a limit of 64 descriptors: each file is closed once it is read.
    let hcr = assert_cmd::cargo::cargo_bin("hcr");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -n 64 && exec "$0" validate --jobs 2 "$1""#)
        .arg(&hcr)
        .arg(dir.path())
        .output()
        .expect("sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("checked 3000 records in 3000 inputs"),
        "{stdout}"
    );
}
