const S: tool_policy::OpenCodeSelection = tool_policy::builtin_tools! {
    runtime: opencode,
    only: ["glob", "write", "read"],
};
fn main() {}
