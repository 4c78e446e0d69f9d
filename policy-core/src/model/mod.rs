//! The rules: names, selectors, entries and their checks, resolution, resolved values and
//! decisions, the Claude Code selection, sub-agent tool lists, and the errors. Every front
//! door (the macro, the builder, the JSON reader) calls these; none holds a rule of its own.

mod attest;
mod builtins;
mod claude_code;
mod diff;
mod entry;
mod error;
mod lint;
mod resolved;
pub mod runtime;
mod stored;
mod subagent;
pub mod vocab;
mod wire;

pub use attest::{Attestation, Host, OfferedTool, Violation, attest_claude_code};
pub use builtins::suggest as suggest_builtin;
pub use claude_code::{
    ClaudeCode, ClaudeCodeSelection, ClaudeDecision, NameLookup, SelectionDraft, SelectionShape, ShapeDraft,
    ShapeValue, offered,
};
pub use diff::{Change, PolicyDiff, diff_selections};
pub use entry::{
    ClientMode, EntryDraft, PolicyEntry, Selector, SlotDraft, builtin_warning, is_unknown_builtin,
    unknown_builtin_warning,
};
pub use error::{
    At, EMPTY_MODE_EMPTY_ALLOW_LIST, EMPTY_MODE_NEEDS_ALLOW_LIST, Error, Errors, Located, Report, Slot, Warning,
};
pub use lint::lint_agents;
pub use lint::{Lint, Lints, lint_entry, lint_selection};
pub(crate) use resolved::serialize_filter;
pub use resolved::{Decision, ResolvedPolicy, TOOL_FILTER_PRECEDENCE, ToolList};
pub use subagent::{
    AgentToolName, AgentToolNameError, AgentTools, CustomAgent, DefaultAgent, SessionTool, alias_members,
    check_agent_tool_name, effective_tools, merge_invocation_tools,
};
pub use wire::{
    Source, Tool, WireError, WireErrorKind, WireName, check as check_wire_name, is_name_byte, mcp_tool_name,
};

/// A typed constant for every built-in of the pinned Copilot catalog (`BASH`, `VIEW`, …).
pub mod copilot_names {
    pub use super::builtins::*;
}
