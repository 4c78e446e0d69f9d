//! What changes between two policies, tool by tool: for review, where a definition changes in
//! a pull request and the reviewer must know what the agent gains or loses.

use std::fmt;

use crate::claude_code::catalog as claude_code;
use crate::claude_code::catalog::ClaudeTool;
use crate::claude_code::selection::ClaudeCodeSelection;
use crate::claude_code::{AgentRule, ClaudeAgent, ClaudeAgents, offered_to};
use crate::copilot::agents::{AgentToolName, CustomAgent, DefaultAgent};
use crate::copilot::catalog as copilot;
use crate::copilot::resolved::{Decision, ResolvedPolicy};
use crate::gemini_cli::catalog as gemini_cli;
use crate::gemini_cli::catalog::GeminiTool;
use crate::gemini_cli::{GeminiName, GeminiSelection};
use crate::names::wire::{Source, Tool};
use crate::seen::{Seen, first_of_each};
use crate::selection::{CatalogName, Selection, SelectionDecision, SelectionShape};
use crate::text::Escaped;

/// One change between two policies.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Change {
    /// `+` (now offered), `-` (no longer offered) or `~` (another change).
    pub sign: char,
    /// The tool (`builtin:bash`), or what else changed.
    pub subject: String,
    /// How the old policy decided it.
    pub was: String,
    /// How the new policy decides it.
    pub now: String,
    /// Whether the subject is one tool (sorted first) rather than another part of the policy.
    pub tool: bool,
}

impl fmt::Display for Change {
    /// `+ builtin:bash (was excluded by builtin:*, now offered by builtin:bash)`. The subject
    /// can hold document text (a custom agent's or an MCP server's name): it is escaped, whole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} (was {}, now {})", self.sign, Escaped(&self.subject), self.was, self.now)
    }
}

/// Every change between two policies: tools first (Copilot tools sorted, Claude Code tools
/// in catalog order), then the other changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolicyDiff(Vec<Change>);

impl PolicyDiff {
    /// Whether nothing changes.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The changes.
    pub fn changes(&self) -> &[Change] {
        &self.0
    }

    /// These changes, then `other`'s.
    pub fn extend(&mut self, other: PolicyDiff) {
        self.0.extend(other.0);
    }

    fn push(&mut self, subject: String, tool: bool, was: (bool, String), now: (bool, String)) {
        if was.0 != now.0 {
            self.0.push(Change { sign: if now.0 { '+' } else { '-' }, subject, was: was.1, now: now.1, tool });
        }
    }
}

impl fmt::Display for PolicyDiff {
    /// One line per change.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for change in &self.0 {
            writeln!(f, "{change}")?;
        }
        Ok(())
    }
}

/// A Copilot decision in a reviewer's words, and whether the tool is offered.
fn copilot_reason(decision: Decision<'_>) -> (bool, String) {
    let reason = match decision {
        Decision::OfferedNoAllowList => String::from("offered, no allow-list"),
        Decision::OfferedBy(pattern) => format!("offered by {pattern}"),
        Decision::ExcludedBy(pattern) => format!("excluded by {pattern}"),
        Decision::NotInAllowList => String::from("not in the allow-list"),
    };
    (decision.is_offered(), reason)
}

impl ResolvedPolicy {
    /// What changes from this policy to `new`: every tool whose decision changes, over the
    /// pinned catalog's built-ins and every tool either policy names, then the client mode,
    /// and each source opened or closed to tools neither names (for built-ins: those the
    /// pinned catalog does not know yet). Equal decisions written differently give nothing.
    #[must_use]
    pub fn diff(&self, new: &ResolvedPolicy) -> PolicyDiff {
        let mut diff = PolicyDiff::default();
        let mut tools: Vec<(Source, String)> =
            copilot::all_builtins().map(|name| (Source::Builtin, name.to_owned())).collect();
        for policy in [self, new] {
            for list in [policy.available_tools(), policy.excluded_tools()].into_iter().flatten() {
                for pattern in list.as_slice().iter().filter(|p| !p.is_wildcard()) {
                    let (source, name) = pattern.tool_key();
                    tools.push((source, name.to_owned()));
                }
            }
        }
        tools.sort_unstable();
        tools.dedup();
        let (was, now) = (self.decider(), new.decider());
        for (source, name) in &tools {
            let tool = Tool::new(*source, name);
            diff.push(tool.to_string(), true, copilot_reason(was(&tool)), copilot_reason(now(&tool)));
        }
        if self.client_mode() != new.client_mode() {
            diff.0.push(Change {
                sign: '~',
                subject: String::from("client mode"),
                was: self.client_mode().to_string(),
                now: new.client_mode().to_string(),
                tool: false,
            });
        }
        for source in Source::ALL {
            let other = Tool::unnamed(source);
            let subject = match source {
                Source::Builtin => format!("built-ins the pinned catalog (CLI {}) does not know", copilot::CLI_VERSION),
                _ => format!("{source} tools neither policy names"),
            };
            diff.push(subject, false, copilot_reason(self.decide(&other)), copilot_reason(new.decide(&other)));
        }
        diff
    }
}

