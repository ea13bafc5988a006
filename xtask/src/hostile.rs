//! `cargo xtask hostile`: every front end against every hostile input, with the wall time and
//! peak memory of each run (release builds, `/usr/bin/time`). The table it prints is the one
//! in `docs/reliability.md`.
//!
//! Front ends: every CLI command that reads an input (a record, JSON Lines, a configuration,
//! a baseline, a conversion's source); the MCP server (`hcr mcp`, a tool call naming the
//! input beneath its root, and eight calls at once); the Python package (`validate`,
//! `validate_many`, `validate_arrow`, `convert`), built as a release wheel into the tests'
//! virtual environment.
//!
//! Inputs: a FIFO nobody writes to, `/dev/zero`, a 300 MB file, a 16 MiB record whose strings
//! are the secret scanner's worst case, a 16 MiB record of 1.36 million findings, an object
//! of 10^6 members, 100,000 small invalid records as JSON Lines, a `HANDOFF.md` of 400,000
//! bullets, a 64 MiB baseline and a configuration with a 900 KiB line. Inputs within the
//! limits must be answered in under 2 s and 256 MiB; the rest must be refused with a clear
//! error, never hang.

use std::fmt::Write as _;
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use crate::workspace_root;

/// The slowest a run may be before it counts as a hang.
const DEADLINE: Duration = Duration::from_secs(60);

struct Input {
    name: &'static str,
    path: PathBuf,
    /// Within the limits (must be answered fast), or refused.
    within_limits: bool,
}

/// A file of `size` bytes written by `fill` (once: kept between runs).
fn generate(path: &Path, fill: impl FnOnce(&mut dyn std::io::Write) -> Result<()>) -> Result<()> {
    if path.exists() {
        return Ok(());
    }
    let partial = path.with_extension("partial");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&partial)?);
    fill(&mut file)?;
    file.flush()?;
    drop(file);
    std::fs::rename(partial, path)?;
    Ok(())
}

const BASE: &str = "{\"schemaVersion\": \"1.0\", \"objective\": {\"summary\": \"x\", \"acceptanceCriteria\": []}, \"currentState\": {\"complete\": [], \"inProgress\": [], \"blocked\": [], \"unverified\": []}, \"decisions\": [], \"evidence\": [], \"constraints\": [], \"nextAction\": {\"summary\": \"x\", \"verification\": \"y\"}, \"ownership\": {\"nextActor\": {\"id\": \"a\", \"type\": \"agent\"}}, \"openReview\": [], \"extensions\": {\"com.example.worst\": [";

