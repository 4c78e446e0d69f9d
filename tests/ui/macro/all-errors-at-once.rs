const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    client_mode: empty,
    available_tools: ["foo:bar"],
    excluded_tools: ["bash", "builtin:bash"],
    availabel_tools: [],
};
fn main() {}
