//! Why a key restricts nothing where it stands: the reasons of the closed-world rule.

use std::fmt;

use crate::names::vocab::{ENTRY_KIND, HOLDER_KEY};
use crate::text::Shown;

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

/// A stray key's message: the key, why it restricts nothing here, and the fix.
pub(super) fn stray_message(f: &mut fmt::Formatter<'_>, key: &str, exact: &str, why: Stray) -> fmt::Result {
    let key = Shown(key);
    match why {
        Stray::NearMiss => {
            write!(f, "`{key}` is not `{exact}`: a key that only reads as `{exact}` restricts nothing; write `{exact}`")
        }
        Stray::NotRead { owner, runtime } => {
            written_as(f, key, exact)?;
            write!(
                f,
                " belongs to {owner}; {runtime} never receives it from this document, so it restricts nothing: remove it"
            )
        }
        Stray::NotAnAgentFilter { agent, filter } => {
            written_as(f, key, exact)?;
            write!(f, " is no filter of {agent}: the SDK drops it, so it restricts nothing; its filter is `{filter}`")
        }
        Stray::NoExactForm { agent, filter } => {
            written_as(f, key, exact)?;
            write!(
                f,
                " is no filter of {agent}: the SDK drops it, so it restricts nothing; {agent}'s `{filter}` is an exact list of names, with no pattern for every custom or MCP tool the session has, so a portable policy cannot be said there exactly: list the agent's tools in `{filter}`"
            )
        }
        Stray::EntryKeyOutside => write!(
            f,
            "`{key}` is a key of a `{ENTRY_KIND}` entry; at a definition's top level it restricts nothing: put it in an item of `tools` with `\"kind\": \"{ENTRY_KIND}\"`"
        ),
        Stray::WithoutKind => write!(
            f,
            "this item holds the policy key `{key}` but not `\"kind\": \"{ENTRY_KIND}\"`; without the exact kind it restricts nothing"
        ),
        Stray::Nested => write!(
            f,
            "a `{ENTRY_KIND}` entry inside another tool's fields restricts nothing; make it an item of the definition's `tools`"
        ),
        Stray::BesideHolder { holder } => write!(
            f,
            "`{key}` stands beside `{holder}`, which holds the selection; move it into `{holder}` or remove it"
        ),
        Stray::Elsewhere { home } => {
            written_as(f, key, exact)?;
            write!(f, " governs tools only in {home}; here it restricts nothing: move it there, or remove it")
        }
        Stray::OtherRuntime { runtime } => write!(
            f,
            "`{key}` belongs to the `{runtime}` runtime's selection; add `runtime: {runtime}` or use this runtime's keys"
        ),
    }
}

/// `` `key` ``, or `` `key` reads as `exact`, which `` when the key only reads as it.
fn written_as(f: &mut fmt::Formatter<'_>, key: Shown<'_>, exact: &str) -> fmt::Result {
    write!(f, "`{key}`")?;
    if key.0 != exact {
        write!(f, " reads as `{exact}`, which")?;
    }
    Ok(())
}
