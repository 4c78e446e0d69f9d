const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    availableTools: ["bash"],
};
fn main() {}
