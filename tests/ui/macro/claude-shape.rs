const S: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    only: ["Read"],
    disable: "*",
};
const T: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
};
const U: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    disable: "all",
};
fn main() {}
