//! Globs compiled without a panic: `globset` parses a pattern it cannot compile (a thousand
//! nested `{a,`, a hundred thousand `*`) and then panics building its matcher. Here every
//! pattern is bounded in length and nesting first, and every matcher is built through the
//! fallible path, with a short reason when it cannot be.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

/// The longest glob pattern accepted.
pub const MAX_GLOB_BYTES: usize = 1024;
/// The deepest `{…}` nesting accepted in a pattern.
pub const MAX_GLOB_NESTING: usize = 8;

/// Why a glob was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobError {
    /// Which pattern (its index among those given).
    pub index: usize,
    /// Why, in a few words (never the pattern itself).
    pub reason: String,
}

/// Whether `pattern` can be a glob: its length, its nesting and `globset`'s parse (no
/// matcher is built: cheap enough for each of thousands of patterns; [`glob_set`] builds
/// them together).
///
/// # Errors
/// Why it cannot, in a few words (never the pattern itself).
pub fn check_glob(pattern: &str, literal_separator: bool) -> Result<(), String> {
    checked(pattern, literal_separator).map(|_| ())
}

/// One pattern checked: length, nesting, and `globset`'s own parse.
fn checked(pattern: &str, literal_separator: bool) -> Result<globset::Glob, String> {
    if pattern.len() > MAX_GLOB_BYTES {
        return Err(format!(
            "it is {} bytes long; a glob may be at most {MAX_GLOB_BYTES}",
            pattern.len()
        ));
    }
    let mut depth = 0usize;
    let mut deepest = 0usize;
    let mut escaped = false;
    for b in pattern.bytes() {
        match b {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if deepest > MAX_GLOB_NESTING {
        return Err(format!(
            "its `{{…}}` groups nest {deepest} deep; at most {MAX_GLOB_NESTING}"
        ));
    }
    GlobBuilder::new(pattern)
        .literal_separator(literal_separator)
        .build()
        .map_err(|e| e.kind().to_string())
}

/// The patterns compiled into one set (each `(pattern, literal_separator)`); a match names
/// the patterns by their index.
///
/// # Errors
/// [`GlobError`]: the first pattern refused, or the set too large to build.
pub fn glob_set<'a>(
    patterns: impl IntoIterator<Item = (&'a str, bool)>,
) -> Result<GlobSet, GlobError> {
    let mut builder = GlobSetBuilder::new();
    let mut count = 0;
    for (index, (pattern, literal_separator)) in patterns.into_iter().enumerate() {
        builder.add(
            checked(pattern, literal_separator).map_err(|reason| GlobError { index, reason })?,
        );
        count = index + 1;
    }
    builder.build().map_err(|_| GlobError {
        index: count.saturating_sub(1),
        reason: "the patterns are too complex to match (fewer or simpler patterns)".to_owned(),
    })
}

/// The glob a folder's files are chosen by (`None`: `*.json`), compiled as every walk
/// compiles it: a pattern with a `/` matches the path relative to the folder walked, `*` not
/// crossing a separator; one without matches in any folder.
///
/// # Errors
/// [`GlobError`] for a pattern refused.
pub fn file_glob(pattern: Option<&str>) -> Result<GlobSet, GlobError> {
    let pattern = pattern.unwrap_or(DEFAULT_GLOB);
    glob_set([(pattern, pattern.contains('/'))])
}

/// The glob of folders' files when none is given.
pub const DEFAULT_GLOB: &str = "*.json";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pathological_patterns_are_refused_not_panicked_on() {
        for pattern in [
            "{a,".repeat(2000),
            format!("{}{}", "{a,".repeat(20), "}".repeat(20)),
            "*".repeat(100_000),
            "*".repeat(MAX_GLOB_BYTES),
        ] {
            let refused = glob_set([(pattern.as_str(), false)]);
            if let Err(error) = &refused {
                assert!(error.reason.len() < 200, "{}", error.reason);
            }
        }
        assert!(glob_set([("*".repeat(100_000).as_str(), false)]).is_err());
        let set = glob_set([("**/*.json", true), ("a/{b,c}/*.md", true)]).expect("fine");
        assert_eq!(set.matches("a/c/x.md"), [1]);
    }
}
