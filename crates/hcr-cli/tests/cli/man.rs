//! The man pages and completion scripts `hcr generate` writes.

use std::collections::BTreeSet;

use crate::hcr;

#[test]
fn every_page_a_page_names_exists() {
    let pages = hcr_cli::man_pages().expect("pages render");
    let names: BTreeSet<String> = pages
        .iter()
        .map(|(n, _)| n.trim_end_matches(".1").to_owned())
        .collect();
    for expected in [
        "hcr",
        "hcr-validate",
        "hcr-spec-handoff-lint",
        "hcr-certify",
    ] {
        assert!(names.contains(expected), "{names:?}");
    }
    assert!(!names.iter().any(|n| n.ends_with("-help")), "{names:?}");
    for (name, page) in &pages {
        let text = String::from_utf8_lossy(page);
        // Every reference `hcr\-x(1)` in a page is a page.
        for (at, _) in text.match_indices("(1)") {
            let start = text[..at]
                .rfind(|c: char| c.is_whitespace())
                .map_or(0, |i| i + 1);
            let referenced = text[start..at].replace("\\-", "-");
            if referenced.starts_with("hcr") {
                assert!(names.contains(&referenced), "{name} names {referenced}(1)");
            }
        }
        assert!(text.contains(".SH \"EXIT STATUS\""), "{name}");
    }
}

#[test]
fn every_command_page_has_examples() {
    let pages = hcr_cli::man_pages().expect("pages render");
    for (name, page) in &pages {
        let text = String::from_utf8_lossy(page);
        assert!(text.contains(".SH EXAMPLES"), "{name} has no EXAMPLES");
    }
    let validate = &pages
        .iter()
        .find(|(n, _)| n == "hcr-validate.1")
        .expect("present")
        .1;
    let text = String::from_utf8_lossy(validate);
    assert!(
        text.contains("deny\\-warnings") && text.contains("max\\-record\\-bytes"),
        "{text}"
    );
}

#[test]
fn generate_writes_pages_and_completions() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let target = dir.path().display().to_string();
    hcr(&["generate", &target]).assert().success();
    assert!(dir.path().join("man/hcr-validate.1").is_file());
    assert!(
        !dir.path().join("man/hcr-generate.1").exists(),
        "a hidden command has no page"
    );
    let bash = std::fs::read_to_string(dir.path().join("completions/hcr.bash")).expect("bash");
    assert!(bash.contains("validate") && bash.contains("--format"));
    for (_, name) in hcr_cli::COMPLETIONS {
        let text = std::fs::read_to_string(dir.path().join("completions").join(name)).expect(name);
        assert!(text.contains("hcr"), "{name} is empty or not hcr's");
    }
}
