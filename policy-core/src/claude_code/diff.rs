//! What changes between two Claude Code documents: each built-in of the pinned catalog, built-ins
//! a newer CLI adds, the MCP servers of the agent's own settings, and what each custom agent
//! gains or loses.

use crate::claude_code::agents::{AgentRule, ClaudeAgent, ClaudeAgents, offered_to};
use crate::claude_code::builtin_agents::BuiltinAgent;
use crate::claude_code::catalog::{self as claude_code, ClaudeTool, Start};
use crate::claude_code::selection::ClaudeCodeSelection;
use crate::review::diff::{PolicyDiff, diff_entries, diff_named};
use crate::seen::Seen;
use crate::selection::{open_to_new, selection_reason};
use crate::text::Shown;

/// What changes from one Claude Code selection to another (`None`: no selection), over the
/// pinned catalog in its order, then whether the selection is open to built-ins a newer CLI adds.
#[must_use]
pub fn diff_selections(old: Option<&ClaudeCodeSelection>, new: Option<&ClaudeCodeSelection>) -> PolicyDiff {
    let mut diff = PolicyDiff::default();
    for &tool in ClaudeTool::ALL {
        let reason = |s: Option<&ClaudeCodeSelection>| selection_reason(s.map(|s| s.decide(tool)));
        diff.push(tool.name().to_owned(), true, reason(old), reason(new));
    }
    let subject = format!("built-ins the pinned catalog (Claude Code {}) does not know", claude_code::CLI_VERSION);
    diff.push(subject, false, open_to_new(old), open_to_new(new));
    // Every selection is sent with `--strict-mcp-config`; without one, the agent's own
    // settings files bring their MCP servers.
    let settings_servers = |s: Option<&ClaudeCodeSelection>| {
        (s.is_none(), String::from(if s.is_some() { "dropped by --strict-mcp-config" } else { "kept, no selection" }))
    };
    diff.push(
        String::from("MCP servers of the agent's own settings files"),
        false,
        settings_servers(old),
        settings_servers(new),
    );
    diff
}

/// What each Claude Code custom agent gains or loses from one definition to another: a line
/// per agent and built-in whose offer changes (`agent reviewer: Bash`), then agents added or
/// removed. What an agent is offered is the library's model ([`offered_to`]) over the CLI's
/// default set.
#[must_use]
pub fn diff_claude_agents(
    old: (Option<&ClaudeCodeSelection>, &ClaudeAgents),
    new: (Option<&ClaudeCodeSelection>, &ClaudeAgents),
) -> PolicyDiff {
    /// A side's agents, found by name in constant time (the first of a name, as
    /// [`ClaudeAgents::get`] finds it).
    struct Side<'a> {
        main: Option<&'a ClaudeCodeSelection>,
        agents: &'a ClaudeAgents,
        names: Seen<'a>,
    }
    impl<'a> Side<'a> {
        fn new((main, agents): (Option<&'a ClaudeCodeSelection>, &'a ClaudeAgents)) -> Side<'a> {
            Side { main, agents, names: Seen::of(agents.agents.iter().map(|agent| agent.name.as_str())) }
        }
        fn get(&self, name: &str) -> Option<&'a ClaudeAgent> {
            self.names.first(name).map(|i| &self.agents.agents[i])
        }
        /// What the agent `name` is offered (started in the background): the custom agent's,
        /// else the built-in's it would replace.
        fn offered(&self, name: &str) -> Option<Vec<ClaudeTool>> {
            match self.get(name) {
                Some(agent) => Some(offered_to(agent, self.main, claude_code::DEFAULT_OFFERED)),
                None => BuiltinAgent::named(name).map(|builtin| builtin.offered(self.main, Start::Background)),
            }
        }
    }
    let mut diff = PolicyDiff::default();
    let (old, new) = (Side::new(old), Side::new(new));
    let mut names: Vec<&str> = old.agents.agents.iter().chain(&new.agents.agents).map(|a| a.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    for name in names {
        let (was, now) = (old.offered(name), new.offered(name));
        let say = |tools: &Option<Vec<ClaudeTool>>, tool: ClaudeTool| match tools {
            None => (false, String::from("no such agent")),
            Some(tools) if tools.contains(&tool) => (true, String::from("offered")),
            Some(_) => (false, String::from("not offered")),
        };
        for &tool in ClaudeTool::ALL {
            diff.push(format!("agent {name}: {}", tool.name()), true, say(&was, tool), say(&now, tool));
        }
        diff_agent_mcp(&mut diff, name, old.get(name), new.get(name));
        let builtin = BuiltinAgent::named(name).is_some();
        let (was_defined, now_defined) = (old.get(name).is_some(), new.get(name).is_some());
        if was_defined != now_defined {
            let state = |defined: bool| match (defined, builtin) {
                (true, _) => (true, String::from("defined")),
                (false, true) => (false, String::from("the built-in agent")),
                (false, false) => (false, String::from("not defined")),
            };
            diff.push(format!("agent {name}"), false, state(was_defined), state(now_defined));
        }
    }
    diff
}

