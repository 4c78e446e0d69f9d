//! Every rule a policy can break, with one message per rule, shared by the JSON reader, the
//! builder's fallible path and the proc macro. The error type knows no catalog: a message
//! about a runtime's names carries the names it needs as data.
//!
//! Every piece of document text a message prints goes through [`Shown`], so one error is
//! always one line and no document can forge output.

use std::borrow::Cow;
use std::fmt;

use crate::names::vocab::{ENTRY_KIND, HOLDER_KEY, ISOLATED, TOOL_FILTER_PRECEDENCE};
use crate::names::wire::WireError;
use crate::text::{Shown, did_you_mean, hint, join, lines, one_of};

pub use crate::names::vocab::Slot;

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
    /// One name of a Claude Code or Gemini CLI selection's list.
    SelectionTool(usize),
    /// One entry of a sub-agent's `tools` list.
    AgentTool(usize),
}

impl fmt::Display for At {
    /// The place, relative to the entry, selection or list it is in.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Entry => f.write_str("the entry"),
            At::ClientMode => f.write_str(crate::names::vocab::CLIENT_MODE_KEY),
            At::Selector(slot) => f.write_str(slot.json_key()),
            At::Tools(slot) => write!(f, "{}/tools", slot.json_key()),
            At::Tool(slot, i) => write!(f, "{}/tools/{i}", slot.json_key()),
            At::SelectionTool(i) | At::AgentTool(i) => write!(f, "item {i}"),
        }
    }
}

/// Every error of a policy built in code, each with its place. `Display` gives one
/// `<place>: <message>` line per error; it is a `std::error::Error + Send + Sync`, so `?`
/// into `Box<dyn Error>` or `anyhow` keeps them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Errors(Vec<(At, Error)>);

impl Errors {
    /// The errors, in the order they were found.
    pub fn into_vec(self) -> Vec<(At, Error)> {
        self.0
    }
}

impl From<Vec<(At, Error)>> for Errors {
    fn from(errors: Vec<(At, Error)>) -> Errors {
        Errors(errors)
    }
}

impl std::ops::Deref for Errors {
    type Target = [(At, Error)];

    fn deref(&self) -> &[(At, Error)] {
        &self.0
    }
}

impl<const N: usize> PartialEq<[(At, Error); N]> for Errors {
    fn eq(&self, other: &[(At, Error); N]) -> bool {
        self.0 == other
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        lines(f, self.0.iter().map(|(at, error)| Located { pointer: at.to_string(), item: error }))
    }
}

impl std::error::Error for Errors {}

