use tool_policy::Policy;
fn main() {
    let _ = Policy::builder().excluded_tools(["bash"]).build();
}
