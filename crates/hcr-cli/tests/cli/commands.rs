//! `hcr explain`, `rules`, `schema`, `completions`, `--version`.

use crate::output;

#[test]
fn explain_prints_the_explanation_with_examples() {
    let (code, stdout, _) = output(&["explain", "HCR204"]);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with(
            "HCR204 `secret-in-record`: normative level, error by default. Basis: the v1.0 README: \"Never include passwords"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("Failing example") && stdout.contains("Passing example"));
    assert!(stdout.contains("help: remove the secret"));
    assert!(
        output(&["explain", "blank-text"]).1.starts_with(
            "HCR201 `blank-text`: normative level, error by default. Basis: the publisher's reference validator: it trims"
        )
    );
    assert!(
        output(&["explain", "HCR208"]).1.starts_with(
            "HCR208 `supersedes-unknown-decision`: normative level, warning, off by default. Basis: hcr's recommendation:"
        )
    );
    let (code, _, stderr) = output(&["explain", "HCR999"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not an hcr diagnostic code"));
}

#[test]
fn rules_lists_every_code() {
    let (code, stdout, _) = output(&["rules"]);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 1 + hcr_validate::registry().len());
    insta::assert_snapshot!(stdout);
}

#[test]
fn schema_prints_the_canonical_schema() {
    let (code, stdout, _) = output(&["schema"]);
    assert_eq!(code, 0);
    assert_eq!(stdout, hcr_validate::SCHEMA_JSON);
}

#[test]
fn completions_and_version() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let (code, stdout, _) = output(&["completions", shell]);
        assert_eq!(code, 0);
        assert!(stdout.contains("validate"), "{shell}");
    }
    let (code, stdout, _) = output(&["--version"]);
    assert_eq!(
        (code, stdout.trim()),
        (0, concat!("hcr ", env!("CARGO_PKG_VERSION")))
    );
}
