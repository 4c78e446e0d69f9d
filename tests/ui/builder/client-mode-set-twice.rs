use tool_policy::Policy;
fn main() {
    let _ = Policy::builder().client_mode_empty().available_isolated().client_mode_empty().build();
}
