//! Review aids: lints (rules that read as restrictions but do nothing), diffs of what an
//! agent gains or loses, and attestation of what a running session really offers.

pub(crate) mod attest;
pub(crate) mod diff;
pub(crate) mod lints;

pub use attest::{Attestation, Host, OfferedTool, Violation, attest_claude_code};
pub use diff::{Change, PolicyDiff, diff_claude_agents, diff_copilot_agents, diff_gemini_selections, diff_selections};
pub use lints::{lint_agents, lint_entry, lint_selection};