/// A rule a document or a policy breaks. `Display` gives the rule, then the fix, on one line.
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
        /// What was written: an identifier, or what kind of token it was.
        value: String,
    },
    /// A bare name in a resolved list, which holds source-qualified names only.
    BareNameInResolved {
        /// The name.
        name: String,
    },
    /// A runtime's report that holds nothing to attest.
    NotAttestable {
        /// Why.
        reason: &'static str,
    },
    /// A lint name that does not exist.
    UnknownLint {
        /// What was written.
        name: String,
    },
    /// A string where a selector belongs (`available_tools: "*"` in the macro).
    SelectorString {
        /// The string written.
        value: String,
    },
    /// A runtime that does not exist.
    UnknownRuntime {
        /// What was written.
        value: String,
        /// The supported runtimes, spelled as this front door spells them.
        expected: &'static [&'static str],
    },
    /// A key of one runtime's selection used with the other runtime.
    KeyOfOtherRuntime {
        /// The key.
        key: String,
        /// The runtime it belongs to, spelled as this front door spells it.
        runtime: &'static str,
    },
    /// A required key that is not there.
    MissingKey {
        /// The key.
        key: &'static str,
    },
    /// A stored resolved policy whose `toolFilterPrecedence` is not `excluded`.
    WrongPrecedence {
        /// What it said.
        found: String,
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
    },
    /// A second policy entry in one agent definition.
    SecondPolicyEntry {
        /// The index in `tools` of the first.
        first: usize,
    },
    /// A key that reads as one that governs tools but is not it (case, spacing, an invisible
    /// or look-alike character, a typo): it would pass through and restrict nothing.
    NearMissKey {
        /// The key as written.
        key: String,
        /// The key it reads as.
        exact: &'static str,
    },
    /// A key of another runtime's policy, or one that reads as it (Claude Code's `agents`
    /// beside a Gemini CLI selection, a Copilot entry's keys beside a selection, a selection's
    /// `builtin_tools` in a Copilot definition): the runtime the document is read for never
    /// gets it, so it would restrict nothing.
    NotReadByRuntime {
        /// The key as written.
        key: String,
        /// The key it is, or reads as.
        exact: &'static str,
        /// Whose key it is: `Claude Code's sub-agents`, `a Copilot policy entry`, ….
        owner: &'static str,
        /// The runtime the document is read for.
        runtime: &'static str,
    },
    /// A tool filter a Copilot custom agent or the default agent does not have (a custom
    /// agent's `excludedTools`, the default agent's `tools`), or a key that reads as one: the
    /// SDK drops it, so it would restrict nothing.
    NotAnAgentFilter {
        /// The key as written.
        key: String,
        /// The filter it is, or reads as.
        exact: &'static str,
        /// `a custom agent` or `the default agent`.
        agent: &'static str,
        /// The filter that agent has.
        filter: &'static str,
    },
    /// A policy entry's key outside an entry, at a definition's top level.
    PolicyOutOfPlace {
        /// The key as written.
        key: String,
    },
    /// A `tools` item holding policy keys without the exact `kind` of a policy entry.
    PolicyWithoutKind {
        /// The policy key it holds.
        key: String,
    },
    /// A policy entry inside another tool's fields.
    NestedPolicy,
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
    /// A Claude Code or Gemini CLI input with no selection in it.
    NoSelection {
        /// The runtime, as messages name it (`Claude Code`).
        runtime: &'static str,
    },
    /// A Claude Code selection key at the top of an object that also has `builtin_tools`.
    SelectionBesideHolder {
        /// `disable` or `only`.
        key: String,
    },
    /// A selection that is not exactly one of its three shapes.
    BadShape {
        /// The runtime, as messages name it.
        runtime: &'static str,
    },
    /// `disable` given a string other than `"*"`.
    DisableString {
        /// What was written.
        value: String,
    },
    /// A name the runtime's pinned catalog does not have.
    UnknownCliTool {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// What was written.
        name: String,
        /// The nearest catalog name, or the canonical name of a differently-cased alias.
        suggestion: Option<&'static str>,
        /// Whether an earlier CLI had this name.
        removed: bool,
        /// The catalog's canonical names.
        catalog: &'static [&'static str],
        /// The CLI version of the catalog.
        cli_version: &'static str,
    },
    /// An MCP entry of a Gemini CLI selection outside the CLI's grammar.
    BadMcpEntry {
        /// What was written.
        name: String,
    },
    /// An MCP rule of a Claude Code sub-agent outside the CLI's grammar.
    BadClaudeMcpRule {
        /// What was written.
        name: String,
    },
    /// A sub-agent's `tools` names a built-in the main selection took away.
    AgentBeyondMain {
        /// The agent.
        agent: String,
        /// The tool.
        tool: &'static str,
        /// Whether the CLI offers it to the agent anyway (`Glob`, `Grep`).
        leaks: bool,
    },
    /// `agent_only` names a built-in the CLI never offers a sub-agent once the main
    /// selection takes it away.
    AgentOnlyUnreachable {
        /// The tool.
        tool: &'static str,
    },
    /// A Copilot custom agent whose `name` is empty or already taken by an earlier agent:
    /// agents are told apart by name, so one of them restricts nothing.
    AgentNameNotOwn {
        /// The name as written.
        name: String,
        /// The index of the earlier agent of that name, when it is a repeat.
        first: Option<usize>,
    },
    /// A Claude Code agent name outside `[A-Za-z0-9_-]`.
    BadAgentName {
        /// What was written.
        name: String,
    },
    /// `agent_only` names a built-in the main selection does not take away.
    AgentOnlyNotTaken {
        /// The tool.
        tool: &'static str,
    },
    /// The same tool twice in a selection (after aliases are rewritten).
    DuplicateCliTool {
        /// The canonical name.
        canonical: String,
        /// Index of the first occurrence.
        first: usize,
    },
    /// A runtime this library knows of but cannot yet apply a selection to.
    UnsupportedRuntime {
        /// The runtime's name.
        runtime: &'static str,
        /// The supported runtimes, spelled as this front door spells them.
        supported: &'static [&'static str],
    },
    /// A sub-agent tool entry written with a `source:` prefix, which matches nothing there.
    SubagentQualifiedName {
        /// What was written.
        entry: String,
        /// The unprefixed form to write instead, when one means no more than what was
        /// written; `None` when every unprefixed form would grant more.
        bare: Option<String>,
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
    /// A warning that strict mode refuses.
    Strict(Warning),
}

