//! The agents Claude Code 2.1.332 brings itself, which the model can start through `Agent`
//! (`subagent_type`) whatever the document says, and how an agent was started (SPEC §8).
//!
//! Measured live (`claude-code-builtin` cases; `probes/claude-code/builtin-agents/REPORT.md`):
//! each built-in is resolved as a custom agent with the built-in's own lists would be, over
//! the main selection, so it can never have what the main selection took away: `Explore` and
//! `Plan` have everything but `Agent`, `Artifact`, `ExitPlanMode`, `Edit`, `Write` and
//! `NotebookEdit`; `general-purpose` and `claude` everything; `statusline-setup` `Read` and
//! `Edit`; `fork` exactly the main agent's set. A custom agent of a built-in's name replaces
//! it. An agent started in the background is not offered the main agent's own tools
//! ([`Start::withholds`]); one started in the foreground (`run_in_background: false`) is, but
//! for `ScheduleWakeup` and `Workflow`.

use super::agents::{AgentRule, ClaudeAgent, offered_when};
use super::catalog::{ClaudeTool, DEFAULT_OFFERED, Start};
use super::selection::{ClaudeCodeSelection, offered};

/// A built-in agent: its name and its own lists, as the CLI defines it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltinAgent {
    /// The name the model starts it by (`subagent_type`).
    pub name: &'static str,
    /// Its `tools` (`None`: every tool the session has).
    pub tools: Option<&'static [ClaudeTool]>,
    /// Its `disallowedTools`.
    pub disallowed: &'static [ClaudeTool],
    /// Whether it is offered exactly the main agent's set (`fork`), however started.
    pub main_set: bool,
}

/// What `Explore` and `Plan` may not use.
const READ_ONLY_AGENT: &[ClaudeTool] = &[
    ClaudeTool::Agent,
    ClaudeTool::Artifact,
    ClaudeTool::ExitPlanMode,
    ClaudeTool::Edit,
    ClaudeTool::Write,
    ClaudeTool::NotebookEdit,
];

const fn builtin(
    name: &'static str,
    tools: Option<&'static [ClaudeTool]>,
    disallowed: &'static [ClaudeTool],
) -> BuiltinAgent {
    BuiltinAgent { name, tools, disallowed, main_set: false }
}

/// The built-in agents a `-p` session with an API key can start (`claude-code-guide` and
/// `web-fetch` need another entry point or a setting, and are not here).
pub const BUILTIN_AGENTS: &[BuiltinAgent] = &[
    builtin("general-purpose", None, &[]),
    builtin("claude", None, &[]),
    builtin("Explore", None, READ_ONLY_AGENT),
    builtin("Plan", None, READ_ONLY_AGENT),
    builtin("statusline-setup", Some(&[ClaudeTool::Read, ClaudeTool::Edit]), &[]),
    BuiltinAgent { name: "fork", tools: None, disallowed: &[], main_set: true },
];

impl BuiltinAgent {
    /// The built-in agent called `name` (exact case, as the CLI matches it).
    pub fn named(name: &str) -> Option<&'static BuiltinAgent> {
        BUILTIN_AGENTS.iter().find(|agent| agent.name == name)
    }

    /// What it is offered under the main selection (`None`: none), started so.
    pub fn offered(&self, main: Option<&ClaudeCodeSelection>, start: Start) -> Vec<ClaudeTool> {
        if self.main_set {
            offered(main, DEFAULT_OFFERED)
        } else {
            offered_when(&self.as_custom(), main, DEFAULT_OFFERED, start)
        }
    }

    /// The custom agent with the built-in's lists: what the CLI resolves it as.
    pub fn as_custom(&self) -> ClaudeAgent {
        let mut agent = ClaudeAgent::new(self.name, "", "");
        agent.tools = self.tools.map(|tools| tools.iter().map(|tool| AgentRule::Tool(*tool)).collect());
        agent.disallowed_tools =
            (!self.disallowed.is_empty()).then(|| self.disallowed.iter().map(|tool| AgentRule::Tool(*tool)).collect());
        agent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_agents_and_their_lists() {
        let names: Vec<&str> = BUILTIN_AGENTS.iter().map(|agent| agent.name).collect();
        assert_eq!(names, ["general-purpose", "claude", "Explore", "Plan", "statusline-setup", "fork"]);
        assert!(BuiltinAgent::named("explore").is_none(), "exact case");
        let explore = BuiltinAgent::named("Explore").unwrap().as_custom();
        assert!(explore.tools.is_none());
        assert!(explore.disallowed_tools.unwrap().contains(&AgentRule::Tool(ClaudeTool::Edit)));
        for tool in ClaudeTool::ALL.iter().copied().filter(|tool| Start::Foreground.withholds(*tool)) {
            assert!(Start::Background.withholds(tool), "{tool}");
        }
        assert!(
            Start::Background.withholds(ClaudeTool::CronList) && !Start::Foreground.withholds(ClaudeTool::CronList)
        );
    }
}
