//! RFC 3339 date-times, kept exactly as written.

use crate::Error;

/// An RFC 3339 `date-time` (JSON Schema `format: date-time`), stored as the producer wrote it.
///
/// The grammar is RFC 3339 section 5.6: `YYYY-MM-DDTHH:MM:SS[.frac](Z|+HH:MM|-HH:MM)`, with
/// `T` and `Z` in either case, real calendar days (leap years included), and a leap second
/// (`:60`) only where it falls on 23:59 UTC. `2026-08-04t00:00:00z` is valid and is written
/// back unchanged.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct DateTime {
    text: String,
    unix_seconds: i64,
    nanos: u32,
}

impl DateTime {
    /// Parses an RFC 3339 date-time.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when `text` is not an RFC 3339 date-time.
    pub fn parse(text: impl Into<String>) -> Result<Self, Error> {
        let text = text.into();
        let (unix_seconds, nanos) = parse_rfc3339(&text)
            .ok_or_else(|| Error::invalid("date-time", "must be an RFC 3339 date-time"))?;
        Ok(Self {
            text,
            unix_seconds,
            nanos,
        })
    }

    /// The date-time of `unix_seconds` (UTC), written `YYYY-MM-DDTHH:MM:SSZ`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a time outside the years 0000 to 9999.
    pub fn from_unix_seconds(unix_seconds: i64) -> Result<Self, Error> {
        let days = unix_seconds.div_euclid(86_400);
        let secs = unix_seconds.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        if !(0..=9999).contains(&year) {
            return Err(Error::invalid("date-time", "year out of range"));
        }
        Self::parse(format!(
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        ))
    }

    /// The current time, UTC, to the second.
    #[must_use]
    pub fn now() -> Self {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
        // The clock is after 1970 and before 9999 on every machine hcr runs on; fall back to the
        // epoch rather than fail.
        Self::from_unix_seconds(now).unwrap_or_else(|_| Self {
            text: "1970-01-01T00:00:00Z".into(),
            unix_seconds: 0,
            nanos: 0,
        })
    }

    /// The text as written.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Seconds since 1970-01-01T00:00:00Z. A leap second counts as the second that follows it.
    #[must_use]
    pub fn unix_seconds(&self) -> i64 {
        self.unix_seconds
    }

    /// The instant as (seconds, nanoseconds), for ordering; fractions beyond nanoseconds are cut.
    #[must_use]
    pub fn instant(&self) -> (i64, u32) {
        (self.unix_seconds, self.nanos)
    }
}

newtype!(DateTime { text: text, check: Self::parse }:
    Display, Debug, PartialOrd, Serialize, Deserialize, FromStr, TryFromStr);

impl Ord for DateTime {
    /// Orders by instant, then by text so that the order agrees with equality.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.instant()
            .cmp(&other.instant())
            .then_with(|| self.text.cmp(&other.text))
    }
}

/// Whether `text` is an RFC 3339 date-time (the check [`DateTime::parse`] makes).
#[must_use]
pub fn is_rfc3339(text: &str) -> bool {
    parse_rfc3339(text).is_some()
}

fn digits(bytes: &[u8]) -> Option<u32> {
    bytes.iter().try_fold(0u32, |acc, &b| {
        b.is_ascii_digit().then(|| acc * 10 + u32::from(b - b'0'))
    })
}

const fn is_leap_year(year: u32) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

const fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The inverse of [`days_from_civil`].
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Parses an RFC 3339 date-time into (unix seconds, nanoseconds).
fn parse_rfc3339(text: &str) -> Option<(i64, u32)> {
    let b = text.as_bytes();
    // YYYY-MM-DD
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't') {
        return None;
    }
    let year = digits(&b[0..4])?;
    let month = digits(&b[5..7])?;
    let day = digits(&b[8..10])?;
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    // HH:MM:SS
    if b[13] != b':' || b[16] != b':' {
        return None;
    }
    let hour = digits(&b[11..13])?;
    let minute = digits(&b[14..16])?;
    let second = digits(&b[17..19])?;
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    // [.frac]
    let mut at = 19;
    let mut nanos = 0u32;
    if b[at] == b'.' {
        let start = at + 1;
        at = start;
        while at < b.len() && b[at].is_ascii_digit() {
            if at - start < 9 {
                nanos = nanos * 10 + u32::from(b[at] - b'0');
            }
            at += 1;
        }
        if at == start {
            return None;
        }
        for _ in (at - start)..9 {
            nanos *= 10;
        }
    }
    // Z | (+|-)HH:MM
    let offset_minutes: i64 = match b.get(at)? {
        b'Z' | b'z' if at + 1 == b.len() => 0,
        sign @ (b'+' | b'-') if at + 6 == b.len() && b[at + 3] == b':' => {
            let oh = digits(&b[at + 1..at + 3])?;
            let om = digits(&b[at + 4..at + 6])?;
            if oh > 23 || om > 59 {
                return None;
            }
            let minutes = i64::from(oh * 60 + om);
            if *sign == b'+' { minutes } else { -minutes }
        }
        _ => return None,
    };
    let local_minutes = i64::from(hour * 60 + minute);
    if second == 60 {
        // A leap second is only ever inserted at 23:59:60 UTC.
        let utc_minutes = (local_minutes - offset_minutes).rem_euclid(24 * 60);
        if utc_minutes != 23 * 60 + 59 {
            return None;
        }
    }
    let days = days_from_civil(i64::from(year), i64::from(month), i64::from(day));
    let seconds = days * 86_400 + (local_minutes - offset_minutes) * 60 + i64::from(second);
    Some((seconds, nanos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_rfc3339_forms() {
        for text in [
            "2026-08-04T00:00:00Z",
            "2026-08-04t00:00:00z",
            "2026-08-04T00:00:00.5+02:00",
            "2026-08-04T00:00:00.123456789123-00:00",
            "2016-12-31T23:59:60Z",
            "2016-12-31T18:59:60-05:00",
            "2024-02-29T12:00:00Z",
            "0000-01-01T00:00:00Z",
        ] {
            assert!(is_rfc3339(text), "{text}");
        }
    }

    #[test]
    fn rejects_what_rfc3339_rejects() {
        for text in [
            "2026-08-04",
            "2026-08-04 00:00:00Z",
            "2026-08-04T00:00:00",
            "2026-08-04T24:00:00Z",
            "2026-02-29T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-08-04T00:00:60Z",
            "2026-08-04T00:00:00.Z",
            "2026-08-04T00:00:00+0200",
            "2026-08-04T00:00:00+24:00",
            "2026-8-04T00:00:00Z",
            "+2026-08-04T00:00:00Z",
            "2026-08-04T00:00:00Zjunk",
            "２０２６-08-04T00:00:00Z",
        ] {
            assert!(!is_rfc3339(text), "{text}");
        }
    }

    #[test]
    fn converts_to_unix_time() {
        let t = DateTime::parse("1970-01-01T01:00:00+01:00").expect("valid");
        assert_eq!(t.unix_seconds(), 0);
        let t = DateTime::parse("2026-08-04t00:00:00z").expect("valid");
        assert_eq!(t.unix_seconds(), 1_785_801_600);
        assert_eq!(t.as_str(), "2026-08-04t00:00:00z");
        let leap = DateTime::parse("2016-12-31T23:59:60Z").expect("valid");
        let next = DateTime::parse("2017-01-01T00:00:00Z").expect("valid");
        assert_eq!(leap.unix_seconds(), next.unix_seconds());
        assert_eq!(
            DateTime::from_unix_seconds(1_785_801_600)
                .expect("in range")
                .as_str(),
            "2026-08-04T00:00:00Z"
        );
    }

    #[test]
    fn civil_conversion_round_trips() {
        for days in (-800_000..800_000).step_by(997) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
    }
}
