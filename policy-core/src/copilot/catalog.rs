//! The pinned GitHub Copilot CLI catalog (CLI 1.0.102, RPC `session.tools.getBuiltinDescriptors`).

/// The Copilot CLI version the catalog was read from.
pub const CLI_VERSION: &str = "1.0.102";
/// The runtime, as messages name it.
pub const RUNTIME: &str = "Copilot CLI";

/// Calls `$callback! { CONSTANT = "name", ... }` with every built-in of the pinned CLI on
/// Linux, in descriptor order: the one list the typed constants and lookups are generated from.
#[doc(hidden)]
#[macro_export]
macro_rules! __copilot_builtins {
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

macro_rules! names {
    ($($constant:ident = $name:literal,)*) => {
        /// Every built-in tool name of the pinned CLI on Linux, in descriptor order.
        pub const BUILTIN_TOOLS: &[&str] = &[$($name),*];

        /// Whether `name` is a built-in of the pinned CLI (on Linux or Windows).
        pub fn is_builtin(name: &str) -> bool {
            matches!(name, $($name)|*) || WINDOWS_TOOLS.contains(&name)
        }
    };
}
__copilot_builtins!(names);

/// The Windows replacements of the bash family.
pub const WINDOWS_TOOLS: &[&str] = &["powershell", "read_powershell", "stop_powershell", "list_powershell"];

/// The isolated set (SDK `BuiltInTools.Isolated`, Rust `BUILTIN_TOOLS_ISOLATED`), in order.
pub const ISOLATED: &[&str] = &[
    "ask_user",
    "task_complete",
    "exit_plan_mode",
    "task",
    "read_agent",
    "write_agent",
    "list_agents",
    "send_inbox",
    "context_board",
    "skill",
];

/// The built-ins offered by default (Linux, `copilot-cli` mode, no handlers), in request order.
pub const DEFAULT_OFFERED: &[&str] = &[
    "bash",
    "read_bash",
    "stop_bash",
    "list_bash",
    "view",
    "create",
    "edit",
    "web_fetch",
    "semantic_code_search",
    "skill",
    "sql",
    "read_agent",
    "list_agents",
    "write_agent",
    "grep",
    "glob",
    "task",
];

/// Built-ins the runtime offers only to a sub-agent whose list asks for them (`*`, the name,
/// or the alias `todo` for `update_todo`), never to the main agent (CLI 1.0.102, live). The
/// session's filter still applies to them.
pub const AGENT_ONLY: &[&str] = &["tool_search_tool", "update_todo"];

/// Names a sub-agent's `tools` list accepts for a family of built-ins (CLI 1.0.102), with the
/// built-ins each stands for. A built-in's own name stands for itself.
pub const AGENT_ALIASES: &[(&str, &[&str])] = &[
    ("bash", &["bash", "read_bash", "stop_bash", "list_bash"]),
    ("shell", &["bash", "read_bash", "stop_bash", "list_bash"]),
    ("execute", &["bash", "read_bash", "stop_bash", "list_bash"]),
    ("powershell", &["powershell", "read_powershell", "stop_powershell", "list_powershell"]),
    ("read", &["view"]),
    ("edit", &["create", "edit"]),
    ("agent", &["task", "read_agent", "list_agents", "write_agent"]),
    ("custom-agent", &["task", "read_agent", "list_agents", "write_agent"]),
    ("search", &["grep", "glob"]),
    ("web", &["web_fetch"]),
    ("todo", &["update_todo"]),
];

/// Every built-in name, Linux and Windows: the candidates of a did-you-mean.
pub fn all_builtins() -> impl Iterator<Item = &'static str> + Clone {
    BUILTIN_TOOLS.iter().chain(WINDOWS_TOOLS).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_shape() {
        let mut names = BUILTIN_TOOLS.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 32);
        assert!(ISOLATED.iter().all(|n| BUILTIN_TOOLS.contains(n)));
        assert!(DEFAULT_OFFERED.iter().all(|n| BUILTIN_TOOLS.contains(n)));
        for (_, members) in AGENT_ALIASES {
            assert!(members.iter().all(|m| is_builtin(m)), "{members:?}");
        }
        assert!(all_builtins().all(is_builtin));
        assert!(!is_builtin("Bash") && !is_builtin("shell"));
    }
}
