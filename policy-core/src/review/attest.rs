//! Attestation: what a running session really offers, checked against the policy. Everything
//! else in the library predicts; this checks the runtime's own answer, so a filter dropped on
//! resume, a policy applied to the wrong client, or a runtime newer than the pinned catalog is
//! caught in production.
//!
//! Offered names are classified fail-closed: an MCP tool is one the runtime marks as MCP; a
//! custom tool is one the host says it registered; every other name is a built-in, so an
//! unknown name can never pass as custom.

use std::fmt;

use crate::claude_code::catalog::{self as claude_code, ClaudeTool};
use crate::claude_code::selection::ClaudeCodeSelection;
use crate::copilot::catalog as copilot;
use crate::copilot::resolved::{Decision, ResolvedPolicy, ToolList};
use crate::error::Report;
use crate::names::wire::{Source, Tool};
use crate::seen::Seen;
use crate::selection::{NameLookup, SelectionShape};
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
}

impl fmt::Display for Violation {
    /// `<tool>: offered, but <why>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: offered, but {}", Shown(&self.tool), self.why)
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

    fn drifted(&mut self, tool: String, cli: &str, strict: bool) {
        if strict {
            let why = format!("it is unknown to the catalog of {cli} (strict mode refuses drift)");
            self.violations.push(Violation { tool, why });
        } else {
            self.drift.push(tool);
        }
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

impl Host {
    /// Whether the host registered `name` as a custom tool the runtime offers as custom: a
    /// name of a pinned built-in only when declared as an override.
    pub fn is_custom(&self, name: &str) -> bool {
        self.declared().is_custom(name)
    }

    /// The declared custom tools named like a pinned built-in but not declared as overrides:
    /// each is taken as the built-in.
    pub fn undeclared_overrides(&self) -> impl Iterator<Item = &str> {
        let declared = self.declared();
        self.custom_tools.iter().map(String::as_str).filter(move |name| declared.shadows_builtin(name))
    }

    /// The declarations indexed once, for many names.
    fn declared(&self) -> Declared<'_> {
        Declared {
            custom: Seen::of(self.custom_tools.iter().map(String::as_str)),
            overrides: Seen::of(self.builtin_overrides.iter().map(String::as_str)),
        }
    }
}

/// What a [`Host`] declared, indexed: the one text of the custom-tool rule.
struct Declared<'a> {
    custom: Seen<'a>,
    overrides: Seen<'a>,
}

impl Declared<'_> {
    /// Registered as custom, and not a pinned built-in's name unless declared as its override.
    fn is_custom(&self, name: &str) -> bool {
        self.custom.contains(name) && !self.shadows_builtin(name)
    }

    /// A pinned built-in's name not declared as an override: the offered tool is the built-in.
    fn shadows_builtin(&self, name: &str) -> bool {
        copilot::is_builtin(name) && !self.overrides.contains(name)
    }
}

/// Whether `name` is a tool name a runtime gives: a non-empty run of `[A-Za-z0-9_-]`. Any
/// other offered name is a violation: it cannot be classified, so it cannot be allowed.
fn malformed(name: &str) -> Option<Violation> {
    let well_formed = !name.is_empty() && name.bytes().all(crate::names::is_name_byte);
    (!well_formed).then(|| Violation {
        tool: name.to_owned(),
        why: String::from("its name is empty or not a tool name (`[A-Za-z0-9_-]`), so it cannot be allowed"),
    })
}

