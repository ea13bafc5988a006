//! Running an implementation on the cases: one process per case (exit-code mode) or one
//! persistent process speaking JSON lines (stdio mode).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use base64::Engine as _;
use rayon::prelude::*;
use serde_json::{Value, json};
use wait_timeout::ChildExt as _;

use crate::suite::{Case, CaseLevel, Suite};

/// What the implementation answered for one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Got {
    /// It accepted the record.
    Valid,
    /// It rejected the record.
    Invalid,
    /// It crashed (killed by a signal, or an exit status that means neither verdict).
    Crash(String),
    /// It did not answer in time.
    Timeout,
    /// It could not be run, or answered something that is not a verdict.
    Error(String),
}

/// One case's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Not run, and why.
    Skipped(&'static str),
    /// Run.
    Ran {
        /// The answer.
        got: Got,
        /// Codes the implementation reported (stdio mode).
        codes: Vec<String>,
        /// Something worth knowing that does not change the verdict (output on an unexpected
        /// stream, for instance).
        note: Option<String>,
    },
}

/// How to run an implementation once per case, judged by its exit status.
#[derive(Clone, Debug)]
pub struct ExitCodeRunner {
    /// The command, run by `sh -c`: `{}` is the case file, `{level}` the level its verdict is
    /// scored at (`schema`, `normative` or `receiver`); `{artifacts}`, `{revisions}`, `{now}`
    /// and `{as}` the case's receiver context, or the default one (receiver cases run only
    /// when the template uses `{artifacts}` and `{revisions}`).
    pub template: String,
    /// Only this exit status means "rejects" (any other non-zero status is a crash); by
    /// default every non-zero status does.
    pub invalid_exit: Option<i32>,
    /// Time allowed per case.
    pub timeout: Duration,
    /// Cases run at once (0: one per core).
    pub jobs: usize,
    /// Also run cases whose verdict rests on hcr's resource limits.
    pub include_limits: bool,
}

/// Why a case is not run, if it is not.
fn skip_reason(case: &Case, include_limits: bool, receiver: bool) -> Option<&'static str> {
    if case.is_implementation_limit() && !include_limits {
        return Some("rests on hcr's resource limits (--include-limits runs it)");
    }
    if case.level == CaseLevel::Receiver && !receiver {
        return Some("needs the receiver context ({artifacts} and {revisions} in the command)");
    }
    None
}

/// A shell word that stands for `text` exactly.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

impl ExitCodeRunner {
    /// Whether the template gives receiver cases their context.
    #[must_use]
    pub fn runs_receiver_cases(&self) -> bool {
        self.template.contains("{artifacts}") && self.template.contains("{revisions}")
    }

    fn command_for(&self, suite: &Suite, case: &Case) -> String {
        let mut command = self
            .template
            .replace("{}", &quote(&suite.path(case).to_string_lossy()))
            .replace("{level}", case.scored_level());
        if let Some(context) = suite.context_or_default(case) {
            command = command
                .replace("{artifacts}", &quote(&context.artifacts.to_string_lossy()))
                .replace("{revisions}", &quote(&context.revisions.to_string_lossy()))
                .replace("{now}", &quote(&context.now))
                .replace("{as}", &quote(&context.receiver));
        }
        command
    }

    /// Runs every case, in parallel; outcomes in case order.
    #[must_use]
    pub fn run(&self, suite: &Suite) -> Vec<Outcome> {
        let receiver = self.runs_receiver_cases();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs)
            .build();
        let run_all = || {
            suite
                .cases
                .par_iter()
                .map(
                    |case| match skip_reason(case, self.include_limits, receiver) {
                        Some(reason) => Outcome::Skipped(reason),
                        None => self.run_one(&self.command_for(suite, case)),
                    },
                )
                .collect()
        };
        match pool {
            Ok(pool) => pool.install(run_all),
            Err(_) => run_all(),
        }
    }

    fn run_one(&self, command: &str) -> Outcome {
        let mut process = Command::new("sh");
        process
            .arg("-c")
            .arg(command)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut process, 0);
        let mut child = match process.spawn() {
            Ok(child) => child,
            Err(e) => return ran(Got::Error(format!("cannot start `sh`: {e}")), None),
        };
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let status = match child.wait_timeout(self.timeout) {
            Ok(Some(status)) => status,
            Ok(None) => {
                kill(&mut child);
                return ran(Got::Timeout, None);
            }
            Err(e) => {
                kill(&mut child);
                return ran(Got::Error(e.to_string()), None);
            }
        };
        let (stdout, stderr) = (stdout.recv().unwrap_or(0), stderr.recv().unwrap_or(0));
        let got = self.judge(status);
        let note = match (&got, stdout, stderr) {
            (Got::Valid, _, e) if e > 0 => {
                Some(format!("accepted but wrote {e} bytes to standard error"))
            }
            (Got::Invalid, 0, 0) => Some("rejected without saying why on either stream".to_owned()),
            _ => None,
        };
        ran(got, note)
    }

    fn judge(&self, status: ExitStatus) -> Got {
        match (status.code(), self.invalid_exit) {
            (Some(0), _) => Got::Valid,
            (Some(code), Some(expected)) if code == expected => Got::Invalid,
            (Some(code), Some(_)) => Got::Crash(format!("exit status {code}")),
            (Some(_), None) => Got::Invalid,
            (None, _) => Got::Crash(describe_signal(status)),
        }
    }
}

