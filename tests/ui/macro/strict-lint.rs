// `strict: true`: a rule that does nothing is a compile error, named by its lint.
const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    strict: true,
    available_tools: ["mcp:*"],
    excluded_tools: ["bash"],
};
const C: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    strict: true,
    disable: ["WebFetch"],
};
fn main() {}