impl ResolvedPolicy {
    /// Checks what a Copilot session offers (`getCurrentMetadata` after
    /// `initializeAndValidate`) against this policy.
    #[must_use]
    pub fn attest(&self, offered: &[OfferedTool], host: &Host, strict: bool) -> Attestation {
        let mut attestation = Attestation::default();
        let (decide, declared) = (self.decider(), host.declared());
        for reported in offered {
            if let Some(violation) = malformed(&reported.name) {
                attestation.violations.push(violation);
                continue;
            }
            let source = match reported.mcp_server.as_deref() {
                // A server without a name cannot be told from a built-in: never MCP.
                Some("") => {
                    attestation.violations.push(Violation {
                        tool: reported.name.clone(),
                        why: String::from(
                            "it is marked as an MCP tool of a server with an empty name, so it cannot be classified",
                        ),
                    });
                    continue;
                }
                Some(_) => Source::Mcp,
                None if declared.is_custom(&reported.name) => Source::Custom,
                None => Source::Builtin,
            };
            let tool = Tool::new(source, &reported.name);
            let why = match decide(&tool) {
                Decision::ExcludedBy(pattern) => format!("the policy excludes it (`{pattern}`)"),
                Decision::NotInAllowList => String::from("no allow-list pattern matches it"),
                _ if source == Source::Builtin && !copilot::is_builtin(&reported.name) => {
                    let cli = format!("{} {}", copilot::RUNTIME, copilot::CLI_VERSION);
                    attestation.drifted(tool.to_string(), &cli, strict);
                    continue;
                }
                _ => {
                    attestation.allowed.push(tool.to_string());
                    continue;
                }
            };
            attestation.violations.push(Violation { tool: tool.to_string(), why });
        }
        // What was reported, not marked as MCP and marked as MCP.
        let reported = [false, true]
            .map(|mcp| Seen::of(offered.iter().filter(|o| o.mcp_server.is_some() == mcp).map(|o| o.name.as_str())));
        let was_offered = |tool: &Tool<'_>| reported[usize::from(tool.source() == Source::Mcp)].contains(tool.name());
        let named = self.available_tools().map(ToolList::as_slice).unwrap_or_default();
        let mut expected: Vec<Tool<'_>> = named
            .iter()
            .filter(|p| !p.is_wildcard())
            .map(|p| {
                let (source, name) = p.tool_key();
                Tool::new(source, name)
            })
            .collect();
        expected
            .extend(host.custom_tools.iter().filter(|name| declared.is_custom(name)).map(|name| Tool::custom(name)));
        // A tool is its source and name: one record of names per source.
        let mut seen: [Seen<'_>; 3] = std::array::from_fn(|_| Seen::with_capacity(0));
        for (i, tool) in expected.iter().enumerate() {
            let first = seen[tool.source() as usize].repeat(tool.name(), i).is_none();
            if decide(tool).is_offered() && !was_offered(tool) && first {
                attestation.not_offered.push(tool.to_string());
            }
        }
        attestation
    }
}

/// Checks what a Claude Code session offers (the `tools` of its stream-json `init` message)
/// against its selection (`None`: no selection). MCP tools (`mcp__<server>__<tool>`) are not
/// governed by the selection; with [`Host::mcp_servers`], one of a server the host did not
/// pass is a violation under a selection (`--strict-mcp-config` drops the others).
#[must_use]
pub fn attest_claude_code(
    selection: Option<&ClaudeCodeSelection>,
    offered: &[String],
    host: &Host,
    strict: bool,
) -> Attestation {
    let mut attestation = Attestation::default();
    let servers = host.mcp_servers.as_ref().map(|s| Seen::of(s.iter().map(String::as_str)));
    let mut builtins_offered = vec![false; ClaudeTool::ALL.len()];
    for name in offered {
        if let Some(violation) = malformed(name) {
            attestation.violations.push(violation);
            continue;
        }
        if let Some(rest) = name.strip_prefix("mcp__") {
            let Some((server, _)) =
                rest.split_once("__").filter(|(server, tool)| !server.is_empty() && !tool.is_empty())
            else {
                let why = String::from(
                    "it is named as an MCP tool (`mcp__<server>__<tool>`) with an empty part, so it cannot be classified",
                );
                attestation.violations.push(Violation { tool: name.clone(), why });
                continue;
            };
            match &servers {
                Some(servers) if selection.is_some() && !servers.contains(server) => {
                    let why = format!(
                        "its MCP server `{}` was not passed by the host, and `--strict-mcp-config` drops the others",
                        Shown(server)
                    );
                    attestation.violations.push(Violation { tool: name.clone(), why });
                }
                _ => attestation.allowed.push(name.clone()),
            }
            continue;
        }
        match ClaudeTool::lookup(name).map(NameLookup::tool) {
            Ok(tool) => {
                builtins_offered[tool as usize] = true;
                match selection.map(|s| s.decide(tool)) {
                    Some(decision) if !decision.is_permitted() => {
                        let why = decision.to_string();
                        attestation.violations.push(Violation { tool: tool.name().to_owned(), why });
                    }
                    _ => attestation.allowed.push(tool.name().to_owned()),
                }
            }
            // A built-in a newer CLI added: `only` and `disable: "*"` never let it through.
            Err(_) => match selection.map(ClaudeCodeSelection::shape) {
                None | Some(SelectionShape::Disable(_)) => {
                    attestation.drifted(name.clone(), &format!("Claude Code {}", claude_code::CLI_VERSION), strict);
                }
                Some(_) => attestation.violations.push(Violation {
                    tool: name.clone(),
                    why: format!(
                        "the selection does not permit it (it is unknown to the catalog of Claude Code {})",
                        claude_code::CLI_VERSION
                    ),
                }),
            },
        }
    }
    if let Some(SelectionShape::Only(only)) = selection.map(ClaudeCodeSelection::shape) {
        for tool in only.iter().filter(|tool| !builtins_offered[**tool as usize]) {
            attestation.not_offered.push(tool.name().to_owned());
        }
    }
    attestation
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ClaudeCode, ClientMode, PolicyEntry, Selector, WireName};

