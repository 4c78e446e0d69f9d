//! What a Codex CLI selection means (SPEC §11): what it says of one tool, and the library's
//! model of what `codex exec` then offers.

use super::names::{CodexName, MCP_PREFIX};
use crate::codex::catalog::{CodexTool, DEFAULT_OFFERED};
use crate::selection::{Listed, Selection, SelectionDecision, SelectionShape};

/// A Codex CLI `builtin_tools` selection (SPEC §11): a `disable` list of whole switches.
pub type CodexSelection = Selection<CodexName>;

impl Selection<CodexName> {
    /// What the selection says of a tool the CLI could offer (a built-in, or an MCP tool
    /// `mcp__<server>__<tool>`).
    pub fn decide(&self, offered_name: &str) -> SelectionDecision {
        self.decide_by(|entry| entry.matches(offered_name))
    }

    /// [`Selection::decide`] for many names: the names are indexed once ([`Listed`]).
    pub(crate) fn decider(&self) -> impl Fn(&str) -> SelectionDecision + '_ {
        crate::selection::decider(self, listed)
    }

    /// The library's model of what the CLI offers under this selection: see [`offered`].
    pub fn offered(&self, mcp_tools: &[&str]) -> Vec<String> {
        offered(Some(self), mcp_tools)
    }
}

/// A selection's names indexed for many look-ups ([`Listed`]).
fn listed(names: &[CodexName]) -> Listed<'_> {
    Listed::of(names, CodexName::wildcard, |offered| offered.starts_with(MCP_PREFIX))
}

impl CodexName {
    /// For `mcp__<server>__*`, `mcp__<server>__`; `None` for one tool or a built-in.
    fn wildcard(&self) -> Option<&str> {
        match self {
            CodexName::Mcp(entry) if entry.tool().is_none() => entry.as_str().strip_suffix('*'),
            _ => None,
        }
    }
}

/// The tool names the first model request of `codex exec` with the catalog's model declares,
/// given the selection (`None`: no selection) and the MCP tools of the servers the host
/// configures (`mcp__<server>__<tool>`), in catalog order. The model defers MCP tools: they
/// are not declared, `tool_search` reaches them ([`deferred`]).
///
/// The model, measured live on 0.171.0: the default set less each switch's tools the
/// selection takes away; `tool_search` while the `multi_agent` feature is on or some MCP tool
/// is deferred; the three MCP-resource tools while any server is enabled.
pub fn offered(selection: Option<&CodexSelection>, mcp_tools: &[&str]) -> Vec<String> {
    let decide = selection.map(CodexSelection::decider);
    let permitted = |name: &&str| decide.as_ref().is_none_or(|decide| decide(name).is_permitted());
    let deferred = !deferred(selection, mcp_tools).is_empty();
    let agents = permitted(&CodexTool::SpawnAgent.name());
    // A server taken away whole is `enabled = false`; any other keeps the resource tools.
    let whole_off = |server: &str| {
        let whole = format!("{MCP_PREFIX}{server}__*");
        matches!(selection.map(Selection::shape), Some(SelectionShape::Disable(names)) if names.iter().any(|n| n.as_str() == whole))
    };
    let enabled = mcp_tools.iter().filter_map(|tool| server_of(tool)).any(|server| !whole_off(server));
    let resources = [CodexTool::ListMcpResources, CodexTool::ListMcpResourceTemplates, CodexTool::ReadMcpResource];
    let kept = |tool: &CodexTool| match tool {
        CodexTool::ToolSearch => agents || deferred,
        _ => permitted(&tool.name()),
    };
    let mut builtins: Vec<CodexTool> = DEFAULT_OFFERED.iter().copied().filter(kept).collect();
    if enabled {
        builtins.extend(resources);
    }
    builtins.sort_unstable();
    builtins.iter().map(|tool| tool.name().to_owned()).collect()
}

/// The MCP tools `tool_search` reaches: those of the host's servers (`mcp__<server>__<tool>`)
/// the selection leaves, in the order given.
pub fn deferred(selection: Option<&CodexSelection>, mcp_tools: &[&str]) -> Vec<String> {
    let decide = selection.map(CodexSelection::decider);
    let permitted = |name: &&str| decide.as_ref().is_none_or(|decide| decide(name).is_permitted());
    mcp_tools.iter().copied().filter(permitted).map(str::to_owned).collect()
}

/// The server of an MCP tool's name (`mcp__<server>__<tool>`).
fn server_of(tool: &str) -> Option<&str> {
    tool.strip_prefix(MCP_PREFIX).and_then(|rest| rest.split_once("__")).map(|(server, _)| server)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::NameLookup;

    fn names(written: &[&str]) -> Vec<CodexName> {
        written.iter().map(|w| CodexName::lookup(w).map(NameLookup::tool).unwrap()).collect()
    }

    #[test]
    fn listed_names_answer_as_each_entry_does() {
        let written = ["view_image", "mcp__srv__*", "mcp__srv__tool", "mcp__other__x", "mcp__my-srv__*"];
        let entries = names(&written);
        let offered = [
            "view_image",
            "mcp__srv__tool",
            "mcp__srv__other",
            "mcp__srv__",
            "mcp__other__x",
            "mcp__other__y",
            "mcp__my-srv__t",
            "mcp__srvx__y",
        ];
        for end in 0..=entries.len() {
            let listed = listed(&entries[..end]);
            for name in offered {
                let by_entry = entries[..end].iter().any(|entry| entry.matches(name));
                assert_eq!(listed.names(name), by_entry, "{name} in {:?}", &written[..end]);
            }
        }
    }

    #[test]
    fn the_model() {
        let mcp = ["mcp__probe__echo", "mcp__probe__ping_tool"];
        assert_eq!(offered(None, &[]).len(), 10);
        assert_eq!(offered(None, &mcp).len(), 13, "the three resource tools; the server's tools are deferred");
        assert_eq!(deferred(None, &mcp), mcp);
        let no_shell = CodexSelection::disable(names(&["exec_command", "write_stdin"]));
        assert_eq!(no_shell.offered(&[]).len(), 8);
        let no_echo = CodexSelection::disable(names(&["mcp__probe__echo"]));
        assert_eq!(no_echo.offered(&mcp).len(), 13, "the server stays enabled: its resource tools stay");
        assert_eq!(deferred(Some(&no_echo), &mcp), ["mcp__probe__ping_tool"]);
        let no_server = CodexSelection::disable(names(&["mcp__probe__*"]));
        assert_eq!(no_server.offered(&mcp).len(), 10);
        let agents = ["close_agent", "resume_agent", "send_input", "spawn_agent", "wait_agent"];
        let no_agents = CodexSelection::disable(names(&agents));
        assert!(!no_agents.offered(&[]).contains(&String::from("tool_search")));
        assert!(no_agents.offered(&mcp).contains(&String::from("tool_search")), "it reaches the deferred MCP tools");
        let nothing_deferred = [&agents[..], &["mcp__probe__echo", "mcp__probe__ping_tool"]].concat();
        let nothing_deferred = CodexSelection::disable(names(&nothing_deferred));
        assert_eq!(nothing_deferred.offered(&mcp).len(), 12, "the resource tools stay; tool_search goes");
        assert_eq!(no_server.decide("mcp__probe__echo"), SelectionDecision::Disabled);
        assert_eq!(no_server.decide("view_image"), SelectionDecision::PermittedNotDisabled);
    }
}
