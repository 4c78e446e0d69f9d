//! What every runtime's document answers, so that a front door (the CLI) or a review aid asks
//! one runtime at a time the same questions: what the runtime receives, what it offers and
//! why, what changes from one document to another, and whether a running session offers only
//! what the document allows. Each runtime's folder implements [`RuntimeDocument`] for its
//! document; `json::Document` dispatches to them.

use super::attest::{Attestation, Host};
use super::diff::PolicyDiff;
use super::hook::{HookCall, string_at};
use crate::capability::{Capabilities, Capability};
use crate::error::{Error, Located, Warning};
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::text::join;

/// A document read for one runtime.
pub trait RuntimeDocument: Sized {
    /// The runtime, as messages name it (`Claude Code`).
    const RUNTIME: &'static str;

    /// Its rows of the closed-world table: every object its readers enter.
    const PLACES: &'static [&'static Place];

    /// The keys of `builtin_tools!` for this runtime, as the table's row for the invocation.
    const MACRO: &'static Place;

    /// The row of one custom agent of the macro's `agents: { .. }`, for a runtime whose
    /// macro form takes agents.
    const MACRO_AGENT: Option<&'static Place> = None;

    /// What the command's help says of this runtime.
    const HELP: Help;

    /// The host's options this runtime reads; every other is refused.
    const HOST_OPTIONS: HostOptions = HostOptions::NONE;

    /// Why the host's declarations cannot be taken for this runtime, before any document is
    /// read (a custom tool named like a built-in that does not say it overrides it).
    fn refuse_host(_host: &Host) -> Option<String> {
        None
    }

    /// Reads `text` as this runtime's document.
    fn read(text: &str, options: Options) -> Result<Self, LoadError>;

    /// Valid, but probably not meant (at most [`Report::MAX_WARNINGS`](crate::Report::MAX_WARNINGS)),
    /// and how many more there were.
    fn warnings(&self) -> (&[Located<Warning>], usize);

    /// What the runtime receives, as `tool-policy resolve` prints it, or why it cannot be
    /// written for this host (an OpenCode server the runtime would read as a built-in).
    fn resolved(&self, output: &Output) -> Result<serde_json::Value, Error>;

    /// For each tool (every built-in of the pinned catalog when `tools` is empty), whether the
    /// session, or the agent named `agent`, is offered it and what decided. A tool that is not
    /// one of the runtime's names, or an agent the document does not have, is an error.
    fn explain(&self, tools: &[String], agent: Option<&str>, options: Options) -> Result<Explanation, Error>;

    /// What changes from this document to `new`: every tool whose decision changes, then
    /// what each agent gains or loses, then the other changes.
    fn diff(&self, new: &Self) -> PolicyDiff;

    /// The value the macro expands to, as Rust source of an expression built through
    /// `private` (the facade's `__private`).
    fn rust_source(&self, private: &str) -> String;

    /// The call one payload of this runtime's pre-call hook names (its own JSON), or why it
    /// names none. Unless the runtime says otherwise, the main agent's call of the tool at
    /// `tool_name` (the Gemini CLI's `BeforeTool`, the Codex CLI's `PreToolUse`: neither says
    /// which agent calls).
    fn hook_call(payload: &serde_json::Value) -> Result<HookCall, String> {
        string_at(payload, "tool_name").map(HookCall::main)
    }

    /// What a running session reported (`observed`, as the runtime writes it), checked against
    /// this document.
    fn attest(&self, observed: &str, host: &Host, strict: bool) -> Result<Attestation, AttestError>;
}

/// What the command's help says of a runtime: a paragraph for each command that reads its
/// operands the runtime's own way, each starting after `<runtime>: `.
#[derive(Clone, Copy, Debug)]
pub struct Help {
    /// `resolve`: what FILE is, and what is printed.
    pub resolve: &'static str,
    /// `explain`: what TOOL is.
    pub explain: &'static str,
    /// `attest`: what OBSERVED is, or why nothing can be attested.
    pub attest: &'static str,
    /// `gate`: the hook whose payload it reads, and what decides a sub-agent's call.
    pub gate: &'static str,
}

