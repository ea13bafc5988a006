//! `hcr continue` and `hcr diff` over a chain of four revisions.

use std::path::Path;

use serde_json::Value;

use crate::{fixtures, output};

fn read(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).expect("readable")).expect("JSON")
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// r1 (fixture) → r2 (an item completed) → r3 (a patch, a review resolved) → r4 (a decision
/// superseded), all written with `--into`.
fn chain(dir: &Path) {
    let r1 = dir.join("search-latency.r1.json");
    std::fs::copy(fixtures().join("chain/r1.json"), &r1).expect("copy");
    let steps: [&[&str]; 3] = [
        &[
            "--by",
            "agent:search-tuner",
            "--now",
            "2026-11-29T10:00:00Z",
            "--complete",
            "Tuning the HNSW ef_search parameter.",
        ],
        &[
            "--by",
            "agent:search-tuner",
            "--now",
            "2026-11-30T10:00:00Z",
            "--resolve",
            "review:cache-ttl",
        ],
        &[
            "--by",
            "user:ines",
            "--now",
            "2026-12-01T10:00:00Z",
            "--supersede",
            "Cache results for 10 minutes.",
        ],
    ];
    let patch = fixtures().join("chain/r3-patch.json");
    for (i, step) in steps.iter().enumerate() {
        let previous = dir.join(format!("search-latency.r{}.json", i + 1));
        let mut args = vec!["continue", path(&previous), "--into", path(dir)];
        args.extend_from_slice(step);
        if i == 1 {
            args.extend(["--patch", path(&patch)]);
        }
        let (code, stdout, stderr) = output(&args);
        assert_eq!(code, 0, "step {}: {stdout}{stderr}", i + 2);
        assert!(
            stdout.contains(&format!("search-latency.r{}.json", i + 2)),
            "{stdout}"
        );
    }
}

