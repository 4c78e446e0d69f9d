#![deny(deprecated)]
fn main() {
    let selection: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
        runtime: claude_code,
        only: ["Task"],
    };
    drop(selection);
}
