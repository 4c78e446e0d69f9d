// A catalog grows with the CLI: a `match` outside the crate needs a wildcard arm, so a
// catalog update is a minor release.
fn name(tool: tool_policy::ClaudeTool) -> &'static str {
    match tool {
        tool_policy::ClaudeTool::Read => "read",
        tool_policy::ClaudeTool::Bash => "bash",
    }
}
fn main() {
    let _ = name(tool_policy::ClaudeTool::Read);
}
