//! `hcr-bench [--profile NAME] [--runs N] [--seed N] [--mix M] [--peers [--publisher PATH]]` (what `cargo xtask
//! bench` runs): whole-process wall and CPU time of hcr against a baseline, in release
//! builds.
//!
//! Profiles:
//! - `standard`, `mixed`, `large` (about 100 KB a record), `mb` (about 1 MB), `near-secret`
//!   (every other prose string holds a word the secret scanner's anchors start on),
//!   `findings` (many findings a record), `jsonl`, `jsonl-huge`: `hcr validate` over a seeded
//!   corpus of records (generated once into `target/bench`, or `$CARGO_TARGET_DIR/bench`; `--seed N` and `--mix M` draw
//!   another) against `parse-baseline`, which reads and parses the same records with plain
//!   `serde_json` on one thread, and `simd-baseline`, which reads them into one reused buffer
//!   and parses them with `simd_json::to_borrowed_value` (and, with `--read-only`, only reads
//!   them). hcr runs on all cores, with `--jobs 1`, and with `--jobs 1` held to one core
//!   (`taskset -c 0`), where the baselines are held too;
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
//! minima, maxima, the ratios of medians and of minima to each baseline's, and peak RSS are
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
    /// As [`Mix::Mostly`], and every other prose string holds words the secret scanner's
    /// anchors start on (`token`, `key `, `Bearer `, `sk-`, ...) without being a secret: the
    /// prefilter's and the DFA's slow path ([`corpus::near_secret`]).
    NearSecret,
    /// Every record with many findings (about 30 to 60: repeated ids, digests that are not
    /// digests, reviews resolved before they were raised, ...): the cost per finding
    /// ([`corpus::many_findings`]).
    Findings,
}

impl Mix {
    const ALL: [(Self, &'static str); 4] = [
        (Self::Mostly, "mostly"),
        (Self::Mixed, "mixed"),
        (Self::NearSecret, "near-secret"),
        (Self::Findings, "findings"),
    ];

    fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(m, _)| *m == self)
            .map_or("?", |(_, n)| n)
    }

    /// Added to a profile's default seed, so that each mix draws its own records (0 for the
    /// first two: their corpora stay what earlier sessions measured).
    fn salt(self) -> u64 {
        match self {
            Self::Mostly | Self::Mixed => 0,
            Self::NearSecret => 0x0100_0000,
            Self::Findings => 0x0200_0000,
        }
    }
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
        name: "mb",
        kind: Kind::Records {
            records: 40,
            evidence: 2_200,
            jsonl: false,
            mix: Mix::Mostly,
        },
    },
    Profile {
        name: "near-secret",
        kind: Kind::Records {
            records: 10_000,
            evidence: 4,
            jsonl: false,
            mix: Mix::NearSecret,
        },
    },
    Profile {
        name: "findings",
        kind: Kind::Records {
            records: 2_000,
            evidence: 40,
            jsonl: false,
            mix: Mix::Findings,
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
    /// Which baseline this variant is, if one: hcr's ratios are printed against each.
    baseline: Option<Baseline>,
}

/// The baselines hcr's time is divided by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Baseline {
    /// The first variant of every profile (serde_json's parse, `openssl`, ...).
    First,
    /// `simd_json::to_borrowed_value` of the same records (folder and JSON Lines profiles).
    Simd,
}

impl Variant {
    fn new(label: &str, program: impl Into<PathBuf>, args: &[&str]) -> Self {
        Self {
            label: label.to_owned(),
            program: program.into(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
            self_timed: false,
            baseline: None,
        }
    }

    /// This variant, marked as the baseline `which`.
    fn baseline(self, which: Baseline) -> Self {
        Self {
            baseline: Some(which),
            ..self
        }
    }

    /// Whether the variant is held to one core.
    fn pinned(&self) -> bool {
        self.program == Path::new("taskset")
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
            baseline: None,
        }
    }
}

/// The in-process peer runner (see the module documentation).
const PEERS_SCRIPT: &str = "crates/hcr-bench/peers.mjs";

/// Cargo's target folder: `CARGO_TARGET_DIR` when set (where `build` puts the release
/// binaries), else the workspace's `target`.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

