//! `hcr-suite generate | check`: what `cargo xtask suite` runs.

use anyhow::{Result, bail};

fn main() -> Result<()> {
    match std::env::args().nth(1).as_deref() {
        Some("generate") => hcr_suite::generate(),
        Some("check") => hcr_suite::check(),
        _ => bail!("usage: hcr-suite generate|check"),
    }
}
