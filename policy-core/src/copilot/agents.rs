//! Sub-agents (SPEC §3): typed `customAgents[].tools` lists, what a sub-agent is offered,
//! and invocation-time (handoff) tools. The call-time router that enforces the lists is in
//! [`subagents`](crate::subagents).
//!
//! Two layers decide what an agent can reach, and neither authorizes anything:
//! *availability* (the session's `availableTools`/`excludedTools` and a sub-agent's `tools`
//! list) decides which tool names exist for the model; *permission* (the host's permission
//! handler, and the check inside each tool) decides whether one call proceeds. Narrowing one
//! leaves the other as it was. Put the access check inside the tool, where it sees the caller.

use std::borrow::Cow;
use std::fmt;

use super::catalog::{AGENT_ALIASES, AGENT_ONLY, is_builtin};
use super::resolved::ResolvedPolicy;
use crate::error::{At, Error, Errors, SUBAGENT_TOOL_NAMES};
use crate::names::wire;
use crate::names::wire::{Source, Tool, WireName};
use crate::seen::Seen;

/// One entry of a sub-agent's `tools` list: an unprefixed runtime name (`view`, `my_tool`,
/// `probe-echo`, an alias such as `shell`), `<server>/*` for one MCP server, or `*`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct AgentToolName(Cow<'static, str>);

/// Why a string is not a sub-agent tool name (the `const` check's answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AgentToolNameError {
    /// `builtin:view`: a source prefix, which matches nothing in a sub-agent's list.
    Qualified,
    /// Anything else outside the grammar.
    Invalid,
}

impl fmt::Display for AgentToolNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rule())
    }
}

impl std::error::Error for AgentToolNameError {}

impl AgentToolNameError {
    /// The rule, for a `const` panic.
    pub const fn rule(self) -> &'static str {
        match self {
            AgentToolNameError::Qualified => {
                "a sub-agent's tool list takes unprefixed runtime names (`view`, not `builtin:view`); a source prefix matches nothing there"
            }
            AgentToolNameError::Invalid => SUBAGENT_TOOL_NAMES,
        }
    }
}

/// The grammar of a sub-agent tool entry.
#[doc(hidden)]
pub const fn check_agent_tool_name(bytes: &[u8]) -> Result<(), AgentToolNameError> {
    if bytes.is_empty() {
        return Err(AgentToolNameError::Invalid);
    }
    if bytes.len() == 1 && bytes[0] == b'*' {
        return Ok(());
    }
    // `<server>/*`: a server key of `[A-Za-z0-9_.-]`, then `/*`.
    if bytes.len() > 2 && bytes[bytes.len() - 2] == b'/' && bytes[bytes.len() - 1] == b'*' {
        let mut i = 0;
        while i < bytes.len() - 2 {
            let b = bytes[i];
            if !(wire::is_name_byte(b) || b == b'.') {
                return Err(AgentToolNameError::Invalid);
            }
            i += 1;
        }
        return Ok(());
    }
    if let Ok(Some(_)) = wire::check(bytes) {
        return Err(AgentToolNameError::Qualified);
    }
    let mut i = 0;
    while i < bytes.len() {
        if !wire::is_name_byte(bytes[i]) {
            return Err(AgentToolNameError::Invalid);
        }
        i += 1;
    }
    Ok(())
}

impl AgentToolName {
    /// A name from a literal, checked by a `const` evaluation (see [`agent_tool!`]).
    ///
    /// # Panics
    ///
    /// When `name` breaks the grammar; in a `const` context that is a compile error.
    ///
    /// [`agent_tool!`]: ../macro.agent_tool.html
    #[track_caller]
    pub const fn from_static(name: &'static str) -> AgentToolName {
        match check_agent_tool_name(name.as_bytes()) {
            Ok(()) => AgentToolName(Cow::Borrowed(name)),
            Err(error) => panic!("{}", error.rule()),
        }
    }

    /// A name known only at run time.
    pub fn parse(name: &str) -> Result<AgentToolName, Error> {
        match check_agent_tool_name(name.as_bytes()) {
            Ok(()) => Ok(AgentToolName(Cow::Owned(name.to_owned()))),
            Err(AgentToolNameError::Qualified) => {
                let wire = WireName::parse(name).map_err(|_| Error::SubagentInvalidName { entry: name.to_owned() })?;
                Err(Error::SubagentQualifiedName { entry: name.to_owned(), bare: unprefixed_equivalent(&wire) })
            }
            Err(AgentToolNameError::Invalid) => Err(Error::SubagentInvalidName { entry: name.to_owned() }),
        }
    }

