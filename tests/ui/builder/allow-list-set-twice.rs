use tool_policy::{wire, Policy};
fn main() {
    let _ = Policy::builder().available_tools([wire!("bash")]).available_isolated().build();
}
