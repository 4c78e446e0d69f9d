const BASH: &str = "bash";
const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    excluded_tools: [BASH, 3, true, "view"],
};
fn main() {}
