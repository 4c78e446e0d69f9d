const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    excluded_tools: ["bash"],
    excluded_tools: ["view"],
};
fn main() {}
