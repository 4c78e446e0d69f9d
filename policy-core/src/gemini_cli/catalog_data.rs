// Generated from `policy-core/catalogs/gemini-cli.json` by `tests/catalog.rs`: edit the data and run
// `UPDATE_CATALOG=1 cargo test --test catalog`, never this file.

/// The builds of the CLI this catalog covers, the pinned one first.
pub const BUILDS: &[&str] = &["0.61.0"];

/// The CLI version the library pins: its live tests and its arguments are this build's.
pub const CLI_VERSION: &str = "0.61.0";

catalog! {
    /// A built-in tool of the Gemini CLI catalog.
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

/// One row per built-in, in catalog order.
pub const ROWS: &[Row<GeminiTool, Gemini>] = &[
    Row { tool: GeminiTool::ActivateSkill, aliases: &[], shows: &[C::Skill], hides: &[], because: "Activates a specialized agent skill by name", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Yolo], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::AskUser, aliases: &[], shows: &[C::Ask], hides: &[], because: "Requests clarification or missing information via an interactive dialog", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::CompleteTask, aliases: &[], shows: &[C::Meta], hides: &[], because: "Finalizes a subagent's mission and returns the result to the parent agent", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: true, registered_as: None } },
    Row { tool: GeminiTool::EnterPlanMode, aliases: &[], shows: &[C::Plan], hides: &[], because: "Switch to Plan Mode to safely research, design, and plan complex changes", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::ExitPlanMode, aliases: &[], shows: &[C::Plan], hides: &[], because: "Finalizes a plan, presents it for review, and requests approval", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Plan], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::GetInternalDocs, aliases: &[], shows: &[C::Meta], hides: &[], because: "Accesses Gemini CLI's own documentation", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::Glob, aliases: &[], shows: &[C::Search], hides: &[], because: "Efficiently finds files matching specific glob patterns", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan], investigator: true, registered_as: None } },
    Row { tool: GeminiTool::GoogleWebSearch, aliases: &[], shows: &[C::Web], hides: &[], because: "Performs a web search using Google Search", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::GrepSearch, aliases: &["search_file_content"], shows: &[C::Search, C::Read], hides: &[], because: "Searches for a regular expression pattern within file contents", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan], investigator: true, registered_as: None } },
    Row { tool: GeminiTool::InvokeAgent, aliases: &[], shows: &[C::Agent], hides: &[], because: "Invoke a subagent to perform a specific task or investigation", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::ListBackgroundProcesses, aliases: &[], shows: &[], hides: &[C::Execute], because: "Lists all active and recently completed background shell processes", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Yolo], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::ListDirectory, aliases: &[], shows: &[C::Read], hides: &[], because: "Lists the names of files and subdirectories directly within a specified directory path", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan], investigator: true, registered_as: None } },
    Row { tool: GeminiTool::ListMcpResources, aliases: &[], shows: &[C::Mcp], hides: &[], because: "Lists all available resources exposed by connected MCP servers", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::ReadBackgroundOutput, aliases: &[], shows: &[], hides: &[C::Execute], because: "Reads the output log of a background shell process", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Yolo], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::ReadFile, aliases: &[], shows: &[C::Read], hides: &[], because: "Reads and returns the content of a specified file", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan], investigator: true, registered_as: None } },
    Row { tool: GeminiTool::ReadManyFiles, aliases: &[], shows: &[C::Read], hides: &[], because: "Reads and concatenates content from multiple files", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::ReadMcpResource, aliases: &[], shows: &[C::Mcp], hides: &[], because: "Reads the content of a specific Model Context Protocol (MCP) resource", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::Replace, aliases: &[], shows: &[C::Edit], hides: &[], because: "Replaces text within a file", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::RunShellCommand, aliases: &[], shows: &[C::Execute, C::Read, C::Edit, C::Search, C::Web], hides: &[], because: "This tool executes a given shell command as `bash -c <command>`", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Yolo], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::TrackerAddDependency, aliases: &[], shows: &[C::Todo], hides: &[], because: "Adds a dependency between two tasks", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::TrackerCreateTask, aliases: &[], shows: &[C::Todo], hides: &[], because: "Creates a new task in the tracker", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::TrackerGetTask, aliases: &[], shows: &[C::Todo], hides: &[], because: "Retrieves details for a specific task", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::TrackerListTasks, aliases: &[], shows: &[C::Todo], hides: &[], because: "Lists tasks in the tracker", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::TrackerUpdateTask, aliases: &[], shows: &[C::Todo], hides: &[], because: "Updates an existing task in the tracker", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::TrackerVisualize, aliases: &[], shows: &[C::Todo], hides: &[], because: "Renders an ASCII tree visualization of the task graph", builds: &[], undecided: false, runtime: Gemini { modes: &[], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::UpdateTopic, aliases: &[], shows: &[C::Meta], hides: &[], because: "Manages your narrative flow", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan], investigator: false, registered_as: Some("UpdateTopicTool") } },
    Row { tool: GeminiTool::WebFetch, aliases: &[], shows: &[C::Web], hides: &[], because: "Processes content from URL(s), including local and private network addresses", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::AutoEdit, ApprovalMode::Yolo], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::WriteFile, aliases: &[], shows: &[C::Edit], hides: &[], because: "Writes content to a specified file in the local filesystem", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan], investigator: false, registered_as: None } },
    Row { tool: GeminiTool::WriteTodos, aliases: &[], shows: &[C::Todo], hides: &[], because: "Maintains an internal list of subtasks", builds: &[], undecided: false, runtime: Gemini { modes: &[ApprovalMode::Yolo], investigator: false, registered_as: None } },
];

