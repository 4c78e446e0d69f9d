// A portable policy and a name-level one in one invocation: one would be lost.
const SEARCHER: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {
    runtime: claude_code,
    only: ["Read"],
    capabilities: only [read, search],
};

const REVIEWER: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    available_tools: ["view"],
    capabilities: disable [web],
};

fn main() {}
