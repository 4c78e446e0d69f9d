//! Attesting a Claude Code session: the `tools` of every `init` message of its stream-json
//! transcript, against its selection.

use crate::claude_code::catalog::{self as claude_code, ClaudeTool};
use crate::claude_code::selection::ClaudeCodeSelection;
use crate::review::attest::{Attestation, Host, Violation, malformed};
use crate::seen::Seen;
use crate::selection::{NameLookup, SelectionShape};
use crate::text::Shown;

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
            match mcp_violation(rest, servers.as_ref().filter(|_| selection.is_some())) {
                Some(why) => attestation.violations.push(Violation::offered(name, why)),
                None => attestation.allowed.push(name.clone()),
            }
            continue;
        }
        match ClaudeTool::lookup(name).map(NameLookup::tool) {
            Ok(tool) => {
                builtins_offered[tool as usize] = true;
                match selection.map(|s| s.decide(tool)) {
                    Some(decision) if !decision.is_permitted() => {
                        let why = decision.to_string();
                        attestation.violations.push(Violation::offered(tool.name(), why));
                    }
                    _ => attestation.allowed.push(tool.name().to_owned()),
                }
            }
            // A built-in a newer CLI added: `only` and `disable: "*"` never let it through.
            Err(_) => match selection.map(ClaudeCodeSelection::shape) {
                None | Some(SelectionShape::Disable(_)) => {
                    attestation.drifted(name.clone(), &format!("Claude Code {}", claude_code::CLI_VERSION), strict);
                }
                Some(_) => attestation.violations.push(Violation::offered(
                    name,
                    format!(
                        "the selection does not permit it (it is unknown to the catalog of Claude Code {})",
                        claude_code::CLI_VERSION
                    ),
                )),
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

/// Why an offered MCP tool (`mcp__` then `rest`) is a violation: a name with an empty part,
/// or, where the host declared its `servers`, a server it did not pass.
fn mcp_violation(rest: &str, servers: Option<&Seen<'_>>) -> Option<String> {
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
    }
}
