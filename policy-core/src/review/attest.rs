//! Attestation: what a running session really offers, checked against the policy. Everything
//! else in the library predicts; this checks the runtime's own answer, so a filter dropped on
//! resume, a policy applied to the wrong client, or a runtime newer than the pinned catalog is
//! caught in production. Each runtime's folder attests its own sessions; these are what they
//! all report.
//!
//! Offered names are classified fail-closed: an MCP tool is one the runtime marks as MCP; a
//! custom tool is one the host says it registered; every other name is a built-in, so an
//! unknown name can never pass as custom.

use std::fmt;

use crate::error::Report;
use crate::text::{Shown, lines};

/// A tool a Copilot session reported (`session.tools.getCurrentMetadata`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferedTool {
    /// The name the model receives.
    pub name: String,
    /// The MCP server, when the runtime marks the tool as an MCP tool.
    pub mcp_server: Option<String>,
}

impl OfferedTool {
    /// A tool the runtime does not mark as MCP.
    pub fn new(name: impl Into<String>) -> OfferedTool {
        OfferedTool { name: name.into(), mcp_server: None }
    }

    /// An MCP tool of `server`.
    pub fn mcp(name: impl Into<String>, server: impl Into<String>) -> OfferedTool {
        OfferedTool { name: name.into(), mcp_server: Some(server.into()) }
    }
}

/// What the host knows of its session.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Host {
    /// The custom tools it registered (Copilot). A name of a pinned built-in counts as
    /// custom only when it is also in [`Host::builtin_overrides`]; else the offered tool is
    /// taken as the built-in, so a declaration cannot talk a built-in into "custom".
    pub custom_tools: Vec<String>,
    /// The custom tools registered to override the built-in of the same name (the SDK's
    /// `overridesBuiltInTool`).
    pub builtin_overrides: Vec<String>,
    /// The MCP servers it passed (Claude Code `--mcp-config`), when it wants them checked:
    /// a tool of any other server is a violation under a selection.
    pub mcp_servers: Option<Vec<String>>,
}

/// An offered tool the policy does not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The tool, classified (`builtin:bash`, or a Claude Code name).
    pub tool: String,
    /// Why the policy does not allow it.
    pub why: String,
    /// Whether the session called it (a Claude Code transcript's `tool_use`), rather than
    /// offered it.
    pub called: bool,
}

impl Violation {
    /// An offered tool the policy does not allow, and why.
    pub fn offered(tool: impl Into<String>, why: impl Into<String>) -> Violation {
        Violation { tool: tool.into(), why: why.into(), called: false }
    }
}

impl fmt::Display for Violation {
    /// `<tool>: offered, but <why>`, or `<tool>: called, but <why>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.called { "called" } else { "offered" };
        write!(f, "{}: {what}, but {}", Shown(&self.tool), self.why)
    }
}

/// The outcome of checking a session.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Attestation {
    /// Offered and allowed.
    pub allowed: Vec<String>,
    /// Offered but not allowed: any one means the session must not go on.
    pub violations: Vec<Violation>,
    /// Offered built-ins the pinned catalog does not know, allowed by the policy (a
    /// deny-list lets them through): warnings, violations in strict mode.
    pub drift: Vec<String>,
    /// Named in the policy's allow-list (or registered by the host) and allowed, but not
    /// offered: information only.
    pub not_offered: Vec<String>,
}

impl Attestation {
    /// Whether the session offers only what the policy allows.
    pub fn is_attested(&self) -> bool {
        self.violations.is_empty()
    }

    /// `Ok` when attested, else the attestation with its violations: "attest or end the
    /// session" as one `?`.
    pub fn ok(self) -> Result<Attestation, Attestation> {
        if self.is_attested() { Ok(self) } else { Err(self) }
    }

    pub(crate) fn drifted(&mut self, tool: String, cli: &str, strict: bool) {
        if strict {
            let why = format!("it is unknown to the catalog of {cli} (strict mode refuses drift)");
            self.violations.push(Violation::offered(tool, why));
        } else {
            self.drift.push(tool);
        }
    }
}

impl Attestation {
    /// The drift (warnings) and what is allowed but not offered (notes), one line each, at
    /// most [`Report::MAX_WARNINGS`] of each and then how many more: what a host logs beside
    /// the verdict.
    pub fn remarks(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut capped = |tools: &[String], kind: &str, says: &str| {
            let shown = tools.iter().take(Report::MAX_WARNINGS).map(|tool| format!("{kind}: {}: {says}", Shown(tool)));
            lines.extend(shown);
            if let Some(more) = tools.len().checked_sub(Report::MAX_WARNINGS).filter(|&more| more > 0) {
                lines.push(format!("{kind}: {more} more {kind}s not shown"));
            }
        };
        capped(
            &self.drift,
            "warning",
            "offered by the runtime, unknown to the pinned catalog; the policy lets it through",
        );
        capped(&self.not_offered, "note", "allowed, but not offered");
        lines
    }
}

impl fmt::Display for Attestation {
    /// One line per violation, at most [`Report::MAX_ERRORS`] of them and then how many more
    /// there are (as `check` shows errors), or a summary when there is none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.violations.is_empty() {
            return write!(f, "attested: {} tools offered, all allowed", self.allowed.len() + self.drift.len());
        }
        lines(f, self.violations.iter().take(Report::MAX_ERRORS))?;
        match self.violations.len().saturating_sub(Report::MAX_ERRORS) {
            0 => Ok(()),
            more => write!(f, "\n{more} more violations not shown"),
        }
    }
}

impl std::error::Error for Attestation {}

/// Whether `name` is a tool name a runtime gives: a non-empty run of `[A-Za-z0-9_-]`. Any
/// other offered name is a violation: it cannot be classified, so it cannot be allowed.
pub(crate) fn malformed(name: &str) -> Option<Violation> {
    let well_formed = !name.is_empty() && name.bytes().all(crate::names::is_name_byte);
    (!well_formed).then(|| {
        Violation::offered(name, "its name is empty or not a tool name (`[A-Za-z0-9_-]`), so it cannot be allowed")
    })
}
