//! What each built-in of the pinned Gemini CLI catalog lets the model do (SPEC §7), chosen from
//! the tool's own description in CLI 0.61.0 (quoted) and from what it can do: a tool gets
//! every capability it can exercise (`read_background_output` reads what a command runs), and
//! where unsure, the wider set. `hides` is what its name does not say.

use super::catalog::GeminiTool;
use super::catalog::GeminiTool as T;
use crate::capability::Capability as C;
use crate::capability::{Capabilities, Row};

/// Everything a shell can do.
const SHELL: &[C] = &[C::Execute, C::Read, C::Edit, C::Search, C::Web];

const fn row(tool: GeminiTool, shows: &'static [C], hides: &'static [C], because: &'static str) -> Row<GeminiTool> {
    Row { tool, shows, hides, because }
}

/// One row per built-in, in catalog order.
pub const CAPABILITIES: &[Row<GeminiTool>] = &[
    row(T::ActivateSkill, &[C::Skill], &[], "Activates a specialized agent skill by name"),
    row(T::AskUser, &[C::Ask], &[], "Requests clarification or missing information via an interactive dialog"),
    row(T::CompleteTask, &[C::Meta], &[], "Finalizes a subagent's mission and returns the result to the parent agent"),
    row(T::EnterPlanMode, &[C::Plan], &[], "Switch to Plan Mode to safely research, design, and plan complex changes"),
    row(T::ExitPlanMode, &[C::Plan], &[], "Finalizes a plan, presents it for review, and requests approval"),
    row(T::GetInternalDocs, &[C::Meta], &[], "Accesses Gemini CLI's own documentation"),
    row(T::Glob, &[C::Search], &[], "Efficiently finds files matching specific glob patterns"),
    row(T::GoogleWebSearch, &[C::Web], &[], "Performs a web search using Google Search"),
    row(T::GrepSearch, &[C::Search, C::Read], &[], "Searches for a regular expression pattern within file contents"),
    row(T::InvokeAgent, &[C::Agent], &[], "Invoke a subagent to perform a specific task or investigation"),
    row(
        T::ListBackgroundProcesses,
        &[],
        &[C::Execute],
        "Lists all active and recently completed background shell processes",
    ),
    row(
        T::ListDirectory,
        &[C::Read],
        &[],
        "Lists the names of files and subdirectories directly within a specified directory path",
    ),
    row(T::ListMcpResources, &[C::Mcp], &[], "Lists all available resources exposed by connected MCP servers"),
    row(T::ReadBackgroundOutput, &[], &[C::Execute], "Reads the output log of a background shell process"),
    row(T::ReadFile, &[C::Read], &[], "Reads and returns the content of a specified file"),
    row(T::ReadManyFiles, &[C::Read], &[], "Reads and concatenates content from multiple files"),
    row(T::ReadMcpResource, &[C::Mcp], &[], "Reads the content of a specific Model Context Protocol (MCP) resource"),
    row(T::Replace, &[C::Edit], &[], "Replaces text within a file"),
    row(T::RunShellCommand, SHELL, &[], "This tool executes a given shell command as `bash -c <command>`"),
    row(T::TrackerAddDependency, &[C::Todo], &[], "Adds a dependency between two tasks"),
    row(T::TrackerCreateTask, &[C::Todo], &[], "Creates a new task in the tracker"),
    row(T::TrackerGetTask, &[C::Todo], &[], "Retrieves details for a specific task"),
    row(T::TrackerListTasks, &[C::Todo], &[], "Lists tasks in the tracker"),
    row(T::TrackerUpdateTask, &[C::Todo], &[], "Updates an existing task in the tracker"),
    row(T::TrackerVisualize, &[C::Todo], &[], "Renders an ASCII tree visualization of the task graph"),
    row(T::UpdateTopic, &[C::Meta], &[], "Manages your narrative flow"),
    row(T::WebFetch, &[C::Web], &[], "Processes content from URL(s), including local and private network addresses"),
    row(T::WriteFile, &[C::Edit], &[], "Writes content to a specified file in the local filesystem"),
    row(T::WriteTodos, &[C::Todo], &[], "Maintains an internal list of subtasks"),
];

impl GeminiTool {
    /// This built-in's row of [`CAPABILITIES`].
    pub fn capability_row(self) -> &'static Row<GeminiTool> {
        &CAPABILITIES[self as usize]
    }

    /// What this built-in lets the model do.
    pub fn capabilities(self) -> Capabilities {
        self.capability_row().capabilities()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_has_capabilities() {
        crate::capability::assert_covers(CAPABILITIES, GeminiTool::ALL);
    }
}
