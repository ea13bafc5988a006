//! "Did you mean": the nearest of some names to a misspelt one.

/// The edit distance (Levenshtein) between `a` and `b`, in characters; names longer than 64
/// characters are never near anything.
#[must_use]
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len() > 64 || b.len() > 64 {
        return usize::MAX;
    }
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitute.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// `name` folded for comparison: lowercase, without `_`, `-` and spaces (`next_actions`,
/// `NextActions` and `next-actions` fold alike).
#[must_use]
pub fn fold(name: &str) -> String {
    if name.is_ascii() {
        // A character's lowercase is then its ASCII lowercase: byte by byte, without
        // `char::to_lowercase`'s table.
        return name
            .bytes()
            .filter(|b| !matches!(b, b'_' | b'-' | b' '))
            .map(|b| char::from(b.to_ascii_lowercase()))
            .collect();
    }
    name.chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

/// [`distance`]`(a, b)` when it is at most `bound`, else `None`. Two ASCII names of up to 64
/// bytes (a schema's names, and most misspelt ones) are compared byte by byte in rows on the
/// stack, and given up on as soon as their lengths, or a row's least entry (which no later
/// row goes below), say the distance is more than `bound`: most candidates are far from a
/// name, and a "did you mean" asks only of the near ones.
#[must_use]
pub fn distance_within(a: &str, b: &str, bound: usize) -> Option<usize> {
    const MAX: usize = 64;
    let (x, y) = (a.as_bytes(), b.as_bytes());
    if !x.is_ascii() || !y.is_ascii() || x.len() > MAX || y.len() > MAX {
        return Some(distance(a, b)).filter(|&d| d <= bound);
    }
    if x.len().abs_diff(y.len()) > bound {
        return None;
    }
    let mut previous = [0usize; MAX + 1];
    let mut current = [0usize; MAX + 1];
    for (j, cell) in previous.iter_mut().enumerate().take(y.len() + 1) {
        *cell = j;
    }
    for (i, &cx) in x.iter().enumerate() {
        current[0] = i + 1;
        let mut least = current[0];
        for (j, &cy) in y.iter().enumerate() {
            let substitute = previous[j] + usize::from(cx != cy);
            let cell = substitute.min(previous[j + 1] + 1).min(current[j] + 1);
            current[j + 1] = cell;
            least = least.min(cell);
        }
        if least > bound {
            return None;
        }
        std::mem::swap(&mut previous, &mut current);
    }
    Some(previous[y.len()]).filter(|&d| d <= bound)
}

/// The candidate nearest to `name`: equal once folded, or within a third of its length in
/// edits (at least one edit, at most three); of several as near, the first.
#[must_use]
pub fn nearest<'c>(name: &str, candidates: &[&'c str]) -> Option<&'c str> {
    let folded = fold(name);
    let folds: Vec<String> = candidates.iter().map(|c| fold(c)).collect();
    if let Some(exact) = folds.iter().position(|c| *c == folded) {
        return Some(candidates[exact]);
    }
    let allowed = (folded.chars().count() / 3).clamp(1, 3);
    candidates
        .iter()
        .zip(&folds)
        .filter_map(|(c, f)| distance_within(&folded, f, allowed).map(|d| (d, *c)))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`nearest`] as it was written before [`distance_within`]: every candidate's whole
    /// distance.
    fn nearest_by_whole_distances<'c>(name: &str, candidates: &[&'c str]) -> Option<&'c str> {
        let folded = fold(name);
        if let Some(exact) = candidates.iter().find(|c| fold(c) == folded) {
            return Some(exact);
        }
        let allowed = (folded.chars().count() / 3).clamp(1, 3);
        candidates
            .iter()
            .map(|c| (distance(&folded, &fold(c)), *c))
            .filter(|(d, _)| *d <= allowed)
            .min_by_key(|(d, _)| *d)
            .map(|(_, c)| c)
    }

    /// A small generator of names: letters from a short alphabet (so that names are near
    /// each other), a few non-ASCII ones, lengths 0 to 70.
    fn names(seed: u64, count: usize) -> Vec<String> {
        let alphabet: Vec<char> = "abcdeABC_-é ".chars().collect();
        let mut state = seed;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            usize::try_from(state >> 33).unwrap_or(0)
        };
        (0..count)
            .map(|_| {
                let len = match next() % 10 {
                    0 => 60 + next() % 11,
                    _ => next() % 14,
                };
                (0..len)
                    .map(|_| alphabet[next() % alphabet.len()])
                    .collect()
            })
            .collect()
    }

    #[test]
    fn an_ascii_name_folds_as_any_other() {
        let slow = |name: &str| -> String {
            name.chars()
                .filter(|c| !matches!(c, '_' | '-' | ' '))
                .flat_map(char::to_lowercase)
                .collect()
        };
        for name in names(3, 500).iter().map(String::as_str).chain([
            "Next_Actions",
            "next-action",
            "A B",
            "",
            "_-_",
            "ÉcoLe",
            "X\u{130}",
        ]) {
            assert_eq!(fold(name), slow(name), "{name:?}");
        }
        for byte in 0..128u8 {
            let name = char::from(byte).to_string();
            assert_eq!(fold(&name), slow(&name), "{byte}");
        }
    }

    #[test]
    fn a_bounded_distance_is_the_whole_one_within_its_bound() {
        let names = names(26, 400);
        for a in &names {
            for b in names.iter().take(60) {
                let whole = distance(a, b);
                for bound in 0..5 {
                    assert_eq!(
                        distance_within(a, b, bound),
                        Some(whole).filter(|&d| d <= bound),
                        "{a:?} {b:?} {bound}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_nearest_name_is_the_one_whole_distances_give() {
        let names = names(7, 600);
        let schema = [
            "schemaVersion",
            "recordId",
            "objective",
            "currentState",
            "decisions",
            "evidence",
            "constraints",
            "nextAction",
            "ownership",
            "openReview",
            "provenance",
            "extensions",
        ];
        for (i, name) in names.iter().enumerate() {
            let candidates: Vec<&str> = names[(i * 7) % 500..][..12]
                .iter()
                .map(String::as_str)
                .collect();
            assert_eq!(
                nearest(name, &candidates),
                nearest_by_whole_distances(name, &candidates),
                "{name:?} {candidates:?}"
            );
            assert_eq!(
                nearest(name, &schema),
                nearest_by_whole_distances(name, &schema),
                "{name:?}"
            );
        }
        for name in [
            "unexpected",
            "nextActon",
            "decision",
            "evidense",
            "recordID",
            "sumary",
        ] {
            assert_eq!(
                nearest(name, &schema),
                nearest_by_whole_distances(name, &schema),
                "{name:?}"
            );
        }
    }

    #[test]
    fn near_names_are_found_and_far_ones_are_not() {
        assert_eq!(distance("kitten", "sitting"), 3);
        let names = ["nextAction", "currentState", "openReview", "objective"];
        assert_eq!(nearest("next_action", &names), Some("nextAction"));
        assert_eq!(nearest("nextActon", &names), Some("nextAction"));
        assert_eq!(nearest("CURRENTSTATE", &names), Some("currentState"));
        assert_eq!(nearest("priority", &names), None);
    }
}
