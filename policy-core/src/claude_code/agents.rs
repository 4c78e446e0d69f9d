//! Claude Code sub-agents (`claude --agents`, SPEC §2): typed tool lists, bounded by the main
//! selection, and what the CLI receives for them.
//!
//! What the CLI does, measured live (`claude-code-subagents` cases, on both pinned builds):
//! the main selection bounds a sub-agent's `tools`, except for `Glob` and `Grep`, which a
//! sub-agent gets when its list names them unless the main selection is an `only` naming
//! either of them ([`reaches_beyond`]); a built-in gated off (`LSP` without a language server)
//! is not offered for being listed; `disallowedTools` hides a tool from the sub-agent's model
//! (`ToolSearch` does not bring it back); an agent without `tools` has what the main agent
//! has; and some built-ins are never offered to a sub-agent. So a sub-agent list that names a
//! built-in the main selection took away is an error: for `Glob` and `Grep` where the CLI would
//! offer it anyway (unless the definition leaves it to its agents, `agent_only`), for the
//! others because the CLI would not. MCP rules: `mcp__<server>`, `mcp__<server>__*` and
//! `mcp__<server>__<tool>` work in both lists; `mcp__*` works in `disallowedTools` only (in
//! `tools` it gives the agent no MCP tool, so it is refused there).

use serde_json::{Map, Value};

use crate::text::Shown;

use super::selection::ClaudeCodeSelection;
use crate::claude_code::catalog::{ClaudeTool, ROWS, RUNTIME, Start};
use crate::claude_code::mcp;
use crate::error::{Error, Warning};
use crate::names::vocab::{AGENT_ONLY_KEY, AGENTS_KEY, DISALLOWED_TOOLS_KEY, TOOLS_KEY};
use crate::names::wire::is_name_byte;
use crate::portable::{McpRef, McpTools, Portable, PortableShape, cannot_say};

/// Why an agent's portable `disable` cannot keep only some MCP tools.
const DENY_LIST_ONLY: &str = "an agent's portable `disable` is its `disallowedTools`, a deny-list, which keeps every MCP tool it does not name; write the agent's capabilities as `only`, or name the MCP tools to take away under `mcp_tools.disable`";
use crate::seen::Seen;
use crate::selection::SelectionShape;
use crate::selection::{NameLookup, newer_build_warning};

/// One entry of a sub-agent's `tools` or `disallowedTools`: a built-in, or an MCP rule
/// (`mcp__<server>__<tool>`, `mcp__<server>__*`, `mcp__<server>`, `mcp__*`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AgentRule {
    /// A built-in tool.
    Tool(ClaudeTool),
    /// An MCP rule, as written.
    Mcp(String),
}

impl AgentRule {
    /// Reads one entry: a built-in (a legacy alias is read as its tool), or an MCP rule by the
    /// CLI's grammar; anything else is refused with a did-you-mean.
    pub fn parse(name: &str) -> Result<NameLookup<AgentRule>, Error> {
        if let Some(rest) = name.strip_prefix("mcp__") {
            return if mcp_rule_ok(rest) {
                Ok(NameLookup::Canonical(AgentRule::Mcp(name.to_owned())))
            } else {
                Err(mcp::bad_rule(name))
            };
        }
        Ok(ClaudeTool::lookup(name)?.map(AgentRule::Tool))
    }

    /// The entry as the CLI reads it.
    pub fn as_str(&self) -> &str {
        match self {
            AgentRule::Tool(tool) => tool.name(),
            AgentRule::Mcp(rule) => rule,
        }
    }

    /// Whether an offered tool name is one this entry names.
    pub fn matches(&self, offered: &str) -> bool {
        match self {
            AgentRule::Tool(tool) => tool.name() == offered,
            AgentRule::Mcp(rule) => {
                let rest = &rule["mcp__".len()..];
                let Some(tool) = offered.strip_prefix("mcp__") else { return false };
                match rest.split_once("__") {
                    _ if rest == "*" => true,
                    None => tool.split_once("__").is_some_and(|(server, _)| server == rest),
                    Some((server, "*")) => tool.split_once("__").is_some_and(|(s, _)| s == server),
                    Some(_) => tool == rest,
                }
            }
        }
    }
}

/// Checks a written `tools`, `disallowedTools` or `agent_only` list (`None`: an item the
/// front door already refused): each name read as an [`AgentRule`], a legacy alias rewritten
/// with a warning, an unknown name or a repeat an error at its item. The rules kept, each
/// with the item it was written at. Every front door (the JSON reader, the macro) calls it.
pub fn check_rules(
    names: &[Option<&str>],
    errors: &mut Vec<(usize, Error)>,
    warnings: &mut Vec<(usize, Warning)>,
) -> Vec<(usize, AgentRule)> {
    // Each name read, then the rules checked for repeats in one pass; the errors stand in
    // item order.
    let mut read: Vec<(usize, AgentRule)> = Vec::with_capacity(names.len());
    let mut failed: Vec<(usize, Error)> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let Some(name) = name else { continue };
        match AgentRule::parse(name) {
            Ok(found) => {
                if let NameLookup::Alias(rule) = &found {
                    let canonical = rule.as_str().to_owned();
                    warnings.push((i, Warning::LegacyAlias { alias: (*name).to_owned(), canonical }));
                }
                if let AgentRule::Tool(tool) = found.clone().tool() {
                    warnings.extend(newer_build_warning(&tool).map(|warning| (i, warning)));
                }
                read.push((i, found.tool()));
            }
            Err(error) => failed.push((i, error)),
        }
    }
    let mut seen = Seen::with_capacity(read.len());
    let mut kept = Vec::with_capacity(read.len());
    for (i, rule) in &read {
        match seen.repeat(rule.as_str(), *i) {
            Some(first) => failed.push((*i, Error::DuplicateCliTool { canonical: rule.as_str().to_owned(), first })),
            None => kept.push((*i, rule.clone())),
        }
    }
    failed.sort_by_key(|(i, _)| *i);
    errors.extend(failed);
    kept
}

