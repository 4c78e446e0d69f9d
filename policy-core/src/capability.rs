//! Capabilities (SPEC §7): what a built-in lets the model do, the same word on every runtime.
//! The words are the tool aliases GitHub gives custom agents (`execute`, `read`, `edit`,
//! `search`, `agent`, `web`, `todo`), and the few those leave out. The set is closed and
//! versioned with the catalogs: each runtime's folder says, beside its catalog, which of
//! them each of its built-ins has.

use std::fmt;

use crate::error::Error;
use crate::names::vocab::CAPABILITY_WORDS;

/// What a built-in lets the model do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Capability {
    /// Run commands, or read or stop running ones.
    Execute,
    /// Read files.
    Read,
    /// Find files or text in the workspace.
    Search,
    /// Create, change or delete files.
    Edit,
    /// Reach the network.
    Web,
    /// Start, message, read or list other agents.
    Agent,
    /// The session's own task list.
    Todo,
    /// Ask the user.
    Ask,
    /// Enter or leave plan mode.
    Plan,
    /// Act later or outside the session: cron, wake-ups, remote triggers, notifications,
    /// workflows.
    Schedule,
    /// Load skills.
    Skill,
    /// MCP resources of connected servers.
    Mcp,
    /// The runtime's plumbing: tool search, its own docs, topic and completion markers.
    Meta,
}

impl Capability {
    /// Every capability, in the order messages and tables list them.
    pub const ALL: [Capability; 13] = [
        Capability::Execute,
        Capability::Read,
        Capability::Search,
        Capability::Edit,
        Capability::Web,
        Capability::Agent,
        Capability::Todo,
        Capability::Ask,
        Capability::Plan,
        Capability::Schedule,
        Capability::Skill,
        Capability::Mcp,
        Capability::Meta,
    ];

