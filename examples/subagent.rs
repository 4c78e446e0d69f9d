//! A sub-agent scoped to one custom tool: its list, what it is offered under the session's
//! policy, and the call-time gate that refuses anything else.

use tool_policy::subagents::{AgentTools, CustomAgent, SessionTool, SubagentRouter, effective_tools};
use tool_policy::{Tool, agent_tool, builtin_tools};

fn main() {
    let session = builtin_tools! { excluded_tools: ["bash", "web_fetch"] };
    let investigator = AgentTools::only([agent_tool!("run_query")]);
    let registered = [
        SessionTool { tool: Tool::builtin("bash"), mcp_server: None },
        SessionTool { tool: Tool::builtin("view"), mcp_server: None },
        SessionTool { tool: Tool::custom("run_query"), mcp_server: None },
        SessionTool { tool: Tool::custom("drop_table"), mcp_server: None },
    ];
    let offered: Vec<String> =
        effective_tools(&investigator, &session, &registered).iter().map(|t| t.tool.to_string()).collect();
    println!("the investigator is offered: {offered:?}");
    println!(
        "customAgents[0].tools on the wire: {}",
        serde_json::to_string(&investigator).expect("a tool list serializes")
    );

    let router = SubagentRouter::new();
    router.register_session("session-1", vec![CustomAgent::typed("investigator", &investigator)]);
    router.on_subagent_started("session-1", "child-7", "investigator", "call-1");
    for tool in ["run_query", "drop_table"] {
        match router.dispatch_tool_call("child-7", tool, |resolved| format!("ran in {}", resolved.parent_id)) {
            Ok(result) => println!("{tool}: {result}"),
            Err(error) => println!("{tool}: {error}"),
        }
    }
}
