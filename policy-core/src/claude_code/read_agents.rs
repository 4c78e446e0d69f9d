//! Claude Code sub-agents in the holder form (SPEC §2): `agents` beside `builtin_tools`, an
//! object keyed by agent name whose values have the CLI's own fields, and `agent_only`, the
//! built-ins the main selection takes away that the agents may still list.

use serde::de::{Deserialize, Deserializer};

use super::agents::{AgentPlace, AgentRule, ClaudeAgent, ClaudeAgents, check_rules};
use super::catalog::RUNTIME;
use super::places::{AGENT, PASSED};
use super::selection::ClaudeCodeSelection;
use crate::claude_code::catalog::ClaudeTool;
use crate::error::{Error, Warning};
use crate::names::vocab::{AGENT_ONLY_KEY, AGENTS_KEY, CAPABILITIES_KEY, DISALLOWED_TOOLS_KEY, HOLDER_KEY, TOOLS_KEY};
use crate::names::wire::is_name_byte;
use crate::portable::read::portable;
use crate::portable::{McpTools, Portable};
use crate::reader::closed::Verdict;
use crate::reader::misplaced::nested_policies;
use crate::reader::stored::read_stored;
use crate::reader::tree::{Node, Ptr, Sink, tool_names, unique_keys, wrong_type};

/// The agents of a Claude Code document whose root holds its selection under `builtin_tools`.
pub(crate) fn agents(
    root: Node<'_>,
    main: Option<&ClaudeCodeSelection>,
    mcp: &McpTools,
    sink: &mut Sink,
) -> ClaudeAgents {
    let mut out = ClaudeAgents::default();
    let Some(fields) = root.object() else { return out };
    let first = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
    let holder = first(HOLDER_KEY).is_some() || first(CAPABILITIES_KEY).is_some();
    // Without a holder, `agents` is an unknown key of the selection itself (reported there).
    if !holder {
        return out;
    }
    // Every agent is checked against the main selection, an agent with errors of its own too
    // (its kept rules, each at the item it was written at), so every error is reported at once.
    let mut items = Vec::new();
    if let Some(value) = first(AGENTS_KEY) {
        let at = Ptr::Root.key(AGENTS_KEY);
        (out.agents, items) = agent_map(value, at, sink).into_iter().unzip();
    }
    let mut agent_only_items = Vec::new();
    if let Some(value) = first(AGENT_ONLY_KEY) {
        (out.agent_only, agent_only_items) = agent_only(value, Ptr::Root.key(AGENT_ONLY_KEY), sink);
    }
    lists_from_capabilities(&mut out, &mut items, main, sink);
    let (errors, lints) = out.check(main);
    let agents_at = Ptr::Root.key(AGENTS_KEY);
    // A list an agent's capabilities gave names no tool its author wrote: the main selection
    // bounds it (a tool the main one takes away is not offered, as for any agent's list),
    // and its rules' errors and lints are not the author's.
    let portable = |place: &AgentPlace| match place {
        AgentPlace::Tools(a, _) | AgentPlace::Disallowed(a, _) | AgentPlace::McpServers(a) => {
            items[*a].portable.is_some()
        }
        AgentPlace::AgentOnly(_) => false,
    };
    let place = |place: AgentPlace| match place {
        AgentPlace::Tools(a, t) => agents_at.key(&out.agents[a].name).key(TOOLS_KEY).index(items[a].tools[t]).render(),
        AgentPlace::Disallowed(a, t) => {
            agents_at.key(&out.agents[a].name).key(DISALLOWED_TOOLS_KEY).index(items[a].disallowed[t]).render()
        }
        AgentPlace::AgentOnly(i) => Ptr::Root.key(AGENT_ONLY_KEY).index(agent_only_items[i]).render(),
        AgentPlace::McpServers(a) => agents_at.key(&out.agents[a].name).key("mcpServers").render(),
    };
    for (at, error) in errors.into_iter().filter(|(at, _)| !portable(at)) {
        sink.error_at(&|| place(at), error);
    }
    for (at, warning) in lints.into_iter().filter(|(at, _)| !portable(at)) {
        sink.lint(|| place(at), warning);
    }
    lint_inherited_mcp(&out, mcp, sink);
    out
}

