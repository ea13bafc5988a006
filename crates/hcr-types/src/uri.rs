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
    is_plain_uri(text.as_bytes()) || fluent_uri::UriRef::parse(text).is_ok()
}

/// Whether `text` is an absolute URI of the commonest form, `scheme://host/path?query#frag`
/// with a named host (no user information, port or IP literal) and no percent-encoding:
/// RFC 3986's `scheme ":" "//" reg-name path-abempty [ "?" query ] [ "#" fragment ]`, each
/// part made of the characters the grammar allows it, read in one pass over the bytes (the
/// full parser takes several times as many instructions, and an evidence item's link is
/// nearly always of this form). `false` says nothing: [`is_uri_reference`] asks the parser
/// then. A property test holds every text this accepts to the parser's acceptance.
fn is_plain_uri(text: &[u8]) -> bool {
    let class = |b: u8| CLASSES[usize::from(b)];
    let Some((&first, rest)) = text.split_first() else {
        return false;
    };
    if !first.is_ascii_alphabetic() {
        return false;
    }
    let scheme = rest
        .iter()
        .position(|&b| class(b) & SCHEME == 0)
        .unwrap_or(rest.len());
    let Some(rest) = rest[scheme..].strip_prefix(b"://") else {
        return false;
    };
    let host = rest
        .iter()
        .position(|&b| class(b) & HOST == 0)
        .unwrap_or(rest.len());
    if host == 0 {
        return false;
    }
    // Past the host: a path (`/` and `pchar`), a query from the first `?` (`?` too), a
    // fragment from the first `#` (no second one). A path's characters are a query's but
    // `?`, which starts the query: every byte is a query's but the one `#`.
    let mut fragment = false;
    for &b in &rest[host..] {
        if class(b) & QUERY == 0 {
            if b != b'#' || fragment {
                return false;
            }
            fragment = true;
        }
    }
    // The host ended at `/`, `?`, `#` or the end: `path-abempty` starts with `/` or is empty.
    matches!(rest.get(host), None | Some(b'/' | b'?' | b'#'))
}

/// A scheme's characters after its first (a letter): letters, digits, `+`, `-`, `.`.
const SCHEME: u8 = 1;
/// A `reg-name`'s characters without percent-encoding: `unreserved / sub-delims`.
const HOST: u8 = 2;
/// A query's or a fragment's characters without percent-encoding: `pchar / "/" / "?"`.
const QUERY: u8 = 4;

/// The classes of each byte, as bits ([`SCHEME`], [`HOST`], [`QUERY`]).
static CLASSES: [u8; 256] = {
    let mut classes = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let alphanumeric = c.is_ascii_alphanumeric();
        let mut class = 0;
        if alphanumeric || matches!(c, b'+' | b'-' | b'.') {
            class |= SCHEME;
        }
        if alphanumeric
            || matches!(
                c,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
            )
        {
            class |= HOST | QUERY;
        }
        if matches!(c, b':' | b'@' | b'/' | b'?') {
            class |= QUERY;
        }
        classes[b] = class;
        b += 1;
    }
    classes
};

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
    fn the_plain_form_is_read_in_one_pass() {
        for text in [
            "https://ci.example.com/refund/runs/35772",
            "https://ci.example/runs/42?x=1#log",
            "http://a",
            "git+ssh://host.example/repo.git",
            "https://h/p/a:b@c/?q=/?#f/?:@",
            "s://h!$&'()*+,;=/",
            "https://999.1.1.1/",
        ] {
            assert!(is_plain_uri(text.as_bytes()), "{text:?}");
            assert!(fluent_uri::UriRef::parse(text).is_ok(), "{text:?}");
        }
        // Left to the parser: valid, but not of the plain form, or not valid.
        for text in [
            "",
            "https://ci.example:8080/",
            "https://user@ci.example/",
            "http://[::1]:8080/",
            "https://ci.example/a%20b",
            "file:///etc/hosts",
            "https:/x",
            "urn:isbn:0451450523",
            "1http://x/",
            "://x/",
            "https://x/##",
            "https://x/a b",
            "https://x/é",
            "https://exa mple.com",
        ] {
            assert!(!is_plain_uri(text.as_bytes()), "{text:?}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 20_000, .. Default::default() })]

        /// Whatever the one-pass reading accepts, the parser accepts: over texts of the
        /// characters URIs are made of (and a few they are not), in the places that decide
        /// the form.
        #[test]
        fn the_plain_form_is_a_uri_reference(
            scheme in "[a-zA-Z0-9+.:-]{0,4}",
            slashes in "(://|:/|//|:)?",
            host in "[a-zA-Z0-9._~!$&'()*+,;=:@\\[\\]%/?# -]{0,6}",
            rest in "[a-zA-Z0-9._~!$&'()*+,;=:@\\[\\]%/?#\\x00-\\x1f\"<>\\\\^`{|}é -]{0,10}",
        ) {
            let text = format!("{scheme}{slashes}{host}{rest}");
            if is_plain_uri(text.as_bytes()) {
                proptest::prop_assert!(fluent_uri::UriRef::parse(text.as_str()).is_ok(), "{text:?}");
            }
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