#[allow(clippy::too_many_lines)]
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
    generate(&big, |out| {
        let chunk = vec![b' '; 1 << 20];
        let mut written = 0usize;
        while written < 300_000_000 {
            let n = chunk.len().min(300_000_000 - written);
            out.write_all(&chunk[..n])?;
            written += n;
        }
        Ok(())
    })?;
    // A record of just under 16 MiB whose extension strings repeat the scanner's anchors.
    let worst = dir.join("worst-16MiB.json");
    generate(&worst, |out| {
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
        out.write_all(BASE.as_bytes())?;
        // Fifteen strings just under the 1 MiB string limit: 15 MiB in all.
        let per_string = (1 << 20) - 64;
        for (i, unit) in units.iter().enumerate() {
            if i > 0 {
                out.write_all(b", ")?;
            }
            write!(out, "\"{}\"", unit.repeat(per_string / unit.len()))?;
        }
        out.write_all(b"]}}")?;
        Ok(())
    })?;
    // Evidence items with unknown properties, up to just under 16 MiB: 1.36 million HCR102
    // within every limit.
    let findings = dir.join("findings-16MiB.json");
    generate(&findings, |out| {
        out.write_all(b"{\"schemaVersion\": \"1.0\", \"evidence\": [")?;
        let mut written = 40usize;
        let mut item = 0;
        while written < (16 << 20) - 20_000 {
            let mut text = String::with_capacity(12_000);
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
            out.write_all(text.as_bytes())?;
            written += text.len();
            item += 1;
        }
        out.write_all(b"]}")?;
        Ok(())
    })?;
    // One object of a million members: past the member limit.
    let members = dir.join("million-members.json");
    generate(&members, |out| {
        out.write_all(b"{\"schemaVersion\": \"1.0\"")?;
        for i in 0..1_000_000 {
            write!(out, ",\"k{i}\":0")?;
        }
        out.write_all(b"}")?;
        Ok(())
    })?;
    // 100,000 small invalid records, one per line.
    let lines = dir.join("invalid-100k.jsonl");
    generate(&lines, |out| {
        for i in 0..100_000 {
            writeln!(out, "{{\"n\": {i}}}")?;
        }
        Ok(())
    })?;
    // A HANDOFF.md of 400,000 bullets, under 16 MiB.
    let handoff = dir.join("HANDOFF-400k.md");
    generate(&handoff, |out| {
        out.write_all(b"# Handoff\n\n## Goal\n\nShip it.\n\n## Current state\n\n### Complete\n\n")?;
        for i in 0..400_000 {
            writeln!(out, "- finished step {i} of the migration")?;
        }
        Ok(())
    })?;
    // A HANDOFF.md of 100,000 sections, each read by the looser readings (a state after a
    // name, a role's word) and stating a test result and a rule: every per-section step of
    // the mapping must stay linear.
    let sections = dir.join("HANDOFF-100k-sections.md");
    generate(&sections, |out| {
        for i in 0..100_000 {
            writeln!(
                out,
                "## Task {i} evidence done ✅\n\n- Never run step {i} by hand. Full suite: {i} passed.\n"
            )?;
        }
        Ok(())
    })?;
    // A baseline of just under 64 MiB (its cap): about 560,000 findings.
    let baseline = dir.join("baseline-64MiB.json");
    generate(&baseline, |out| {
        out.write_all(
            b"{\"version\": 1, \"tool\": \"hcr\", \"salt\": \"00ff00ff00ff00ff\", \"findings\": [",
        )?;
        let mut written = 80usize;
        let mut n = 0u64;
        while written < (64 << 20) - 400 {
            let line = format!(
                "{}\n  {{\"file\":\"records/r{}.json\",\"code\":\"HCR205\",\"pointer\":\"/evidence/{}/id\",\"hash\":\"{:032x}\",\"count\":1}}",
                if n == 0 { "" } else { "," },
                n / 10,
                n % 10,
                n
            );
            out.write_all(line.as_bytes())?;
            written += line.len();
            n += 1;
        }
        out.write_all(b"\n]}\n")?;
        Ok(())
    })?;
    // A configuration of 1 MiB whose one bad line is 900 KiB long.
    let config = dir.join("config-900KiB-line.toml");
    generate(&config, |out| {
        writeln!(out, "select = [\"{}", "x".repeat(900 * 1024))?;
        Ok(())
    })?;
    let input = |name, path, within_limits| Input {
        name,
        path,
        within_limits,
    };
    Ok(vec![
        input("FIFO", fifo, false),
        input("/dev/zero", PathBuf::from("/dev/zero"), false),
        input("300 MB file", big, false),
        input("16 MiB worst case", worst, true),
        input("1.36M findings", findings, true),
        input("10^6 members", members, false),
        input("10^5 invalid lines", lines, true),
        input("HANDOFF.md, 400k bullets", handoff, true),
        input("HANDOFF.md, 100k sections", sections, true),
        input("64 MiB baseline", baseline, true),
        input("900 KiB config line", config, true),
    ])
}