/// `` `key` ``, or `` `key` reads as `exact`, which `` when the key only reads as it.
fn written_as(f: &mut fmt::Formatter<'_>, key: &str, exact: &str) -> fmt::Result {
    write!(f, "`{}`", Shown(key))?;
    if key != exact {
        write!(f, " reads as `{exact}`, which")?;
    }
    Ok(())
}

impl fmt::Display for Error {
    #[allow(clippy::too_many_lines)]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Wire(error) => error.fmt(f),
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
            Error::UnknownKey { key, expected } => {
                let suggestion = did_you_mean(key, expected.iter().copied());
                write!(f, "unknown key `{}`; expected {}{}", Shown(key), one_of(expected), hint(suggestion))
            }
            Error::UnknownSelector { value } => {
                let suggestion = did_you_mean(value, [ISOLATED]);
                write!(
                    f,
                    "unknown selector `{}`; expected `{ISOLATED}` or a list such as `[\"bash\", \"mcp:*\"]`{}",
                    Shown(value),
                    hint(suggestion)
                )
            }
            Error::BareNameInResolved { name } => write!(
                f,
                "`{}` is bare; a resolved list holds source-qualified names only, such as `builtin:{}`",
                Shown(name),
                Shown(name)
            ),
            Error::NotAttestable { reason } => write!(f, "nothing to attest: {reason}"),
            Error::UnknownLint { name } => {
                let suggestion = did_you_mean(name, Lint::NAMES.iter().copied());
                write!(f, "unknown lint `{}`; expected {}{}", Shown(name), one_of(Lint::NAMES), hint(suggestion))
            }
            Error::SelectorString { value } => write!(
                f,
                "a selector is a list of names or `{ISOLATED}`, not a string; write `[\"{}\"]`",
                Shown(value)
            ),
            Error::UnknownRuntime { value, expected } => {
                let suggestion = did_you_mean(value, expected.iter().copied());
                write!(f, "unknown runtime `{}`; expected {}{}", Shown(value), one_of(expected), hint(suggestion))
            }
            Error::KeyOfOtherRuntime { key, runtime } => write!(
                f,
                "`{}` belongs to the `{runtime}` runtime's selection; add `runtime: {runtime}` or use this runtime's keys",
                Shown(key)
            ),
            Error::DuplicateKey { key } => write!(f, "`{}` is given twice; give each key once", Shown(key)),
            Error::EmptySelector => f.write_str(
                "an empty selector selects nothing; give `tools` (a list of names) or `isolated` (true)",
            ),
            Error::BothSelectorKeys => f.write_str("a selector takes `tools` or `isolated`, not both; keep one"),
            Error::IsolatedNotTrue => {
                f.write_str("`isolated` must be `true`; to choose tools by name use `tools` instead")
            }
            Error::WrongType { expected, found } => write!(f, "expected {expected}, found {found}"),
            Error::MissingKind => write!(
                f,
                "no policy here: a document without a `tools` array is a single policy entry, and it needs `\"kind\": \"{ENTRY_KIND}\"`"
            ),
            Error::WrongKind { found } => {
                let suggestion = did_you_mean(found, [ENTRY_KIND]);
                write!(
                    f,
                    "`kind` is `{}`, expected `{ENTRY_KIND}`: a document without a `tools` array is a single policy entry{}",
                    Shown(found),
                    hint(suggestion)
                )
            }
            Error::SecondPolicyEntry { first } => write!(
                f,
                "a second `{ENTRY_KIND}` entry (the first is /tools/{first}); an agent takes one policy entry, merge them into one"
            ),
            Error::NearMissKey { key, exact } => write!(
                f,
                "`{}` is not `{exact}`: a key that only reads as `{exact}` restricts nothing; write `{exact}`",
                Shown(key)
            ),
            Error::NotReadByRuntime { key, exact, owner, runtime } => {
                written_as(f, key, exact)?;
                write!(f, " belongs to {owner}; {runtime} never receives it from this document, so it restricts nothing: remove it")
            }
            Error::NotAnAgentFilter { key, exact, agent, filter } => {
                written_as(f, key, exact)?;
                write!(f, " is no filter of {agent}: the SDK drops it, so it restricts nothing; its filter is `{filter}`")
            }
            Error::PolicyOutOfPlace { key } => write!(
                f,
                "`{}` is a key of a `{ENTRY_KIND}` entry; at a definition's top level it restricts nothing: put it in an item of `tools` with `\"kind\": \"{ENTRY_KIND}\"`",
                Shown(key)
            ),
            Error::PolicyWithoutKind { key } => write!(
                f,
                "this item holds the policy key `{}` but not `\"kind\": \"{ENTRY_KIND}\"`; without the exact kind it restricts nothing",
                Shown(key)
            ),
            Error::NestedPolicy => write!(
                f,
                "a `{ENTRY_KIND}` entry inside another tool's fields restricts nothing; make it an item of the definition's `tools`"
            ),
            Error::DocumentTooLarge { size, limit } => write!(
                f,
                "the document is {size} bytes or more, over the limit of {limit} bytes; a policy document is small, check that this is the right file"
            ),
            Error::MissingKey { key } => write!(f, "missing key `{key}`"),
            Error::WrongPrecedence { found } => write!(
                f,
                "`toolFilterPrecedence` is `{}`; a resolved policy always sends `{TOOL_FILTER_PRECEDENCE}` (deny wins)",
                Shown(found)
            ),
            Error::TooDeep { limit } => write!(
                f,
                "the document nests deeper than {limit} levels; a policy document is shallow, check that this is the right file"
            ),
            Error::NoSelection { runtime } => write!(
                f,
                "no {runtime} selection: expected `disable`, `only` or `{HOLDER_KEY}`; write `\"{HOLDER_KEY}\": null` to say there is none"
            ),
            Error::SelectionBesideHolder { key } => write!(
                f,
                "`{}` stands beside `{HOLDER_KEY}`, which holds the selection; move it into `{HOLDER_KEY}` or remove it",
                Shown(key)
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
                    return write!(
                        f,
                        "'{}' was removed from {runtime} before {cli_version}; write one of its tools instead: [{list}]",
                        Shown(name)
                    );
                }
                write!(f, "'{}' is not one of [{list}]; ", Shown(name))?;
                match suggestion {
                    Some(s) => write!(f, "did you mean `{s}`?"),
                    None => write!(f, "the names are those of {runtime} {cli_version}"),
                }
            }
            Error::BadMcpEntry { name } => write!(
                f,
                "`{}` is not an MCP entry the Gemini CLI matches: write `mcp_<server>_<tool>` or `mcp_<server>_*` (a server name has no `_`)",
                Shown(name)
            ),
            Error::BadClaudeMcpRule { name } => write!(
                f,
                "`{}` is not an MCP rule Claude Code matches: write `mcp__<server>__<tool>`, `mcp__<server>__*`, `mcp__<server>` or `mcp__*`",
                Shown(name)
            ),
            Error::AgentBeyondMain { agent, tool, leaks: true } => write!(
                f,
                "agent `{}` lists `{tool}`, which the main selection takes away, and Claude Code offers it to the agent anyway: remove it, or leave it to the agents with `\"agent_only\": [\"{tool}\"]`",
                Shown(agent)
            ),
            Error::AgentBeyondMain { agent, tool, leaks: false } => write!(
                f,
                "agent `{}` lists `{tool}`, which the main selection takes away, and Claude Code never offers it to the agent then (the main selection bounds a sub-agent's `tools`): remove it, or permit it in the main selection",
                Shown(agent)
            ),
            Error::AgentOnlyUnreachable { tool } => write!(
                f,
                "`agent_only` names `{tool}`, but Claude Code never offers a sub-agent a built-in the main selection takes away, except `Glob` and `Grep`: it cannot be left to the agents"
            ),
            Error::AgentNameNotOwn { name, first: None } => write!(
                f,
                "a custom agent's `name` is empty{}: agents are started and told apart by name, so it restricts nothing; give it a name of its own",
                if name.is_empty() { "" } else { " once trimmed" }
            ),
            Error::AgentNameNotOwn { name, first: Some(first) } => write!(
                f,
                "custom agent `{}` is already defined at index {first}: agents are told apart by name, so one of the two restricts nothing; give each agent a name of its own",
                Shown(name)
            ),
            Error::BadAgentName { name } => write!(
                f,
                "`{}` is not an agent name Claude Code takes: one or more of `[A-Za-z0-9_-]`",
                Shown(name)
            ),
            Error::AgentOnlyNotTaken { tool } => write!(
                f,
                "`agent_only` names `{tool}`, which the main selection does not take away; `agent_only` leaves to the agents only tools taken from the main agent"
            ),
            Error::DuplicateCliTool { canonical, first } => write!(
                f,
                "`{}` is listed twice (first at item {first}, counting aliases as their canonical name); remove one",
                Shown(canonical)
            ),
            Error::UnsupportedRuntime { runtime, supported } => write!(
                f,
                "runtime `{runtime}` cannot honour a built-in tool selection yet; supported runtimes are {}",
                one_of(supported).replace(" or ", " and ")
            ),
            Error::SubagentQualifiedName { entry, bare } => {
                write!(
                    f,
                    "`{}` matches nothing in a sub-agent's tool list, which takes unprefixed runtime names",
                    Shown(entry)
                )?;
                match bare {
                    Some(bare) => write!(f, "; write `{}`", Shown(bare)),
                    None => f.write_str("; list the tools by name, or `<server>/*` for one MCP server"),
                }
            }
            Error::SubagentInvalidName { entry } => {
                write!(f, "`{}` is not a runtime tool name; {SUBAGENT_TOOL_NAMES}", Shown(entry))
            }
            Error::SubagentDuplicateName { entry, first } => {
                write!(f, "`{}` is listed twice (first at item {first}); remove one", Shown(entry))
            }
            Error::Strict(warning) => write!(f, "{warning} (strict mode refuses this)"),
        }
    }
}

