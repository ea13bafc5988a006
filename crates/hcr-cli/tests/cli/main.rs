//! `hcr` end to end: every input mode, exit status and output format, through the binary.

mod bounded;
mod certify;
mod chain;
mod commands;
mod edges;
mod fix;
mod formats;
mod frontends;
mod hostile;
mod inputs;
mod interop;
mod man;
mod project;
mod receiver;
mod secrets;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The fixtures folder.
pub(crate) fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// `hcr ARGS…` run from the fixtures folder, with colour and progress off.
pub(crate) fn hcr(args: &[&str]) -> Command {
    let mut command = Command::cargo_bin("hcr").unwrap_or_else(|e| panic!("the hcr binary: {e}"));
    command
        .args(args)
        .current_dir(fixtures())
        .env("CI", "true")
        .env_remove("NO_COLOR");
    command
}

/// Runs `hcr ARGS…` and returns (exit code, stdout, stderr).
pub(crate) fn output(args: &[&str]) -> (i32, String, String) {
    output_with_stdin(args, None)
}

/// Runs `hcr ARGS…` with `stdin` piped in.
pub(crate) fn output_with_stdin(args: &[&str], stdin: Option<&[u8]>) -> (i32, String, String) {
    let mut command = hcr(args);
    if let Some(bytes) = stdin {
        command.write_stdin(bytes.to_vec());
    }
    let out = command.output().unwrap_or_else(|e| panic!("hcr runs: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
