//! Every rule a policy can break, with one message per rule, shared by the JSON loader, the
//! builder's fallible path and the proc macro.

use std::fmt;

use crate::suggest::hint;
use crate::wire::WireError;

/// Which selector slot of a Copilot policy entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// `available-tools` (the allow-list).
    Available,
    /// `excluded-tools` (the deny-list).
    Excluded,
}

impl Slot {
    /// The key in a JSON entry.
    pub const fn json_key(self) -> &'static str {
        match self {
            Slot::Available => "available-tools",
            Slot::Excluded => "excluded-tools",
        }
    }

    /// The key in `builtin_tools! { … }`.
    pub const fn macro_key(self) -> &'static str {
        match self {
            Slot::Available => "available_tools",
            Slot::Excluded => "excluded_tools",
        }
    }
}

/// A place inside one policy entry or selection, independent of the front door that wrote
/// it. The JSON loader turns it into a JSON pointer, the macro into a span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum At {
    /// The entry as a whole.
    Entry,
    /// The client mode's value.
    ClientMode,
    /// A selector (`available-tools` / `excluded-tools`).
    Selector(Slot),
    /// A selector's `tools` list.
    Tools(Slot),
    /// One item of a selector's `tools` list.
    Tool(Slot, usize),
    /// One name of a Claude Code selection's list.
    ClaudeTool(usize),
}

/// A rule a document or a policy breaks. `Display` gives the rule, then the fix.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A string that is not a wire name.
    Wire(WireError),
    /// The same tool twice in one list, after qualification (`bash` and `builtin:bash`).
    DuplicateTool {
        /// The qualified form both entries share.
        qualified: String,
        /// Index and text of the first occurrence.
        first: (usize, String),
        /// Index and text of the second occurrence.
        second: (usize, String),
    },
    /// Empty client mode without an allow-list.
    EmptyModeNeedsAllowList,
    /// Empty client mode with `tools: []` as the allow-list.
    EmptyModeEmptyAllowList,
    /// An empty-mode client without a base directory or session file system.
    EmptyModeNeedsStorage,
    /// A client mode that does not exist.
    UnknownClientMode {
        /// What was written.
        value: String,
        /// The accepted spellings in this front door.
        expected: &'static [&'static str],
    },
    /// A key that does not belong here.
    UnknownKey {
        /// What was written.
        key: String,
        /// The keys accepted here.
        expected: &'static [&'static str],
    },
    /// A selector in `builtin_tools!` that is neither a list nor `isolated`.
    UnknownSelector {
        /// What was written.
        value: String,
    },
    /// A `runtime:` in `builtin_tools!` that does not exist.
    UnknownRuntime {
        /// What was written.
        value: String,
        /// The accepted spellings.
        expected: &'static [&'static str],
    },
    /// A key of one runtime's selection used with the other runtime.
    KeyOfOtherRuntime {
        /// The key.
        key: String,
        /// The runtime it belongs to.
        runtime: &'static str,
    },
    /// A key given twice.
    DuplicateKey {
        /// The key.
        key: String,
    },
    /// A selector with neither `tools` nor `isolated`.
    EmptySelector,
    /// A selector with both `tools` and `isolated`.
    BothSelectorKeys,
    /// `isolated` given as anything but `true`.
    IsolatedNotTrue,
    /// A value of the wrong JSON type.
    WrongType {
        /// What the rule wants.
        expected: &'static str,
        /// What was found.
        found: &'static str,
    },
    /// A single entry without `kind`.
    MissingKind,
    /// A single entry whose `kind` is not this library's.
    WrongKind {
        /// The kind found.
        found: String,
        /// The kind expected.
        expected: &'static str,
    },
    /// A second policy entry in one agent definition.
    SecondPolicyEntry {
        /// The index in `tools` of the first.
        first: usize,
    },
    /// A document over the size limit.
    DocumentTooLarge {
        /// The document's size in bytes (at least; reading stops past the limit).
        size: usize,
        /// The limit.
        limit: usize,
    },
    /// A document nested deeper than the limit.
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// A Claude Code selection that is not exactly one of its three shapes.
    ClaudeShape,
    /// `disable` given a string other than `"*"`.
    ClaudeDisableString {
        /// What was written.
        value: String,
    },
    /// A name the pinned Claude Code catalog does not have.
    ClaudeUnknownTool {
        /// What was written.
        name: String,
        /// The nearest catalog name.
        suggestion: Option<&'static str>,
        /// The CLI version that removed it, for a removed name.
        removed: bool,
    },
    /// The same Claude Code tool twice (after aliases are rewritten).
    ClaudeDuplicateTool {
        /// The canonical name.
        canonical: &'static str,
        /// Index of the first occurrence.
        first: usize,
    },
    /// A runtime this library knows of but cannot yet apply a selection to.
    UnsupportedRuntime {
        /// The runtime's name.
        runtime: String,
    },
    /// A sub-agent tool entry written with a `source:` prefix, which matches nothing there.
    SubagentQualifiedName {
        /// What was written.
        entry: String,
        /// The bare form to write instead.
        bare: String,
    },
    /// A sub-agent tool entry that is not a runtime tool name.
    SubagentInvalidName {
        /// What was written.
        entry: String,
    },
    /// The same sub-agent tool twice.
    SubagentDuplicateName {
        /// The name.
        entry: String,
        /// Index of the first occurrence.
        first: usize,
    },
}

