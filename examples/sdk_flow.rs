//! A host's flow through the official Rust SDK (feature `copilot-sdk`), one call per step:
//! client options and their pool key, the session's configuration from a checked definition
//! (filter, custom agents, default agent), tool handlers gated by the sub-agent router, a
//! sub-agent's start and a refused call, the resume, and a policy change mid-session.
//!
//! `cargo run --example sdk_flow --features copilot-sdk`. A real session needs the Copilot
//! CLI; here the runtime's side (the session id, the `subagent.started` event, the tool calls)
//! is written out as the CLI sends it. `tests/live` runs the same flow against the real CLI.

use std::error::Error;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};

use github_copilot_sdk::tool::ToolHandler;
use github_copilot_sdk::{
    ClientOptions, ResumeSessionConfig, SessionConfig, SessionEvent, Tool, ToolInvocation, ToolResult,
};
use serde_json::json;
use tool_policy::ClientPool;
use tool_policy::copilot_sdk::{GatedToolHandler, SdkClient, client_key};
use tool_policy::subagents::SubagentRouter;

/// The host's own tool.
struct RunQuery;

impl ToolHandler for RunQuery {
    // `ToolHandler` is declared with `async_trait`; this is its expanded signature.
    fn call<'life0, 'async_trait>(
        &'life0 self,
        invocation: ToolInvocation,
    ) -> Pin<Box<dyn Future<Output = Result<ToolResult, github_copilot_sdk::Error>> + Send + 'async_trait>>
    where
        'life0: 'async_trait,
        Self: 'async_trait,
    {
        Box::pin(async move { Ok(ToolResult::Text(format!("3 rows for {}", invocation.arguments["sql"]))) })
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let document = tool_policy::json::load(include_str!("agents/subagents.json"))?;
    let policy = document.policy();

    // 1. Client options for the policy's mode; one client per mode and storage.
    let options = match policy.client_options(ClientOptions::default()) {
        SdkClient::Ready(options) => options,
        SdkClient::NeedsStorage(needs) => needs.base_directory("/var/lib/agent/empty-mode"),
    };
    let pool: ClientPool<String> = ClientPool::new();
    let key = client_key(&options)?;
    // A host starts `Client::start(options)` here; the pool hands it to every agent with this key.
    let client = block_on(pool.get_or_start(&key, |key| async move { Ok::<_, String>(format!("client {key:?}")) }))?;
    println!("1. {client}");

    // 2. The session: the definition's filter, custom agents and default agent, and the host's
    //    tools, each handler gated by the router.
    let router = Arc::new(SubagentRouter::new());
    let tools = GatedToolHandler::gate_all(&router, vec![Tool::new("run_query").with_handler(Arc::new(RunQuery))]);
    let handler = Arc::clone(tools[0].handler().ok_or("run_query has a handler")?);
    let config = document.apply_to_session(SessionConfig::default().with_tools(tools))?;
    println!("2. available {:?}", config.available_tools.as_deref().unwrap_or_default());
    for agent in config.custom_agents.as_deref().unwrap_or_default() {
        println!("   agent {} tools {:?}", agent.name, agent.tools);
    }
    println!(
        "   hidden from the main agent {:?}",
        config.default_agent.as_ref().and_then(|d| d.excluded_tools.as_ref())
    );

    // 3. `client.create_session(config)` returns the session; register it and follow its
    //    events (`tokio::spawn(async move { router.follow_session(&session).await })`).
    let session_id = "session-1";
    router.register_sdk_session(session_id, config.custom_agents.as_deref());

    // 4. The model starts two sub-agents through `task`; the runtime reports each with its
    //    `agentId`, which its tool calls carry too.
    for (agent, child) in [("investigator", "agent-1"), ("reader", "agent-2")] {
        router.observe_event(session_id, &started(agent, child)?);
    }

    // 5. Each calls run_query: the investigator lists it, the reader does not.
    for child in ["agent-1", "agent-2"] {
        let call: ToolInvocation = serde_json::from_value(json!({
            "sessionId": session_id, "toolCallId": "call", "toolName": "run_query",
            "arguments": {"sql": "select 1"}, "agentId": child
        }))?;
        match block_on(handler.call(call))? {
            ToolResult::Text(text) => println!("5. {child}: {text}"),
            ToolResult::Expanded(refused) => println!("5. {child}: refused: {}", refused.text_result_for_llm),
            _ => println!("5. {child}: another result"),
        }
    }

    // 6. Resume with the same filter and agents: the runtime keeps neither across a resume.
    let resume = document.apply_to_resume(ResumeSessionConfig::new(session_id.into()))?;
    assert_eq!(resume.available_tools, config.available_tools);
    assert_eq!(resume.excluded_tools, config.excluded_tools);
    router.register_sdk_session(session_id, resume.custom_agents.as_deref());
    println!("6. resumed with {} custom agents and the same filter", resume.custom_agents.map_or(0, |a| a.len()));

    // 7. A policy change mid-session: both lists and precedence `excluded`, never a stale list
    //    (`session.rpc().options().update(params)`).
    let update = tool_policy::builtin_tools! { excluded_tools: isolated }.options_update();
    println!("7. update {}", serde_json::to_string(&update)?);
    Ok(())
}

/// The `subagent.started` event the runtime sends when `agent` starts as `child`.
fn started(agent: &str, child: &str) -> Result<SessionEvent, serde_json::Error> {
    serde_json::from_value(json!({
        "id": "event", "timestamp": "2026-01-01T00:00:00Z", "parentId": null, "agentId": child,
        "type": "subagent.started",
        "data": {"agentName": agent, "agentDisplayName": agent, "agentDescription": "", "toolCallId": child}
    }))
}

/// Runs a future on this thread (a host has its own async runtime).
fn block_on<F: Future>(future: F) -> F::Output {
    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut future = std::pin::pin!(future);
    loop {
        match future.as_mut().poll(&mut Context::from_waker(&waker)) {
            Poll::Ready(output) => return output,
            Poll::Pending => std::thread::park(),
        }
    }
}