/// How a front end is run on an input (`{}` stands for its path).
enum Runner {
    /// `hcr ARGS`.
    Cli(Vec<String>),
    /// `hcr mcp --root DIR`, then `count` calls of the tool with these arguments at once.
    Mcp {
        tool: &'static str,
        arguments: Value,
        count: usize,
    },
    /// `python -c SCRIPT INPUT`, in the virtual environment holding the release wheel.
    Python(&'static str),
}

/// Every command that reads an input, with `{}` for it.
fn commands(valid: &str, artifacts: &str, repo: &str) -> Vec<(&'static str, Runner)> {
    let cli = |args: &[&str]| Runner::Cli(args.iter().map(|a| (*a).to_owned()).collect());
    vec![
        ("validate", cli(&["validate", "{}"])),
        (
            "validate --format sarif",
            cli(&["validate", "--format", "sarif", "{}"]),
        ),
        ("validate --jsonl", cli(&["validate", "--jsonl", "{}"])),
        (
            "validate --config",
            cli(&["validate", "--config", "{}", valid]),
        ),
        (
            "validate --baseline",
            cli(&["validate", "--baseline", "{}", valid]),
        ),
        ("receive", cli(&["receive", "{}"])),
        ("fix", cli(&["fix", "--check", "{}"])),
        (
            "render --as goal-handover",
            cli(&["render", "--as", "goal-handover", "{}"]),
        ),
        ("diff", cli(&["diff", valid, "{}"])),
        (
            "continue",
            cli(&["continue", "{}", "--first", "--by", "agent:x"]),
        ),
        (
            "continue --patch",
            cli(&[
                "continue", valid, "--first", "--by", "agent:x", "--patch", "{}",
            ]),
        ),
        (
            "convert --from goal-handover",
            cli(&["convert", "--from", "goal-handover", "{}"]),
        ),
        (
            "convert --from spec-handoff",
            cli(&["convert", "--from", "spec-handoff", "{}"]),
        ),
        (
            "convert --from handoff-md",
            cli(&["convert", "--from", "handoff-md", "{}"]),
        ),
        (
            "convert --from handover-brief",
            cli(&["convert", "--from", "handover-brief", "{}"]),
        ),
        (
            "convert --to spec-handoff",
            cli(&[
                "convert",
                "--to",
                "spec-handoff",
                "{}",
                "--target-repo",
                repo,
            ]),
        ),
        ("spec-handoff lint", cli(&["spec-handoff", "lint", "{}"])),
        ("handoff-md lint", cli(&["handoff-md", "lint", "{}"])),
        (
            "digest --fill",
            cli(&["digest", "--fill", "{}", "--artifacts", artifacts]),
        ),
        ("digest", cli(&["digest", "{}"])),
        (
            "MCP validate",
            Runner::Mcp {
                tool: "validate",
                arguments: json!({"paths": ["{}"]}),
                count: 1,
            },
        ),
        (
            "MCP validate, JSON Lines",
            Runner::Mcp {
                tool: "validate",
                arguments: json!({"paths": ["{}"], "jsonl": true}),
                count: 1,
            },
        ),
        (
            "MCP validate, 8 calls at once",
            Runner::Mcp {
                tool: "validate",
                arguments: json!({"paths": ["{}"]}),
                count: 8,
            },
        ),
        (
            "MCP receive",
            Runner::Mcp {
                tool: "receive",
                arguments: json!({"path": "{}"}),
                count: 1,
            },
        ),
        (
            "MCP convert from handoff-md",
            Runner::Mcp {
                tool: "convert",
                arguments: json!({"path": "{}", "from": "handoff-md"}),
                count: 1,
            },
        ),
        (
            "Python validate",
            Runner::Python("import sys, hcr\nhcr.validate(read(sys.argv[1]))"),
        ),
        (
            "Python validate_many",
            Runner::Python("import sys, hcr\nhcr.validate_many(read(sys.argv[1]).splitlines())"),
        ),
        (
            "Python validate_arrow",
            Runner::Python(
                "import sys, hcr, pyarrow as pa\nhcr.validate_arrow(pa.array(read(sys.argv[1]).splitlines(), type=pa.binary()))",
            ),
        ),
        (
            "Python convert from handoff-md",
            Runner::Python("import sys, hcr\nhcr.convert(read(sys.argv[1]), from_='handoff-md')"),
        ),
    ]
}

/// The exit status of a Python run that raised anything but `hcr.HcrError` (the package's
/// clear error, exit 1): a crash, like a Rust panic.
const PYTHON_CRASH: i32 = 70;

/// What every Python run starts with: an uncaught exception other than `hcr.HcrError` exits
/// with [`PYTHON_CRASH`], and `read(path)` gives the input's bytes as a caller would read them
/// (regular files only, at most the record limit and one byte, never blocking).
const PYTHON_PRELUDE: &str = r"import os, stat, sys, traceback
def crash(kind, value, tb):
    traceback.print_exception(kind, value, tb)
    import hcr
    os._exit(1 if issubclass(kind, hcr.HcrError) else CRASH)
sys.excepthook = crash
def read(path):
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        sys.exit(2)
    with os.fdopen(fd, 'rb') as f:
        return f.read(16 * 1024 * 1024 + 1)
";

/// The records `validate_many` is given for `path`: the lines of what `read` reads of it (at
/// most the record limit and one byte, regular files only).
fn records_read(path: &Path) -> Result<u64> {
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Ok(0);
    }
    let mut head = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(std::fs::File::open(path)?, (16 << 20) + 1),
        &mut head,
    )?;
    Ok(head.split(|&b| b == b'\n').count() as u64)
}

