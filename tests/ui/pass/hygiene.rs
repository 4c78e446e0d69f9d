// The expansion must not depend on names the user can shadow.
#![allow(dead_code, non_camel_case_types)]
struct Option;
struct Some;
struct None;
struct Vec;
struct Ok;
struct Cow;
mod core {}
mod std {}
mod __private {}
const POLICY: ::tool_policy::ResolvedPolicy = ::tool_policy::builtin_tools! {
    client_mode: empty,
    available_tools: ["mcp:*", "view"],
    excluded_tools: isolated,
};
const CLAUDE: ::tool_policy::ClaudeCodeSelection = ::tool_policy::builtin_tools! {
    runtime: claude_code,
    disable: ["Bash"],
};
fn main() {
    let _ = (POLICY, CLAUDE, G);
}
const G: ::tool_policy::GeminiSelection = ::tool_policy::builtin_tools! { runtime: gemini_cli, only: ["read_file", "mcp_a_b"] };
