// Generated from `policy-core/catalogs/copilot.json` by `tests/catalog.rs`: edit the data and run
// `UPDATE_CATALOG=1 cargo test --test catalog`, never this file.

/// The builds of the CLI this catalog covers, the pinned one first.
pub const BUILDS: &[&str] = &["1.0.102"];

/// The CLI version the library pins: its live tests and its arguments are this build's.
pub const CLI_VERSION: &str = "1.0.102";

/// Calls `$callback! { CONSTANT = "name", ... }` with every built-in of the pinned CLI on
/// Linux, in descriptor order: the one list the typed constants and lookups are generated from.
macro_rules! builtins {
    ($callback:ident) => {
        $callback! {
            BASH = "bash",
            READ_BASH = "read_bash",
            STOP_BASH = "stop_bash",
            LIST_BASH = "list_bash",
            FETCH_COPILOT_CLI_DOCUMENTATION = "fetch_copilot_cli_documentation",
            ASK_USER = "ask_user",
            DYNAMIC_WORKFLOWS_MANAGE = "dynamic_workflows_manage",
            CONTEXT_BOARD = "context_board",
            EXIT_PLAN_MODE = "exit_plan_mode",
            READ_INBOX = "read_inbox",
            RUN_DYNAMIC_WORKFLOW = "run_dynamic_workflow",
            LIST_AGENTS = "list_agents",
            MANAGE_SCHEDULE = "manage_schedule",
            READ_AGENT = "read_agent",
            APPLY_PATCH = "apply_patch",
            CREATE = "create",
            EDIT = "edit",
            STR_REPLACE_EDITOR = "str_replace_editor",
            SEND_INBOX = "send_inbox",
            SQL = "sql",
            SKILL = "skill",
            TASK_COMPLETE = "task_complete",
            GENERIC_TOOL_SEARCH = "generic_tool_search",
            TOOL_SEARCH_TOOL = "tool_search_tool",
            UPDATE_TODO = "update_todo",
            VIEW = "view",
            WEB_FETCH = "web_fetch",
            WRITE_AGENT = "write_agent",
            SEMANTIC_CODE_SEARCH = "semantic_code_search",
            GREP = "grep",
            GLOB = "glob",
            TASK = "task",
        }
    };
}

