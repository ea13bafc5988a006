//! Scores, the report (JSON and Markdown) and the badge.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;
use serde_json::json;

use crate::runner::{Got, Outcome};
use crate::suite::{CaseLevel, Suite, Verdict};

/// Cases of one level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Score {
    /// The implementation's verdict matched.
    pub passed: usize,
    /// It did not.
    pub failed: usize,
    /// Not run.
    pub skipped: usize,
    /// Crashed or timed out.
    pub errored: usize,
    /// All cases of the level.
    pub total: usize,
}

impl Score {
    /// Cases that count: run, whatever their result.
    #[must_use]
    pub fn scored(&self) -> usize {
        self.passed + self.failed + self.errored
    }

    /// Every scored case passed, and there was one.
    #[must_use]
    pub fn conforms(&self) -> bool {
        self.scored() > 0 && self.failed == 0 && self.errored == 0
    }
}

/// A case where the implementation and the suite disagree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Disagreement {
    /// The case id.
    pub case: String,
    /// The level it tests.
    pub level: CaseLevel,
    /// What the suite expects.
    pub expected: Verdict,
    /// What the implementation did: `valid`, `invalid`, `crash`, `timeout`, `error`.
    pub got: String,
    /// What the case probes.
    pub description: String,
    /// More about a crash or an error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// Who was certified.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Implementation {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The command that ran it (or the producer's folder).
    pub command: String,
    /// `exit-code`, `stdio` or `producer`.
    pub mode: String,
}

/// The suite that was run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SuiteInfo {
    /// Its version.
    pub version: String,
    /// Its number of cases (or records, for a producer).
    pub cases: usize,
}

/// How the implementation treated the cases that show only hcr's own recommendations
/// (tagged `hcr-recommendation`). The contract accepts every one of them, so they are reported
/// for information and never scored: rejecting one is stricter than the contract, accepting
/// one is what the contract says.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Recommendations {
    /// Accepted, as the contract does.
    pub accepted: usize,
    /// Rejected, as hcr's advice would have it.
    pub rejected: usize,
    /// Crashed or timed out.
    pub errored: usize,
    /// Not run.
    pub skipped: usize,
    /// Every such case.
    pub total: usize,
    /// The ids of the cases rejected, in suite order.
    pub rejected_cases: Vec<String>,
}

/// A certification report (`conformance-suite/report.schema.json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The report format's version.
    pub version: u32,
    /// Who was certified.
    pub implementation: Implementation,
    /// Against what.
    pub suite: SuiteInfo,
    /// Scores per level, in order.
    pub levels: BTreeMap<CaseLevel, Score>,
    /// Every scored case the implementation got wrong.
    pub disagreements: Vec<Disagreement>,
    /// The cases of hcr's recommendations, apart from the scores.
    pub recommendations: Recommendations,
    /// One line.
    pub verdict: String,
}

impl Recommendations {
    fn add(&mut self, id: &str, outcome: &Outcome) {
        self.total += 1;
        match outcome {
            Outcome::Skipped(_) => self.skipped += 1,
            Outcome::Ran {
                got: Got::Valid, ..
            } => self.accepted += 1,
            Outcome::Ran {
                got: Got::Invalid, ..
            } => {
                self.rejected += 1;
                self.rejected_cases.push(id.to_owned());
            }
            Outcome::Ran { .. } => self.errored += 1,
        }
    }
}

/// The version of the report format (`report.schema.json`): 2 added `recommendations`.
pub const REPORT_VERSION: u32 = 2;

impl Report {
    /// Scores `outcomes` (one per case of `suite`, in order).
    #[must_use]
    pub fn new(implementation: Implementation, suite: &Suite, outcomes: &[Outcome]) -> Self {
        let mut levels: BTreeMap<CaseLevel, Score> = CaseLevel::ALL
            .iter()
            .map(|l| (*l, Score::default()))
            .collect();
        let mut disagreements = Vec::new();
        let mut recommendations = Recommendations::default();
        for (case, outcome) in suite.cases.iter().zip(outcomes) {
            if case.is_recommendation() {
                recommendations.add(&case.id, outcome);
                continue;
            }
            let score = levels.entry(case.level).or_default();
            score.total += 1;
            let expected = case.scored_verdict();
            let (got, detail) = match outcome {
                Outcome::Skipped(_) => {
                    score.skipped += 1;
                    continue;
                }
                Outcome::Ran { got, .. } => match got {
                    Got::Valid => ("valid", None),
                    Got::Invalid => ("invalid", None),
                    Got::Crash(detail) => ("crash", Some(detail.clone())),
                    Got::Timeout => ("timeout", None),
                    Got::Error(detail) => ("error", Some(detail.clone())),
                },
            };
            let matched = matches!(
                (expected, got),
                (Verdict::Valid, "valid") | (Verdict::Invalid, "invalid")
            );
            if matched {
                score.passed += 1;
                continue;
            }
            if matches!(got, "valid" | "invalid") {
                score.failed += 1;
            } else {
                score.errored += 1;
            }
            disagreements.push(Disagreement {
                case: case.id.clone(),
                level: case.level,
                expected,
                got: got.to_owned(),
                description: case.description.clone(),
                detail,
            });
        }
        let verdict = verdict(&levels);
        Self {
            version: REPORT_VERSION,
            implementation,
            suite: SuiteInfo {
                version: suite.version.clone(),
                cases: suite.cases.len(),
            },
            levels,
            disagreements,
            recommendations,
            verdict,
        }
    }

