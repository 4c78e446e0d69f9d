//! What `builtin_tools!` and `wire!` expand to is lint-clean in a user's crate: rustc's lints
//! (`deny(warnings)`) when `cargo test` builds this target, and clippy's pedantic ones, which
//! rustc ignores, when `.ci/run`'s `cargo clippy --all-targets -- -D warnings` lints it.
#![deny(warnings, unused_qualifications, clippy::all, clippy::pedantic)]

use tool_policy::{ClaudeCodeSelection, Policy, ResolvedPolicy, WireName, builtin_tools, wire};

const LOCKED: ResolvedPolicy = builtin_tools! { client_mode: empty, available_tools: ["mcp:*"] };
static STATIC: ResolvedPolicy = builtin_tools! { excluded_tools: ["*"], available_tools: ["bash", "mcp:*"], };
const CLAUDE: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, disable: "*" };
const NAME: WireName = wire!("custom:lookup");

#[test]
fn expansions_are_values() {
    let local = builtin_tools! {};
    let built = Policy::builder().client_mode_empty().available_tools([wire!("mcp:*")]).build();
    assert_eq!(built, LOCKED);
    assert_eq!(local, ResolvedPolicy::DEFAULT);
    assert!(STATIC.excluded_tools().is_some());
    assert_eq!(CLAUDE.args().len(), 2);
    assert!(NAME.is_qualified());
}
