//! What each built-in of the pinned Copilot catalog lets the model do (SPEC §7), chosen from
//! the tool's own description in CLI 1.0.102 (`session.tools.getBuiltinDescriptors`, quoted)
//! and from what it can do: a tool gets every capability it can exercise, and where unsure,
//! the wider set. `hides` is what its name does not say.

use super::entry::{PolicyEntry, Selector};
use super::resolved::{ClientMode, ResolvedPolicy};
use crate::capability::Capability as C;
use crate::capability::{Capabilities, Row};
use crate::names::wire::WireName;
use crate::portable::{Portable, PortableShape};

/// Everything a shell can do.
const SHELL: &[C] = &[C::Execute, C::Read, C::Edit, C::Search, C::Web];

const fn row(tool: &'static str, shows: &'static [C], hides: &'static [C], because: &'static str) -> Row<&'static str> {
    Row { tool, shows, hides, because }
}

/// One row per built-in, in catalog order, then the Windows shell family.
pub const CAPABILITIES: &[Row<&str>] = &[
    row("bash", SHELL, &[], "Runs a Bash command ... You can run Python, Node.js and Go code"),
    row("read_bash", &[], &[C::Execute], "Reads output from a Bash command"),
    row("stop_bash", &[], &[C::Execute], "Stops a running Bash command by terminating its process tree"),
    row("list_bash", &[], &[C::Execute], "Lists all active Bash sessions"),
    row("fetch_copilot_cli_documentation", &[C::Meta], &[], "Fetch authoritative GitHub Copilot CLI README/help"),
    row("ask_user", &[C::Ask], &[], "Ask the user a question and wait for their response"),
    row(
        "dynamic_workflows_manage",
        &[C::Schedule],
        &[C::Agent],
        "Manage registered agent workflows ... coordinates multiple subagents",
    ),
    row("context_board", &[C::Meta], &[C::Agent], "Manage the dynamic context board ... Remove an agent-created item"),
    row("exit_plan_mode", &[C::Plan], &[], "Exit plan mode and return to normal interactive mode"),
    row("read_inbox", &[], &[C::Agent], "Reads a message from the session inbox"),
    row(
        "run_dynamic_workflow",
        &[C::Schedule],
        &[C::Agent],
        "Starts a registered workflow ... a workflow may spawn dozens of agents",
    ),
    row("list_agents", &[C::Agent], &[], "Lists visible background agents by status"),
    row("manage_schedule", &[C::Schedule], &[], "Manage scheduled prompts"),
    row("read_agent", &[C::Agent], &[], "Reads a background agent's status and results"),
    row("apply_patch", &[C::Edit], &[], "Use the `apply_patch` tool to edit files"),
    row("create", &[C::Edit], &[], "Tool for creating new files"),
    row("edit", &[C::Edit], &[], "Tool for making string replacements in files"),
    row("str_replace_editor", &[C::Edit], &[C::Read], "Editing tool for viewing, creating and editing files"),
    row("send_inbox", &[], &[C::Agent], "Sends context into the session inbox for the main agent to read later"),
    row("sql", &[], &[C::Todo], "Query the session SQLite database ... `todos` and `todo_deps` already exist"),
    row("skill", &[C::Skill], &[], "(an empty description: it loads the session's skills)"),
    row("task_complete", &[C::Meta], &[], "Mark the current task as complete"),
    row("generic_tool_search", &[C::Meta], &[], "Search for tools in the tool registry"),
    row("tool_search_tool", &[C::Meta], &[], "Searches for functions by matching a regex pattern against tool names"),
    row("update_todo", &[C::Todo], &[], "Use this TODO tool to manage the tasks that must be completed"),
    row("view", &[C::Read], &[], "View files, images, or directories"),
    row("web_fetch", &[C::Web], &[], "Fetches a URL from the internet"),
    row("write_agent", &[C::Agent], &[], "Sends a message to one or more running or idle background agents"),
    row(
        "semantic_code_search",
        &[C::Search, C::Read],
        &[C::Web],
        "Search one GitHub repository's indexed default branch",
    ),
    row("grep", &[C::Search, C::Read], &[], "Search file contents quickly and precisely with ripgrep"),
    row("glob", &[C::Search], &[], "Find files quickly by glob pattern"),
    row("task", &[C::Agent], &[], "Launch specialized agents in separate context windows"),
    row("powershell", SHELL, &[], "(Windows: the bash family's replacement)"),
    row("read_powershell", &[], &[C::Execute], "(Windows: as read_bash)"),
    row("stop_powershell", &[], &[C::Execute], "(Windows: as stop_bash)"),
    row("list_powershell", &[], &[C::Execute], "(Windows: as list_bash)"),
];

/// A built-in's row of [`CAPABILITIES`], when `name` is one.
pub fn capability_row(name: &str) -> Option<&'static Row<&'static str>> {
    // Most names a list holds are no built-in: the catalog's match rules them out at once.
    if !super::catalog::is_builtin(name) {
        return None;
    }
    CAPABILITIES.iter().find(|row| row.tool == name)
}

/// What the built-in `name` lets the model do; `None` for a name the pinned catalog does not
/// have.
pub fn capabilities(name: &str) -> Option<Capabilities> {
    capability_row(name).map(Row::capabilities)
}

impl PolicyEntry {
    /// A portable policy (SPEC §7) as the entry a Copilot author would write by hand, from the
    /// pinned catalog (Windows' shell family too): `only` is an allow-list of the granted
    /// built-ins by bare name, so custom and MCP tools are kept as SPEC §1.4 keeps them;
    /// `disable` is a deny-list of the others; `disable: "*"` is an empty allow-list. Without
    /// MCP tools, the allow-list names `custom:*` alone and the deny-list adds `mcp:*`.
    pub fn from_portable(portable: &Portable) -> PolicyEntry {
        let builtins =
            |granted: bool| portable.built_ins(CAPABILITIES, granted).map(WireName::from_static).collect::<Vec<_>>();
        let (available, excluded) = match portable.shape() {
            PortableShape::Only(_) | PortableShape::DisableAll => {
                let mut names = match portable.shape() {
                    PortableShape::Only(_) => builtins(true),
                    _ => Vec::new(),
                };
                if !portable.keeps_mcp() {
                    names.push(WireName::from_static("custom:*"));
                }
                (Some(Selector::Tools(names)), None)
            }
            PortableShape::Disable(_) => {
                let mut names = builtins(false);
                if !portable.keeps_mcp() {
                    names.push(WireName::from_static("mcp:*"));
                }
                (None, Some(Selector::Tools(names)))
            }
        };
        PolicyEntry::trusted(ClientMode::CopilotCli, available, excluded)
    }
}

impl ResolvedPolicy {
    /// What a Copilot session receives for a portable policy (SPEC §7): the resolution of
    /// [`PolicyEntry::from_portable`], as `resolve --runtime copilot` of
    /// `{"capabilities": ..}` prints it.
    pub fn from_portable(portable: &Portable) -> ResolvedPolicy {
        PolicyEntry::from_portable(portable).resolve()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copilot::catalog::{BUILTIN_TOOLS, WINDOWS_TOOLS};

    #[test]
    fn every_built_in_has_capabilities() {
        let catalog: Vec<&str> = BUILTIN_TOOLS.iter().chain(WINDOWS_TOOLS).copied().collect();
        crate::capability::assert_covers(CAPABILITIES, &catalog);
    }
}
