//! The rules a document or a policy can break: [`Error`], one variant per rule, each with its
//! message beside it (`Variant { fields } => message;`), so that the compiler holds every
//! rule to its words: a rule without a message does not build.

use std::fmt;

use super::stray::{Stray, stray_message};
use super::warning::{Lint, Warning};
use crate::names::vocab::{
    CAPABILITY_WORDS, ENTRY_KIND, HOLDER_KEY, ISOLATED, MCP_TOOLS_KEY, MCP_TOOLS_NONE, TOOL_FILTER_PRECEDENCE,
};
use crate::names::wire::WireError;
use crate::text::{Shown, did_you_mean, hint, join, one_of};

/// The error type from its rows: each variant, its fields and, after `=>`, its message
/// written to the formatter named first, with the variant's fields bound by name.
macro_rules! rules {
    (
        $f:ident;
        $(
            $(#[$meta:meta])*
            $variant:ident
            $({ $($(#[$field_meta:meta])* $field:ident : $field_type:ty),* $(,)? })?
            $(($binding:ident : $tuple_type:ty))?
            => $message:expr;
        )*
    ) => {
        /// A rule a document or a policy breaks. `Display` gives the rule, then the fix, on
        /// one line.
        #[derive(Clone, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Error {
            $(
                $(#[$meta])*
                $variant $({ $($(#[$field_meta])* $field: $field_type),* })? $(($tuple_type))?,
            )*
        }

        impl fmt::Display for Error {
            /// The rule, then the fix, on one line.
            #[allow(unused_variables)] // a message need not print every field
            fn fmt(&self, $f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(Error::$variant $({ $($field),* })? $(($binding))? => $message,)*
                }
            }
        }
    };
}

rules! {
    f;

    /// A string that is not a wire name.
    Wire(error: WireError) => error.fmt(f);

    /// The same tool twice in one list, after qualification (`bash` and `builtin:bash`).
    DuplicateTool {
        /// The qualified form both entries share.
        qualified: String,
        /// Index and text of the first occurrence.
        first: (usize, String),
        /// Index and text of the second occurrence.
        second: (usize, String),
    } => write!(
        f,
        "`{}` is listed twice, as `{}` (item {}) and `{}` (item {}); remove one",
        Shown(qualified),
        Shown(&first.1),
        first.0,
        Shown(&second.1),
        second.0
    );

    /// Empty client mode without an allow-list.
    EmptyModeNeedsAllowList => f.write_str(EMPTY_MODE_NEEDS_ALLOW_LIST);

    /// Empty client mode with `tools: []` as the allow-list.
    EmptyModeEmptyAllowList => f.write_str(EMPTY_MODE_EMPTY_ALLOW_LIST);

    /// An empty-mode client without a base directory or session file system.
    EmptyModeNeedsStorage => f.write_str(
        "an empty-mode client needs a base directory or a session file system; give one, and never share the client with another mode or directory",
    );

    /// A client mode that does not exist.
    UnknownClientMode {
        /// What was written.
        value: String,
        /// The accepted spellings in this front door.
        expected: &'static [&'static str],
    } => {
        let suggestion = did_you_mean(value, expected.iter().copied());
        write!(f, "unknown client mode `{}`; expected {}{}", Shown(value), one_of(expected), hint(suggestion))
    };

    /// A key that does not belong here.
    UnknownKey {
        /// What was written.
        key: String,
        /// The keys accepted here.
        expected: &'static [&'static str],
    } => {
        let suggestion = did_you_mean(key, expected.iter().copied());
        write!(f, "unknown key `{}`; expected {}{}", Shown(key), one_of(expected), hint(suggestion))
    };

    /// A selector in `builtin_tools!` that is neither a list nor `isolated`.
    UnknownSelector {
        /// What was written: an identifier, or what kind of token it was.
        value: String,
    } => write!(
        f,
        "unknown selector `{}`; expected `{ISOLATED}` or a list such as `[\"bash\", \"mcp:*\"]`{}",
        Shown(value),
        hint(did_you_mean(value, [ISOLATED]))
    );

    /// A bare name in a resolved list, which holds source-qualified names only.
    BareNameInResolved {
        /// The name.
        name: String,
    } => write!(
        f,
        "`{}` is bare; a resolved list holds source-qualified names only, such as `builtin:{}`",
        Shown(name),
        Shown(name)
    );

    /// A runtime's report that holds nothing to attest.
    NotAttestable {
        /// Why.
        reason: std::borrow::Cow<'static, str>,
    } => write!(f, "nothing to attest: {reason}");

    /// An item of `mcp_tools`' `only` or `disable` that is not `<server>` or `<server>/<tool>`.
    BadMcpRef {
        /// What was written.
        written: String,
    } => write!(
        f,
        "`{}` is not an MCP server or tool: write `<server>` or `<server>/<tool>`, names as the host gives them (not empty, without `/`, `*` or a control character)",
        Shown(written)
    );

    /// A value of `mcp_tools` other than `none`.
    UnknownMcpTools {
        /// The value written.
        value: String,
    } => write!(
        f,
        "unknown `{MCP_TOOLS_KEY}` value `{}`: write `\"{MCP_TOOLS_NONE}\"`, `{{\"only\": [..]}}` or `{{\"disable\": [..]}}` of servers (`github`) and tools (`github/create_issue`); leave `{MCP_TOOLS_KEY}` out to keep MCP tools",
        Shown(value)
    );

    /// A capability word that does not exist.
    UnknownCapability {
        /// What was written.
        word: String,
    } => {
        let suggestion = did_you_mean(word, CAPABILITY_WORDS.iter().copied());
        write!(
            f,
            "unknown capability `{}`; expected {}{}",
            Shown(word),
            one_of(CAPABILITY_WORDS),
            hint(suggestion)
        )
    };

    /// Two policies in one holder (`builtin_tools` and `capabilities`, or a Copilot entry and
    /// `capabilities`): one of them would be lost.
    TwoPolicies {
        /// The one that came first.
        first: &'static str,
        /// The other.
        second: &'static str,
    } => {
        write!(f, "`{second}` and `{first}` both say what the agent may use, and one would be lost; keep one")
    };

    /// A lint name that does not exist.
    UnknownLint {
        /// What was written.
        name: String,
    } => {
        let suggestion = did_you_mean(name, Lint::NAMES.iter().copied());
        write!(f, "unknown lint `{}`; expected {}{}", Shown(name), one_of(Lint::NAMES), hint(suggestion))
    };

    /// A string where a selector belongs (`available_tools: "*"` in the macro).
    SelectorString {
        /// The string written.
        value: String,
    } => {
        write!(f, "a selector is a list of names or `{ISOLATED}`, not a string; write `[\"{}\"]`", Shown(value))
    };

    /// A runtime that does not exist.
    UnknownRuntime {
        /// What was written.
        value: String,
        /// The supported runtimes, spelled as this front door spells them.
        expected: &'static [&'static str],
    } => {
        let suggestion = did_you_mean(value, expected.iter().copied());
        write!(f, "unknown runtime `{}`; expected {}{}", Shown(value), one_of(expected), hint(suggestion))
    };

    /// A required key that is not there.
    MissingKey {
        /// The key.
        key: &'static str,
    } => write!(f, "missing key `{key}`");

    /// A stored resolved policy whose `toolFilterPrecedence` is not `excluded`.
    WrongPrecedence {
        /// What it said.
        found: String,
    } => write!(
        f,
        "`toolFilterPrecedence` is `{}`; a resolved policy always sends `{TOOL_FILTER_PRECEDENCE}` (deny wins)",
        Shown(found)
    );

    /// A key given twice.
    DuplicateKey {
        /// The key.
        key: String,
    } => write!(f, "`{}` is given twice; give each key once", Shown(key));

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
    } => stray_message(f, key, exact, *why);

    /// A selector with neither `tools` nor `isolated`.
    EmptySelector => {
        f.write_str("an empty selector selects nothing; give `tools` (a list of names) or `isolated` (true)")
    };

    /// A selector with both `tools` and `isolated`.
    BothSelectorKeys => f.write_str("a selector takes `tools` or `isolated`, not both; keep one");

    /// `isolated` given as anything but `true`.
    IsolatedNotTrue => {
        f.write_str("`isolated` must be `true`; to choose tools by name use `tools` instead")
    };

    /// A value of the wrong JSON type.
    WrongType {
        /// What the rule wants.
        expected: &'static str,
        /// What was found.
        found: &'static str,
    } => write!(f, "expected {expected}, found {found}");

    /// A single entry without `kind`.
    MissingKind => write!(
        f,
        "no policy here: a document without a `tools` array is a single policy entry, and it needs `\"kind\": \"{ENTRY_KIND}\"`"
    );

    /// A single entry whose `kind` is not this library's.
    WrongKind {
        /// The kind found.
        found: String,
    } => write!(
        f,
        "`kind` is `{}`, expected `{ENTRY_KIND}`: a document without a `tools` array is a single policy entry{}",
        Shown(found),
        hint(did_you_mean(found, [ENTRY_KIND]))
    );

    /// A second policy entry in one agent definition.
    SecondPolicyEntry {
        /// The index in `tools` of the first.
        first: usize,
    } => write!(
        f,
        "a second `{ENTRY_KIND}` entry (the first is /tools/{first}); an agent takes one policy entry, merge them into one"
    );

    /// A document over the size limit.
    DocumentTooLarge {
        /// The document's size in bytes (at least; reading stops past the limit).
        size: usize,
        /// The limit.
        limit: usize,
    } => write!(
        f,
        "the document is {size} bytes or more, over the limit of {limit} bytes; a policy document is small, check that this is the right file"
    );

    /// A document nested deeper than the limit.
    TooDeep {
        /// The limit.
        limit: usize,
    } => write!(
        f,
        "the document nests deeper than {limit} levels; a policy document is shallow, check that this is the right file"
    );

    /// A Claude Code or Gemini CLI input with no selection in it.
    NoSelection {
        /// The runtime, as messages name it (`Claude Code`).
        runtime: &'static str,
    } => write!(
        f,
        "no {runtime} selection: expected `disable`, `only` or `{HOLDER_KEY}`; write `\"{HOLDER_KEY}\": null` to say there is none"
    );

    /// A selection that is not exactly one of its three shapes.
    BadShape {
        /// The runtime, as messages name it.
        runtime: &'static str,
    } => write!(
        f,
        "a {runtime} selection is exactly one of `{{\"disable\": \"*\"}}`, `{{\"disable\": [names]}}` or `{{\"only\": [names]}}`",
    );

    /// `disable` given a string other than `"*"`.
    DisableString {
        /// What was written.
        value: String,
    } => write!(
        f,
        "`disable` takes `\"*\"` or a list of names, not `\"{}\"`; write `\"*\"` to disable every built-in tool",
        Shown(value)
    );

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
    } => {
        let list = join(&mut catalog.iter().copied(), "'", ", ");
        if *removed {
            return write!(
                f,
                "'{}' was removed from {runtime} before {cli_version}; write one of its tools instead: [{list}]",
                Shown(name)
            );
        }
        match suggestion {
            Some(s) => write!(f, "'{}' is not one of [{list}]; did you mean `{s}`?", Shown(name)),
            None => write!(
                f,
                "'{}' is not one of [{list}]; the names are those of {runtime} {cli_version}",
                Shown(name)
            ),
        }
    };

    /// An MCP entry of a selection outside the runtime's grammar of entries.
    BadMcpEntry {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// What was written.
        name: String,
    } => write!(
        f,
        "`{}` is not an MCP entry the {runtime} matches: write `mcp_<server>_<tool>` or `mcp_<server>_*` (a server name has no `_`)",
        Shown(name)
    );

    /// An MCP tool of a selection outside its runtime's grammar for one.
    BadMcpName {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// What was written.
        name: String,
        /// The forms the runtime takes, in a sentence's words.
        expected: &'static str,
    } => {
        write!(f, "`{}` is not an MCP tool {runtime} names: write {expected}", Shown(name))
    };

    /// What a runtime's configuration cannot say: the library refuses it rather than hand the
    /// runtime something that means less.
    CannotSay {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// What was asked, in a sentence's words.
        what: String,
        /// Why the runtime cannot say it, and what to write instead.
        why: std::borrow::Cow<'static, str>,
    } => write!(f, "the {runtime} cannot say {what}: {why}");

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
    } => write!(
        f,
        "`{}` cannot be listed alone: {runtime}'s {setting} governs {} together; add {}, or list none of them",
        Shown(name),
        join(&mut members.iter().copied(), "`", ", "),
        join(&mut missing.iter().copied(), "`", ", "),
    );

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
    } => match fix {
        Some((fix, written)) => write!(
            f,
            "`{}` is not an MCP rule {runtime} matches: {written}; did you mean `{}`?",
            Shown(name),
            Shown(fix)
        ),
        None => write!(f, "`{}` is not an MCP rule {runtime} matches: write {expected}", Shown(name)),
    };

    /// A sub-agent's `tools` names a built-in the main selection took away.
    AgentBeyondMain {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// The agent.
        agent: String,
        /// The tool.
        tool: &'static str,
        /// Whether the CLI offers it to the agent anyway (`Glob`, `Grep`).
        leaks: bool,
    } => if *leaks {
        write!(
            f,
            "agent `{}` lists `{tool}`, which the main selection takes away, and {runtime} offers it to the agent anyway: remove it, or leave it to the agents with `\"agent_only\": [\"{tool}\"]`",
            Shown(agent)
        )
    } else {
        write!(
            f,
            "agent `{}` lists `{tool}`, which the main selection takes away, and {runtime} never offers it to the agent then (the main selection bounds a sub-agent's `tools`): remove it, or permit it in the main selection",
            Shown(agent)
        )
    };

    /// `agent_only` names a built-in the CLI never offers a sub-agent once the main
    /// selection takes it away.
    AgentOnlyUnreachable {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// The tool.
        tool: &'static str,
    } => write!(
        f,
        "`agent_only` names `{tool}`, but {runtime} never offers a sub-agent a built-in the main selection takes away, except `Glob` and `Grep` when the main selection is not an `only` naming either of them: it cannot be left to the agents"
    );

    /// `mcp__*` in a Claude Code sub-agent's `tools`, where the CLI reads it as no MCP tool.
    AgentEveryMcp {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// The agent.
        agent: String,
    } => write!(
        f,
        "agent `{}` lists `mcp__*` in `tools`, which gives it no MCP tool in {runtime} (only `disallowedTools` reads `mcp__*` as every MCP tool): name each server, `mcp__<server>`, or each tool, `mcp__<server>__<tool>`",
        Shown(agent)
    );

    /// A portable policy keeps a Claude Code sub-agent's MCP tools in its `tools`, which
    /// hold them only by server, and the agent's `mcpServers` name none (or one no MCP rule
    /// can hold).
    AgentMcpUnnamed {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// The agent.
        agent: String,
        /// The server whose name no rule can hold; `None`: the agent names no server.
        server: Option<String>,
    } => match server {
        None => write!(
            f,
            "agent `{}`'s capabilities keep MCP tools, but {runtime} keeps an agent's MCP tools in `tools` only by server and the agent names no `mcpServers`: add `\"mcp_tools\": \"none\"`, or name its servers in `mcpServers`",
            Shown(agent)
        ),
        Some(server) => write!(
            f,
            "agent `{}`'s capabilities keep MCP tools by server, but server `{}` of its `mcpServers` cannot be written as an MCP rule (`mcp__<server>`, names of `[A-Za-z0-9_-]` without `__`): rename it, or add `\"mcp_tools\": \"none\"`",
            Shown(agent),
            Shown(server)
        ),
    };

    /// A Copilot custom agent whose `name` is empty or already taken by an earlier agent:
    /// agents are told apart by name, so one of them restricts nothing.
    AgentNameNotOwn {
        /// The name as written.
        name: String,
        /// The index of the earlier agent of that name, when it is a repeat.
        first: Option<usize>,
    } => match first {
        None => write!(
            f,
            "a custom agent's `name` is empty{}: agents are started and told apart by name, so it restricts nothing; give it a name of its own",
            if name.is_empty() { "" } else { " once trimmed" }
        ),
        Some(first) => write!(
            f,
            "custom agent `{}` is already defined at index {first}: agents are told apart by name, so one of the two restricts nothing; give each agent a name of its own",
            Shown(name)
        ),
    };

    /// An agent the document does not define, and the runtime has no built-in agent of.
    UnknownAgent {
        /// The name asked for.
        name: String,
    } => write!(f, "no agent `{}`", Shown(name));

    /// A Claude Code agent name outside `[A-Za-z0-9_-]`.
    BadAgentName {
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// What was written.
        name: String,
    } => {
        write!(f, "`{}` is not an agent name {runtime} takes: one or more of `[A-Za-z0-9_-]`", Shown(name))
    };

    /// `agent_only` names a built-in the main selection does not take away.
    AgentOnlyNotTaken {
        /// The tool.
        tool: &'static str,
    } => write!(
        f,
        "`agent_only` names `{tool}`, which the main selection does not take away; `agent_only` leaves to the agents only tools taken from the main agent"
    );

    /// The same tool twice in a selection (after aliases are rewritten).
    DuplicateCliTool {
        /// The canonical name.
        canonical: String,
        /// Index of the first occurrence.
        first: usize,
    } => write!(
        f,
        "`{}` is listed twice (first at item {first}, counting aliases as their canonical name); remove one",
        Shown(canonical)
    );

    /// A runtime the library supports, but this build of it was compiled without (SPEC §12).
    RuntimeNotCompiled {
        /// The runtime's name, spelled as the front door spells it.
        runtime: &'static str,
        /// The cargo feature that compiles it in.
        feature: &'static str,
    } => write!(
        f,
        "runtime `{runtime}` is not compiled into this build of tool-policy: enable its cargo feature `{feature}`"
    );

    /// A sub-agent tool entry written with a `source:` prefix, which matches nothing there.
    SubagentQualifiedName {
        /// What was written.
        entry: String,
        /// The unprefixed form to write instead, when one means no more than what was
        /// written; `None` when every unprefixed form would grant more.
        bare: Option<String>,
    } => match bare {
        Some(bare) => write!(
            f,
            "`{}` matches nothing in a sub-agent's tool list, which takes unprefixed runtime names; write `{}`",
            Shown(entry),
            Shown(bare)
        ),
        None => write!(
            f,
            "`{}` matches nothing in a sub-agent's tool list, which takes unprefixed runtime names; list the tools by name, or `<server>/*` for one MCP server",
            Shown(entry)
        ),
    };

    /// A sub-agent tool entry that is not a runtime tool name.
    SubagentInvalidName {
        /// What was written.
        entry: String,
    } => {
        write!(f, "`{}` is not a runtime tool name; {SUBAGENT_TOOL_NAMES}", Shown(entry))
    };

    /// The same sub-agent tool twice.
    SubagentDuplicateName {
        /// The name.
        entry: String,
        /// Index of the first occurrence.
        first: usize,
    } => {
        write!(f, "`{}` is listed twice (first at item {first}); remove one", Shown(entry))
    };

    /// A warning that strict mode refuses.
    Strict(warning: Warning) => write!(f, "{warning} (strict mode refuses this)");
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

    /// One error of every rule (and each case of a message that reads its fields): each
    /// message is a sentence. (A rule without a message does not build: `rules!` takes
    /// none.)
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
            Error::BadMcpEntry { runtime: "r", name: "n".into() },
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
            Error::AgentBeyondMain { runtime: "r", agent: "a".into(), tool: "t", leaks: true },
            Error::AgentOnlyUnreachable { runtime: "r", tool: "t" },
            Error::AgentEveryMcp { runtime: "r", agent: "a".into() },
            Error::AgentMcpUnnamed { runtime: "r", agent: "a".into(), server: None },
            Error::AgentMcpUnnamed { runtime: "r", agent: "a".into(), server: Some("s".into()) },
            Error::AgentNameNotOwn { name: "n".into(), first: None },
            Error::BadAgentName { runtime: "r", name: "n".into() },
            Error::AgentOnlyNotTaken { tool: "t" },
            Error::DuplicateCliTool { canonical: "c".into(), first: 0 },
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
