const A: tool_policy::GeminiSelection = tool_policy::builtin_tools! {
    runtime: gemini_cli,
    only: ["glob"],
    disable: "*",
};
const B: tool_policy::GeminiSelection = tool_policy::builtin_tools! {
    runtime: gemini_cli,
    available_tools: ["glob"],
};
fn main() {}
