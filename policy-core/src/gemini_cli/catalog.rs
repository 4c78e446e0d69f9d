//! The pinned Gemini CLI catalog (CLI 0.61.0): 29 built-in names, the legacy alias, the
//! removed name, and what a headless session offers in each approval mode.
//!
//! Read from the package itself (`bundle/docs/reference/tools.md`, and the bundle's
//! `ALL_BUILTIN_TOOL_NAMES`, `TOOL_LEGACY_ALIASES` and the two background-shell tools it
//! registers beside them) and from a live sweep of the CLI against a fake model
//! (`tests/live`, `shared/probes/gemini-cli`).

/// The Gemini CLI version the catalog was read from.
pub const CLI_VERSION: &str = "0.61.0";
/// The runtime, as messages name it.
pub const RUNTIME: &str = "Gemini CLI";

catalog! {
    /// A built-in tool of the pinned Gemini CLI.
    GeminiTool;
    ActivateSkill = "activate_skill",
    AskUser = "ask_user",
    CompleteTask = "complete_task",
    EnterPlanMode = "enter_plan_mode",
    ExitPlanMode = "exit_plan_mode",
    GetInternalDocs = "get_internal_docs",
    Glob = "glob",
    GoogleWebSearch = "google_web_search",
    GrepSearch = "grep_search",
    InvokeAgent = "invoke_agent",
    ListBackgroundProcesses = "list_background_processes",
    ListDirectory = "list_directory",
    ListMcpResources = "list_mcp_resources",
    ReadBackgroundOutput = "read_background_output",
    ReadFile = "read_file",
    ReadManyFiles = "read_many_files",
    ReadMcpResource = "read_mcp_resource",
    Replace = "replace",
    RunShellCommand = "run_shell_command",
    TrackerAddDependency = "tracker_add_dependency",
    TrackerCreateTask = "tracker_create_task",
    TrackerGetTask = "tracker_get_task",
    TrackerListTasks = "tracker_list_tasks",
    TrackerUpdateTask = "tracker_update_task",
    TrackerVisualize = "tracker_visualize",
    UpdateTopic = "update_topic",
    WebFetch = "web_fetch",
    WriteFile = "write_file",
    WriteTodos = "write_todos",
}

/// Legacy names, with the tool each stands for. The CLI resolves them when the model calls a
/// tool, but neither `tools.core` nor a policy rule matches them (live cases
/// `control-core-alias` and `control-deny-alias`), so the library always writes the tool's
/// own name.
pub const ALIASES: &[(&str, GeminiTool)] = &[("search_file_content", GeminiTool::GrepSearch)];

/// Names earlier CLIs had and 0.61.0 no longer knows (the bundle's prompt: "There is no
/// `save_memory` tool").
pub const REMOVED: &[&str] = &["save_memory"];

/// Tools `tools.core` must also name by their registration name: the CLI registers a tool
/// under `tools.core` when the list names the tool or its class, and a tool class without a
/// static name is known by its class name only. Listing `update_topic` alone registers
/// nothing (live case `default: only [write_todos, activate_skill, update_topic]`).
pub const CORE_ALSO: &[(GeminiTool, &str)] = &[(GeminiTool::UpdateTopic, "UpdateTopicTool")];

/// The prefix of every MCP tool name (`mcp_<server>_<tool>`).
pub const MCP_PREFIX: &str = "mcp_";

/// What the model of a headless session is offered with no selection, in each approval
/// mode (live baseline cases).
pub mod offered {
    use crate::gemini_cli::catalog::GeminiTool::{
        self, ActivateSkill, AskUser, CompleteTask, EnterPlanMode, ExitPlanMode, GetInternalDocs, Glob,
        GoogleWebSearch, GrepSearch, InvokeAgent, ListBackgroundProcesses, ListDirectory, ReadBackgroundOutput,
        ReadFile, ReadManyFiles, Replace, RunShellCommand, TrackerAddDependency, TrackerCreateTask, TrackerGetTask,
        TrackerListTasks, TrackerUpdateTask, TrackerVisualize, UpdateTopic, WebFetch, WriteFile, WriteTodos,
    };

