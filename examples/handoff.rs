//! An empty-mode orchestrator under a handoff framework: the transfer tools arrive at
//! invocation, so they are merged with the configured tools and added to the allow-list,
//! else the agent could not hand off.

use tool_policy::subagents::merge_invocation_tools;
use tool_policy::{ResolvedPolicy, Tool, builtin_tools};

const ORCHESTRATOR: ResolvedPolicy = builtin_tools! {
    client_mode: empty,
    available_tools: ["custom:lookup_resume", "custom:save_record"],
};

fn main() {
    let configured = vec!["lookup_resume", "save_record"];
    let invocation = vec!["transfer_to_coach", "lookup_resume", "transfer_to_reviewer"];
    let tools = merge_invocation_tools(configured, invocation, |name| name);
    println!("tools registered on the session: {tools:?}");

    let policy = ORCHESTRATOR.with_invocation_tools(tools.iter().copied()).expect("tool names are valid wire names");
    println!("availableTools: {:?}", policy.available_tools().map(tool_policy::ToolList::to_strings));
    for name in ["transfer_to_coach", "lookup_resume", "drop_table"] {
        println!("  custom:{name}: {}", policy.decide(&Tool::custom(name)));
    }
    println!("  builtin:bash: {}", policy.decide(&Tool::builtin("bash")));
}
