const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    strict: yes,
    excluded_tools: ["bash"],
};
fn main() {}