/// An agent with no `tools` of its own, and no MCP rule among its deny rules, reaches every
/// MCP tool the session keeps.
fn lint_inherited_mcp(out: &ClaudeAgents, mcp: &McpTools, sink: &mut Sink) {
    if *mcp == McpTools::None {
        return;
    }
    for agent in out.agents.iter().filter(|agent| agent.inherits_mcp()) {
        let warning = Warning::inherits_mcp(&agent.name, "`tools` of its own and no MCP rule in its `disallowedTools`");
        sink.lint(|| Ptr::Root.key(AGENTS_KEY).key(&agent.name).render(), warning);
    }
}

/// An agent's capabilities become its lists once the main selection and what it leaves to
/// the agents are known: they bound it, as they bound a list of names. An agent whose
/// capabilities cannot be written keeps no tool.
fn lists_from_capabilities(
    out: &mut ClaudeAgents,
    items: &mut [Items],
    main: Option<&ClaudeCodeSelection>,
    sink: &mut Sink,
) {
    for (agent, items) in out.agents.iter_mut().zip(items) {
        let Some(capabilities) = &items.portable else { continue };
        *agent = match agent.clone().with_portable(capabilities, main, &out.agent_only) {
            Ok(agent) => agent,
            Err(error) => {
                sink.error(Ptr::Root.key(AGENTS_KEY).key(&agent.name).key(CAPABILITIES_KEY), error);
                ClaudeAgent { tools: Some(Vec::new()), ..agent.clone() }
            }
        };
        let count = |list: &Option<Vec<AgentRule>>| list.as_ref().map_or(0, Vec::len);
        (items.tools, items.disallowed) =
            ((0..count(&agent.tools)).collect(), (0..count(&agent.disallowed_tools)).collect());
    }
}

