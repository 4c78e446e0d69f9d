//! The messages of sub-agents (SPEC §2, §3): Claude Code agents bounded by the main
//! selection, and Copilot custom agents' names and tool lists.

use std::fmt;

use super::rule::{Error, SUBAGENT_TOOL_NAMES};
use crate::text::Shown;

impl Error {
    /// The message of a sub-agent error, or `None` for another subject: first the errors of
    /// agents bounded by a main selection.
    pub(super) fn agent_message(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match self {
            Error::AgentBeyondMain { agent, tool, leaks: true } => write!(
                f,
                "agent `{}` lists `{tool}`, which the main selection takes away, and Claude Code offers it to the agent anyway: remove it, or leave it to the agents with `\"agent_only\": [\"{tool}\"]`",
                Shown(agent)
            ),
            Error::AgentBeyondMain { agent, tool, leaks: false } => write!(
                f,
                "agent `{}` lists `{tool}`, which the main selection takes away, and Claude Code never offers it to the agent then (the main selection bounds a sub-agent's `tools`): remove it, or permit it in the main selection",
                Shown(agent)
            ),
            Error::AgentOnlyUnreachable { tool } => write!(
                f,
                "`agent_only` names `{tool}`, but Claude Code never offers a sub-agent a built-in the main selection takes away, except `Glob` and `Grep` when the main selection is not an `only` naming either of them: it cannot be left to the agents"
            ),
            Error::AgentEveryMcp { agent } => write!(
                f,
                "agent `{}` lists `mcp__*` in `tools`, which gives it no MCP tool in Claude Code (only `disallowedTools` reads `mcp__*` as every MCP tool): name each server, `mcp__<server>`, or each tool, `mcp__<server>__<tool>`",
                Shown(agent)
            ),
            Error::AgentMcpUnnamed { agent, server: None } => write!(
                f,
                "agent `{}`'s capabilities keep MCP tools, but Claude Code keeps an agent's MCP tools in `tools` only by server and the agent names no `mcpServers`: add `\"mcp_tools\": \"none\"`, or name its servers in `mcpServers`",
                Shown(agent)
            ),
            Error::AgentMcpUnnamed { agent, server: Some(server) } => write!(
                f,
                "agent `{}`'s capabilities keep MCP tools by server, but server `{}` of its `mcpServers` cannot be written as an MCP rule (`mcp__<server>`, names of `[A-Za-z0-9_-]` without `__`): rename it, or add `\"mcp_tools\": \"none\"`",
                Shown(agent),
                Shown(server)
            ),
            Error::AgentOnlyNotTaken { tool } => write!(
                f,
                "`agent_only` names `{tool}`, which the main selection does not take away; `agent_only` leaves to the agents only tools taken from the main agent"
            ),
            Error::BadAgentName { name } => {
                write!(f, "`{}` is not an agent name Claude Code takes: one or more of `[A-Za-z0-9_-]`", Shown(name))
            }
            _ => return self.custom_agent_message(f),
        })
    }

    /// The message of an error of a custom agent's name or tool list, or `None` for another
    /// subject.
    fn custom_agent_message(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        Some(match self {
            Error::AgentNameNotOwn { name, first: None } => write!(
                f,
                "a custom agent's `name` is empty{}: agents are started and told apart by name, so it restricts nothing; give it a name of its own",
                if name.is_empty() { "" } else { " once trimmed" }
            ),
            Error::AgentNameNotOwn { name, first: Some(first) } => write!(
                f,
                "custom agent `{}` is already defined at index {first}: agents are told apart by name, so one of the two restricts nothing; give each agent a name of its own",
                Shown(name)
            ),
            Error::UnknownAgent { name } => write!(f, "no agent `{}`", Shown(name)),
            Error::SubagentQualifiedName { entry, bare } => match bare {
                Some(bare) => write!(
                    f,
                    "`{}` matches nothing in a sub-agent's tool list, which takes unprefixed runtime names; write `{}`",
                    Shown(entry),
                    Shown(bare)
                ),
                None => write!(
                    f,
                    "`{}` matches nothing in a sub-agent's tool list, which takes unprefixed runtime names; list the tools by name, or `<server>/*` for one MCP server",
                    Shown(entry)
                ),
            },
            Error::SubagentInvalidName { entry } => {
                write!(f, "`{}` is not a runtime tool name; {SUBAGENT_TOOL_NAMES}", Shown(entry))
            }
            Error::SubagentDuplicateName { entry, first } => {
                write!(f, "`{}` is listed twice (first at item {first}); remove one", Shown(entry))
            }
            _ => return None,
        })
    }
}