fn bench_dir() -> PathBuf {
    target_dir().join("bench")
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

/// What a corpus is drawn from: a profile's parameters, with the mix and seed
/// `--mix`/`--seed` may change (so that results are not tuned to one corpus).
struct CorpusSpec<'a> {
    name: &'a str,
    records: usize,
    evidence: usize,
    jsonl: bool,
    mix: Mix,
    /// `--seed N`; the profile's own seed otherwise.
    seed: Option<u64>,
}

impl CorpusSpec<'_> {
    /// The folder's name: the profile's, with the mix and seed when they are not its own.
    fn folder(&self, own_mix: Mix) -> String {
        let mut name = format!("corpus-{}", self.name);
        if self.mix != own_mix {
            name.push_str(&format!("-mix-{}", self.mix.name()));
        }
        if let Some(seed) = self.seed {
            name.push_str(&format!("-seed-{seed}"));
        }
        name
    }

    fn seed(&self) -> u64 {
        self.seed
            .unwrap_or(0x5EED_0000 + self.records as u64 + self.mix.salt())
    }
}

/// Writes a corpus into `target/bench/FOLDER` unless it is there already; returns its path.
fn corpus(spec: &CorpusSpec<'_>, folder: &str) -> Result<PathBuf> {
    let CorpusSpec {
        records,
        evidence,
        jsonl,
        mix,
        ..
    } = *spec;
    let dir = bench_dir().join(folder);
    let path = if jsonl {
        dir.join("records.jsonl")
    } else {
        dir.join("records")
    };
    // The stamp records the parameters, so that changing a profile regenerates its corpus.
    let done = dir.join(".complete");
    let seed = spec.seed();
    let stamp =
        format!("records={records} evidence={evidence} jsonl={jsonl} mix={mix:?} seed={seed:#x}\n");
    if std::fs::read_to_string(&done).is_ok_and(|s| s == stamp) {
        return Ok(path);
    }
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    std::fs::create_dir_all(&dir)?;
    let mut rng = corpus::Rng::new(seed);
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
            Mix::Mostly | Mix::NearSecret => {
                if mix == Mix::NearSecret {
                    corpus::near_secret(&mut rng, &mut record);
                }
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
            Mix::Findings => corpus::many_findings(&mut rng, &mut record),
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
        "generated {records} records ({:.1} MB, seed {seed:#x}) in {}",
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
fn variants(
    profile: &Profile,
    choice: &Choice,
    peers: Option<&Peers>,
) -> Result<(Vec<Variant>, f64, &'static str)> {
    let release = target_dir().join("release");
    let hcr = release.join("hcr");
    Ok(match profile.kind {
        Kind::Records {
            records,
            evidence,
            jsonl,
            mix,
        } => {
            let spec = CorpusSpec {
                name: profile.name,
                records,
                evidence,
                jsonl,
                mix: choice.mix.unwrap_or(mix),
                seed: choice.seed,
            };
            let input = corpus(&spec, &spec.folder(mix))?;
            let mix = spec.mix;
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
            let simd = release.join("simd-baseline");
            let mut read_only = baseline.clone();
            read_only.push("--read-only");
            let mut variants = vec![
                Variant::new("serde_json parse only (1 thread)", &parse, &baseline)
                    .baseline(Baseline::First),
                Variant::new("simd_json parse only (1 thread)", &simd, &baseline)
                    .baseline(Baseline::Simd),
                Variant::new("read only, no parse (1 thread)", &simd, &read_only),
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
                    Variant::on_one_core("serde_json parse only, one core", &parse, &baseline)
                        .baseline(Baseline::First),
                    Variant::on_one_core("simd_json parse only, one core", &simd, &baseline)
                        .baseline(Baseline::Simd),
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
                    )
                    .baseline(Baseline::First),
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
            let suite = workspace_root().join("conformance-suite");
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
                    Variant::new("stdio-baseline alone (no cases)", &trivial, &[])
                        .baseline(Baseline::First),
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

/// What `--seed` and `--mix` change of a profile's corpus.
#[derive(Default)]
struct Choice {
    seed: Option<u64>,
    mix: Option<Mix>,
}

const USAGE: &str = "cargo xtask bench [--profile P] [--runs N] [--seed N] [--mix mostly|mixed|near-secret|findings] [--peers [--publisher PATH]]";

#[allow(clippy::too_many_lines)]
fn run(args: &[String]) -> Result<()> {
    let mut profile_name = "standard";
    let mut runs = 7usize;
    let mut peers = None;
    let mut choice = Choice::default();
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
            "--seed" => {
                choice.seed = Some(value().context("--seed")?.parse().context("--seed")?);
                i += 1;
            }
            "--mix" => {
                let name = value().context("--mix")?;
                let mix = Mix::ALL
                    .iter()
                    .find(|(_, n)| n == name)
                    .with_context(|| format!("--mix {name}: {USAGE}"))?;
                choice.mix = Some(mix.0);
                i += 1;
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            "--peers" => peers = Some(()),
            "--publisher" => {
                publisher = Some(PathBuf::from(value().context("--publisher")?));
                i += 1;
            }
            other => bail!("unknown option `{other}` ({USAGE})"),
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
    let (variants, work, unit) = variants(profile, &choice, peers.as_ref())?;
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
    // A variant held to one core is compared with the baseline held to one core (or, where
    // there is none, with the unpinned one).
    let base_of = |i: usize, which: Baseline| -> Option<&Timing> {
        let pinned = variants[i].pinned();
        let find = |pinned: bool| {
            variants
                .iter()
                .position(|v| v.baseline == Some(which) && v.pinned() == pinned)
        };
        find(pinned).or_else(|| find(!pinned)).map(|j| &timings[j])
    };
    let mix = match profile.kind {
        Kind::Records { mix, .. } => format!(", mix {}", choice.mix.unwrap_or(mix).name()),
        _ => String::new(),
    };
    let seed = choice
        .seed
        .map_or_else(String::new, |s| format!(", seed {s}"));
    println!(
        "\nprofile {}{mix}{seed} ({runs} runs each, alternating; whole-process time, medians; a peer's own loop)\n",
        profile.name
    );
    // On a shared machine a run is only ever slowed down by its neighbours: the ratio of the
    // minima, beside the medians', shows how much of a ratio is the noise of the hour.
    println!(
        "{:<40} {:>8} {:>8} {:>8} {:>6} {:>6} {:>6} {:>6} {:>8} {:>6} {:>9} {:>10}",
        "",
        "wall s",
        "min s",
        "max s",
        "ratio",
        "min r",
        "simd r",
        "min r",
        "CPU s",
        "ratio",
        unit,
        "peak RSS"
    );
    let mut rows = Vec::new();
    let minimum = |seconds: &[f64]| seconds.iter().copied().fold(f64::INFINITY, f64::min);
    let shown = |value: Option<f64>, decimals: usize| {
        value.map_or_else(|| "-".to_owned(), |v| format!("{v:.decimals$}"))
    };
    for (i, t) in timings.iter().enumerate() {
        let wall = median(&t.seconds);
        let min = minimum(&t.seconds);
        let max = t.seconds.iter().copied().fold(0.0, f64::max);
        let first = base_of(i, Baseline::First).unwrap_or(&timings[0]);
        let ratio = wall / median(&first.seconds);
        let min_ratio = min / minimum(&first.seconds);
        let simd = base_of(i, Baseline::Simd);
        let simd_ratio = simd.map(|b| wall / median(&b.seconds));
        let simd_min_ratio = simd.map(|b| min / minimum(&b.seconds));
        let cpu = (!t.cpu.is_empty() && !variants[i].self_timed).then(|| median(&t.cpu));
        let cpu_ratio = cpu
            .zip((!first.cpu.is_empty()).then(|| median(&first.cpu)))
            .map(|(cpu, base)| cpu / base);
        let rss = t.peak_rss_kib.iter().copied().max();
        let throughput = work / wall;
        println!(
            "{:<40} {:>8.3} {:>8.3} {:>8.3} {:>6.2} {:>6.2} {:>6} {:>6} {:>8} {:>6} {:>9.0} {:>10}",
            t.label,
            wall,
            min,
            max,
            ratio,
            min_ratio,
            shown(simd_ratio, 2),
            shown(simd_min_ratio, 2),
            shown(cpu, 3),
            shown(cpu_ratio, 2),
            throughput,
            rss.map_or_else(
                || "?".to_owned(),
                |k| format!("{:.1} MiB", k as f64 / 1024.0)
            ),
        );
        rows.push(json!({"label": t.label, "median": wall, "min": min, "max": max, "ratio": ratio, "minRatio": min_ratio, "simdRatio": simd_ratio, "simdMinRatio": simd_min_ratio, "cpu": cpu, "cpuRatio": cpu_ratio, "throughput": throughput, "unit": unit, "peakRssKiB": rss, "runs": t.seconds, "cpuRuns": t.cpu}));
    }
    // hcr against each baseline: the issue's targets are ratios of medians.
    println!();
    for (i, t) in timings.iter().enumerate() {
        if !t.label.starts_with("hcr ") {
            continue;
        }
        let against =
            |which: Baseline| base_of(i, which).map(|b| median(&t.seconds) / median(&b.seconds));
        println!(
            "{}: {} of the serde_json parse, {} of the simd_json parse",
            t.label,
            shown(against(Baseline::First), 2),
            shown(against(Baseline::Simd), 2),
        );
    }
    // hcr against each peer: on one core (its fair comparison) and on all cores.
    let one_core = variants
        .iter()
        .position(|v| v.label == "hcr validate --jobs 1, one core");
    let all_cores = variants
        .iter()
        .position(|v| v.label == "hcr validate (all cores)");
    for (peer, variant) in timings.iter().zip(&variants) {
        if !variant.self_timed {
            continue;
        }
        let against =
            |i: Option<usize>| i.map(|i| median(&timings[i].seconds) / median(&peer.seconds));
        println!(
            "hcr against {}: hcr --jobs 1 on one core takes {} of its time, all cores {}",
            peer.label,
            shown(against(one_core), 2),
            shown(against(all_cores), 2),
        );
    }
    let commit = Command::new("git")
        .current_dir(workspace_root())
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    let summary = json!({"profile": profile.name, "mix": mix, "seed": choice.seed, "commit": commit, "cores": std::thread::available_parallelism().map_or(1, usize::from), "results": rows});
    let out = bench_dir().join(format!(
        "{}{}{}.json",
        profile.name,
        choice
            .mix
            .map_or_else(String::new, |m| format!("-mix-{}", m.name())),
        choice
            .seed
            .map_or_else(String::new, |s| format!("-seed-{s}"))
    ));
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

    /// The near-secret profile's words are not secrets: its records stay valid, without a
    /// finding, and do carry the words.
    #[test]
    fn near_secret_records_hold_no_secret() {
        let validator = Validator::new(Level::Normative);
        for seed in 0..40 {
            let mut rng = corpus::Rng::new(seed);
            let mut record = corpus::record(&mut rng, 0, 4);
            corpus::near_secret(&mut rng, &mut record);
            let text = record.to_string();
            assert!(
                ["token", "key ", "Bearer ", "sk-"]
                    .iter()
                    .filter(|w| text.contains(*w))
                    .count()
                    >= 2,
                "{text}"
            );
            let report = validator.validate_str(&text);
            assert!(report.valid(), "{seed}: {:#?}", report.diagnostics());
            assert!(
                report.diagnostics().is_empty(),
                "{seed}: {:#?}",
                report.diagnostics()
            );
        }
    }

    /// The findings profile's records have many findings each, below the per-record cap.
    #[test]
    fn findings_records_have_many() {
        let validator = Validator::new(Level::Normative);
        for seed in 0..10 {
            let mut rng = corpus::Rng::new(seed);
            let mut record = corpus::record(&mut rng, 0, 40);
            corpus::many_findings(&mut rng, &mut record);
            let found = validator
                .validate_str(&record.to_string())
                .diagnostics()
                .len();
            assert!((20..100).contains(&found), "{seed}: {found} findings");
        }
    }
}