impl std::error::Error for Error {}

/// What a sub-agent's tool list takes: the one text of the rule, for the error and the
/// `const` check's panic alike.
pub const SUBAGENT_TOOL_NAMES: &str = "a sub-agent's tools are names of `[A-Za-z0-9_-]`, `<server>/*` or `*`";

impl From<WireError> for Error {
    fn from(error: WireError) -> Error {
        Error::Wire(error)
    }
}

/// The interlock of SPEC §1.3, first half.
pub const EMPTY_MODE_NEEDS_ALLOW_LIST: &str = "empty client mode needs an allow-list: an empty-mode client offers nothing by default; set the available tools to `isolated` or a non-empty list such as [\"mcp:*\"]";
/// The interlock of SPEC §1.3, second half.
pub const EMPTY_MODE_EMPTY_ALLOW_LIST: &str = "empty client mode cannot take an empty allow-list: the session would offer no tool at all; name the tools it may use, such as [\"mcp:*\"], or use `isolated`";

/// Something valid but probably not what the author meant. Strict mode refuses each one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// A built-in name the pinned Copilot catalog does not have. Not an error by default:
    /// runtimes gain tools between versions.
    UnknownBuiltin {
        /// The name.
        name: String,
        /// The nearest catalog name.
        suggestion: Option<&'static str>,
        /// The CLI version of the catalog.
        cli_version: &'static str,
    },
    /// A tool entry whose `kind` is one typo away from `github-cli-builtin-tools`: it passes
    /// through as another kind and restricts nothing.
    NearMissKind {
        /// The kind written.
        kind: String,
    },
    /// A rule that does nothing, or a policy open to new tools (see [`Lint`]).
    Lint {
        /// Which lint.
        lint: Lint,
        /// The name or pattern it is about; `None` for the policy as a whole.
        subject: Option<String>,
        /// What it does not do, and the fix.
        detail: Cow<'static, str>,
    },
    /// A legacy tool name, rewritten to its canonical name.
    LegacyAlias {
        /// The legacy name written.
        alias: String,
        /// The canonical name it became.
        canonical: String,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::UnknownBuiltin { name, suggestion, cli_version } => write!(
                f,
                "`{}` is not a built-in tool of Copilot CLI {cli_version}{}; it matches no built-in there",
                Shown(name),
                hint(*suggestion)
            ),
            Warning::NearMissKind { kind } => write!(
                f,
                "`kind` is `{}`, not `{ENTRY_KIND}`: this entry is passed through as another tool kind and restricts nothing (did you mean `{ENTRY_KIND}`?)",
                Shown(kind)
            ),
            Warning::Lint { lint, subject: Some(subject), detail } => {
                write!(f, "{lint}: `{}`: {detail}", Shown(subject))
            }
            Warning::Lint { lint, subject: None, detail } => write!(f, "{lint}: {detail}"),
            Warning::LegacyAlias { alias, canonical } => write!(
                f,
                "`{}` is a legacy name of `{canonical}` and is read as `{canonical}`; write `{canonical}`",
                Shown(alias)
            ),
        }
    }
}

