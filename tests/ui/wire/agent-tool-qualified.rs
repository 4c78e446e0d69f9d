fn main() {
    let _ = tool_policy::agent_tool!("builtin:view");
}