/// A selection's decision in a reviewer's words, and whether the tool is permitted.
fn selection_reason(decision: Option<SelectionDecision>) -> (bool, String) {
    let Some(decision) = decision else { return (true, String::from("permitted, no selection")) };
    let reason = match decision {
        SelectionDecision::PermittedByOnly => "listed in only",
        SelectionDecision::PermittedNotDisabled => "not disabled",
        SelectionDecision::DisabledByWildcard => "disable: *",
        SelectionDecision::Disabled => "listed in disable",
        SelectionDecision::DisabledWithBash => "disabled with Bash",
        _ => "not listed in only",
    };
    (decision.is_permitted(), String::from(reason))
}

/// Whether built-ins a newer CLI adds get through a selection, in a reviewer's words.
fn open_to_new<T: CatalogName>(selection: Option<&Selection<T>>) -> (bool, String) {
    match selection.map(Selection::shape) {
        None => (true, String::from("offered, no selection")),
        Some(SelectionShape::Disable(_)) => (true, String::from("offered, disable takes tools away")),
        Some(_) => (false, String::from("not offered")),
    }
}

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
        fn offered(&self, name: &str) -> Option<Vec<ClaudeTool>> {
            self.get(name).map(|agent| offered_to(agent, self.main, claude_code::DEFAULT_OFFERED))
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
        if was.is_none() != now.is_none() {
            let state = |tools: &Option<Vec<ClaudeTool>>| {
                (tools.is_some(), String::from(if tools.is_some() { "defined" } else { "not defined" }))
            };
            diff.push(format!("agent {name}"), false, state(&was), state(&now));
        }
    }
    diff
}

/// A line for each entry listed on one side only, in the order first written: `state` says,
/// of being listed or not, whether the tool is offered and how the policy says it.
fn diff_entries(
    diff: &mut PolicyDiff,
    was: &[&str],
    now: &[&str],
    subject: impl Fn(&str) -> String,
    state: impl Fn(bool) -> (bool, String),
) {
    let (was_set, now_set) = (Seen::of(was.iter().copied()), Seen::of(now.iter().copied()));
    for entry in first_of_each(was.iter().chain(now).copied().collect(), |entry| entry) {
        diff.push(subject(entry), true, state(was_set.contains(entry)), state(now_set.contains(entry)));
    }
}

/// The MCP rules of a Claude Code agent's list (`mcp__*`, `mcp__<server>__*`, …).
fn mcp_rules(rules: Option<&Vec<AgentRule>>) -> Vec<&str> {
    rules.into_iter().flatten().filter(|rule| matches!(rule, AgentRule::Mcp(_))).map(AgentRule::as_str).collect()
}

/// The servers a Claude Code agent's `mcpServers` names: the keys of its object (the reader
/// takes no other form).
fn server_names(value: Option<&serde_json::Value>) -> Vec<&str> {
    let servers = value.and_then(serde_json::Value::as_object);
    servers.map(|servers| servers.keys().map(String::as_str).collect()).unwrap_or_default()
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
    let was = server_names(old.and_then(|a| a.mcp_servers.as_ref()));
    let now = server_names(new.and_then(|a| a.mcp_servers.as_ref()));
    let subject = |server: &str| format!("agent {name}: MCP server {server}");
    diff_entries(diff, &was, &now, subject, |given| {
        (given, String::from(if given { "given in mcpServers" } else { "not given" }))
    });
}

/// A Copilot custom agent's `tools`, as the reviewer reads it.
fn agent_state(agent: Option<&CustomAgent>) -> (bool, String) {
    match agent.map(CustomAgent::tools) {
        None => (false, String::from("no such agent")),
        Some(None) => (true, String::from("tools: null, every tool the session offers")),
        Some(Some(_)) => (false, String::from("only its list")),
    }
}

