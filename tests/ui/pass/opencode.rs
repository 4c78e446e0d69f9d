// An OpenCode selection from the macro is the one the JSON reader makes, and a `const`.
use tool_policy::opencode::OpenCodeConfig;
use tool_policy::{OpenCodeSelection, builtin_tools};

const REVIEW: OpenCodeSelection = builtin_tools! {
    runtime: opencode,
    only: ["glob", "grep", "docs_*"],
};
const NO_SHELL: OpenCodeSelection = builtin_tools! { runtime: opencode, disable: ["bash"] };
const NO_EDITS: OpenCodeSelection = builtin_tools! { runtime: opencode, disable: ["edit", "write", "apply_patch"] };

fn main() {
    let read = OpenCodeSelection::from_json(r#"{"only": ["glob", "grep", "docs_*"]}"#).unwrap();
    assert_eq!(read.selection, Some(REVIEW));
    assert_eq!(REVIEW.offered(&["docs_search", "other_x"]), ["glob", "grep", "docs_search"]);
    let project = OpenCodeConfig::new(Some(NO_SHELL)).unwrap().project();
    assert_eq!(project, serde_json::json!({"permission": {"bash": "deny"}}));
    let agent = OpenCodeConfig::new(Some(NO_EDITS)).unwrap().agent("build");
    assert_eq!(agent, serde_json::json!({"agent": {"build": {"permission": {"edit": "deny"}}}}));
}
