//! Outcomes come in input order, however the inputs are split into chunks for the pool and
//! whatever order the workers finish in; inputs of other kinds between files keep their place.

use std::path::PathBuf;

use hcr_batch::{Input, Options, plan, run};
use hcr_validate::{Level, Validator};

/// `count` records in `dir`, each with its index as `recordId`; every seventh invalid.
fn records(dir: &std::path::Path, count: usize) -> Vec<PathBuf> {
    (0..count)
        .map(|i| {
            let path = dir.join(format!("{i:04}.json"));
            let text = if i % 7 == 0 {
                format!("{{\"recordId\": \"{i}\"}}")
            } else {
                hcr_validate::Example {
                    passing: true,
                    whole_document: false,
                    text: Box::leak(format!("{{\"recordId\": \"{i}\"}}").into_boxed_str()),
                    language: "json",
                    fixed: None,
                }
                .document()
            };
            std::fs::write(&path, text).expect("written");
            path
        })
        .collect()
}

#[test]
fn outcomes_come_in_input_order_across_chunks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let paths = records(dir.path(), 700);
    for jobs in [1, 2, 3] {
        // A folder, then a file that does not exist, then single files: the unreadable one
        // keeps its place between the chunks of the folder and the files after it.
        let mut inputs = vec![Input::Path(dir.path().to_path_buf())];
        inputs.push(Input::Path(dir.path().join("missing.json")));
        inputs.extend(paths[..150].iter().cloned().map(Input::Path));
        let options = Options {
            jobs,
            ..Options::default()
        };
        let Ok(plan) = plan(&inputs, &options) else {
            panic!("the plan is made");
        };
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
                    .and_then(|p| p.file_stem())
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                assert_eq!(
                    outcome.valid,
                    name.parse::<usize>().is_ok_and(|i| i % 7 != 0),
                    "{name}"
                );
                seen.push((outcome.input_index, name));
                Ok(())
            },
        )
        .expect("the run completes");
        let expected: Vec<String> = (0..700)
            .map(|i| format!("{i:04}"))
            .chain(["missing".to_owned()])
            .chain((0..150).map(|i| format!("{i:04}")))
            .collect();
        let names: Vec<&String> = seen.iter().map(|(_, name)| name).collect();
        let first_wrong = names.iter().zip(&expected).position(|(a, b)| *a != b);
        assert_eq!(names.len(), expected.len(), "jobs {jobs}");
        assert_eq!(first_wrong, None, "jobs {jobs}");
        // The planned inputs, each once, in order.
        assert!(
            seen.iter().enumerate().all(|(i, (index, _))| *index == i),
            "jobs {jobs}"
        );
    }
}

#[test]
fn a_failing_sink_stops_the_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    records(dir.path(), 300);
    let options = Options::default();
    let plan = plan(&[Input::Path(dir.path().to_path_buf())], &options).expect("plan");
    let mut handed = 0;
    let result = run(
        &plan,
        &Validator::new(Level::Normative),
        &options,
        &mut |_| {
            handed += 1;
            if handed == 100 {
                Err(std::io::Error::new(
                    std::io::ErrorKind::BrokenPipe,
                    "closed",
                ))
            } else {
                Ok(())
            }
        },
    );
    assert_eq!(
        result.map_err(|e| e.kind()),
        Err(std::io::ErrorKind::BrokenPipe)
    );
    assert_eq!(handed, 100, "nothing is handed over after the failure");
}

/// A folder is walked in the order of its entries' names, compared byte by byte, with a
/// folder's contents right after its name: the order of each file's path compared component
/// by component, whatever bytes the names hold (`-` and `.` sort before `/`, capitals before
/// small letters, a multi-byte letter after every ASCII one).
#[test]
fn a_folder_is_walked_in_the_byte_order_of_its_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let names = [
        "a/x.json",
        "a/U.json",
        "a/u.json",
        "a/ü.json",
        "a-b/y.json",
        "a.json",
        "a0.json",
        "Z/1.json",
        "é/2.json",
        "é.json",
        "e.json",
        "b.json",
        "B.json",
        "-.json",
        "sp ace.json",
        "a/deeper/z.json",
        "a/deeper.json",
        "a/deeper-/k.json",
    ];
    for name in names {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("folders made");
        std::fs::write(path, "{}").expect("written");
    }
    let options = Options::default();
    let plan = plan(&[Input::Path(dir.path().to_path_buf())], &options).expect("plan");
    let walked: Vec<&std::path::Path> = plan
        .files()
        .map(|path| path.strip_prefix(dir.path()).expect("inside the folder"))
        .collect();
    let mut expected: Vec<&std::path::Path> = names.iter().map(std::path::Path::new).collect();
    expected.sort_by(|a, b| a.components().cmp(b.components()));
    assert_eq!(walked, expected);
}
