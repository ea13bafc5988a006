//! A project's choices: rule selection on the command line, `hcr.toml` (discovery, settings,
//! per-path overrides, every bad setting), baselines, and the help where users go wrong.

use std::path::Path;

use assert_cmd::Command;
use serde_json::{Value, json};

/// A project folder: a repository root (`.git`) holding `records/`.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(dir.path().join(".git")).expect(".git");
    std::fs::create_dir_all(dir.path().join("records/legacy")).expect("records");
    dir
}

/// The minimal valid record with `patch` merged in.
fn record(patch: Value) -> Value {
    let mut value: Value = serde_json::from_str(hcr_validate::EXAMPLE_BASE).expect("base");
    merge(&mut value, patch);
    value
}

fn merge(target: &mut Value, patch: Value) {
    match (target, patch) {
        (Value::Object(map), Value::Object(patch)) => {
            for (key, value) in patch {
                merge(map.entry(key).or_insert(Value::Null), value);
            }
        }
        (target, patch) => *target = patch,
    }
}

fn write(dir: &Path, name: &str, value: &Value) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
    std::fs::write(path, serde_json::to_vec_pretty(value).expect("json")).expect("write");
}

/// Two evidence items with one id: HCR205, hcr's recommendation (a warning by default).
fn duplicate_ids() -> Value {
    record(json!({"evidence": [
        {"id": "log", "label": "Build log", "uri": "https://ci.example.com/1"},
        {"id": "log", "label": "Test log", "uri": "https://ci.example.com/2"}
    ]}))
}

/// `hcr ARGS…` in `dir`: (exit code, stdout, stderr).
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("hcr")
        .expect("the hcr binary")
        .args(args)
        .current_dir(dir)
        .env("CI", "true")
        .output()
        .expect("hcr runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The codes reported, in order, from `--format json`.
fn codes(dir: &Path, args: &[&str]) -> (i32, Vec<String>) {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let (code, stdout, stderr) = run(dir, &all);
    let document: Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    let found = document["results"]
        .as_array()
        .expect("results")
        .iter()
        .flat_map(|r| r["diagnostics"].as_array().cloned().unwrap_or_default())
        .map(|d| {
            format!(
                "{}:{}",
                d["code"].as_str().unwrap_or_default(),
                d["severity"].as_str().unwrap_or_default()
            )
        })
        .collect();
    (code, found)
}

#[test]
fn the_default_verdict_is_the_contract_s() {
    let dir = project();
    write(dir.path(), "records/a.json", &duplicate_ids());
    let (code, found) = codes(dir.path(), &["validate", "records"]);
    assert_eq!((code, found), (0, vec!["HCR205:warning".to_owned()]));
}

#[test]
fn selection_options_apply_in_order_and_later_ones_win() {
    let dir = project();
    write(dir.path(), "records/a.json", &duplicate_ids());
    let d = dir.path();
    assert_eq!(
        codes(d, &["validate", "records", "--error", "HCR205"]),
        (1, vec!["HCR205:error".to_owned()])
    );
    assert_eq!(
        codes(
            d,
            &[
                "validate",
                "records",
                "--error",
                "duplicate-evidence-id",
                "--warn",
                "hcr"
            ]
        ),
        (0, vec!["HCR205:warning".to_owned()])
    );
    assert_eq!(
        codes(
            d,
            &["validate", "records", "--ignore", "hcr", "--warn", "HCR205"]
        ),
        (0, vec!["HCR205:warning".to_owned()])
    );
    assert_eq!(
        codes(
            d,
            &["validate", "records", "--warn", "HCR205", "--ignore", "hcr"]
        ),
        (0, vec![])
    );
    assert_eq!(
        codes(d, &["validate", "records", "--select", "schema,secrets"]),
        (0, vec![])
    );
    assert_eq!(
        codes(
            d,
            &[
                "validate", "records", "--select", "HCR205", "--select", "HCR210"
            ]
        ),
        (0, vec![]),
        "the later --select wins"
    );
    assert_eq!(
        codes(
            d,
            &[
                "validate",
                "records",
                "--ignore=hcr,contract",
                "--error",
                "HCR205"
            ]
        ),
        (1, vec!["HCR205:error".to_owned()])
    );
    // Off by default, on when selected.
    write(
        d,
        "records/a.json",
        &record(
            json!({"decisions": [{"summary": "Use PostgreSQL.", "rationale": "Transactions.", "status": "active", "supersedes": "Use SQLite."}]}),
        ),
    );
    assert_eq!(codes(d, &["validate", "records"]), (0, vec![]));
    assert_eq!(
        codes(d, &["validate", "records", "--select", "all"]),
        (0, vec!["HCR208:warning".to_owned()])
    );
}

#[test]
fn unknown_and_fixed_codes_are_usage_errors_with_a_suggestion() {
    let dir = project();
    write(dir.path(), "records/a.json", &duplicate_ids());
    for (args, wanted) in [
        (["--ignore", "HCR2O5"], "did you mean `HCR205`?"),
        (
            ["--warn", "duplicate-evidence"],
            "did you mean `duplicate-evidence-id`?",
        ),
        (["--select", "secret"], "did you mean `secrets`?"),
        (
            ["--error", "nonsense-rule"],
            "`nonsense-rule` is not a code, a code name or a group",
        ),
        (["--ignore", "HCR001"], "HCR001 cannot be changed"),
        (["--ignore", "limit-exceeded"], "HCR003 cannot be changed"),
    ] {
        let mut all = vec!["validate", "records"];
        all.extend(args);
        let (code, _, stderr) = run(dir.path(), &all);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(wanted), "{args:?}: {stderr}");
    }
}

