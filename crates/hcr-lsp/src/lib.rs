//! `hcr server`: a language server (LSP over stdio) for Handoff Continuity Records and
//! `HANDOFF.md` files. An editor shows, while the file is open, what `hcr validate` would say
//! of it saved: the same `hcr.toml` (found from the document's folder upward, stopping at the
//! repository root or the workspace folder), the same selection, severities and overrides for
//! its path, the same checks.
//!
//! - **Documents**: JSON whose top level has `"schemaVersion": "1.0"`, files the
//!   configuration's `glob` matches (from its folder), and `HANDOFF.md` files (the
//!   `handoff-md lint` checks). Others get no diagnostics.
//! - **Diagnostics**: pushed after open and change (debounced, [`server::DEBOUNCE`]) and
//!   pulled (`textDocument/diagnostic`); ranges in UTF-16 from the validator's spans; the code
//!   linked to its entry in the rules page; hcr's help line after the message. Messages are
//!   the validator's, which never repeat a secret.
//! - **Hover** on a property's key: its type and the contract's words; on a diagnostic's
//!   range: `hcr explain`'s text for its code. **Completion**: property names, enumerated
//!   values. **Outline**: the record's parts. **Code actions**: explain a code (a command the
//!   server answers with a message); `hcr fix`'s quick fixes have a seam, not yet filled.
//!
//! Why `lsp-server` (rust-analyzer's transport) and threads rather than an async framework:
//! every piece of work here is CPU-bound and synchronous (reading and checking a text), the
//! libraries below are synchronous, and the server has one client. A loop that only applies
//! edits and hands snapshots to a checker thread and two workers keeps the editor's messages
//! flowing while a large record is checked, with no runtime to build or configure; a newer
//! change supersedes a stale check by its version, and a panic in one document's check is
//! caught on its thread.
//!
//! The pure parts are public for tests and benchmarks: [`text`] (UTF-16 positions and
//! incremental edits), [`syntax`] (a tolerant reading of a text being typed), [`schema`],
//! [`check`] and [`features`].
//!
//! ```
//! use hcr_lsp::{check, text::LineIndex};
//!
//! let text = "{\"schemaVersion\": \"1.0\", \"note\": \"😀\", \"x\": 1}";
//! let checked = check::check(text, None, &[]);
//! assert_eq!(checked.kind, Some(check::Kind::Record));
//! assert!(!checked.diagnostics.is_empty());
//! // Columns count UTF-16 code units: 38 characters come before `"x"`, the emoji two units.
//! let index = LineIndex::new(text);
//! assert_eq!(index.position(text, text.find("\"x\"").unwrap_or(0)).character, 39);
//! ```

pub mod check;
pub mod features;
pub mod schema;
pub mod server;
pub mod syntax;
pub mod text;

pub use server::{ServerError, capabilities, serve};

/// Serves LSP over standard input and output until the client's `exit`.
///
/// The process's panic hook is replaced by one that prints nothing: a panic's message can
/// quote the text it met (a record's secret), and the server reports the failure itself,
/// without it, in the client's log.
///
/// # Errors
/// [`ServerError`] when the client breaks the protocol or the connection fails.
pub fn run_stdio() -> Result<(), ServerError> {
    std::panic::set_hook(Box::new(|_| {}));
    let (connection, threads) = lsp_server::Connection::stdio();
    serve(&connection)?;
    drop(connection);
    threads.join().map_err(ServerError::Io)
}
