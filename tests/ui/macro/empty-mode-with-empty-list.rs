const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    client_mode: empty,
    available_tools: [],
};
fn main() {}
