const S: tool_policy::OpenCodeSelection = tool_policy::builtin_tools! {
    runtime: opencode,
    disable: ["Bash", "web_fetch", "multiedit", "probe", "probe_e*"],
};
fn main() {}
