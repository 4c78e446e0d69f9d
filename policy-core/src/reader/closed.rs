//! The closed-world rule (SPEC §6), written once. Every object a reader enters, and the
//! macro's invocation, is a [`Place`]: plain data saying which keys it reads, which keys a
//! near miss must not pass as, which governing words it passes through to the host and why,
//! which keys belong to a neighbouring place, and what becomes of any other key.
//! [`Place::classify`] is the one function that applies the rule; every reader asks it for
//! every key, and each runtime's folder holds the rows of its places.
//!
//! Closed by default: every word of [`GOVERNING`] is refused at every place that neither
//! reads it nor passes it through, as written or when it only reads as it, so a new governing
//! word is refused everywhere by its one row there.

use crate::error::{Error, Stray};
use crate::names::vocab::{GOVERNING, Governing};
use crate::text::Folded;

/// Keys that belong to a neighbouring place, and why each restricts nothing here.
#[derive(Clone, Copy, Debug)]
pub struct Elsewhere {
    /// The keys, each refused as written or when it reads as one of them (a typo included).
    pub keys: &'static [&'static str],
    /// Why they restrict nothing here.
    pub why: Stray,
}

/// Governing words a place passes through to the host on purpose, and why.
#[derive(Clone, Copy, Debug)]
pub struct Passes {
    /// The words, each passed only as written: a look-alike is refused.
    pub keys: &'static [&'static str],
    /// Why the host, not this library, reads them here.
    pub why: &'static str,
    /// `Some(home)`: an object under the words (a map of tools to `true` or `false`) is a
    /// runtime's own restriction, which governs tools only in `home`, and is refused here.
    pub map_governs: Option<&'static str>,
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
    /// The keys that govern tools here: a key that only reads as one of them, a typo
    /// included, is refused. (Every word of [`GOVERNING`] is refused when it folds to one.)
    pub governing: &'static [&'static str],
    /// Governing words it passes through to the host, with why.
    pub passes: &'static [Passes],
    /// Keys of neighbouring places and runtimes, refused here with a reason of their own.
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
        Place { name, reads, governing: &[], passes: &[], elsewhere: &[], others: Others::Refuse }
    }

    /// The rule: a key the place reads is read, a governing word it passes is passed; a key
    /// of a neighbouring place (as written first, then as it reads) is refused with why, and
    /// so is one that only reads as a key that governs here; a governing word it neither
    /// reads nor passes is refused, as written or when it only reads as one; any other key
    /// passes through or is unknown. Where a place reads nothing but its own keys, a key one
    /// typo from one of them is unknown with a did-you-mean, whatever else it reads as.
    pub fn classify(&self, key: &str) -> Verdict {
        if let Some(read) = self.reads.iter().find(|read| **read == key) {
            return Verdict::Read(read);
        }
        if self.passes(key) {
            return Verdict::PassThrough;
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
        let unknown = || Verdict::Refuse(Error::UnknownKey { key: key.to_owned(), expected: self.reads });
        if self.others == Others::Refuse && reads_as(self.reads).is_some() {
            return unknown();
        }
        if let Some(word) = GOVERNING.iter().find(|word| word.key == key) {
            return stray(word.key, Stray::Elsewhere { home: word.home });
        }
        if let Some(word) = GOVERNING.iter().find(|word| folded.folds_to(word.key)) {
            return stray(word.key, self.look_alike(word));
        }
        match self.others {
            Others::PassThrough => Verdict::PassThrough,
            Others::Refuse => unknown(),
        }
    }

    /// Why a key that only reads as the governing `word` restricts nothing here: a near miss
    /// of a word the place reads or passes, else the word is not at home here.
    fn look_alike(&self, word: &Governing) -> Stray {
        let here = self.reads.contains(&word.key) || self.passes(word.key);
        if here { Stray::NearMiss } else { Stray::Elsewhere { home: word.home } }
    }

    /// Every key this place names: the keys it reads, those that govern tools, those it
    /// passes, and those of other places it refuses.
    pub fn named_keys(&self) -> impl Iterator<Item = &'static str> {
        let elsewhere = self.elsewhere.iter().flat_map(|e| e.keys.iter().copied());
        let passes = self.passes.iter().flat_map(|p| p.keys.iter().copied());
        self.reads.iter().chain(self.governing).copied().chain(passes).chain(elsewhere)
    }

    /// Whether the place passes `key` through to the host on purpose.
    pub fn passes(&self, key: &str) -> bool {
        self.passes.iter().any(|passes| passes.keys.contains(&key))
    }

    /// The refusal of an object this place passes under `key` where the row says a map there
    /// governs tools elsewhere ([`Passes::map_governs`]); `None` for every other key and value.
    pub fn refuse_passed_value(&self, key: &str, is_map: bool) -> Option<Error> {
        let passes = self.passes.iter().find(|passes| passes.keys.contains(&key))?;
        let (exact, home) = (passes.keys.iter().find(|k| **k == key)?, passes.map_governs?);
        is_map.then(|| Error::StrayKey { key: key.to_owned(), exact, why: Stray::Elsewhere { home } })
    }
}

