//! Sub-agents (SPEC §3): typed `customAgents[].tools` lists, the call-time router that
//! fails closed, and invocation-time (handoff) tools.
//!
//! Two layers decide what an agent can reach, and neither authorizes anything:
//! *availability* (the session's `availableTools`/`excludedTools` and a sub-agent's `tools`
//! list) decides which tool names exist for the model; *permission* (the host's permission
//! handler, and the check inside each tool) decides whether one call proceeds. Narrowing one
//! leaves the other as it was. Put the access check inside the tool, where it sees the caller.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::SystemTime;

use serde_json::Value;

use crate::error::Error;
use crate::json::{Node, first_of_each_key};
use crate::policy::ResolvedPolicy;
use crate::wire::{self, Source, Tool, WireName};

/// One entry of a sub-agent's `tools` list: an unprefixed runtime name (`view`, `my_tool`,
/// `probe-echo`, an alias such as `shell`), `<server>/*` for one MCP server, or `*`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct AgentToolName(Cow<'static, str>);

/// Why a string is not a sub-agent tool name (the `const` check's answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentToolNameError {
    /// `builtin:view`: a source prefix, which matches nothing in a sub-agent's list.
    Qualified,
    /// Anything else outside the grammar.
    Invalid,
}

impl AgentToolNameError {
    /// The rule, for a `const` panic.
    pub const fn rule(self) -> &'static str {
        match self {
            AgentToolNameError::Qualified => {
                "a sub-agent's tool list takes unprefixed runtime names (`view`, not `builtin:view`); a source prefix matches nothing there"
            }
            AgentToolNameError::Invalid => "a sub-agent's tools are names of `[A-Za-z0-9_-]`, `<server>/*` or `*`",
        }
    }
}

/// The grammar of a sub-agent tool entry.
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
                let bare = match (wire.source(), wire.is_wildcard()) {
                    (Some(Source::Mcp), true) => "<server>/*".to_owned(),
                    _ => wire.name().to_owned(),
                };
                Err(Error::SubagentQualifiedName { entry: name.to_owned(), bare })
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

/// The built-ins an alias (or a family head such as `bash`) stands for in a sub-agent list,
/// as seen on CLI 1.0.102.
pub fn alias_members(entry: &str) -> &'static [&'static str] {
    match entry {
        "bash" | "shell" | "execute" => &["bash", "read_bash", "stop_bash", "list_bash"],
        "powershell" => &["powershell", "read_powershell", "stop_powershell", "list_powershell"],
        "read" => &["view"],
        "edit" => &["create", "edit"],
        "agent" | "custom-agent" => &["task", "read_agent", "list_agents", "write_agent"],
        "search" => &["grep", "glob"],
        "web" => &["web_fetch"],
        "todo" => &["update_todo"],
        _ => &[],
    }
}

impl fmt::Debug for AgentToolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "agent_tool!({:?})", self.as_str())
    }
}

