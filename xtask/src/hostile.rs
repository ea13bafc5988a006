//! `cargo xtask hostile`: every command that reads an input against every hostile input, with
//! the wall time and peak memory of each run (release build, `/usr/bin/time`). The table it
//! prints is the one in `docs/reliability.md`.
//!
//! Inputs: a FIFO nobody writes to, `/dev/zero`, a 300 MB file, a 16 MiB record whose strings
//! are the secret scanner's worst case (repeated anchors), and a record with 10^6 findings
//! (unknown properties). Inputs within the limits must be answered in under 2 s and 256 MiB;
//! the rest must be refused with a clear error, never hang.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::workspace_root;

/// The slowest a run may be before it counts as a hang.
const DEADLINE: Duration = Duration::from_secs(60);

struct Input {
    name: &'static str,
    path: PathBuf,
    /// Within the limits (must be answered fast), or refused.
    within_limits: bool,
}

fn prepare(dir: &Path) -> Result<Vec<Input>> {
    std::fs::create_dir_all(dir)?;
    let fifo = dir.join("input.fifo");
    if !fifo.exists() {
        let status = Command::new("mkfifo").arg(&fifo).status()?;
        if !status.success() {
            bail!("mkfifo failed");
        }
    }
    let big = dir.join("300MB.json");
    if std::fs::metadata(&big).map(|m| m.len()).unwrap_or(0) != 300_000_000 {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&big)?);
        let chunk = vec![b' '; 1 << 20];
        let mut written = 0usize;
        while written < 300_000_000 {
            let n = chunk.len().min(300_000_000 - written);
            file.write_all(&chunk[..n])?;
            written += n;
        }
        file.flush()?;
    }
    // A record of just under 16 MiB whose extension strings repeat the scanner's anchors.
    let worst = dir.join("worst-16MiB.json");
    if !worst.exists() {
        let units = [
            "password=",
            "key ",
            "eyJ",
            "-----BEGIN ",
            "Bearer ",
            "Basic ",
            "a://b:c@",
            "sk-",
            "ghp_",
            "Cookie: sid=",
            "Q~",
            ":AA",
            "\\\"password\\\": \\\"",
            "pass",
            "AKIA",
        ];
        let mut text = String::from(
            "{\"schemaVersion\": \"1.0\", \"objective\": {\"summary\": \"x\", \"acceptanceCriteria\": []}, \"currentState\": {\"complete\": [], \"inProgress\": [], \"blocked\": [], \"unverified\": []}, \"decisions\": [], \"evidence\": [], \"constraints\": [], \"nextAction\": {\"summary\": \"x\", \"verification\": \"y\"}, \"ownership\": {\"nextActor\": {\"id\": \"a\", \"type\": \"agent\"}}, \"openReview\": [], \"extensions\": {\"com.example.worst\": [",
        );
        // Fifteen strings just under the 1 MiB string limit: 15 MiB in all.
        let per_string = (1 << 20) - 64;
        for (i, unit) in units.iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            text.push('"');
            text.push_str(&unit.repeat(per_string / unit.len()));
            text.push('"');
        }
        text.push_str("]}}");
        std::fs::write(&worst, text)?;
    }
    // 1,000 evidence items with 1,000 properties the schema does not define each: a
    // million HCR102 within every limit.
    let findings = dir.join("million-findings.json");
    if !findings.exists() {
        let mut text = String::with_capacity(14 << 20);
        text.push_str("{\"schemaVersion\": \"1.0\", \"evidence\": [");
        for item in 0..1000 {
            if item > 0 {
                text.push(',');
            }
            let _ = write!(
                text,
                "{{\"id\":\"e{item}\",\"label\":\"E\",\"uri\":\"https://e\""
            );
            for i in 0..1000 {
                let _ = write!(text, ",\"k{i}\":0");
            }
            text.push('}');
        }
        text.push_str("]}");
        std::fs::write(&findings, text)?;
    }
    // One object of a million members: past the member limit.
    let members = dir.join("million-members.json");
    if !members.exists() {
        let mut text = String::with_capacity(14 << 20);
        text.push_str("{\"schemaVersion\": \"1.0\"");
        for i in 0..1_000_000 {
            let _ = write!(text, ",\"k{i}\":0");
        }
        text.push('}');
        std::fs::write(&members, text)?;
    }
    Ok(vec![
        Input {
            name: "FIFO",
            path: fifo,
            within_limits: false,
        },
        Input {
            name: "/dev/zero",
            path: PathBuf::from("/dev/zero"),
            within_limits: false,
        },
        Input {
            name: "300 MB file",
            path: big,
            within_limits: false,
        },
        Input {
            name: "16 MiB worst case",
            path: worst,
            within_limits: true,
        },
        Input {
            name: "10^6 findings",
            path: findings,
            within_limits: true,
        },
        Input {
            name: "10^6 members",
            path: members,
            within_limits: false,
        },
    ])
}

