//! What changes between two Codex CLI selections: each built-in of the pinned catalog, each
//! MCP tool either lists, built-ins a newer CLI adds and MCP tools neither names.

use crate::codex::catalog::CodexTool;
use crate::codex::names::CodexName;
use crate::codex::selection::CodexSelection;
use crate::review::diff::PolicyDiff;
use crate::selection::diff_listed;

/// What changes from one Codex CLI selection to another (`None`: no selection).
#[must_use]
pub fn diff_codex_selections(old: Option<&CodexSelection>, new: Option<&CodexSelection>) -> PolicyDiff {
    diff_listed(old, new, CodexTool::NAMES, |name| matches!(name, CodexName::Mcp(_)), CodexSelection::decider)
}
