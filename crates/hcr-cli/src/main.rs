//! The `hcr` binary.

fn main() -> std::process::ExitCode {
    hcr_cli::main()
}