    /// Every word, in the order of [`Capability::ALL`]: the one spelling of each, in every
    /// front door.
    pub const WORDS: &'static [&'static str] = CAPABILITY_WORDS;

    /// The word.
    pub const fn word(self) -> &'static str {
        Capability::WORDS[self as usize]
    }

    /// The capability spelled `word`; any other word is refused with a did-you-mean.
    pub fn parse(word: &str) -> Result<Capability, Error> {
        let found = Capability::ALL.into_iter().find(|capability| capability.word() == word);
        found.ok_or_else(|| Error::UnknownCapability { word: word.to_owned() })
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

string_form!(Capability, |capability: &Capability| capability.word(), parse: Capability::parse, error: Error, serde);

/// A set of capabilities.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Capabilities(u16);

impl Capabilities {
    /// No capability.
    pub const NONE: Capabilities = Capabilities(0);

    /// The set of `capabilities`.
    pub const fn of(capabilities: &[Capability]) -> Capabilities {
        let mut bits = 0;
        let mut i = 0;
        while i < capabilities.len() {
            bits |= capabilities[i].bit();
            i += 1;
        }
        Capabilities(bits)
    }

    /// This set and `capability`.
    #[must_use]
    pub const fn with(self, capability: Capability) -> Capabilities {
        Capabilities(self.0 | capability.bit())
    }

    /// Both sets together.
    #[must_use]
    pub const fn union(self, other: Capabilities) -> Capabilities {
        Capabilities(self.0 | other.0)
    }

    /// What this set has and `other` has not.
    #[must_use]
    pub const fn without(self, other: Capabilities) -> Capabilities {
        Capabilities(self.0 & !other.0)
    }

    /// What both sets have.
    #[must_use]
    pub const fn intersection(self, other: Capabilities) -> Capabilities {
        Capabilities(self.0 & other.0)
    }

    /// Whether `capability` is in the set.
    pub const fn contains(self, capability: Capability) -> bool {
        self.0 & capability.bit() != 0
    }

    /// Whether every capability of this set is in `other`.
    pub const fn is_subset(self, other: Capabilities) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share a capability.
    pub const fn intersects(self, other: Capabilities) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The capabilities, in the order of [`Capability::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Capability> {
        Capability::ALL.into_iter().filter(move |capability| self.contains(*capability))
    }
}

impl FromIterator<Capability> for Capabilities {
    fn from_iter<I: IntoIterator<Item = Capability>>(capabilities: I) -> Capabilities {
        capabilities.into_iter().fold(Capabilities::NONE, Capabilities::with)
    }
}

impl fmt::Debug for Capabilities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for Capabilities {
    /// `read, search`, or `nothing`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nothing");
        }
        for (i, capability) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(capability.word())?;
        }
        Ok(())
    }
}

/// One built-in of a runtime's catalog: a row of the data
/// (`policy-core/catalogs/<runtime>.json`), from which each runtime's constants, capability
/// table, the README's table and the tests derive. What its name says it does (`shows`), what
/// else it can do that its name does not say (`hides`: Claude Code's `Monitor` runs a
/// script), the words of its own description in the CLI they were chosen from, the other
/// names the CLI takes for it, the builds that know it, and the runtime's own columns (`X`):
/// how it is offered, the group or switch it belongs to.
#[derive(Clone, Copy, Debug)]
pub struct Row<T: 'static, X: 'static = ()> {
    /// The built-in.
    pub tool: T,
    /// Other names the CLI takes for it (legacy names, or a sub-agent list's aliases).
    pub aliases: &'static [&'static str],
    /// What its name says it does.
    pub shows: &'static [Capability],
    /// What else it can do.
    pub hides: &'static [Capability],
    /// From its description in the CLI.
    pub because: &'static str,
    /// The builds of the catalog that know it; empty: every one.
    pub builds: &'static [&'static str],
    /// Whether its capabilities are still to be decided by a person: until then it has
    /// every capability, so no `only` grants it and every `disable` takes it away.
    pub undecided: bool,
    /// The runtime's own columns.
    pub runtime: X,
}

impl<T, X> Row<T, X> {
    /// Every capability the built-in has.
    pub const fn capabilities(&self) -> Capabilities {
        Capabilities::of(self.shows).union(Capabilities::of(self.hides))
    }

    /// What it can do that its name does not say.
    pub const fn hidden(&self) -> Capabilities {
        Capabilities::of(self.hides)
    }

    /// What its name says it does.
    pub const fn shown(&self) -> Capabilities {
        Capabilities::of(self.shows)
    }

    /// Both halves, without the tool.
    pub const fn faces(&self) -> Faces {
        Faces { shown: self.shown(), hidden: self.hidden() }
    }

    /// Whether the build `version` of the catalog knows it.
    pub fn known_to(&self, version: &str) -> bool {
        self.builds.is_empty() || self.builds.contains(&version)
    }
}

/// A built-in's capabilities in two halves: what its name says it does, and what else it
/// can do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faces {
    /// What its name says.
    pub shown: Capabilities,
    /// What else it can do.
    pub hidden: Capabilities,
}

impl Faces {
    /// Every capability it has.
    pub const fn all(self) -> Capabilities {
        self.shown.union(self.hidden)
    }
}

/// The test every runtime's rows are held to: one row per built-in of `catalog`, in its
/// order, each with a capability and the words it was chosen from, an undecided row with
/// every capability.
#[cfg(test)]
pub(crate) fn assert_covers<T: PartialEq + fmt::Debug, X>(table: &[Row<T, X>], catalog: &[T]) {
    let tools: Vec<&T> = table.iter().map(|row| &row.tool).collect();
    assert_eq!(tools, catalog.iter().collect::<Vec<_>>(), "one row per built-in, in catalog order");
    for row in table {
        assert!(!row.capabilities().is_empty(), "{:?} has no capability", row.tool);
        assert!(!row.because.is_empty(), "{:?} says nothing it was chosen from", row.tool);
        let every: Capabilities = Capability::ALL.into_iter().collect();
        assert!(!row.undecided || row.capabilities() == every, "{:?} is undecided: every capability", row.tool);
    }
}

/// The `hidden-capability` lint of an allow-list: each listed built-in (by its position)
/// that grants a capability no listed built-in's name says (`only: ["Read", "Monitor"]`
/// grants `execute`, and no `Bash` is listed), with what it grants so. `listed` holds the
/// faces of the list's built-ins; a name without a row (an MCP tool) has `None`.
pub(crate) fn hidden_grants(listed: &[Option<Faces>]) -> Vec<(usize, Capabilities)> {
    let said = listed.iter().flatten().fold(Capabilities::NONE, |said, faces| said.union(faces.shown));
    let unsaid = |(i, faces): (usize, &Option<Faces>)| {
        let unsaid = faces.as_ref()?.hidden.without(said);
        (!unsaid.is_empty()).then_some((i, unsaid))
    };
    listed.iter().enumerate().filter_map(unsaid).collect()
}

/// The `hidden-capability` warning of one listed built-in.
pub(crate) fn hidden_warning(tool: &str, unsaid: Capabilities) -> crate::error::Warning {
    let detail = format!(
        "it also grants {}, which no listed tool's name says; list the tool meant for that if it is meant, or remove this one",
        crate::text::join(&mut unsaid.iter().map(Capability::word), "`", ", ")
    );
    crate::error::Warning::Lint {
        lint: crate::error::Lint::HiddenCapability,
        subject: Some(tool.to_owned()),
        detail: detail.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_sets() {
        for capability in Capability::ALL {
            assert_eq!(capability.word().parse::<Capability>(), Ok(capability));
        }
        let error = "reed".parse::<Capability>().unwrap_err().to_string();
        assert!(error.ends_with("(did you mean `read`?)"), "{error}");
        let read_search = Capabilities::of(&[Capability::Search, Capability::Read]);
        assert_eq!(read_search.to_string(), "read, search");
        assert!(Capabilities::of(&[Capability::Read]).is_subset(read_search));
        assert!(!read_search.is_subset(Capabilities::of(&[Capability::Read])));
        assert!(read_search.intersects(Capabilities::of(&[Capability::Search, Capability::Web])));
        assert_eq!(read_search.without(Capabilities::of(&[Capability::Read])), Capabilities::of(&[Capability::Search]));
        assert_eq!(Capabilities::NONE.to_string(), "nothing");
    }
}
