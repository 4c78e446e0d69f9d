// `strict: true`: a legacy Claude Code name is a compile error, not a rewrite.
const C: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    strict: true,
    only: ["Task", "Read"],
};
fn main() {}
