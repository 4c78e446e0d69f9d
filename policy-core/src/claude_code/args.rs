//! What the Claude Code CLI receives (SPEC §2): arguments built from typed values, always in
//! `--flag=value` form, so a tool name can never be read as a flag and the variadic flags
//! never swallow a prompt.

use std::fmt::Write as _;

use serde::ser::SerializeStruct;

use super::agents::{AgentRule, ClaudeAgents};
use super::mcp;
use super::selection::ClaudeCodeSelection;
use crate::claude_code::catalog::{CLI_VERSION, ClaudeTool};
use crate::error::{Error, Report};
use crate::portable::{McpTools, Portable};
use crate::selection::{CatalogName, SelectionShape};
use crate::text;

/// The flag of the deny rules, with its `=`.
const DISALLOWED: &str = "--disallowedTools=";

/// The flag that drops MCP servers of the agent's own settings files.
const STRICT_MCP: &str = "--strict-mcp-config";

impl ClaudeCodeSelection {
    /// The CLI arguments (SPEC §2), always `--flag=value`.
    pub fn args(&self) -> Vec<String> {
        let join = |tools: &[ClaudeTool]| text::join(&mut tools.iter().map(|t| ClaudeTool::name(*t)), "", ",");
        let mut args = match self.shape() {
            SelectionShape::DisableAll => vec![String::from("--tools=")],
            SelectionShape::Only(tools) => vec![format!("--tools={}", join(tools))],
            // An empty deny-list removes nothing; no flag, so the CLI never sees an empty
            // variadic value.
            SelectionShape::Disable([]) => Vec::new(),
            SelectionShape::Disable(tools) => vec![format!("{DISALLOWED}{}", join(tools))],
        };
        args.push(String::from(STRICT_MCP));
        args
    }
}

/// What `tool-policy resolve --runtime claude-code` prints:
/// `{"args": [...], "cliVersion": "2.1.332"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClaudeCodeArgs {
    /// The main agent's selection; `None`: no selection.
    pub selection: Option<ClaudeCodeSelection>,
    /// The custom agents, `--agents=<json>`.
    pub agents: ClaudeAgents,
    /// What becomes of MCP tools: `--tools` never limits them, so they are deny rules: none
    /// is `mcp__*`, a server `mcp__<server>`, a tool `mcp__<server>__<tool>`. Set it with
    /// [`ClaudeCodeArgs::with_mcp`], which refuses what deny rules cannot say.
    mcp: McpTools,
}

impl ClaudeCodeArgs {
    /// The arguments of a selection, without custom agents.
    pub fn new(selection: Option<ClaudeCodeSelection>) -> ClaudeCodeArgs {
        ClaudeCodeArgs { selection, agents: ClaudeAgents::default(), mcp: McpTools::Keep }
    }

    /// The arguments of a portable policy (SPEC §7): its selection, and the deny rules its
    /// `mcp_tools` needs.
    ///
    /// # Errors
    /// `mcp_tools` that deny rules cannot say: `only` (Claude Code has no allow-list of MCP
    /// tools), or a server name its grammar cannot hold.
    pub fn from_portable(portable: &Portable) -> Result<ClaudeCodeArgs, Error> {
        ClaudeCodeArgs::new(Some(ClaudeCodeSelection::from_portable(portable)?)).with_mcp(portable.mcp().clone())
    }

    /// With what becomes of MCP tools, as deny rules after the built-ins'.
    ///
    /// # Errors
    /// What deny rules cannot say: `only` (Claude Code has no allow-list of MCP tools), or
    /// a server name its grammar cannot hold.
    pub fn with_mcp(self, mcp: McpTools) -> Result<ClaudeCodeArgs, Error> {
        mcp::check(&mcp)?;
        Ok(self.__with_checked_mcp(mcp))
    }

    /// Macro plumbing: MCP rules a front door already checked.
    #[doc(hidden)]
    #[must_use]
    pub fn __with_checked_mcp(mut self, mcp: McpTools) -> ClaudeCodeArgs {
        self.mcp = mcp;
        self
    }

    /// What becomes of MCP tools.
    pub fn mcp(&self) -> &McpTools {
        &self.mcp
    }

    /// With custom agents, held to this selection by the rules of [`ClaudeAgents::check`]:
    /// an agent whose list names a built-in the selection takes away is an error at its place
    /// (`/agents/<name>/tools/<i>`), so agents never reach the arguments unchecked.
    pub fn with_agents(self, agents: ClaudeAgents) -> Result<ClaudeCodeArgs, Report> {
        let (errors, _) = agents.check(self.selection.as_ref());
        if errors.is_empty() {
            return Ok(self.__with_checked_agents(agents));
        }
        let mut report = Report::default();
        for (place, error) in errors {
            report.error(agents.pointer(place), error);
        }
        Err(report)
    }

    /// Macro plumbing: agents a front door already held to this selection.
    #[doc(hidden)]
    #[must_use]
    pub fn __with_checked_agents(mut self, agents: ClaudeAgents) -> ClaudeCodeArgs {
        self.agents = agents;
        self
    }