/// One row per built-in, in catalog order: Linux's, then Windows' shell family.
pub const ROWS: &[Row<&str, Copilot>] = &[
    Row { tool: "bash", aliases: &["shell", "execute"], shows: &[C::Execute, C::Read, C::Edit, C::Search, C::Web], hides: &[], because: "Runs a Bash command ... You can run Python, Node.js and Go code", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "read_bash", aliases: &["bash", "shell", "execute"], shows: &[], hides: &[C::Execute], because: "Reads output from a Bash command", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "stop_bash", aliases: &["bash", "shell", "execute"], shows: &[], hides: &[C::Execute], because: "Stops a running Bash command by terminating its process tree", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "list_bash", aliases: &["bash", "shell", "execute"], shows: &[], hides: &[C::Execute], because: "Lists all active Bash sessions", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "fetch_copilot_cli_documentation", aliases: &[], shows: &[C::Meta], hides: &[], because: "Fetch authoritative GitHub Copilot CLI README/help", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "ask_user", aliases: &[], shows: &[C::Ask], hides: &[], because: "Ask the user a question and wait for their response", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "dynamic_workflows_manage", aliases: &[], shows: &[C::Schedule], hides: &[C::Agent], because: "Manage registered agent workflows ... coordinates multiple subagents", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "context_board", aliases: &[], shows: &[C::Meta], hides: &[C::Agent], because: "Manage the dynamic context board ... Remove an agent-created item", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "exit_plan_mode", aliases: &[], shows: &[C::Plan], hides: &[], because: "Exit plan mode and return to normal interactive mode", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "read_inbox", aliases: &[], shows: &[], hides: &[C::Agent], because: "Reads a message from the session inbox", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "run_dynamic_workflow", aliases: &[], shows: &[C::Schedule], hides: &[C::Agent], because: "Starts a registered workflow ... a workflow may spawn dozens of agents", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "list_agents", aliases: &["agent", "custom-agent"], shows: &[C::Agent], hides: &[], because: "Lists visible background agents by status", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "manage_schedule", aliases: &[], shows: &[C::Schedule], hides: &[], because: "Manage scheduled prompts", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "read_agent", aliases: &["agent", "custom-agent"], shows: &[C::Agent], hides: &[], because: "Reads a background agent's status and results", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "apply_patch", aliases: &[], shows: &[C::Edit], hides: &[], because: "Use the `apply_patch` tool to edit files", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "create", aliases: &["edit"], shows: &[C::Edit], hides: &[], because: "Tool for creating new files", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "edit", aliases: &[], shows: &[C::Edit], hides: &[], because: "Tool for making string replacements in files", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "str_replace_editor", aliases: &[], shows: &[C::Edit], hides: &[C::Read], because: "Editing tool for viewing, creating and editing files", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "send_inbox", aliases: &[], shows: &[], hides: &[C::Agent], because: "Sends context into the session inbox for the main agent to read later", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "sql", aliases: &[], shows: &[], hides: &[C::Todo], because: "Query the session SQLite database ... `todos` and `todo_deps` already exist", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "skill", aliases: &[], shows: &[C::Skill], hides: &[], because: "(an empty description: it loads the session's skills)", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "task_complete", aliases: &[], shows: &[C::Meta], hides: &[], because: "Mark the current task as complete", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "generic_tool_search", aliases: &[], shows: &[C::Meta], hides: &[], because: "Search for tools in the tool registry", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: false } },
    Row { tool: "tool_search_tool", aliases: &[], shows: &[C::Meta], hides: &[], because: "Searches for functions by matching a regex pattern against tool names", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: true } },
    Row { tool: "update_todo", aliases: &["todo"], shows: &[C::Todo], hides: &[], because: "Use this TODO tool to manage the tasks that must be completed", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: false, asked_only: true } },
    Row { tool: "view", aliases: &["read"], shows: &[C::Read], hides: &[], because: "View files, images, or directories", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "web_fetch", aliases: &["web"], shows: &[C::Web], hides: &[], because: "Fetches a URL from the internet", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "write_agent", aliases: &["agent", "custom-agent"], shows: &[C::Agent], hides: &[], because: "Sends a message to one or more running or idle background agents", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "semantic_code_search", aliases: &[], shows: &[C::Search, C::Read], hides: &[C::Web], because: "Search one GitHub repository's indexed default branch", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "grep", aliases: &["search"], shows: &[C::Search, C::Read], hides: &[], because: "Search file contents quickly and precisely with ripgrep", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "glob", aliases: &["search"], shows: &[C::Search], hides: &[], because: "Find files quickly by glob pattern", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "task", aliases: &["agent", "custom-agent"], shows: &[C::Agent], hides: &[], because: "Launch specialized agents in separate context windows", builds: &[], undecided: false, runtime: Copilot { offered: true, windows: false, asked_only: false } },
    Row { tool: "powershell", aliases: &[], shows: &[C::Execute, C::Read, C::Edit, C::Search, C::Web], hides: &[], because: "(Windows: the bash family's replacement)", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: true, asked_only: false } },
    Row { tool: "read_powershell", aliases: &["powershell"], shows: &[], hides: &[C::Execute], because: "(Windows: as read_bash)", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: true, asked_only: false } },
    Row { tool: "stop_powershell", aliases: &["powershell"], shows: &[], hides: &[C::Execute], because: "(Windows: as stop_bash)", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: true, asked_only: false } },
    Row { tool: "list_powershell", aliases: &["powershell"], shows: &[], hides: &[C::Execute], because: "(Windows: as list_bash)", builds: &[], undecided: false, runtime: Copilot { offered: false, windows: true, asked_only: false } },
];

/// The Windows replacements of the bash family.
pub const WINDOWS_TOOLS: &[&str] = &["powershell", "read_powershell", "stop_powershell", "list_powershell"];

/// The isolated set (SDK `BuiltInTools.Isolated`, Rust `BUILTIN_TOOLS_ISOLATED`), in order.
pub const ISOLATED: &[&str] = &["ask_user", "task_complete", "exit_plan_mode", "task", "read_agent", "write_agent", "list_agents", "send_inbox", "context_board", "skill"];

/// The built-ins offered by default (Linux, `copilot-cli` mode, no handlers), in catalog order.
pub const DEFAULT_OFFERED: &[&str] = &["bash", "read_bash", "stop_bash", "list_bash", "list_agents", "read_agent", "create", "edit", "sql", "skill", "view", "web_fetch", "write_agent", "semantic_code_search", "grep", "glob", "task"];

/// Built-ins the runtime offers only to a sub-agent whose list asks for them (`*`, the name,
/// or an alias), never to the main agent. The session's filter still applies to them.
pub const AGENT_ONLY: &[&str] = &["tool_search_tool", "update_todo"];

/// Names a sub-agent's `tools` list accepts for a family of built-ins, with the built-ins
/// each stands for (the rows' `aliases`). A built-in's own name stands for itself.
pub const AGENT_ALIASES: &[(&str, &[&str])] = &[("shell", &["bash", "read_bash", "stop_bash", "list_bash"]), ("execute", &["bash", "read_bash", "stop_bash", "list_bash"]), ("bash", &["bash", "read_bash", "stop_bash", "list_bash"]), ("agent", &["list_agents", "read_agent", "write_agent", "task"]), ("custom-agent", &["list_agents", "read_agent", "write_agent", "task"]), ("edit", &["edit", "create"]), ("todo", &["update_todo"]), ("read", &["view"]), ("web", &["web_fetch"]), ("search", &["grep", "glob"]), ("powershell", &["powershell", "read_powershell", "stop_powershell", "list_powershell"])];
