//! Typed, compile-time checked built-in tool policies for AI agent runtimes.
//!
//! Agent runtimes give every session all of their built-in tools. `tool-policy` makes the
//! restriction a typed value, checked before it reaches the runtime, through three front
//! doors with one meaning:
//!
//! - the [`builtin_tools!`] macro, checked at compile time and expanding to a `const`;
//! - the typestate [`Policy::builder`], where illegal states do not compile;
//! - JSON agent definitions ([`json`]), with every error at its JSON pointer.
//!
//! All three run through the same validation and resolution code and produce the same
//! [`ResolvedPolicy`] (GitHub Copilot) or [`ClaudeCodeSelection`] (Claude Code).
//!
//! ```
//! use tool_policy::{builtin_tools, ResolvedPolicy};
//!
//! const REVIEWER: ResolvedPolicy = builtin_tools! {
//!     client_mode: empty,
//!     available_tools: ["mcp:*"],
//!     excluded_tools: isolated,
//! };
//! let json = serde_json::to_value(&REVIEWER).unwrap();
//! assert_eq!(json["availableTools"], serde_json::json!(["mcp:*"]));
//! assert_eq!(json["toolFilterPrecedence"], "excluded");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "claude-code")]
pub use policy_core::claude_code::catalog::ClaudeTool;
pub use policy_core::*;

/// GitHub Copilot: the pinned catalog (CLI 1.0.102) and a typed constant for every built-in
/// name (`copilot::BASH`, …).
#[cfg(feature = "copilot")]
pub mod copilot {
    pub use policy_core::copilot::builtins::*;
    pub use policy_core::copilot::capabilities::*;
    pub use policy_core::copilot::catalog::*;
    pub use policy_core::copilot::{TASK_AGENTS, TaskAgent};
}

/// Claude Code: the pinned catalog (CLI 2.1.332), the selection, and the CLI arguments.
#[cfg(feature = "claude-code")]
pub mod claude {
    pub use policy_core::claude_code::catalog::*;
    pub use policy_core::claude_code::*;
    pub use policy_core::json::{ClaudeCodeDocument, load_claude_code, load_claude_code_with};
}

/// The Gemini CLI: the pinned catalog (CLI 0.61.0), the selection, what each approval mode
/// offers, and the settings, policy file and arguments the CLI receives.
#[cfg(feature = "gemini-cli")]
pub mod gemini {
    pub use policy_core::gemini_cli::catalog::*;
    pub use policy_core::gemini_cli::*;
    pub use policy_core::json::{GeminiDocument, load_gemini_cli, load_gemini_cli_with};
}

/// Sub-agents: typed `customAgents[].tools` lists, what a sub-agent is offered, invocation
/// tools, and the call-time router.
#[cfg(feature = "copilot")]
pub mod subagents {
    pub use policy_core::subagents::*;
}

/// The typestate builder of a Copilot policy and its state types.
#[cfg(feature = "copilot")]
pub mod builder {
    pub use policy_core::copilot::{
        AllowListFor, AllowListUnset, ClientModeUnset, CopilotCliMode, DenyListSet, DenyListUnset, EmptyAllowList,
        EmptyMode, IsolatedAllowList, NameArray, NoAllowList, NoDenyList, NonEmptyAllowList, Policy, PolicyBuilder,
    };
}

/// The JSON Schema (2020-12) of a `github-cli-builtin-tools` entry.
#[cfg(feature = "copilot")]
pub mod schema {
    pub use policy_core::json::schema::*;
}

