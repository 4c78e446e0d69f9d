//! Sub-agents (SPEC §3): typed `customAgents[].tools` lists and `defaultAgent`, what a
//! sub-agent is offered, invocation tools, and the call-time router.

pub(crate) mod agents;
pub(crate) mod router;

pub use agents::{
    AgentToolName, AgentToolNameError, AgentTools, CustomAgent, DefaultAgent, SessionTool, alias_members,
    check_agent_tool_name, effective_tools, merge_invocation_tools,
};
pub use router::{RoutedSession, RouterError, SubagentInstance, SubagentRouter};
