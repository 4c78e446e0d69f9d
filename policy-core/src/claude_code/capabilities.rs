//! What each built-in of the pinned Claude Code catalog lets the model do (SPEC §7), chosen from
//! the tool's own description in CLI 2.1.332 (quoted) and from what it can do: a tool gets
//! every capability it can exercise (a shell reaches the network; `Monitor` runs a script),
//! and where unsure, the wider set. `hides` is what its name does not say.

use super::catalog::ClaudeTool;
use super::catalog::ClaudeTool as T;
use crate::capability::Capability as C;
use crate::capability::{Capabilities, Row};

/// Everything a shell can do.
const SHELL: &[C] = &[C::Execute, C::Read, C::Edit, C::Search, C::Web];

const fn row(tool: ClaudeTool, shows: &'static [C], hides: &'static [C], because: &'static str) -> Row<ClaudeTool> {
    Row { tool, shows, hides, because }
}

/// One row per built-in, in catalog order.
pub const CAPABILITIES: &[Row<ClaudeTool>] = &[
    row(T::Agent, &[C::Agent], &[], "Launch a new agent to handle complex, multi-step tasks"),
    row(T::Artifact, &[], &[C::Read, C::Web], "Publish an artifact from files on disk"),
    row(T::AskUserQuestion, &[C::Ask], &[], "Asks the user multiple choice questions"),
    row(T::Bash, SHELL, &[], "Executes a bash command and returns its output"),
    row(T::ClaudeDesign, &[], &[C::Web], "Work with Claude Design (claude.ai/design)"),
    row(T::CronCreate, &[C::Schedule], &[], "Schedule a prompt to be enqueued at a future time"),
    row(T::CronDelete, &[C::Schedule], &[], "Cancel a cron job previously scheduled with CronCreate"),
    row(T::CronList, &[C::Schedule], &[], "List all cron jobs scheduled via CronCreate"),
    row(T::Edit, &[C::Edit], &[], "Performs exact string replacement in a file"),
    row(T::EndConversation, &[C::Meta], &[], "(no description in this CLI: gated off; it ends the conversation)"),
    row(T::EnterPlanMode, &[C::Plan], &[], "This tool transitions you into plan mode"),
    row(T::EnterWorktree, &[], &[C::Edit], "creates an isolated git worktree and switches the current session into it"),
    row(T::ExitPlanMode, &[C::Plan], &[], "Prompts the user to exit plan mode and start coding"),
    row(T::ExitWorktree, &[], &[C::Edit], "Exit a worktree session created by EnterWorktree"),
    row(T::Glob, &[C::Search], &[], "Fast file pattern matching"),
    row(T::Grep, &[C::Search, C::Read], &[], "Content search built on ripgrep"),
    row(T::ListAgents, &[C::Agent], &[], "Lists agents you can SendMessage to"),
    row(T::ListMcpResourcesTool, &[C::Mcp], &[], "Lists available resources from configured MCP servers"),
    row(
        T::Lsp,
        &[C::Read, C::Search],
        &[],
        "Interact with Language Server Protocol (LSP) servers to get code intelligence",
    ),
    row(T::Monitor, &[], SHELL, "Start a background monitor that streams events from a long-running script"),
    row(T::NotebookEdit, &[C::Edit], &[], "Replaces, inserts, or deletes a single cell in a Jupyter notebook"),
    row(T::OfferChromeSetup, &[C::Ask], &[], "Offer the user the one-time setup of Claude in Chrome"),
    row(T::PowerShell, SHELL, &[], "(the Bash rule governs it) its shell on Windows PCs"),
    row(T::Projects, &[], &[C::Read, C::Web], "Each one can still be read with the Projects tool"),
    row(T::ProposeSkills, &[C::Skill], &[C::Ask], "Show the user a review card of proposed skills to save"),
    row(T::PushNotification, &[C::Schedule], &[], "send a notification to the user via terminal and optionally mobile"),
    row(T::Read, &[C::Read], &[], "Reads a file from the local filesystem"),
    row(T::ReadMcpResourceDirTool, &[C::Mcp], &[], "List the direct children of a directory resource on an MCP server"),
    row(T::ReadMcpResourceTool, &[C::Mcp], &[], "Reads a specific resource from an MCP server"),
    row(
        T::ReadNotifications,
        &[C::Schedule],
        &[C::Agent],
        "GitHub activity on subscribed PRs, scheduled triggers ... and messages from other Claude sessions",
    ),
    row(T::RemoteTrigger, &[C::Schedule], &[C::Web], "Manage cloud scheduled tasks ... via the claude.ai CCR API"),
    row(
        T::ReportFindings,
        &[C::Meta],
        &[],
        "Report code-review findings as a typed list so the host UI can render them",
    ),
    row(T::ScheduleWakeup, &[C::Schedule], &[], "Schedule when to resume work in /loop dynamic mode"),
    row(T::SendFeedback, &[C::Meta], &[], "Queue a draft feedback report about Claude Code"),
    row(T::SendMessage, &[C::Agent], &[], "Send a message to another agent"),
    row(T::SendUserFile, &[], &[C::Read, C::Web], "Send files to the user"),
    row(T::SendUserMessage, &[C::Ask], &[], "Send a message the user will read"),
    row(T::SetGoal, &[C::Todo], &[], "Set a completion condition for this session's work"),
    row(
        T::ShareOnboardingGuide,
        &[],
        &[C::Read, C::Web],
        "Upload the ONBOARDING.md in the current directory and return a share link",
    ),
    row(
        T::ShowOnboardingRolePicker,
        &[C::Ask],
        &[C::Skill],
        "Render a clickable role-picker ... get a matching plugin installed",
    ),
    row(T::Skill, &[C::Skill], &[], "Invoke a skill"),
    row(T::SubagentHandback, &[C::Agent], &[], "(no description in this CLI; a sub-agent hands its work back)"),
    row(T::TaskCreate, &[C::Todo], &[], "create a structured task list for your current coding session"),
    row(T::TaskGet, &[C::Todo], &[], "retrieve a task by its ID from the task list"),
    row(T::TaskList, &[C::Todo], &[], "list all tasks in the task list"),
    row(
        T::TaskStop,
        &[],
        &[C::Execute, C::Agent],
        "Stops a running background task ... To stop an agent-team teammate",
    ),
    row(T::TaskUpdate, &[C::Todo], &[], "update a task in the task list"),
    row(T::TodoWrite, &[C::Todo], &[], "create and manage a structured task list for your current coding session"),
    row(T::ToolSearch, &[C::Meta], &[], "Fetches full schema definitions for deferred tools"),
    row(T::WaitForMcpServers, &[C::Meta], &[C::Mcp], "Wait for MCP servers that are still connecting"),
    row(T::WebFetch, &[C::Web], &[], "Fetches a URL, converts the page to markdown"),
    row(T::WebSearch, &[C::Web], &[], "Search the web"),
    row(T::Workflow, &[C::Schedule], &[C::Agent], "Execute a workflow script that orchestrates multiple subagents"),
    row(T::Write, &[C::Edit], &[], "Writes a file to the local filesystem"),
];

impl ClaudeTool {
    /// This built-in's row of [`CAPABILITIES`].
    pub fn capability_row(self) -> &'static Row<ClaudeTool> {
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
        crate::capability::assert_covers(CAPABILITIES, ClaudeTool::ALL);
    }
}
