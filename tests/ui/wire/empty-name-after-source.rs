const NAME: tool_policy::WireName = tool_policy::wire!("builtin:");
fn main() {}
