//! The rules of tool-policy: everything that runs.
//!
//! A folder per runtime over what they share, and imports point one way, down this list
//! (`ARCHITECTURE.md` has the whole map):
//!
//! 1. [`text`] and `seen`: text for people, repeats found in one pass;
//! 2. `catalog`: the form of a runtime's catalog;
//! 3. [`names`]: the vocabulary, wire names and their grammar;
//! 4. [`error`]: the rules' errors and warnings, knowing no catalog;
//! 5. [`runtime`] and `reader`: the runtimes, and the one JSON reader with the closed-world
//!    table;
//! 6. [`review`]: what every runtime's review aids report, and the trait a runtime's document
//!    answers; `selection`: the CLI runtimes' selection over any catalog;
//! 7. a folder per runtime: `copilot` (the entry, resolution, the builder, sub-agents and
//!    the router), `claude_code` (the selection, custom agents, arguments), `gemini_cli`
//!    (the selection, approval modes, settings and policy file), `opencode` (the
//!    selection, its permission groups, the `permission` map), `codex` (a `disable` of
//!    whole switches, the arguments), each with its catalog, its
//!    rows of the table, its reader, its outputs, its lints, diff and attestation;
//! 8. [`json`]: the one list of runtimes (`Document`) and the schema;
//! 9. `copilot_sdk` (feature `copilot-sdk`): the official Rust SDK's config types.
//!
//! The `tool-policy` crate re-exports all of it, with the macros.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// With some runtimes left out (SPEC §12), parts of the shared layers serve none of those
// compiled in; they are not dead in the library as a whole.
#![cfg_attr(
    not(all(
        feature = "copilot",
        feature = "claude-code",
        feature = "gemini-cli",
        feature = "opencode",
        feature = "codex"
    )),
    allow(dead_code, unused_imports, unused_macros, unused_mut, unreachable_code)
)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[macro_use]
pub mod text;

mod seen;

#[macro_use]
mod catalog;

pub mod names;

pub mod error;

// The selection the CLI runtimes share (`only`, `disable`), for the runtimes that take one.
#[cfg(any(feature = "claude-code", feature = "gemini-cli", feature = "opencode", feature = "codex"))]
pub mod selection;

pub mod portable;

#[macro_use]
mod reader;

pub mod review;

/// The one list of runtimes, a row each (in the shape of rustc's `declare_lint!` rows): its
/// `Runtime` variant and what it is; its folder, which is also its cargo feature spelled as
/// on the command line (SPEC §12) and its name there (`cli`); its name in `builtin_tools!`
/// (`macro_name`); the type of its document (its `RuntimeDocument`); and what the JSON front
/// door re-exports of it (`json`). `runtimes!(then)` hands the rows to the macro `then`: the
/// runtime's module (below), the `Runtime` enum and its spellings (`runtime`), the
/// `Document` arms (`json`) and the JSON front door's names are all made from them. A new
/// runtime is its folder, its catalog JSON, its row here and its feature in the three
/// manifests.
macro_rules! runtimes {
    ($then:ident) => {
        $then! {
            /// The GitHub Copilot CLI, through its SDK (`github-cli-builtin-tools`).
            Copilot = copilot {
                cli: "copilot",
                macro_name: "copilot",
                document: CopilotDocument,
                json: [
                    CopilotDocument, load, load_definition, load_entry, load_with, load_definition_value,
                    load_entry_value, load_value, read_copilot_tools, schema, Loaded
                ],
            }
            /// The Claude Code CLI (`builtin_tools`).
            ClaudeCode = claude_code {
                cli: "claude-code",
                macro_name: "claude_code",
                document: ClaudeCodeDocument,
                json: [ClaudeCodeDocument, load_claude_code, load_claude_code_with, read_claude_init, read_claude_transcript],
            }
            /// The Gemini CLI (`builtin_tools`, as settings and a policy file).
            GeminiCli = gemini_cli {
                cli: "gemini-cli",
                macro_name: "gemini_cli",
                document: GeminiDocument,
                json: [GeminiDocument, load_gemini_cli, load_gemini_cli_with],
            }
            /// OpenCode (`builtin_tools`, as a `permission` map).
            OpenCode = opencode {
                cli: "opencode",
                macro_name: "opencode",
                document: OpenCodeDocument,
                json: [OpenCodeDocument, load_opencode, load_opencode_with],
            }
            /// The Codex CLI (`builtin_tools`, as arguments).
            Codex = codex {
                cli: "codex",
                macro_name: "codex",
                document: CodexDocument,
                json: [CodexDocument, load_codex, load_codex_with],
            }
        }
    };
}

