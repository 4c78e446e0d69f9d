// A Codex CLI selection from the macro is the one the JSON reader makes, and a `const`.
use tool_policy::codex::CodexArgs;
use tool_policy::{CodexSelection, builtin_tools};

const NO_SHELL: CodexSelection = builtin_tools! {
    runtime: codex,
    disable: ["exec_command", "write_stdin", "mcp__docs__*"],
    allow: ["open-to-new-builtins"],
    strict: true,
};

fn main() {
    let read = CodexSelection::from_json(r#"{"disable": ["exec_command", "write_stdin", "mcp__docs__*"]}"#).unwrap();
    assert_eq!(read.selection, Some(NO_SHELL));
    let args = CodexArgs::new(Some(NO_SHELL)).unwrap().args();
    assert_eq!(args, ["--strict-config", "--disable", "shell_tool", "-c", "mcp_servers.docs.enabled=false"]);
    assert_eq!(NO_SHELL.offered(&["mcp__docs__search"]).len(), 8, "the docs server is disabled: nothing deferred");
}
