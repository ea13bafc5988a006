//! `cargo xtask bench [--profile standard|large|jsonl|jsonl-huge] [--runs N]`: whole-process
//! wall time of `hcr validate` against a parse-only baseline built from the same tree.
//!
//! The corpus is generated deterministically into `target/bench/corpus-<profile>` (once),
//! both binaries are built in release mode, and runs alternate between the baseline and each
//! hcr variant so that machine noise hits them alike. Medians, minima and maxima are printed
//! and written to `target/bench/<profile>.json` with the commit, to compare across commits.

mod corpus;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use serde_json::json;

use crate::workspace_root;

struct Profile {
    name: &'static str,
    records: usize,
    evidence: usize,
    jsonl: bool,
}

const PROFILES: &[Profile] = &[
    Profile {
        name: "standard",
        records: 10_000,
        evidence: 4,
        jsonl: false,
    },
    Profile {
        name: "large",
        records: 300,
        evidence: 150,
        jsonl: false,
    },
    Profile {
        name: "jsonl",
        records: 10_000,
        evidence: 4,
        jsonl: true,
    },
    Profile {
        name: "jsonl-huge",
        records: 200_000,
        evidence: 4,
        jsonl: true,
    },
];

fn bench_dir() -> PathBuf {
    workspace_root().join("target/bench")
}

/// Writes the profile's corpus unless it is there already; returns its path.
fn corpus(profile: &Profile) -> Result<PathBuf> {
    let dir = bench_dir().join(format!("corpus-{}", profile.name));
    let path = if profile.jsonl {
        dir.join("records.jsonl")
    } else {
        dir.join("records")
    };
    let done = dir.join(".complete");
    if done.exists() {
        return Ok(path);
    }
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    std::fs::create_dir_all(&dir)?;
    let mut rng = corpus::Rng::new(0x5EED_0000 + profile.records as u64);
    let mut jsonl = if profile.jsonl {
        Some(std::io::BufWriter::new(std::fs::File::create(&path)?))
    } else {
        std::fs::create_dir_all(&path)?;
        None
    };
    let mut bytes = 0usize;
    for i in 0..profile.records {
        // 2% of records carry a long evidence list, 5% are invalid.
        let evidence = if rng.below(50) == 0 {
            profile.evidence * 10
        } else {
            profile.evidence
        };
        let mut record = corpus::record(&mut rng, i, evidence);
        if rng.below(20) == 0 {
            corpus::spoil(&mut rng, &mut record);
        }
        match &mut jsonl {
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
    if let Some(mut out) = jsonl {
        out.flush()?;
    }
    std::fs::write(
        &done,
        format!("{} records, {bytes} bytes\n", profile.records),
    )?;
    println!(
        "generated {} records ({:.1} MB) in {}",
        profile.records,
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

/// Runs `program args` once, output discarded; wall seconds and peak RSS (via /usr/bin/time
/// when present).
fn run_once(program: &Path, args: &[String]) -> Result<(f64, Option<u64>)> {
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
    let profile = PROFILES
        .iter()
        .find(|p| p.name == profile_name)
        .context("profiles: standard, large, jsonl, jsonl-huge")?;
    let root = workspace_root();
    // Two builds: built together, the baseline would get the features hcr turns on in
    // serde_json (`preserve_order`), and a user's parse-only program would not have them.
    for package in ["hcr-cli", "hcr-parse-baseline"] {
        let status = Command::new(env!("CARGO"))
            .current_dir(&root)
            .args(["build", "--release", "--quiet", "-p", package])
            .status()?;
        if !status.success() {
            bail!("the release build of {package} failed");
        }
    }
    let input = corpus(profile)?.display().to_string();
    let hcr = root.join("target/release/hcr");
    let baseline = root.join("target/release/parse-baseline");
    let mut variants: Vec<(String, PathBuf, Vec<String>)> = vec![(
        "serde_json parse only (1 thread)".into(),
        baseline.clone(),
        if profile.jsonl {
            vec![input.clone(), "--jsonl".into()]
        } else {
            vec![input.clone()]
        },
    )];
    for jobs in [None, Some(1)] {
        let mut hcr_args = vec![
            "validate".to_owned(),
            "--format".into(),
            "text".into(),
            "--color".into(),
            "never".into(),
        ];
        if profile.jsonl {
            hcr_args.push("--jsonl".into());
        }
        if let Some(jobs) = jobs {
            hcr_args.extend(["--jobs".into(), jobs.to_string()]);
        }
        hcr_args.push(input.clone());
        let label = match jobs {
            None => "hcr validate (all cores)".to_owned(),
            Some(_) => "hcr validate --jobs 1".to_owned(),
        };
        variants.push((label, hcr.clone(), hcr_args));
    }
    // One warm-up run each fills the page cache.
    for (_, program, args) in &variants {
        run_once(program, args)?;
    }
    let mut timings: Vec<Timing> = variants
        .iter()
        .map(|(label, _, _)| Timing {
            label: label.clone(),
            seconds: Vec::new(),
            peak_rss_kib: Vec::new(),
        })
        .collect();
    for _ in 0..runs {
        for (timing, (_, program, args)) in timings.iter_mut().zip(&variants) {
            let (seconds, rss) = run_once(program, args)?;
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
        "{:<34} {:>9} {:>9} {:>9} {:>8} {:>10}",
        "", "median s", "min s", "max s", "ratio", "peak RSS"
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
        println!(
            "{:<34} {:>9.3} {:>9.3} {:>9.3} {:>8.2} {:>10}",
            t.label,
            t.median(),
            min,
            max,
            t.median() / base,
            rss_text
        );
        rows.push(json!({"label": t.label, "median": t.median(), "min": min, "max": max, "ratio": t.median() / base, "peakRssKiB": rss, "runs": t.seconds}));
    }
    let commit = Command::new("git")
        .current_dir(&root)
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    let summary = json!({"profile": profile.name, "records": profile.records, "commit": commit, "cores": std::thread::available_parallelism().map_or(1, usize::from), "results": rows});
    let out = bench_dir().join(format!("{}.json", profile.name));
    std::fs::write(&out, serde_json::to_string_pretty(&summary)?)?;
    println!("\nwrote {}", out.display());
    Ok(())
}
