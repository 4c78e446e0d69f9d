//! Which items of a list repeat an earlier one, found in one pass. Every list a document can
//! make long (tool names, agents, rules, entries) is checked for repeats through [`Seen`], so
//! the check is linear in the list by construction, never a search of what came before.

use std::collections::HashMap;
use std::hash::Hash;

/// How many items are kept in a plain list, searched in turn, before [`Seen`] hashes them.
/// Most lists in a definition are short (the bench definition's longest has 20 names), and
/// for them a search of a few items costs less than hashing each one; past this the search
/// would grow with the list, so it ends there.
const FEW: usize = 16;

/// The items seen so far, each with the position it was first seen at.
#[derive(Debug)]
pub(crate) enum Seen<K> {
    /// Up to [`FEW`] items.
    Few(Vec<(K, usize)>),
    /// More.
    Many(HashMap<K, usize>),
}

impl<K: Hash + Eq> Seen<K> {
    /// Nothing seen yet, with room for `capacity` items.
    pub(crate) fn with_capacity(capacity: usize) -> Seen<K> {
        if capacity <= FEW {
            Seen::Few(Vec::with_capacity(capacity))
        } else {
            Seen::Many(HashMap::with_capacity(capacity))
        }
    }

    /// Records `item`, met at `at`: `None` the first time, else the position it was first
    /// seen at (which stays the first).
    pub(crate) fn repeat(&mut self, item: K, at: usize) -> Option<usize> {
        match self {
            Seen::Few(items) => {
                if let Some((_, first)) = items.iter().find(|(seen, _)| *seen == item) {
                    return Some(*first);
                }
                if items.len() < FEW {
                    items.push((item, at));
                    return None;
                }
                let mut many: HashMap<K, usize> = std::mem::take(items).into_iter().collect();
                many.insert(item, at);
                *self = Seen::Many(many);
                None
            }
            Seen::Many(items) => match items.entry(item) {
                std::collections::hash_map::Entry::Occupied(first) => Some(*first.get()),
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(at);
                    None
                }
            },
        }
    }
}

/// `items` without repeats, each kept where it first stands.
pub(crate) fn first_of_each<T: Hash + Eq + Clone>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let items = items.into_iter();
    let mut seen = Seen::with_capacity(items.size_hint().0);
    let mut out = Vec::with_capacity(items.size_hint().0);
    for (i, item) in items.enumerate() {
        if seen.repeat(item.clone(), i).is_none() {
            out.push(item);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_name_the_first_position() {
        let mut seen = Seen::with_capacity(4);
        let found: Vec<_> =
            ["a", "b", "a", "a", "c", "b"].iter().enumerate().map(|(i, s)| seen.repeat(*s, i)).collect();
        assert_eq!(found, [None, None, Some(0), Some(0), None, Some(1)]);
        assert_eq!(first_of_each([3, 1, 3, 2, 1]), [3, 1, 2]);
        // Past FEW items the same answers, from the hashed form.
        let mut seen = Seen::with_capacity(0);
        for i in 0..3 * FEW {
            assert_eq!(seen.repeat(i % (2 * FEW), i), (i >= 2 * FEW).then(|| i - 2 * FEW), "item {i}");
        }
        assert!(matches!(seen, Seen::Many(_)));
    }
}
