const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    runtime: cursor,
    available_tools: ["mcp:*"],
};
const Q: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    runtime: claude,
};
fn main() {}
