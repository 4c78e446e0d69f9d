#![deny(warnings)]
// `strict: true` with catalog names and no lint compiles as the default form does; `allow`
// names a lint the strict form does not report.
use tool_policy::{builtin_tools, ClaudeCodeSelection, ResolvedPolicy};

const P: ResolvedPolicy = builtin_tools! {
    strict: true,
    allow: ["open-to-new-builtins"],
    excluded_tools: ["bash", "mcp:*", "custom:x"],
};
const Q: ResolvedPolicy = builtin_tools! { excluded_tools: ["bash", "mcp:*", "custom:x"] };
const R: ResolvedPolicy = builtin_tools! { strict: true, available_tools: ["view", "mcp:*"] };
const C: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, strict: true, only: ["Read"] };

fn main() {
    assert_eq!(P, Q);
    assert!(R.available_tools().is_some());
    assert_eq!(C.args(), ["--tools=Read", "--strict-mcp-config"]);
}
