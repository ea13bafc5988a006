//! Sets of short words, looked up case-insensitively in a few instructions: a word of up to
//! 16 bytes is packed, lowercased, into one integer, and a set is a sorted list of them.
//!
//! The scanner asks such questions for every anchor it meets (is this name's head word
//! `password`? is this value a placeholder word?), so they must cost less than a string
//! comparison.

use std::sync::OnceLock;

/// `word`, lowercased, as one integer; `None` when empty or longer than 16 bytes (no listed
/// word is).
pub(crate) fn pack(word: &str) -> Option<u128> {
    pack_bytes(word.as_bytes())
}

fn pack_bytes(bytes: &[u8]) -> Option<u128> {
    if bytes.is_empty() || bytes.len() > 16 {
        return None;
    }
    Some(
        bytes
            .iter()
            .fold(0u128, |k, b| (k << 8) | u128::from(b.to_ascii_lowercase())),
    )
}

/// The packed form of a literal word, for constants and `match` patterns.
pub(crate) const fn packed(word: &str) -> u128 {
    let bytes = word.as_bytes();
    let mut k = 0u128;
    let mut i = 0;
    while i < bytes.len() {
        k = (k << 8) | bytes[i].to_ascii_lowercase() as u128;
        i += 1;
    }
    k
}

/// A set of words, matched in any case.
pub(crate) struct Words {
    list: &'static [&'static str],
    packed: OnceLock<Vec<u128>>,
}

impl Words {
    pub(crate) const fn new(list: &'static [&'static str]) -> Self {
        Self {
            list,
            packed: OnceLock::new(),
        }
    }

    fn packed(&self) -> &[u128] {
        self.packed.get_or_init(|| {
            let mut packed: Vec<u128> = self.list.iter().filter_map(|w| pack(w)).collect();
            packed.sort_unstable();
            packed
        })
    }

    /// Whether `word`, in any case, is one of the set.
    pub(crate) fn contains(&self, word: &str) -> bool {
        pack(word).is_some_and(|k| self.packed().binary_search(&k).is_ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_matched_in_any_case_and_only_whole() {
        static SET: Words = Words::new(&["key", "password", "authorization"]);
        for word in ["key", "KEY", "Password", "AUTHORIZATION"] {
            assert!(SET.contains(word), "{word}");
        }
        for word in ["ke", "keys", "passwor", "", "authorizationauthorization"] {
            assert!(!SET.contains(word), "{word}");
        }
        assert_eq!(pack("Key"), Some(packed("key")));
    }
}