/// Which of the host's options a runtime reads (the CLI refuses the others, which would
/// change nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // five independent options
pub struct HostOptions {
    /// `resolve --mcp-server NAME`: [`Output::mcp_servers`].
    pub resolve_mcp_servers: bool,
    /// `resolve --policy-file PATH`: [`Output::policy_file`].
    pub policy_file: bool,
    /// `attest --custom NAME` and `--override NAME`: [`Host::custom_tools`].
    pub custom_tools: bool,
    /// `attest --mcp-server NAME`: [`Host::mcp_servers`].
    pub attest_mcp_servers: bool,
    /// `resolve --gate COMMAND`: [`Output::gate`].
    pub gate: bool,
}

impl HostOptions {
    /// None of them.
    pub const NONE: HostOptions = HostOptions {
        resolve_mcp_servers: false,
        policy_file: false,
        custom_tools: false,
        attest_mcp_servers: false,
        gate: false,
    };
}

/// How the host wants what the runtime receives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Output {
    /// Where the host writes a policy file the runtime is passed (the Gemini CLI's), as the
    /// arguments name it.
    pub policy_file: Option<String>,
    /// The MCP servers the host configures, by the names its settings give them, for a
    /// runtime whose allow-list can keep a server's tools only by naming the server.
    pub mcp_servers: Vec<String>,
    /// The command the runtime's pre-call hook runs (`tool-policy gate --runtime R POLICY`):
    /// with it, the configuration also holds the hook entry (SPEC §13).
    pub gate: Option<String>,
}

impl Output {
    /// The output with its policy file at `path`.
    #[must_use]
    pub fn policy_file(path: impl Into<String>) -> Output {
        Output { policy_file: Some(path.into()), ..Output::default() }
    }

    /// The output with the hook entry that runs `command` before every call.
    #[must_use]
    pub fn with_gate(mut self, command: impl Into<String>) -> Output {
        self.gate = Some(command.into());
        self
    }

    /// The output for a host that configures these MCP servers.
    #[must_use]
    pub fn with_mcp_servers(mut self, servers: impl IntoIterator<Item = String>) -> Output {
        self.mcp_servers = servers.into_iter().collect();
        self
    }
}

/// What `explain` says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// One line per tool: `tool: verdict`, then, for the whole catalog, a line per
    /// capability.
    pub lines: Vec<String>,
    /// Each tool asked, in order: whether the policy permits it to the agent asked for (what
    /// the gate answers a call with).
    pub decisions: Vec<ToolDecision>,
    /// About the tools asked: a name the pinned catalog does not know.
    pub warnings: Vec<Warning>,
    /// The same, refused in strict mode: each at the tool as written.
    pub refused: Vec<Located<Error>>,
}

/// One tool's decision: the answer `explain` prints a line for, and the gate a call with.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToolDecision {
    /// The tool, as the runtime names it.
    pub tool: String,
    /// Whether the policy permits a call of it.
    pub permitted: bool,
    /// What decided, as `explain` prints it after `tool: `.
    pub why: String,
}

impl Explanation {
    /// The decision on `tool`, and its line.
    pub(crate) fn decided(&mut self, tool: impl Into<String>, permitted: bool, why: String) {
        let tool = tool.into();
        self.lines.push(format!("{tool}: {why}"));
        self.decisions.push(ToolDecision { tool, permitted, why });
    }

    /// After the whole catalog, what it grants (SPEC §7): a line per capability, `capability
    /// execute: granted through Monitor` or `capability web: not granted`, from the
    /// capabilities of the built-ins `permitted` (by name, in catalog order).
    pub(crate) fn grants<'a>(&mut self, permitted: impl IntoIterator<Item = (&'a str, Capabilities)>) {
        let permitted: Vec<(&str, Capabilities)> = permitted.into_iter().collect();
        for capability in Capability::ALL {
            let mut through = permitted.iter().filter(|(_, has)| has.contains(capability)).map(|(name, _)| *name);
            let through = join(&mut through, "`", ", ");
            let verdict =
                if through.is_empty() { String::from("not granted") } else { format!("granted through {through}") };
            self.lines.push(format!("capability {}: {verdict}", capability.word()));
        }
    }
}

/// Why a session could not be attested; each means the session must not go on.
#[derive(Debug)]
#[non_exhaustive]
pub enum AttestError {
    /// What the runtime reported cannot be read: not JSON, or every error found in it.
    Observed(LoadError),
    /// This runtime, or this host's declaration, cannot be attested: why.
    Refused(Error),
}
