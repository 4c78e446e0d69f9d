//! The closed-world rule (SPEC §6), written once. Every object a reader enters, and the
//! macro's invocation, is a [`Place`]: plain data saying which keys it reads, which keys a
//! near miss must not pass as, which keys belong to another place or runtime, and what
//! becomes of any other key. [`Place::classify`] is the one function that applies the rule;
//! every reader asks it for every key, and each runtime's folder holds the rows of its places.

use crate::error::{Error, Stray};
use crate::text::Folded;

/// Keys that belong somewhere else, and why each restricts nothing here.
#[derive(Clone, Copy, Debug)]
pub struct Elsewhere {
    /// The keys, each refused as written or when it reads as one of them.
    pub keys: &'static [&'static str],
    /// Why they restrict nothing here.
    pub why: Stray,
}

/// What becomes of a key a place neither reads nor refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Others {
    /// It is the host's, and passes through untouched (its value is still searched for a
    /// policy, which would restrict nothing there).
    PassThrough,
    /// It is an unknown key: an error naming the keys the place reads.
    Refuse,
}

/// One object of a document kind, as the closed-world rule sees it.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Place {
    /// Where it is, in a reader's words (`a Copilot custom agent`).
    pub name: &'static str,
    /// The keys it reads.
    pub reads: &'static [&'static str],
    /// The keys that govern tools here: a key that only reads as one of them is refused.
    pub governing: &'static [&'static str],
    /// Keys of other places and runtimes, refused here.
    pub elsewhere: &'static [Elsewhere],
    /// What becomes of any other key.
    pub others: Others,
}

/// What a place makes of one key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A key the place reads.
    Read(&'static str),
    /// A key of the host's, passed through.
    PassThrough,
    /// A key that restricts nothing here, or an unknown one: the error to report at it.
    Refuse(Error),
}

impl Place {
    /// A place that reads `reads`, refuses every other key, and has no governing key of its
    /// own beyond them (a selector, a selection object).
    pub const fn strict(name: &'static str, reads: &'static [&'static str]) -> Place {
        Place { name, reads, governing: &[], elsewhere: &[], others: Others::Refuse }
    }

    /// The rule: a key the place reads is read; a key of another place or runtime (as
    /// written first, then as it reads) is refused with why; a key that only reads as one
    /// that governs tools here is refused; any other key passes through or is unknown.
    pub fn classify(&self, key: &str) -> Verdict {
        if let Some(read) = self.reads.iter().find(|read| **read == key) {
            return Verdict::Read(read);
        }
        let stray =
            |exact: &'static str, why: Stray| Verdict::Refuse(Error::StrayKey { key: key.to_owned(), exact, why });
        if let Some(elsewhere) = self.elsewhere.iter().find_map(|e| Some((e.keys.iter().find(|k| **k == key)?, e.why)))
        {
            return stray(elsewhere.0, elsewhere.1);
        }
        // The key folded once, for every list it is compared with.
        let folded = Folded::of(key);
        if let Some(exact) = self.governing.iter().copied().find(|exact| folded.reads_as(exact)) {
            return stray(exact, Stray::NearMiss);
        }
        let reads_as = |keys: &'static [&'static str]| keys.iter().copied().find(|exact| folded.reads_as(exact));
        if let Some((exact, why)) = self.elsewhere.iter().find_map(|e| Some((reads_as(e.keys)?, e.why))) {
            return stray(exact, why);
        }
        match self.others {
            Others::PassThrough => Verdict::PassThrough,
            Others::Refuse => Verdict::Refuse(Error::UnknownKey { key: key.to_owned(), expected: self.reads }),
        }
    }

    /// Every key this place names: the keys it reads, those that govern tools, and those of
    /// other places it refuses.
    pub fn named_keys(&self) -> impl Iterator<Item = &'static str> {
        let elsewhere = self.elsewhere.iter().flat_map(|e| e.keys.iter().copied());
        self.reads.iter().chain(self.governing).copied().chain(elsewhere)
    }
}

/// The place of a value a runtime's document passes through to the host (`$name`, for
/// `$runtime`): a selection or a portable policy there restricts nothing.
macro_rules! passed_place {
    ($name:expr, $runtime:expr) => {
        $crate::reader::closed::Place {
            name: $name,
            reads: &[$crate::names::vocab::KIND_KEY],
            governing: &[],
            elsewhere: &[
                $crate::reader::closed::Elsewhere {
                    keys: &[$crate::names::vocab::HOLDER_KEY],
                    why: $crate::error::Stray::NotRead {
                        owner: $crate::names::vocab::SELECTION_OWNER,
                        runtime: $runtime,
                    },
                },
                $crate::reader::closed::Elsewhere {
                    keys: &[$crate::names::vocab::CAPABILITIES_KEY],
                    why: $crate::error::Stray::NotRead {
                        owner: $crate::names::vocab::PORTABLE_OWNER,
                        runtime: $runtime,
                    },
                },
            ],
            others: $crate::reader::closed::Others::PassThrough,
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const AGENT: Place = Place {
        name: "an agent",
        reads: &["name", "tools"],
        governing: &["name", "tools"],
        elsewhere: &[Elsewhere {
            keys: &["excludedTools"],
            why: Stray::NotAnAgentFilter { agent: "an agent", filter: "tools" },
        }],
        others: Others::PassThrough,
    };

    #[test]
    fn one_rule_for_every_key() {
        assert_eq!(AGENT.classify("tools"), Verdict::Read("tools"));
        assert_eq!(AGENT.classify("prompt"), Verdict::PassThrough);
        let Verdict::Refuse(Error::StrayKey { exact, why, .. }) = AGENT.classify("Tools") else { panic!() };
        assert_eq!((exact, why), ("tools", Stray::NearMiss));
        let Verdict::Refuse(Error::StrayKey { exact, why, .. }) = AGENT.classify("excluded_tools") else { panic!() };
        assert_eq!(exact, "excludedTools");
        assert!(matches!(why, Stray::NotAnAgentFilter { .. }));
        let strict = Place::strict("a selector", &["tools", "isolated"]);
        assert_eq!(
            strict.classify("only"),
            Verdict::Refuse(Error::UnknownKey { key: "only".into(), expected: &["tools", "isolated"] })
        );
    }
}