/// `<server>`, `<server>__*`, `<server>__<tool>` or `*` after `mcp__`: names of
/// `[A-Za-z0-9_-]`, a server without `__`.
fn mcp_rule_ok(rest: &str) -> bool {
    let name = |s: &str| !s.is_empty() && s.bytes().all(is_name_byte);
    if rest == "*" {
        return true;
    }
    match rest.split_once("__") {
        None => name(rest),
        Some((server, tool)) => name(server) && !server.ends_with('_') && (tool == "*" || name(tool)),
    }
}

string_form!(AgentRule, AgentRule::as_str);

/// A Claude Code custom agent: what the model starts through `Agent` (`subagent_type`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClaudeAgent {
    /// Its name, the key of `--agents`.
    pub name: String,
    /// When the model should use it.
    pub description: String,
    /// Its system prompt.
    pub prompt: String,
    /// `tools`: exactly these (`None`: what the main agent has).
    pub tools: Option<Vec<AgentRule>>,
    /// `disallowedTools`: taken away from what it would have.
    pub disallowed_tools: Option<Vec<AgentRule>>,
    /// `model`, passed through.
    pub model: Option<String>,
    /// `mcpServers`, passed through.
    pub mcp_servers: Option<Value>,
}

impl ClaudeAgent {
    /// An agent with a description and a prompt and no lists of its own.
    pub fn new(name: impl Into<String>, description: impl Into<String>, prompt: impl Into<String>) -> ClaudeAgent {
        ClaudeAgent {
            name: name.into(),
            description: description.into(),
            prompt: prompt.into(),
            tools: None,
            disallowed_tools: None,
            model: None,
            mcp_servers: None,
        }
    }

    /// `tools`.
    #[must_use]
    pub fn tools(mut self, tools: impl IntoIterator<Item = AgentRule>) -> ClaudeAgent {
        self.tools = Some(tools.into_iter().collect());
        self
    }

    /// `disallowedTools`.
    #[must_use]
    pub fn disallowed_tools(mut self, tools: impl IntoIterator<Item = AgentRule>) -> ClaudeAgent {
        self.disallowed_tools = Some(tools.into_iter().collect());
        self
    }

    /// `model`.
    #[must_use]
    pub fn model(mut self, model: impl Into<String>) -> ClaudeAgent {
        self.model = Some(model.into());
        self
    }

    /// The agent as the CLI's `--agents` value holds it, names canonical.
    pub fn to_json(&self) -> Value {
        let mut fields = Map::new();
        fields.insert("description".into(), self.description.clone().into());
        fields.insert("prompt".into(), self.prompt.clone().into());
        let list = |rules: &[AgentRule]| Value::from(rules.iter().map(|r| r.as_str().to_owned()).collect::<Vec<_>>());
        if let Some(tools) = &self.tools {
            fields.insert(TOOLS_KEY.into(), list(tools));
        }
        if let Some(tools) = &self.disallowed_tools {
            fields.insert(DISALLOWED_TOOLS_KEY.into(), list(tools));
        }
        if let Some(model) = &self.model {
            fields.insert("model".into(), model.clone().into());
        }
        if let Some(servers) = &self.mcp_servers {
            fields.insert("mcpServers".into(), servers_as_listed(servers));
        }
        Value::Object(fields)
    }
}

/// An agent's `mcpServers` as the CLI reads it in `--agents`: a list of names and of objects
/// of servers by name. Claude Code 2.1.332 refuses an object there and exits before any
/// request (`expected array, received object`), so an object is written as a list of one
/// server each, in its order.
fn servers_as_listed(servers: &Value) -> Value {
    match servers {
        Value::Object(servers) => Value::Array(
            servers
                .iter()
                .map(|(name, server)| Value::Object(Map::from_iter([(name.clone(), server.clone())])))
                .collect(),
        ),
        listed => listed.clone(),
    }
}

/// A definition's custom agents, with the built-ins it takes from the main agent and leaves to
/// them (`agent_only`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClaudeAgents {
    /// The agents, in the order written.
    pub agents: Vec<ClaudeAgent>,
    /// Built-ins the main selection takes away that the agents may still list.
    pub agent_only: Vec<ClaudeTool>,
}

/// Where a rule of [`ClaudeAgents::check`] was broken: agent, then the list and item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentPlace {
    /// Item `usize` of agent `usize`'s `tools`.
    Tools(usize, usize),
    /// Item `usize` of agent `usize`'s `disallowedTools`.
    Disallowed(usize, usize),
    /// Item `usize` of `agent_only`.
    AgentOnly(usize),
    /// Agent `usize`'s `mcpServers`.
    McpServers(usize),
}

/// What [`ClaudeAgents::check`] found: errors, then lints, each with its place.
pub type AgentFindings = (Vec<(AgentPlace, Error)>, Vec<(AgentPlace, Warning)>);

impl ClaudeAgents {
    /// Agents with nothing left to them.
    pub fn new(agents: impl IntoIterator<Item = ClaudeAgent>) -> ClaudeAgents {
        ClaudeAgents { agents: agents.into_iter().collect(), agent_only: Vec::new() }
    }

    /// Leaves these built-ins, which the main selection takes away, to the agents.
    #[must_use]
    pub fn agent_only(mut self, tools: impl IntoIterator<Item = ClaudeTool>) -> ClaudeAgents {
        self.agent_only = tools.into_iter().collect();
        self
    }

    /// Whether there are no agents.
    pub fn is_empty(&self) -> bool {
        self.agents.is_empty()
    }

    /// The agent named `name`.
    pub fn get(&self, name: &str) -> Option<&ClaudeAgent> {
        self.agents.iter().find(|agent| agent.name == name)
    }

