// rustc's lints over the expansions; clippy's are held by tests/lint_clean.rs, since rustc ignores them.
#![deny(warnings, unused_qualifications)]
use tool_policy::{builtin_tools, wire, ClaudeCodeSelection, Policy, ResolvedPolicy, WireName};

const LOCKED: ResolvedPolicy = builtin_tools! { client_mode: empty, available_tools: ["mcp:*"] };
static STATIC: ResolvedPolicy = builtin_tools! { excluded_tools: ["*"], available_tools: ["bash", "mcp:*"], };
const CLAUDE: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, disable: "*" };
const NAME: WireName = wire!("custom:lookup");

fn main() {
    let local = builtin_tools! {};
    let built = Policy::builder().client_mode_empty().available_tools([wire!("mcp:*")]).build();
    assert_eq!(built, LOCKED);
    assert_eq!(local, ResolvedPolicy::DEFAULT);
    assert!(STATIC.excluded_tools().is_some());
    assert_eq!(CLAUDE.args().len(), 2);
    assert!(NAME.is_qualified());
}
