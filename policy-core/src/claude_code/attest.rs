//! Attesting a Claude Code session: the `tools` of every `init` message of its stream-json
//! transcript, against its selection.

use std::collections::HashSet;

use crate::claude_code::catalog::{self as claude_code, ClaudeTool};
use crate::claude_code::mcp::server_name;
use crate::claude_code::selection::ClaudeCodeSelection;
use crate::review::attest::{Attestation, Host, Violation, malformed};
use crate::selection::{NameLookup, SelectionShape};
use crate::text::Shown;

/// Checks what a Claude Code session offers (the `tools` of its stream-json `init` message)
/// against its selection (`None`: no selection). MCP tools (`mcp__<server>__<tool>`) are not
/// governed by the selection; with [`Host::mcp_servers`], one of a server the host did not
/// pass is a violation under a selection (`--strict-mcp-config` drops the others). A server
/// is known by its name as the CLI writes it in its tools' names: the host's `my.server`
/// offers `mcp__my_server__…`.
#[must_use]
pub fn attest_claude_code(
    selection: Option<&ClaudeCodeSelection>,
    offered: &[String],
    host: &Host,
    strict: bool,
) -> Attestation {
    let judge = Judge::new(selection, host, strict);
    let mut attestation = Attestation::default();
    let mut builtins_offered = vec![false; ClaudeTool::ALL.len()];
    for name in offered {
        if let Some(tool) = judge.judge(name, &mut attestation) {
            builtins_offered[tool as usize] = true;
        }
    }
    if let Some(SelectionShape::Only(only)) = selection.map(ClaudeCodeSelection::shape) {
        for tool in only.iter().filter(|tool| !builtins_offered[**tool as usize]) {
            attestation.not_offered.push(tool.name().to_owned());
        }
    }
    attestation
}

/// A selection's answer to the names of a session, with the host's MCP servers indexed once
/// for every name (offered or called).
pub(crate) struct Judge<'a> {
    selection: Option<&'a ClaudeCodeSelection>,
    /// The MCP servers the host passed, as the CLI writes them in their tools' names.
    servers: Option<HashSet<String>>,
    strict: bool,
}

impl<'a> Judge<'a> {
    pub(crate) fn new(selection: Option<&'a ClaudeCodeSelection>, host: &Host, strict: bool) -> Judge<'a> {
        let servers = host.mcp_servers.as_ref().map(|servers| servers.iter().map(|s| server_name(s)).collect());
        Judge { selection, servers, strict }
    }

    /// Judges one name into `attestation` (allowed, a violation or drift); the built-in it
    /// names, when it is one of the catalog.
    pub(crate) fn judge(&self, name: &str, attestation: &mut Attestation) -> Option<ClaudeTool> {
        if let Some(violation) = malformed(name) {
            attestation.violations.push(violation);
            return None;
        }
        if let Some(rest) = name.strip_prefix("mcp__") {
            match mcp_violation(rest, self.servers.as_ref().filter(|_| self.selection.is_some())) {
                Some(why) => attestation.violations.push(Violation::offered(name, why)),
                None => attestation.allowed.push(name.to_owned()),
            }
            return None;
        }
        let Ok(tool) = ClaudeTool::lookup(name).map(NameLookup::tool) else {
            // A built-in a newer CLI added: `only` and `disable: "*"` never let it through.
            match self.selection.map(ClaudeCodeSelection::shape) {
                None | Some(SelectionShape::Disable(_)) => {
                    let cli = format!("Claude Code {}", claude_code::CLI_VERSION);
                    attestation.drifted(name.to_owned(), &cli, self.strict);
                }
                Some(_) => attestation.violations.push(Violation::offered(
                    name,
                    format!(
                        "the selection does not permit it (it is unknown to the catalog of Claude Code {})",
                        claude_code::CLI_VERSION
                    ),
                )),
            }
            return None;
        };
        match self.selection.map(|s| s.decide(tool)) {
            Some(decision) if !decision.is_permitted() => {
                attestation.violations.push(Violation::offered(tool.name(), decision.to_string()));
            }
            _ => attestation.allowed.push(tool.name().to_owned()),
        }
        Some(tool)
    }
}

/// Why an offered MCP tool (`mcp__` then `rest`) is a violation: a name with an empty part,
/// or, where the host declared its `servers`, a server it did not pass.
fn mcp_violation(rest: &str, servers: Option<&HashSet<String>>) -> Option<String> {
    let Some((server, _)) = rest.split_once("__").filter(|(server, tool)| !server.is_empty() && !tool.is_empty())
    else {
        return Some(String::from(
            "it is named as an MCP tool (`mcp__<server>__<tool>`) with an empty part, so it cannot be classified",
        ));
    };
    servers.filter(|servers| !servers.contains(server)).map(|_| {
        format!(
            "its MCP server `{}` was not passed by the host, and `--strict-mcp-config` drops the others",
            Shown(server)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ClaudeCodeSelection;

    #[test]
    fn claude_code_init_tools() {
        let reader = ClaudeCodeSelection::only([ClaudeTool::Read, ClaudeTool::Agent]);
        let offered: Vec<String> = ["Read", "Task", "mcp__host__echo"].map(String::from).to_vec();
        let attestation = attest_claude_code(Some(&reader), &offered, &Host::default(), false);
        assert!(attestation.is_attested(), "{attestation}");
        assert_eq!(attestation.allowed, ["Read", "Agent", "mcp__host__echo"], "`Task` is `Agent`");
        let leaked: Vec<String> = ["Read", "Bash", "NewTool"].map(String::from).to_vec();
        let attestation = attest_claude_code(Some(&reader), &leaked, &Host::default(), false);
        let tools: Vec<&str> = attestation.violations.iter().map(|v| v.tool.as_str()).collect();
        assert_eq!(tools, ["Bash", "NewTool"]);
        let no_web = ClaudeCodeSelection::disable([ClaudeTool::WebFetch]);
        let drifted = attest_claude_code(Some(&no_web), &leaked, &Host::default(), false);
        assert!(drifted.is_attested() && drifted.drift == ["NewTool"]);
        assert!(!attest_claude_code(Some(&no_web), &leaked, &Host::default(), true).is_attested());
        let host = Host { mcp_servers: Some(vec!["host".into()]), ..Host::default() };
        let own = ["mcp__project__x".to_owned()];
        assert!(!attest_claude_code(Some(&no_web), &own, &host, false).is_attested());
        assert!(attest_claude_code(None, &own, &host, false).is_attested(), "no selection: no --strict-mcp-config");
        // The host's `my.server` is offered as the CLI names it; the name as written is not.
        let dotted = Host { mcp_servers: Some(vec!["my.server".into()]), ..Host::default() };
        let offered = ["mcp__my_server__echo".to_owned()];
        let attestation = attest_claude_code(Some(&no_web), &offered, &dotted, false);
        assert!(attestation.is_attested(), "{attestation}");
        assert_eq!(attestation.allowed, offered);
        let unsanitized = ["mcp__my.server__echo".to_owned()];
        let attestation = attest_claude_code(Some(&no_web), &unsanitized, &dotted, false);
        assert!(!attestation.is_attested(), "the CLI never writes `.` in an MCP tool's name: {attestation}");
    }
}