impl fmt::Display for AgentToolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

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
    pub fn parse(tools: Option<&[String]>) -> Result<AgentTools, Vec<(usize, Error)>> {
        let Some(tools) = tools else { return Ok(AgentTools::All) };
        let mut errors = Vec::new();
        let mut names = Vec::with_capacity(tools.len());
        for (i, tool) in tools.iter().enumerate() {
            match AgentToolName::parse(tool) {
                Ok(name) => {
                    if let Some(first) = names.iter().position(|n: &AgentToolName| n.as_str() == tool) {
                        errors.push((i, Error::SubagentDuplicateName { entry: tool.clone(), first }));
                    }
                    names.push(name);
                }
                Err(error) => errors.push((i, error)),
            }
        }
        if !errors.is_empty() {
            Err(errors)
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

    /// The wire value: `null`, `[]` or the list.
    pub fn to_json(&self) -> Value {
        match self {
            AgentTools::All => Value::Null,
            AgentTools::Nothing => Value::Array(Vec::new()),
            AgentTools::Only(names) => names.iter().map(|n| Value::from(n.as_str())).collect(),
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
/// session's filter still applies on top of the agent's list).
pub fn effective_tools<'a>(
    agent: &AgentTools,
    session: &ResolvedPolicy,
    session_tools: &[SessionTool<'a>],
) -> Vec<SessionTool<'a>> {
    session_tools.iter().filter(|t| session.offers(&t.tool) && agent.selects(&t.tool, t.mcp_server)).copied().collect()
}

/// A custom agent as the router knows it: its name and its `tools` list (`None` = all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomAgentConfig {
    name: String,
    tools: Option<Vec<String>>,
}

impl CustomAgentConfig {
    /// An agent named `name` with tool list `tools` (`None`: every tool, `Some([])`: none).
    /// The router matches names exactly; use [`CustomAgentConfig::try_new`] to refuse
    /// entries that match nothing at runtime.
    pub fn new(name: impl Into<String>, tools: Option<Vec<String>>) -> CustomAgentConfig {
        CustomAgentConfig { name: name.into(), tools }
    }

    /// [`CustomAgentConfig::new`], refusing source-prefixed and malformed entries.
    pub fn try_new(
        name: impl Into<String>,
        tools: Option<Vec<String>>,
    ) -> Result<CustomAgentConfig, Vec<(usize, Error)>> {
        AgentTools::parse(tools.as_deref())?;
        Ok(CustomAgentConfig::new(name, tools))
    }

    /// A validated agent from a typed list.
    pub fn typed(name: impl Into<String>, tools: &AgentTools) -> CustomAgentConfig {
        let tools = match tools {
            AgentTools::All => None,
            AgentTools::Nothing => Some(Vec::new()),
            AgentTools::Only(names) => Some(names.iter().map(|n| n.as_str().to_owned()).collect()),
        };
        CustomAgentConfig::new(name, tools)
    }

    /// The agent's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The agent's list (`None` = all).
    pub fn tools(&self) -> Option<&[String]> {
        self.tools.as_deref()
    }

    /// The call-time check of SPEC §3: no list allows everything, otherwise the exact name
    /// must be listed.
    pub fn allows_call(&self, tool_name: &str) -> bool {
        self.tools.as_ref().is_none_or(|tools| tools.iter().any(|t| t == tool_name))
    }
}

/// Where in `customAgents` a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentAt {
    /// The `customAgents` value itself.
    List,
    /// One agent.
    Agent(usize),
    /// A key of one agent.
    Key(usize, &'static str),
    /// One entry of one agent's `tools`.
    Tool(usize, usize),
}

/// Reads a definition's `customAgents` (an array of objects with a string `name` and `tools`
/// that is `null`, absent or a list), reporting every problem through `report`.
pub(crate) fn load_custom_agents(
    value: Node<'_>,
    mut report: impl FnMut(AgentAt, Error),
) -> Option<Vec<CustomAgentConfig>> {
    let wrong = |expected, found: Node<'_>| Error::WrongType { expected, found: found.type_name() };
    let Some(agents) = value.array() else {
        report(AgentAt::List, wrong("an array of custom agents", value));
        return None;
    };
    let mut configs = Vec::with_capacity(agents.len());
    let mut ok = true;
    for (a, agent) in agents.iter().enumerate() {
        let Some(fields) = agent.object() else {
            report(AgentAt::Agent(a), wrong("a custom agent object", *agent));
            ok = false;
            continue;
        };
        let mut duplicated = false;
        let fields = first_of_each_key(fields, |key| {
            report(AgentAt::Agent(a), Error::DuplicateKey { key: key.to_owned() });
            duplicated = true;
        });
        ok &= !duplicated;
        let (mut name, mut tools) = (None, Some(None));
        let mut has_name = false;
        for (key, value) in &fields {
            match key.as_ref() {
                "name" => {
                    has_name = true;
                    match value.string() {
                        Some(text) => name = Some(text.into_owned()),
                        None => report(AgentAt::Key(a, "name"), wrong("a string", *value)),
                    }
                }
                "tools" => tools = agent_tools(a, *value, &mut report),
                _ => {}
            }
        }
        if !has_name {
            report(AgentAt::Agent(a), Error::WrongType { expected: "a custom agent with a `name`", found: "none" });
        }
        match (name, tools) {
            (Some(name), Some(tools)) => configs.push(CustomAgentConfig::new(name, tools)),
            _ => ok = false,
        }
    }
    ok.then_some(configs)
}

/// One agent's `tools`: `Some(None)` for null, `Some(Some(list))` for a valid list, `None`
/// when invalid (reported).
#[allow(clippy::option_option)] // absent/null, a list, or refused: three outcomes the caller keeps apart
fn agent_tools(agent: usize, value: Node<'_>, report: &mut impl FnMut(AgentAt, Error)) -> Option<Option<Vec<String>>> {
    if value.is_null() {
        return Some(None);
    }
    let Some(items) = value.array() else {
        report(
            AgentAt::Key(agent, "tools"),
            Error::WrongType { expected: "null or an array of tool names", found: value.type_name() },
        );
        return None;
    };
    let mut names = Vec::with_capacity(items.len());
    for (t, item) in items.iter().enumerate() {
        match item.string() {
            Some(text) => names.push(text.into_owned()),
            None => report(
                AgentAt::Tool(agent, t),
                Error::WrongType { expected: "a tool name string", found: item.type_name() },
            ),
        }
    }
    if names.len() != items.len() {
        return None;
    }
    match AgentTools::parse(Some(&names)) {
        Ok(_) => Some(Some(names)),
        Err(errors) => {
            for (t, error) in errors {
                report(AgentAt::Tool(agent, t), error);
            }
            None
        }
    }
}

/// How the router resolved a session id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Resolved {
    /// The parent session that owns the handlers.
    pub parent_id: String,
    /// Whether the id was a sub-agent's child session.
    pub child: bool,
}

/// Why the router refused a request. `Display` is the exact protocol text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RouterError {
    /// Neither a registered session nor a known child.
    UnknownSession {
        /// The id asked for.
        id: String,
    },
    /// A known child whose parent is no longer registered.
    ParentNotFound {
        /// The parent's id.
        parent_id: String,
        /// The child's id.
        child_id: String,
    },
    /// A child's tool call for a tool its agent does not list.
    ToolNotSupported {
        /// The tool's name.
        name: String,
    },
}