/// What each Copilot agent gains or loses from one definition to another: a custom agent's
/// `tools` entries (a list that becomes `null`, or goes, gives the agent every tool the
/// session offers), agents added or removed, and the entries `defaultAgent` hides from the
/// main agent (an entry let back in, or `defaultAgent` gone, widens the main agent).
#[must_use]
pub fn diff_copilot_agents(
    old: (Option<&[CustomAgent]>, Option<&DefaultAgent>),
    new: (Option<&[CustomAgent]>, Option<&DefaultAgent>),
) -> PolicyDiff {
    /// The agents, and where each name first stands among them.
    fn by_name(agents: Option<&[CustomAgent]>) -> (&[CustomAgent], Seen<'_>) {
        let agents = agents.unwrap_or_default();
        (agents, Seen::of(agents.iter().map(CustomAgent::name)))
    }
    fn listed(agent: Option<&CustomAgent>) -> Vec<&str> {
        agent.and_then(|a| a.tools()).unwrap_or_default().iter().map(String::as_str).collect()
    }
    fn hidden(agent: Option<&DefaultAgent>) -> Vec<&str> {
        agent.map(DefaultAgent::excluded_tools).unwrap_or_default().iter().map(AgentToolName::as_str).collect()
    }
    let mut diff = PolicyDiff::default();
    let (was, now) = (by_name(old.0), by_name(new.0));
    let mut names: Vec<&str> = was.0.iter().chain(now.0).map(CustomAgent::name).collect();
    names.sort_unstable();
    names.dedup();
    for name in names {
        let (before, after) = (was.1.first(name).map(|i| &was.0[i]), now.1.first(name).map(|i| &now.0[i]));
        diff.push(format!("agent {name}: every tool"), true, agent_state(before), agent_state(after));
        // Entry by entry only between two lists: `null` and a missing agent are said above
        // and below.
        if before.is_some_and(|a| a.tools().is_some()) && after.is_some_and(|a| a.tools().is_some()) {
            let state = |listed: bool| (listed, String::from(if listed { "listed" } else { "not listed" }));
            diff_entries(&mut diff, &listed(before), &listed(after), |entry| format!("agent {name}: {entry}"), state);
        }
        let defined = |agent: Option<&CustomAgent>| {
            (agent.is_some(), String::from(if agent.is_some() { "defined" } else { "not defined" }))
        };
        diff.push(format!("agent {name}"), false, defined(before), defined(after));
    }
    let state = |hidden: bool| (!hidden, String::from(if hidden { "hidden by defaultAgent" } else { "not hidden" }));
    diff_entries(&mut diff, &hidden(old.1), &hidden(new.1), |entry| format!("main agent: {entry}"), state);
    diff
}

/// What changes from one Gemini CLI selection to another (`None`: no selection): each
/// built-in of the pinned catalog, each MCP entry either selection lists, then built-ins a
/// newer CLI adds and MCP tools neither selection names.
#[must_use]
pub fn diff_gemini_selections(old: Option<&GeminiSelection>, new: Option<&GeminiSelection>) -> PolicyDiff {
    let mut diff = PolicyDiff::default();
    let reason = |s: Option<&GeminiSelection>, name: &str| selection_reason(s.map(|s| s.decide(name)));
    for tool in GeminiTool::ALL {
        diff.push(tool.name().to_owned(), true, reason(old, tool.name()), reason(new, tool.name()));
    }
    let mut entries: Vec<&str> = Vec::new();
    for selection in [old, new].into_iter().flatten() {
        if let SelectionShape::Only(names) | SelectionShape::Disable(names) = selection.shape() {
            entries.extend(names.iter().filter(|n| matches!(n, GeminiName::Mcp(_))).map(GeminiName::as_str));
        }
    }
    let (was, now) = (old.map(GeminiSelection::decider), new.map(GeminiSelection::decider));
    for entry in first_of_each(entries, |entry| entry) {
        let was_decided = selection_reason(was.as_ref().map(|decide| decide(entry)));
        diff.push(entry.to_owned(), true, was_decided, selection_reason(now.as_ref().map(|decide| decide(entry))));
    }
    let subject = format!("built-ins the pinned catalog (Gemini CLI {}) does not know", gemini_cli::CLI_VERSION);
    diff.push(subject, false, open_to_new(old), open_to_new(new));
    let unnamed = |s: Option<&GeminiSelection>| selection_reason(s.map(|s| s.decide_by(|_| false)));
    diff.push(String::from("MCP tools neither selection names"), false, unnamed(old), unnamed(new));
    diff
}

