extern crate tool_policy as renamed;
const POLICY: renamed::ResolvedPolicy = renamed::builtin_tools! { excluded_tools: ["bash"] };
fn main() {
    assert_eq!(POLICY.excluded_tools().unwrap().to_strings(), ["builtin:bash"]);
}