    /// The entry as the runtime receives it.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether this entry selects `tool` (an MCP tool's server is needed for `<server>/*`).
    pub fn selects(&self, tool: &Tool<'_>, mcp_server: Option<&str>) -> bool {
        let entry = self.as_str();
        if entry == "*" || entry == tool.name() {
            return true;
        }
        if let Some(server) = entry.strip_suffix("/*") {
            return tool.source() == Source::Mcp && mcp_server == Some(server);
        }
        tool.source() == Source::Builtin && alias_members(entry).contains(&tool.name())
    }
}

/// The unprefixed entry that selects exactly what a source-qualified one names, if there is
/// one. A suggestion never grants more than was written: `custom:*` and `builtin:*` have no
/// unprefixed equivalent (`*` is every tool of every source); nor has a name that is also an
/// alias or a built-in of another source (`builtin:bash` unprefixed is the whole bash family,
/// `custom:view` unprefixed is also the built-in `view`).
fn unprefixed_equivalent(wire: &WireName) -> Option<String> {
    let name = wire.name();
    match wire.source()? {
        Source::Mcp if wire.is_wildcard() => Some("<server>/*".to_owned()),
        _ if wire.is_wildcard() => None,
        _ if !alias_members(name).is_empty() => None,
        Source::Custom | Source::Mcp if is_builtin(name) => None,
        Source::Builtin | Source::Custom | Source::Mcp => Some(name.to_owned()),
    }
}

/// The built-ins an alias (or a family head such as `bash`) stands for in a sub-agent list,
/// as seen on CLI 1.0.102; empty for any other entry.
pub fn alias_members(entry: &str) -> &'static [&'static str] {
    AGENT_ALIASES.iter().find(|(alias, _)| *alias == entry).map_or(&[], |(_, members)| members)
}

impl fmt::Debug for AgentToolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "agent_tool!({:?})", self.as_str())
    }
}

string_form!(AgentToolName, AgentToolName::as_str);

/// A sub-agent's `tools` value: every tool, none, or exactly these.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AgentTools {
    /// `null`: every tool the session offers.
    All,
    /// `[]`: no tool at all.
    Nothing,
    /// Exactly these entries (never empty; that is [`AgentTools::Nothing`]).
    Only(Vec<AgentToolName>),
}

impl AgentTools {
    /// Exactly these entries; an empty array is [`AgentTools::Nothing`].
    pub fn only<const N: usize>(names: [AgentToolName; N]) -> AgentTools {
        if N == 0 { AgentTools::Nothing } else { AgentTools::Only(names.into()) }
    }

    /// Validates a list known only at run time (`None` is "all"). Errors carry the item index.
    pub fn parse(tools: Option<&[String]>) -> Result<AgentTools, Errors> {
        let Some(tools) = tools else { return Ok(AgentTools::All) };
        let mut errors = Vec::new();
        let mut names = Vec::with_capacity(tools.len());
        let mut seen = Seen::with_capacity(tools.len());
        for (i, tool) in tools.iter().enumerate() {
            match AgentToolName::parse(tool) {
                Ok(name) => {
                    if let Some(first) = seen.repeat(tool.as_str(), i) {
                        errors.push((At::AgentTool(i), Error::SubagentDuplicateName { entry: tool.clone(), first }));
                    }
                    names.push(name);
                }
                Err(error) => errors.push((At::AgentTool(i), error)),
            }
        }
        if !errors.is_empty() {
            Err(errors.into())
        } else if names.is_empty() {
            Ok(AgentTools::Nothing)
        } else {
            Ok(AgentTools::Only(names))
        }
    }

    /// Whether the list selects `tool`.
    pub fn selects(&self, tool: &Tool<'_>, mcp_server: Option<&str>) -> bool {
        match self {
            AgentTools::All => true,
            AgentTools::Nothing => false,
            AgentTools::Only(names) => names.iter().any(|n| n.selects(tool, mcp_server)),
        }
    }
}

