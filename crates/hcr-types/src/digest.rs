//! SHA-256 digests as records carry them.

use std::fmt;
use std::io::{self, Read};

use sha2::Digest as _;

use crate::Error;

/// A SHA-256 digest written as 64 hexadecimal digits (`^[a-fA-F0-9]{64}$`).
///
/// The digits are kept as the producer wrote them (upper, lower or mixed case) so that a record
/// round-trips unchanged; comparisons with [`Sha256::matches`] ignore case.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Sha256(String);

impl Sha256 {
    /// Wraps 64 hex digits.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] unless `hex` is exactly 64 ASCII hex digits.
    pub fn parse(hex: impl Into<String>) -> Result<Self, Error> {
        let hex = hex.into();
        if !Self::is_hex(&hex) {
            return Err(Error::invalid("sha256", "must be 64 hexadecimal digits"));
        }
        Ok(Self(hex))
    }

    /// Whether `text` is 64 ASCII hex digits, the v1.0 schema's `sha256` pattern: what
    /// [`Sha256::parse`] accepts.
    ///
    /// ```
    /// use hcr_types::Sha256;
    ///
    /// assert!(Sha256::is_hex(&"0123456789abcdefABCDEF".repeat(3)[..64]));
    /// assert!(!Sha256::is_hex(&"g".repeat(64)));
    /// assert!(!Sha256::is_hex("abc"));
    /// ```
    #[must_use]
    pub fn is_hex(text: &str) -> bool {
        let bytes = text.as_bytes();
        // Every byte tested, without a branch per byte, so that the test is vectorised: one
        // runs for each digest of a record's evidence.
        bytes.len() == 64
            && bytes.iter().fold(true, |all, &b| {
                all & (b.is_ascii_digit() | matches!(b | 0x20, b'a'..=b'f'))
            })
    }

    /// The digest of raw bytes, in lowercase hex.
    #[must_use]
    pub fn of_bytes(bytes: &[u8]) -> Self {
        Self::from_array(sha2::Sha256::digest(bytes).into())
    }

    /// The digest of everything `reader` yields, read in 64 KiB blocks (constant memory).
    ///
    /// # Errors
    /// Any error `reader` returns.
    pub fn of_reader(mut reader: impl Read) -> io::Result<Self> {
        let mut hasher = sha2::Sha256::new();
        let mut buffer = vec![0u8; 64 * 1024];
        loop {
            match reader.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => hasher.update(&buffer[..n]),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(Self::from_array(hasher.finalize().into()))
    }

    /// Wraps raw digest bytes, in lowercase hex.
    #[must_use]
    pub fn from_array(bytes: [u8; 32]) -> Self {
        Self(hex::encode(bytes))
    }

    /// The digits as written.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The digest bytes.
    #[must_use]
    pub fn to_array(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        // The constructor guarantees 64 hex digits.
        let _ = hex::decode_to_slice(&self.0, &mut out);
        out
    }

    /// Whether both denote the same digest, whatever the case of their digits.
    #[must_use]
    pub fn matches(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(&other.0)
    }
}

newtype!(Sha256 { text: 0, check: Self::parse }:
    Display, Serialize, Deserialize, FromStr, TryFromStr);

impl fmt::Debug for Sha256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sha256({})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte of the 64 is tested, whatever its place, and every hex digit is one.
    #[test]
    fn hex_is_64_hex_digits_of_either_case() {
        let valid: String = "0123456789abcdefABCDEF".chars().cycle().take(64).collect();
        assert!(Sha256::is_hex(&valid));
        for at in 0..64 {
            for bad in ["g", "G", "/", ":", "@", "`", " ", "\0", "\u{7f}"] {
                let mut text = valid.clone();
                text.replace_range(at..=at, bad);
                assert!(!Sha256::is_hex(&text), "{bad:?} at {at}");
            }
            // A two-byte character keeps no digit count of 64.
            let mut text = valid.clone();
            text.replace_range(at..=at, "é");
            assert!(!Sha256::is_hex(&text), "é at {at}");
        }
        assert!(!Sha256::is_hex(&valid[..63]));
        assert!(!Sha256::is_hex(&format!("{valid}0")));
        assert!(!Sha256::is_hex(""));
        assert_eq!(
            Sha256::parse(valid.clone())
                .map(|d| d.as_str().to_owned())
                .ok(),
            Some(valid)
        );
    }

    #[test]
    fn known_digests() {
        assert_eq!(
            Sha256::of_bytes(b"abc").as_str(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let streamed = Sha256::of_reader(&b"abc"[..]).expect("in memory");
        assert_eq!(streamed, Sha256::of_bytes(b"abc"));
    }

    #[test]
    fn keeps_case_and_compares_without_it() {
        let upper =
            Sha256::parse("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD")
                .expect("valid");
        assert!(upper.as_str().starts_with("BA78"));
        assert!(upper.matches(&Sha256::of_bytes(b"abc")));
        assert_eq!(upper.to_array(), Sha256::of_bytes(b"abc").to_array());
    }

    #[test]
    fn rejects_other_lengths_and_digits() {
        assert!(Sha256::parse("ab").is_err());
        assert!(Sha256::parse("g".repeat(64)).is_err());
        assert!(Sha256::parse(format!("{}\n", "a".repeat(64))).is_err());
        assert!(Sha256::parse("a".repeat(65)).is_err());
    }
}