impl serde::Serialize for Change {
    /// `{"change": "+", "tool": "builtin:bash", "was": ..., "now": ...}`; another change
    /// names `what` instead of `tool`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("change", &self.sign)?;
        map.serialize_entry(if self.tool { "tool" } else { "what" }, &self.subject)?;
        map.serialize_entry("was", &self.was)?;
        map.serialize_entry("now", &self.now)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ClaudeCode, ClientMode, PolicyEntry, Selector, WireName};

    fn policy(
        mode: ClientMode,
        available: Option<&[&'static str]>,
        excluded: Option<&[&'static str]>,
    ) -> ResolvedPolicy {
        let selector =
            |names: &[&'static str]| Selector::Tools(names.iter().map(|n| WireName::from_static(n)).collect());
        PolicyEntry::new(mode, available.map(selector), excluded.map(selector)).unwrap().resolve()
    }

    #[test]
    fn a_tool_let_back_in() {
        let old = policy(ClientMode::CopilotCli, Some(&["view", "mcp:*"]), Some(&["builtin:*"]));
        let new = policy(ClientMode::CopilotCli, Some(&["view", "bash", "mcp:*"]), None);
        let lines = old.diff(&new).to_string();
        assert!(lines.contains("+ builtin:bash (was excluded by builtin:*, now offered by builtin:bash)\n"), "{lines}");
        assert!(lines.contains("+ builtin:view (was excluded by builtin:*, now offered by builtin:view)\n"), "{lines}");
        assert!(!lines.contains("builtin:grep"), "still not offered: {lines}");
    }

    #[test]
    fn the_same_policy_written_differently_changes_nothing() {
        let a = policy(ClientMode::CopilotCli, None, Some(&["bash", "web_fetch"]));
        let b = policy(ClientMode::CopilotCli, None, Some(&["builtin:web_fetch", "builtin:bash"]));
        assert!(a.diff(&b).is_empty(), "{}", a.diff(&b));
        assert!(ResolvedPolicy::DEFAULT.diff(&ResolvedPolicy::DEFAULT).is_empty());
    }

    #[test]
    fn client_mode_and_unknown_tools_are_other_changes() {
        let old = policy(ClientMode::CopilotCli, None, Some(&["bash"]));
        let new = policy(ClientMode::Empty, Some(&["view", "mcp:*"]), None);
        let diff = old.diff(&new);
        let other: Vec<String> = diff.changes().iter().filter(|c| !c.tool).map(ToString::to_string).collect();
        assert_eq!(
            other,
            [
                "~ client mode (was copilot-cli, now empty)",
                "- built-ins the pinned catalog (CLI 1.0.102) does not know (was offered, no allow-list, now not in the allow-list)",
                "- custom tools neither policy names (was offered, no allow-list, now not in the allow-list)",
            ]
        );
        let tools: Vec<&str> = diff.changes().iter().filter(|c| c.tool).map(|c| c.subject.as_str()).collect();
        let mut sorted = tools.clone();
        sorted.sort_unstable();
        assert_eq!(tools, sorted, "tool lines are sorted");
    }

    #[test]
    fn claude_code_selections() {
        let old = ClaudeCode::only([ClaudeTool::Read]);
        let new = ClaudeCode::disable([ClaudeTool::Bash]);
        let lines = diff_selections(Some(&old), Some(&new)).to_string();
        assert!(lines.contains("+ Edit (was not listed in only, now not disabled)\n"), "{lines}");
        for unchanged in ["Read", "Bash", "Monitor"] {
            assert!(!lines.lines().any(|l| l[2..].starts_with(&format!("{unchanged} ("))), "{unchanged}: {lines}");
        }
        assert!(lines.contains("+ built-ins the pinned catalog (Claude Code 2.1.332) does not know"), "{lines}");
        assert!(diff_selections(Some(&old), Some(&ClaudeCode::only([ClaudeTool::Read]))).is_empty());
    }

    #[test]
    fn claude_code_agents() {
        use crate::claude_code::{AgentRule, ClaudeAgent};
        let main = ClaudeCode::disable([ClaudeTool::Bash]);
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

    #[test]
    fn gemini_cli_selections() {
        use crate::gemini_cli::{GeminiCli, McpEntry};
        let server = GeminiName::Mcp(McpEntry::new("mcp_probe_*").unwrap());
        let old = GeminiCli::only([GeminiTool::ReadFile.into(), server]);
        let new = GeminiCli::disable([GeminiTool::RunShellCommand.into()]);
        let lines = diff_gemini_selections(Some(&old), Some(&new)).to_string();
        assert!(lines.contains("+ glob (was not listed in only, now not disabled)\n"), "{lines}");
        assert!(
            lines.contains("+ MCP tools neither selection names (was not listed in only, now not disabled)"),
            "{lines}"
        );
        assert!(!lines.contains("mcp_probe_*"), "offered on both sides: {lines}");
        assert!(!lines.contains("run_shell_command"), "offered on neither side: {lines}");
        assert!(lines.contains("+ built-ins the pinned catalog (Gemini CLI 0.61.0) does not know"), "{lines}");
        let back = diff_gemini_selections(Some(&new), Some(&GeminiCli::disable_all())).to_string();
        assert!(back.contains("- MCP tools neither selection names (was not disabled, now disable: *)"), "{back}");
        assert!(back.contains("- read_file (was not disabled, now disable: *)"), "{back}");
        assert!(diff_gemini_selections(Some(&old), Some(&old)).is_empty());
    }
}
