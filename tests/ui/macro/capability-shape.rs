// The portable policy's shape and keys are the JSON form's: `disable` takes `"*"` or a list,
// `only` a list, `mcp_tools` only `none`.
const A: tool_policy::GeminiSelection = tool_policy::builtin_tools! {
    runtime: gemini_cli,
    capabilities: only "*",
};

const B: tool_policy::GeminiSelection = tool_policy::builtin_tools! {
    runtime: gemini_cli,
    capabilities: { disable: [web], mcp_tools: some },
};

const C: tool_policy::GeminiSelection = tool_policy::builtin_tools! {
    runtime: gemini_cli,
    capabilities: { onyl: [read] },
};

const D: tool_policy::GeminiSelection = tool_policy::builtin_tools! {
    runtime: gemini_cli,
    capabilities: read,
};

fn main() {}
