const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    excluded_tools: ["web fetch", "a.b", "bäsh", ""],
};
fn main() {}
