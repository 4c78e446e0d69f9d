const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    runtime: codex,
    available_tools: ["mcp:*"],
};
const Q: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    runtime: claude,
};
fn main() {}
