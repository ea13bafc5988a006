//! Help for a text that is not one JSON value but looks like something users hand a JSON
//! reader: JSON Lines or YAML.

/// The help for a document that is not one JSON value, when it looks like something else
/// users hand hcr: JSON Lines (several values, one per line) or YAML.
pub(crate) fn not_one_value(text: &str) -> Option<&'static str> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next()?;
    let second = lines.next();
    let object_line = |l: &str| l.starts_with('{') && l.ends_with('}');
    if object_line(first) && second.is_some_and(object_line) {
        return Some(
            "this looks like JSON Lines (one record per line): read it with `--jsonl`, or \
             name the file `*.jsonl`",
        );
    }
    let yaml_key = |l: &str| {
        l.split_once(':').is_some_and(|(key, rest)| {
            !key.is_empty()
                && key
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
                && (rest.is_empty() || rest.starts_with(' '))
        })
    };
    if first == "---" || (!first.starts_with(['{', '[', '"']) && yaml_key(first)) {
        return Some(
            "this looks like YAML; a Handoff Continuity Record is JSON (convert it, e.g. with \
             `yq -o json`)",
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_and_yaml_are_recognised() {
        assert!(not_one_value("{\"a\": 1}\n{\"a\": 2}\n").is_some_and(|h| h.contains("--jsonl")));
        assert!(
            not_one_value("schemaVersion: \"1.0\"\nobjective:\n")
                .is_some_and(|h| h.contains("YAML"))
        );
        assert!(not_one_value("---\nschemaVersion: 1.0\n").is_some_and(|h| h.contains("YAML")));
        assert_eq!(not_one_value("{\"a\": 1,}"), None);
        assert_eq!(not_one_value("{\n  \"a\": 1\n"), None);
    }
}