/// `agent_only`: built-ins, each with the item it was written at.
fn agent_only(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> (Vec<ClaudeTool>, Vec<usize>) {
    let mut kept = (Vec::new(), Vec::new());
    let Some(list) = value.array() else {
        sink.error(at, wrong_type("a list of built-in tool names", value));
        return kept;
    };
    for (i, rule) in rules(&list, at, sink) {
        match rule {
            AgentRule::Tool(tool) => {
                kept.0.push(tool);
                kept.1.push(i);
            }
            AgentRule::Mcp(_) => {
                sink.error(at.index(i), Error::WrongType { expected: "a built-in tool name", found: "an MCP rule" });
            }
        }
    }
    kept
}

/// Where each kept rule of an agent's lists was written: its item in `tools`, in
/// `disallowedTools`.
#[derive(Debug, Default)]
pub(crate) struct Items {
    tools: Vec<usize>,
    disallowed: Vec<usize>,
    /// The agent's `capabilities`, which its lists come from once the main selection is
    /// known.
    portable: Option<Portable>,
}

/// The `--agents` object: agents keyed by name, each read with the rules it keeps (an agent
/// with errors too, reported to `sink`), in the order written.
pub(crate) fn agent_map(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Vec<(ClaudeAgent, Items)> {
    let Some(agents) = value.object() else {
        sink.error(at, wrong_type("an object of agents keyed by name", value));
        return Vec::new();
    };
    let (agents, _) = unique_keys(agents);
    agents.into_iter().filter_map(|(name, value)| agent(&name, value, at.key(&name), sink)).collect()
}

/// One agent: `description` and `prompt` (strings, required), `tools` and `disallowedTools`
/// (lists of rules), `model` (a string) and `mcpServers` (an object), nothing else. `None`
/// when it is not an object; an agent with errors (in `sink`) comes back with what it kept.
fn agent(name: &str, value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<(ClaudeAgent, Items)> {
    let name_ok = !name.is_empty() && name.bytes().all(is_name_byte);
    if !name_ok {
        sink.error(at, Error::BadAgentName { runtime: RUNTIME, name: name.to_owned() });
    }
    let Some(fields) = value.object() else {
        sink.error(at, wrong_type("an agent object with `description` and `prompt`", value));
        return None;
    };
    let (fields, _) = unique_keys(fields);
    let mut agent = ClaudeAgent::new(name, "", "");
    let mut items = Items::default();
    let mut capabilities = None;
    for (key, value) in &fields {
        let here = at.key(key);
        match key.as_ref() {
            CAPABILITIES_KEY => capabilities = portable(*value, here, sink),
            "description" | "prompt" | "model" => match value.string() {
                Some(text) if key == "description" => agent.description = text.into_owned(),
                Some(text) if key == "prompt" => agent.prompt = text.into_owned(),
                Some(text) => agent.model = Some(text.into_owned()),
                None => sink.error(here, wrong_type("a string", *value)),
            },
            TOOLS_KEY | DISALLOWED_TOOLS_KEY => {
                let Some((written, rules)) = rule_list(*value, here, sink) else { continue };
                if key == TOOLS_KEY {
                    (agent.tools, items.tools) = (Some(rules), written);
                } else {
                    (agent.disallowed_tools, items.disallowed) = (Some(rules), written);
                }
            }
            "mcpServers" => agent.mcp_servers = mcp_servers(*value, here, sink),
            other => {
                if let Verdict::Refuse(error) = AGENT.classify(other) {
                    sink.error(here, error);
                }
            }
        }
    }
    for required in ["description", "prompt"] {
        if !fields.iter().any(|(key, _)| key == required) {
            sink.error(at, Error::MissingKey { key: required });
        }
    }
    if let Some(capabilities) = capabilities {
        let written = |list: &&str| fields.iter().any(|(key, _)| key == list);
        match [TOOLS_KEY, DISALLOWED_TOOLS_KEY].into_iter().find(written) {
            // With a list of its own written too, one would be lost: an error, and the agent
            // as written.
            Some(list) => {
                sink.error(at.key(CAPABILITIES_KEY), Error::TwoPolicies { first: list, second: CAPABILITIES_KEY });
            }
            None => items.portable = Some(capabilities),
        }
    }
    Some((agent, items))
}

/// `mcpServers`: a list of servers (names, or objects of servers by name) or an object of
/// servers, passed to the CLI as written (a policy inside restricts nothing there).
fn mcp_servers(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<serde_json::Value> {
    if !value.is_object() && !value.is_array() {
        let expected = "a list of MCP servers (names, or objects of servers by name), or an object of servers";
        sink.error(at, wrong_type(expected, value));
        return None;
    }
    nested_policies(value, at, &PASSED, sink);
    Some(value.to_json())
}

/// `tools` or `disallowedTools`: the rules kept, each with the item it was written at; `None`
/// when it is not a list (an error in `sink`).
fn rule_list(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<(Vec<usize>, Vec<AgentRule>)> {
    let Some(list) = value.array() else {
        sink.error(at, wrong_type("a list of tool names", value));
        return None;
    };
    Some(rules(&list, at, sink).into_iter().unzip())
}

/// A list's rules, checked by [`check_rules`]: each error and warning at its item; the rules
/// kept, each with its item.
fn rules(items: &[Node<'_>], at: Ptr<'_>, sink: &mut Sink) -> Vec<(usize, AgentRule)> {
    let names = tool_names(items, at, sink);
    let names: Vec<Option<&str>> = names.iter().map(Option::as_deref).collect();
    let (mut errors, mut warnings) = (Vec::new(), Vec::new());
    let kept = check_rules(&names, &mut errors, &mut warnings);
    for (i, error) in errors {
        sink.error(at.index(i), error);
    }
    for (i, warning) in warnings {
        sink.warn(at.index(i), warning);
    }
    kept
}

impl<'de> Deserialize<'de> for ClaudeAgents {
    /// The `--agents` object (agents keyed by name, each with the CLI's own fields), read as
    /// `json::load_claude_code` reads `agents`. Whether the agents stay within a main
    /// selection is checked where that selection is known (`ClaudeAgents::check`).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ClaudeAgents, D::Error> {
        read_stored(deserializer, |root, sink| {
            let mut agents = Vec::new();
            for (agent, items) in agent_map(root, Ptr::Root, sink) {
                let Some(capabilities) = items.portable else {
                    agents.push(agent);
                    continue;
                };
                let name = agent.name.clone();
                match agent.with_portable(&capabilities, None, &[]) {
                    Ok(agent) => agents.push(agent),
                    Err(error) => sink.error(Ptr::Root.key(&name).key(CAPABILITIES_KEY), error),
                }
            }
            Some(ClaudeAgents::new(agents))
        })
    }
}

impl serde::Serialize for ClaudeAgents {
    /// The `--agents` object.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}