    fn policy(available: Option<&[&'static str]>, excluded: Option<&[&'static str]>) -> ResolvedPolicy {
        let selector =
            |names: &[&'static str]| Selector::Tools(names.iter().map(|n| WireName::from_static(n)).collect());
        PolicyEntry::new(ClientMode::CopilotCli, available.map(selector), excluded.map(selector)).unwrap().resolve()
    }

    #[test]
    fn offered_tools_are_classified_fail_closed() {
        let mcp_only = policy(Some(&["mcp:*", "custom:lookup"]), None);
        let host = Host { custom_tools: vec!["lookup".into()], ..Host::default() };
        let offered =
            [OfferedTool::mcp("echo-ping", "echo"), OfferedTool::new("lookup"), OfferedTool::new("my_helper")];
        let attestation = mcp_only.attest(&offered, &host, false);
        assert_eq!(attestation.allowed, ["mcp:echo-ping", "custom:lookup"]);
        // Not declared by the host and not marked MCP: a built-in, so it cannot pass as custom.
        assert_eq!(attestation.violations.len(), 1);
        assert_eq!(
            attestation.violations[0].to_string(),
            "builtin:my_helper: offered, but no allow-list pattern matches it"
        );
        assert!(attestation.ok().is_err());
    }

    #[test]
    fn a_dropped_filter_is_caught_and_drift_is_reported() {
        let no_shell = policy(None, Some(&["bash"]));
        let offered = [OfferedTool::new("bash"), OfferedTool::new("view"), OfferedTool::new("shiny_new_tool")];
        let attestation = no_shell.attest(&offered, &Host::default(), false);
        assert_eq!(
            attestation.violations[0].to_string(),
            "builtin:bash: offered, but the policy excludes it (`builtin:bash`)"
        );
        assert_eq!(attestation.drift, ["builtin:shiny_new_tool"]);
        let strict = no_shell.attest(&offered[1..], &Host::default(), true);
        assert_eq!(
            strict.violations[0].to_string(),
            "builtin:shiny_new_tool: offered, but it is unknown to the catalog of Copilot CLI 1.0.102 (strict mode refuses drift)"
        );
        let fine = no_shell.attest(&[OfferedTool::new("view")], &Host::default(), true);
        assert!(fine.is_attested());
        assert_eq!(fine.to_string(), "attested: 1 tools offered, all allowed");
    }

    #[test]
    fn allowed_but_not_offered_is_information() {
        let review = policy(Some(&["view", "grep"]), None);
        let attestation = review.attest(&[OfferedTool::new("view")], &Host::default(), false);
        assert!(attestation.is_attested());
        assert_eq!(attestation.not_offered, ["builtin:grep"]);
    }

    #[test]
    fn claude_code_init_tools() {
        let reader = ClaudeCode::only([ClaudeTool::Read, ClaudeTool::Agent]);
        let offered: Vec<String> = ["Read", "Task", "mcp__host__echo"].map(String::from).to_vec();
        let attestation = attest_claude_code(Some(&reader), &offered, &Host::default(), false);
        assert!(attestation.is_attested(), "{attestation}");
        assert_eq!(attestation.allowed, ["Read", "Agent", "mcp__host__echo"], "`Task` is `Agent`");
        let leaked: Vec<String> = ["Read", "Bash", "NewTool"].map(String::from).to_vec();
        let attestation = attest_claude_code(Some(&reader), &leaked, &Host::default(), false);
        let tools: Vec<&str> = attestation.violations.iter().map(|v| v.tool.as_str()).collect();
        assert_eq!(tools, ["Bash", "NewTool"]);
        let no_web = ClaudeCode::disable([ClaudeTool::WebFetch]);
        let drifted = attest_claude_code(Some(&no_web), &leaked, &Host::default(), false);
        assert!(drifted.is_attested() && drifted.drift == ["NewTool"]);
        assert!(!attest_claude_code(Some(&no_web), &leaked, &Host::default(), true).is_attested());
        let host = Host { mcp_servers: Some(vec!["host".into()]), ..Host::default() };
        let own = ["mcp__project__x".to_owned()];
        assert!(!attest_claude_code(Some(&no_web), &own, &host, false).is_attested());
        assert!(attest_claude_code(None, &own, &host, false).is_attested(), "no selection: no --strict-mcp-config");
    }
}
