use tool_policy::Policy;
fn main() {
    let _ = Policy::builder().available_tools([]).client_mode_empty().build();
}