impl fmt::Display for RouterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouterError::UnknownSession { id } => write!(f, "unknown session {id}"),
            RouterError::ParentNotFound { parent_id, child_id } => {
                write!(f, "parent session {parent_id} for child {child_id} not found")
            }
            RouterError::ToolNotSupported { name } => {
                write!(f, "Tool '{name}' is not supported by this client instance.")
            }
        }
    }
}

impl std::error::Error for RouterError {}

/// One running sub-agent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubagentInstance {
    /// The custom agent's name.
    pub agent_name: String,
    /// The tool call that launched it.
    pub tool_call_id: String,
    /// Its child session id.
    pub child_session_id: String,
    /// When `subagent.started` arrived.
    pub started_at: SystemTime,
}

#[derive(Debug, Default)]
struct RouterState {
    sessions: HashMap<String, Arc<[CustomAgentConfig]>>,
    child_to_parent: HashMap<String, String>,
    child_to_agent: HashMap<String, String>,
    instances: HashMap<String, HashMap<String, SubagentInstance>>,
}

/// Maps sub-agents' child sessions to their parents and gates their tool calls (the
/// protocol of SPEC §3). `Send + Sync`; its lock is held only for map access, never while a
/// caller's handler runs (see [`SubagentRouter::dispatch_tool_call`]).
#[derive(Debug, Default)]
pub struct SubagentRouter {
    state: Mutex<RouterState>,
}

impl SubagentRouter {
    /// An empty router.
    pub fn new() -> SubagentRouter {
        SubagentRouter::default()
    }

    fn lock(&self) -> MutexGuard<'_, RouterState> {
        // The maps are consistent after every statement, so a panic elsewhere leaves
        // nothing half-written: recover rather than propagate the poison.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A parent session (from `createSession` / `resumeSession`) and its custom agents.
    pub fn register_session(&self, parent_id: &str, agents: Vec<CustomAgentConfig>) {
        self.lock().sessions.insert(parent_id.to_owned(), agents.into());
    }

