//! Why a key restricts nothing where it stands: the reasons of the closed-world rule.

use crate::names::vocab::HOLDER_KEY;

/// Why a key restricts nothing where it stands (SPEC §6), and so the fix: the reason of
/// [`Error::StrayKey`](crate::Error::StrayKey), one per place the closed-world table refuses a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stray {
    /// It only reads as the governing key (case, spacing, an invisible or look-alike
    /// character, a typo).
    NearMiss,
    /// It belongs to another runtime's policy or to the runtime's own settings: the runtime
    /// the document is read for never receives it from the document.
    NotRead {
        /// Whose key it is: `Claude Code's sub-agents`, `a Copilot policy entry`, ….
        owner: &'static str,
        /// The runtime the document is read for.
        runtime: &'static str,
    },
    /// A tool filter this agent does not have (a custom agent's `excludedTools`, the default
    /// agent's `tools`): the SDK drops it.
    NotAnAgentFilter {
        /// `a custom agent` or `the default agent`.
        agent: &'static str,
        /// The filter that agent has.
        filter: &'static str,
    },
    /// A portable policy where the agent's one filter is an exact list of names, with no
    /// pattern for every custom or MCP tool the session has (a Copilot custom agent's
    /// `tools`): it cannot be said there exactly, and the SDK drops it.
    NoExactForm {
        /// `a custom agent`.
        agent: &'static str,
        /// The filter that agent has.
        filter: &'static str,
    },
    /// A policy entry's key at a definition's top level.
    EntryKeyOutside,
    /// A `tools` item holding a policy key without the exact `kind` of a policy entry.
    WithoutKind,
    /// A policy entry inside another tool's fields.
    Nested,
    /// A selection key (`only`, `disable`) beside the holder that holds the selection.
    BesideHolder {
        /// The holder.
        holder: &'static str,
    },
    /// A word that governs tools elsewhere, and nowhere here (SPEC §6): written here it
    /// restricts nothing.
    Elsewhere {
        /// Where it governs, in a sentence's words.
        home: &'static str,
    },
    /// A key of another runtime's form of the macro.
    OtherRuntime {
        /// The runtime it belongs to, as the macro spells it.
        runtime: &'static str,
    },
}

/// The holder key, for [`Stray::BesideHolder`] at a selection's holder.
pub(crate) const BESIDE_HOLDER: Stray = Stray::BesideHolder { holder: HOLDER_KEY };