#[test]
fn a_chain_of_four_revisions() {
    let dir = tempfile::tempdir().expect("tempdir");
    chain(dir.path());
    let r = |n: u32| read(&dir.path().join(format!("search-latency.r{n}.json")));
    let (r1, r2, r3, r4) = (r(1), r(2), r(3), r(4));
    for (n, record) in [(2, &r2), (3, &r3), (4, &r4)] {
        assert_eq!(record["recordId"], "search-latency");
        assert_eq!(record["provenance"]["sourceRevision"], n);
    }
    assert_eq!(
        r4["provenance"]["createdBy"],
        serde_json::json!({"id": "user:ines", "type": "human"})
    );
    assert_eq!(
        r2["currentState"]["complete"][1],
        "Tuning the HNSW ef_search parameter."
    );
    assert_eq!(
        r2["currentState"]["inProgress"],
        serde_json::json!(["Adding a result cache for the top 1,000 queries."])
    );
    assert_eq!(r3["openReview"][0]["status"], "resolved");
    assert_eq!(r3["openReview"][0]["resolvedByRevision"], 3);
    assert_eq!(
        r3["ownership"]["nextActor"]["id"], "service:deployer",
        "the patch replaced ownership whole"
    );
    assert_eq!(r4["decisions"][0]["status"], "superseded");
    // Everything not changed is inherited.
    assert_eq!(r4["objective"], r1["objective"]);
    assert_eq!(r4["evidence"], r3["evidence"]);

    // Each step's diff says what changed.
    let (_, d12, _) = output(&[
        "diff",
        path(&dir.path().join("search-latency.r1.json")),
        path(&dir.path().join("search-latency.r2.json")),
        "--format",
        "json",
    ]);
    let d12: Value = serde_json::from_str(&d12).expect("JSON");
    assert_eq!(
        d12["changes"][0],
        serde_json::json!({"change": "state-moved", "item": "Tuning the HNSW ef_search parameter.", "from": "inProgress", "to": "complete"})
    );
    assert_eq!(d12["warnings"], serde_json::json!([]));
    let (_, d23, _) = output(&[
        "diff",
        path(&dir.path().join("search-latency.r2.json")),
        path(&dir.path().join("search-latency.r3.json")),
        "--format",
        "json",
    ]);
    let d23: Value = serde_json::from_str(&d23).expect("JSON");
    let change = |kind: &str| {
        d23["changes"]
            .as_array()
            .and_then(|changes| changes.iter().find(|c| c["change"] == kind))
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(change("review-resolved")["resolvedByRevision"], 3);
    assert_eq!(change("evidence-added")["id"], "replay");
    assert_eq!(
        change("next-actor-changed"),
        serde_json::json!({"change": "next-actor-changed", "old": "agent:search-tuner", "new": "service:deployer"})
    );
    let d34 = output(&[
        "diff",
        path(&dir.path().join("search-latency.r3.json")),
        path(&dir.path().join("search-latency.r4.json")),
    ])
    .1;
    assert!(
        d34.contains("superseded: \"Cache results for 10 minutes.\""),
        "{d34}"
    );

    // r4 carries the review resolved by revision 3, which the revisions folder holds.
    let (code, stdout, _) = output(&[
        "validate",
        "--level",
        "receiver",
        "--revisions",
        path(dir.path()),
        "--now",
        "2026-12-01T12:00:00Z",
        path(&dir.path().join("search-latency.r4.json")),
    ]);
    assert_eq!(code, 0, "{stdout}");
    let without_r3 = tempfile::tempdir().expect("tempdir");
    for n in [1, 2] {
        let name = format!("search-latency.r{n}.json");
        std::fs::copy(dir.path().join(&name), without_r3.path().join(&name)).expect("copy");
    }
    let (code, stdout, _) = output(&[
        "validate",
        "--level",
        "receiver",
        "--revisions",
        path(without_r3.path()),
        "--now",
        "2026-12-01T12:00:00Z",
        path(&dir.path().join("search-latency.r4.json")),
    ]);
    assert_eq!(code, 1);
    assert!(stdout.contains("error[HCR304]"), "{stdout}");
}

#[test]
fn diffs_in_every_format() {
    let dir = tempfile::tempdir().expect("tempdir");
    chain(dir.path());
    let old = dir.path().join("search-latency.r2.json");
    let new = dir.path().join("search-latency.r4.json");
    for format in ["text", "json", "markdown"] {
        let (code, stdout, stderr) = output(&["diff", path(&old), path(&new), "--format", format]);
        assert_eq!(code, 0, "{stderr}");
        insta::assert_snapshot!(format!("diff_{format}"), stdout);
    }
}

#[test]
fn one_hop_and_an_empty_patch() {
    let dir = tempfile::tempdir().expect("tempdir");
    chain(dir.path());
    // Continuing r2 reads r2 only: an older revision beside it changes nothing.
    let r2 = dir.path().join("search-latency.r2.json");
    let args = [
        "continue",
        path(&r2),
        "--by",
        "agent:x",
        "--now",
        "2026-12-02T00:00:00Z",
    ];
    let alone = output(&args).1;
    std::fs::write(
        dir.path().join("search-latency.r1.json"),
        "{\"tampered\": true}",
    )
    .expect("write");
    assert_eq!(output(&args).1, alone);
    // An empty patch changes the provenance only.
    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "{}").expect("write");
    let (code, next, _) = output(&[
        "continue",
        path(&r2),
        "--by",
        "agent:x:service",
        "--now",
        "2026-12-02T00:00:00Z",
        "--patch",
        path(&empty),
    ]);
    assert_eq!(code, 0);
    let mut next: Value = serde_json::from_str(&next).expect("JSON");
    let mut previous = read(&r2);
    assert_eq!(
        next["provenance"],
        serde_json::json!({"createdBy": {"id": "agent:x", "type": "service"}, "createdAt": "2026-12-02T00:00:00Z", "sourceRevision": 3})
    );
    next.as_object_mut().expect("object").remove("provenance");
    previous
        .as_object_mut()
        .expect("object")
        .remove("provenance");
    assert_eq!(next, previous);
}

