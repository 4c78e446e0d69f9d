//! What a Gemini CLI selection means (SPEC §5): what it says of one tool, and the library's
//! model of what the CLI then offers in each approval mode.

use super::names::GeminiName;
pub use crate::gemini_cli::catalog::ApprovalMode;
use crate::gemini_cli::catalog::{GeminiTool, MCP_PREFIX, offered as defaults};
use crate::selection::{Listed, Selection, SelectionDecision, SelectionShape};

/// A Gemini CLI `builtin_tools` selection (SPEC §5).
pub type GeminiSelection = Selection<GeminiName>;

impl From<GeminiTool> for GeminiName {
    fn from(tool: GeminiTool) -> GeminiName {
        GeminiName::Builtin(tool)
    }
}

string_form!(ApprovalMode, |mode: &ApprovalMode| mode.as_str());

impl Selection<GeminiName> {
    /// What the selection says of a tool the CLI could offer (a built-in or
    /// `mcp_<server>_<tool>`).
    pub fn decide(&self, offered_name: &str) -> SelectionDecision {
        self.decide_by(|entry| entry.matches(offered_name))
    }

    /// [`Selection::decide`] for many names: the names are indexed once ([`Listed`]).
    pub(crate) fn decider(&self) -> impl Fn(&str) -> SelectionDecision + '_ {
        crate::selection::decider(self, listed)
    }

    /// The library's model of what the CLI offers under this selection: see [`offered`].
    pub fn offered(&self, mode: ApprovalMode, mcp_tools: &[&str]) -> Vec<String> {
        offered(Some(self), mode, mcp_tools)
    }
}

impl GeminiName {
    /// For `mcp_<server>_*`, `mcp_<server>_`; for `mcp_*`, `""`; `None` for one tool.
    fn wildcard(&self) -> Option<&str> {
        match self {
            GeminiName::Mcp(entry) => {
                entry.as_str().strip_suffix('*').map(|prefix| if prefix == MCP_PREFIX { "" } else { prefix })
            }
            GeminiName::Builtin(_) => None,
        }
    }

    /// Whether an offered name is an MCP tool's (`mcp_<server>_<tool>`).
    fn is_mcp(offered: &str) -> bool {
        offered.len() > MCP_PREFIX.len() && offered.starts_with(MCP_PREFIX)
    }
}

/// A selection's names indexed for many look-ups ([`Listed`]).
fn listed(names: &[GeminiName]) -> Listed<'_> {
    Listed::of(names, GeminiName::wildcard, GeminiName::is_mcp)
}

/// The tool names a headless session's model is offered, given the selection (`None`: no
/// selection), the approval mode and the MCP tools of the host's servers
/// (`mcp_<server>_<tool>`): built-ins in catalog order, then MCP tools in the order given.
///
/// The model, measured live on 0.61.0:
/// - no selection, or `disable: [...]` (policy `deny` rules): the mode's defaults less the
///   denied names; MCP tools only in `yolo`, less the denied ones;
/// - `only: [...]` (`tools.core`): in `default`, `auto_edit` and `yolo` the CLI turns the
///   list into allow rules, so every listed tool a main session can run is offered (the
///   `yolo` set) and so is every MCP tool the list names; in `plan` the list only filters
///   the plan set, and no MCP tool is offered;
/// - `disable: "*"` (`tools.core: []`): nothing, MCP tools included.
pub fn offered(selection: Option<&GeminiSelection>, mode: ApprovalMode, mcp_tools: &[&str]) -> Vec<String> {
    let shape = selection.map(Selection::shape);
    let listed_in = |names: &Listed<'_>, name: &str| names.names(name);
    let (builtins, mcp): (Vec<GeminiTool>, Vec<&str>) = match shape {
        None => (mode.defaults().to_vec(), if mode.offers_mcp() { mcp_tools.to_vec() } else { Vec::new() }),
        Some(SelectionShape::DisableAll) => (Vec::new(), Vec::new()),
        Some(SelectionShape::Disable(denied)) => {
            let denied = &listed(denied);
            let builtins = mode.defaults().iter().copied().filter(|t| !listed_in(denied, t.name())).collect();
            let mcp = if mode.offers_mcp() {
                mcp_tools.iter().copied().filter(|t| !listed_in(denied, t)).collect()
            } else {
                Vec::new()
            };
            (builtins, mcp)
        }
        Some(SelectionShape::Only(only)) => {
            let only = &listed(only);
            let (pool, mcp) = match mode {
                ApprovalMode::Plan => (defaults::PLAN, Vec::new()),
                _ => (defaults::YOLO, mcp_tools.iter().copied().filter(|t| listed_in(only, t)).collect()),
            };
            (pool.iter().copied().filter(|t| listed_in(only, t.name())).collect(), mcp)
        }
    };
    let mut builtins = builtins;
    builtins.sort_unstable();
    builtins.iter().map(|t| t.name().to_owned()).chain(mcp.into_iter().map(str::to_owned)).collect()
}

