//! Review aids: diffs of what an agent gains or loses, attestation of what a running session
//! really offers, and the lints (rules that read as restrictions but do nothing), which live
//! with what they lint (`copilot::lints`, `selection::lint_selection`) and are re-exported
//! here.

pub(crate) mod attest;
pub(crate) mod diff;

pub use crate::copilot::lints::{lint_agents, lint_entry};
pub use crate::selection::lint_selection;
pub use attest::{Attestation, Host, OfferedTool, Violation, attest_claude_code};
pub use diff::{Change, PolicyDiff, diff_claude_agents, diff_copilot_agents, diff_gemini_selections, diff_selections};
