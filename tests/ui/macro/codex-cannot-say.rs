const ONLY: tool_policy::CodexSelection = tool_policy::builtin_tools! {
    runtime: codex,
    only: ["view_image"],
};
const NO_SWITCH: tool_policy::CodexSelection = tool_policy::builtin_tools! {
    runtime: codex,
    disable: ["apply_patch", "write_stdin", "exec_comand"],
};
fn main() {}
