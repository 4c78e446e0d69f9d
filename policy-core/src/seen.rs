//! Which names of a list repeat an earlier one, found in one pass. Every list a document can
//! make long (tool names, agents, rules, entries, keys) is checked for repeats through
//! [`Seen`], so the check is linear in the list by construction, never a search of what came
//! before. It is keyed by the names themselves (`&str`), so there is one of it, not one per
//! kind of item: every item of a list is told apart by a name.

use std::collections::HashMap;

/// How many names are kept in a plain list, searched in turn, before [`Seen`] hashes them.
/// Most lists in a definition are short (the bench definition's longest has 20 names), and
/// for them a search of a few names costs less than hashing each one; past this the search
/// would grow with the list, so it ends there.
const FEW: usize = 16;

/// The names seen so far, each with the position it was first seen at.
#[derive(Debug)]
pub(crate) enum Seen<'a> {
    /// Up to [`FEW`] names.
    Few(Vec<(&'a str, usize)>),
    /// More.
    Many(HashMap<&'a str, usize>),
}

impl<'a> Seen<'a> {
    /// Nothing seen yet, with room for `capacity` names.
    pub(crate) fn with_capacity(capacity: usize) -> Seen<'a> {
        if capacity <= FEW {
            Seen::Few(Vec::with_capacity(capacity))
        } else {
            Seen::Many(HashMap::with_capacity(capacity))
        }
    }

    /// `names`, each at its position.
    pub(crate) fn of(names: impl IntoIterator<Item = &'a str>) -> Seen<'a> {
        let names = names.into_iter();
        let mut seen = Seen::with_capacity(names.size_hint().0);
        for (i, name) in names.enumerate() {
            seen.repeat(name, i);
        }
        seen
    }

    /// Records `name`, met at `at`: `None` the first time, else the position it was first
    /// seen at (which stays the first).
    pub(crate) fn repeat(&mut self, name: &'a str, at: usize) -> Option<usize> {
        match self {
            Seen::Few(names) => {
                if let Some((_, first)) = names.iter().find(|(seen, _)| *seen == name) {
                    return Some(*first);
                }
                if names.len() < FEW {
                    names.push((name, at));
                    return None;
                }
                let mut many: HashMap<&str, usize> = std::mem::take(names).into_iter().collect();
                many.insert(name, at);
                *self = Seen::Many(many);
                None
            }
            Seen::Many(names) => match names.entry(name) {
                std::collections::hash_map::Entry::Occupied(first) => Some(*first.get()),
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(at);
                    None
                }
            },
        }
    }

    /// Where `name` was first seen, if it was.
    pub(crate) fn first(&self, name: &str) -> Option<usize> {
        match self {
            Seen::Few(names) => names.iter().find(|(seen, _)| *seen == name).map(|(_, first)| *first),
            Seen::Many(names) => names.get(name).copied(),
        }
    }

    /// Whether nothing was seen.
    pub(crate) fn is_empty(&self) -> bool {
        match self {
            Seen::Few(names) => names.is_empty(),
            Seen::Many(names) => names.is_empty(),
        }
    }

    /// Whether `name` was seen.
    pub(crate) fn contains(&self, name: &str) -> bool {
        self.first(name).is_some()
    }
}

/// For each item, whether an earlier item has the same name: one pass over the names.
pub(crate) fn repeats<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> Vec<bool> {
    let mut seen = Seen::with_capacity(names.len());
    names.enumerate().map(|(i, name)| seen.repeat(name, i).is_some()).collect()
}

/// `items` without those named like an earlier one, each kept where it first stands.
pub(crate) fn first_of_each<T>(items: Vec<T>, name: impl Fn(&T) -> &str) -> Vec<T> {
    let repeated = repeats(items.iter().map(&name));
    items.into_iter().zip(repeated).filter(|(_, repeated)| !repeated).map(|(item, _)| item).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_name_the_first_position() {
        let mut seen = Seen::with_capacity(4);
        let found: Vec<_> = ["a", "b", "a", "a", "c", "b"].iter().enumerate().map(|(i, s)| seen.repeat(s, i)).collect();
        assert_eq!(found, [None, None, Some(0), Some(0), None, Some(1)]);
        assert_eq!((seen.first("c"), seen.contains("d")), (Some(4), false));
        assert_eq!(first_of_each(vec!["x", "y", "x", "z", "y"], |s| s), ["x", "y", "z"]);
        // Past FEW names the same answers, from the hashed form.
        let names: Vec<String> = (0..2 * FEW).map(|i| format!("n{i}")).collect();
        let mut seen = Seen::with_capacity(0);
        for i in 0..3 * FEW {
            let name = &names[i % (2 * FEW)];
            assert_eq!(seen.repeat(name, i), (i >= 2 * FEW).then(|| i - 2 * FEW), "item {i}");
        }
        assert!(matches!(seen, Seen::Many(_)));
        assert_eq!(seen.first("n3"), Some(3));
    }
}
