const S: tool_policy::GeminiSelection = tool_policy::builtin_tools! {
    runtime: gemini_cli,
    only: ["read_file", "Read_File", "save_memory", "mcp_probe"],
};
fn main() {}