impl serde::Serialize for AgentTools {
    /// The wire value: `null`, `[]` or the list.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            AgentTools::All => serializer.serialize_none(),
            AgentTools::Nothing => serializer.collect_seq(std::iter::empty::<&str>()),
            AgentTools::Only(names) => serializer.collect_seq(names.iter().map(AgentToolName::as_str)),
        }
    }
}

/// A tool a session registers, with its MCP server when it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionTool<'a> {
    /// The tool.
    pub tool: Tool<'a>,
    /// The MCP server's key, for an MCP tool.
    pub mcp_server: Option<&'a str>,
}

/// The tools a sub-agent is offered: its own list ∩ what the session's policy offers (the
/// session's filter still applies on top of the agent's list). `session_tools` are the tools
/// the session registers; a list (not `null`) also reaches the built-ins the runtime offers
/// only to sub-agents that ask for them ([`AGENT_ONLY`](crate::copilot::catalog::AGENT_ONLY)),
/// which come after them.
pub fn effective_tools<'a>(
    agent: &AgentTools,
    session: &ResolvedPolicy,
    session_tools: &[SessionTool<'a>],
) -> Vec<SessionTool<'a>> {
    let agent_only = AGENT_ONLY
        .iter()
        .map(|name| SessionTool { tool: Tool::builtin(name), mcp_server: None })
        .filter(|extra| !matches!(agent, AgentTools::All) && !session_tools.iter().any(|t| t.tool == extra.tool));
    let candidates = session_tools.iter().copied().chain(agent_only);
    candidates.filter(|t| session.offers(&t.tool) && agent.selects(&t.tool, t.mcp_server)).collect()
}

/// A custom agent as the router knows it: its name and its `tools` list (`None` = all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomAgent {
    name: String,
    tools: Option<Vec<String>>,
}

impl CustomAgent {
    /// An agent named `name` with tool list `tools` (`None`: every tool, `Some([])`: none).
    /// The router matches names exactly; use [`CustomAgent::try_new`] to refuse
    /// entries that match nothing at runtime.
    pub fn new(name: impl Into<String>, tools: Option<Vec<String>>) -> CustomAgent {
        CustomAgent { name: name.into(), tools }
    }

    /// [`CustomAgent::new`], refusing source-prefixed and malformed entries.
    pub fn try_new(name: impl Into<String>, tools: Option<Vec<String>>) -> Result<CustomAgent, Errors> {
        AgentTools::parse(tools.as_deref())?;
        Ok(CustomAgent::new(name, tools))
    }

    /// A validated agent from a typed list.
    pub fn typed(name: impl Into<String>, tools: &AgentTools) -> CustomAgent {
        let tools = match tools {
            AgentTools::All => None,
            AgentTools::Nothing => Some(Vec::new()),
            AgentTools::Only(names) => Some(names.iter().map(|n| n.as_str().to_owned()).collect()),
        };
        CustomAgent::new(name, tools)
    }

    /// The agent's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The agent's list (`None` = all).
    pub fn tools(&self) -> Option<&[String]> {
        self.tools.as_deref()
    }

    /// The call-time check of SPEC §3 for a custom tool: no list allows everything, `*`
    /// allows every tool (as the runtime offers every tool to an agent listing `*`), otherwise
    /// the exact name must be listed. The same rule as [`AgentTools::selects`].
    pub fn allows_call(&self, tool_name: &str) -> bool {
        let tool = Tool::custom(tool_name);
        self.tools.as_ref().is_none_or(|tools| tools.iter().any(|t| t == "*" || t == tool.name()))
    }
}

/// The default agent's `excludedTools` (`defaultAgent.excludedTools` on the wire): tools
/// hidden from the main agent and left to the custom agents that list them, such as a tool
/// only a reviewing sub-agent may call. Entries are unprefixed, as in a sub-agent's list.
///
/// ```
/// use policy_core::{AgentToolName, DefaultAgent, Tool};
///
/// let default = DefaultAgent::excluding([AgentToolName::from_static("run_query")]);
/// assert!(default.hides(&Tool::custom("run_query"), None));
/// assert!(DefaultAgent::try_excluding(&["builtin:view".to_owned()]).is_err(), "matches nothing at runtime");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DefaultAgent {
    excluded_tools: Vec<AgentToolName>,
}

