const S: tool_policy::GeminiSelection = tool_policy::builtin_tools! {
    runtime: gemini_cli,
    disable: ["glob", "grep_search", "search_file_content"],
};
fn main() {}