impl fmt::Display for Error {
    #[allow(clippy::too_many_lines)]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Wire(error) => error.fmt(f),
            Error::DuplicateTool {
                qualified,
                first,
                second,
            } => write!(
                f,
                "`{qualified}` is listed twice, as `{}` (item {}) and `{}` (item {}); remove one",
                first.1, first.0, second.1, second.0
            ),
            Error::EmptyModeNeedsAllowList => f.write_str(EMPTY_MODE_NEEDS_ALLOW_LIST),
            Error::EmptyModeEmptyAllowList => f.write_str(EMPTY_MODE_EMPTY_ALLOW_LIST),
            Error::EmptyModeNeedsStorage => f.write_str(
                "an empty-mode client needs a base directory or a session file system; give one, and never share the client with another mode or directory",
            ),
            Error::UnknownClientMode { value, expected } => {
                let suggestion = crate::suggest::did_you_mean(value, expected.iter().copied());
                write!(f, "unknown client mode `{value}`; expected {}{}", one_of(expected), hint(suggestion))
            }
            Error::UnknownKey { key, expected } => {
                let suggestion = crate::suggest::did_you_mean(key, expected.iter().copied());
                write!(f, "unknown key `{key}`; expected {}{}", one_of(expected), hint(suggestion))
            }
            Error::UnknownSelector { value } => {
                let suggestion = crate::suggest::did_you_mean(value, ["isolated"]);
                write!(f, "unknown selector `{value}`; expected `isolated` or a list such as `[\"bash\", \"mcp:*\"]`{}", hint(suggestion))
            }
            Error::UnknownRuntime { value, expected } => {
                let suggestion = crate::suggest::did_you_mean(value, expected.iter().copied());
                write!(f, "unknown runtime `{value}`; expected {}{}", one_of(expected), hint(suggestion))
            }
            Error::KeyOfOtherRuntime { key, runtime } => write!(
                f,
                "`{key}` belongs to the `{runtime}` runtime's selection; add `runtime: {runtime}` or use this runtime's keys"
            ),
            Error::DuplicateKey { key } => write!(f, "`{key}` is given twice; give each key once"),
            Error::EmptySelector => f.write_str(
                "an empty selector selects nothing; give `tools` (a list of names) or `isolated` (true)",
            ),
            Error::BothSelectorKeys => {
                f.write_str("a selector takes `tools` or `isolated`, not both; keep one")
            }
            Error::IsolatedNotTrue => {
                f.write_str("`isolated` must be `true`; to choose tools by name use `tools` instead")
            }
            Error::WrongType { expected, found } => write!(f, "expected {expected}, found {found}"),
            Error::MissingKind => f.write_str(
                "missing `kind`; a policy entry has `\"kind\": \"github-cli-builtin-tools\"`",
            ),
            Error::WrongKind { found, expected } => {
                let suggestion = crate::suggest::did_you_mean(found, [*expected]);
                write!(f, "`kind` is `{found}`, expected `{expected}`{}", hint(suggestion))
            }
            Error::SecondPolicyEntry { first } => write!(
                f,
                "a second `github-cli-builtin-tools` entry (the first is /tools/{first}); an agent takes one policy entry, merge them into one"
            ),
            Error::DocumentTooLarge { size, limit } => write!(
                f,
                "the document is {size} bytes or more, over the limit of {limit} bytes; a policy document is small, check that this is the right file"
            ),
            Error::TooDeep { limit } => write!(
                f,
                "the document nests deeper than {limit} levels; a policy document is shallow, check that this is the right file"
            ),
            Error::ClaudeShape => f.write_str(
                "a Claude Code selection is exactly one of `{\"disable\": \"*\"}`, `{\"disable\": [names]}` or `{\"only\": [names]}`",
            ),
            Error::ClaudeDisableString { value } => write!(
                f,
                "`disable` takes `\"*\"` or a list of names, not `{value:?}`; write `\"*\"` to disable every built-in tool"
            ),
            Error::ClaudeUnknownTool {
                name,
                suggestion,
                removed,
            } => {
                if *removed {
                    write!(f, "'{name}' was removed from Claude Code before {}; ", crate::claude::CLI_VERSION)?;
                } else {
                    write!(f, "'{name}' is not one of [")?;
                    for (i, tool) in crate::claude::ClaudeTool::ALL.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "'{}'", tool.name())?;
                    }
                    f.write_str("]; ")?;
                }
                match suggestion {
                    Some(s) => write!(f, "did you mean `{s}`?"),
                    None => write!(f, "the names are those of Claude Code {}", crate::claude::CLI_VERSION),
                }
            }
            Error::ClaudeDuplicateTool { canonical, first } => write!(
                f,
                "`{canonical}` is listed twice (first at item {first}, counting aliases as their canonical name); remove one"
            ),
            Error::UnsupportedRuntime { runtime } => write!(
                f,
                "runtime `{runtime}` cannot honour a built-in tool selection yet; supported runtimes are `copilot` and `claude-code`"
            ),
            Error::SubagentQualifiedName { entry, bare } => write!(
                f,
                "`{entry}` matches nothing in a sub-agent's tool list, which takes unprefixed runtime names; write `{bare}`"
            ),
            Error::SubagentInvalidName { entry } => write!(
                f,
                "`{entry}` is not a runtime tool name; a sub-agent's tools are names of `[A-Za-z0-9_-]` or `<server>/*`"
            ),
            Error::SubagentDuplicateName { entry, first } => {
                write!(f, "`{entry}` is listed twice (first at item {first}); remove one")
            }
        }
    }
}

