use tool_policy::{wire, Policy};
fn main() {
    let _ = Policy::builder().excluded_isolated().excluded_tools([wire!("bash")]).build();
}