impl DefaultAgent {
    /// A default agent that is not offered `names`.
    pub fn excluding(names: impl IntoIterator<Item = AgentToolName>) -> DefaultAgent {
        DefaultAgent { excluded_tools: names.into_iter().collect() }
    }

    /// Validates names known only at run time, with the rules of a sub-agent's list (a
    /// source-prefixed entry matches nothing at runtime, so it is refused).
    pub fn try_excluding(names: &[String]) -> Result<DefaultAgent, Errors> {
        match AgentTools::parse(Some(names))? {
            AgentTools::Only(names) => Ok(DefaultAgent { excluded_tools: names }),
            AgentTools::All | AgentTools::Nothing => Ok(DefaultAgent { excluded_tools: Vec::new() }),
        }
    }

    /// The excluded entries.
    pub fn excluded_tools(&self) -> &[AgentToolName] {
        &self.excluded_tools
    }

    /// Whether the main agent is kept from `tool`.
    pub fn hides(&self, tool: &Tool<'_>, mcp_server: Option<&str>) -> bool {
        self.excluded_tools.iter().any(|name| name.selects(tool, mcp_server))
    }

    /// The tools a sub-agent is offered in a session with this default agent (as seen on CLI
    /// 1.0.102): a `null` list inherits the main agent's tools, so these stay hidden from it;
    /// a list selects from everything the session offers, these included, so an agent that
    /// names one (by name, `<server>/*` or `*`) is offered it.
    pub fn subagent_tools<'a>(
        &self,
        agent: &AgentTools,
        session: &ResolvedPolicy,
        session_tools: &[SessionTool<'a>],
    ) -> Vec<SessionTool<'a>> {
        match agent {
            AgentTools::All => self.main_agent_tools(session, session_tools),
            AgentTools::Nothing | AgentTools::Only(_) => effective_tools(agent, session, session_tools),
        }
    }

    /// The tools the main agent is offered: what the session's policy offers, less these.
    pub fn main_agent_tools<'a>(
        &self,
        session: &ResolvedPolicy,
        session_tools: &[SessionTool<'a>],
    ) -> Vec<SessionTool<'a>> {
        session_tools
            .iter()
            .filter(|t| session.offers(&t.tool) && !self.hides(&t.tool, t.mcp_server))
            .copied()
            .collect()
    }
}

