const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    available_tools: ["mcp:a:b", ":x"],
};
fn main() {}
