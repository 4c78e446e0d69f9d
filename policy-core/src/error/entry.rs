//! The messages of the Copilot policy entry (SPEC §1.2–1.5): selectors, the client mode and
//! the interlock, resolved lists read back.

use std::fmt;

use super::rule::{EMPTY_MODE_EMPTY_ALLOW_LIST, EMPTY_MODE_NEEDS_ALLOW_LIST, Error};
use crate::names::vocab::{ENTRY_KIND, ISOLATED, TOOL_FILTER_PRECEDENCE};
use crate::text::{Shown, did_you_mean, hint, one_of};

impl Error {
    /// The message of an entry error, or `None` for another subject.
    pub(super) fn entry_message(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match self {
            Error::DuplicateTool { qualified, first, second } => write!(
                f,
                "`{}` is listed twice, as `{}` (item {}) and `{}` (item {}); remove one",
                Shown(qualified),
                Shown(&first.1),
                first.0,
                Shown(&second.1),
                second.0
            ),
            Error::EmptyModeNeedsAllowList => f.write_str(EMPTY_MODE_NEEDS_ALLOW_LIST),
            Error::EmptyModeEmptyAllowList => f.write_str(EMPTY_MODE_EMPTY_ALLOW_LIST),
            Error::EmptyModeNeedsStorage => f.write_str(
                "an empty-mode client needs a base directory or a session file system; give one, and never share the client with another mode or directory",
            ),
            Error::UnknownClientMode { value, expected } => {
                let suggestion = did_you_mean(value, expected.iter().copied());
                write!(f, "unknown client mode `{}`; expected {}{}", Shown(value), one_of(expected), hint(suggestion))
            }
            Error::MissingKind => write!(
                f,
                "no policy here: a document without a `tools` array is a single policy entry, and it needs `\"kind\": \"{ENTRY_KIND}\"`"
            ),
            Error::WrongKind { found } => write!(
                f,
                "`kind` is `{}`, expected `{ENTRY_KIND}`: a document without a `tools` array is a single policy entry{}",
                Shown(found),
                hint(did_you_mean(found, [ENTRY_KIND]))
            ),
            Error::SecondPolicyEntry { first } => write!(
                f,
                "a second `{ENTRY_KIND}` entry (the first is /tools/{first}); an agent takes one policy entry, merge them into one"
            ),
            _ => return self.selector_message(f),
        })
    }

    /// The message of a selector error (or a resolved list's), or `None` for another subject.
    fn selector_message(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match self {
            Error::UnknownSelector { value } => write!(
                f,
                "unknown selector `{}`; expected `{ISOLATED}` or a list such as `[\"bash\", \"mcp:*\"]`{}",
                Shown(value),
                hint(did_you_mean(value, [ISOLATED]))
            ),
            Error::SelectorString { value } => {
                write!(f, "a selector is a list of names or `{ISOLATED}`, not a string; write `[\"{}\"]`", Shown(value))
            }
            Error::BareNameInResolved { name } => write!(
                f,
                "`{}` is bare; a resolved list holds source-qualified names only, such as `builtin:{}`",
                Shown(name),
                Shown(name)
            ),
            Error::WrongPrecedence { found } => write!(
                f,
                "`toolFilterPrecedence` is `{}`; a resolved policy always sends `{TOOL_FILTER_PRECEDENCE}` (deny wins)",
                Shown(found)
            ),
            Error::EmptySelector => {
                f.write_str("an empty selector selects nothing; give `tools` (a list of names) or `isolated` (true)")
            }
            Error::BothSelectorKeys => f.write_str("a selector takes `tools` or `isolated`, not both; keep one"),
            Error::IsolatedNotTrue => {
                f.write_str("`isolated` must be `true`; to choose tools by name use `tools` instead")
            }
            _ => return None,
        })
    }
}
