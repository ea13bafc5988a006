//! `cargo xtask codegen`: documents generated from the code. Each generator is a test of the
//! crate that holds its facts (it fails when the committed file is stale); this task runs it
//! with `HCR_CODEGEN=write`, which writes the file instead.

use anyhow::{Result, bail};

use crate::workspace_root;

/// Every generator: the package, its test binary and the test's name.
const GENERATORS: &[(&str, &str, &str)] = &[
    (
        "hcr-validate",
        "validate",
        "rules_md::docs_rules_md_is_fresh",
    ),
    (
        "hcr-interop",
        "interop",
        "handoff_md_real::docs_handoff_md_is_fresh",
    ),
    (
        "hcr-codes",
        "python_stubs",
        "the_python_stubs_codes_and_severities_are_fresh",
    ),
];

pub(crate) fn write_all() -> Result<()> {
    for (package, binary, test) in GENERATORS {
        let status = crate::cargo(&workspace_root())
            .args([
                "test",
                "--quiet",
                "--package",
                package,
                "--test",
                binary,
                "--",
            ])
            .args(["--exact", test])
            .env("HCR_CODEGEN", "write")
            .status()?;
        if !status.success() {
            bail!("{package}'s generator {test} failed ({status})");
        }
    }
    Ok(())
}