fn ran(got: Got, note: Option<String>) -> Outcome {
    Outcome::Ran {
        got,
        codes: Vec::new(),
        note,
    }
}

fn describe_signal(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt as _;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    format!("ended abnormally ({status})")
}

/// Counts what a stream yields, on a thread, so that a chatty child never blocks on a full pipe.
fn drain(stream: Option<impl Read + Send + 'static>) -> mpsc::Receiver<usize> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut total = 0;
        if let Some(mut stream) = stream {
            let mut buffer = [0u8; 8192];
            while let Ok(n) = stream.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                total += n;
            }
        }
        let _ = sender.send(total);
    });
    receiver
}

/// Kills the child and everything it started (it leads its own process group).
fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        let pid = rustix::process::Pid::from_child(child);
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// How to run a persistent implementation that answers one JSON line per request.
///
/// Request: `{"id": "…", "level": "schema", "record": "<the case file's text>"}` (or
/// `"recordBase64"` when the file is not UTF-8), plus `"receiver": {"artifacts", "revisions",
/// "now", "as"}` for receiver cases. Answer: `{"id": "…", "valid": true, "codes": ["HCR101"]}`.
#[derive(Clone, Debug)]
pub struct StdioRunner {
    /// The command, run by `sh -c`.
    pub command: String,
    /// Time allowed per answer.
    pub timeout: Duration,
    /// Also send receiver cases.
    pub receiver: bool,
    /// Also run cases whose verdict rests on hcr's resource limits.
    pub include_limits: bool,
}

struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Session {
    fn start(command: &str) -> std::io::Result<Self> {
        let mut process = Command::new("sh");
        process
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut process, 0);
        let mut child = process.spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| std::io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout"))?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Self {
            child,
            stdin,
            lines,
        })
    }

    fn stop(mut self) {
        drop(self.stdin);
        if !matches!(
            self.child.wait_timeout(Duration::from_millis(200)),
            Ok(Some(_))
        ) {
            kill(&mut self.child);
        }
    }
}

impl StdioRunner {
    /// Runs every case through one process (restarted after a crash or a timeout).
    #[must_use]
    pub fn run(&self, suite: &Suite) -> Vec<Outcome> {
        let mut session: Option<Session> = None;
        let mut outcomes = Vec::with_capacity(suite.cases.len());
        for case in &suite.cases {
            if let Some(reason) = skip_reason(case, self.include_limits, self.receiver) {
                outcomes.push(Outcome::Skipped(reason));
                continue;
            }
            let request = request(suite, case);
            if session.is_none() {
                match Session::start(&self.command) {
                    Ok(started) => session = Some(started),
                    Err(e) => {
                        outcomes.push(ran(
                            Got::Error(format!("cannot start the implementation: {e}")),
                            None,
                        ));
                        continue;
                    }
                }
            }
            let Some(active) = session.as_mut() else {
                continue;
            };
            let outcome = ask(active, &request, &case.id, self.timeout);
            if matches!(
                &outcome,
                Outcome::Ran {
                    got: Got::Timeout | Got::Crash(_),
                    ..
                }
            ) && let Some(broken) = session.take()
            {
                broken.stop();
            }
            outcomes.push(outcome);
        }
        if let Some(done) = session {
            done.stop();
        }
        outcomes
    }
}

fn request(suite: &Suite, case: &Case) -> String {
    let bytes = hcr_fs::read_record_file(&suite.path(case), crate::suite::MAX_SUITE_FILE_BYTES)
        .unwrap_or_default();
    let mut request = json!({"id": case.id, "level": case.level.as_str()});
    match String::from_utf8(bytes) {
        Ok(text) => request["record"] = json!(text),
        Err(e) => {
            request["recordBase64"] =
                json!(base64::engine::general_purpose::STANDARD.encode(e.as_bytes()))
        }
    }
    if let Some(context) = suite.context(case) {
        request["receiver"] = json!({
            "artifacts": context.artifacts,
            "revisions": context.revisions,
            "now": context.now,
            "as": context.receiver,
        });
    }
    request.to_string()
}

fn ask(session: &mut Session, request: &str, id: &str, timeout: Duration) -> Outcome {
    if writeln!(session.stdin, "{request}")
        .and_then(|()| session.stdin.flush())
        .is_err()
    {
        return ran(
            Got::Crash("the implementation closed its input".into()),
            None,
        );
    }
    let line = match session.lines.recv_timeout(timeout) {
        Ok(line) => line,
        Err(mpsc::RecvTimeoutError::Timeout) => return ran(Got::Timeout, None),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            return ran(Got::Crash("the implementation exited".into()), None);
        }
    };
    let Ok(answer) = serde_json::from_str::<Value>(&line) else {
        return ran(Got::Error("the answer is not a JSON object".into()), None);
    };
    if answer["id"] != id {
        return ran(
            // The implementation's output is not repeated: only that it named another case.
            Got::Error(format!("the answer's `id` is not `{id}`")),
            None,
        );
    }
    let codes = answer["codes"]
        .as_array()
        .map(|codes| {
            codes
                .iter()
                .filter_map(|c| c.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let got = match answer["valid"] {
        Value::Bool(true) => Got::Valid,
        Value::Bool(false) => Got::Invalid,
        _ => Got::Error("the answer has no boolean `valid`".into()),
    };
    Outcome::Ran {
        got,
        codes,
        note: None,
    }
}