/// The tool names the CLI's own sub-agent `codebase_investigator` is offered under the
/// selection (`None`: no selection): its own set, less what the selection takes away (live
/// cases `gemini-cli: subagent: ...`; `tools.core` and `deny` rules reach it).
pub fn offered_to_investigator(selection: Option<&GeminiSelection>) -> Vec<String> {
    GeminiAgent::CodebaseInvestigator.offered(selection, ApprovalMode::Default, &[]).unwrap_or_default()
}

/// The CLI's own sub-agents the model can start through `invoke_agent` (0.61.0's
/// `loadBuiltInAgents`; the browser agent is off unless configured).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GeminiAgent {
    /// `codebase_investigator`: its own read-only set.
    CodebaseInvestigator,
    /// `cli_help`: `get_internal_docs` alone.
    CliHelp,
    /// `generalist`: "access to all tools", the main session's.
    Generalist,
}

impl GeminiAgent {
    /// Every built-in agent.
    pub const ALL: [GeminiAgent; 3] =
        [GeminiAgent::CodebaseInvestigator, GeminiAgent::CliHelp, GeminiAgent::Generalist];

    /// The name `invoke_agent` takes.
    pub const fn name(self) -> &'static str {
        match self {
            GeminiAgent::CodebaseInvestigator => "codebase_investigator",
            GeminiAgent::CliHelp => "cli_help",
            GeminiAgent::Generalist => "generalist",
        }
    }

    /// The agent named `name`, if the CLI has one.
    pub fn from_name(name: &str) -> Option<GeminiAgent> {
        GeminiAgent::ALL.into_iter().find(|agent| agent.name() == name)
    }

    /// The tool names the agent's model is offered under the selection (`None`: no
    /// selection), in `mode`, with the host's MCP tools (`mcp_<server>_<tool>`); `None` where
    /// the CLI does not start it: where the main session is not offered `invoke_agent`, and
    /// `generalist` in `plan`. Measured live on 0.61.0 (`builtin-agents gemini-cli`):
    /// - `codebase_investigator` and `cli_help`: their own sets (`complete_task` among them)
    ///   less what the selection takes away, in every mode;
    /// - `generalist`: what the main session is offered ([`offered`]) but `invoke_agent` and
    ///   `update_topic`, with `complete_task` where the selection permits it; not started in
    ///   `plan`.
    pub fn offered(
        self,
        selection: Option<&GeminiSelection>,
        mode: ApprovalMode,
        mcp_tools: &[&str],
    ) -> Option<Vec<String>> {
        let main = offered(selection, mode, mcp_tools);
        if !main.iter().any(|name| name == GeminiTool::InvokeAgent.name()) {
            return None;
        }
        let permitted = |name: &str| selection.is_none_or(|s| s.decide(name).is_permitted());
        let own =
            |set: &[GeminiTool]| set.iter().filter(|t| permitted(t.name())).map(|t| t.name().to_owned()).collect();
        match self {
            GeminiAgent::CodebaseInvestigator => Some(own(defaults::INVESTIGATOR)),
            GeminiAgent::CliHelp => Some(own(&[GeminiTool::CompleteTask, GeminiTool::GetInternalDocs])),
            GeminiAgent::Generalist if mode == ApprovalMode::Plan => None,
            GeminiAgent::Generalist => {
                let withheld = [GeminiTool::InvokeAgent.name(), GeminiTool::UpdateTopic.name()];
                let mut tools: Vec<String> =
                    main.into_iter().filter(|name| !withheld.contains(&name.as_str())).collect();
                let done = GeminiTool::CompleteTask.name();
                if permitted(done) {
                    tools.push(done.to_owned());
                }
                Some(tools)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The live `builtin-agents gemini-cli` cases of the CLI's own agents.
    #[test]
    fn the_clis_own_agents() {
        let read = |text: &str| crate::json::load_gemini_cli(text).unwrap().selection;
        let mcp = ["mcp_echo_echo", "mcp_echo_ping_tool"];
        let general = GeminiAgent::Generalist.offered(None, ApprovalMode::Yolo, &mcp).unwrap();
        assert!(general.iter().any(|n| n == "run_shell_command") && general.iter().any(|n| n == "mcp_echo_echo"));
        assert!(general.iter().any(|n| n == "complete_task"));
        assert!(!general.iter().any(|n| n == "invoke_agent" || n == "update_topic"), "{general:?}");
        assert_eq!(GeminiAgent::Generalist.offered(None, ApprovalMode::Plan, &mcp), None, "not started in plan");
        let only = read(r#"{"only": ["invoke_agent", "read_file"]}"#);
        assert_eq!(GeminiAgent::Generalist.offered(only.as_ref(), ApprovalMode::Yolo, &mcp).unwrap(), ["read_file"]);
        assert_eq!(GeminiAgent::CliHelp.offered(only.as_ref(), ApprovalMode::Yolo, &[]).unwrap(), Vec::<String>::new());
        assert_eq!(
            GeminiAgent::CliHelp.offered(None, ApprovalMode::Plan, &[]).unwrap(),
            ["complete_task", "get_internal_docs"]
        );
        let no_docs = read(r#"{"disable": ["get_internal_docs"]}"#);
        assert_eq!(GeminiAgent::CliHelp.offered(no_docs.as_ref(), ApprovalMode::Yolo, &[]).unwrap(), ["complete_task"]);
        assert_eq!(GeminiAgent::CodebaseInvestigator.offered(None, ApprovalMode::Plan, &[]).unwrap().len(), 5);
        assert_eq!(GeminiAgent::from_name("generalist"), Some(GeminiAgent::Generalist));
        assert_eq!(GeminiAgent::from_name("general"), None);
        let no_agents = read(r#"{"only": ["read_file"]}"#);
        assert_eq!(GeminiAgent::CliHelp.offered(no_agents.as_ref(), ApprovalMode::Yolo, &[]), None, "no invoke_agent");
    }

    #[test]
    fn listed_names_answer_as_each_entry_does() {
        let written = ["read_file", "mcp_srv_*", "mcp_srv_tool", "mcp_other_x", "glob", "mcp_a-b.c_*", "mcp_*"];
        let names: Vec<GeminiName> = written.iter().map(|w| GeminiName::lookup(w).unwrap().tool()).collect();
        let offered = [
            "read_file",
            "glob",
            "grep_search",
            "mcp_srv_tool",
            "mcp_srv_other",
            "mcp_srv_",
            "mcp_srv",
            "mcp_other_x",
            "mcp_other_y",
            "mcp_a-b.c_t",
            "mcp_a-b.c_",
            "mcp__x",
            "mcp_",
            "srv_tool",
        ];
        for end in 0..=names.len() {
            let listed = listed(&names[..end]);
            for name in offered {
                let by_entry = names[..end].iter().any(|entry| entry.matches(name));
                assert_eq!(listed.names(name), by_entry, "{name} in {:?}", &written[..end]);
            }
        }
    }

    fn names(tools: &[&str]) -> Vec<String> {
        tools.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn the_model() {
        let mcp = ["mcp_probe_echo"];
        assert_eq!(offered(None, ApprovalMode::Default, &mcp).len(), 8, "no MCP tool without yolo");
        assert_eq!(offered(None, ApprovalMode::Yolo, &mcp).len(), 17);
        let only: GeminiSelection =
            GeminiSelection::only([GeminiTool::ReadFile.into(), GeminiTool::RunShellCommand.into()]);
        assert_eq!(only.offered(ApprovalMode::Default, &mcp), names(&["read_file", "run_shell_command"]));
        assert_eq!(only.offered(ApprovalMode::Plan, &mcp), names(&["read_file"]));
        let server = GeminiName::Mcp(crate::gemini_cli::McpEntry::new("mcp_probe_*").unwrap());
        let with_mcp = GeminiSelection::only([GeminiTool::ReadFile.into(), server.clone()]);
        assert_eq!(with_mcp.offered(ApprovalMode::Default, &mcp), names(&["read_file", "mcp_probe_echo"]));
        let deny = GeminiSelection::disable([GeminiTool::ReadFile.into(), server]);
        assert_eq!(deny.offered(ApprovalMode::Yolo, &mcp).len(), 15);
        assert!(GeminiSelection::disable_all().offered(ApprovalMode::Yolo, &mcp).is_empty());
        assert_eq!(deny.decide("mcp_probe_echo"), SelectionDecision::Disabled);
        assert_eq!(deny.decide("glob"), SelectionDecision::PermittedNotDisabled);
        assert_eq!(with_mcp.decide("glob"), SelectionDecision::NotInOnly);
        assert_eq!(ApprovalMode::parse("auto_edit"), Some(ApprovalMode::AutoEdit));
        assert_eq!(ApprovalMode::parse("autoEdit"), None);
        let investigator = offered_to_investigator(Some(&GeminiSelection::disable([GeminiTool::ReadFile.into()])));
        assert_eq!(investigator, names(&["complete_task", "glob", "grep_search", "list_directory"]));
        assert_eq!(
            offered_to_investigator(Some(&GeminiSelection::only([GeminiTool::InvokeAgent.into()]))),
            Vec::<String>::new()
        );
    }
}
