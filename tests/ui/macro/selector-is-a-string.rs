const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    available_tools: "*",
};
fn main() {}
