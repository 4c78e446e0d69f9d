const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    client_mode: empty,
    excluded_tools: ["bash"],
};
fn main() {}