impl std::error::Error for Error {}

impl From<WireError> for Error {
    fn from(error: WireError) -> Error {
        Error::Wire(error)
    }
}

/// The interlock of SPEC §1.3, first half.
pub const EMPTY_MODE_NEEDS_ALLOW_LIST: &str = "empty client mode needs an allow-list: an empty-mode client offers nothing by default; set the available tools to `isolated` or a non-empty list such as [\"mcp:*\"]";
/// The interlock of SPEC §1.3, second half.
pub const EMPTY_MODE_EMPTY_ALLOW_LIST: &str = "empty client mode cannot take an empty allow-list: the session would offer no tool at all; name the tools it may use, such as [\"mcp:*\"], or use `isolated`";

fn one_of(expected: &[&str]) -> String {
    match expected {
        [] => String::from("nothing"),
        [one] => format!("`{one}`"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|k| format!("`{k}`")).collect();
            format!("{} or `{last}`", init.join(", "))
        }
    }
}

/// Something valid but probably not what the author meant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// A built-in name the pinned Copilot catalog does not have. Not an error: runtimes gain
    /// tools between versions.
    UnknownBuiltin {
        /// The name.
        name: String,
        /// The nearest catalog name.
        suggestion: Option<&'static str>,
    },
    /// A tool entry whose `kind` is one typo away from `github-cli-builtin-tools`: it passes
    /// through as another kind and restricts nothing.
    NearMissKind {
        /// The kind written.
        kind: String,
    },
    /// A legacy Claude Code name, rewritten to its canonical name.
    ClaudeAlias {
        /// The legacy name written.
        alias: String,
        /// The canonical name it became.
        canonical: &'static str,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::UnknownBuiltin { name, suggestion } => write!(
                f,
                "`{name}` is not a built-in tool of Copilot CLI {}{}; it matches no built-in there",
                crate::copilot::CLI_VERSION,
                hint(*suggestion)
            ),
            Warning::NearMissKind { kind } => write!(
                f,
                "`kind` is `{kind}`, not `github-cli-builtin-tools`: this entry is passed through as another tool kind and restricts nothing (did you mean `github-cli-builtin-tools`?)"
            ),
            Warning::ClaudeAlias { alias, canonical } => write!(
                f,
                "`{alias}` is a legacy name of `{canonical}`; it was rewritten to `{canonical}`, write that instead"
            ),
        }
    }
}

/// An error or warning at a JSON pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// The RFC 6901 pointer (`""` for the whole document).
    pub pointer: String,
    /// What is wrong there.
    pub item: T,
}

impl<T: fmt::Display> fmt::Display for Located<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pointer, self.item)
    }
}

/// Every error of a document at once, and its warnings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The errors, in document order.
    pub errors: Vec<Located<Error>>,
    /// The warnings, in document order.
    pub warnings: Vec<Located<Warning>>,
}

impl Report {
    /// Whether there is no error (warnings do not count).
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }
}

impl fmt::Display for Report {
    /// One `<pointer>: <message>` line per error.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            error.fmt(f)?;
        }
        Ok(())
    }
}

impl std::error::Error for Report {}
