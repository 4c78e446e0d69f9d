const S: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    disable: ["Agent", "Task"],
};
fn main() {}
