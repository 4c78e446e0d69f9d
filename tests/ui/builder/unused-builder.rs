#![deny(unused_must_use)]
use tool_policy::{wire, Policy};
fn main() {
    Policy::builder().excluded_tools([wire!("bash")]);
}