/// The MCP rules of a Claude Code agent's list (`mcp__*`, `mcp__<server>__*`, …).
fn mcp_rules(rules: Option<&Vec<AgentRule>>) -> Vec<&str> {
    rules.into_iter().flatten().filter(|rule| matches!(rule, AgentRule::Mcp(_))).map(AgentRule::as_str).collect()
}

/// The servers a Claude Code agent's `mcpServers` gives it, by name (the reader takes no other
/// form than an object).
fn servers(value: Option<&serde_json::Value>) -> Vec<(&str, &serde_json::Value)> {
    let servers = value.and_then(serde_json::Value::as_object);
    servers.map(|servers| servers.iter().map(|(name, server)| (name.as_str(), server)).collect()).unwrap_or_default()
}

/// What a Claude Code agent's MCP access gains or loses: the MCP rules its `tools` lists
/// (what it may be offered), those its `disallowedTools` lists (what is taken away), and the
/// servers its `mcpServers` gives it. An agent that is not defined has none of them.
fn diff_agent_mcp(diff: &mut PolicyDiff, name: &str, old: Option<&ClaudeAgent>, new: Option<&ClaudeAgent>) {
    let subject = |entry: &str| format!("agent {name}: {entry}");
    let (was, now) = (mcp_rules(old.and_then(|a| a.tools.as_ref())), mcp_rules(new.and_then(|a| a.tools.as_ref())));
    diff_entries(diff, &was, &now, subject, |listed| {
        (listed, format!("{}listed in tools", if listed { "" } else { "not " }))
    });
    let was = mcp_rules(old.and_then(|a| a.disallowed_tools.as_ref()));
    let now = mcp_rules(new.and_then(|a| a.disallowed_tools.as_ref()));
    let state = |listed: bool| (!listed, format!("{}listed in disallowedTools", if listed { "" } else { "not " }));
    diff_entries(diff, &was, &now, subject, state);
    let was = servers(old.and_then(|a| a.mcp_servers.as_ref()));
    let now = servers(new.and_then(|a| a.mcp_servers.as_ref()));
    diff_named(diff, &was, &now, |server| format!("agent {name}: MCP server {server}"));
    // The model decides which gated built-ins the agent is offered.
    let (was, now) = (old.and_then(|a| a.model.as_deref()), new.and_then(|a| a.model.as_deref()));
    if old.is_some() && new.is_some() && was != now {
        let model =
            |model: Option<&str>| model.map_or_else(|| String::from("the session's"), |m| format!("`{}`", Shown(m)));
        diff.other(format!("agent {name}: model"), model(was), model(now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ClaudeCodeSelection;

    #[test]
    fn claude_code_selections() {
        let old = ClaudeCodeSelection::only([ClaudeTool::Read]);
        let new = ClaudeCodeSelection::disable([ClaudeTool::Bash]);
        let lines = diff_selections(Some(&old), Some(&new)).to_string();
        assert!(lines.contains("+ Edit (was not listed in only, now not disabled)\n"), "{lines}");
        for unchanged in ["Read", "Bash", "Monitor"] {
            assert!(!lines.lines().any(|l| l[2..].starts_with(&format!("{unchanged} ("))), "{unchanged}: {lines}");
        }
        assert!(lines.contains("+ built-ins the pinned catalog (Claude Code 2.1.332) does not know"), "{lines}");
        assert!(diff_selections(Some(&old), Some(&ClaudeCodeSelection::only([ClaudeTool::Read]))).is_empty());
    }

    #[test]
    fn claude_code_agents() {
        use crate::claude_code::{AgentRule, ClaudeAgent};
        let main = ClaudeCodeSelection::disable([ClaudeTool::Bash]);
        let reviewer = ClaudeAgent::new("reviewer", "d", "p").tools([AgentRule::Tool(ClaudeTool::Read)]);
        let old = ClaudeAgents::new([reviewer.clone()]);
        let new =
            ClaudeAgents::new([reviewer.tools([AgentRule::Tool(ClaudeTool::Read), AgentRule::Tool(ClaudeTool::Grep)])]);
        let lines = diff_claude_agents((Some(&main), &old), (Some(&main), &new)).to_string();
        assert_eq!(lines, "+ agent reviewer: Grep (was not offered, now offered)\n");
        let gone = diff_claude_agents((Some(&main), &old), (Some(&main), &ClaudeAgents::default())).to_string();
        assert!(gone.contains("- agent reviewer: Read (was offered, now no such agent)\n"), "{gone}");
        assert!(gone.ends_with("- agent reviewer (was defined, now not defined)\n"), "{gone}");
    }
}
