//! Typed, compile-time checked built-in tool policies for AI agent runtimes.
//!
//! Agent runtimes give every session all of their built-in tools. `tool-policy` makes the
//! restriction a typed value, checked before it reaches the runtime, through three front
//! doors with one meaning:
//!
//! - the [`builtin_tools!`] macro, checked at compile time and expanding to a `const`;
//! - the typestate `Policy::builder` (Copilot), where illegal states do not compile;
//! - JSON agent definitions ([`json`]), with every error at its JSON pointer.
//!
//! All three run through the same validation and resolution code and produce the same
//! value: a `ResolvedPolicy` (GitHub Copilot), a `ClaudeCodeSelection`, `GeminiSelection`,
//! `OpenCodeSelection` or `CodexSelection`.
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

/// GitHub Copilot (feature `copilot`): the catalog (CLI 1.0.102), a typed constant for every
/// built-in name (`copilot::BASH`, …), and how a policy reaches the runtime.
///
/// A policy is one `github-cli-builtin-tools` entry in an agent definition's `tools` array:
///
/// ```json
/// { "kind": "github-cli-builtin-tools",
///   "available-tools": { "tools": ["view", "grep"] },
///   "excluded-tools":  { "isolated": true },
///   "client-mode": "copilot-cli" }
/// ```
///
/// - **Names**: `*`, a bare built-in name (`bash`), or `builtin:`/`custom:`/`mcp:` followed by a
///   name or `*`. Names are `[A-Za-z0-9_-]`, case-sensitive, with no partial globs. An MCP tool is
///   `mcp:<server>-<tool>`; `WireName::mcp("odd.srv", "dotted.name")` builds
///   `mcp:odd-srv-dotted-name`.
/// - **Selectors**: `{"tools": [...]}` (possibly empty) or `{"isolated": true}`, never both, never
///   `{}`. A list naming one tool twice (`["bash", "builtin:bash"]`) is refused.
/// - **Resolution**: bare names become `builtin:<name>`. An allow-list of bare names only governs
///   built-ins, so `custom:*` and `mcp:*` are appended; a list with any qualified entry is taken
///   as the whole cross-source allow-list. In `copilot-cli` mode `["*"]` leaves the allow-list unset.
/// - **Client mode** `empty` offers nothing by default: it needs an allow-list that is `isolated`
///   or a non-empty list. Client mode is a client property: never share a client across modes or
///   base directories (`ResolvedPolicy::client_key`).
/// - **Deny always wins**: `toolFilterPrecedence: "excluded"` is always sent (the runtime's own
///   default ignores `excludedTools` once `availableTools` is set), and the same lists go on
///   `session.create` and `session.resume` (the runtime keeps no filter across a resume).
///
/// | `available-tools` | `availableTools` sent |
/// |---|---|
/// | `["read_agent", "list_agents"]` | `["builtin:read_agent", "builtin:list_agents", "custom:*", "mcp:*"]` |
/// | `[]` | `["custom:*", "mcp:*"]` (no built-ins, MCP and custom kept) |
/// | `["mcp:*"]` | `["mcp:*"]` (strictly MCP-only) |
/// | `["bash", "mcp:*"]` | `["builtin:bash", "mcp:*"]` |
/// | `["*"]` | unset (`copilot-cli`), `["builtin:*", "custom:*", "mcp:*"]` (`empty`) |
/// | `{"isolated": true}` | the ten isolated built-ins, then `custom:*`, `mcp:*` |
///
/// To turn a few built-ins off, prefer `excluded-tools`: a deny-list never hides MCP or custom
/// tools (recipes: `examples/agents/`).
///
/// # The official Rust SDK
///
/// With the `copilot-sdk` feature (`github-copilot-sdk` =1.0.29-preview.4; Rust 1.94), one call
/// per step of a host's flow (`cargo run --example sdk_flow --features copilot-sdk`):
///
/// | step | call |
/// |---|---|
/// | client options | `policy.client_options(options)`: `SdkClient::Ready`, or `SdkClient::NeedsStorage` for an empty-mode client with neither a base directory nor a session file system; `needs.base_directory(dir)` or `needs.session_fs(config)` gives the options |
/// | one client per mode and storage | `client_key(&options)` and `ClientPool::get_or_start(&key, start)`: a client is never shared across modes or storage |
/// | session create / resume | `document.apply_to_session(config)` / `document.apply_to_resume(config)`: the filter, the definition's `customAgents` (every field the SDK knows, with the checked `tools` lists: `null`, `[]` or the names) and its `defaultAgent.excludedTools`; a policy alone: `policy.apply_to_session` / `apply_to_resume`; in code: `CustomAgent::to_sdk(prompt)`, `DefaultAgent::to_sdk()` |
/// | sub-agent gate | `GatedToolHandler::gate_all(&router, tools)`, `router.register_sdk_session(id, agents)` and `router.follow_events(id, session.subscribe())` (spawned): a sub-agent's call of a tool its agent does not list, or from an agent the router does not know, is refused with the protocol's text before any handler runs |
/// | change the filter mid-session | `policy.options_update()`: both lists and precedence `excluded` (an unset list is sent as the list that offers every source, or `[]`), so no list of the previous policy stays |
/// | attest | `policy.attest_session(&session, &host, strict)` (see "Attestation") |
/// | a second layer | `policy.pre_tool_use_gate(host).apply_to_session(config)`, or `gate.check(name)` from a host's own `on_pre_tool_use` |
#[cfg(feature = "copilot")]
pub mod copilot {
    pub use policy_core::copilot::builtins::*;
    pub use policy_core::copilot::capabilities::*;
    pub use policy_core::copilot::catalog::*;
    pub use policy_core::copilot::{TASK_AGENTS, TaskAgent};
}

