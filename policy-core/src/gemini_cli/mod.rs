//! The Gemini CLI selection (SPEC §5): its names (built-ins of the pinned catalog and MCP
//! entries), what the CLI offers under it in each approval mode, and the settings, policy
//! file and arguments it becomes.

pub mod capabilities;
pub mod catalog;
pub(crate) mod config;
pub(crate) mod diff;
pub(crate) mod document;
pub(crate) mod names;
pub(crate) mod places;
pub(crate) mod read;
pub(crate) mod selection;

pub use config::{DEFAULT_POLICY_FILE, GeminiCliConfig, RULE_PRIORITY};
pub use diff::diff_gemini_selections;
pub use names::{GeminiName, McpEntry};
pub use read::{GeminiDocument, load_gemini_cli, load_gemini_cli_with};
pub use selection::{ApprovalMode, GeminiAgent, GeminiSelection, offered, offered_to_investigator};

/// Every object this runtime's readers enter: its rows of the closed-world table.
pub const PLACES: &[&crate::reader::closed::Place] = places::PLACES;