#[test]
fn the_configuration_is_found_upward_and_stops_at_the_repository_root() {
    let outer = tempfile::tempdir().expect("tempdir");
    let repo = outer.path().join("repo");
    std::fs::create_dir_all(repo.join(".git")).expect(".git");
    write(&repo, "records/deep/a.json", &duplicate_ids());
    // Above the repository root: never read.
    std::fs::write(outer.path().join("hcr.toml"), "error = [\"all\"]\n").expect("write");
    let deep = repo.join("records/deep");
    assert_eq!(codes(&deep, &["validate", "a.json"]).0, 0);
    std::fs::write(repo.join(".hcr.toml"), "error = [\"HCR205\"]\n").expect("write");
    assert_eq!(
        codes(&deep, &["validate", "a.json"]),
        (1, vec!["HCR205:error".to_owned()])
    );
    // The nearest file wins; the command line wins over it.
    std::fs::write(repo.join("records/hcr.toml"), "ignore = [\"HCR205\"]\n").expect("write");
    assert_eq!(codes(&deep, &["validate", "a.json"]), (0, vec![]));
    assert_eq!(
        codes(&deep, &["validate", "a.json", "--error", "HCR205"]),
        (1, vec!["HCR205:error".to_owned()])
    );
    // --no-config and --config.
    assert_eq!(
        codes(&deep, &["validate", "a.json", "--no-config"]),
        (0, vec!["HCR205:warning".to_owned()])
    );
    let explicit = repo.join(".hcr.toml");
    let explicit = explicit.to_str().expect("utf-8");
    assert_eq!(
        codes(&deep, &["validate", "a.json", "--config", explicit]).0,
        1
    );
    // Both names in one folder: ambiguous.
    std::fs::write(repo.join("records/.hcr.toml"), "").expect("write");
    let (code, _, stderr) = run(&deep, &["validate", "a.json"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("holds both hcr.toml and .hcr.toml"),
        "{stderr}"
    );
}

#[test]
fn the_configuration_sets_level_glob_limits_and_per_path_overrides() {
    let dir = project();
    let d = dir.path();
    write(d, "records/a.hcr.json", &duplicate_ids());
    write(
        d,
        "records/legacy/old.hcr.json",
        &record(json!({"state": {}})),
    );
    write(d, "records/skipped.json", &json!({"not": "a record"}));
    std::fs::write(
        d.join("hcr.toml"),
        "glob = \"*.hcr.json\"\nerror = [\"hcr\"]\n\n[limits]\nmax-diagnostics = 1\n\n\
         [[overrides]]\npaths = [\"records/legacy/**\"]\nignore = [\"HCR102\"]\n",
    )
    .expect("write");
    // The glob skips records/skipped.json; legacy/ ignores HCR102; HCR205 is an error.
    assert_eq!(
        codes(d, &["validate", "records"]),
        (1, vec!["HCR205:error".to_owned()])
    );
    // The command line's glob wins over the file's.
    let (code, found) = codes(d, &["validate", "records", "--glob", "skipped.json"]);
    assert_eq!(code, 1);
    assert_eq!(found[0], "HCR101:error");
    assert_eq!(
        found.len(),
        2,
        "one diagnostic and HCR006 (max-diagnostics = 1): {found:?}"
    );
    // Overrides are relative to the file's folder, wherever hcr runs from.
    assert_eq!(
        codes(&d.join("records/legacy"), &["validate", "old.hcr.json"]),
        (0, vec![])
    );
    // The level from the file.
    std::fs::write(
        d.join("hcr.toml"),
        "level = \"schema\"\nglob = \"*.hcr.json\"\n",
    )
    .expect("write");
    let (_, stdout, _) = run(d, &["validate", "records", "--format", "json"]);
    assert!(stdout.contains("\"level\":\"schema\""), "{stdout}");
}

#[test]
fn every_bad_configuration_is_an_error_naming_the_file_and_the_key() {
    let dir = project();
    write(dir.path(), "records/a.json", &duplicate_ids());
    for (text, wanted) in [
        ("colour = true\n", "unknown field `colour`"),
        ("[limits]\nmax-bytes = 1\n", "unknown field `max-bytes`"),
        (
            "[[overrides]]\npaths = [\"a\"]\nlevel = \"schema\"\n",
            "unknown field `level`",
        ),
        (
            "[[overrides]]\nignore = [\"hcr\"]\n",
            "missing field `paths`",
        ),
        (
            "[[overrides]]\npaths = []\n",
            "`paths`: an override needs at least one path",
        ),
        ("[[overrides]]\npaths = [\"a/[\"]\n", "`paths`: not a glob"),
        ("select = \"HCR205\"\n", "invalid type"),
        (
            "ignore = [\"HCR2O5\"]\n",
            "`ignore`: `HCR2O5` is not a code, a code name or a group (did you mean `HCR205`?)",
        ),
        ("warn = [\"HCR004\"]\n", "`warn`: HCR004 cannot be changed"),
        ("level = \"strict\"\n", "`level`: not a level"),
        ("glob = \"[\"\n", "`glob`: not a glob"),
        (
            "[limits]\nmax-depth = 1000\n",
            "line 2, column 13: `max-depth`: 1000 is out of range",
        ),
        (
            "[limits]\nmax-record-bytes = 0\n",
            "line 2, column 20: `max-record-bytes`: 0 would fail every input",
        ),
        (
            "[limits]\nmax-files = 0\n",
            "line 2, column 13: `max-files`: 0 would fail every input",
        ),
        ("[limits]\nmax-diagnostics = -1\n", "max-diagnostics"),
        (
            "level = \n",
            "line 1, column 9: `level`: string values must be quoted",
        ),
        ("\u{0}\u{1}binary", "TOML parse error"),
    ] {
        std::fs::write(dir.path().join("hcr.toml"), text).expect("write");
        let (code, stdout, stderr) = run(dir.path(), &["validate", "records"]);
        assert_eq!(code, 2, "{text:?}: {stderr}");
        assert!(stdout.is_empty(), "{text:?}: nothing is checked: {stdout}");
        assert!(stderr.contains(wanted), "{text:?}: {stderr}");
        assert!(
            stderr.contains("hcr.toml"),
            "{text:?} names the file: {stderr}"
        );
        assert!(
            !stderr.contains("line 0"),
            "{text:?}: a real place: {stderr}"
        );
    }
    // Not UTF-8, and a folder where the file should be.
    std::fs::write(dir.path().join("hcr.toml"), b"\xff\xfe").expect("write");
    let (code, _, stderr) = run(dir.path(), &["validate", "records"]);
    assert!(code == 2 && stderr.contains("not UTF-8"), "{stderr}");
    std::fs::remove_file(dir.path().join("hcr.toml")).expect("remove");
    let (code, _, stderr) = run(
        dir.path(),
        &["validate", "records", "--config", "missing.toml"],
    );
    assert!(code == 2 && stderr.contains("missing.toml"), "{stderr}");
}

#[test]
fn a_baseline_hides_known_findings_and_only_those() {
    let dir = project();
    let d = dir.path();
    let mut old = duplicate_ids();
    old["unknownField"] = json!(1);
    write(d, "records/a.json", &old);
    write(d, "records/b.json", &record(json!({})));
    let (code, _, stderr) = run(
        d,
        &[
            "validate",
            "records",
            "--write-baseline",
            "hcr-baseline.json",
        ],
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("wrote 2 findings to the baseline"),
        "{stderr}"
    );
    assert_eq!(
        codes(
            d,
            &["validate", "records", "--baseline", "hcr-baseline.json"]
        ),
        (0, vec![])
    );
    // Reformatted (every line moves): still known.
    std::fs::write(
        d.join("records/a.json"),
        serde_json::to_vec(&old).expect("json"),
    )
    .expect("write");
    assert_eq!(
        codes(
            d,
            &["validate", "records", "--baseline", "hcr-baseline.json"]
        ),
        (0, vec![])
    );
    // A new finding fails the run; the known ones stay hidden and are counted.
    old["objective"]["summary"] = json!("   ");
    write(d, "records/a.json", &old);
    let (code, stdout, _) = run(
        d,
        &[
            "validate",
            "records",
            "--baseline",
            "hcr-baseline.json",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 1);
    let document: Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(document["summary"]["baselined"], 2);
    let listed: Vec<&str> = document["results"][0]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(listed, ["HCR201"]);
    // The same finding in another file is new.
    write(d, "records/b.json", &duplicate_ids());
    let (code, found) = codes(
        d,
        &[
            "validate",
            "records",
            "--baseline",
            "hcr-baseline.json",
            "--error",
            "HCR205",
        ],
    );
    assert_eq!((code, found.len()), (1, 2), "{found:?}");
    // Run from elsewhere: paths are relative to the baseline's folder.
    let (code, found) = codes(
        &d.join("records"),
        &["validate", "a.json", "--baseline", "../hcr-baseline.json"],
    );
    assert_eq!((code, found), (1, vec!["HCR201:error".to_owned()]));
}

#[test]
fn a_secret_is_baselined_by_its_hash_alone() {
    let dir = project();
    let d = dir.path();
    let token = "ghp_R8x2Lq7ZmV4kT9wN3pJ6sY1cF5hB0dGaUeXo";
    write(
        d,
        "records/a.json",
        &record(json!({"extensions": {"com.example.ci": {"github_token": token}}})),
    );
    let (code, _, _) = run(d, &["validate", "records", "--write-baseline", "base.json"]);
    assert_eq!(code, 0);
    let baseline = std::fs::read_to_string(d.join("base.json")).expect("baseline");
    assert!(
        !baseline.contains(&token[4..12]) && !baseline.contains("github_token"),
        "{baseline}"
    );
    let entry = &serde_json::from_str::<Value>(&baseline).expect("json")["findings"][0];
    assert_eq!(entry["code"], "HCR204");
    assert!(entry.get("pointer").is_none(), "{entry}");
    assert_eq!(
        codes(d, &["validate", "records", "--baseline", "base.json"]),
        (0, vec![])
    );
    // Another secret in its place is new.
    write(
        d,
        "records/a.json",
        &record(
            json!({"extensions": {"com.example.ci": {"github_token": "ghp_Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8"}}}),
        ),
    );
    assert_eq!(
        codes(d, &["validate", "records", "--baseline", "base.json"]).0,
        1
    );
}

#[test]
fn a_bad_baseline_is_an_error_naming_it() {
    let dir = project();
    write(dir.path(), "records/a.json", &duplicate_ids());
    for text in [
        "",
        "{\"version\": 9, \"tool\": \"hcr\", \"salt\": \"\", \"findings\": []}",
        "[1, 2]",
    ] {
        std::fs::write(dir.path().join("base.json"), text).expect("write");
        let (code, _, stderr) = run(
            dir.path(),
            &["validate", "records", "--baseline", "base.json"],
        );
        assert_eq!(code, 2, "{text}: {stderr}");
        assert!(
            stderr.contains("base.json") && stderr.contains("is not an hcr baseline"),
            "{stderr}"
        );
    }
    let (code, _, stderr) = run(
        dir.path(),
        &[
            "validate",
            "records",
            "--baseline",
            "base.json",
            "--write-baseline",
            "b.json",
        ],
    );
    assert_eq!(code, 2, "{stderr}");
    // A missing baseline is said once.
    let (code, _, stderr) = run(
        dir.path(),
        &["validate", "records", "--baseline", "nope.json"],
    );
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr.matches("nope.json").count(), 1, "{stderr}");
}

#[test]
fn help_where_users_go_wrong() {
    let dir = project();
    let d = dir.path();
    let mut value = record(json!({"next_action": {}, "state": {}, "$schema": "./schema.json"}));
    value["currentState"]["completed"] = json!([]);
    write(d, "records/a.json", &value);
    let (code, stdout, _) = run(d, &["validate", "records/a.json"]);
    assert_eq!(code, 1);
    for wanted in [
        "help: did you mean `nextAction`?",
        "help: did you mean `currentState`? `state` is the handover-record skill's word for it",
        "help: the v1.0 schema does not allow `$schema`",
        "help: did you mean `complete`?",
    ] {
        assert!(stdout.contains(wanted), "{wanted}:\n{stdout}");
    }
    let line = serde_json::to_string(&record(json!({}))).expect("json");
    std::fs::write(d.join("records/many.json"), format!("{line}\n{line}\n")).expect("write");
    let (_, stdout, _) = run(d, &["validate", "records/many.json"]);
    assert!(
        stdout.contains("this looks like JSON Lines") && stdout.contains("--jsonl"),
        "{stdout}"
    );
    std::fs::write(
        d.join("records/note.json"),
        "schemaVersion: \"1.0\"\nobjective:\n  summary: Ship it.\n",
    )
    .expect("write");
    let (_, stdout, _) = run(d, &["validate", "records/note.json"]);
    assert!(stdout.contains("this looks like YAML"), "{stdout}");
}

/// Every command that reads a record checks it as `hcr validate` does: under the project's
/// hcr.toml (here making HCR210 an error), unless `--no-config`, and after it the command
/// line's selection (`--warn HCR210`).
#[test]
fn every_command_that_reads_a_record_checks_it_under_the_project_settings() {
    let dir = project();
    let examples = hcr_testkit::workspace_root().join("protocol/v1/examples");
    let mut value: Value = serde_json::from_str(
        &std::fs::read_to_string(examples.join("extensions-and-digests.json")).expect("read"),
    )
    .expect("JSON");
    // No acceptance criteria: HCR210, a warning by default.
    value["objective"]["acceptanceCriteria"] = json!([]);
    std::fs::write(dir.path().join("records/r.json"), value.to_string()).expect("written");
    std::fs::write(dir.path().join("hcr.toml"), "error = [\"HCR210\"]\n").expect("written");
    let artifacts = examples.join("artifacts").display().to_string();
    let commands: &[&[&str]] = &[
        &["validate", "records/r.json"],
        &["receive", "records/r.json", "--artifacts", &artifacts],
        &["render", "--as", "markdown", "records/r.json"],
        &["convert", "--to", "handover-brief", "records/r.json"],
        &[
            "continue",
            "records/r.json",
            "--by",
            "agent:x",
            "--now",
            "2026-12-05T00:00:00Z",
        ],
        &[
            "digest",
            "--fill",
            "records/r.json",
            "--artifacts",
            &artifacts,
        ],
    ];
    for command in commands {
        let status = |extra: &[&str]| {
            Command::cargo_bin("hcr")
                .expect("the binary")
                .args(*command)
                .args(extra)
                .current_dir(dir.path())
                .output()
                .expect("hcr runs")
                .status
                .code()
        };
        let refused = status(&[]);
        assert!(matches!(refused, Some(1 | 2)), "{command:?}: {refused:?}");
        assert_eq!(status(&["--no-config"]), Some(0), "{command:?} --no-config");
        assert_eq!(status(&["--warn", "HCR210"]), Some(0), "{command:?} --warn");
    }
}
