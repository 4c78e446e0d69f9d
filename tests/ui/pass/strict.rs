#![deny(warnings)]
// `strict: true` with catalog names only compiles as the default form does.
use tool_policy::{builtin_tools, ClaudeCodeSelection, ResolvedPolicy};

const P: ResolvedPolicy = builtin_tools! { strict: true, excluded_tools: ["bash", "mcp:*", "custom:x"] };
const Q: ResolvedPolicy = builtin_tools! { excluded_tools: ["bash", "mcp:*", "custom:x"] };
const C: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, strict: true, only: ["Read"] };

fn main() {
    assert_eq!(P, Q);
    assert_eq!(C.args(), ["--tools=Read", "--strict-mcp-config"]);
}
