//! Revision numbers.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Number;

use crate::Error;

/// A revision number: an integer from 1 to 2^53 − 1.
///
/// JSON Schema 2020-12 counts `3.0` and `3e0` as the integer 3, so they are accepted; the number
/// is kept as written and serialized back unchanged. Integers beyond 2^53 − 1 are refused rather
/// than risk being rounded into a different revision by a receiver that reads JSON numbers as
/// doubles (RFC 7493, I-JSON).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Revision {
    value: u64,
    written: Number,
}

impl Revision {
    /// The largest revision number that every JSON reader holds exactly (2^53 − 1).
    pub const MAX: u64 = (1 << 53) - 1;

    /// The revision `value`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when `value` is 0 or above [`Revision::MAX`].
    pub fn new(value: u64) -> Result<Self, Error> {
        if !(1..=Self::MAX).contains(&value) {
            return Err(Error::invalid(
                "revision",
                "must be an integer from 1 to 9007199254740991",
            ));
        }
        Ok(Self {
            value,
            written: Number::from(value),
        })
    }

    /// Reads a JSON number as a revision, accepting integral floats such as `3.0`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a fraction, a negative number, zero, or a number above
    /// [`Revision::MAX`].
    pub fn from_number(number: &Number) -> Result<Self, Error> {
        let value = revision_value(number).ok_or_else(|| {
            Error::invalid("revision", "must be an integer from 1 to 9007199254740991")
        })?;
        Ok(Self {
            value,
            written: number.clone(),
        })
    }

    /// The revision number.
    #[must_use]
    pub fn get(&self) -> u64 {
        self.value
    }

    /// The number as the producer wrote it (`3.0` stays `3.0`).
    #[must_use]
    pub fn as_number(&self) -> &Number {
        &self.written
    }

    /// The next revision.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] past [`Revision::MAX`].
    pub fn next(&self) -> Result<Self, Error> {
        Self::new(self.value + 1)
    }
}

/// The integer value of `number` when it is a revision number (1 to 2^53 − 1, integral).
#[must_use]
pub fn revision_value(number: &Number) -> Option<u64> {
    let value = if let Some(u) = number.as_u64() {
        u
    } else if number.is_i64() {
        return None;
    } else {
        let f = number.as_f64()?;
        if f.fract() != 0.0 || !(1.0..=Revision::MAX as f64).contains(&f) {
            return None;
        }
        // Exact: an integral double in range converts without loss.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let u = f as u64;
        u
    };
    (1..=Revision::MAX).contains(&value).then_some(value)
}

impl fmt::Display for Revision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value)
    }
}

impl fmt::Debug for Revision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Revision({})", self.written)
    }
}

newtype!(Revision {}: PartialOrd);

impl Ord for Revision {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value
            .cmp(&other.value)
            .then_with(|| self.written.to_string().cmp(&other.written.to_string()))
    }
}

impl Serialize for Revision {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.written.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Revision {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let number = Number::deserialize(deserializer)?;
        Self::from_number(&number).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(text: &str) -> Number {
        serde_json::from_str(text).expect("a JSON number")
    }

    #[test]
    fn accepts_integers_written_as_floats() {
        for text in ["1", "3", "3.0", "3e0", "30e-1", "9007199254740991"] {
            assert!(Revision::from_number(&number(text)).is_ok(), "{text}");
        }
        let written = Revision::from_number(&number("3.0")).expect("valid");
        assert_eq!(written.get(), 3);
        assert_eq!(serde_json::to_string(&written).expect("serializes"), "3.0");
    }

    #[test]
    fn refuses_zero_fractions_negatives_and_unsafe_integers() {
        for text in [
            "0",
            "-1",
            "3.5",
            "0.5",
            "-0.0",
            "9007199254740992",
            "1e300",
            "18446744073709551616",
        ] {
            assert!(Revision::from_number(&number(text)).is_err(), "{text}");
        }
    }
}
