//! The agents Copilot CLI 1.0.102 brings itself, which the model starts through `task` with
//! their `agent_type` whatever the definition says (SPEC §8). Measured live (`builtin-agents
//! copilot` cases): each is resolved as a custom agent with its own list would be, under the
//! session's filter, so none has what the filter took away: `explore` lists the shell family,
//! `view`, `grep` and `glob`; `task`, `code-review`, `research` and `security-review` have
//! every tool the session offers (`tools: null`); `general-purpose` has them and two built-ins
//! the main agent is never offered, `fetch_copilot_cli_documentation` and `session_store_sql`
//! (the latter unknown to the pinned catalog), when the filter lets them through.

use super::agents::{AgentToolName, AgentTools, SessionTool, effective_tools};
use super::resolved::ResolvedPolicy;
use crate::names::wire::Tool;

/// A built-in agent: its `agent_type`, its own list, and what it gets beyond the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaskAgent {
    /// The `agent_type` the model starts it by.
    pub name: &'static str,
    /// Its `tools` (`None`: every tool the session offers).
    pub tools: Option<&'static [&'static str]>,
    /// Built-ins it has that the session's main agent is never offered, when the session's
    /// filter lets them through.
    pub extra: &'static [&'static str],
}

/// The built-in agents of Copilot CLI 1.0.102.
pub const TASK_AGENTS: &[TaskAgent] = &[
    TaskAgent {
        name: "explore",
        tools: Some(&["bash", "read_bash", "stop_bash", "list_bash", "view", "grep", "glob"]),
        extra: &[],
    },
    TaskAgent { name: "task", tools: None, extra: &[] },
    TaskAgent {
        name: "general-purpose",
        tools: None,
        extra: &["fetch_copilot_cli_documentation", "session_store_sql"],
    },
    TaskAgent { name: "code-review", tools: None, extra: &[] },
    TaskAgent { name: "research", tools: None, extra: &[] },
    TaskAgent { name: "security-review", tools: None, extra: &[] },
];

impl TaskAgent {
    /// The built-in agent of `agent_type` `name`.
    pub fn named(name: &str) -> Option<&'static TaskAgent> {
        TASK_AGENTS.iter().find(|agent| agent.name == name)
    }

    /// Its list, as a custom agent's.
    pub fn tools(&self) -> AgentTools {
        match self.tools {
            None => AgentTools::All,
            Some(names) => AgentTools::Only(names.iter().map(|name| AgentToolName::from_static(name)).collect()),
        }
    }

    /// What it is offered in a session with `policy` that registers `session_tools`: its list
    /// under the session's filter, then its extra built-ins the filter lets through.
    pub fn offered<'a>(&self, policy: &ResolvedPolicy, session_tools: &[SessionTool<'a>]) -> Vec<SessionTool<'a>> {
        let mut offered = effective_tools(&self.tools(), policy, session_tools);
        for name in self.extra {
            let extra = SessionTool { tool: Tool::builtin(name), mcp_server: None };
            if policy.offers(&extra.tool) && !offered.iter().any(|t| t.tool == extra.tool) {
                offered.push(extra);
            }
        }
        offered
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_agents_stay_within_the_filter() {
        let registered: Vec<SessionTool<'_>> = ["bash", "view", "grep", "create"]
            .iter()
            .map(|name| SessionTool { tool: Tool::builtin(name), mcp_server: None })
            .collect();
        let no_shell =
            crate::json::load_entry(r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash"]}}"#)
                .unwrap()
                .into_policy();
        let names = |agent: &str, policy: &ResolvedPolicy| -> Vec<String> {
            TaskAgent::named(agent)
                .unwrap()
                .offered(policy, &registered)
                .iter()
                .map(|t| t.tool.name().to_owned())
                .collect()
        };
        assert_eq!(names("explore", &ResolvedPolicy::DEFAULT), ["bash", "view", "grep"]);
        assert_eq!(names("explore", &no_shell), ["view", "grep"]);
        assert_eq!(names("task", &no_shell), ["view", "grep", "create"]);
        let general = names("general-purpose", &no_shell);
        assert!(general.ends_with(&["fetch_copilot_cli_documentation".into(), "session_store_sql".into()]));
        assert!(TaskAgent::named("Explore").is_none(), "exact name");
    }
}