/// An error or warning at a JSON pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// The RFC 6901 pointer (`""` for the whole document), exactly as it addresses the value.
    pub pointer: String,
    /// What is wrong there.
    pub item: T,
}

impl<T: fmt::Display> fmt::Display for Located<T> {
    /// `<pointer>: <message>` on one line; the pointer is shown escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", Shown(&self.pointer), self.item)
    }
}

/// Every error of a document at once, and its warnings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The errors, in document order, at most [`Report::MAX_ERRORS`] of them.
    pub errors: Vec<Located<Error>>,
    /// How many more errors there were than [`Report::errors`] holds.
    pub omitted_errors: usize,
    /// The warnings, in document order, at most [`Report::MAX_WARNINGS`] of them.
    pub warnings: Vec<Located<Warning>>,
    /// How many more warnings there were than [`Report::warnings`] holds.
    pub omitted_warnings: usize,
}

impl Report {
    /// The most warnings one report keeps; the rest are counted.
    pub const MAX_WARNINGS: usize = 100;
    /// The most errors one report keeps; the rest are counted, so a hostile document's
    /// output stays bounded (one line each, every line bounded by [`Shown`]).
    pub const MAX_ERRORS: usize = 100;

    /// Whether there is no error (warnings do not count).
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// Whether the report holds [`Report::MAX_ERRORS`] errors, so that another is only
    /// counted: a reader need not render its pointer.
    pub fn errors_full(&self) -> bool {
        self.errors.len() >= Report::MAX_ERRORS
    }

