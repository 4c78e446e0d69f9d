//! The Claude Code `builtin_tools` selection (SPEC §2): its three shapes, the checks every
//! front door shares, what it says of one tool, and the library's model of what the CLI
//! then offers. The arguments the CLI receives are built in
//! [`ClaudeCodeArgs`](crate::claude_code::ClaudeCodeArgs).

use crate::capability::Faces;
use crate::claude_code::catalog::{ALIASES, CLI_VERSION, ClaudeTool, Offered, REMOVED, ROWS};
use crate::claude_code::mcp;
use crate::error::Error;
use crate::portable::{McpRef, Portable, PortableShape};
use crate::selection::{CatalogName, NameLookup, Pinned, Selection, SelectionDecision, SelectionShape};

impl ClaudeTool {
    /// Looks a written name up: canonical, alias, or an error with a did-you-mean. An MCP
    /// tool's name is no built-in: the error says where Claude Code takes it.
    pub fn lookup(name: &str) -> Result<NameLookup<ClaudeTool>, Error> {
        if name.starts_with(mcp::PREFIX) {
            let what = format!("the MCP rule `{name}` in a list of built-ins");
            return Err(Error::CannotSay { runtime: mcp::CLI, what, why: mcp::NO_ALLOW_LIST.into() });
        }
        let pinned = Pinned {
            runtime: crate::claude_code::catalog::RUNTIME,
            cli_version: CLI_VERSION,
            names: ClaudeTool::NAMES,
            aliases: ALIASES,
            removed: REMOVED,
        };
        pinned.lookup(name, ClaudeTool::from_canonical(name), ClaudeTool::name)
    }
}

impl CatalogName for ClaudeTool {
    const RUNTIME: &'static str = crate::claude_code::catalog::RUNTIME;
    const CLI_VERSION: &'static str = CLI_VERSION;
    const SELECTION_TYPE: &'static str = "ClaudeCodeSelection";
    const NAME_TYPE: &'static str = "ClaudeTool";

    fn rust_source(&self, private: &str) -> String {
        format!("{private}::ClaudeTool::{}", self.variant())
    }

    /// `only` is `--tools` (which never limits MCP tools), and so is `disable` (SPEC §9): the
    /// built-ins it keeps that its deny rules would leave offered, so a built-in a newer CLI
    /// adds is not offered until the catalog knows it. That is every kept built-in but those
    /// the CLI offers only when listed, unless the rules would bring them (`Glob` and `Grep`
    /// once `Bash` is taken away). `mcp_tools` is the arguments' part
    /// ([`ClaudeCodeArgs`](crate::ClaudeCodeArgs)): deny rules, so `only` of MCP tools is
    /// refused.
    fn portable_selection(portable: &Portable) -> Result<ClaudeCodeSelection, Error> {
        mcp::check(portable.mcp())?;
        Ok(match portable.shape() {
            PortableShape::Only(_) => Selection::only(portable.built_ins(ROWS, true)),
            PortableShape::Disable(_) => {
                let taken = |tool: ClaudeTool| !portable.grants(tool.capabilities());
                let left_offered =
                    |tool: &ClaudeTool| tool.row().runtime.offered != Offered::Listed || tool.brought_by(taken);
                Selection::only(portable.built_ins(ROWS, true).filter(left_offered))
            }
            PortableShape::DisableAll => Selection::DISABLE_ALL,
        })
    }

    fn mcp_rule(name: &str) -> Option<Result<Option<McpRef>, Error>> {
        mcp::read_rule(name)
    }

    fn built_in_capabilities(&self) -> Option<Faces> {
        Some(self.row().faces())
    }

    fn newer_build(&self) -> Option<&'static str> {
        self.row().builds.first().copied().filter(|_| !self.row().known_to(CLI_VERSION))
    }

    fn lookup(name: &str) -> Result<NameLookup<ClaudeTool>, Error> {
        ClaudeTool::lookup(name)
    }

    fn name(&self) -> &str {
        ClaudeTool::name(*self)
    }
}

// A canonical name, or a legacy alias read as its canonical tool; anything else is refused
// with a did-you-mean.
string_form!(ClaudeTool, |tool: &ClaudeTool| ClaudeTool::name(*tool), parse: |name| ClaudeTool::lookup(name).map(NameLookup::tool), error: Error, serde);

/// A Claude Code `builtin_tools` selection (SPEC §2).
pub type ClaudeCodeSelection = Selection<ClaudeTool>;

/// What a Claude Code selection says of one tool.
pub type ClaudeDecision = SelectionDecision;

impl Selection<ClaudeTool> {
    /// What the selection says of `tool`, with the CLI's Bash rule.
    pub fn decide(&self, tool: ClaudeTool) -> ClaudeDecision {
        match self.shape() {
            SelectionShape::Disable(tools) if !tools.contains(&tool) && tool.taken_by(|t| tools.contains(&t)) => {
                ClaudeDecision::DisabledWithBash
            }
            _ => self.decide_by(|listed| *listed == tool),
        }
    }

