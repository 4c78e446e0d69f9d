const C: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    disable: ["task", "MultiEdit"],
};
fn main() {}
