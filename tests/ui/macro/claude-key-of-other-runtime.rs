const S: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    only: ["Read"],
    excluded_tools: ["bash"],
};
const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    only: ["Read"],
};
fn main() {}
