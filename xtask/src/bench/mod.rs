//! `cargo xtask bench [--profile NAME] [--runs N]`: whole-process wall time of hcr against
//! a baseline, in release builds.
//!
//! Profiles:
//! - `standard`, `large`, `jsonl`, `jsonl-huge`: `hcr validate` over a seeded corpus of
//!   records (generated once into `target/bench`) against `parse-baseline`, which reads and
//!   parses the same records with plain `serde_json` on one thread;
//! - `digest`: `hcr digest` and receiver-level hashing of a 1 GiB artifact against
//!   `openssl dgst -sha256`;
//! - `certify`: `hcr certify` driving the conformance suite through a trivial implementation
//!   (`stdio-baseline`, and `true` in exit-code mode), in cases per second.
//!
//! Runs alternate between the variants so that machine noise hits them alike. Medians,
//! minima, maxima and peak RSS are printed and written to `target/bench/<profile>.json` with
//! the commit, to compare across commits.

use hcr_testkit::corpus;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use serde_json::json;
use sha2::Digest as _;

use crate::workspace_root;

/// What a profile measures.
enum Kind {
    /// `hcr validate` over records: how many, evidence items each, one JSON Lines file or a
    /// folder of files, and which mix of findings.
    Records {
        records: usize,
        evidence: usize,
        jsonl: bool,
        mix: Mix,
    },
    /// Hashing an artifact of this many bytes.
    Digest { bytes: u64 },
    /// Certifying a trivial implementation against the conformance suite.
    Certify,
}

/// What the records of a corpus get wrong.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mix {
    /// 5% invalid (one of four spoilings), the rest clean.
    Mostly,
    /// What CI really sees: a quarter invalid in assorted ways (the schema's, the reference
    /// validator's and the secret rules' rejections of [`corpus::vary`]), and 65% of the rest
    /// with a finding hcr advises on (a warning).
    Mixed,
}

struct Profile {
    name: &'static str,
    kind: Kind,
}

const PROFILES: &[Profile] = &[
    Profile {
        name: "standard",
        kind: Kind::Records {
            records: 10_000,
            evidence: 4,
            jsonl: false,
            mix: Mix::Mostly,
        },
    },
    Profile {
        name: "mixed",
        kind: Kind::Records {
            records: 10_000,
            evidence: 4,
            jsonl: false,
            mix: Mix::Mixed,
        },
    },
    Profile {
        name: "large",
        kind: Kind::Records {
            records: 300,
            evidence: 280,
            jsonl: false,
            mix: Mix::Mostly,
        },
    },
    Profile {
        name: "jsonl",
        kind: Kind::Records {
            records: 10_000,
            evidence: 4,
            jsonl: true,
            mix: Mix::Mostly,
        },
    },
    Profile {
        name: "jsonl-huge",
        kind: Kind::Records {
            records: 200_000,
            evidence: 4,
            jsonl: true,
            mix: Mix::Mostly,
        },
    },
    Profile {
        name: "digest",
        kind: Kind::Digest { bytes: 1 << 30 },
    },
    Profile {
        name: "certify",
        kind: Kind::Certify,
    },
];

/// One command timed: its label, program and arguments.
struct Variant {
    label: String,
    program: PathBuf,
    args: Vec<String>,
}

