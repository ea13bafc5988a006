//! The promise at the edges: no configuration, baseline or conversion error prints a secret,
//! a terminal escape or more than a short excerpt of what it read; what hcr finds itself is
//! never read through a link; pathological globs and closed pipes are answered, never
//! panicked on.

use std::io::Read as _;
use std::path::Path;
use std::process::Stdio;

use assert_cmd::Command;

/// A token the scanner finds, planted where an error could quote it.
const TOKEN: &str = "ghp_R8x2Lq7ZmV4kT9wN3pJ6sY1cF5hB0dGaUeXo";

fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join(".git")).expect(".git");
    std::fs::write(
        dir.path().join("r.json"),
        hcr_validate::EXAMPLE_BASE.as_bytes(),
    )
    .expect("a record");
    dir
}

fn run_in(dir: &Path, args: &[&str], envs: &[(&str, &str)]) -> (i32, String, Vec<u8>) {
    let mut command = Command::cargo_bin("hcr").expect("the hcr binary");
    command.args(args).current_dir(dir).env("CI", "true");
    for (key, value) in envs {
        command.env(key, value);
    }
    let out = command.output().expect("hcr runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.stderr,
    )
}

/// What an error may never hold: the token, a NUL or an escape character.
fn assert_clean(what: &str, stderr: &[u8]) {
    let text = String::from_utf8_lossy(stderr);
    assert!(!text.contains(TOKEN), "{what} prints the token: {text}");
    assert!(
        !stderr.contains(&0) && !stderr.contains(&0x1b),
        "{what} prints raw control bytes: {text:?}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_configuration_linked_to_the_environment_prints_none_of_it() {
    let dir = repository();
    for name in ["hcr.toml", ".hcr.toml"] {
        std::os::unix::fs::symlink("/proc/self/environ", dir.path().join(name)).expect("a link");
        let (code, stdout, stderr) = run_in(
            dir.path(),
            &["validate", "r.json"],
            &[("CI_DEPLOY_TOKEN", TOKEN)],
        );
        assert_eq!(code, 2, "{}", String::from_utf8_lossy(&stderr));
        assert!(stdout.is_empty());
        assert_clean(name, &stderr);
        let text = String::from_utf8_lossy(&stderr);
        assert!(
            text.contains(name) && text.contains("symbolic link"),
            "names the file and why: {text}"
        );
        assert!(stderr.len() < 1000, "a short error: {text}");
        std::fs::remove_file(dir.path().join(name)).expect("removed");
    }
    // Named explicitly, it is read, and still nothing of it is printed.
    let (code, _, stderr) = run_in(
        dir.path(),
        &["validate", "--config", "/proc/self/environ", "r.json"],
        &[("CI_DEPLOY_TOKEN", TOKEN)],
    );
    assert_eq!(code, 2);
    assert_clean("--config /proc/self/environ", &stderr);
    assert!(stderr.len() < 1000, "{}", String::from_utf8_lossy(&stderr));
}

#[test]
fn a_malformed_configuration_is_named_by_place_never_quoted() {
    let dir = repository();
    let long = "x".repeat(900 * 1024);
    for text in [
        format!("select = [\"{TOKEN}\"]\n"),
        "ignore = [\"\u{1b}[31mHCR2O5\u{1b}[0m\"]\n".to_owned(),
        format!("{TOKEN} = 1\n"),
        format!("level = \"normative\"\nunknown_{TOKEN} = \"\u{1b}[2J\"\n"),
        format!("[limits]\nmax-depth = \"{TOKEN}\"\n"),
        format!("glob = \"{long}\"\n"),
        format!("select = [{long}\n"),
        format!("password = \"{TOKEN}\"\n\u{1b}[2J\u{7}"),
    ] {
        std::fs::write(dir.path().join("hcr.toml"), &text).expect("written");
        let (code, _, stderr) = run_in(dir.path(), &["validate", "r.json"], &[]);
        assert_eq!(code, 2, "{}", String::from_utf8_lossy(&stderr));
        assert_clean(&text[..40.min(text.len())], &stderr);
        let shown = String::from_utf8_lossy(&stderr);
        assert!(
            shown.contains("hcr.toml") && shown.contains("line "),
            "{shown}"
        );
        assert!(
            stderr.len() < 1000,
            "at most a short excerpt: {} bytes",
            stderr.len()
        );
    }
}

#[test]
fn a_malformed_baseline_is_named_never_quoted() {
    let dir = repository();
    for text in [
        format!(
            "{{\"version\": 1, \"tool\": \"{TOKEN}\u{1b}[2J\", \"salt\": \"s\", \"findings\": []}}"
        ),
        format!(
            "{{\"version\": \"{TOKEN}\", \"tool\": \"hcr\", \"salt\": \"s\", \"findings\": []}}"
        ),
        format!(
            "{{\"version\": 1, \"tool\": \"hcr\", \"salt\": \"s\", \"findings\": [{{\"file\": \"a\", \"code\": \"{TOKEN}\", \"hash\": \"h\", \"count\": 1}}]}}"
        ),
        format!("{{\"{TOKEN}\u{7}\": 1}}"),
    ] {
        std::fs::write(dir.path().join("baseline.json"), &text).expect("written");
        let (code, _, stderr) = run_in(
            dir.path(),
            &["validate", "--baseline", "baseline.json", "r.json"],
            &[],
        );
        assert_eq!(code, 2, "{}", String::from_utf8_lossy(&stderr));
        assert_clean("a baseline", &stderr);
        assert!(String::from_utf8_lossy(&stderr).contains("baseline.json"));
    }
}

#[test]
fn what_a_conversion_could_not_carry_over_is_shown_without_its_secrets() {
    let dir = tempfile::tempdir().expect("tempdir");
    let brief = format!(
        "{{\"brief\": {{\"objective\": \"Ship it.\", \"nextSteps\": [{{\"status\": \"open\", \"note\": \"deploy with {TOKEN}\"}}]}}}}"
    );
    let note = format!(
        "Objective: Ship it.\nState:\n- evidence: ci https://ci.example.com/1 sha256 abcd {TOKEN}\n"
    );
    let markdown_escaped = TOKEN.replace('_', "\\_");
    for (from, text) in [("handover-brief", brief), ("goal-handover", note)] {
        let path = dir.path().join(from);
        std::fs::write(&path, &text).expect("written");
        let path = path.to_str().expect("utf-8");
        for check in [false, true] {
            let mut args = vec!["convert", "--from", from, path];
            if check {
                args.push("--check");
            }
            let (_, stdout, stderr) = run_in(dir.path(), &args, &[]);
            assert_clean(from, &stderr);
            assert!(!stdout.contains(TOKEN), "{from}: {stdout}");
            assert!(
                String::from_utf8_lossy(&stderr).contains("not carried over"),
                "{from}: says what it lost: {}",
                String::from_utf8_lossy(&stderr)
            );
        }
    }
    // A token written with Markdown's escapes, or as HTML character references, is one.
    for spelled in [
        markdown_escaped.clone(),
        TOKEN.replacen('g', "&#103;", 1),
        TOKEN.replace('_', "&lowbar;"),
    ] {
        let handoff =
            format!("# Handoff\n\n## Goal\n\nShip it.\n\n## Notes\n\nUse `{spelled}` to deploy.\n");
        let path = dir.path().join("HANDOFF.md");
        std::fs::write(&path, &handoff).expect("written");
        let path = path.to_str().expect("utf-8");
        let (_, stdout, _) = run_in(dir.path(), &["handoff-md", "lint", path], &[]);
        assert!(stdout.contains("HCR606"), "{spelled}: {stdout}");
        // A Markdown file is counted as a file, not as a record checked at a level.
        assert!(
            stdout.contains("checked 1 file: 0 valid, 1 invalid"),
            "{stdout}"
        );
        let (_, stdout, stderr) =
            run_in(dir.path(), &["convert", "--from", "handoff-md", path], &[]);
        for shown in [stdout.as_str(), &String::from_utf8_lossy(&stderr)] {
            assert!(
                !shown.contains(&spelled) && !shown.contains(TOKEN),
                "{spelled}: {shown}"
            );
        }
    }
}

#[test]
fn pathological_globs_are_refused_not_panicked_on() {
    let dir = repository();
    let nested = "{a,".repeat(2000);
    let stars = "*".repeat(100_000);
    for glob in [&nested, &stars] {
        let (code, _, stderr) = run_in(dir.path(), &["validate", "--glob", glob, "."], &[]);
        let shown = String::from_utf8_lossy(&stderr);
        assert_eq!(code, 2, "{}", &shown[..shown.len().min(300)]);
        assert!(
            shown.contains("glob") && stderr.len() < 1000,
            "{}",
            &shown[..shown.len().min(300)]
        );
        for config in [
            format!("glob = \"{glob}\"\n"),
            format!("[[overrides]]\npaths = [\"{glob}\"]\nignore = [\"hcr\"]\n"),
        ] {
            std::fs::write(dir.path().join("hcr.toml"), config).expect("written");
            let (code, _, stderr) = run_in(dir.path(), &["validate", "."], &[]);
            let shown = String::from_utf8_lossy(&stderr);
            assert_eq!(code, 2, "{}", &shown[..shown.len().min(300)]);
            assert!(stderr.len() < 1000, "{}", &shown[..shown.len().min(300)]);
        }
        std::fs::remove_file(dir.path().join("hcr.toml")).expect("removed");
    }
}

#[test]
fn completions_into_a_closed_pipe_end_quietly() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hcr"))
        .args(["completions", "bash"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hcr runs");
    // Read one byte, then close the pipe, as `| head -c 1` does.
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).expect("a byte");
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("read");
    let status = child.wait().expect("it ends");
    assert_ne!(status.code(), Some(101), "no panic: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn files_found_in_a_folder_are_never_read_through_a_link() {
    let dir = repository();
    let outside = tempfile::tempdir().expect("tempdir");
    let marker = "OUTSIDE_ONLY_9c1e";
    std::fs::write(
        outside.path().join("x.json"),
        format!("{{\"schemaVersion\": \"1.0\", \"{marker}\": 1}}"),
    )
    .expect("written");
    std::fs::create_dir(dir.path().join("records")).expect("dir");
    std::os::unix::fs::symlink(outside.path(), dir.path().join("records/linked")).expect("link");
    std::os::unix::fs::symlink(
        outside.path().join("x.json"),
        dir.path().join("records/x.json"),
    )
    .expect("link");
    let (code, stdout, stderr) = run_in(dir.path(), &["validate", "records", "--allow-empty"], &[]);
    assert!(!stdout.contains(marker), "{stdout}");
    assert_eq!(code, 0, "{stdout}{}", String::from_utf8_lossy(&stderr));
}
