//! `hcr-bench [--profile NAME] [--runs N] [--peers [--publisher PATH]]` (what `cargo xtask
//! bench` runs): whole-process wall and CPU time of hcr against a baseline, in release
//! builds.
//!
//! Profiles:
//! - `standard`, `large`, `jsonl`, `jsonl-huge`: `hcr validate` over a seeded corpus of
//!   records (generated once into `target/bench`) against `parse-baseline`, which reads and
//!   parses the same records with plain `serde_json` on one thread. hcr runs on all cores,
//!   with `--jobs 1`, and with `--jobs 1` held to one core (`taskset -c 0`), where the
//!   baseline is held too;
//! - `digest`: `hcr digest` and receiver-level hashing of a 1 GiB artifact against
//!   `openssl dgst -sha256`;
//! - `certify`: `hcr certify` driving the conformance suite through a trivial implementation
//!   (`stdio-baseline`, and `true` in exit-code mode), in cases per second.
//!
//! With `--peers` (folder profiles), the peers `cargo xtask peers install` installs run in
//! the same harness, in process on one node thread ([`PEERS_SCRIPT`]): Ajv with ajv-formats
//! (schema only), and the publisher's `validate.mjs` given `--publisher PATH` or
//! `HCR_VALIDATE_MJS`. Their time is the loop's own (read, parse, check), node's start and the
//! schema's compilation left out, in their favour.
//!
//! Runs alternate between the variants so that machine noise hits them alike. Medians,
//! minima, maxima, the ratios of medians and of minima to the baseline's, and peak RSS are
//! printed and written to `target/bench/<profile>.json` with the commit, to compare across
//! commits.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use hcr_testkit::corpus;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use serde_json::json;
use sha2::Digest as _;

use hcr_testkit::workspace_root;

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
    /// The command prints its own time (`{"seconds": S}` on its last line): an in-process
    /// peer, whose start-up is not counted.
    self_timed: bool,
}

impl Variant {
    fn new(label: &str, program: impl Into<PathBuf>, args: &[&str]) -> Self {
        Self {
            label: label.to_owned(),
            program: program.into(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            self_timed: false,
        }
    }

    /// The same command held to the first core (`taskset -c 0`).
    fn on_one_core(label: &str, program: impl Into<PathBuf>, args: &[&str]) -> Self {
        let program = program.into();
        let mut pinned = vec![
            "-c".to_owned(),
            "0".to_owned(),
            program.display().to_string(),
        ];
        pinned.extend(args.iter().map(|a| (*a).to_owned()));
        Self {
            label: label.to_owned(),
            program: "taskset".into(),
            args: pinned,
            self_timed: false,
        }
    }
}

/// The in-process peer runner (see the module documentation).
const PEERS_SCRIPT: &str = "crates/hcr-bench/peers.mjs";

fn bench_dir() -> PathBuf {
    workspace_root().join("target/bench")
}

/// The [`corpus::vary`] changes the contract rejects (schema, reference validator, secrets),
/// and those it accepts with hcr's advice (warnings); checked by a test below.
const REJECTED: std::ops::Range<usize> = 10..corpus::VARIATIONS;
const WARNED: &[usize] = &[0, 1, 2, 4, 5, 6, 7];

/// The baseline of every finding of the corpus at `input`, written once beside it by `hcr`
/// (`hcr validate --write-baseline`); its path.
fn written_baseline(hcr: &Path, input: &str) -> Result<String> {
    let path = Path::new(input)
        .parent()
        .unwrap_or_else(|| Path::new("."))
        .join("hcr-baseline.json");
    if !path.is_file() {
        let status = Command::new(hcr)
            .args(["validate", "--format", "json", "--write-baseline"])
            .arg(&path)
            .arg(input)
            .stdout(std::process::Stdio::null())
            .status()
            .context("running hcr validate --write-baseline")?;
        if !path.is_file() {
            bail!("hcr validate --write-baseline wrote no baseline ({status})");
        }
    }
    Ok(path.display().to_string())
}

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
    /// User + system CPU seconds of each run, where `/usr/bin/time` reports them.
    cpu: Vec<f64>,
    peak_rss_kib: Vec<u64>,
}

/// The median of `values` (which is not empty).
fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

/// One run's measurements.
struct Run {
    seconds: f64,
    cpu: Option<f64>,
    peak_rss_kib: Option<u64>,
}