    /// `--approval-mode default`: tools that would ask for confirmation are not offered,
    /// since a headless session cannot ask.
    pub const DEFAULT: &[GeminiTool] =
        &[EnterPlanMode, Glob, GoogleWebSearch, GrepSearch, InvokeAgent, ListDirectory, ReadFile, UpdateTopic];

    /// `--approval-mode auto_edit`: the default set and the edit tools.
    pub const AUTO_EDIT: &[GeminiTool] = &[
        EnterPlanMode,
        Glob,
        GoogleWebSearch,
        GrepSearch,
        InvokeAgent,
        ListDirectory,
        ReadFile,
        Replace,
        UpdateTopic,
        WebFetch,
        WriteFile,
    ];

    /// `--approval-mode yolo`: every tool a headless main session registers and can run.
    /// It is also what an allow-list (`tools.core`) can offer in the modes other than
    /// `plan`, since the CLI turns `tools.core` into allow rules there.
    pub const YOLO: &[GeminiTool] = &[
        ActivateSkill,
        EnterPlanMode,
        Glob,
        GoogleWebSearch,
        GrepSearch,
        InvokeAgent,
        ListBackgroundProcesses,
        ListDirectory,
        ReadBackgroundOutput,
        ReadFile,
        Replace,
        RunShellCommand,
        UpdateTopic,
        WebFetch,
        WriteFile,
        WriteTodos,
    ];

    /// `--approval-mode plan`: read-only tools, `exit_plan_mode`, and the edit tools (which
    /// plan mode limits to plan files).
    pub const PLAN: &[GeminiTool] = &[
        ExitPlanMode,
        Glob,
        GoogleWebSearch,
        GrepSearch,
        InvokeAgent,
        ListDirectory,
        ReadFile,
        Replace,
        UpdateTopic,
        WriteFile,
    ];

    /// What the model of the CLI's own sub-agent `codebase_investigator` (started through
    /// `invoke_agent`) is offered with no selection, in every approval mode measured.
    pub const INVESTIGATOR: &[GeminiTool] = &[CompleteTask, Glob, GrepSearch, ListDirectory, ReadFile];

    /// Never offered to a headless main session's model: `ask_user` needs a terminal,
    /// `complete_task` belongs to sub-agents, the tracker is experimental and off, and
    /// `read_many_files` and `get_internal_docs` are not registered for the main session.
    pub const NEVER_HEADLESS: &[GeminiTool] = &[
        AskUser,
        CompleteTask,
        GetInternalDocs,
        ReadManyFiles,
        TrackerAddDependency,
        TrackerCreateTask,
        TrackerGetTask,
        TrackerListTasks,
        TrackerUpdateTask,
        TrackerVisualize,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_has_29_names() {
        assert_eq!(GeminiTool::ALL.len(), 29);
        for (tool, name) in GeminiTool::ALL.iter().zip(GeminiTool::NAMES) {
            assert_eq!(tool.name(), *name);
            assert_eq!(GeminiTool::from_canonical(name), Some(*tool));
        }
        let mut sorted = GeminiTool::NAMES.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, GeminiTool::NAMES, "catalog order is name order");
        for (alias, _) in ALIASES {
            assert!(GeminiTool::from_canonical(alias).is_none());
        }
        assert_eq!(offered::DEFAULT.len(), 8);
        assert_eq!(offered::AUTO_EDIT.len(), 11);
        assert_eq!(offered::YOLO.len(), 16);
        assert_eq!(offered::PLAN.len(), 10);
        for tool in offered::NEVER_HEADLESS {
            assert!(!offered::YOLO.contains(tool) && !offered::PLAN.contains(tool));
        }
    }
}
