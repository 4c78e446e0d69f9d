const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    client_mode: emtpy,
    available_tools: ["mcp:*"],
};
const Q: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    client_mode: "empty",
    available_tools: ["mcp:*"],
};
fn main() {}
