use tool_policy::{wire, Policy};
fn main() {
    let _ = Policy::builder().client_mode_empty().excluded_tools([wire!("bash")]).build();
}
