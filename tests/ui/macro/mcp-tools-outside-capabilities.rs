// `mcp_tools` has one home, a portable policy: beside a selection it restricts nothing.
const READER: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    only: ["Read"],
    mcp_tools: none,
};

fn main() {}
