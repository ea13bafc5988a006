//! The code table: unique, stable, in the right ranges.

use hcr_validate::{ALL_CODES, Code, CodeLevel, registry};

#[test]
fn codes_and_names_are_unique_and_in_their_ranges() {
    let table = registry();
    assert_eq!(table.len(), ALL_CODES.len());
    for (i, info) in table.iter().enumerate() {
        assert_eq!(info.code, ALL_CODES[i], "the table is in enum order");
        assert!(
            table[..i]
                .iter()
                .all(|earlier| earlier.code.as_str() != info.code.as_str())
        );
        assert!(
            table[..i].iter().all(|earlier| earlier.name != info.name),
            "{}",
            info.name
        );
        let digits = &info.code.as_str()[3..];
        let range = match info.level {
            CodeLevel::Parse => '0',
            CodeLevel::Schema => '1',
            CodeLevel::Normative => '2',
            CodeLevel::Receiver => '3',
            CodeLevel::Artifact => '5',
            CodeLevel::HandoffMd => '6',
        };
        assert!(
            digits.starts_with(range),
            "{} is in the {:?} range",
            info.code,
            info.level
        );
        assert!(
            info.name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        );
        assert!(
            info.summary.ends_with('.'),
            "{} summary is a sentence",
            info.code
        );
        assert!(!info.help.is_empty() && !info.explanation.is_empty());
    }
}

#[test]
fn codes_parse_from_their_id_or_name() {
    assert_eq!("HCR204".parse::<Code>().ok(), Some(Code::Hcr204));
    assert_eq!("hcr204".parse::<Code>().ok(), Some(Code::Hcr204));
    assert_eq!("secret-in-record".parse::<Code>().ok(), Some(Code::Hcr204));
    assert!("HCR999".parse::<Code>().is_err());
    assert_eq!(
        serde_json::to_string(&Code::Hcr101).ok().as_deref(),
        Some("\"HCR101\"")
    );
}

/// Released codes are never renumbered or renamed: this snapshot changes only by addition
/// (and, in a release's notes, by a change of severity, default or basis).
#[test]
fn the_code_table_is_stable() {
    let table: String = registry()
        .iter()
        .map(|info| {
            format!(
                "{} {:<34} {:<9} {:<7} {:<3} {:<12} {}\n",
                info.code,
                info.name,
                info.level.as_str(),
                info.severity.as_str(),
                if info.enabled { "on" } else { "off" },
                info.basis.name(),
                info.summary
            )
        })
        .collect();
    insta::assert_snapshot!(table);
}