    /// `subagent.started` on `parent_id`'s event stream.
    pub fn on_subagent_started(&self, parent_id: &str, child_id: &str, agent_name: &str, tool_call_id: &str) {
        let instance = SubagentInstance {
            agent_name: agent_name.to_owned(),
            tool_call_id: tool_call_id.to_owned(),
            child_session_id: child_id.to_owned(),
            started_at: SystemTime::now(),
        };
        let mut state = self.lock();
        state.child_to_parent.insert(child_id.to_owned(), parent_id.to_owned());
        state.child_to_agent.insert(child_id.to_owned(), agent_name.to_owned());
        state.instances.entry(parent_id.to_owned()).or_default().insert(tool_call_id.to_owned(), instance);
    }

    /// `subagent.completed` or `subagent.failed`: removes only the instance record, so
    /// requests still in flight from the child keep resolving.
    pub fn on_subagent_ended(&self, parent_id: &str, tool_call_id: &str) {
        let mut state = self.lock();
        if let Some(instances) = state.instances.get_mut(parent_id) {
            instances.remove(tool_call_id);
            if instances.is_empty() {
                state.instances.remove(parent_id);
            }
        }
    }

    /// A parent session was deleted or destroyed: it, its children and its instances go.
    pub fn remove_session(&self, parent_id: &str) {
        let mut state = self.lock();
        state.sessions.remove(parent_id);
        state.instances.remove(parent_id);
        let children: Vec<String> = state
            .child_to_parent
            .iter()
            .filter(|(_, parent)| *parent == parent_id)
            .map(|(child, _)| child.clone())
            .collect();
        for child in children {
            state.child_to_parent.remove(&child);
            state.child_to_agent.remove(&child);
        }
    }

    /// The client stopped: everything goes.
    pub fn stop(&self) {
        let mut state = self.lock();
        state.sessions.clear();
        state.child_to_parent.clear();
        state.child_to_agent.clear();
        state.instances.clear();
    }

    /// The running instances of `parent_id`.
    pub fn instances(&self, parent_id: &str) -> Vec<SubagentInstance> {
        self.lock().instances.get(parent_id).map(|i| i.values().cloned().collect()).unwrap_or_default()
    }

    /// Resolves an incoming session id: a registered session directly, then a child through
    /// its parent. For `permission.request`, `hooks.invoke` and `userInput.request`.
    pub fn resolve_session(&self, session_id: &str) -> Result<Resolved, RouterError> {
        resolve(&self.lock(), session_id)
    }

    /// Resolves the session of a `tool.call` and, for a child, checks its agent's list.
    /// An agent the parent did not configure is refused (fail closed).
    pub fn check_tool_call(&self, session_id: &str, tool_name: &str) -> Result<Resolved, RouterError> {
        let state = self.lock();
        let resolved = resolve(&state, session_id)?;
        if resolved.child {
            let agents = &state.sessions[&resolved.parent_id];
            let allowed = state
                .child_to_agent
                .get(session_id)
                .and_then(|agent| agents.iter().find(|a| a.name() == agent))
                .is_some_and(|agent| agent.allows_call(tool_name));
            if !allowed {
                return Err(RouterError::ToolNotSupported { name: tool_name.to_owned() });
            }
        }
        Ok(resolved)
    }

    /// [`SubagentRouter::check_tool_call`], then `handler` with the lock released, so a
    /// handler may call back into the router.
    pub fn dispatch_tool_call<R>(
        &self,
        session_id: &str,
        tool_name: &str,
        handler: impl FnOnce(&Resolved) -> R,
    ) -> Result<R, RouterError> {
        let resolved = self.check_tool_call(session_id, tool_name)?;
        Ok(handler(&resolved))
    }
}

