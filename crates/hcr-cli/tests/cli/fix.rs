//! `hcr fix` through the binary: in place, `--diff`, `--check`, `--unsafe-fixes`, the JSON
//! report, standard input, and what is never written.

use assert_cmd::Command;
use serde_json::Value;

/// A project (a repository root) holding `r.json`: the bug-fix example with `schemaVersion`
/// written as a number (a safe fix) and a whitespace-only item (an unsafe one).
fn project() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join(".git")).expect(".git");
    let example = hcr_testkit::workspace_root().join("protocol/v1/examples/bug-fix.json");
    let mut value: Value =
        serde_json::from_str(&std::fs::read_to_string(example).expect("read")).expect("JSON");
    value["schemaVersion"] = serde_json::json!(1.0);
    value["currentState"]["complete"]
        .as_array_mut()
        .expect("a list")
        .push(Value::String("  ".into()));
    let text = serde_json::to_string_pretty(&value).expect("JSON");
    std::fs::write(dir.path().join("r.json"), &text).expect("written");
    (dir, text)
}

fn hcr(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::cargo_bin("hcr")
        .expect("the binary")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("hcr runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn diff_and_check_write_nothing_and_say_whether_a_fix_applies() {
    let (dir, text) = project();
    let (code, diff, _) = hcr(dir.path(), &["fix", "--diff", "r.json"]);
    assert_eq!(code, Some(1));
    assert!(
        diff.contains("-  \"schemaVersion\": 1.0,")
            && diff.contains("+  \"schemaVersion\": \"1.0\","),
        "{diff}"
    );
    let (code, out, _) = hcr(dir.path(), &["fix", "--check", "r.json"]);
    assert_eq!(code, Some(1));
    assert!(out.contains("r.json: would fix HCR106 (safe)"), "{out}");
    assert!(out.contains("1 fix more with --unsafe-fixes"), "{out}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("r.json")).expect("read"),
        text
    );
}

#[test]
fn safe_fixes_are_written_in_place_and_unsafe_ones_only_when_asked() {
    let (dir, text) = project();
    let (code, out, _) = hcr(dir.path(), &["fix", "r.json"]);
    // The whitespace-only item is left: the record is still invalid.
    assert_eq!(code, Some(1), "{out}");
    let once = std::fs::read_to_string(dir.path().join("r.json")).expect("read");
    assert_eq!(
        once,
        text.replacen("\"schemaVersion\": 1.0", "\"schemaVersion\": \"1.0\"", 1)
    );
    let (code, out, _) = hcr(
        dir.path(),
        &["fix", "--unsafe-fixes", "--format", "json", "r.json"],
    );
    assert_eq!(code, Some(0), "{out}");
    let report: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(report["files"][0]["applied"][0]["code"], "HCR201");
    assert_eq!(report["files"][0]["applied"][0]["applicability"], "unsafe");
    assert_eq!(report["files"][0]["written"], true);
    assert_eq!(report["summary"]["valid"], 1);
    // Nothing left: a second run changes nothing and passes --check.
    let fixed = std::fs::read_to_string(dir.path().join("r.json")).expect("read");
    let (code, _, _) = hcr(dir.path(), &["fix", "--check", "--unsafe-fixes", "r.json"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("r.json")).expect("read"),
        fixed
    );
}

#[test]
fn a_diff_never_shows_a_secret_beside_an_edit() {
    let dir = tempfile::tempdir().expect("tempdir");
    let token = "ghp_R8x2Lq7ZmV4kT9wN3pJ6sY1cF5hB0dGaUeXo";
    std::fs::write(
        dir.path().join("s.json"),
        format!("{{\n  \"schemaVersion\": 1.0,\n  \"note\": \"{token}\"\n}}\n"),
    )
    .expect("written");
    let (_, diff, _) = hcr(dir.path(), &["fix", "--diff", "--no-config", "s.json"]);
    assert!(diff.contains("+  \"schemaVersion\": \"1.0\""), "{diff}");
    assert!(!diff.contains(&token[4..12]), "{diff}");
}

#[test]
fn the_projects_selection_decides_what_is_fixed() {
    let (dir, text) = project();
    std::fs::write(dir.path().join("hcr.toml"), "ignore = [\"HCR106\"]\n").expect("written");
    let (_, out, _) = hcr(dir.path(), &["fix", "r.json"]);
    assert!(out.contains("fixed 0 findings"), "{out}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("r.json")).expect("read"),
        text
    );
}

#[test]
fn standard_input_gives_the_fixed_text_and_unreadable_input_an_error() {
    let (dir, text) = project();
    let out = Command::cargo_bin("hcr")
        .expect("the binary")
        .args(["fix", "--no-config"])
        .current_dir(dir.path())
        .write_stdin(text.clone())
        .output()
        .expect("hcr runs");
    let fixed = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(fixed.contains("\"schemaVersion\": \"1.0\""));
    assert!(String::from_utf8_lossy(&out.stderr).contains("<stdin>: fixed HCR106"));
    // Not JSON, binary, a repeated name: left as they are.
    for bad in [
        &b"{\"schemaVersion\": 1.0"[..],
        b"\xff\xfe",
        b"{\"a\": 1, \"a\": 1}",
    ] {
        let out = Command::cargo_bin("hcr")
            .expect("the binary")
            .args(["fix", "--no-config"])
            .current_dir(dir.path())
            .write_stdin(bad.to_vec())
            .output()
            .expect("hcr runs");
        assert!(matches!(out.status.code(), Some(1 | 2)), "{bad:?}");
        assert!(out.stdout.is_empty() || out.stdout == bad, "{bad:?}");
    }
}
