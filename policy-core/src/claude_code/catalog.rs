//! The Claude Code catalog: its data (`catalog_data.rs`, generated from
//! `policy-core/catalogs/claude-code.json`: one row per built-in with its legacy names, how
//! the CLI offers it, what a sub-agent gets of it, its capabilities and the builds that know
//! it), covering the CLI package (its pinned build first in [`BUILDS`]) and the builds the Claude
//! Agent SDK bundles (the rest of [`BUILDS`]), and the rules that read a tool's row.

use crate::capability::Capability as C;
use crate::capability::Row;

/// The runtime, as messages name it.
pub const RUNTIME: &str = "Claude Code";

include!("catalog_data.rs");

/// How the CLI offers a built-in to a headless session with an API key (a row's `offered`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// With no selection.
    Default,
    /// Only when `--tools` names it (`Glob`, `Grep`, the task-list tools).
    Listed,
    /// Never: it needs a login, a permission host, MCP resources, a setting or another entry
    /// point, and `--tools` naming it offers nothing.
    Gated,
}

/// What a sub-agent's model gets of a built-in (a row's `subagents`, live cases
/// `claude-code-subagents` and `builtin-agents`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubAgents {
    /// What its lists and the main selection give it.
    Bounded,
    /// That, and when its `tools` names it even though the main selection takes it away,
    /// unless the main selection is an `only` naming a tool of this kind
    /// ([`reaches_beyond`](crate::claude_code::reaches_beyond)).
    Listed,
    /// Only when it was started in the foreground: one started in the background (the
    /// default) never is.
    Foreground,
    /// Never, however it was started and whatever its lists say.
    Never,
}

/// Claude Code's own columns of a built-in's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Claude {
    /// How the CLI offers it.
    pub offered: Offered,
    /// What a sub-agent gets of it.
    pub subagents: SubAgents,
    /// The built-in whose deny rule takes it away too (`Monitor` and `PowerShell` run code
    /// the way `Bash` does).
    pub with: Option<ClaudeTool>,
    /// The built-in whose deny rule makes the CLI offer it (`Glob` and `Grep` stand in for
    /// `Bash`'s own search).
    pub without: Option<ClaudeTool>,
}

impl ClaudeTool {
    /// This built-in's row of the catalog.
    pub const fn row(self) -> &'static Row<ClaudeTool, Claude> {
        &ROWS[self as usize]
    }

    /// Whether `--tools` naming it offers it (offered by default, or when listed).
    pub fn offered_when_listed(self) -> bool {
        matches!(self.row().runtime.offered, Offered::Default | Offered::Listed)
    }

    /// Whether deny rules for the tools `denied` says take it away: its own, or the one of
    /// the built-in it goes with.
    pub fn taken_by(self, denied: impl Fn(ClaudeTool) -> bool) -> bool {
        denied(self) || self.row().runtime.with.is_some_and(&denied)
    }

    /// Whether deny rules for the tools `denied` says make the CLI offer it, though it is not
    /// offered by default: the built-in it stands in for is denied.
    pub fn brought_by(self, denied: impl Fn(ClaudeTool) -> bool) -> bool {
        self.row().runtime.without.is_some_and(denied)
    }

    /// Whether a sub-agent whose `tools` names it gets it even where the main selection
    /// takes it away.
    pub fn reaches_agent_lists(self) -> bool {
        self.row().runtime.subagents == SubAgents::Listed
    }
}

/// How the model started a sub-agent: the CLI offers them different sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// `run_in_background: true`, the default.
    Background,
    /// `run_in_background: false`.
    Foreground,
}

impl Start {
    /// Both, background first.
    pub const BOTH: [Start; 2] = [Start::Background, Start::Foreground];

    /// Whether a sub-agent started so is never offered `tool`, whatever its lists say.
    pub fn withholds(self, tool: ClaudeTool) -> bool {
        matches!(
            (self, tool.row().runtime.subagents),
            (_, SubAgents::Never) | (Start::Background, SubAgents::Foreground)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_and_the_names_beyond_it() {
        crate::capability::assert_covers(ROWS, ClaudeTool::ALL);
        // The pinned build first, then the builds the data holds beside it (a refresh adds
        // more: the test names none of them but the Agent SDK's the rows below need).
        assert_eq!(BUILDS.first(), Some(&CLI_VERSION));
        assert!(BUILDS.contains(&"2.1.334"));
        // The 54 names of both builds' table, the 29 more both accept in deny rules, the four
        // only 2.1.334 knows, and the nine self-hosted runner tools both offer when listed.
        assert_eq!(ClaudeTool::ALL.len(), 96);
        let newer: Vec<&str> =
            ROWS.iter().filter(|row| !row.known_to(CLI_VERSION)).map(|row| row.tool.name()).collect();
        assert_eq!(newer, ["ReadCloudSession", "GitStatusCheck", "REPL", "Cd"]);
        for (tool, name) in ClaudeTool::ALL.iter().zip(ClaudeTool::NAMES) {
            assert_eq!(tool.name(), *name);
            assert_eq!(ClaudeTool::from_canonical(name), Some(*tool));
        }
        for (alias, _) in ALIASES {
            assert!(ClaudeTool::from_canonical(alias).is_none());
        }
        assert_eq!(DEFAULT_OFFERED.len(), 21);
        assert_eq!(ClaudeTool::ALL.iter().filter(|tool| tool.offered_when_listed()).count(), 36);
        let taken_with_bash: Vec<ClaudeTool> =
            ClaudeTool::ALL.iter().copied().filter(|tool| tool.taken_by(|t| t == ClaudeTool::Bash)).collect();
        assert_eq!(taken_with_bash, [ClaudeTool::Bash, ClaudeTool::Monitor, ClaudeTool::PowerShell]);
    }
}
