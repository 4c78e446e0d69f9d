//! The Copilot policy (SPEC §1): the `github-cli-builtin-tools` entry and its checks,
//! resolution, the resolved policy and how the runtime decides one tool, the typestate
//! builder, what a session and a client receive, and its sub-agents (SPEC §3: typed
//! `customAgents[].tools` lists and `defaultAgent`, what a sub-agent is offered, invocation
//! tools, and the call-time router).

pub(crate) mod agents;
pub(crate) mod attest;
pub(crate) mod builder;
pub(crate) mod builtin_agents;
pub mod capabilities;
pub mod catalog;
pub(crate) mod diff;
pub(crate) mod document;
pub(crate) mod entry;
pub(crate) mod lints;
pub(crate) mod names;
pub(crate) mod observed;
pub(crate) mod places;
pub(crate) mod read;
pub(crate) mod read_agents;
pub mod schema;
pub(crate) mod resolved;
pub(crate) mod router;
pub(crate) mod session;
pub(crate) mod stored;

pub use builder::{
    AllowListFor, AllowListUnset, ClientModeUnset, CopilotCliMode, DenyListSet, DenyListUnset, EmptyAllowList,
    EmptyMode, IsolatedAllowList, NameArray, NoAllowList, NoDenyList, NonEmptyAllowList, Policy, PolicyBuilder,
};
pub use builtin_agents::{TASK_AGENTS, TaskAgent};
pub use diff::diff_copilot_agents;
pub use entry::{PolicyEntry, Selector};
pub use lints::{lint_agents, lint_entry};
pub use names::suggest as suggest_builtin;
pub use observed::read_copilot_tools;
/// The Copilot document type under its earlier name.
pub type Loaded = CopilotDocument;

pub use read::{
    CopilotDocument, load, load_definition, load_definition_value, load_entry, load_entry_value, load_value, load_with,
};
pub use resolved::{ClientMode, Decision, ResolvedPolicy, TOOL_FILTER_PRECEDENCE, ToolList};
pub use session::{ClientKey, ClientPool, ClientStorage, SessionToolFilter};

/// Sub-agents (SPEC §3): typed `customAgents[].tools` lists and `defaultAgent`, what a
/// sub-agent is offered, invocation tools, and the call-time router.
pub mod subagents {
    pub use super::agents::{
        AgentToolName, AgentToolNameError, AgentTools, CustomAgent, DefaultAgent, SessionTool, alias_members,
        check_agent_tool_name, effective_tools, merge_invocation_tools,
    };
    pub use super::router::{RoutedSession, RouterError, SubagentInstance, SubagentRouter};
}

/// A typed constant for every built-in of the pinned Copilot catalog (`BASH`, `VIEW`, …).
pub mod builtins {
    pub use super::names::*;
}

/// Every object this runtime's readers enter: its rows of the closed-world table.
pub const PLACES: &[&crate::reader::closed::Place] = places::PLACES;
