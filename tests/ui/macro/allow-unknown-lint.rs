const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    strict: true,
    allow: ["dead-alow", 3],
    available_tools: ["mcp:*"],
};
fn main() {}
