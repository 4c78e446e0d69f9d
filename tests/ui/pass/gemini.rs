// A Gemini CLI selection from the macro is the one the JSON reader makes, and a `const`.
use tool_policy::gemini::{ApprovalMode, GeminiCliConfig};
use tool_policy::{GeminiSelection, builtin_tools};

const REVIEW: GeminiSelection = builtin_tools! {
    runtime: gemini_cli,
    only: ["read_file", "glob", "mcp_docs_*"],
};
const NO_SHELL: GeminiSelection = builtin_tools! { runtime: gemini_cli, disable: ["run_shell_command"] };
const NOTHING: GeminiSelection = builtin_tools! { runtime: gemini_cli, disable: "*" };

fn main() {
    let read = GeminiSelection::from_json(r#"{"only": ["read_file", "glob", "mcp_docs_*"]}"#).unwrap();
    assert_eq!(read.selection, Some(REVIEW));
    let offered = REVIEW.offered(ApprovalMode::Default, &["mcp_docs_search", "mcp_other_x"]);
    assert_eq!(offered, ["glob", "read_file", "mcp_docs_search"]);
    assert_eq!(GeminiCliConfig::new(Some(NO_SHELL)).args(), ["--policy=tool-policy.toml"]);
    assert!(NOTHING.offered(ApprovalMode::Yolo, &["mcp_docs_search"]).is_empty());
}