/// Claude Code (feature `claude-code`): the catalog (the CLI package's pinned build first, then
/// the builds the Claude Agent SDK bundles: [`claude::BUILDS`]), the selection, its custom
/// agents, and the CLI arguments.
///
/// A selection is exactly one of `{"disable": "*"}`, `{"disable": [names]}`, `{"only": [names]}`,
/// alone or under `builtin_tools` in a larger object (a `deploy_agent` step):
///
/// | selection | arguments |
/// |---|---|
/// | `{"disable": "*"}` | `--tools=` `--strict-mcp-config` |
/// | `{"only": ["Read", "Grep"]}` | `--tools=Read,Grep` `--strict-mcp-config` |
/// | `{"only": []}` | `--tools=` `--strict-mcp-config` |
/// | `{"disable": ["WebFetch"]}` | `--disallowedTools=WebFetch` `--strict-mcp-config` |
/// | `{"disable": ["Bash", "mcp__github__create_issue"]}` | `--disallowedTools=Bash,mcp__github__create_issue` `--strict-mcp-config` |
/// | `{"builtin_tools": null}` | nothing |
///
/// Names are checked against the 54 canonical names of Claude Code 2.1.332: an unknown or
/// wrong-case name is refused with a did-you-mean, a legacy alias (`Task`, `KillShell`) is
/// rewritten to its canonical name with a warning. Arguments are always `--flag=value`, so the
/// variadic flags never swallow a prompt; send them with every turn, so a restarted agent does
/// not get its tools back. `--strict-mcp-config` drops MCP servers from the agent's own
/// settings; servers the host passes with `--mcp-config` stay. In code: `ClaudeCodeSelection::only([..])`.
///
/// `--tools` never limits MCP tools and a deny rule outranks every allow, so MCP tools are
/// taken away by deny rules only: `disable` takes `mcp__<server>`, `mcp__<server>__<tool>` and
/// `mcp__*` beside its built-ins ([`ClaudeCodeDocument::mcp`](crate::json::ClaudeCodeDocument),
/// [`ClaudeCodeArgs::with_mcp`](crate::ClaudeCodeArgs::with_mcp) in code), and an MCP name in
/// `only` is refused with that reason; a portable policy's `mcp_tools` `disable` becomes the same
/// rules, its `only` is refused.
///
/// Custom agents (`claude --agents`): in the holder form, `agents` beside `builtin_tools` holds
/// them by name, each with the CLI's fields (`description`, `prompt`; `tools`, `disallowedTools`,
/// `model`, `mcpServers`), read closed-world and checked like the selection; they become one more
/// argument, `--agents=<json>` (`examples/claude/with-agents.json`; `explain --agent NAME`). Live
/// (`claude-code-subagents` cases): the main selection bounds an agent's `tools`, except `Glob`
/// and `Grep`, which an agent gets when it lists them unless the main selection is an `only`
/// naming either; a gated built-in (`LSP`) is not offered for being listed; `disallowedTools`
/// hides a tool (and `ToolSearch` does not bring it back); an agent without `tools` has what the
/// main agent has; cron, `ListAgents`, `ReportFindings`, `ScheduleWakeup` and `Workflow` never
/// reach an agent. So an agent listing a built-in the main selection takes away is an error,
/// unless it is `Glob` or `Grep` left to the agents with `"agent_only": [...]`. MCP rules in
/// `tools` name servers or tools (`mcp__<server>`, `mcp__<server>__*`, `mcp__<server>__<tool>`):
/// `mcp__*` there gives no MCP tool and is refused (in `disallowedTools` it is every MCP tool),
/// so an agent's `capabilities` keep MCP tools by its own `mcpServers`, and are refused with the
/// fix when it names none. No transcript line lists an agent's tools
/// (every `init` is the main session's): attestation covers the main session only. A misspelled or
/// unknown runtime (`--runtime cursor`) is refused.
#[cfg(feature = "claude-code")]
pub mod claude {
    pub use policy_core::claude_code::catalog::*;
    pub use policy_core::claude_code::*;
    pub use policy_core::json::{ClaudeCodeDocument, load_claude_code, load_claude_code_with};
}