/// Each runtime's folder, behind its cargo feature.
macro_rules! runtime_modules {
    ($($(#[$meta:meta])* $variant:ident = $module:ident { cli: $cli:literal, $($row:tt)* })*) => {
        $(
            #[cfg(feature = $cli)]
            #[cfg_attr(docsrs, doc(cfg(feature = $cli)))]
            pub mod $module;
        )*
    };
}

runtimes!(runtime_modules);
pub mod runtime;

pub mod capability;

pub mod shape;

#[cfg(feature = "copilot")]
pub use copilot::subagents;

pub mod json;

#[cfg(feature = "copilot-sdk")]
#[cfg_attr(docsrs, doc(cfg(feature = "copilot-sdk")))]
pub mod copilot_sdk;

pub use capability::{Capabilities, Capability};
#[cfg(feature = "claude-code")]
pub use claude_code::{AgentRule, ClaudeAgent, ClaudeAgents, ClaudeCodeArgs, ClaudeCodeSelection, ClaudeDecision};
#[cfg(feature = "claude-code")]
pub use claude_code::{attest_claude_code, diff_claude_agents, diff_selections};
#[cfg(feature = "codex")]
pub use codex::diff_codex_selections;
#[cfg(feature = "codex")]
pub use codex::{CodexArgs, CodexMcpName, CodexName, CodexSelection};
#[cfg(feature = "copilot")]
pub use copilot::{
    ClientKey, ClientMode, ClientPool, ClientStorage, Decision, Policy, PolicyBuilder, PolicyEntry, ResolvedPolicy,
    Selector, SessionToolFilter, TOOL_FILTER_PRECEDENCE, ToolList, suggest_builtin,
};
#[cfg(feature = "copilot")]
pub use copilot::{diff_copilot_agents, lint_agents, lint_entry};
pub use error::{
    At, EMPTY_MODE_EMPTY_ALLOW_LIST, EMPTY_MODE_NEEDS_ALLOW_LIST, Error, Errors, Lint, Lints, Located, Report, Warning,
};
#[cfg(feature = "gemini-cli")]
pub use gemini_cli::diff_gemini_selections;
#[cfg(feature = "gemini-cli")]
pub use gemini_cli::{GeminiCliConfig, GeminiName, GeminiSelection};
pub use names::{Slot, Source, Tool, WireError, WireErrorKind, WireName, check_wire_name, is_name_byte, mcp_tool_name};
#[cfg(feature = "opencode")]
pub use opencode::diff_opencode_selections;
#[cfg(feature = "opencode")]
pub use opencode::{OpenCodeConfig, OpenCodeName, OpenCodeSelection};
pub use portable::{McpRef, McpTools, Portable, PortableShape};
pub use review::{Attestation, Change, Host, OfferedTool, PolicyDiff, Violation};
pub use runtime::{Runtime, Spelling};
#[cfg(any(feature = "claude-code", feature = "gemini-cli", feature = "opencode", feature = "codex"))]
pub use selection::lint_selection;
#[cfg(any(feature = "claude-code", feature = "gemini-cli", feature = "opencode", feature = "codex"))]
pub use selection::{CatalogName, NameLookup, Selection, SelectionDecision, SelectionShape};
pub use shape::{ShapeDraft, ShapeValue};
#[cfg(feature = "copilot")]
pub use subagents::{
    AgentToolName, AgentToolNameError, AgentTools, CustomAgent, DefaultAgent, SessionTool, alias_members,
    check_agent_tool_name, effective_tools, merge_invocation_tools,
};
pub use text::did_you_mean;