    /// The rules that hold between the agents and the main selection (`None`: no selection):
    /// an agent's `tools` never names a built-in the main selection took away, unless it is
    /// `Glob` or `Grep` and `agent_only` leaves it to the agents; `agent_only` names only
    /// `Glob` or `Grep`, taken from the main agent. Also the `unreachable-agent-tool` lints: a
    /// list entry naming a built-in the agent never has anyway.
    pub fn check(&self, main: Option<&ClaudeCodeSelection>) -> AgentFindings {
        let (mut errors, mut lints) = (Vec::new(), Vec::new());
        let taken = |tool: ClaudeTool| main.is_some_and(|s| !s.decide(tool).is_permitted());
        for (i, tool) in self.agent_only.iter().enumerate() {
            if !taken(*tool) {
                errors.push((AgentPlace::AgentOnly(i), Error::AgentOnlyNotTaken { tool: tool.name() }));
            } else if !reaches_beyond(*tool, main) {
                errors.push((AgentPlace::AgentOnly(i), Error::AgentOnlyUnreachable { runtime: RUNTIME, tool: tool.name() }));
            }
        }
        let unreachable = |tool: ClaudeTool, detail: &'static str| Warning::Lint {
            lint: crate::error::Lint::UnreachableAgentTool,
            subject: Some(tool.name().into()),
            detail: detail.into(),
        };
        for (a, agent) in self.agents.iter().enumerate() {
            if let Some(server) = agent.servers_beyond_tools().first() {
                errors.push((AgentPlace::McpServers(a), own_server_beyond_tools(&agent.name, server)));
            }
            for (t, rule) in agent.tools.iter().flatten().enumerate() {
                let tool = match rule {
                    AgentRule::Tool(tool) => tool,
                    AgentRule::Mcp(rule) if rule == EVERY_MCP => {
                        errors.push((AgentPlace::Tools(a, t), Error::AgentEveryMcp { runtime: RUNTIME, agent: agent.name.clone() }));
                        continue;
                    }
                    AgentRule::Mcp(_) => continue,
                };
                if taken(*tool) && !self.agent_only.contains(tool) {
                    let leaks = reaches_beyond(*tool, main);
                    let error = Error::AgentBeyondMain { runtime: RUNTIME, agent: agent.name.clone(), tool: tool.name(), leaks };
                    errors.push((AgentPlace::Tools(a, t), error));
                } else if Start::Foreground.withholds(*tool) {
                    let detail = "Claude Code never offers it to a sub-agent";
                    lints.push((AgentPlace::Tools(a, t), unreachable(*tool, detail)));
                } else if !tool.offered_when_listed() {
                    let detail = "it is gated off in the pinned setting, and a list does not turn it on";
                    lints.push((AgentPlace::Tools(a, t), unreachable(*tool, detail)));
                }
            }
            for (t, rule) in agent.disallowed_tools.iter().flatten().enumerate() {
                let AgentRule::Tool(tool) = rule else { continue };
                let listed = agent.tools.as_ref().is_none_or(|tools| tools.contains(rule));
                if !listed || (agent.tools.is_none() && taken(*tool)) || Start::Foreground.withholds(*tool) {
                    let detail = "the agent never has it anyway, so this takes nothing away";
                    lints.push((AgentPlace::Disallowed(a, t), unreachable(*tool, detail)));
                }
            }
        }
        (errors, lints)
    }

    /// The JSON pointer of a place [`ClaudeAgents::check`] names, as a holder document
    /// writes the agents (`/agents/reviewer/tools/1`, `/agent_only/0`).
    pub fn pointer(&self, place: AgentPlace) -> String {
        let name = |a: usize| self.agents[a].name.replace('~', "~0").replace('/', "~1");
        match place {
            AgentPlace::Tools(a, t) => format!("/{AGENTS_KEY}/{}/{TOOLS_KEY}/{t}", name(a)),
            AgentPlace::Disallowed(a, t) => format!("/{AGENTS_KEY}/{}/{DISALLOWED_TOOLS_KEY}/{t}", name(a)),
            AgentPlace::AgentOnly(i) => format!("/{AGENT_ONLY_KEY}/{i}"),
            AgentPlace::McpServers(a) => format!("/{AGENTS_KEY}/{}/mcpServers", name(a)),
        }
    }

    /// The `--agents` value: an object keyed by agent name.
    pub fn to_json(&self) -> Value {
        Value::Object(self.agents.iter().map(|agent| (agent.name.clone(), agent.to_json())).collect())
    }

    /// The CLI argument, one token: `--agents=<json>`; none without agents.
    pub fn arg(&self) -> Option<String> {
        (!self.is_empty()).then(|| format!("--agents={}", self.to_json()))
    }
}

/// Whether the CLI offers `tool` to an agent whose `tools` names it although the main
/// selection (`None`: none) takes it away. Measured live: `Glob` and `Grep` do, unless the
/// main selection is an `only` that names either of them; no other built-in does.
pub fn reaches_beyond(tool: ClaudeTool, main: Option<&ClaudeCodeSelection>) -> bool {
    let names_one = |only: &[ClaudeTool]| only.iter().any(|listed| listed.reaches_agent_lists());
    tool.reaches_agent_lists()
        && !main.is_some_and(|main| matches!(main.shape(), SelectionShape::Only(only) if names_one(only)))
}

/// The built-ins a sub-agent's model is offered, in catalog order, given the main agent's
/// selection and the CLI's defaults (the library's model, held live by the
/// `claude-code-subagents` cases):
/// - with `tools`: the built-ins it lists that the main selection permits, and `Glob` and
///   `Grep` where [`reaches_beyond`] says so; never one gated off (`LSP`);
/// - without: what the main agent is offered;
/// - never what [`Start::withholds`] (started in the background, the default; [`offered_when`]
///   says it for the foreground); and `disallowedTools` takes its built-ins away (`Bash` with
///   the tools that run code the way it does, as for the main agent).
pub fn offered_to(agent: &ClaudeAgent, main: Option<&ClaudeCodeSelection>, defaults: &[ClaudeTool]) -> Vec<ClaudeTool> {
    offered_when(agent, main, defaults, Start::Background)
}