/// The Gemini CLI (feature `gemini-cli`): the catalog (CLI 0.61.0), the selection, what each
/// approval mode offers, and the settings, policy file and arguments the CLI receives.
///
/// The Claude Code selection shape, checked the same way against the 29 built-ins of Gemini CLI
/// 0.61.0 (`search_file_content` becomes `grep_search`: `tools.core` and policy rules ignore the
/// alias), MCP entries `mcp_<server>_<tool>`, `mcp_<server>_*`. `resolve` prints:
///
/// | selection | the CLI receives |
/// |---|---|
/// | `{"only": ["read_file", "mcp_docs_*"]}` | settings `{"tools": {"core": ["read_file", "mcp_docs_*"]}}` |
/// | `{"disable": "*"}`, `{"only": []}` | settings `{"tools": {"core": []}}`: no tool at all, MCP tools included |
/// | `{"disable": ["run_shell_command"]}` | a policy file, one `deny` rule per name (no argument pattern, priority 999), and `--policy=FILE` |
///
/// `GeminiCliConfig::merged_settings` applies it to the user's settings, never wider (an existing
/// `tools.core` is intersected). What the model is offered depends on the approval mode; `explain`
/// and `gemini::offered` answer per mode (`bash tests/live/run.sh`: headless `default` offers 8
/// built-ins and no MCP tool, `auto_edit` 11, `yolo` 16 and MCP tools, `plan` 10). The CLI turns
/// `tools.core` into allow rules (user tier, priority 250) outside `plan`: a listed
/// `run_shell_command` is offered, and runs without asking, even in `default`, and your own `deny`
/// rule needs a priority above 250 to outrank it. It registers `update_topic` under `tools.core`
/// by its class name only, so the library writes `UpdateTopicTool` beside it. The selection
/// reaches the CLI's own sub-agents, started through `invoke_agent` (`gemini::GeminiAgent`,
/// `explain --agent NAME`): `codebase_investigator` and `cli_help` keep their own sets less
/// what it takes away, `generalist` has the main session's tools but `invoke_agent` and
/// `update_topic` and is not started in `plan`. The `init` line lists no tools: `attest --runtime
/// gemini-cli` refuses rather than pass.
#[cfg(feature = "gemini-cli")]
pub mod gemini {
    pub use policy_core::gemini_cli::catalog::*;
    pub use policy_core::gemini_cli::*;
    pub use policy_core::json::{GeminiDocument, load_gemini_cli, load_gemini_cli_with};
}

/// OpenCode (feature `opencode`): the catalog (`opencode-ai` 1.18.33), the selection, what
/// `opencode run` offers its `build` agent, and the `permission` map OpenCode receives.
///
/// The Claude Code selection shape over OpenCode's 18 built-ins and its MCP tools
/// (`<server>_<tool>`, `<server>_*`, and `*_*` for every tool of each server the host names).
/// OpenCode ignores a permission key it does not know (`"Bash": "deny"` leaves `bash` offered),
/// so every name is checked, and a name one typo from a built-in (`web_fetch`) is refused, never
/// read as an MCP tool. `resolve` prints:
///
/// | selection | OpenCode receives |
/// |---|---|
/// | `{"only": ["glob", "grep", "probe_*"]}` | `{"permission": {"*": "deny", "glob": "allow", "grep": "allow", "probe_*": "allow"}}`, and OpenCode's own agents' limits again (below) |
/// | `{"disable": ["bash", "webfetch"]}` | `{"permission": {"bash": "deny", "webfetch": "deny"}}` |
/// | `{"disable": "*"}` | `{"permission": {"*": "deny"}}`: no tool at all, MCP tools included |
///
/// Write the map into the project's `opencode.json`, or into an agent's own `permission`
/// (`OpenCodeConfig::agent("build")`), which OpenCode reads after the project's. Beside an
/// `only`, whose `allow`s would lift the limits OpenCode gives its own agents, the project's
/// fragment also holds `agent.explore`, `agent.plan` and `agent.general` with each one's
/// limits again, less what the selection takes away (SPEC §14; `explain --agent explore`). An
/// MCP name or server OpenCode would read as a built-in (`plan_*` matches `plan_exit`), and
/// `*_*` in a `disable`, are refused. One permission
/// governs several built-ins: `edit` governs `edit`, `write` and `apply_patch`, and `read` governs
/// `read` and the three MCP-resource tools, so a selection lists all of a permission's tools or
/// none of them (`Error::PartOfGroup`); a portable policy grants a permission only when it
/// grants each of its tools. A gated built-in (`apply_patch` for `gpt-` models, `websearch`,
/// `lsp`, ...) is predicted closed, as in the pinned setting. `opencode run` reports no list of
/// tools: `attest --runtime opencode` refuses rather than pass.
#[cfg(feature = "opencode")]
pub mod opencode {
    pub use policy_core::opencode::catalog::*;
    pub use policy_core::opencode::*;
}

