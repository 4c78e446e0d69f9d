const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    available_tools: ["bash", "view", "builtin:bash"],
};
fn main() {}
