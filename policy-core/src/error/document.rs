//! The messages of how a document is written: its size and nesting, its keys and their
//! types, keys that restrict nothing where they stand ([`Stray`]), and the words a front door
//! takes (lints, runtimes).

use std::fmt;

use super::rule::Error;
use super::stray::Stray;
use super::warning::Lint;
use crate::names::vocab::{CAPABILITY_WORDS, ENTRY_KIND, MCP_TOOLS_KEY, MCP_TOOLS_NONE};
use crate::text::{Shown, did_you_mean, hint, one_of};

impl Error {
    /// The message of a document-level error, or `None` for another subject.
    pub(super) fn document_message(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match self {
            Error::UnknownKey { key, expected } => {
                let suggestion = did_you_mean(key, expected.iter().copied());
                write!(f, "unknown key `{}`; expected {}{}", Shown(key), one_of(expected), hint(suggestion))
            }
            Error::MissingKey { key } => write!(f, "missing key `{key}`"),
            Error::DuplicateKey { key } => write!(f, "`{}` is given twice; give each key once", Shown(key)),
            Error::StrayKey { key, exact, why } => stray(f, key, exact, *why),
            Error::WrongType { expected, found } => write!(f, "expected {expected}, found {found}"),
            Error::DocumentTooLarge { size, limit } => write!(
                f,
                "the document is {size} bytes or more, over the limit of {limit} bytes; a policy document is small, check that this is the right file"
            ),
            Error::TooDeep { limit } => write!(
                f,
                "the document nests deeper than {limit} levels; a policy document is shallow, check that this is the right file"
            ),
            Error::NotAttestable { reason } => write!(f, "nothing to attest: {reason}"),
            _ => return self.word_message(f),
        })
    }

    /// The message of an error of a word a front door takes (a lint, an MCP value, a
    /// capability, a runtime), or `None` for another subject.
    fn word_message(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match self {
            Error::UnknownLint { name } => {
                let suggestion = did_you_mean(name, Lint::NAMES.iter().copied());
                write!(f, "unknown lint `{}`; expected {}{}", Shown(name), one_of(Lint::NAMES), hint(suggestion))
            }
            Error::UnknownMcpTools { value } => write!(
                f,
                "unknown `{MCP_TOOLS_KEY}` value `{}`: write `\"{MCP_TOOLS_NONE}\"`, `{{\"only\": [..]}}` or `{{\"disable\": [..]}}` of servers (`github`) and tools (`github/create_issue`); leave `{MCP_TOOLS_KEY}` out to keep MCP tools",
                Shown(value)
            ),
            Error::BadMcpRef { written } => write!(
                f,
                "`{}` is not an MCP server or tool: write `<server>` or `<server>/<tool>`, names as the host gives them (not empty, without `/`, `*` or a control character)",
                Shown(written)
            ),
            Error::UnknownCapability { word } => {
                let suggestion = did_you_mean(word, CAPABILITY_WORDS.iter().copied());
                write!(
                    f,
                    "unknown capability `{}`; expected {}{}",
                    Shown(word),
                    one_of(CAPABILITY_WORDS),
                    hint(suggestion)
                )
            }
            Error::TwoPolicies { first, second } => {
                write!(f, "`{second}` and `{first}` both say what the agent may use, and one would be lost; keep one")
            }
            Error::UnknownRuntime { value, expected } => {
                let suggestion = did_you_mean(value, expected.iter().copied());
                write!(f, "unknown runtime `{}`; expected {}{}", Shown(value), one_of(expected), hint(suggestion))
            }
            Error::UnsupportedRuntime { runtime, supported } => write!(
                f,
                "runtime `{runtime}` cannot honour a built-in tool selection yet; supported runtimes are {}",
                one_of(supported).replace(" or ", " and ")
            ),
            Error::RuntimeNotCompiled { runtime, feature } => write!(
                f,
                "runtime `{runtime}` is not compiled into this build of tool-policy: enable its cargo feature `{feature}`"
            ),
            _ => return None,
        })
    }
}

/// A stray key's message: the key, why it restricts nothing here, and the fix.
fn stray(f: &mut fmt::Formatter<'_>, key: &str, exact: &str, why: Stray) -> fmt::Result {
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