#[test]
fn refusals() {
    let dir = tempfile::tempdir().expect("tempdir");
    chain(dir.path());
    let r4 = dir.path().join("search-latency.r4.json");
    // Never overwrite a revision.
    let r3 = dir.path().join("search-latency.r3.json");
    let (code, _, stderr) = output(&[
        "continue",
        path(&r3),
        "--by",
        "agent:x",
        "--into",
        path(dir.path()),
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("never overwrites"), "{stderr}");
    // Without a revision number, only with --first.
    let mut record = read(&r4);
    record["provenance"]
        .as_object_mut()
        .expect("object")
        .remove("sourceRevision");
    let unnumbered = dir.path().join("unnumbered.json");
    std::fs::write(&unnumbered, record.to_string()).expect("write");
    let (code, _, stderr) = output(&["continue", path(&unnumbered), "--by", "agent:x"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--first"), "{stderr}");
    let (code, stdout, _) = output(&["continue", path(&unnumbered), "--by", "agent:x", "--first"]);
    assert_eq!(code, 0);
    assert_eq!(
        serde_json::from_str::<Value>(&stdout).expect("JSON")["provenance"]["sourceRevision"],
        1
    );
    // Without a recordId: refused.
    record.as_object_mut().expect("object").remove("recordId");
    let anonymous = dir.path().join("anonymous.json");
    std::fs::write(&anonymous, record.to_string()).expect("write");
    assert_eq!(
        output(&["continue", path(&anonymous), "--by", "agent:x", "--first"]).0,
        2
    );
    // A successor that would be invalid is not written.
    let blank = dir.path().join("blank.json");
    std::fs::write(
        &blank,
        r#"{"nextAction": {"summary": " ", "verification": "v"}}"#,
    )
    .expect("write");
    let out = dir.path().join("next.json");
    let (code, stdout, _) = output(&[
        "continue",
        path(&r4),
        "--by",
        "agent:x",
        "--patch",
        path(&blank),
        "--out",
        path(&out),
    ]);
    assert_eq!(code, 1);
    assert!(stdout.contains("error[HCR201]"), "{stdout}");
    assert!(!out.exists());
    // Managed properties and unknown helpers.
    let managed = dir.path().join("managed.json");
    std::fs::write(&managed, r#"{"recordId": "other"}"#).expect("write");
    assert_eq!(
        output(&[
            "continue",
            path(&r4),
            "--by",
            "agent:x",
            "--patch",
            path(&managed)
        ])
        .0,
        2
    );
    assert_eq!(
        output(&[
            "continue",
            path(&r4),
            "--by",
            "agent:x",
            "--resolve",
            "review:none"
        ])
        .0,
        2
    );
    assert_eq!(
        output(&[
            "continue",
            path(&r4),
            "--by",
            "agent:x",
            "--complete",
            "not there"
        ])
        .0,
        2
    );
    assert_eq!(output(&["continue", path(&r4)]).0, 2, "--by is required");
}

#[test]
fn a_patch_value_the_record_cannot_hold_is_named_in_the_patch() {
    let dir = tempfile::tempdir().expect("tempdir");
    chain(dir.path());
    let r4 = dir.path().join("search-latency.r4.json");
    let patch = dir.path().join("bad-patch.json");
    std::fs::write(
        &patch,
        "{\n  \"nextAction\": {\n    \"summary\": 5,\n    \"verification\": \"v\"\n  }\n}\n",
    )
    .expect("write");
    let args = [
        "continue",
        path(&r4),
        "--by",
        "agent:x",
        "--patch",
        path(&patch),
    ];
    let (code, _, stderr) = output(&args);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("bad-patch.json`, line 3, column 16: `/nextAction/summary`: invalid type"),
        "{stderr}"
    );
    assert!(!stderr.contains("line 1 column"), "{stderr}");
    assert!(!stderr.contains("(at )"), "{stderr}");
    // A patch that removes a required property: the top level is named as such.
    std::fs::write(&patch, "{\"objective\": null}").expect("write");
    let (code, _, stderr) = output(&args);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("missing field `objective` (at the top level)"),
        "{stderr}"
    );
    assert!(!stderr.contains("line 1 column"), "{stderr}");
}

#[test]
fn a_json_diff_of_an_input_it_cannot_compare_is_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    chain(dir.path());
    let good = dir.path().join("search-latency.r4.json");
    let invalid = dir.path().join("invalid.json");
    std::fs::write(&invalid, "{\"schemaVersion\": \"1.0\"}").expect("write");
    let missing = dir.path().join("missing.json");
    for (other, wanted) in [
        (&invalid, "must have the schema's shape"),
        (&missing, "could not be read"),
    ] {
        let (code, stdout, stderr) =
            output(&["diff", path(&good), path(other), "--format", "json"]);
        assert_eq!(code, 2, "{stderr}");
        let document: Value = serde_json::from_str(&stdout).expect("JSON on standard output");
        assert!(
            document["error"]
                .as_str()
                .is_some_and(|e| e.contains(wanted)),
            "{document}"
        );
        assert!(
            document["input"]
                .as_str()
                .is_some_and(|i| i.ends_with(".json"))
        );
        let diagnostics = document["diagnostics"].as_array().expect("a list");
        assert_eq!(diagnostics.is_empty(), other == &missing, "{document}");
    }
}
