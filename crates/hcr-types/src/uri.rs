//! RFC 3986 URI references.

use crate::Error;

/// An RFC 3986 URI reference (JSON Schema `format: uri-reference`): an absolute URI such as
/// `https://ci.example/runs/42` or a relative reference such as `../logs/run.txt`, `#frag` or
/// the empty string.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct UriReference(String);

impl UriReference {
    /// Parses a URI reference.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when `text` is not an RFC 3986 URI reference.
    pub fn parse(text: impl Into<String>) -> Result<Self, Error> {
        let text = text.into();
        if !is_uri_reference(&text) {
            return Err(Error::invalid("uri", "must be an RFC 3986 URI reference"));
        }
        Ok(Self(text))
    }

    /// The reference as written.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The scheme, for an absolute URI.
    #[must_use]
    pub fn scheme(&self) -> Option<&str> {
        let colon = self.0.find(':')?;
        let scheme = &self.0[..colon];
        let mut chars = scheme.chars();
        let first = chars.next()?;
        (first.is_ascii_alphabetic()
            && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
        .then_some(scheme)
    }
}

/// Whether `text` is an RFC 3986 URI reference.
#[must_use]
pub fn is_uri_reference(text: &str) -> bool {
    fluent_uri::UriRef::parse(text).is_ok()
}

newtype!(UriReference { text: 0, check: Self::parse }:
    Display, Debug, Serialize, Deserialize, FromStr);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_absolute_and_relative_references() {
        for text in [
            "",
            "https://ci.example/runs/42?x=1#log",
            "urn:isbn:0451450523",
            "../logs/run.txt",
            "#section",
            "//host/path",
            "mailto:ops@example.com",
            "http://[::1]:8080/",
            "a%20b",
        ] {
            assert!(is_uri_reference(text), "{text:?}");
        }
    }

    #[test]
    fn rejects_what_rfc3986_rejects() {
        for text in [
            " ",
            "has space",
            "https://exa mple.com",
            "%zz",
            "a:b c",
            "\\\\server\\share",
            "http://[::1",
            "é",
        ] {
            assert!(!is_uri_reference(text), "{text:?}");
        }
    }

    #[test]
    fn finds_the_scheme() {
        let uri = UriReference::parse("https://x.example/").expect("valid");
        assert_eq!(uri.scheme(), Some("https"));
        let relative = UriReference::parse("dir/file:x").expect("valid");
        assert_eq!(relative.scheme(), None);
    }
}
