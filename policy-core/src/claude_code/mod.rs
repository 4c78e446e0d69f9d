//! The Claude Code selection (SPEC §2): its checks against the pinned catalog, what the CLI
//! offers under it, and the arguments it becomes.

pub(crate) mod agents;
pub(crate) mod args;
pub(crate) mod attest;
pub(crate) mod builtin_agents;
pub mod capabilities;
pub mod catalog;
pub(crate) mod diff;
pub(crate) mod document;
pub(crate) mod mcp;
pub(crate) mod observed;
pub(crate) mod places;
pub(crate) mod read;
pub(crate) mod read_agents;
pub(crate) mod selection;

pub use agents::{
    AgentPlace, AgentRule, ClaudeAgent, ClaudeAgents, check_rules, mcp_offered_to, offered_to, offered_when,
    reaches_beyond,
};
pub use args::ClaudeCodeArgs;
pub use attest::attest_claude_code;
pub use builtin_agents::{BUILTIN_AGENTS, BuiltinAgent};
pub use diff::{diff_claude_agents, diff_selections};
pub use observed::{ClaudeCall, ClaudeTranscript, read_claude_init, read_claude_transcript};
pub use read::{ClaudeCodeDocument, load_claude_code, load_claude_code_with};
pub use selection::{ClaudeCodeSelection, ClaudeDecision, offered};

/// Every object this runtime's readers enter: its rows of the closed-world table.
pub const PLACES: &[&crate::reader::closed::Place] = places::PLACES;