/// Merges configured tools with the tools an orchestrator adds at invocation (handoff
/// transfer tools): configured first, then invocation tools, dropping any later tool whose
/// exact name was already seen, keeping order.
pub fn merge_invocation_tools<T>(configured: Vec<T>, invocation: Vec<T>, name: impl Fn(&T) -> &str) -> Vec<T> {
    let mut merged: Vec<T> = Vec::with_capacity(configured.len() + invocation.len());
    for tool in configured.into_iter().chain(invocation) {
        if !merged.iter().any(|seen| name(seen) == name(&tool)) {
            merged.push(tool);
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ClientMode, PolicyEntry, Selector};

    #[test]
    fn agent_tool_grammar() {
        for ok in ["view", "my_tool", "probe-echo", "probe/*", "odd.srv/*", "*", "shell", "custom-agent"] {
            assert!(AgentToolName::parse(ok).is_ok(), "{ok}");
        }
        assert_eq!(
            AgentToolName::parse("builtin:view").unwrap_err().to_string(),
            "`builtin:view` matches nothing in a sub-agent's tool list, which takes unprefixed runtime names; write `view`"
        );
        assert!(AgentToolName::parse("mcp:probe-echo").unwrap_err().to_string().ends_with("write `probe-echo`"));
        assert!(AgentToolName::parse("mcp:*").unwrap_err().to_string().ends_with("write `<server>/*`"));
        // A fix never grants more than was written.
        for wider in ["custom:*", "builtin:*", "builtin:bash", "builtin:edit", "custom:view", "mcp:shell"] {
            let message = AgentToolName::parse(wider).unwrap_err().to_string();
            assert!(!message.contains("write `"), "{wider}: {message}");
            assert!(message.ends_with("list the tools by name, or `<server>/*` for one MCP server"), "{message}");
        }
        assert!(AgentToolName::parse("custom:my_tool").unwrap_err().to_string().ends_with("write `my_tool`"));
        for bad in ["", "a b", "a/b", "/*", "x:y:z", "é"] {
            assert!(matches!(AgentToolName::parse(bad), Err(Error::SubagentInvalidName { .. })), "{bad}");
        }
    }

    #[test]
    fn lists() {
        assert_eq!(AgentTools::parse(None), Ok(AgentTools::All));
        assert_eq!(AgentTools::parse(Some(&[])), Ok(AgentTools::Nothing));
        let errors = AgentTools::parse(Some(&["view".into(), "builtin:bash".into(), "view".into()])).unwrap_err();
        assert_eq!(errors.iter().map(|(at, _)| *at).collect::<Vec<_>>(), [At::AgentTool(1), At::AgentTool(2)]);
        assert_eq!(AgentTools::only([]), AgentTools::Nothing);
        assert_eq!(serde_json::to_value(AgentTools::Nothing).unwrap(), serde_json::json!([]));
        assert_eq!(serde_json::to_value(AgentTools::All).unwrap(), serde_json::Value::Null);
    }

    #[test]
    fn selection_with_aliases_and_servers() {
        let list = AgentTools::only([
            AgentToolName::from_static("shell"),
            AgentToolName::from_static("my_tool"),
            AgentToolName::from_static("probe/*"),
        ]);
        assert!(list.selects(&Tool::builtin("read_bash"), None));
        assert!(list.selects(&Tool::custom("my_tool"), None));
        assert!(list.selects(&Tool::mcp("probe-echo"), Some("probe")));
        assert!(!list.selects(&Tool::mcp("other-echo"), Some("other")));
        assert!(!list.selects(&Tool::builtin("view"), None));
        assert!(!AgentTools::Nothing.selects(&Tool::builtin("view"), None));
    }

    #[test]
    fn effective_set_is_an_intersection() {
        let session = PolicyEntry::new(
            ClientMode::CopilotCli,
            None,
            Some(Selector::Tools(vec![WireName::from_static("builtin:bash"), WireName::from_static("custom:my_tool")])),
        )
        .unwrap()
        .resolve();
        let agent = AgentTools::only([
            AgentToolName::from_static("bash"),
            AgentToolName::from_static("view"),
            AgentToolName::from_static("my_tool"),
        ]);
        let registered: Vec<SessionTool<'_>> = ["bash", "read_bash", "stop_bash", "list_bash", "view", "edit"]
            .into_iter()
            .map(|n| SessionTool { tool: Tool::builtin(n), mcp_server: None })
            .chain([SessionTool { tool: Tool::custom("my_tool"), mcp_server: None }])
            .collect();
        let names: Vec<&str> = effective_tools(&agent, &session, &registered).iter().map(|t| t.tool.name()).collect();
        assert_eq!(names, ["read_bash", "stop_bash", "list_bash", "view"]);
    }

    #[test]
    fn a_default_agent_hides_tools_from_the_main_agent_and_null_sub_agents_only() {
        let registered = [
            SessionTool { tool: Tool::builtin("view"), mcp_server: None },
            SessionTool { tool: Tool::builtin("bash"), mcp_server: None },
            SessionTool { tool: Tool::custom("my_tool"), mcp_server: None },
            SessionTool { tool: Tool::mcp("echo-echo"), mcp_server: Some("echo") },
        ];
        let default = DefaultAgent::try_excluding(&["my_tool".into(), "echo-echo".into()]).unwrap();
        let session = ResolvedPolicy::DEFAULT;
        let names = |tools: Vec<SessionTool<'_>>| tools.iter().map(|t| t.tool.name().to_owned()).collect::<Vec<_>>();
        assert_eq!(names(default.main_agent_tools(&session, &registered)), ["view", "bash"]);
        let sub = |list: Option<&[&str]>| {
            let list: Option<Vec<String>> = list.map(|l| l.iter().map(|n| (*n).to_owned()).collect());
            names(default.subagent_tools(&AgentTools::parse(list.as_deref()).unwrap(), &session, &registered))
        };
        assert_eq!(sub(None), ["view", "bash"], "null inherits the main agent's tools");
        assert_eq!(
            sub(Some(&["*"])),
            ["view", "bash", "my_tool", "echo-echo", "tool_search_tool", "update_todo"],
            "a list reaches hidden tools, and `*` the agent-only built-ins"
        );
        assert_eq!(sub(Some(&["echo/*"])), ["echo-echo"]);
        assert_eq!(sub(Some(&["my_tool"])), ["my_tool"]);
        assert!(sub(Some(&[])).is_empty());
        // The session's filter still applies on top of both.
        let no_bash = PolicyEntry::new(
            ClientMode::CopilotCli,
            None,
            Some(Selector::Tools(vec![WireName::from_static("builtin:bash"), WireName::from_static("custom:my_tool")])),
        )
        .unwrap()
        .resolve();
        assert_eq!(names(default.main_agent_tools(&no_bash, &registered)), ["view"]);
        let star = AgentTools::parse(Some(&["*".to_owned()])).unwrap();
        assert_eq!(
            names(default.subagent_tools(&star, &no_bash, &registered)),
            ["view", "echo-echo", "tool_search_tool", "update_todo"]
        );
    }

    #[test]
    fn agent_only_built_ins_reach_lists_that_ask_for_them() {
        let registered = [SessionTool { tool: Tool::builtin("view"), mcp_server: None }];
        let names = |list: &[&str], session: &ResolvedPolicy| {
            let list: Vec<String> = list.iter().map(|n| (*n).to_owned()).collect();
            let agent = AgentTools::parse(Some(&list)).unwrap();
            effective_tools(&agent, session, &registered).iter().map(|t| t.tool.name().to_owned()).collect::<Vec<_>>()
        };
        let open = ResolvedPolicy::DEFAULT;
        assert_eq!(names(&["*"], &open), ["view", "tool_search_tool", "update_todo"]);
        assert_eq!(names(&["todo"], &open), ["update_todo"]);
        assert_eq!(names(&["tool_search_tool", "view"], &open), ["view", "tool_search_tool"]);
        assert!(effective_tools(&AgentTools::All, &open, &registered).iter().all(|t| t.tool.name() == "view"));
        // An allow-list without them, or a deny-list naming them, keeps them out.
        let allow =
            PolicyEntry::new(ClientMode::CopilotCli, Some(Selector::Tools(vec![WireName::from_static("view")])), None)
                .unwrap()
                .resolve();
        assert_eq!(names(&["*"], &allow), ["view"]);
        let deny = PolicyEntry::new(
            ClientMode::CopilotCli,
            None,
            Some(Selector::Tools(vec![WireName::from_static("update_todo")])),
        )
        .unwrap()
        .resolve();
        assert_eq!(names(&["*"], &deny), ["view", "tool_search_tool"]);
    }

    #[test]
    fn star_means_every_tool_for_lists_and_calls() {
        let star = AgentTools::parse(Some(&["*".to_owned()])).unwrap();
        let config = CustomAgent::try_new("any", Some(vec!["*".to_owned()])).unwrap();
        for tool in [Tool::custom("my_tool"), Tool::builtin("view"), Tool::mcp("srv-x")] {
            assert!(star.selects(&tool, Some("srv")));
        }
        assert!(config.allows_call("my_tool"), "the router and the list agree on `*`");
        let listed = CustomAgent::new("one", Some(vec!["a".to_owned()]));
        assert!(listed.allows_call("a") && !listed.allows_call("b"));
    }

    #[test]
    fn merge_and_handoff() {
        let merged = merge_invocation_tools(vec!["a", "b"], vec!["b", "t1", "a", "t2"], |t| t);
        assert_eq!(merged, ["a", "b", "t1", "t2"]);
        let policy = PolicyEntry::new(
            ClientMode::Empty,
            Some(Selector::Tools(vec![WireName::from_static("custom:lookup")])),
            None,
        )
        .unwrap()
        .resolve();
        let extended = policy.with_invocation_tools(["transfer_to_a", "lookup"]).unwrap();
        assert_eq!(extended.available_tools().unwrap().to_strings(), ["custom:lookup", "custom:transfer_to_a"]);
        let open = ResolvedPolicy::DEFAULT.with_invocation_tools(["t"]).unwrap();
        assert_eq!(open, ResolvedPolicy::DEFAULT, "no allow-list: nothing to add");
        assert!(policy.with_invocation_tools(["bad name"]).is_err());
    }
}
