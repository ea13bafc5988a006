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
    name.chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The candidate nearest to `name`: equal once folded, or within a third of its length in
/// edits (at least one edit, at most three).
#[must_use]
pub fn nearest<'c>(name: &str, candidates: &[&'c str]) -> Option<&'c str> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
