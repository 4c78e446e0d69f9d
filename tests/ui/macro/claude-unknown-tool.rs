const S: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    only: ["Read", "Glob2", "MultiEdit"],
};
fn main() {}
