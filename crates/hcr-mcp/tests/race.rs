//! The root cannot be left by a race: while another thread keeps exchanging a checked file,
//! a folder and the root's `hcr.toml` for symbolic links that lead outside the root (an
//! atomic `renameat2(RENAME_EXCHANGE)`, in a loop), the server's tools read and write
//! 10,000 times, and nothing outside the root is ever read (no answer holds what only the
//! outside files say, no digest is theirs) or written (the outside folder is unchanged).

#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use hcr_mcp::params::{ConvertParams, DigestParams, ValidateParams};
use hcr_mcp::roots::Roots;
use hcr_mcp::tools::{self, Failure, Output, State};
use serde_json::json;

/// What only the files outside the root say.
const MARKER: &str = "OUTSIDE_MARKER_7f3a";

/// Exchanges `a` and `b` atomically: at every moment each name is one or the other.
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    rustix::fs::renameat_with(
        rustix::fs::CWD,
        a,
        rustix::fs::CWD,
        b,
        rustix::fs::RenameFlags::EXCHANGE,
    )?;
    Ok(())
}

fn listing(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).expect("listed") {
            let path = entry.expect("entry").path();
            if std::fs::symlink_metadata(&path).expect("meta").is_dir() {
                stack.push(path.clone());
            }
            found.push(path);
        }
    }
    found.sort();
    found
}

fn text_of(answer: &Result<Output, Failure>) -> String {
    match answer {
        Ok(output) => format!("{}\n{}", output.text, output.structured),
        Err(failure) => failure.message().to_owned(),
    }
}

#[test]
fn no_swap_of_a_checked_path_for_a_link_leads_outside_the_root() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("root");
    let outside = dir.path().join("outside");
    let record = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../protocol/v1/examples/bug-fix.json"),
    )
    .expect("an example");
    std::fs::create_dir_all(root.join("data")).expect("dirs");
    std::fs::create_dir_all(root.join("dir")).expect("dirs");
    std::fs::create_dir_all(outside.join("dir")).expect("dirs");
    std::fs::write(root.join("data/probe.json"), &record).expect("write");
    std::fs::write(root.join("dir/inside.json"), &record).expect("write");
    std::fs::write(root.join("hcr.toml"), "level = \"normative\"\n").expect("write");
    let outside_record = format!("{{\"schemaVersion\": \"1.0\", \"{MARKER}\": 1}}");
    std::fs::write(outside.join("secret.json"), &outside_record).expect("write");
    std::fs::write(outside.join("dir/secret.json"), &outside_record).expect("write");
    std::fs::write(
        outside.join("hcr.toml"),
        format!("select = [\"{MARKER}\"]\n"),
    )
    .expect("write");
    std::os::unix::fs::symlink(outside.join("secret.json"), root.join("data/probe.link"))
        .expect("link");
    std::os::unix::fs::symlink(outside.join("dir"), root.join("dir.link")).expect("link");
    std::os::unix::fs::symlink(outside.join("hcr.toml"), root.join("hcr.link")).expect("link");
    let outside_before = listing(&outside);
    let outside_digest = hcr_types::Sha256::of_bytes(outside_record.as_bytes()).to_string();

    let stop = Arc::new(AtomicBool::new(false));
    let swaps = Arc::new(AtomicUsize::new(0));
    let swapper = {
        let (stop, swaps, root) = (Arc::clone(&stop), Arc::clone(&swaps), root.clone());
        std::thread::spawn(move || {
            let pairs = [
                (root.join("data/probe.json"), root.join("data/probe.link")),
                (root.join("dir"), root.join("dir.link")),
                (root.join("hcr.toml"), root.join("hcr.link")),
            ];
            while !stop.load(Ordering::Relaxed) {
                for (a, b) in &pairs {
                    exchange(a, b).expect("exchanged");
                }
                swaps.fetch_add(1, Ordering::Relaxed);
            }
        })
    };

    let state = State {
        roots: Roots::open(std::slice::from_ref(&root)).expect("the root opens"),
        allow_write: true,
        max_input_bytes: 1 << 20,
    };
    let mut answered = 0;
    for i in 0..10_000 {
        let answer = match i % 4 {
            0 => tools::validate(
                &state,
                ValidateParams {
                    paths: vec!["data/probe.json".into()],
                    ..Default::default()
                },
            ),
            1 => tools::validate(
                &state,
                ValidateParams {
                    paths: vec!["dir".into()],
                    ..Default::default()
                },
            ),
            2 => {
                let params: DigestParams = serde_json::from_value(
                    json!({"files": ["data/probe.json", "dir/secret.json"]}),
                )
                .expect("params");
                let answer = tools::digest(&state, &params);
                assert!(
                    !text_of(&answer).contains(&outside_digest),
                    "a file outside the root was hashed: {}",
                    text_of(&answer)
                );
                answer
            }
            _ => {
                let params: ConvertParams = serde_json::from_value(json!({
                    "path": "dir/inside.json",
                    "to": "spec-handoff",
                    "target_repo": "dir",
                    "workspace_slug": format!("w{i}"),
                    "write": true,
                }))
                .expect("params");
                tools::convert(&state, &params)
            }
        };
        answered += usize::from(answer.is_ok());
        let shown = text_of(&answer);
        assert!(
            !shown.contains(MARKER),
            "call {i} read a file outside the root: {shown}"
        );
    }
    stop.store(true, Ordering::Relaxed);
    swapper.join().expect("the swapper ends");
    assert!(
        swaps.load(Ordering::Relaxed) > 100,
        "the paths were swapped while the tools ran"
    );
    assert!(answered > 1000, "the tools did answer: {answered}");
    assert_eq!(
        listing(&outside),
        outside_before,
        "nothing was written outside the root"
    );
}
