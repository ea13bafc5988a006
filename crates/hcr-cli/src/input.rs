//! Reading the inputs of every command under the one policy of `hcr-fs`: regular files only
//! (or `-` for standard input), opened without blocking, at most `--max-input-bytes`.

use std::path::Path;

use anyhow::Result;
use hcr_fs::{Limit, read_input, read_text};

use crate::args::InputArgs;

/// The option that raises the limit, named in every refusal.
pub(crate) const OPTION: &str = "--max-input-bytes";

pub(crate) fn limit(args: &InputArgs) -> Limit {
    Limit::new(args.max_input_bytes, OPTION)
}

/// The bytes of `path` (`-`: standard input).
pub(crate) fn bytes(path: &Path, args: &InputArgs) -> Result<Vec<u8>> {
    Ok(read_input(path, &limit(args))?)
}

/// The UTF-8 text of `path` (`-`: standard input).
pub(crate) fn text(path: &Path, args: &InputArgs) -> Result<String> {
    Ok(read_text(path, &limit(args))?)
}

/// The record limits of a command that reads one input: its size limit is the input's, and
/// messages name the command-line options.
pub(crate) fn record_limits(args: &InputArgs) -> hcr_validate::Limits {
    hcr_validate::Limits {
        max_record_bytes: args.max_input_bytes,
        spelling: hcr_validate::Spelling::Option,
        ..hcr_validate::Limits::default()
    }
}
