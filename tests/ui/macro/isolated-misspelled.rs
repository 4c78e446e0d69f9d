const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    excluded_tools: isolate,
};
fn main() {}