/// Runs a variant once, output discarded: wall seconds (or, for a self-timed variant, the
/// seconds it reports), and CPU seconds and peak RSS via `/usr/bin/time` when present.
fn run_once(variant: &Variant) -> Result<Run> {
    let (program, args) = (&variant.program, &variant.args);
    let time = Path::new("/usr/bin/time");
    let mut command = if time.exists() {
        let mut c = Command::new(time);
        c.args(["-f", "%M %U %S"]).arg(program).args(args);
        c
    } else {
        let mut c = Command::new(program);
        c.args(args);
        c
    };
    let started = Instant::now();
    let output = command
        .current_dir(workspace_root())
        .stdout(if variant.self_timed {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stderr(Stdio::piped())
        .output()?;
    let mut seconds = started.elapsed().as_secs_f64();
    if !matches!(output.status.code(), Some(0 | 1)) {
        bail!(
            "{} {:?} failed: {}",
            program.display(),
            args,
            String::from_utf8_lossy(&output.stderr)
        );
    }
    if variant.self_timed {
        let stdout = String::from_utf8_lossy(&output.stdout);
        let reported: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap_or(""))
            .with_context(|| format!("{} printed no timing: {stdout}", variant.label))?;
        seconds = reported["seconds"]
            .as_f64()
            .with_context(|| format!("{} printed no seconds: {stdout}", variant.label))?;
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let fields: Vec<&str> = stderr.lines().last().unwrap_or("").split(' ').collect();
    let number = |i: usize| fields.get(i).and_then(|f| f.trim().parse::<f64>().ok());
    Ok(Run {
        seconds,
        cpu: number(1).zip(number(2)).map(|(user, system)| user + system),
        peak_rss_kib: fields.first().and_then(|f| f.trim().parse().ok()),
    })
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
fn variants(profile: &Profile, peers: Option<&Peers>) -> Result<(Vec<Variant>, f64, &'static str)> {
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
            let parse = release.join("parse-baseline");
            let mut variants = vec![
                Variant::new("serde_json parse only (1 thread)", &parse, &baseline),
                Variant::new("hcr validate (all cores)", &hcr, &all),
                Variant::new("hcr validate --jobs 1", &hcr, &one),
            ];
            let known = if mix == Mix::Mixed && !jsonl {
                Some(written_baseline(&hcr, &input)?)
            } else {
                None
            };
            if let Some(known) = &known {
                // Every finding known: the cost of fingerprinting each one and hiding it,
                // against the run above without a baseline.
                let mut with = all.clone();
                with.splice(1..1, ["--baseline", known.as_str()]);
                variants.push(Variant::new(
                    "hcr validate --baseline (all cores)",
                    &hcr,
                    &with,
                ));
            }
            if has_taskset() {
                variants.extend([
                    Variant::on_one_core("serde_json parse only, one core", &parse, &baseline),
                    Variant::on_one_core("hcr validate --jobs 1, one core", &hcr, &one),
                ]);
            }
            if let Some(peers) = peers {
                if jsonl {
                    bail!(
                        "--peers compares folders of records: not with {}",
                        profile.name
                    );
                }
                variants.extend(peer_variants(peers, &input)?);
            }
            (variants, bytes as f64 / 1e6, "MB/s")
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

/// Whether `taskset` (util-linux) can hold a command to one core here.
fn has_taskset() -> bool {
    Command::new("taskset")
        .args(["-c", "0", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The peers `--peers` adds.
struct Peers {
    /// The publisher's `validate.mjs`, when given.
    publisher: Option<PathBuf>,
}

/// The in-process peers over the records in `input`.
fn peer_variants(peers: &Peers, input: &str) -> Result<Vec<Variant>> {
    let root = workspace_root();
    let modules = root.join("target/peers/node/node_modules");
    if !modules.join("ajv").exists() || !modules.join("ajv-formats").exists() {
        bail!("Ajv is not installed: run `cargo xtask peers install`");
    }
    let script = root.join(PEERS_SCRIPT).display().to_string();
    let schema = root.join("protocol/v1/schema.json").display().to_string();
    let modules = modules.display().to_string();
    let mut variants = vec![Variant {
        self_timed: true,
        ..Variant::new(
            "Ajv in process (1 thread, schema only)",
            "node",
            &[&script, "ajv", &modules, &schema, input],
        )
    }];
    if let Some(publisher) = &peers.publisher {
        let publisher = std::fs::canonicalize(publisher)
            .with_context(|| format!("{} cannot be read", publisher.display()))?
            .display()
            .to_string();
        variants.push(Variant {
            self_timed: true,
            ..Variant::new(
                "validate.mjs in process (1 thread)",
                "node",
                &[&script, "publisher", &publisher, input],
            )
        });
    }
    Ok(variants)
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

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args)
}

fn run(args: &[String]) -> Result<()> {
    let mut profile_name = "standard";
    let mut runs = 7usize;
    let mut peers = None;
    let mut publisher = std::env::var_os("HCR_VALIDATE_MJS").map(PathBuf::from);
    let mut i = 0;
    while i < args.len() {
        let value = || args.get(i + 1).context("needs a value");
        match args[i].as_str() {
            "--profile" => {
                profile_name = value().context("--profile")?;
                i += 1;
            }
            "--runs" => {
                runs = value().context("--runs")?.parse()?;
                i += 1;
            }
            "--peers" => peers = Some(()),
            "--publisher" => {
                publisher = Some(PathBuf::from(value().context("--publisher")?));
                i += 1;
            }
            other => bail!(
                "unknown option `{other}` (cargo xtask bench [--profile P] [--runs N] [--peers [--publisher PATH]])"
            ),
        }
        i += 1;
    }
    let peers = peers.map(|()| Peers { publisher });
    let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
    let profile = PROFILES
        .iter()
        .find(|p| p.name == profile_name)
        .with_context(|| format!("profiles: {}", names.join(", ")))?;
    build("hcr-cli")?;
    build("hcr-bench-baselines")?;
    let (variants, work, unit) = variants(profile, peers.as_ref())?;
    // One warm-up run each fills the page cache.
    for variant in &variants {
        run_once(variant)?;
    }
    let mut timings: Vec<Timing> = variants
        .iter()
        .map(|v| Timing {
            label: v.label.clone(),
            seconds: Vec::new(),
            cpu: Vec::new(),
            peak_rss_kib: Vec::new(),
        })
        .collect();
    for _ in 0..runs {
        for (timing, variant) in timings.iter_mut().zip(&variants) {
            let run = run_once(variant)?;
            timing.seconds.push(run.seconds);
            timing.cpu.extend(run.cpu);
            timing.peak_rss_kib.extend(run.peak_rss_kib);
        }
    }
    // A variant held to one core is compared with the baseline held to one core.
    let pinned_base = variants
        .iter()
        .position(|v| v.program == Path::new("taskset"))
        .unwrap_or(0);
    let base = |i: usize| {
        let pinned = variants[i].program == Path::new("taskset");
        &timings[if pinned { pinned_base } else { 0 }]
    };
    println!(
        "\nprofile {} ({runs} runs each, alternating; whole-process time, medians; a peer's own loop)\n",
        profile.name
    );
    // On a shared machine a run is only ever slowed down by its neighbours: the ratio of the
    // minima, beside the medians', shows how much of a ratio is the noise of the hour.
    println!(
        "{:<40} {:>8} {:>8} {:>8} {:>6} {:>6} {:>8} {:>6} {:>9} {:>10}",
        "", "wall s", "min s", "max s", "ratio", "min r", "CPU s", "ratio", unit, "peak RSS"
    );
    let mut rows = Vec::new();
    let minimum = |seconds: &[f64]| seconds.iter().copied().fold(f64::INFINITY, f64::min);
    for (i, t) in timings.iter().enumerate() {
        let wall = median(&t.seconds);
        let min = minimum(&t.seconds);
        let max = t.seconds.iter().copied().fold(0.0, f64::max);
        let ratio = wall / median(&base(i).seconds);
        let min_ratio = min / minimum(&base(i).seconds);
        let cpu = (!t.cpu.is_empty() && !variants[i].self_timed).then(|| median(&t.cpu));
        let cpu_ratio = cpu
            .zip((!base(i).cpu.is_empty()).then(|| median(&base(i).cpu)))
            .map(|(cpu, base)| cpu / base);
        let rss = t.peak_rss_kib.iter().copied().max();
        let shown = |value: Option<f64>, decimals: usize| {
            value.map_or_else(|| "-".to_owned(), |v| format!("{v:.decimals$}"))
        };
        let throughput = work / wall;
        println!(
            "{:<40} {:>8.3} {:>8.3} {:>8.3} {:>6.2} {:>6.2} {:>8} {:>6} {:>9.0} {:>10}",
            t.label,
            wall,
            min,
            max,
            ratio,
            min_ratio,
            shown(cpu, 3),
            shown(cpu_ratio, 2),
            throughput,
            rss.map_or_else(
                || "?".to_owned(),
                |k| format!("{:.1} MiB", k as f64 / 1024.0)
            ),
        );
        rows.push(json!({"label": t.label, "median": wall, "min": min, "max": max, "ratio": ratio, "minRatio": min_ratio, "cpu": cpu, "cpuRatio": cpu_ratio, "throughput": throughput, "unit": unit, "peakRssKiB": rss, "runs": t.seconds, "cpuRuns": t.cpu}));
    }
    // hcr against each peer: on one core (its fair comparison) and on all cores.
    let one_core = variants
        .iter()
        .position(|v| v.label == "hcr validate --jobs 1, one core");
    for (peer, variant) in timings.iter().zip(&variants) {
        if !variant.self_timed {
            continue;
        }
        let against = |i: usize| median(&timings[i].seconds) / median(&peer.seconds);
        println!(
            "hcr against {}: {} of its time on one core, {:.2} on all cores",
            peer.label,
            one_core.map_or_else(|| "-".to_owned(), |i| format!("{:.2}", against(i))),
            against(1)
        );
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
                assert!(!report.valid(), "{which}: {variation:?}");
            } else {
                assert!(report.valid(), "{which}: {variation:?}");
                if !report
                    .diagnostics()
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