/// The row of an object holding a selection of a runtime with no sub-agents under
/// `builtin_tools`: it reads the holder and a portable policy; a selection's
/// keys beside the holder, a Copilot entry's keys, Claude Code's sub-agents and the runtime's
/// own settings for a restriction (`$settings`, whose owner `$owner` names the fix) restrict
/// nothing there; the host's other keys pass through.
macro_rules! selection_holder_place {
    ($name:expr, $runtime:expr, $settings:expr, $owner:expr) => {
        $crate::reader::closed::Place {
            name: $name,
            reads: &[$crate::names::vocab::HOLDER_KEY, $crate::names::vocab::CAPABILITIES_KEY],
            governing: &[
                $crate::names::vocab::HOLDER_KEY,
                $crate::names::vocab::CAPABILITIES_KEY,
                $crate::names::vocab::ONLY_KEY,
                $crate::names::vocab::DISABLE_KEY,
            ],
            passes: &[],
            elsewhere: &[
                $crate::reader::closed::Elsewhere {
                    keys: $crate::names::vocab::SELECTION_KEYS,
                    why: $crate::error::BESIDE_HOLDER,
                },
                $crate::reader::closed::Elsewhere {
                    keys: $crate::names::vocab::POLICY_KEYS,
                    why: $crate::error::Stray::NotRead {
                        owner: $crate::names::vocab::COPILOT_ENTRY_OWNER,
                        runtime: $runtime,
                    },
                },
                $crate::reader::closed::Elsewhere {
                    keys: &[$crate::names::vocab::AGENTS_KEY, $crate::names::vocab::AGENT_ONLY_KEY],
                    why: $crate::error::Stray::NotRead {
                        owner: $crate::names::vocab::CLAUDE_AGENTS_OWNER,
                        runtime: $runtime,
                    },
                },
                $crate::reader::closed::Elsewhere {
                    keys: $settings,
                    why: $crate::error::Stray::NotRead { owner: $owner, runtime: $runtime },
                },
            ],
            others: $crate::reader::closed::Others::PassThrough,
        }
    };
}

/// The row of `builtin_tools!` for a runtime whose form is a selection alone: its keys; a
/// Copilot key needs the Copilot form.
macro_rules! selection_macro_place {
    ($name:expr) => {
        $crate::reader::closed::Place {
            name: $name,
            reads: $crate::names::vocab::SELECTION_MACRO_KEYS,
            governing: &[],
            passes: &[],
            elsewhere: &[$crate::reader::closed::Elsewhere {
                keys: $crate::names::vocab::COPILOT_ONLY_MACRO_KEYS,
                why: $crate::error::Stray::OtherRuntime {
                    runtime: $crate::runtime::Runtime::DEFAULT.spelled($crate::runtime::Spelling::Macro),
                },
            }],
            others: $crate::reader::closed::Others::Refuse,
        }
    };
}

/// The place of a value a runtime's document passes through to the host (`$name`, for
/// `$runtime`): a selection or a portable policy there restricts nothing, and neither does
/// any other governing word but an MCP server's own `tools`, which the host reads.
macro_rules! passed_place {
    ($name:expr, $runtime:expr) => {
        $crate::reader::closed::Place {
            name: $name,
            reads: &[$crate::names::vocab::KIND_KEY],
            governing: &[],
            passes: &[$crate::reader::closed::Passes {
                keys: &[$crate::names::vocab::TOOLS_KEY],
                why: "an MCP server's own list of its tools, which the host reads",
                map_governs: Some($crate::names::vocab::TOOLS_MAP_HOME),
            }],
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
        passes: &[],
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
            strict.classify("tool"),
            Verdict::Refuse(Error::UnknownKey { key: "tool".into(), expected: &["tools", "isolated"] })
        );
        assert_eq!(
            strict.classify("other"),
            Verdict::Refuse(Error::UnknownKey { key: "other".into(), expected: &["tools", "isolated"] })
        );
    }

    #[test]
    fn every_governing_word_is_refused_where_it_is_not_read() {
        // A place that knows none of them by name still refuses each, as written and as it
        // only reads, with the word's home as the fix; a word it passes passes as written.
        let host = Place {
            name: "a host's value",
            reads: &[],
            governing: &[],
            passes: &[Passes { keys: &["tools"], why: "the host's", map_governs: None }],
            elsewhere: &[],
            others: Others::PassThrough,
        };
        for word in GOVERNING {
            let Verdict::Refuse(Error::StrayKey { exact, why, .. }) = host.classify(&word.key.to_uppercase()) else {
                panic!("{} in upper case", word.key)
            };
            // Words that fold alike (`available-tools`, `availableTools`) answer for each other.
            let bare = |key: &str| key.replace(['-', '_'], "").to_lowercase();
            assert_eq!(bare(exact), bare(word.key));
            let word = GOVERNING.iter().find(|other| other.key == exact).unwrap();
            if word.key == "tools" {
                assert_eq!(why, Stray::NearMiss, "a look-alike of a passed word");
                assert_eq!(host.classify(word.key), Verdict::PassThrough);
                continue;
            }
            assert_eq!(why, Stray::Elsewhere { home: word.home });
            let Verdict::Refuse(Error::StrayKey { why, .. }) = host.classify(word.key) else { panic!("{}", word.key) };
            assert_eq!(why, Stray::Elsewhere { home: word.home });
        }
        // A typo of a governing word is the host's own key where the place does not read it.
        assert_eq!(host.classify("disabled"), Verdict::PassThrough);
        assert_eq!(host.classify("agent"), Verdict::PassThrough);
    }
}