    /// The library's model of the built-ins the CLI offers under this selection, given the
    /// tools it offers with no selection in the same environment (`defaults`, such as
    /// [`DEFAULT_OFFERED`](crate::claude_code::catalog::DEFAULT_OFFERED)). Besides the selection itself it applies the CLI's own rule: when
    /// Bash is denied, the tools that run code the way Bash does (Monitor, PowerShell) go with
    /// it, and Glob and Grep appear.
    pub fn offered(&self, defaults: &[ClaudeTool]) -> Vec<ClaudeTool> {
        offered(Some(self), defaults)
    }
}

/// [`ClaudeCodeSelection::offered`] for an optional selection (`None`: the defaults), in
/// catalog order.
pub fn offered(selection: Option<&ClaudeCodeSelection>, defaults: &[ClaudeTool]) -> Vec<ClaudeTool> {
    let shape = selection.map(ClaudeCodeSelection::shape);
    let is_offered = |tool: &ClaudeTool| match &shape {
        None => defaults.contains(tool),
        Some(SelectionShape::DisableAll) => false,
        Some(SelectionShape::Only(only)) => only.contains(tool) && tool.offered_when_listed(),
        Some(SelectionShape::Disable(disabled)) => {
            let denied = |t: ClaudeTool| disabled.contains(&t);
            !tool.taken_by(denied) && (defaults.contains(tool) || tool.brought_by(denied))
        }
    };
    ClaudeTool::ALL.iter().copied().filter(is_offered).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claude_code::catalog::DEFAULT_OFFERED;

    #[test]
    fn lookup_rewrites_aliases_and_suggests() {
        assert_eq!(ClaudeTool::lookup("Read"), Ok(NameLookup::Canonical(ClaudeTool::Read)));
        assert_eq!(ClaudeTool::lookup("Task"), Ok(NameLookup::Alias(ClaudeTool::Agent)));
        let suggestion = |name: &str| match ClaudeTool::lookup(name) {
            Err(Error::UnknownCliTool { suggestion, .. }) => suggestion,
            other => panic!("{other:?}"),
        };
        assert_eq!(suggestion("Glob2"), Some("Glob"));
        assert_eq!(suggestion("read"), Some("Read"));
        assert_eq!(suggestion("task"), Some("Agent"), "a wrong-case alias suggests its canonical tool");
        assert_eq!(suggestion("killshell"), Some("TaskStop"));
        assert_eq!(suggestion("MultiEdit"), None, "removed names are said to be removed");
        assert_eq!("Task".parse::<ClaudeTool>(), Ok(ClaudeTool::Agent));
        assert!("Bogus".parse::<ClaudeTool>().is_err());
    }

    #[test]
    fn decisions_and_the_offered_model() {
        let only = ClaudeCodeSelection::only([ClaudeTool::Read, ClaudeTool::TaskList]);
        assert_eq!(only.decide(ClaudeTool::Read), ClaudeDecision::PermittedByOnly);
        assert_eq!(only.decide(ClaudeTool::Bash), ClaudeDecision::NotInOnly);
        assert_eq!(only.offered(DEFAULT_OFFERED), [ClaudeTool::Read, ClaudeTool::TaskList]);
        assert!(ClaudeCodeSelection::disable_all().offered(DEFAULT_OFFERED).is_empty());
        let no_web = ClaudeCodeSelection::disable([ClaudeTool::WebFetch]);
        assert_eq!(no_web.offered(DEFAULT_OFFERED).len(), 20);
        let no_bash = ClaudeCodeSelection::disable([ClaudeTool::Bash]).offered(DEFAULT_OFFERED);
        assert!(no_bash.contains(&ClaudeTool::Glob) && no_bash.contains(&ClaudeTool::Grep));
        assert!(!no_bash.contains(&ClaudeTool::Bash));
        assert!(!no_bash.contains(&ClaudeTool::Monitor), "Monitor runs code the way Bash does");
        assert_eq!(no_bash.len(), 21, "probe p6: Bash and Monitor gone, Glob and Grep added");
        // `decide` says what `offered` does, for every tool of the catalog.
        for selection in
            [no_web, ClaudeCodeSelection::disable([ClaudeTool::Bash]), ClaudeCodeSelection::disable_all(), only]
        {
            let offered = selection.offered(ClaudeTool::ALL);
            for tool in ClaudeTool::ALL {
                let permitted = selection.decide(*tool).is_permitted();
                assert_eq!(permitted, offered.contains(tool), "{selection:?} {tool}");
            }
        }
        let no_bash = ClaudeCodeSelection::disable([ClaudeTool::Bash]);
        assert_eq!(no_bash.decide(ClaudeTool::Monitor), ClaudeDecision::DisabledWithBash);
        assert_eq!(no_bash.decide(ClaudeTool::PowerShell), ClaudeDecision::DisabledWithBash);
    }
}
