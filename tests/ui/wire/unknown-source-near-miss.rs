const NAME: tool_policy::WireName = tool_policy::wire!("mpc:*");
fn main() {}