/// One run: exit code (`None` past the deadline), seconds, peak RSS in KiB.
type Measured = (Option<i32>, f64, Option<u64>);

/// `command` under `/usr/bin/time`, its standard error read for the peak.
fn timed(program: &Path, args: &[String]) -> Command {
    let mut command = Command::new("/usr/bin/time");
    command.args(["-f", "%M"]).arg(program).args(args);
    command
}

fn measure(mut command: Command) -> Result<Measured> {
    let started = Instant::now();
    let mut child = command
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

/// `hcr mcp --root DIR` under `/usr/bin/time`: initialize, then `count` calls at once; the
/// time is from the first call to the last answer, the exit code 0 when every call was
/// answered without a tool error, 1 otherwise. The server's own peak memory is reported.
fn measure_mcp(
    hcr: &Path,
    root: &Path,
    tool: &str,
    arguments: &Value,
    count: usize,
) -> Result<Measured> {
    let mut child = timed(
        hcr,
        &[
            "mcp".to_owned(),
            "--root".to_owned(),
            root.display().to_string(),
        ],
    )
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .context("running hcr mcp")?;
    let mut stdin = child.stdin.take().context("stdin")?;
    let stdout = child.stdout.take().context("stdout")?;
    let (lines, replies) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let initialize = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "hostile", "version": "1"}}});
    writeln!(stdin, "{initialize}")?;
    writeln!(
        stdin,
        "{}",
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
    )?;
    let _ = replies.recv_timeout(DEADLINE);
    let started = Instant::now();
    for id in 1..=count {
        let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool, "arguments": arguments}});
        writeln!(stdin, "{call}")?;
    }
    stdin.flush()?;
    let mut answered = 0;
    let mut failed = false;
    while answered < count {
        let left = DEADLINE.saturating_sub(started.elapsed());
        let Ok(line) = replies.recv_timeout(left) else {
            let _ = child.kill();
            let _ = child.wait();
            return Ok((None, DEADLINE.as_secs_f64(), None));
        };
        let reply: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
        if reply["id"].as_u64().is_some_and(|id| id >= 1) {
            answered += 1;
            failed |= reply.get("error").is_some() || reply["result"]["isError"] == true;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    drop(stdin);
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        std::io::Read::read_to_string(&mut pipe, &mut stderr)?;
    }
    let _ = child.wait();
    let rss = stderr.lines().last().and_then(|l| l.trim().parse().ok());
    Ok((Some(i32::from(failed)), seconds, rss))
}

/// The release wheel, built and installed into the tests' virtual environment; its `python`.
fn python(root: &Path) -> Result<PathBuf> {
    let bin = crate::test::python_env(root)?;
    crate::test::release_wheel(root, &bin)?;
    Ok(crate::test::python(&bin))
}

