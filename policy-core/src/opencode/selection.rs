//! What an OpenCode selection means (SPEC §10): what it says of one tool, and the library's
//! model of what `opencode run` then offers its `build` agent.

use super::names::OpenCodeName;
use crate::opencode::catalog::{DEFAULT_OFFERED, OpenCodeTool};
use crate::selection::{Listed, Selection, SelectionDecision};

/// An OpenCode `builtin_tools` selection (SPEC §10).
pub type OpenCodeSelection = Selection<OpenCodeName>;

impl Selection<OpenCodeName> {
    /// What the selection says of a tool OpenCode could offer (a built-in, or an MCP tool
    /// `<server>_<tool>`).
    pub fn decide(&self, offered_name: &str) -> SelectionDecision {
        self.decide_by(|entry| entry.matches(offered_name))
    }

    /// [`Selection::decide`] for many names: the names are indexed once ([`Listed`]).
    pub(crate) fn decider(&self) -> impl Fn(&str) -> SelectionDecision + '_ {
        crate::selection::decider(self, listed)
    }

    /// The library's model of what OpenCode offers under this selection: see [`offered`].
    pub fn offered(&self, mcp_tools: &[&str]) -> Vec<String> {
        offered(Some(self), mcp_tools)
    }
}

/// A selection's names indexed for many look-ups ([`Listed`]): an MCP tool is any name with a
/// `_` that is no built-in's.
fn listed(names: &[OpenCodeName]) -> Listed<'_> {
    Listed::of(names, OpenCodeName::wildcard, |offered| {
        offered.contains('_') && OpenCodeTool::from_canonical(offered).is_none()
    })
}

impl OpenCodeName {
    /// For `<server>_*`, `<server>_`; for `*_*`, `""`; `None` for one tool or a built-in.
    fn wildcard(&self) -> Option<&str> {
        match self {
            OpenCodeName::Mcp(entry) => entry.prefix(),
            OpenCodeName::Builtin(_) => None,
        }
    }
}

/// The tool names the `build` agent of `opencode run` is offered, given the selection
/// (`None`: no selection) and the MCP tools of the servers the host configures and names
/// (`<server>_<tool>`): built-ins in catalog order, then MCP tools in the order given.
///
/// The model, measured live on 1.18.33 with a provider of the host's own: with no selection
/// the ten built-ins offered `default` and every MCP tool; a built-in leaves the request when
/// the last rule of the `permission` map that matches its permission is a whole-tool `deny`,
/// so `disable` takes its names away and `only` (`"*": "deny"` first) keeps just its names.
/// `disable: "*"` (`"*": "deny"`) leaves nothing, MCP tools included. A gated built-in is
/// never offered here (its gate is closed in the pinned setting).
pub fn offered(selection: Option<&OpenCodeSelection>, mcp_tools: &[&str]) -> Vec<String> {
    let decide = selection.map(OpenCodeSelection::decider);
    let permitted = |name: &&str| decide.as_ref().is_none_or(|decide| decide(name).is_permitted());
    let builtins = DEFAULT_OFFERED.iter().map(|tool| tool.name()).filter(permitted);
    let mcp = mcp_tools.iter().copied().filter(permitted);
    builtins.chain(mcp).map(str::to_owned).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::NameLookup;

    fn names(written: &[&str]) -> Vec<OpenCodeName> {
        written.iter().map(|w| OpenCodeName::lookup(w).map(NameLookup::tool).unwrap()).collect()
    }

    #[test]
    fn listed_names_answer_as_each_entry_does() {
        let written = ["read", "srv_*", "srv_tool", "other_x", "glob", "my_srv_*", "*_*"];
        let entries = names(&written);
        let offered = [
            "read",
            "glob",
            "grep",
            "srv_tool",
            "srv_other",
            "srv_",
            "srv",
            "other_x",
            "other_y",
            "my_srv_t",
            "my_srv_",
            "_x",
            "apply_patch",
            "plan_exit",
            "srvx_y",
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
        let mcp = ["probe_echo"];
        assert_eq!(offered(None, &mcp).len(), 11);
        let only = OpenCodeSelection::only(names(&["read", "grep"]));
        assert_eq!(only.offered(&mcp), ["grep", "read"]);
        let with_mcp = OpenCodeSelection::only(names(&["read", "probe_*"]));
        assert_eq!(with_mcp.offered(&mcp), ["read", "probe_echo"]);
        let deny = OpenCodeSelection::disable(names(&["bash", "probe_echo"]));
        assert_eq!(deny.offered(&mcp).len(), 9);
        assert!(OpenCodeSelection::disable_all().offered(&mcp).is_empty());
        assert_eq!(deny.decide("probe_echo"), SelectionDecision::Disabled);
        assert_eq!(deny.decide("glob"), SelectionDecision::PermittedNotDisabled);
        assert_eq!(with_mcp.decide("glob"), SelectionDecision::NotInOnly);
        let every = OpenCodeSelection::only(names(&["*_*"]));
        assert_eq!(every.offered(&mcp), ["probe_echo"]);
    }
}