impl Variant {
    fn new(label: &str, program: impl Into<PathBuf>, args: &[&str]) -> Self {
        Self {
            label: label.to_owned(),
            program: program.into(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
        }
    }
}

fn bench_dir() -> PathBuf {
    workspace_root().join("target/bench")
}

/// The [`corpus::vary`] changes the contract rejects (schema, reference validator, secrets),
/// and those it accepts with hcr's advice (warnings); checked by a test below.
const REJECTED: std::ops::Range<usize> = 10..corpus::VARIATIONS;
const WARNED: &[usize] = &[0, 1, 2, 4, 5, 6, 7];

/// Writes a profile's corpus unless it is there already; returns its path.
fn corpus(name: &str, records: usize, evidence: usize, jsonl: bool, mix: Mix) -> Result<PathBuf> {
    let dir = bench_dir().join(format!("corpus-{name}"));
    let path = if jsonl {
        dir.join("records.jsonl")
    } else {
        dir.join("records")
    };
    // The stamp records the parameters, so that changing a profile regenerates its corpus.
    let done = dir.join(".complete");
    let stamp = format!("records={records} evidence={evidence} jsonl={jsonl} mix={mix:?}\n");
    if std::fs::read_to_string(&done).is_ok_and(|s| s == stamp) {
        return Ok(path);
    }
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    std::fs::create_dir_all(&dir)?;
    let mut rng = corpus::Rng::new(0x5EED_0000 + records as u64);
    let mut out = if jsonl {
        Some(std::io::BufWriter::new(std::fs::File::create(&path)?))
    } else {
        std::fs::create_dir_all(&path)?;
        None
    };
    let mut bytes = 0usize;
    for i in 0..records {
        // 2% of records carry a long evidence list, 5% are invalid.
        let items = if rng.below(50) == 0 {
            evidence * 10
        } else {
            evidence
        };
        let mut record = corpus::record(&mut rng, i, items);
        match mix {
            Mix::Mostly => {
                if rng.below(20) == 0 {
                    corpus::spoil(&mut rng, &mut record);
                }
            }
            Mix::Mixed => {
                let roll = rng.below(100);
                if roll < 25 {
                    let which = REJECTED.start + rng.below(REJECTED.len());
                    corpus::vary(&mut rng, &mut record, which);
                } else if rng.below(100) < 65 {
                    let which = WARNED[rng.below(WARNED.len())];
                    corpus::vary(&mut rng, &mut record, which);
                }
            }
        }
        match &mut out {
            Some(out) => {
                let line = serde_json::to_string(&record)?;
                bytes += line.len() + 1;
                writeln!(out, "{line}")?;
            }
            None => {
                let text = serde_json::to_string_pretty(&record)?;
                bytes += text.len();
                let shard = path.join(format!("{:03}", i / 1000));
                std::fs::create_dir_all(&shard)?;
                std::fs::write(shard.join(format!("{i:06}.json")), text)?;
            }
        }
    }
    if let Some(mut out) = out {
        out.flush()?;
    }
    std::fs::write(&done, &stamp)?;
    println!(
        "generated {records} records ({:.1} MB) in {}",
        bytes as f64 / 1e6,
        path.display()
    );
    Ok(path)
}

struct Timing {
    label: String,
    seconds: Vec<f64>,
    peak_rss_kib: Vec<u64>,
}

impl Timing {
    fn median(&self) -> f64 {
        let mut sorted = self.seconds.clone();
        sorted.sort_by(f64::total_cmp);
        sorted[sorted.len() / 2]
    }
}

/// Runs a variant once, output discarded; wall seconds and peak RSS (via /usr/bin/time when
/// present).
fn run_once(variant: &Variant) -> Result<(f64, Option<u64>)> {
    let (program, args) = (&variant.program, &variant.args);
    let time = Path::new("/usr/bin/time");
    let mut command = if time.exists() {
        let mut c = Command::new(time);
        c.args(["-f", "%M"]).arg(program).args(args);
        c
    } else {
        let mut c = Command::new(program);
        c.args(args);
        c
    };
    let started = Instant::now();
    let output = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()?;
    let elapsed = started.elapsed().as_secs_f64();
    if !matches!(output.status.code(), Some(0 | 1)) {
        bail!(
            "{} {:?} failed: {}",
            program.display(),
            args,
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let rss = String::from_utf8_lossy(&output.stderr)
        .lines()
        .last()
        .and_then(|l| l.trim().parse().ok());
    Ok((elapsed, rss))
}

/// A 1 GiB artifact of seeded bytes, and a record whose evidence names it with its digest;
/// returns the artifact's folder and the record's path.
fn digest_input(bytes: u64) -> Result<(PathBuf, PathBuf)> {
    let dir = bench_dir().join("digest");
    let artifacts = dir.join("artifacts");
    let record = dir.join("record.json");
    if dir.join(".complete").exists() {
        return Ok((artifacts, record));
    }
    std::fs::create_dir_all(&artifacts)?;
    let mut rng = corpus::Rng::new(0x00D1_6E57);
    let mut file = std::io::BufWriter::new(std::fs::File::create(artifacts.join("dump.bin"))?);
    let mut hasher = sha2::Sha256::new();
    let mut chunk = vec![0u8; 1 << 20];
    let mut written = 0;
    while written < bytes {
        for word in chunk.chunks_exact_mut(8) {
            word.copy_from_slice(&rng.next_u64().to_le_bytes());
        }
        let take = usize::try_from((bytes - written).min(chunk.len() as u64))?;
        file.write_all(&chunk[..take])?;
        hasher.update(&chunk[..take]);
        written += take as u64;
    }
    file.flush()?;
    let mut value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(
        workspace_root().join("protocol/v1/examples/minimal.json"),
    )?)?;
    value["evidence"] = json!([{
        "id": "dump",
        "label": "The 1 GiB dump the export produced.",
        "artifactRef": "dump.bin",
        "sha256": hex::encode(hasher.finalize()),
    }]);
    std::fs::write(&record, serde_json::to_string_pretty(&value)?)?;
    std::fs::write(dir.join(".complete"), "")?;
    Ok((artifacts, record))
}

/// Builds `package` in release mode, alone: built together, the baselines would get the
/// features hcr turns on in serde_json (`preserve_order`), which a user's program would not.
fn build(package: &str) -> Result<()> {
    let status = Command::new(env!("CARGO"))
        .current_dir(workspace_root())
        .args(["build", "--release", "--quiet", "-p", package])
        .status()?;
    if !status.success() {
        bail!("the release build of {package} failed");
    }
    Ok(())
}

/// The commands a profile times, the first being the baseline, and the units of work one
/// run does (bytes or cases) with their name, for the throughput column.
fn variants(profile: &Profile) -> Result<(Vec<Variant>, f64, &'static str)> {
    let root = workspace_root();
    let release = root.join("target/release");
    let hcr = release.join("hcr");
    Ok(match profile.kind {
        Kind::Records {
            records,
            evidence,
            jsonl,
            mix,
        } => {
            let input = corpus(profile.name, records, evidence, jsonl, mix)?;
            let bytes = if jsonl {
                std::fs::metadata(&input)?.len()
            } else {
                folder_bytes(&input)?
            };
            let input = input.display().to_string();
            let mut baseline = vec![input.as_str()];
            let mut all = vec!["validate", "--format", "text", "--color", "never"];
            if jsonl {
                baseline.push("--jsonl");
                all.push("--jsonl");
            }
            let mut one = all.clone();
            one.extend(["--jobs", "1"]);
            all.push(&input);
            one.push(&input);
            (
                vec![
                    Variant::new(
                        "serde_json parse only (1 thread)",
                        release.join("parse-baseline"),
                        &baseline,
                    ),
                    Variant::new("hcr validate (all cores)", &hcr, &all),
                    Variant::new("hcr validate --jobs 1", &hcr, &one),
                ],
                bytes as f64 / 1e6,
                "MB/s",
            )
        }
        Kind::Digest { bytes } => {
            let (artifacts, record) = digest_input(bytes)?;
            let dump = artifacts.join("dump.bin").display().to_string();
            let artifacts = artifacts.display().to_string();
            let record = record.display().to_string();
            let max = bytes.to_string();
            (
                vec![
                    Variant::new(
                        "openssl dgst -sha256",
                        "openssl",
                        &["dgst", "-sha256", &dump],
                    ),
                    Variant::new("hcr digest", &hcr, &["digest", &dump]),
                    Variant::new(
                        "hcr validate --artifacts (receiver)",
                        &hcr,
                        &[
                            "validate",
                            "--artifacts",
                            &artifacts,
                            "--max-artifact-bytes",
                            &max,
                            &record,
                        ],
                    ),
                ],
                bytes as f64 / 1e6,
                "MB/s",
            )
        }
        Kind::Certify => {
            let suite = root.join("conformance-suite");
            let manifest: serde_json::Value =
                serde_json::from_slice(&std::fs::read(suite.join("manifest.json"))?)?;
            let cases = manifest["cases"].as_array().map_or(0, Vec::len);
            let trivial = release.join("stdio-baseline").display().to_string();
            let suite = suite.display().to_string();
            let report = bench_dir().join("certify-report.md").display().to_string();
            let common = ["--suite", suite.as_str(), "--output", report.as_str()];
            let mut stdio = vec!["certify", "--validator-stdio", trivial.as_str()];
            stdio.extend(common);
            let mut exit_code = vec!["certify", "--validator", "true"];
            exit_code.extend(common);
            (
                vec![
                    Variant::new("stdio-baseline alone (no cases)", &trivial, &[]),
                    Variant::new("hcr certify --validator-stdio", &hcr, &stdio),
                    Variant::new("hcr certify --validator 'true'", &hcr, &exit_code),
                ],
                cases as f64,
                "cases/s",
            )
        }
    })
}

/// The bytes of every file under `dir`.
fn folder_bytes(dir: &Path) -> Result<u64> {
    let mut total = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        total += if entry.file_type()?.is_dir() {
            folder_bytes(&entry.path())?
        } else {
            entry.metadata()?.len()
        };
    }
    Ok(total)
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut profile_name = "standard";
    let mut runs = 7usize;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--profile" => {
                profile_name = args
                    .get(i + 1)
                    .map(String::as_str)
                    .context("--profile needs a value")?;
                i += 1;
            }
            "--runs" => {
                runs = args.get(i + 1).context("--runs needs a value")?.parse()?;
                i += 1;
            }
            other => bail!("unknown option `{other}` (cargo xtask bench [--profile P] [--runs N])"),
        }
        i += 1;
    }
    let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
    let profile = PROFILES
        .iter()
        .find(|p| p.name == profile_name)
        .with_context(|| format!("profiles: {}", names.join(", ")))?;
    build("hcr-cli")?;
    build("hcr-bench-baselines")?;
    let (variants, work, unit) = variants(profile)?;
    // One warm-up run each fills the page cache.
    for variant in &variants {
        run_once(variant)?;
    }
    let mut timings: Vec<Timing> = variants
        .iter()
        .map(|v| Timing {
            label: v.label.clone(),
            seconds: Vec::new(),
            peak_rss_kib: Vec::new(),
        })
        .collect();
    for _ in 0..runs {
        for (timing, variant) in timings.iter_mut().zip(&variants) {
            let (seconds, rss) = run_once(variant)?;
            timing.seconds.push(seconds);
            timing.peak_rss_kib.extend(rss);
        }
    }
    let base = timings[0].median();
    println!(
        "\nprofile {} ({runs} runs each, alternating; whole-process wall time)\n",
        profile.name
    );
    println!(
        "{:<38} {:>9} {:>9} {:>9} {:>7} {:>11} {:>10}",
        "", "median s", "min s", "max s", "ratio", unit, "peak RSS"
    );
    let mut rows = Vec::new();
    for t in &timings {
        let min = t.seconds.iter().copied().fold(f64::INFINITY, f64::min);
        let max = t.seconds.iter().copied().fold(0.0, f64::max);
        let rss = t.peak_rss_kib.iter().copied().max();
        let rss_text = rss.map_or_else(
            || "?".to_owned(),
            |k| format!("{:.1} MiB", k as f64 / 1024.0),
        );
        let throughput = work / t.median();
        println!(
            "{:<38} {:>9.3} {:>9.3} {:>9.3} {:>7.2} {:>11.0} {:>10}",
            t.label,
            t.median(),
            min,
            max,
            t.median() / base,
            throughput,
            rss_text
        );
        rows.push(json!({"label": t.label, "median": t.median(), "min": min, "max": max, "ratio": t.median() / base, "throughput": throughput, "unit": unit, "peakRssKiB": rss, "runs": t.seconds}));
    }
    let commit = Command::new("git")
        .current_dir(workspace_root())
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    let summary = json!({"profile": profile.name, "commit": commit, "cores": std::thread::available_parallelism().map_or(1, usize::from), "results": rows});
    let out = bench_dir().join(format!("{}.json", profile.name));
    std::fs::write(&out, serde_json::to_string_pretty(&summary)?)?;
    println!("\nwrote {}", out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use hcr_testkit::corpus::{self, Variation};
    use hcr_validate::{Level, Severity, Validator};

    /// The mixed profile's corpus is what it says: every rejected change makes the record
    /// invalid, every warned one leaves it valid with a warning.
    #[test]
    fn the_mixed_changes_reject_or_warn() {
        let validator = Validator::new(Level::Normative);
        let mut silent = Vec::new();
        for which in super::REJECTED.chain(super::WARNED.iter().copied()) {
            let mut rng = corpus::Rng::new(which as u64);
            let mut record = corpus::record(&mut rng, which, 4);
            let variation = corpus::vary(&mut rng, &mut record, which);
            let report = validator.validate_str(&record.to_string());
            if super::REJECTED.contains(&which) {
                assert!(!matches!(variation, Variation::Accepted(_)), "{which}");
                assert!(!report.valid, "{which}: {variation:?}");
            } else {
                assert!(report.valid, "{which}: {variation:?}");
                if !report
                    .diagnostics
                    .iter()
                    .any(|d| d.severity == Severity::Warning)
                {
                    silent.push(format!("{which}: {variation:?}"));
                }
            }
        }
        assert!(silent.is_empty(), "no warning from {silent:#?}");
    }
}