    /// Adds an error, or counts it once the report holds [`Report::MAX_ERRORS`].
    pub fn error(&mut self, pointer: String, error: Error) {
        if self.errors_full() {
            self.omitted_errors += 1;
        } else {
            self.errors.push(Located { pointer, item: error });
        }
    }

    /// Adds a warning, or counts it once the report holds [`Report::MAX_WARNINGS`].
    pub fn warn(&mut self, pointer: impl FnOnce() -> String, warning: impl FnOnce() -> Warning) {
        if self.warnings.len() < Report::MAX_WARNINGS {
            self.warnings.push(Located { pointer: pointer(), item: warning() });
        } else {
            self.omitted_warnings += 1;
        }
    }
}

impl fmt::Display for Report {
    /// One `<pointer>: <message>` line per error, then how many more there were.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        lines(f, &self.errors)?;
        if self.omitted_errors > 0 {
            write!(f, "\n{} more errors not shown", self.omitted_errors)?;
        }
        Ok(())
    }
}

impl std::error::Error for Report {}

/// A lint, by its stable name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Lint {
    /// A name in the allow-list that the deny-list removes anyway.
    DeadAllow,
    /// An excluded pattern the allow-list never offers.
    DeadDeny,
    /// A custom tool named like a built-in (`custom:view`).
    ShadowsBuiltin,
    /// A policy that only takes tools away, so every built-in a newer CLI adds is offered.
    OpenToNewBuiltins,
    /// A sub-agent list naming a tool the session never offers.
    UnreachableAgentTool,
}

impl Lint {
    /// Every lint.
    pub const ALL: [Lint; 5] =
        [Lint::DeadAllow, Lint::DeadDeny, Lint::ShadowsBuiltin, Lint::OpenToNewBuiltins, Lint::UnreachableAgentTool];

    /// Every name, in the order of [`Lint::ALL`]: the one spelling of each, for messages,
    /// `--allow` and did-you-mean.
    pub const NAMES: &'static [&'static str] =
        &["dead-allow", "dead-deny", "shadows-builtin", "open-to-new-builtins", "unreachable-agent-tool"];

    /// The stable name, as `--allow` takes it.
    pub const fn name(self) -> &'static str {
        Lint::NAMES[self as usize]
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Lint {
    type Err = Error;

    /// A lint's stable name; anything else is refused with a did-you-mean.
    fn from_str(name: &str) -> Result<Lint, Self::Err> {
        Lint::ALL
            .into_iter()
            .find(|lint| lint.name() == name)
            .ok_or_else(|| Error::UnknownLint { name: name.to_owned() })
    }
}

/// A set of lints (the allowed ones).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lints(u8);

impl Lints {
    /// No lint.
    pub const NONE: Lints = Lints(0);

    /// This set and `lint`.
    #[must_use]
    pub const fn with(self, lint: Lint) -> Lints {
        Lints(self.0 | lint.bit())
    }

    /// Whether `lint` is in the set.
    pub const fn contains(self, lint: Lint) -> bool {
        self.0 & lint.bit() != 0
    }
}

impl Warning {
    /// The lint this warning reports, if it is one.
    pub fn lint(&self) -> Option<Lint> {
        match self {
            Warning::Lint { lint, .. } => Some(*lint),
            _ => None,
        }
    }
}
