//! JSONTestSuite's parsing cases through the entry point `hcr validate FOLDER` uses: `y_` cases
//! parse, `n_` cases are refused for the right reason, and each `i_` case gets the verdict that
//! `docs/json-parsing.md` documents (the table there is read by this test).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hcr_batch::{Input, Options, plan, run};
use hcr_validate::{Level, Validator};

/// Codes that mean "this text was not read as JSON".
const PARSE_CODES: [&str; 4] = ["HCR001", "HCR003", "HCR004", "HCR005"];

/// The cases, kept in the repository (third-party data under its MIT licence; see the
/// folder's README).
fn suite() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/JSONTestSuite/test_parsing")
}

/// The `i_` table of docs/json-parsing.md: case file name -> "parses" or a code.
fn documented_choices() -> BTreeMap<String, String> {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/json-parsing.md");
    let text = std::fs::read_to_string(&doc).expect("docs/json-parsing.md");
    text.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let case = cells.get(1)?.strip_prefix("`i_")?.strip_suffix('`')?;
            Some((format!("i_{case}"), (*cells.get(2)?).to_owned()))
        })
        .collect()
}

/// Every case's diagnostic codes, by file name.
fn verdicts(dir: &Path) -> BTreeMap<String, Vec<&'static str>> {
    let options = Options::default();
    let plan = plan(&[Input::Path(dir.to_path_buf())], &options).expect("plan");
    let mut found = BTreeMap::new();
    run(
        &plan,
        &Validator::new(Level::Normative),
        &options,
        &mut |outcome| {
            let name = outcome.source.path.as_deref().and_then(Path::file_name);
            let name = name.expect("a file").to_string_lossy().into_owned();
            let codes = outcome.report.diagnostics().iter().map(|d| d.code.as_str());
            found.insert(name, codes.collect());
            Ok(())
        },
    )
    .expect("the run completes");
    found
}

#[test]
fn json_test_suite_parsing_cases() {
    let found = verdicts(&suite());
    assert_eq!(found.len(), 318, "every case file is read");
    let choices = documented_choices();
    let mut failures = Vec::new();
    let mut counts = [0usize; 3];
    for (name, codes) in &found {
        let parse_failure = codes.iter().any(|c| PARSE_CODES.contains(c));
        let problem = if name.starts_with("y_") {
            counts[0] += 1;
            // Valid JSON, but never a valid record.
            (parse_failure || codes.is_empty()).then(|| format!("should parse: {codes:?}"))
        } else if name.starts_with("n_") {
            counts[1] += 1;
            let right = !codes.is_empty() && codes.iter().all(|c| PARSE_CODES[..3].contains(c));
            (!right).then(|| format!("should be refused as JSON: {codes:?}"))
        } else if name.starts_with("i_") {
            counts[2] += 1;
            match choices.get(name).map(String::as_str) {
                None => Some("no documented choice in docs/json-parsing.md".to_owned()),
                Some("parses") => parse_failure.then(|| format!("documented to parse: {codes:?}")),
                Some(code) => {
                    (codes.as_slice() != [code]).then(|| format!("documented {code}: {codes:?}"))
                }
            }
        } else {
            None
        };
        if let Some(problem) = problem {
            failures.push(format!("{name}: {problem}"));
        }
    }
    for documented in choices.keys() {
        if !found.contains_key(documented) {
            failures.push(format!("{documented}: documented but not in the suite"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The copy in ../shared holds 95 y_, 188 n_ and 35 i_ cases; all were seen.
    assert_eq!(counts, [95, 188, 35]);
}
