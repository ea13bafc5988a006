//! The `hcr` command line: argument parsing and printing only; the work happens in
//! `hcr-validate`, `hcr-batch` and `hcr-report`.
//!
//! ```
//! use clap::Parser;
//! let cli = hcr_cli::args::Cli::try_parse_from(["hcr", "validate", "--format", "sarif", "records/"])?;
//! assert!(matches!(cli.command, hcr_cli::args::Command::Validate(_)));
//! # Ok::<(), clap::Error>(())
//! ```

#![allow(clippy::print_stdout, clippy::print_stderr)]

pub mod args;
mod certify;
mod chain;
mod digest;
mod fix;
mod info;
mod input;
mod interop;
mod man;
mod project;
mod receive;
mod receiver;
mod validate;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use args::{Cli, Command};

pub use man::{COMPLETIONS, man_pages};

/// Exit status: every record valid.
pub const EXIT_VALID: u8 = 0;
/// Exit status: at least one record invalid.
pub const EXIT_INVALID: u8 = 1;
/// Exit status: bad usage, an input that could not be read, or explicit inputs that held
/// no record to check.
pub const EXIT_USAGE: u8 = 2;
/// Exit status: the run was cut short (standard output closed) before every record was
/// checked, and no invalid record had been seen yet.
pub const EXIT_INCOMPLETE: u8 = 3;
/// Exit status of `hcr convert --check`: the draft is complete, but the conversion would lose
/// text (1 says the draft itself is incomplete).
pub const EXIT_LOSSY: u8 = 4;

/// The exit status of a run that checked records: 2 when an input could not be read, 1 when a
/// record is invalid, 0 otherwise.
pub(crate) fn exit_status(summary: &hcr_report::Summary) -> u8 {
    if summary.unreadable > 0 {
        EXIT_USAGE
    } else if summary.invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_VALID
    }
}

/// The clap command, for completions and the man page.
#[must_use]
pub fn command() -> clap::Command {
    Cli::command()
}

/// Runs `hcr` with the process arguments.
#[must_use]
pub fn main() -> ExitCode {
    ExitCode::from(run(std::env::args_os()))
}

/// Runs `hcr` with these arguments (the first is the program's name) and returns its exit
/// status: [`EXIT_VALID`], [`EXIT_INVALID`], [`EXIT_USAGE`] or [`EXIT_INCOMPLETE`]. Output goes
/// to the process's standard output and error, as the binary's does.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    // The matches are kept beside the typed arguments: the order of the rule-selection
    // options, and which options were given at all, are only known from them.
    let parsed = command()
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches).map(|cli| (cli, matches)));
    let (cli, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() {
                EXIT_USAGE
            } else {
                EXIT_VALID
            };
        }
    };
    // The options given, as clap saw them, of the subcommand that runs.
    let given = project::Given::of_command(&matches);
    let result = match cli.command {
        Command::Validate(args) if args.protocol_stdio => certify::serve_stdio(),
        Command::Validate(args) => validate::run(&args, &given),
        Command::Certify(args) => certify::run(&args),
        Command::Mcp(args) => mcp(&args),
        Command::Server => hcr_lsp::run_stdio()
            .map(|()| EXIT_VALID)
            .map_err(anyhow::Error::from),
        Command::SpecHandoff(command) => interop::spec_handoff(&command, &given),
        Command::HandoffMd(command) => interop::handoff_md(&command, &given),
        Command::Render(args) => interop::render(&args, &given),
        Command::Convert(args) => interop::convert(&args, &given),
        Command::Continue(args) => chain::run_continue(&args, &given),
        Command::Diff(args) => chain::run_diff(&args, &given),
        Command::Digest(args) => digest::run(&args, &given),
        Command::Receive(args) => receive::run(&args, &given),
        Command::Fix(args) => fix::run(&args, &given),
        Command::Explain { code } => info::explain(&code),
        Command::Rules => info::rules().map(|()| EXIT_VALID),
        Command::Schema => info::schema().map(|()| EXIT_VALID),
        Command::Generate { dir } => man::generate(&dir).map(|()| EXIT_VALID),
        Command::Completions { shell } => {
            // Written whole to a buffer first: `generate` panics on a write error (a closed
            // pipe, `hcr completions bash | head -1`), the standard output's write returns it.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command(), "hcr", &mut script);
            io::stdout()
                .lock()
                .write_all(&script)
                .map(|()| EXIT_VALID)
                .map_err(anyhow::Error::from)
        }
    };
    match result {
        Ok(code) => code,
        // Nothing more can be printed; the run did not finish, so it does not pass.
        Err(error) if is_broken_pipe(&error) => EXIT_INCOMPLETE,
        Err(error) => {
            let _ = writeln!(io::stderr(), "hcr: error: {error:#}");
            EXIT_USAGE
        }
    }
}

/// `hcr mcp`: the server runs until the client closes standard input.
fn mcp(args: &args::McpArgs) -> anyhow::Result<u8> {
    let config = hcr_mcp::Config {
        roots: args.roots.clone(),
        allow_write: args.allow_write,
        max_input_bytes: args.max_input_bytes,
    };
    hcr_mcp::run(&config)?;
    Ok(EXIT_VALID)
}

/// A closed standard output (`hcr validate … | head`) ends the run quietly.
pub(crate) fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
