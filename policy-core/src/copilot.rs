//! The pinned GitHub Copilot CLI catalog (CLI 1.0.102, RPC
//! `session.tools.getBuiltinDescriptors`), and a typed constant for every built-in name.
//!
//! A typo in a constant (`copilot::BAHS`) is an unresolved-name error with rustc's own
//! suggestion. The constants are bare names, exactly like `wire!("bash")`: in an allow-list
//! they govern built-ins only (SPEC §1.4 rule 3).

use crate::wire::WireName;

/// The Copilot CLI version the catalog was read from.
pub const CLI_VERSION: &str = "1.0.102";

macro_rules! catalog {
    ($($constant:ident = $name:literal,)*) => {
        $(
            #[doc = concat!("The built-in tool `", $name, "`.")]
            pub const $constant: WireName = WireName::from_static($name);
        )*
        /// Every built-in tool name of the pinned CLI on Linux, in descriptor order.
        pub const BUILTIN_TOOLS: [&str; 32] = [$($name),*];

        /// The catalog's own `'static` wire name for `text` when it is a catalog name, bare
        /// (`bash`) or qualified (`builtin:bash`): parsing and qualifying the common names
        /// then allocates nothing.
        pub(crate) fn interned(text: &str) -> Option<WireName> {
            Some(match text {
                $($name => $constant,)*
                $(concat!("builtin:", $name) => WireName::from_static(concat!("builtin:", $name)),)*
                _ => return None,
            })
        }

        /// `builtin:<name>` as a `'static` wire name, for a catalog name.
        pub(crate) fn qualified(name: &str) -> Option<WireName> {
            Some(match name {
                $($name => WireName::from_static(concat!("builtin:", $name)),)*
                _ => return None,
            })
        }

        /// Whether `name` is a built-in of the pinned CLI (on Linux or Windows).
        pub fn is_builtin(name: &str) -> bool {
            matches!(name, $($name)|* | "powershell" | "read_powershell" | "stop_powershell" | "list_powershell")
        }
    };
}

catalog! {
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

/// The Windows replacements of the bash family.
pub const WINDOWS_TOOLS: [&str; 4] = ["powershell", "read_powershell", "stop_powershell", "list_powershell"];

/// The isolated set (SDK `BuiltInTools.Isolated`, Rust `BUILTIN_TOOLS_ISOLATED`), in order.
pub const ISOLATED: [&str; 10] = [
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

/// The isolated set, source-qualified, as an allow- or deny-list receives it.
pub(crate) const ISOLATED_QUALIFIED: [WireName; 10] = [
    WireName::from_static("builtin:ask_user"),
    WireName::from_static("builtin:task_complete"),
    WireName::from_static("builtin:exit_plan_mode"),
    WireName::from_static("builtin:task"),
    WireName::from_static("builtin:read_agent"),
    WireName::from_static("builtin:write_agent"),
    WireName::from_static("builtin:list_agents"),
    WireName::from_static("builtin:send_inbox"),
    WireName::from_static("builtin:context_board"),
    WireName::from_static("builtin:skill"),
];

/// The built-ins offered by default (Linux, `copilot-cli` mode, no handlers), in request order.
pub const DEFAULT_OFFERED: [&str; 17] = [
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

/// The catalog name nearest to `name`, for a did-you-mean.
pub fn suggest(name: &str) -> Option<&'static str> {
    crate::suggest::did_you_mean(name, BUILTIN_TOOLS.into_iter().chain(WINDOWS_TOOLS))
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
        for (bare, qualified) in ISOLATED.iter().zip(&ISOLATED_QUALIFIED) {
            assert_eq!(qualified.name(), *bare);
        }
    }

    #[test]
    fn constants_are_bare_catalog_names() {
        assert_eq!(BASH.as_str(), "bash");
        assert_eq!(WEB_FETCH.as_str(), "web_fetch");
        assert!(!BASH.is_qualified());
        assert_eq!(suggest("bsah"), Some("bash"));
        assert_eq!(suggest("webfetch"), Some("web_fetch"));
        for name in BUILTIN_TOOLS.iter().chain(&WINDOWS_TOOLS) {
            assert!(is_builtin(name));
        }
        assert!(!is_builtin("Bash") && !is_builtin("shell"));
    }
}
