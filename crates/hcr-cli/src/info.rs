//! `hcr explain`, `hcr rules` and `hcr schema`.

use std::io::{self, Write};

use anyhow::Result;
use hcr_validate::{Code, registry};

use crate::{EXIT_USAGE, EXIT_VALID};

/// Prints a code's explanation; exit 2 for an unknown code.
pub(crate) fn explain(code: &str) -> Result<u8> {
    let code: Code = match code.parse() {
        Ok(code) => code,
        Err(error) => {
            writeln!(
                io::stderr(),
                "hcr: error: {error}; `hcr rules` lists every code"
            )?;
            return Ok(EXIT_USAGE);
        }
    };
    io::stdout()
        .lock()
        .write_all(code.info().explanation_text().as_bytes())?;
    Ok(EXIT_VALID)
}

/// Prints the code table.
pub(crate) fn rules() -> Result<()> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<7} {:<34} {:<13} {:<13} {:<13} SUMMARY",
        "CODE", "NAME", "LEVEL", "DEFAULT", "BASIS"
    )?;
    for info in registry() {
        writeln!(
            out,
            "{:<7} {:<34} {:<13} {:<13} {:<13} {}",
            info.code.as_str(),
            info.name,
            info.level.as_str(),
            info.default_setting(),
            info.basis.name(),
            info.summary
        )?;
    }
    Ok(())
}

/// Prints the embedded schema.
pub(crate) fn schema() -> Result<()> {
    io::stdout()
        .lock()
        .write_all(hcr_validate::SCHEMA_JSON.as_bytes())?;
    Ok(())
}
