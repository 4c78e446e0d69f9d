//! The Claude Code selection (SPEC §2): its checks against the pinned catalog, what the CLI
//! offers under it, and the arguments it becomes.

pub(crate) mod args;
pub(crate) mod selection;

pub use args::ClaudeCodeArgs;
pub use selection::{ClaudeCode, ClaudeCodeSelection, ClaudeDecision, offered};
