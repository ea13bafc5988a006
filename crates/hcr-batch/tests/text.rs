//! An outcome's text is its record's bytes exactly, whether the outcome is dropped before
//! the next file is read (the buffer the record was read into is then read into again) or
//! kept (the next file is read into another).

use hcr_batch::{Input, Options, Outcome, plan, run};
use hcr_validate::{Level, Validator};

/// Records of assorted lengths, long and short in turn (each shorter one read into room a
/// longer one left), all but every fifth with a finding, one larger than the buffer kept
/// between files, and a valid one of 300 KB before a short one with a finding (whose text is
/// then copied out of the buffer, not the buffer kept); with each one's bytes.
fn records(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    (0..60)
        .map(|i: usize| {
            let name = format!("{i:04}.json");
            let padding = " ".repeat(if i == 31 { 1 << 21 } else { (i % 3) * 700 + i });
            let text = if i.is_multiple_of(5) {
                // Not even JSON: a finding too, and no tree.
                format!("{{\"recordId\": {padding}")
            } else if i % 5 == 4 {
                hcr_validate::Example {
                    passing: true,
                    whole_document: false,
                    text: Box::leak(format!("{{\"recordId\": \"r{i}\"}}").into_boxed_str()),
                    language: "json",
                    fixed: None,
                }
                .document()
                    + if i == 24 {
                        " ".repeat(300_000)
                    } else {
                        String::new()
                    }
                    .as_str()
            } else {
                format!("{{\"recordId\": \"r{i}\",{padding}\"schemaVersion\": \"1.0\"}}\n")
            };
            std::fs::write(dir.join(&name), &text).expect("written");
            (name, text.into_bytes())
        })
        .collect()
}

/// Each outcome of a run over `dir`: its file's name, its validity and its text (if kept);
/// with `keep`, every outcome is held until the run ends.
fn texts(dir: &std::path::Path, jobs: usize, keep: bool) -> Vec<(String, bool, Option<Vec<u8>>)> {
    let options = Options {
        jobs,
        ..Options::default()
    };
    let Ok(plan) = plan(&[Input::Path(dir.to_path_buf())], &options) else {
        panic!("the plan is made");
    };
    let mut kept: Vec<Outcome> = Vec::new();
    let mut seen = Vec::new();
    run(
        &plan,
        &Validator::new(Level::Normative),
        &options,
        &mut |outcome| {
            let name = outcome
                .source
                .path
                .as_deref()
                .and_then(|p| p.file_name())
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            seen.push((
                name,
                outcome.valid,
                outcome.text.as_deref().map(<[u8]>::to_vec),
            ));
            if keep {
                kept.push(outcome);
            }
            Ok(())
        },
    )
    .expect("the run ends");
    // What was kept is still the record's text once every later file has been read.
    for (outcome, (_, _, text)) in kept.iter().zip(&seen) {
        assert_eq!(outcome.text.as_deref(), text.as_deref());
    }
    seen
}

#[test]
fn an_outcomes_text_is_its_records_bytes_whether_kept_or_dropped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let records = records(dir.path());
    for jobs in [1, 2] {
        for keep in [false, true] {
            let seen = texts(dir.path(), jobs, keep);
            assert_eq!(seen.len(), records.len());
            for ((name, bytes), (seen_name, valid, text)) in records.iter().zip(&seen) {
                assert_eq!(name, seen_name);
                if *valid {
                    // A valid record without a warning keeps no text.
                    continue;
                }
                let Some(text) = text else {
                    panic!("{name} (jobs {jobs}, kept {keep}): no text beside its diagnostics");
                };
                assert!(
                    text == bytes,
                    "{name} (jobs {jobs}, kept {keep}): a text of {} bytes for a record of {}",
                    text.len(),
                    bytes.len()
                );
            }
            assert!(
                seen.iter().filter(|(_, valid, _)| !valid).count() >= 40,
                "most records have findings"
            );
        }
    }
}