/// [`offered_to`], for an agent started in the background (the default) or in the foreground,
/// which is offered the main agent's own tools but `ScheduleWakeup` and `Workflow`
/// ([`Start::withholds`]).
pub fn offered_when(
    agent: &ClaudeAgent,
    main: Option<&ClaudeCodeSelection>,
    defaults: &[ClaudeTool],
    start: Start,
) -> Vec<ClaudeTool> {
    let permitted = |tool: ClaudeTool| main.is_none_or(|s| s.decide(tool).is_permitted());
    let base: Vec<ClaudeTool> = match &agent.tools {
        Some(tools) => ClaudeTool::ALL
            .iter()
            .copied()
            .filter(|t| tools.contains(&AgentRule::Tool(*t)) && t.offered_when_listed())
            .filter(|t| permitted(*t) || reaches_beyond(*t, main))
            .collect(),
        None => super::selection::offered(main, defaults),
    };
    let denied = |tool: ClaudeTool| agent.disallowed_tools.iter().flatten().any(|r| *r == AgentRule::Tool(tool));
    base.into_iter().filter(|tool| !start.withholds(*tool) && !tool.taken_by(denied)).collect()
}

/// The MCP tools a sub-agent's model is offered, of those the session has
/// (`mcp__<server>__<tool>`): with `tools`, the ones it names (`mcp__*` names none there);
/// without, all; less the ones `disallowedTools` names.
pub fn mcp_offered_to<'a>(agent: &ClaudeAgent, session: &[&'a str]) -> Vec<&'a str> {
    let listed = McpRules::of(agent.tools.as_deref(), false);
    let denied = McpRules::of(agent.disallowed_tools.as_deref(), true);
    // The agent's own servers' tools reach it whatever its `tools` lists.
    let own = agent.own_servers();
    let owned = |tool: &str| {
        tool.strip_prefix("mcp__")
            .and_then(|rest| rest.split_once("__"))
            .is_some_and(|(server, _)| own.contains(&server))
    };
    session
        .iter()
        .copied()
        .filter(|tool| agent.tools.is_none() || listed.names(tool) || owned(tool))
        .filter(|tool| !denied.names(tool))
        .collect()
}

/// A list's MCP rules, indexed for many tools: every MCP tool, whole servers, single tools.
pub(crate) struct McpRules<'a> {
    every: bool,
    servers: Seen<'a>,
    tools: Seen<'a>,
}

impl<'a> McpRules<'a> {
    /// `every`: whether `mcp__*` names every MCP tool, as in `disallowedTools`; in `tools`
    /// it names none.
    pub(crate) fn of(rules: Option<&'a [AgentRule]>, every: bool) -> McpRules<'a> {
        let mut indexed = McpRules { every: false, servers: Seen::with_capacity(0), tools: Seen::with_capacity(0) };
        for (i, rule) in rules.unwrap_or_default().iter().enumerate() {
            let AgentRule::Mcp(rule) = rule else { continue };
            match rule["mcp__".len()..].split_once("__") {
                _ if rule == EVERY_MCP => indexed.every = every,
                None => _ = indexed.servers.repeat(&rule["mcp__".len()..], i),
                Some((server, "*")) => _ = indexed.servers.repeat(server, i),
                Some(_) => _ = indexed.tools.repeat(&rule["mcp__".len()..], i),
            }
        }
        indexed
    }

    /// The rule that names `offered` (`mcp__<server>__<tool>`), as [`AgentRule::matches`]
    /// finds it: `mcp__*`, the server's (`mcp__<server>`) or the tool's own.
    pub(crate) fn rule(&self, offered: &str) -> Option<String> {
        let tool = offered.strip_prefix("mcp__")?;
        if self.every {
            return Some(EVERY_MCP.to_owned());
        }
        if self.tools.contains(tool) {
            return Some(offered.to_owned());
        }
        let (server, _) = tool.split_once("__")?;
        self.servers.contains(server).then(|| format!("mcp__{server}"))
    }

    /// Whether a rule names every tool of `server`: `mcp__*` (where it names every MCP tool),
    /// `mcp__<server>` or `mcp__<server>__*`.
    fn names_server(&self, server: &str) -> bool {
        self.every || self.servers.contains(server)
    }

    /// Whether a rule names `offered` (`mcp__<server>__<tool>`), as [`AgentRule::matches`].
    fn names(&self, offered: &str) -> bool {
        let Some(tool) = offered.strip_prefix("mcp__") else { return false };
        self.every
            || self.tools.contains(tool)
            || tool.split_once("__").is_some_and(|(server, _)| self.servers.contains(server))
    }
}

impl ClaudeAgent {
    /// The agent with the lists of a portable policy (SPEC §7), from the same table as the
    /// main selection's, bounded as a list of names is: `only` is its `tools`, the built-ins
    /// it grants that the main selection (`main`, `None`: no selection) permits or leaves to
    /// the agents (`agent_only`), with `mcp__<server>` for each of the agent's own
    /// `mcpServers` when MCP tools are kept; `disable` its `disallowedTools` (with `mcp__*`
    /// when they are not).
    ///
    /// Claude Code keeps an agent's MCP tools in `tools` only by server, so an `only` (or
    /// `disable: "*"`) that keeps MCP tools for an agent naming no `mcpServers` is refused
    /// with the fix (`"mcp_tools": "none"`, or the servers named).
    pub fn with_portable(
        mut self,
        portable: &Portable,
        main: Option<&ClaudeCodeSelection>,
        agent_only: &[ClaudeTool],
    ) -> Result<ClaudeAgent, Error> {
        let reachable =
            |tool: &ClaudeTool| main.is_none_or(|main| main.decide(*tool).is_permitted()) || agent_only.contains(tool);
        let rules = |listed: &[McpRef]| -> Result<Vec<AgentRule>, Error> {
            listed.iter().map(|reference| mcp::rule_of(reference).map(AgentRule::Mcp)).collect()
        };
        match portable.shape() {
            PortableShape::Only(_) | PortableShape::DisableAll => {
                let granted = portable.built_ins(ROWS, true).filter(reachable).map(AgentRule::Tool);
                let mut tools: Vec<AgentRule> =
                    if matches!(portable.shape(), PortableShape::Only(_)) { granted.collect() } else { Vec::new() };
                // An allow-list: MCP tools reach the agent by its own servers' names, or by
                // the servers and tools `mcp_tools.only` lists; those it disables are deny
                // rules beside.
                match portable.mcp() {
                    McpTools::Keep | McpTools::Disable(_) => {
                        let servers = self.server_names()?;
                        let rules: Vec<AgentRule> =
                            servers.into_iter().map(|server| AgentRule::Mcp(format!("mcp__{server}"))).collect();
                        tools.extend(rules);
                    }
                    McpTools::None | McpTools::Only(_) => {}
                }
                // The agent's own servers reach it whatever `tools` lists: those the policy
                // does not keep whole are deny rules, and one it keeps only some tools of
                // cannot be said.
                let mut denied = self.own_servers_not_kept(portable.mcp())?;
                if let McpTools::Only(listed) = portable.mcp() {
                    tools.extend(rules(listed)?);
                }
                if let McpTools::Disable(listed) = portable.mcp() {
                    denied.extend(rules(listed)?);
                }
                self.disallowed_tools = (!denied.is_empty()).then_some(denied);
                self.tools = Some(tools);
            }
            PortableShape::Disable(_) => {
                let mut denied: Vec<AgentRule> = portable.built_ins(ROWS, false).map(AgentRule::Tool).collect();
                match portable.mcp() {
                    McpTools::Keep => {}
                    McpTools::None => denied.push(AgentRule::Mcp(EVERY_MCP.to_owned())),
                    McpTools::Disable(listed) => denied.extend(rules(listed)?),
                    // A deny-list keeps every MCP tool it does not name.
                    McpTools::Only(_) => return Err(cannot_say(mcp::CLI, portable.mcp(), DENY_LIST_ONLY)),
                }
                self.disallowed_tools = Some(denied);
            }
        }
        Ok(self)
    }

