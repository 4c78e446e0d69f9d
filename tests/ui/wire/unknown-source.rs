const NAME: tool_policy::WireName = tool_policy::wire!("foo:bar");
fn main() {}
