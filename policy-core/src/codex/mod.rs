//! The Codex CLI selection (SPEC §11): its names (built-ins of the pinned catalog and MCP
//! tools), what `codex exec` offers under it, and the arguments it becomes. The CLI has no
//! allow-list of built-ins, so only `disable` of whole switches can be said.

pub mod catalog;
pub(crate) mod config;
pub(crate) mod diff;
pub(crate) mod document;
pub(crate) mod names;
pub(crate) mod places;
pub(crate) mod read;
pub(crate) mod selection;

pub use config::CodexArgs;
pub use diff::diff_codex_selections;
pub use names::{CodexMcpName, CodexName};
pub use read::{CodexDocument, load_codex, load_codex_with};
pub use selection::{CodexSelection, deferred, offered};

/// Every object this runtime's readers enter: its rows of the closed-world table.
pub const PLACES: &[&crate::reader::closed::Place] = places::PLACES;
