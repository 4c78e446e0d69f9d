//! The rules of tool-policy: everything that runs.
//!
//! A folder per subject, and imports between them point one way, down this list:
//!
//! 1. [`text`]: did-you-mean and safe display of document text; `seen`: repeats found in one
//!    pass;
//! 2. `catalog`: the form of a runtime's catalog (each runtime's folder keeps its own);
//! 3. [`names`]: the vocabulary (keys, words), wire names and their grammar;
//! 4. [`error`]: the errors and warnings every rule reports, and the lint names;
//! 5. [`runtime`]: the runtimes a selection is for; [`selection`]: the CLI runtimes' selection
//!    over any catalog, its shapes and shared checks; `reader`: the one JSON reader below
//!    every runtime (tree, pointers, the sink, options);
//! 6. a folder per runtime, each with its own catalog: [`copilot`]: the Copilot entry, its
//!    checks and resolution, the resolved policy and its decisions, the typestate builder,
//!    session fields and client keys, its sub-agents ([`subagents`]: tool lists and the
//!    call-time router), its lints and its JSON documents' reader; [`claude_code`]: what a Claude Code selection means, its custom
//!    agents, and its arguments; [`gemini_cli`]: the Gemini CLI's names, what each approval
//!    mode offers, and its settings, policy file and arguments;
//! 7. [`review`]: lints, diffs and attestation;
//! 8. [`json`]: every document kind read for its runtime (the dispatch, the Claude Code and
//!    Gemini CLI readers, what a session reports), the stored forms, and the schema;
//! 9. `copilot_sdk` (feature `copilot-sdk`): the official Rust SDK's config types.
//!
//! The `tool-policy` crate re-exports all of it, with the macros.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[macro_use]
pub mod text;

mod seen;

#[macro_use]
mod catalog;

pub mod names;

pub mod error;

pub mod selection;

mod reader;

pub mod review;

pub mod claude_code;
pub mod copilot;
pub mod gemini_cli;
pub mod runtime;

pub use copilot::subagents;

pub mod json;

#[cfg(feature = "copilot-sdk")]
#[cfg_attr(docsrs, doc(cfg(feature = "copilot-sdk")))]
pub mod copilot_sdk;

pub use claude_code::{
    AgentRule, ClaudeAgent, ClaudeAgents, ClaudeCodeArgs, ClaudeCodeSelection, ClaudeDecision, offered,
};
pub use claude_code::{attest_claude_code, diff_claude_agents, diff_selections};
pub use copilot::{
    ClientKey, ClientMode, ClientPool, ClientStorage, Decision, Policy, PolicyBuilder, PolicyEntry, ResolvedPolicy,
    Selector, SessionToolFilter, TOOL_FILTER_PRECEDENCE, ToolList, suggest_builtin,
};
pub use copilot::{diff_copilot_agents, lint_agents, lint_entry};
pub use error::{
    At, EMPTY_MODE_EMPTY_ALLOW_LIST, EMPTY_MODE_NEEDS_ALLOW_LIST, Error, Errors, Lint, Lints, Located, Report, Warning,
};
pub use gemini_cli::diff_gemini_selections;
pub use gemini_cli::{ApprovalMode, GeminiCliConfig, GeminiName, GeminiSelection, McpEntry};
pub use names::{Slot, Source, Tool, WireError, WireErrorKind, WireName, check_wire_name, is_name_byte, mcp_tool_name};
pub use review::{Attestation, Change, Host, OfferedTool, PolicyDiff, Violation};
pub use runtime::{Runtime, Spelling};
pub use selection::lint_selection;
pub use selection::{CatalogName, NameLookup, Selection, SelectionDecision, SelectionShape, ShapeDraft, ShapeValue};
pub use subagents::{
    AgentToolName, AgentToolNameError, AgentTools, CustomAgent, DefaultAgent, SessionTool, alias_members,
    check_agent_tool_name, effective_tools, merge_invocation_tools,
};
pub use text::did_you_mean;