/// The Codex CLI (feature `codex`): the catalog (`@openai/codex` 0.171.0, model `gpt-5.5`), the
/// selection, what `codex exec` offers, and the arguments the CLI receives.
///
/// The CLI has no allow-list of built-ins: a tool leaves the model's request only through a
/// feature switch, which takes every tool of its feature, or a setting. So a Codex selection is
/// a `disable` of whole switches, and what the CLI cannot say is refused with the reason:
/// `only`, `disable: "*"`, a tool no switch takes away (`apply_patch`,
/// `request_user_input`, the MCP-resource tools), one tool of a switch alone (`write_stdin`
/// without `exec_command`). MCP tools are `mcp__<server>__<tool>` and `mcp__<server>__*`.
///
/// A portable policy (SPEC §9) is its deny switches: `{"capabilities": {"disable":
/// ["web"]}}` turns off every switch that takes a built-in with `web`, whole (`shell_tool`,
/// whose `exec_command` reaches the web, goes with its `write_stdin`), and its
/// `mcp_tools.disable` becomes the servers' settings. It stays open to a newer CLI's
/// built-ins, so `open-to-new-builtins` warns. A portable `only`, `"*"`, a capability a
/// switchless tool has (`edit`, through `apply_patch`), and `mcp_tools` `"none"` or `only`
/// are refused with the reason.
/// `resolve` prints the arguments to pass after `codex exec`:
///
/// | selection | the CLI receives |
/// |---|---|
/// | `{"disable": ["exec_command", "write_stdin", "web_search"]}` | `--strict-config --disable shell_tool -c web_search="disabled"` |
/// | `{"disable": ["mcp__docs__*", "mcp__probe__echo"]}` | `--strict-config -c mcp_servers.docs.enabled=false -c mcp_servers.probe.disabled_tools=["echo"]` |
///
/// `--strict-config` makes the CLI refuse a key it does not know rather than ignore it, and
/// `mcp_servers.<server>.enabled=false` fails the run when the host configures no such server.
/// What is offered depends on the model: the catalog's sets are `gpt-5.5`'s, and a code-mode
/// model is refused (`CodexArgs::check_model`). `codex exec` reports no list of tools: `attest
/// --runtime codex` refuses rather than pass.
#[cfg(feature = "codex")]
pub mod codex {
    pub use policy_core::codex::catalog::*;
    pub use policy_core::codex::*;
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
/// `[ "name", ... ]` or `isolated`. The value is a `ResolvedPolicy`, usable in `const`
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
    pub use policy_core::gemini_cli::McpEntry;
    #[cfg(feature = "gemini-cli")]
    pub use policy_core::gemini_cli::catalog::GeminiTool;
    #[cfg(feature = "opencode")]
    pub use policy_core::opencode::McpName;
    #[cfg(feature = "claude-code")]
    pub use policy_core::{AgentRule, ClaudeAgent, ClaudeAgents, ClaudeCodeArgs, ClaudeCodeSelection};
    #[cfg(feature = "copilot")]
    pub use policy_core::{ClientMode, ResolvedPolicy, ToolList};
    #[cfg(feature = "codex")]
    pub use policy_core::{CodexMcpName, CodexName, CodexSelection, codex::catalog::CodexTool};
    #[cfg(feature = "gemini-cli")]
    pub use policy_core::{GeminiName, GeminiSelection};
    pub use policy_core::{McpRef, McpTools, WireName};
    #[cfg(feature = "opencode")]
    pub use policy_core::{OpenCodeName, OpenCodeSelection, opencode::catalog::OpenCodeTool};
    pub use policy_macros::{builtin_tools, wire};
    pub use std::borrow::Cow;
    pub use std::string::String;
    pub use std::vec;
}

/// The README's examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