    /// The arguments: the selection's (none without one), then `--agents=<json>` when there
    /// are agents. Send them with every turn: a restarted agent keeps its agents and limits.
    pub fn args(&self) -> Vec<String> {
        let mut args = self.selection.as_ref().map(ClaudeCodeSelection::args).unwrap_or_default();
        let rules = mcp::deny_rules(&self.mcp);
        if !rules.is_empty() {
            let rules = rules.join(",");
            if let Some(disallowed) = args.iter_mut().find(|arg| arg.starts_with(DISALLOWED)) {
                disallowed.push(',');
                disallowed.push_str(&rules);
            } else {
                // Before `--strict-mcp-config`, after `--tools`, as the selection writes them.
                let at = args.iter().position(|arg| arg == STRICT_MCP).unwrap_or(args.len());
                args.insert(at, format!("{DISALLOWED}{rules}"));
            }
        }
        args.extend(self.agents.arg());
        args
    }
}

impl ClaudeCodeArgs {
    /// The arguments as Rust source built through `private` (`__private` of the facade): a
    /// `const` selection alone, or, with agents (which hold owned text), the arguments built
    /// at run time around it. For the macro's expansion.
    #[doc(hidden)]
    pub fn rust_source(&self, private: &str) -> String {
        let selection = match &self.selection {
            Some(selection) => selection.rust_source(private),
            None => return format!("{private}::ClaudeCodeArgs::new({private}::None)"),
        };
        let mcp = match self.mcp {
            McpTools::Keep => String::new(),
            _ => format!(".__with_checked_mcp({})", self.mcp.rust_source(private)),
        };
        if self.agents.is_empty() && self.agents.agent_only.is_empty() && mcp.is_empty() {
            return selection;
        }
        let rule = |rule: &AgentRule| match rule {
            AgentRule::Tool(tool) => format!("{private}::AgentRule::Tool({})", tool.rust_source(private)),
            AgentRule::Mcp(text) => format!("{private}::AgentRule::Mcp({private}::String::from({text:?}))"),
        };
        let rules = |rules: &[AgentRule]| rules.iter().map(rule).collect::<Vec<_>>().join(", ");
        let agents: Vec<String> = self
            .agents
            .agents
            .iter()
            .map(|agent| {
                let mut value = format!(
                    "{private}::ClaudeAgent::new({:?}, {:?}, {:?})",
                    agent.name, agent.description, agent.prompt
                );
                // Writing to a `String` cannot fail.
                if let Some(tools) = &agent.tools {
                    let _ = write!(value, ".tools([{}])", rules(tools));
                }
                if let Some(tools) = &agent.disallowed_tools {
                    let _ = write!(value, ".disallowed_tools([{}])", rules(tools));
                }
                if let Some(model) = &agent.model {
                    let _ = write!(value, ".model({model:?})");
                }
                value
            })
            .collect();
        let agent_only: Vec<String> = self.agents.agent_only.iter().map(|tool| tool.rust_source(private)).collect();
        format!(
            "{private}::ClaudeCodeArgs::new({private}::Some({selection})).__with_checked_agents({private}::ClaudeAgents::new([{}]).agent_only([{}])){mcp}",
            agents.join(", "),
            agent_only.join(", ")
        )
    }
}

impl serde::Serialize for ClaudeCodeArgs {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("ClaudeCodeArgs", 2)?;
        s.serialize_field("args", &self.args())?;
        s.serialize_field("cliVersion", CLI_VERSION)?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ClaudeCodeSelection;
    use crate::json::load_claude_code;

    fn args(text: &str) -> Vec<String> {
        let read = load_claude_code(text).unwrap();
        ClaudeCodeArgs::new(read.selection).with_agents(read.agents).unwrap().args()
    }

    #[test]
    fn spec_arguments() {
        assert_eq!(args(r#"{"disable": "*"}"#), ["--tools=", "--strict-mcp-config"]);
        assert_eq!(args(r#"{"only": ["Read", "Grep"]}"#), ["--tools=Read,Grep", "--strict-mcp-config"]);
        assert_eq!(args(r#"{"only": []}"#), ["--tools=", "--strict-mcp-config"]);
        assert_eq!(
            args(r#"{"disable": ["WebFetch", "Bash"]}"#),
            ["--disallowedTools=WebFetch,Bash", "--strict-mcp-config"]
        );
        assert_eq!(args(r#"{"disable": []}"#), ["--strict-mcp-config"]);
        assert_eq!(args(r#"{"id": "agent", "builtin_tools": {"disable": "*"}}"#), ["--tools=", "--strict-mcp-config"]);
        assert_eq!(args(r#"{"builtin_tools": null}"#), Vec::<String>::new());
    }

    #[test]
    fn serializes_with_the_version() {
        let out =
            serde_json::to_value(ClaudeCodeArgs::new(Some(ClaudeCodeSelection::only([ClaudeTool::Read])))).unwrap();
        assert_eq!(out, serde_json::json!({"args": ["--tools=Read", "--strict-mcp-config"], "cliVersion": "2.1.332"}));
    }
}
