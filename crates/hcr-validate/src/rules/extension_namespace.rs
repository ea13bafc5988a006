//! HCR203: extension keys are namespaced (reverse domain or absolute URI).

use super::Findings;
use crate::sink::Input;
use hcr_types::JsonPointer;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    let Some(extensions) = input.root().get("extensions").filter(|e| e.is_object()) else {
        return;
    };
    for (key, _) in extensions.members() {
        if !is_namespaced(key) {
            let at = JsonPointer::root().key("extensions").key(key);
            let message = format!("extension key `{at}` is not namespaced");
            sink.found_with(at, message, |d| d.anchor(hcr_json::Anchor::Key));
        }
    }
}

/// `com.example.x` (two or more dot-separated labels, the first a letter-led name) or an
/// absolute URI such as `https://example.org/x` or `urn:example:x`.
pub(crate) fn is_namespaced(key: &str) -> bool {
    is_reverse_domain(key) || is_absolute_uri(key)
}

fn is_reverse_domain(key: &str) -> bool {
    let mut labels = key.split('.');
    let first_ok = labels.next().is_some_and(|label| {
        label.starts_with(|c: char| c.is_ascii_alphabetic())
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    });
    let rest: Vec<&str> = labels.collect();
    first_ok
        && !rest.is_empty()
        && rest.iter().all(|label| {
            !label.is_empty()
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

fn is_absolute_uri(key: &str) -> bool {
    hcr_types::UriReference::parse(key)
        .is_ok_and(|uri| uri.scheme().is_some() && !key.ends_with(':'))
}

#[cfg(test)]
mod tests {
    use super::is_namespaced;

    #[test]
    fn namespaces() {
        for key in [
            "com.example.ticket",
            "sh.handover.cost",
            "org.example-corp.x_y",
            "https://example.org/hcr/x",
            "urn:example:x",
        ] {
            assert!(is_namespaced(key), "{key}");
        }
        for key in [
            "ticket",
            "com.",
            ".com.example",
            "com..x",
            "1com.example",
            "",
            "x:",
            "com example.x",
        ] {
            assert!(!is_namespaced(key), "{key}");
        }
    }
}