#[allow(clippy::too_many_lines)]
/// Runs every front end against every input (`only`: the front ends whose name holds it;
/// `input`: the inputs whose name does), and prints the table.
pub(crate) fn run(only: Option<&str>, input: Option<&str>) -> Result<()> {
    let root = workspace_root();
    let status = crate::cargo(&root)
        .args(["build", "--release", "--quiet", "-p", "hcr-cli"])
        .status()?;
    if !status.success() {
        bail!("the release build failed");
    }
    let hcr = crate::target_dir(&root).join("release/hcr");
    let python = python(&root)?;
    let dir = crate::target_dir(&root).join("hostile");
    let mut inputs = prepare(&dir)?;
    inputs.retain(|i| input.is_none_or(|text| i.name.contains(text)));
    std::fs::create_dir_all(dir.join("artifacts"))?;
    let valid = root
        .join("protocol/v1/examples/minimal.json")
        .display()
        .to_string();
    let artifacts = dir.join("artifacts").display().to_string();
    let repo = dir.join("repo");
    std::fs::create_dir_all(&repo)?;
    let repo = repo.display().to_string();
    let mut table = String::from("| front end |");
    for input in &inputs {
        let _ = write!(table, " {} |", input.name);
    }
    table.push_str("\n|---|");
    table.push_str(&"---|".repeat(inputs.len()));
    table.push('\n');
    let mut failures = Vec::new();
    for (name, runner) in commands(&valid, &artifacts, &repo)
        .into_iter()
        .filter(|(name, _)| only.is_none_or(|text| name.contains(text)))
    {
        let _ = write!(table, "| `{name}` |");
        for input in &inputs {
            let target = input.path.display().to_string();
            let measured = match &runner {
                Runner::Cli(args) => {
                    let args: Vec<String> = args.iter().map(|a| a.replace("{}", &target)).collect();
                    measure(timed(&hcr, &args))?
                }
                Runner::Mcp {
                    tool,
                    arguments,
                    count,
                } => {
                    // Beneath the root, the input is named as an agent names it: relative.
                    let given = input
                        .path
                        .strip_prefix(&dir)
                        .map_or_else(|_| target.clone(), |p| p.display().to_string());
                    let arguments: Value =
                        serde_json::from_str(&arguments.to_string().replace("{}", &given))?;
                    measure_mcp(&hcr, &dir, tool, &arguments, *count)?
                }
                Runner::Python(script) => {
                    let prelude = PYTHON_PRELUDE.replace("CRASH", &PYTHON_CRASH.to_string());
                    let script = format!("{prelude}{script}\n");
                    measure(timed(&python, &["-c".to_owned(), script, target.clone()]))?
                }
            };
            let (code, seconds, rss) = measured;
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
            let crash_code = match runner {
                Runner::Python(_) => PYTHON_CRASH,
                _ => 101,
            };
            if code == Some(crash_code) || code == Some(134) {
                failures.push(format!("{name} on {}: crashed ({cell})", input.name));
            }
            // A stream (JSON Lines) has no size limit: its time grows with its length, its
            // memory must not; the 2 s hold for what one record may be.
            let stream = name.contains("JSON Lines") || name.contains("--jsonl");
            let large =
                std::fs::metadata(&input.path).is_ok_and(|m| m.is_file() && m.len() > 16 << 20);
            // Calls made at once take turns on a large input: each must take under 2 s.
            let calls = match &runner {
                Runner::Mcp { count, .. } => *count,
                _ => 1,
            };
            let slow = seconds / calls as f64 > 2.0 && !(stream && large);
            // `validate_many` returns a report object per record, as its caller asked: its
            // memory may grow by 1 KiB a record (the lines of what it read).
            let per_record = if name == "Python validate_many" {
                records_read(&input.path)?
            } else {
                0
            };
            let over = rss.is_some_and(|k| k > 256 * 1024 + per_record);
            if input.within_limits && (slow || over) {
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