/// Legacy names, with the tool each stands for. The CLI resolves them when the model calls
/// a tool, but neither `tools.core` nor a policy rule matches them (live cases
/// `control-core-alias` and `control-deny-alias`), so the library always writes the
/// tool's own name.
pub const ALIASES: &[(&str, GeminiTool)] = &[("search_file_content", GeminiTool::GrepSearch)];

/// Names earlier CLIs had and no build of the catalog knows.
pub const REMOVED: &[&str] = &["save_memory"];

/// Tools `tools.core` must also name by their registration name (the rows' `registered_as`):
/// the CLI registers a tool under `tools.core` when the list names the tool or its class,
/// and a tool class without a static name is known by its class name only.
pub const CORE_ALSO: &[(GeminiTool, &str)] = &[(GeminiTool::UpdateTopic, "UpdateTopicTool")];

/// What the model of a headless session is offered with no selection, in each approval
/// mode (the rows' `modes`, from the live baseline cases).
pub mod offered {
    use crate::gemini_cli::catalog::GeminiTool;

    /// `--approval-mode default`: tools that would ask for confirmation are not offered, since a
    /// headless session cannot ask.
    pub const DEFAULT: &[GeminiTool] = &[GeminiTool::EnterPlanMode, GeminiTool::Glob, GeminiTool::GoogleWebSearch, GeminiTool::GrepSearch, GeminiTool::InvokeAgent, GeminiTool::ListDirectory, GeminiTool::ReadFile, GeminiTool::UpdateTopic];

    /// `--approval-mode auto_edit`: the default set and the edit tools.
    pub const AUTO_EDIT: &[GeminiTool] = &[GeminiTool::EnterPlanMode, GeminiTool::Glob, GeminiTool::GoogleWebSearch, GeminiTool::GrepSearch, GeminiTool::InvokeAgent, GeminiTool::ListDirectory, GeminiTool::ReadFile, GeminiTool::Replace, GeminiTool::UpdateTopic, GeminiTool::WebFetch, GeminiTool::WriteFile];

    /// `--approval-mode yolo`: every tool a headless main session registers and can run. It is
    /// also what an allow-list (`tools.core`) can offer in the modes other than `plan`, since
    /// the CLI turns `tools.core` into allow rules there.
    pub const YOLO: &[GeminiTool] = &[GeminiTool::ActivateSkill, GeminiTool::EnterPlanMode, GeminiTool::Glob, GeminiTool::GoogleWebSearch, GeminiTool::GrepSearch, GeminiTool::InvokeAgent, GeminiTool::ListBackgroundProcesses, GeminiTool::ListDirectory, GeminiTool::ReadBackgroundOutput, GeminiTool::ReadFile, GeminiTool::Replace, GeminiTool::RunShellCommand, GeminiTool::UpdateTopic, GeminiTool::WebFetch, GeminiTool::WriteFile, GeminiTool::WriteTodos];

    /// `--approval-mode plan`: read-only tools, `exit_plan_mode`, and the edit tools (which plan
    /// mode limits to plan files).
    pub const PLAN: &[GeminiTool] = &[GeminiTool::ExitPlanMode, GeminiTool::Glob, GeminiTool::GoogleWebSearch, GeminiTool::GrepSearch, GeminiTool::InvokeAgent, GeminiTool::ListDirectory, GeminiTool::ReadFile, GeminiTool::Replace, GeminiTool::UpdateTopic, GeminiTool::WriteFile];

    /// What the model of the CLI's own sub-agent `codebase_investigator` (started through
    /// `invoke_agent`) is offered with no selection, in every approval mode measured.
    pub const INVESTIGATOR: &[GeminiTool] = &[GeminiTool::CompleteTask, GeminiTool::Glob, GeminiTool::GrepSearch, GeminiTool::ListDirectory, GeminiTool::ReadFile];

    /// Never offered to a headless main session's model, nor to `codebase_investigator`.
    pub const NEVER_HEADLESS: &[GeminiTool] = &[GeminiTool::AskUser, GeminiTool::GetInternalDocs, GeminiTool::ListMcpResources, GeminiTool::ReadManyFiles, GeminiTool::ReadMcpResource, GeminiTool::TrackerAddDependency, GeminiTool::TrackerCreateTask, GeminiTool::TrackerGetTask, GeminiTool::TrackerListTasks, GeminiTool::TrackerUpdateTask, GeminiTool::TrackerVisualize];
}
