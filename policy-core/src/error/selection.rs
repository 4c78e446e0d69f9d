//! The messages of the CLI runtimes' selections (SPEC §2, §5): their shapes and names, checked
//! against a pinned catalog carried as data.

use std::fmt;

use super::rule::Error;
use crate::names::vocab::HOLDER_KEY;
use crate::text::{Shown, join};

impl Error {
    /// The message of a selection error, or `None` for another subject.
    pub(super) fn selection_message(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match self {
            Error::NoSelection { runtime } => write!(
                f,
                "no {runtime} selection: expected `disable`, `only` or `{HOLDER_KEY}`; write `\"{HOLDER_KEY}\": null` to say there is none"
            ),
            Error::BadShape { runtime } => write!(
                f,
                "a {runtime} selection is exactly one of `{{\"disable\": \"*\"}}`, `{{\"disable\": [names]}}` or `{{\"only\": [names]}}`",
            ),
            Error::DisableString { value } => write!(
                f,
                "`disable` takes `\"*\"` or a list of names, not `\"{}\"`; write `\"*\"` to disable every built-in tool",
                Shown(value)
            ),
            Error::UnknownCliTool { runtime, name, suggestion, removed, catalog, cli_version } => {
                let list = join(&mut catalog.iter().copied(), "'", ", ");
                if *removed {
                    return Some(write!(
                        f,
                        "'{}' was removed from {runtime} before {cli_version}; write one of its tools instead: [{list}]",
                        Shown(name)
                    ));
                }
                match suggestion {
                    Some(s) => write!(f, "'{}' is not one of [{list}]; did you mean `{s}`?", Shown(name)),
                    None => write!(
                        f,
                        "'{}' is not one of [{list}]; the names are those of {runtime} {cli_version}",
                        Shown(name)
                    ),
                }
            }
            Error::DuplicateCliTool { canonical, first } => write!(
                f,
                "`{}` is listed twice (first at item {first}, counting aliases as their canonical name); remove one",
                Shown(canonical)
            ),
            _ => return self.mcp_name_message(f),
        })
    }

    /// The message of an error of a runtime's grammar of names (MCP tools and rules, groups,
    /// what a configuration cannot say), or `None` for another subject.
    fn mcp_name_message(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match self {
            Error::BadMcpEntry { name } => write!(
                f,
                "`{}` is not an MCP entry the Gemini CLI matches: write `mcp_<server>_<tool>` or `mcp_<server>_*` (a server name has no `_`)",
                Shown(name)
            ),
            Error::BadMcpName { runtime, name, expected } => {
                write!(f, "`{}` is not an MCP tool {runtime} names: write {expected}", Shown(name))
            }
            Error::CannotSay { runtime, what, why } => write!(f, "the {runtime} cannot say {what}: {why}"),
            Error::PartOfGroup { runtime, name, setting, members, missing } => write!(
                f,
                "`{}` cannot be listed alone: {runtime}'s {setting} governs {} together; add {}, or list none of them",
                Shown(name),
                join(&mut members.iter().copied(), "`", ", "),
                join(&mut missing.iter().copied(), "`", ", "),
            ),
            Error::BadMcpRule { runtime, name, fix: Some((fix, written)), .. } => write!(
                f,
                "`{}` is not an MCP rule {runtime} matches: {written}; did you mean `{}`?",
                Shown(name),
                Shown(fix)
            ),
            Error::BadMcpRule { runtime, name, expected, fix: None } => {
                write!(f, "`{}` is not an MCP rule {runtime} matches: write {expected}", Shown(name))
            }
            _ => return None,
        })
    }
}
