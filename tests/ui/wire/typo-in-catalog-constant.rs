use tool_policy::{copilot, Policy};
fn main() {
    let _ = Policy::builder().excluded_tools([copilot::BAHS]).build();
}