    /// Deny rules for the agent's own servers that `mcp` (`"none"`, or an `only`) keeps none
    /// of: they reach the agent whatever its `tools` lists. One it keeps only some tools of
    /// cannot be said.
    fn own_servers_not_kept(&self, mcp: &McpTools) -> Result<Vec<AgentRule>, Error> {
        if !matches!(mcp, McpTools::None | McpTools::Only(_)) {
            return Ok(Vec::new());
        }
        let mut denied = Vec::new();
        for server in self.own_servers() {
            let named = mcp.listed().iter().filter(|r| r.server() == server);
            match (named.clone().any(|r| r.tool().is_none()), named.count()) {
                (true, _) => {}
                (false, 0) => denied.push(AgentRule::Mcp(format!("mcp__{server}"))),
                (false, _) => return Err(own_server_beyond_tools(&self.name, server)),
            }
        }
        Ok(denied)
    }

    /// Whether the agent reaches every MCP tool of the session: no `tools` of its own, and
    /// no MCP rule among its `disallowedTools` (the `agent-inherits-mcp` lint).
    pub fn inherits_mcp(&self) -> bool {
        self.tools.is_none() && !self.disallowed_tools.iter().flatten().any(|rule| matches!(rule, AgentRule::Mcp(_)))
    }

    /// The names of the agent's own `mcpServers` (an object of servers keyed by name, as the
    /// reader takes it, or the SDK's list of names and such objects), in the order written,
    /// each once; a name an MCP rule cannot hold is refused, and so is an agent that names
    /// none.
    fn server_names(&self) -> Result<Vec<&str>, Error> {
        let names = self.own_servers();
        let unnamed = |server: Option<&str>| Error::AgentMcpUnnamed { runtime: RUNTIME,
            agent: self.name.clone(),
            server: server.map(str::to_owned),
        };
        let mut seen = Seen::with_capacity(0);
        let mut kept = Vec::new();
        for (i, name) in names.into_iter().enumerate() {
            let holdable = name != "*" && !name.contains("__") && !name.ends_with('_') && mcp_rule_ok(name);
            if !holdable {
                return Err(unnamed(Some(name)));
            }
            if seen.repeat(name, i).is_none() {
                kept.push(name);
            }
        }
        if kept.is_empty() { Err(unnamed(None)) } else { Ok(kept) }
    }
}

impl ClaudeAgent {
    /// The names of the agent's own `mcpServers`, as written (an object of servers keyed by
    /// name, or a list of names and such objects), in order.
    fn own_servers(&self) -> Vec<&str> {
        match &self.mcp_servers {
            Some(Value::Object(servers)) => server_keys(servers),
            Some(Value::Array(entries)) => entries
                .iter()
                .flat_map(|entry| match entry {
                    Value::String(name) => vec![name.as_str()],
                    Value::Object(servers) => server_keys(servers),
                    _ => Vec::new(),
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The agent's own servers its `tools` does not list whole (`mcp__<server>`,
    /// `mcp__<server>__*`): Claude Code offers an agent every tool of its own `mcpServers`
    /// whatever its `tools` lists (measured live on 2.1.332 and 2.1.334: `tools: ["Read",
    /// "mcp__echo__echo"]` with its own `echo` offered `mcp__echo__ping_tool` too), so such a
    /// list would promise what the CLI does not keep. Only `disallowedTools` takes them away.
    pub fn servers_beyond_tools(&self) -> Vec<&str> {
        if self.tools.is_none() {
            return Vec::new();
        }
        let (listed, denied) =
            (McpRules::of(self.tools.as_deref(), false), McpRules::of(self.disallowed_tools.as_deref(), true));
        self.own_servers()
            .into_iter()
            .filter(|server| !listed.names_server(server) && !denied.names_server(server))
            .collect()
    }
}

/// Why an agent's `tools` cannot bound its own MCP server (see
/// [`ClaudeAgent::servers_beyond_tools`]).
pub(crate) fn own_server_beyond_tools(agent: &str, server: &str) -> Error {
    Error::CannotSay {
        runtime: mcp::CLI,
        what: format!("agent `{}`'s `tools` beside its own MCP server `{}`", Shown(agent), Shown(server)),
        why: format!(
            "Claude Code offers an agent every tool of its own `mcpServers`, whatever its `tools` lists; list the server whole (`mcp__{}`) and take tools away in `disallowedTools`, or remove the server",
            Shown(server)
        )
        .into(),
    }
}

/// The names of an object of MCP servers keyed by name.
fn server_keys(servers: &Map<String, Value>) -> Vec<&str> {
    servers.keys().map(String::as_str).collect()
}

/// `mcp__*`: every MCP tool in `disallowedTools`, none in `tools`.
const EVERY_MCP: &str = "mcp__*";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claude_code::mcp::refused_rule;
    use crate::claude_code::ClaudeCodeSelection;
    use crate::claude_code::catalog::DEFAULT_OFFERED;

    fn rule(name: &str) -> AgentRule {
        AgentRule::parse(name).unwrap().tool()
    }

    #[test]
    fn indexed_mcp_rules_answer_as_each_rule_does() {
        let written = ["mcp__*", "mcp__echo", "mcp__echo__*", "mcp__echo__ping", "mcp__a-b__t", "Read", "mcp__x__y_z"];
        let rules: Vec<AgentRule> = written.iter().map(|w| rule(w)).collect();
        let offered = [
            "mcp__echo__ping",
            "mcp__echo__echo",
            "mcp__echoes__x",
            "mcp__a-b__t",
            "mcp__a-b__u",
            "mcp__x__y_z",
            "mcp__x__y",
            "Read",
            "mcp__",
        ];
        for start in 0..rules.len() {
            for end in start..=rules.len() {
                for every in [true, false] {
                    let indexed = McpRules::of(Some(&rules[start..end]), every);
                    for name in offered {
                        let counts = |r: &AgentRule| every || r.as_str() != EVERY_MCP;
                        let by_rule = rules[start..end]
                            .iter()
                            .any(|r| matches!(r, AgentRule::Mcp(_)) && counts(r) && r.matches(name));
                        assert_eq!(indexed.names(name), by_rule, "{name} in {:?}", &written[start..end]);
                    }
                }
            }
        }
    }

    #[test]
    fn rules() {
        assert_eq!(AgentRule::parse("Task"), Ok(NameLookup::Alias(AgentRule::Tool(ClaudeTool::Agent))));
        for good in ["mcp__*", "mcp__echo", "mcp__echo__*", "mcp__echo__ping_tool", "mcp__my-server__x"] {
            assert!(AgentRule::parse(good).is_ok(), "{good}");
        }
        for bad in ["mcp__", "mcp__echo__", "mcp__*__x", "mcp__echo__a*", "mcp__e.__x"] {
            assert_eq!(AgentRule::parse(bad), Err(refused_rule(bad, None)), "{bad}");
        }
        let refused = refused_rule("mcp__echo.v2__echo", Some("mcp__echo_v2__echo".into()));
        assert_eq!(AgentRule::parse("mcp__echo.v2__echo"), Err(refused));
        assert!(
            matches!(AgentRule::parse("mcp__e cho"), Err(Error::BadMcpRule { fix: Some((fix, _)), .. }) if fix == "mcp__e_cho")
        );
        assert!(matches!(AgentRule::parse("read"), Err(Error::UnknownCliTool { suggestion: Some("Read"), .. })));
        assert!(rule("mcp__echo").matches("mcp__echo__ping_tool"));
        assert!(rule("mcp__echo__*").matches("mcp__echo__echo"));
        assert!(!rule("mcp__echo__*").matches("mcp__echoes__echo"));
        assert!(rule("mcp__*").matches("mcp__x__y"));
        assert!(
            rule("mcp__echo__echo").matches("mcp__echo__echo")
                && !rule("mcp__echo__echo").matches("mcp__echo__ping_tool")
        );
    }

    #[test]
    fn the_main_selection_bounds_every_agent() {
        let main = ClaudeCodeSelection::only([ClaudeTool::Agent, ClaudeTool::Read]);
        let agents = ClaudeAgents::new([
            ClaudeAgent::new("reviewer", "Reviews", "You review").tools([
                rule("Read"),
                rule("Bash"),
                rule("mcp__echo"),
            ]),
            ClaudeAgent::new("plain", "Plain", "You help").disallowed_tools([rule("Bash")]),
        ]);
        let (errors, lints) = agents.check(Some(&main));
        assert_eq!(
            errors,
            [(
                AgentPlace::Tools(0, 1),
                Error::AgentBeyondMain { runtime: RUNTIME, agent: "reviewer".into(), tool: "Bash", leaks: false }
            )]
        );
        assert_eq!(lints.len(), 1, "Bash is taken from the main agent, so the plain agent never has it");
        assert_eq!(lints[0].0, AgentPlace::Disallowed(1, 0));
        let cannot = agents.clone().agent_only([ClaudeTool::Bash]);
        assert_eq!(
            cannot.check(Some(&main)).0[0],
            (AgentPlace::AgentOnly(0), Error::AgentOnlyUnreachable { runtime: RUNTIME, tool: "Bash" })
        );
        let grep = ClaudeAgents::new([ClaudeAgent::new("g", "d", "p").tools([rule("Grep")])]);
        let leak = (AgentPlace::Tools(0, 0), Error::AgentBeyondMain { runtime: RUNTIME, agent: "g".into(), tool: "Grep", leaks: true });
        assert_eq!(grep.check(Some(&main)).0, [leak]);
        assert!(grep.clone().agent_only([ClaudeTool::Grep]).check(Some(&main)).0.is_empty());
        let wrong = ClaudeAgents::new([]).agent_only([ClaudeTool::Grep]);
        let not_taken = ClaudeCodeSelection::only([ClaudeTool::Agent, ClaudeTool::Grep]);
        assert_eq!(
            wrong.check(Some(&not_taken)).0,
            [(AgentPlace::AgentOnly(0), Error::AgentOnlyNotTaken { tool: "Grep" })]
        );
        assert!(agents.check(None).0.is_empty(), "no selection takes nothing away");
    }

    #[test]
    fn what_an_agent_is_offered() {
        let main = ClaudeCodeSelection::disable([ClaudeTool::Bash]);
        let plain = ClaudeAgent::new("plain", "d", "p").disallowed_tools([rule("WebFetch")]);
        let offered = offered_to(&plain, Some(&main), DEFAULT_OFFERED);
        assert!(!offered.contains(&ClaudeTool::Bash) && !offered.contains(&ClaudeTool::WebFetch));
        assert!(offered.contains(&ClaudeTool::Glob), "without Bash the CLI adds Glob and Grep");
        let wide = ClaudeAgent::new("r", "d", "p").tools([rule("Grep"), rule("Read"), rule("Bash"), rule("CronList")]);
        let offered = offered_to(&wide, Some(&main), DEFAULT_OFFERED);
        assert_eq!(offered, [ClaudeTool::Grep, ClaudeTool::Read], "the main selection bounds Bash; CronList never");
        let listed = ClaudeAgent::new("r", "d", "p").tools([rule("Grep"), rule("Read"), rule("mcp__echo__echo")]);
        assert_eq!(mcp_offered_to(&listed, &["mcp__echo__echo", "mcp__echo__ping_tool"]), ["mcp__echo__echo"]);
        assert_eq!(mcp_offered_to(&plain, &["mcp__echo__echo"]), ["mcp__echo__echo"]);
        let arg = ClaudeAgents::new([listed]).arg().unwrap();
        assert_eq!(arg, r#"--agents={"r":{"description":"d","prompt":"p","tools":["Grep","Read","mcp__echo__echo"]}}"#);
        // `mcp__*` names no MCP tool in `tools`, every one in `disallowedTools`.
        let star = ClaudeAgent::new("s", "d", "p").tools([rule("Read"), rule("mcp__*"), rule("mcp__echo__echo")]);
        assert_eq!(mcp_offered_to(&star, &["mcp__echo__echo", "mcp__echo__ping_tool"]), ["mcp__echo__echo"]);
        let none = ClaudeAgent::new("n", "d", "p").disallowed_tools([rule("mcp__*")]);
        assert!(mcp_offered_to(&none, &["mcp__echo__echo"]).is_empty());
        // A list does not turn on a built-in gated off.
        let lsp = ClaudeAgent::new("l", "d", "p").tools([rule("Read"), rule("LSP")]);
        assert_eq!(offered_to(&lsp, None, DEFAULT_OFFERED), [ClaudeTool::Read]);
    }

    /// The live `lists:` cases: Glob and Grep reach an agent's list beyond the main selection
    /// unless it is an `only` naming either of them.
    #[test]
    fn glob_and_grep_reach_beyond_an_only_that_names_neither() {
        use ClaudeTool::{Agent, Bash, Glob, Grep, Read};
        let both = ClaudeAgent::new("b", "d", "p").tools([rule("Read"), rule("Glob"), rule("Grep")]);
        let cases: [(Option<ClaudeCodeSelection>, &[ClaudeTool]); 7] = [
            (None, &[Glob, Grep, Read]),
            (Some(ClaudeCodeSelection::only([Agent, Read])), &[Glob, Grep, Read]),
            (Some(ClaudeCodeSelection::only([Agent, Read, Bash])), &[Glob, Grep, Read]),
            (Some(ClaudeCodeSelection::only([Agent, Read, Grep])), &[Grep, Read]),
            (Some(ClaudeCodeSelection::only([Agent, Read, Bash, Glob])), &[Glob, Read]),
            (Some(ClaudeCodeSelection::disable([Grep])), &[Glob, Grep, Read]),
            (Some(ClaudeCodeSelection::disable([Bash, Grep])), &[Glob, Grep, Read]),
        ];
        for (main, offered) in cases {
            assert_eq!(offered_to(&both, main.as_ref(), DEFAULT_OFFERED), offered, "{main:?}");
        }
        // So a list naming Glob under an `only` naming Grep is bounded, and `agent_only`
        // cannot leave it to the agents.
        let main = ClaudeCodeSelection::only([Agent, Read, Grep]);
        let glob = ClaudeAgents::new([ClaudeAgent::new("g", "d", "p").tools([rule("Glob")])]);
        let bounded = Error::AgentBeyondMain { runtime: RUNTIME, agent: "g".into(), tool: "Glob", leaks: false };
        assert_eq!(glob.check(Some(&main)).0, [(AgentPlace::Tools(0, 0), bounded)]);
        assert_eq!(
            glob.agent_only([Glob]).check(Some(&main)).0[0],
            (AgentPlace::AgentOnly(0), Error::AgentOnlyUnreachable { runtime: RUNTIME, tool: "Glob" })
        );
    }

    #[test]
    fn mcp_in_an_agents_tools_is_named_by_server() {
        let star = ClaudeAgents::new([ClaudeAgent::new("s", "d", "p").tools([rule("Read"), rule("mcp__*")])]);
        assert_eq!(star.check(None).0, [(AgentPlace::Tools(0, 1), Error::AgentEveryMcp { runtime: RUNTIME, agent: "s".into() })]);
        let denied = ClaudeAgents::new([ClaudeAgent::new("s", "d", "p").disallowed_tools([rule("mcp__*")])]);
        assert!(denied.check(None).0.is_empty(), "`mcp__*` is every MCP tool in disallowedTools");
        // A portable `only` keeps MCP by the agent's own servers, or is refused.
        let read = Portable::only([crate::capability::Capability::Read]);
        let unnamed = ClaudeAgent::new("r", "d", "p").with_portable(&read, None, &[]);
        assert_eq!(unnamed, Err(Error::AgentMcpUnnamed { runtime: RUNTIME, agent: "r".into(), server: None }));
        let mut own = ClaudeAgent::new("r", "d", "p");
        own.mcp_servers = Some(serde_json::json!(["github", {"docs": {"command": "d"}}, "github"]));
        let tools = own.clone().with_portable(&read, None, &[]).unwrap().tools.unwrap();
        let mcp: Vec<&str> = tools.iter().map(AgentRule::as_str).filter(|r| r.starts_with("mcp__")).collect();
        assert_eq!(mcp, ["mcp__github", "mcp__docs"]);
        own.mcp_servers = Some(serde_json::json!({"gh": {"command": "g"}}));
        let tools = own.clone().with_portable(&read, None, &[]).unwrap().tools.unwrap();
        assert_eq!(tools.last().map(AgentRule::as_str), Some("mcp__gh"), "the reader's form, an object");
        // Written as the CLI reads `--agents`: a list, whatever form the document used.
        assert_eq!(own.to_json()["mcpServers"], serde_json::json!([{"gh": {"command": "g"}}]));
        own.mcp_servers = Some(serde_json::json!(["github", {"docs": {"command": "d"}}]));
        assert_eq!(own.to_json()["mcpServers"], serde_json::json!(["github", {"docs": {"command": "d"}}]));
        own.mcp_servers = Some(serde_json::json!(["a__b"]));
        let odd = own.clone().with_portable(&read, None, &[]);
        assert_eq!(odd, Err(Error::AgentMcpUnnamed { runtime: RUNTIME, agent: "r".into(), server: Some("a__b".into()) }));
        let none = Portable::only([crate::capability::Capability::Read]).without_mcp();
        let tools = ClaudeAgent::new("r", "d", "p").with_portable(&none, None, &[]).unwrap().tools.unwrap();
        assert!(tools.iter().all(|r| matches!(r, AgentRule::Tool(_))), "{tools:?}");
    }

    /// Claude Code offers an agent every tool of its own `mcpServers` whatever its `tools`
    /// lists (measured live on both builds); only `disallowedTools` takes them away.
    #[test]
    fn an_agents_own_servers_reach_it_past_its_tools() {
        let mut own = ClaudeAgent::new("r", "d", "p").tools([rule("Read"), rule("mcp__echo__echo")]);
        own.mcp_servers = Some(serde_json::json!({"echo": {"command": "e"}}));
        let session = ["mcp__echo__echo", "mcp__echo__ping_tool", "mcp__host__x"];
        assert_eq!(mcp_offered_to(&own, &session), ["mcp__echo__echo", "mcp__echo__ping_tool"]);
        let agents = ClaudeAgents::new([own.clone()]);
        let (errors, _) = agents.check(None);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].0, AgentPlace::McpServers(0));
        assert_eq!(agents.pointer(AgentPlace::McpServers(0)), "/agents/r/mcpServers");
        let message = errors[0].1.to_string();
        assert!(message.contains("every tool of its own `mcpServers`") && message.contains("`mcp__echo`"), "{message}");
        // The server listed whole, or taken away whole, says what the CLI does.
        let whole = ClaudeAgent { tools: Some(vec![rule("Read"), rule("mcp__echo")]), ..own.clone() };
        assert!(whole.servers_beyond_tools().is_empty());
        let taken = ClaudeAgent {
            tools: Some(vec![rule("Read")]),
            disallowed_tools: Some(vec![rule("mcp__echo")]),
            ..own.clone()
        };
        assert!(taken.servers_beyond_tools().is_empty());
        assert!(mcp_offered_to(&taken, &session).is_empty());
        // A portable policy that keeps none of the server's tools takes it away; one that
        // keeps some of them cannot be said.
        let read = |mcp: McpTools| Portable::only([crate::capability::Capability::Read]).with_mcp(mcp);
        let bare = ClaudeAgent { tools: None, ..own };
        let none = bare.clone().with_portable(&read(McpTools::None), None, &[]).unwrap();
        assert_eq!(none.disallowed_tools, Some(vec![rule("mcp__echo")]));
        assert!(mcp_offered_to(&none, &session).is_empty());
        let other =
            bare.clone().with_portable(&read(McpTools::Only(vec!["host/x".parse().unwrap()])), None, &[]).unwrap();
        assert_eq!(mcp_offered_to(&other, &session), ["mcp__host__x"]);
        let server =
            bare.clone().with_portable(&read(McpTools::Only(vec!["echo".parse().unwrap()])), None, &[]).unwrap();
        assert_eq!(mcp_offered_to(&server, &session), ["mcp__echo__echo", "mcp__echo__ping_tool"]);
        let some = bare.with_portable(&read(McpTools::Only(vec!["echo/echo".parse().unwrap()])), None, &[]);
        assert!(some.unwrap_err().to_string().contains("every tool of its own `mcpServers`"));
    }
}