/// Every command that reads an input, with `{}` for it.
fn commands(valid: &str, artifacts: &str, repo: &str) -> Vec<(&'static str, Vec<String>)> {
    let table: Vec<(&'static str, Vec<&str>)> = vec![
        ("validate", vec!["validate", "{}"]),
        (
            "validate --format sarif",
            vec!["validate", "--format", "sarif", "{}"],
        ),
        ("receive", vec!["receive", "{}"]),
        (
            "render --as goal-handover",
            vec!["render", "--as", "goal-handover", "{}"],
        ),
        ("diff", vec!["diff", valid, "{}"]),
        (
            "continue",
            vec!["continue", "{}", "--first", "--by", "agent:x"],
        ),
        (
            "continue --patch",
            vec![
                "continue", valid, "--first", "--by", "agent:x", "--patch", "{}",
            ],
        ),
        (
            "convert --from goal-handover",
            vec!["convert", "--from", "goal-handover", "{}"],
        ),
        (
            "convert --from spec-handoff",
            vec!["convert", "--from", "spec-handoff", "{}"],
        ),
        (
            "convert --to spec-handoff",
            vec![
                "convert",
                "--to",
                "spec-handoff",
                "{}",
                "--target-repo",
                repo,
            ],
        ),
        ("spec-handoff lint", vec!["spec-handoff", "lint", "{}"]),
        (
            "digest --fill",
            vec!["digest", "--fill", "{}", "--artifacts", artifacts],
        ),
        ("digest", vec!["digest", "{}"]),
    ];
    table
        .into_iter()
        .map(|(name, args)| (name, args.into_iter().map(str::to_owned).collect()))
        .collect()
}

/// One run: exit code (`None` past the deadline), seconds, peak RSS in KiB.
fn measure(hcr: &Path, args: &[String]) -> Result<(Option<i32>, f64, Option<u64>)> {
    let started = Instant::now();
    let mut child = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(hcr)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .context("running /usr/bin/time")?;
    loop {
        if let Some(status) = child.try_wait()? {
            let seconds = started.elapsed().as_secs_f64();
            let mut stderr = String::new();
            if let Some(mut pipe) = child.stderr.take() {
                std::io::Read::read_to_string(&mut pipe, &mut stderr)?;
            }
            let rss = stderr.lines().last().and_then(|l| l.trim().parse().ok());
            // /usr/bin/time exits with the command's status.
            return Ok((status.code(), seconds, rss));
        }
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            return Ok((None, DEADLINE.as_secs_f64(), None));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

pub(crate) fn run() -> Result<()> {
    let root = workspace_root();
    let status = Command::new(env!("CARGO"))
        .current_dir(&root)
        .args(["build", "--release", "--quiet", "-p", "hcr-cli"])
        .status()?;
    if !status.success() {
        bail!("the release build failed");
    }
    let hcr = root.join("target/release/hcr");
    let dir = root.join("target/hostile");
    let inputs = prepare(&dir)?;
    std::fs::create_dir_all(dir.join("artifacts"))?;
    let valid = root
        .join("protocol/v1/examples/minimal.json")
        .display()
        .to_string();
    let artifacts = dir.join("artifacts").display().to_string();
    let repo = dir.join("repo");
    std::fs::create_dir_all(&repo)?;
    let repo = repo.display().to_string();
    let mut table = String::from("| command |");
    for input in &inputs {
        let _ = write!(table, " {} |", input.name);
    }
    table.push_str("\n|---|");
    table.push_str(&"---|".repeat(inputs.len()));
    table.push('\n');
    let mut failures = Vec::new();
    for (name, args) in commands(&valid, &artifacts, &repo) {
        let _ = write!(table, "| `{name}` |");
        for input in &inputs {
            let target = input.path.display().to_string();
            let args: Vec<String> = args.iter().map(|a| a.replace("{}", &target)).collect();
            let (code, seconds, rss) = measure(&hcr, &args)?;
            let memory = rss.map_or_else(
                || "?".to_owned(),
                |k| format!("{:.0} MiB", k as f64 / 1024.0),
            );
            let cell = match code {
                None => {
                    failures.push(format!(
                        "{name} on {}: no answer in {DEADLINE:?}",
                        input.name
                    ));
                    "**hang**".to_owned()
                }
                Some(code) => format!("exit {code}, {seconds:.2} s, {memory}"),
            };
            if input.within_limits && (seconds > 2.0 || rss.is_some_and(|k| k > 256 * 1024)) {
                failures.push(format!("{name} on {}: {cell}", input.name));
            }
            let _ = write!(table, " {cell} |");
        }
        table.push('\n');
    }
    println!("{table}");
    if failures.is_empty() {
        println!("every input within the limits was answered in under 2 s and 256 MiB; none hung");
    } else {
        println!("over the targets:\n- {}", failures.join("\n- "));
    }
    Ok(())
}
