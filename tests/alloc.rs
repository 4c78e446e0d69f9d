//! Obtaining a macro policy and deciding a tool allocate nothing.

use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use tool_policy::{ClaudeCodeSelection, ClaudeTool, ResolvedPolicy, Tool, builtin_tools, copilot};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

const LOCKED: ResolvedPolicy = builtin_tools! {
    client_mode: empty,
    available_tools: ["mcp:*", "view", "grep", "custom:lookup"],
    excluded_tools: isolated,
};

fn allocations(work: impl FnOnce()) -> usize {
    let region = Region::new(GLOBAL);
    work();
    region.change().allocations + region.change().reallocations
}

#[test]
fn nothing_is_allocated() {
    // A sanity check that the counter counts.
    assert!(allocations(|| drop(std::hint::black_box(vec![1u8; 16]))) >= 1);

    assert_eq!(
        allocations(|| {
            let policy: ResolvedPolicy = std::hint::black_box(builtin_tools! {
                available_tools: ["read_agent", "list_agents"],
                excluded_tools: ["bash", "mcp:github-create_issue"],
            });
            drop(policy);
        }),
        0,
        "obtaining a macro policy"
    );
    assert_eq!(
        allocations(|| {
            let selection: ClaudeCodeSelection =
                std::hint::black_box(builtin_tools! { runtime: claude_code, only: ["Read", "Grep"] });
            assert!(selection.decide(ClaudeTool::Read).is_permitted());
        }),
        0,
        "obtaining and deciding a Claude Code selection"
    );
    let policy = std::hint::black_box(LOCKED);
    assert_eq!(
        allocations(|| {
            for name in copilot::BUILTIN_TOOLS {
                std::hint::black_box(policy.decide(&Tool::builtin(name)));
            }
            assert!(policy.offers(&Tool::mcp("github-list_issues")));
            assert!(!policy.offers(&Tool::custom("other")));
            assert!(!policy.offers(&Tool::builtin("task")));
        }),
        0,
        "deciding"
    );
}
