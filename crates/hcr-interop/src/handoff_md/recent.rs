//! The last few answers of a reading of a text, by the text: a heading or an item is read by
//! several readings in turn (its role, its state, its name before a qualifier, whether it
//! says "nothing here"), and each asks the same plain readings of it again. Those readings
//! depend on the text alone, so the answer given a moment ago is the answer.

use std::cell::RefCell;
use std::thread::LocalKey;

/// The answers of one reading for the last `N` texts asked (oldest replaced first).
pub(super) struct Recent<V, const N: usize> {
    texts: [String; N],
    answers: [Option<V>; N],
    next: usize,
}

impl<V: Clone, const N: usize> Recent<V, N> {
    /// No answer yet.
    pub(super) const fn new() -> Self {
        Self {
            texts: [const { String::new() }; N],
            answers: [const { None }; N],
            next: 0,
        }
    }

    /// The answer kept for `text`.
    fn get(&self, text: &str) -> Option<V> {
        self.texts
            .iter()
            .zip(&self.answers)
            .find(|(kept, answer)| answer.is_some() && kept.as_str() == text)
            .and_then(|(_, answer)| answer.clone())
    }

    /// Keeps `answer` for `text`, in place of the oldest (the texts' buffers are reused).
    fn put(&mut self, text: &str, answer: V) {
        let slot = self.next;
        self.next = (slot + 1) % N;
        self.texts[slot].clear();
        self.texts[slot].push_str(text);
        self.answers[slot] = Some(answer);
    }
}

/// `read(text)`, answered from `recent` when it was asked a moment ago. (`read` runs
/// without the answers borrowed: it may ask another reading kept this way.)
pub(super) fn recall<V: Clone + 'static, const N: usize>(
    recent: &'static LocalKey<RefCell<Recent<V, N>>>,
    text: &str,
    read: impl FnOnce(&str) -> V,
) -> V {
    if let Some(answer) = recent.with_borrow(|r| r.get(text)) {
        return answer;
    }
    let answer = read(text);
    recent.with_borrow_mut(|r| r.put(text, answer.clone()));
    answer
}

#[cfg(test)]
mod tests {
    use super::{Recent, recall};
    use std::cell::{Cell, RefCell};

    thread_local! {
        static LENGTHS: RefCell<Recent<usize, 2>> = const { RefCell::new(Recent::new()) };
        static READS: Cell<usize> = const { Cell::new(0) };
    }

    fn length(text: &str) -> usize {
        recall(&LENGTHS, text, |t| {
            READS.set(READS.get() + 1);
            t.len()
        })
    }

    #[test]
    fn the_last_texts_are_answered_again_and_older_ones_read_anew() {
        assert_eq!(length("ab"), 2);
        assert_eq!(length("abc"), 3);
        assert_eq!(length("ab"), 2);
        assert_eq!(READS.get(), 2);
        // (A third text takes the oldest place: `ab`'s.)
        assert_eq!(length("abcd"), 4);
        assert_eq!(length("abc"), 3);
        assert_eq!(READS.get(), 3);
        assert_eq!(length("ab"), 2);
        assert_eq!(READS.get(), 4);
        // (An empty text is a text like any other.)
        assert_eq!(length(""), 0);
        assert_eq!(length(""), 0);
        assert_eq!(READS.get(), 5);
    }
}
