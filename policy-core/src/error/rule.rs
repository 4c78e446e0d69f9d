//! The rules a document or a policy can break: [`Error`], one variant per rule.

use std::fmt;

use super::stray::Stray;
use super::warning::{Lint, Warning};
use crate::names::wire::WireError;

/// A rule a document or a policy breaks. `Display` gives the rule, then the fix, on one line.
#[derive(Clone, PartialEq, Eq)]
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
        reason: std::borrow::Cow<'static, str>,
    },
    /// An item of `mcp_tools`' `only` or `disable` that is not `<server>` or `<server>/<tool>`.
    BadMcpRef {
        /// What was written.
        written: String,
    },
    /// A value of `mcp_tools` other than `none`.
    UnknownMcpTools {
        /// The value written.
        value: String,
    },
    /// A capability word that does not exist.
    UnknownCapability {
        /// What was written.
        word: String,
    },
    /// Two policies in one holder (`builtin_tools` and `capabilities`, or a Copilot entry and
    /// `capabilities`): one of them would be lost.
    TwoPolicies {
        /// The one that came first.
        first: &'static str,
        /// The other.
        second: &'static str,
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
    /// A key that restricts nothing where it stands (SPEC §6): it only reads as a key that
    /// governs tools there, or belongs to another place or runtime. Read as it is, it would
    /// pass through, and the author's restriction would not hold.
    StrayKey {
        /// The key as written.
        key: String,
        /// The key it is, or reads as.
        exact: &'static str,
        /// Why it restricts nothing here, and so the fix.
        why: Stray,
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
    /// An MCP tool of a selection outside its runtime's grammar for one.
    BadMcpName {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// What was written.
        name: String,
        /// The forms the runtime takes, in a sentence's words.
        expected: &'static str,
    },
    /// What a runtime's configuration cannot say: the library refuses it rather than hand the
    /// runtime something that means less.
    CannotSay {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// What was asked, in a sentence's words.
        what: String,
        /// Why the runtime cannot say it, and what to write instead.
        why: std::borrow::Cow<'static, str>,
    },
    /// A built-in listed without the others one setting of the runtime governs with it: the
    /// runtime cannot take part of the group, so the selection cannot be said exactly.
    PartOfGroup {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// The built-in listed.
        name: String,
        /// The setting that governs the group, in a sentence's words.
        setting: String,
        /// Every built-in of the group.
        members: Vec<&'static str>,
        /// Those the list leaves out.
        missing: Vec<&'static str>,
    },
    /// An MCP rule outside the grammar of the runtime's rules.
    BadMcpRule {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// What was written.
        name: String,
        /// The forms the runtime takes, in a sentence's words.
        expected: &'static str,
        /// The rule the runtime matches, where the name holds characters the runtime writes
        /// otherwise in its tools' names (`mcp__my.server__x` is `mcp__my_server__x`), with
        /// how it writes them.
        fix: Option<(String, &'static str)>,
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
    /// `mcp__*` in a Claude Code sub-agent's `tools`, where the CLI reads it as no MCP tool.
    AgentEveryMcp {
        /// The agent.
        agent: String,
    },
    /// A portable policy keeps a Claude Code sub-agent's MCP tools in its `tools`, which
    /// hold them only by server, and the agent's `mcpServers` name none (or one no MCP rule
    /// can hold).
    AgentMcpUnnamed {
        /// The agent.
        agent: String,
        /// The server whose name no rule can hold; `None`: the agent names no server.
        server: Option<String>,
    },
    /// A Copilot custom agent whose `name` is empty or already taken by an earlier agent:
    /// agents are told apart by name, so one of them restricts nothing.
    AgentNameNotOwn {
        /// The name as written.
        name: String,
        /// The index of the earlier agent of that name, when it is a repeat.
        first: Option<usize>,
    },
    /// An agent the document does not define, and the runtime has no built-in agent of.
    UnknownAgent {
        /// The name asked for.
        name: String,
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
    /// A runtime the library supports, but this build of it was compiled without (SPEC §12).
    RuntimeNotCompiled {
        /// The runtime's name, spelled as the front door spells it.
        runtime: &'static str,
        /// The cargo feature that compiles it in.
        feature: &'static str,
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

impl fmt::Display for Error {
    /// The rule, then the fix, on one line: each subject's messages are in its own file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Wire(error) => error.fmt(f),
            Error::Strict(warning) => write!(f, "{warning} (strict mode refuses this)"),
            other => other
                .document_message(f)
                .or_else(|| other.entry_message(f))
                .or_else(|| other.selection_message(f))
                .or_else(|| other.agent_message(f))
                .unwrap_or_else(|| unreachable_message(f)),
        }
    }
}

/// Every variant has its subject's message (a test builds each); this is never reached.
fn unreachable_message(f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str("invalid")
}

debug_is_display!(Error);

impl std::error::Error for Error {}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Stray;

    /// One error of every rule: each has its subject's message (seeded once without a
    /// subject's arm, the message was `invalid` and this failed).
    #[test]
    fn every_rule_has_a_message() {
        let stray = |why| Error::StrayKey { key: "k".into(), exact: "k", why };
        let every = [
            Error::DuplicateTool { qualified: "q".into(), first: (0, "a".into()), second: (1, "b".into()) },
            Error::EmptyModeNeedsAllowList,
            Error::EmptyModeEmptyAllowList,
            Error::EmptyModeNeedsStorage,
            Error::UnknownClientMode { value: "v".into(), expected: &["a"] },
            Error::UnknownKey { key: "k".into(), expected: &["a"] },
            Error::UnknownSelector { value: "v".into() },
            Error::BareNameInResolved { name: "n".into() },
            Error::NotAttestable { reason: "r".into() },
            Error::UnknownAgent { name: "a".into() },
            Error::UnknownCapability { word: "w".into() },
            Error::UnknownMcpTools { value: "all".into() },
            Error::BadMcpRef { written: "a/b/c".into() },
            Error::TwoPolicies { first: "a", second: "b" },
            Error::UnknownLint { name: "n".into() },
            Error::SelectorString { value: "v".into() },
            Error::UnknownRuntime { value: "v".into(), expected: &["a"] },
            Error::MissingKey { key: "k" },
            Error::WrongPrecedence { found: "f".into() },
            Error::DuplicateKey { key: "k".into() },
            stray(Stray::NearMiss),
            stray(Stray::NotRead { owner: "o", runtime: "r" }),
            stray(Stray::NotAnAgentFilter { agent: "a", filter: "f" }),
            stray(Stray::NoExactForm { agent: "a", filter: "f" }),
            stray(Stray::EntryKeyOutside),
            stray(Stray::WithoutKind),
            stray(Stray::Nested),
            stray(Stray::BesideHolder { holder: "h" }),
            stray(Stray::OtherRuntime { runtime: "r" }),
            stray(Stray::Elsewhere { home: "h" }),
            Error::EmptySelector,
            Error::BothSelectorKeys,
            Error::IsolatedNotTrue,
            Error::WrongType { expected: "e", found: "f" },
            Error::MissingKind,
            Error::WrongKind { found: "f".into() },
            Error::SecondPolicyEntry { first: 0 },
            Error::DocumentTooLarge { size: 2, limit: 1 },
            Error::TooDeep { limit: 1 },
            Error::NoSelection { runtime: "r" },
            Error::BadShape { runtime: "r" },
            Error::DisableString { value: "v".into() },
            Error::UnknownCliTool {
                runtime: "r",
                name: "n".into(),
                suggestion: None,
                removed: false,
                catalog: &["a"],
                cli_version: "1",
            },
            Error::BadMcpEntry { name: "n".into() },
            Error::BadMcpName { runtime: "r", name: "n".into(), expected: "e" },
            Error::CannotSay { runtime: "r", what: "w".into(), why: "y".into() },
            Error::PartOfGroup {
                runtime: "r",
                name: "n".into(),
                setting: "s".into(),
                members: vec!["n", "m"],
                missing: vec!["m"],
            },
            Error::BadMcpRule { runtime: "r", name: "n".into(), expected: "e", fix: None },
            Error::BadMcpRule { runtime: "r", name: "n.x".into(), expected: "e", fix: Some(("n_x".into(), "w")) },
            Error::AgentBeyondMain { agent: "a".into(), tool: "t", leaks: true },
            Error::AgentOnlyUnreachable { tool: "t" },
            Error::AgentEveryMcp { agent: "a".into() },
            Error::AgentMcpUnnamed { agent: "a".into(), server: None },
            Error::AgentMcpUnnamed { agent: "a".into(), server: Some("s".into()) },
            Error::AgentNameNotOwn { name: "n".into(), first: None },
            Error::BadAgentName { name: "n".into() },
            Error::AgentOnlyNotTaken { tool: "t" },
            Error::DuplicateCliTool { canonical: "c".into(), first: 0 },
            Error::UnsupportedRuntime { runtime: "r", supported: &["a"] },
            Error::RuntimeNotCompiled { runtime: "r", feature: "f" },
            Error::SubagentQualifiedName { entry: "e".into(), bare: None },
            Error::SubagentInvalidName { entry: "e".into() },
            Error::SubagentDuplicateName { entry: "e".into(), first: 0 },
        ];
        for error in every {
            let message = error.to_string();
            assert!(message.len() > 10 && message != "invalid", "{error:?}: {message}");
        }
    }
}
