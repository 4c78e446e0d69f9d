//! What changes between two Copilot definitions: the session policy's tools (built-ins of the
//! pinned catalog and every tool either policy names), the client mode, each source opened
//! or closed to tools neither names, and what each agent gains or loses.

use crate::copilot::agents::{AgentToolName, CustomAgent, DefaultAgent};
use crate::copilot::catalog as copilot;
use crate::copilot::resolved::{Decision, ResolvedPolicy};
use crate::names::wire::{Source, Tool};
use crate::review::diff::{PolicyDiff, diff_entries};
use crate::seen::Seen;

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
            diff.other(String::from("client mode"), self.client_mode().to_string(), new.client_mode().to_string());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ClientMode, PolicyEntry, Selector, WireName};

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
}
