//! The `hcr` binary.

/// Validation builds many small values (strings, maps) per record and frees them at once;
/// mimalloc makes that markedly cheaper than the system allocator (see
/// `docs/performance.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (its option enum's sixteenth value in mimalloc 3, the
/// version `libmimalloc-sys` builds; the test below holds it to its documented default).
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// A long-lived server returns the memory a tool call freed at once, instead of after
/// mimalloc's default delay of a second: calls on large records take turns, and without it the
/// next call's pages are taken before the last call's are given back (8 calls at once on
/// the hostile table's record of 1.36 million findings peaked at 362 MiB, 204 MiB with it;
/// docs/reliability.md).
#[allow(
    unsafe_code,
    reason = "one call into mimalloc's C API, which takes plain integers"
)]
fn purge_at_once() {
    // SAFETY: `mi_option_set` only stores an integer option; it is thread-safe and may be
    // called at any time.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 0) };
}

fn main() -> std::process::ExitCode {
    if std::env::args_os()
        .nth(1)
        .is_some_and(|command| command == "mcp")
    {
        purge_at_once();
    }
    hcr_cli::main()
}

#[cfg(test)]
mod tests {
    #[test]
    #[allow(unsafe_code, reason = "reads one option of mimalloc's C API")]
    fn the_purge_delay_option_is_the_one_set() {
        // SAFETY: `mi_option_get` reads an integer option.
        let delay = unsafe { libmimalloc_sys::mi_option_get(super::PURGE_DELAY) };
        // (Its default in mimalloc 3, a second, unless the environment sets it.)
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            assert_eq!(delay, 1000);
        }
        super::purge_at_once();
        // SAFETY: as above.
        assert_eq!(
            unsafe { libmimalloc_sys::mi_option_get(super::PURGE_DELAY) },
            0
        );
    }
}