fn resolve(state: &RouterState, session_id: &str) -> Result<Resolved, RouterError> {
    if state.sessions.contains_key(session_id) {
        return Ok(Resolved { parent_id: session_id.to_owned(), child: false });
    }
    match state.child_to_parent.get(session_id) {
        Some(parent) if state.sessions.contains_key(parent) => Ok(Resolved { parent_id: parent.clone(), child: true }),
        Some(parent) => Err(RouterError::ParentNotFound { parent_id: parent.clone(), child_id: session_id.to_owned() }),
        None => Err(RouterError::UnknownSession { id: session_id.to_owned() }),
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

impl ResolvedPolicy {
    /// The policy for a session that also offers tools added at invocation: when the
    /// allow-list is set and lacks `custom:*`, each name is added as `custom:<name>` (else
    /// the agent could not hand off). The deny-list is untouched, so an excluded tool stays
    /// excluded.
    pub fn with_invocation_tools<'n>(
        &self,
        names: impl IntoIterator<Item = &'n str>,
    ) -> Result<ResolvedPolicy, wire::WireError> {
        let mut policy = self.clone();
        let wildcard = WireName::from_static("custom:*");
        if let Some(list) = policy.available_tools_mut().filter(|list| !list.contains(&wildcard)) {
            let mut added: Vec<WireName> = Vec::new();
            for name in names {
                let pattern = WireName::qualified(Source::Custom, name)?;
                if !pattern.is_wildcard() && !list.contains(&pattern) && !added.contains(&pattern) {
                    added.push(pattern);
                }
            }
            list.extend(added);
        }
        Ok(policy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entry::{ClientMode, PolicyEntry, Selector};

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
        for bad in ["", "a b", "a/b", "/*", "x:y:z", "é"] {
            assert!(matches!(AgentToolName::parse(bad), Err(Error::SubagentInvalidName { .. })), "{bad}");
        }
    }

    #[test]
    fn lists() {
        assert_eq!(AgentTools::parse(None), Ok(AgentTools::All));
        assert_eq!(AgentTools::parse(Some(&[])), Ok(AgentTools::Nothing));
        let errors = AgentTools::parse(Some(&["view".into(), "builtin:bash".into(), "view".into()])).unwrap_err();
        assert_eq!(errors.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(AgentTools::only([]), AgentTools::Nothing);
        assert_eq!(AgentTools::Nothing.to_json(), serde_json::json!([]));
        assert_eq!(AgentTools::All.to_json(), Value::Null);
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
    fn router_resolution_and_errors() {
        let router = SubagentRouter::new();
        router.register_session("p", vec![CustomAgentConfig::new("inv", Some(vec!["run_bash".into()]))]);
        router.on_subagent_started("p", "c", "inv", "call-1");
        assert_eq!(router.resolve_session("p"), Ok(Resolved { parent_id: "p".into(), child: false }));
        assert_eq!(router.resolve_session("c"), Ok(Resolved { parent_id: "p".into(), child: true }));
        assert_eq!(router.resolve_session("x").unwrap_err().to_string(), "unknown session x");
        assert!(router.check_tool_call("c", "run_bash").is_ok());
        assert_eq!(
            router.check_tool_call("c", "other").unwrap_err().to_string(),
            "Tool 'other' is not supported by this client instance."
        );
        assert!(router.check_tool_call("p", "other").is_ok(), "the parent is not restricted");
        assert!(router.resolve_session("c").is_ok(), "other requests are not gated by the list");
        router.on_subagent_ended("p", "call-1");
        assert!(router.instances("p").is_empty());
        assert!(router.check_tool_call("c", "run_bash").is_ok(), "late requests still resolve");
        router.on_subagent_started("gone", "orphan", "inv", "call-2");
        assert_eq!(
            router.resolve_session("orphan").unwrap_err().to_string(),
            "parent session gone for child orphan not found"
        );
        router.remove_session("p");
        assert_eq!(router.resolve_session("c").unwrap_err(), RouterError::UnknownSession { id: "c".into() });
        router.stop();
        assert_eq!(router.resolve_session("orphan").unwrap_err(), RouterError::UnknownSession { id: "orphan".into() });
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