/// A Copilot policy or Claude Code selection, checked at compile time.
///
/// Copilot (the default runtime): keys `available_tools`, `excluded_tools` and
/// `client_mode` (`empty` | `copilot_cli`), each at most once, in any order; a selector is
/// `[ "name", ... ]` or `isolated`. The value is a [`ResolvedPolicy`], usable in `const`
/// and `static` items, with no run-time work and no allocation.
///
/// ```
/// use tool_policy::{builtin_tools, ResolvedPolicy};
///
/// const DEFAULT: ResolvedPolicy = builtin_tools! {};
/// static NO_SHELL: ResolvedPolicy = builtin_tools! { excluded_tools: ["bash", "builtin:web_fetch"] };
/// const LOCKED: ResolvedPolicy = builtin_tools! {
///     client_mode: empty,
///     available_tools: ["mcp:*"],
/// };
/// assert_eq!(DEFAULT, ResolvedPolicy::DEFAULT);
/// assert_eq!(NO_SHELL.excluded_tools().unwrap().to_strings(), ["builtin:bash", "builtin:web_fetch"]);
/// ```
///
/// Claude Code: `runtime: claude_code` with exactly one of `only: [...]`,
/// `disable: [...]` or `disable: "*"`; names come from the pinned catalog.
///
/// ```
/// use tool_policy::{builtin_tools, ClaudeCodeSelection};
///
/// const READER: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, only: ["Read", "Grep"] };
/// assert_eq!(READER.args(), ["--tools=Read,Grep", "--strict-mcp-config"]);
/// ```
///
/// A portable policy (`capabilities`, in any runtime's form) gives that runtime's own value,
/// from the pinned catalog's capability table: the built-ins all of whose capabilities are
/// listed (`only`), or all but those with a listed one (`disable`). The object form adds
/// `mcp_tools: none`.
///
/// ```
/// use tool_policy::{builtin_tools, ClaudeCodeArgs, ClaudeCodeSelection, ResolvedPolicy};
///
/// const REVIEWER: ResolvedPolicy = builtin_tools! { capabilities: only [read, search] };
/// assert_eq!(
///     REVIEWER.available_tools().unwrap().to_strings(),
///     ["builtin:view", "builtin:grep", "builtin:glob", "custom:*", "mcp:*"]
/// );
/// const SEARCHER: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, capabilities: only [read, search] };
/// assert_eq!(SEARCHER.args(), ["--tools=Glob,Grep,LSP,Read,self_hosted_runner_tail_log", "--strict-mcp-config"]);
/// let offline: ClaudeCodeArgs = builtin_tools! {
///     runtime: claude_code,
///     capabilities: { disable: "*", mcp_tools: none },
/// };
/// assert_eq!(offline.args(), ["--tools=", "--disallowedTools=mcp__*", "--strict-mcp-config"]);
/// ```
///
/// A built-in name the pinned catalog does not have compiles by default (runtimes gain tools
/// between versions, and a stable proc macro cannot warn). `strict: true`, in either form,
/// makes every warning a compile error on its token instead: an unknown built-in name (a
/// deny-list naming `bahs` removes nothing) and a legacy Claude Code alias. Twin of
/// `tests/ui/macro/strict-unknown-builtin.rs`:
///
/// ```compile_fail
/// const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
///     strict: true,
///     excluded_tools: ["bahs"],
/// };
/// // error: `bahs` is not a built-in tool of Copilot CLI 1.0.102 (did you mean `bash`?); ...
/// ```
///
/// Every rule that can be seen in the tokens is a compile error on the offending token:
///
/// ```compile_fail
/// const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
///     available_tools: ["foo:bar"],
/// };
/// // error: unknown source `foo` in `foo:bar`; expected `builtin`, `custom` or `mcp`
/// ```
#[macro_export]
macro_rules! builtin_tools {
    ($($body:tt)*) => {
        $crate::__private::builtin_tools! { $crate; $($body)* }
    };
}

/// A [`WireName`] from a literal, checked at compile time.
///
/// ```
/// use tool_policy::{wire, WireName};
/// const MCP: WireName = wire!("mcp:*");
/// assert_eq!(wire!("bash").as_str(), "bash");
/// ```
///
/// ```compile_fail
/// let name = tool_policy::wire!("bash*");
/// // error: `*` must be the whole name (`*`, `builtin:*`, `mcp:*`); partial globs match nothing
/// ```
#[macro_export]
macro_rules! wire {
    ($name:literal) => {
        $crate::__private::wire! { $crate; $name }
    };
}

/// A sub-agent tool name from a literal, checked at compile time: unprefixed runtime names
/// only (`view`, `my_tool`, `probe/*`); `builtin:view` is refused.
///
/// ```
/// use tool_policy::{agent_tool, subagents::AgentTools};
/// let tools = AgentTools::only([agent_tool!("view"), agent_tool!("my_tool")]);
/// ```
///
/// ```compile_fail
/// let name = tool_policy::agent_tool!("builtin:view");
/// ```
#[cfg(feature = "copilot")]
#[macro_export]
macro_rules! agent_tool {
    ($name:literal) => {
        const { $crate::AgentToolName::from_static($name) }
    };
}

#[doc(hidden)]
pub mod __private {
    pub use core::option::Option::{None, Some};
    #[cfg(feature = "claude-code")]
    pub use policy_core::claude_code::catalog::ClaudeTool;
    #[cfg(feature = "gemini-cli")]
    pub use policy_core::gemini_cli::catalog::GeminiTool;
    #[cfg(feature = "claude-code")]
    pub use policy_core::{AgentRule, ClaudeAgent, ClaudeAgents, ClaudeCodeArgs, ClaudeCodeSelection};
    #[cfg(feature = "copilot")]
    pub use policy_core::{ClientMode, ResolvedPolicy, ToolList};
    #[cfg(feature = "gemini-cli")]
    pub use policy_core::{GeminiName, GeminiSelection, McpEntry};
    pub use policy_core::{McpTools, WireName};
    pub use policy_macros::{builtin_tools, wire};
    pub use std::borrow::Cow;
    pub use std::string::String;
}

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