    /// Whether every scored case passed.
    #[must_use]
    pub fn all_passed(&self) -> bool {
        self.levels
            .values()
            .all(|s| s.failed == 0 && s.errored == 0)
    }

    /// The share of scored cases that passed, in percent (rounded down).
    #[must_use]
    pub fn percent(&self) -> usize {
        let (passed, scored) = self.levels.values().fold((0, 0), |(p, s), score| {
            (p + score.passed, s + score.scored())
        });
        (passed * 100).checked_div(scored).unwrap_or(0)
    }

    /// The report as JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// A shields.io endpoint document.
    #[must_use]
    pub fn badge(&self) -> String {
        let percent = self.percent();
        let color = match percent {
            100 => "brightgreen",
            90..=99 => "green",
            75..=89 => "yellow",
            50..=74 => "orange",
            _ => "red",
        };
        let badge = json!({
            "schemaVersion": 1,
            "label": "HCR v1.0",
            "message": format!("{percent}% conformant"),
            "color": color,
        });
        format!("{badge}\n")
    }

    /// The report as Markdown (suits a GitHub step summary).
    #[must_use]
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        let implementation = &self.implementation;
        let _ = writeln!(
            out,
            "# HCR v1.0 conformance: {} {}\n",
            cell(&implementation.name),
            cell(&implementation.version)
        );
        let _ = writeln!(
            out,
            "**Verdict: {}** ({}% of scored cases pass)\n",
            self.verdict,
            self.percent()
        );
        let _ = writeln!(
            out,
            "Suite {} ({} cases), {} mode: `{}`\n",
            self.suite.version,
            self.suite.cases,
            implementation.mode,
            implementation.command.replace('`', "'")
        );
        let _ = writeln!(
            out,
            "| level | passed | failed | errored | skipped | total |"
        );
        let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|");
        for (level, s) in &self.levels {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} |",
                level.as_str(),
                s.passed,
                s.failed,
                s.errored,
                s.skipped,
                s.total
            );
        }
        out.push('\n');
        self.recommendations_markdown(&mut out);
        if self.disagreements.is_empty() {
            let _ = writeln!(out, "No disagreements.");
            return out;
        }
        let _ = writeln!(out, "## Disagreements ({})\n", self.disagreements.len());
        let _ = writeln!(out, "| case | level | expected | got | what it probes |");
        let _ = writeln!(out, "|---|---|---|---|---|");
        for d in &self.disagreements {
            let got = d.detail.as_ref().map_or_else(
                || d.got.clone(),
                |detail| format!("{} ({})", d.got, cell(detail)),
            );
            let expected = match d.expected {
                Verdict::Valid => "valid",
                Verdict::Invalid => "invalid",
            };
            let _ = writeln!(
                out,
                "| `{}` | {} | {expected} | {got} | {} |",
                d.case,
                d.level.as_str(),
                cell(&d.description)
            );
        }
        out
    }
}

impl Report {
    fn recommendations_markdown(&self, out: &mut String) {
        let r = &self.recommendations;
        if r.total == 0 {
            return;
        }
        let _ = writeln!(
            out,
            "hcr's own recommendations (not scored: the contract accepts these {} cases): \
             {} accepted, {} rejected, {} errored, {} skipped.",
            r.total, r.accepted, r.rejected, r.errored, r.skipped
        );
        if !r.rejected_cases.is_empty() {
            let ids: Vec<String> = r
                .rejected_cases
                .iter()
                .map(|id| format!("`{}`", cell(id)))
                .collect();
            let _ = writeln!(out, "Rejected: {}.", ids.join(", "));
        }
        out.push('\n');
    }
}

/// Text for a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// The one-line verdict: the highest level whose cases, and those of the levels below, all
/// pass.
fn verdict(levels: &BTreeMap<CaseLevel, Score>) -> String {
    let score = |level: CaseLevel| levels.get(&level).copied().unwrap_or_default();
    let passes = |level: CaseLevel| score(level).conforms();
    let untested = |level: CaseLevel| score(level).scored() == 0;
    let failing: Vec<&str> = CaseLevel::ALL
        .iter()
        .filter(|l| !untested(**l) && !passes(**l))
        .map(|l| l.as_str())
        .collect();
    let core = passes(CaseLevel::Parse) && passes(CaseLevel::Schema);
    let format = passes(CaseLevel::Format);
    let normative = passes(CaseLevel::Normative);
    if core && format && normative && passes(CaseLevel::Receiver) {
        "conforms at receiver level".to_owned()
    } else if core && format && normative {
        if untested(CaseLevel::Receiver) {
            "conforms at normative level (receiver cases not run)".to_owned()
        } else {
            format!(
                "conforms at normative level; fails at {}",
                failing.join(", ")
            )
        }
    } else if core && format {
        format!("conforms at schema level; fails at {}", failing.join(", "))
    } else if core {
        format!(
            "conforms at schema level without format assertion; fails at {}",
            failing.join(", ")
        )
    } else if failing.is_empty() {
        "not enough cases were run to judge".to_owned()
    } else {
        format!("does not conform: fails at {}", failing.join(", "))
    }
}
