//! The `hcr` binary.

/// Validation builds many small values (strings, maps) per record and frees them at once;
/// mimalloc makes that markedly cheaper than the system allocator (see
/// `docs/performance.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    hcr_cli::main()
}
