//! The OpenCode selection (SPEC §10): its names (built-ins of the pinned catalog and MCP
//! tools), what `opencode run` offers under it, and the `permission` map it becomes.

pub(crate) mod agents;
pub mod catalog;
pub(crate) mod config;
pub(crate) mod diff;
pub(crate) mod document;
pub(crate) mod names;
pub(crate) mod places;
pub(crate) mod read;
pub(crate) mod selection;

pub use agents::{LIMITED_AGENTS, Limit, OpenCodeAgent};
pub use config::OpenCodeConfig;
pub use diff::diff_opencode_selections;
pub use names::{McpName, OpenCodeName};
pub use read::{OpenCodeDocument, load_opencode, load_opencode_with};
pub use selection::{OpenCodeSelection, offered};

/// Every object this runtime's readers enter: its rows of the closed-world table.
pub const PLACES: &[&crate::reader::closed::Place] = places::PLACES;
