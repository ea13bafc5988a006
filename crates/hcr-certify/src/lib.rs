//! Certifying Handoff Continuity Record implementations against the conformance suite.
//!
//! - [`Suite`] loads `conformance-suite/manifest.json`.
//! - [`ExitCodeRunner`] runs a validator once per case (in parallel, with a timeout) and
//!   reads its exit status; [`StdioRunner`] talks to one persistent process in JSON lines.
//! - [`Report`] scores each case against its expected verdict at the level it tests, lists
//!   the disagreements and states a one-line verdict; cases that show only hcr's own
//!   recommendations are reported apart and never scored. It renders as JSON (the suite's
//!   `report.schema.json`), Markdown, or a shields.io badge.
//! - [`certify_producer`] checks every record a producer wrote.
//!
//! ```no_run
//! use std::time::Duration;
//! use hcr_certify::{ExitCodeRunner, Implementation, Report, Suite};
//!
//! let suite = Suite::load("conformance-suite".as_ref())?;
//! let runner = ExitCodeRunner {
//!     template: "my-validator {}".into(),
//!     invalid_exit: None,
//!     timeout: Duration::from_secs(10),
//!     jobs: 0,
//!     include_limits: false,
//! };
//! let outcomes = runner.run(&suite);
//! let implementation = Implementation {
//!     name: "my-validator".into(),
//!     version: "1.2.0".into(),
//!     command: runner.template.clone(),
//!     mode: "exit-code".into(),
//! };
//! let report = Report::new(implementation, &suite, &outcomes);
//! println!("{}", report.to_markdown());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod protocol;
mod report;
mod runner;
mod suite;

use std::path::Path;

use hcr_batch::{Input, Options};
use hcr_validate::{Level, Validator};

pub use report::{
    Disagreement, Implementation, REPORT_VERSION, Recommendations, Report, Score, SuiteInfo,
};
pub use runner::{ExitCodeRunner, Got, Outcome, StdioRunner};
pub use suite::{Case, CaseLevel, Context, Expected, Suite, SuiteError, Verdict};

/// Checks every record under `dir` at the normative level: the report's `normative` score
/// counts records, its disagreements are the failing records.
///
/// # Errors
/// The folder cannot be read.
pub fn certify_producer(dir: &Path, name: &str, version: &str) -> std::io::Result<Report> {
    let options = Options::default();
    let plan = hcr_batch::plan(&[Input::Path(dir.to_path_buf())], &options)
        .map_err(std::io::Error::other)?;
    let validator = Validator::new(Level::Normative);
    let mut score = Score::default();
    let mut disagreements = Vec::new();
    hcr_batch::run(&plan, &validator, &options, &mut |outcome| {
        score.total += 1;
        if outcome.report.conformant() {
            score.passed += 1;
        } else {
            score.failed += 1;
            let codes: Vec<&str> = outcome.report.codes().iter().map(|c| c.as_str()).collect();
            disagreements.push(Disagreement {
                case: outcome.source.display(),
                level: CaseLevel::Normative,
                expected: Verdict::Valid,
                got: "invalid".to_owned(),
                description: format!("reports {}", codes.join(", ")),
                detail: outcome
                    .report
                    .diagnostics()
                    .first()
                    .map(|d| format!("{} at {}: {}", d.code, d.pointer, d.message)),
            });
        }
        Ok(())
    })?;
    let percent = (score.passed * 100).checked_div(score.total).unwrap_or(0);
    let verdict = if score.total == 0 {
        "no records found".to_owned()
    } else if score.failed == 0 {
        format!(
            "every record conforms at normative level ({} records)",
            score.total
        )
    } else {
        format!(
            "{percent}% of records conform at normative level ({} of {} fail)",
            score.failed, score.total
        )
    };
    let mut levels: std::collections::BTreeMap<CaseLevel, Score> = CaseLevel::ALL
        .iter()
        .map(|l| (*l, Score::default()))
        .collect();
    levels.insert(CaseLevel::Normative, score);
    Ok(Report {
        version: REPORT_VERSION,
        implementation: Implementation {
            name: name.to_owned(),
            version: version.to_owned(),
            command: dir.display().to_string(),
            mode: "producer".to_owned(),
        },
        suite: SuiteInfo {
            version: "producer".to_owned(),
            cases: score.total,
        },
        levels,
        disagreements,
        recommendations: report::Recommendations::default(),
        verdict,
    })
}
