//! Forced calls on the Copilot CLI, driven through the official Rust SDK as a host drives it:
//! every session approves every permission request, registers the custom tools and the MCP
//! echo server, and takes its filter (and custom agents) from the library. The fake model
//! calls a tool the policy took away, from the main agent, a custom agent or a built-in one
//! (`task` with `agent_type`); with the library's `preToolUse` gate, on a session whose filter
//! was left open, the gate must refuse what the runtime would run. Verdicts: `forced::verdict`.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use github_copilot_sdk::handler::ApproveAllHandler;
use github_copilot_sdk::tool::ToolHandler;
use github_copilot_sdk::{
    CliProgram, Client, ClientOptions, McpServerConfig, McpStdioServerConfig, MessageOptions, ProviderConfig,
    SessionConfig, Tool as SdkTool, ToolInvocation, ToolResult,
};
use indexmap::IndexMap;
use serde_json::{Value, json};
use tool_policy::copilot_sdk::SdkClient;
use tool_policy::json::CopilotDocument;
use tool_policy::{Host, ResolvedPolicy};

use crate::forced::{Call, Effect, verdict_of};
use crate::{Outcome, http};

/// The text the sub-agent's prompt carries, so its requests can be told apart.
const SUB: &str = "FORCED-CALL-SUBAGENT";

/// The forced call's id.
const FORCED: &str = "call_forced";

/// One case.
#[derive(Clone)]
pub struct Case {
    pub name: String,
    /// The definition or entry the session is configured from.
    pub document: CopilotDocument,
    pub call: Call,
    /// The agent the main agent starts through `task`, whose model makes the call.
    pub agent: Option<String>,
    /// The library's `preToolUse` gate of this policy, on the session.
    pub gate: Option<ResolvedPolicy>,
    pub control: bool,
}

/// The custom tools' handler: logs each call to the run's `custom-calls.log`.
struct Logging(PathBuf);

#[async_trait]
impl ToolHandler for Logging {
    async fn call(&self, invocation: ToolInvocation) -> Result<ToolResult, github_copilot_sdk::Error> {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.0)
            .map_err(github_copilot_sdk::Error::from)?;
        std::io::Write::write_all(&mut file, format!("{}\n", invocation.tool_name).as_bytes())
            .map_err(github_copilot_sdk::Error::from)?;
        Ok(ToolResult::Text(String::from("custom handler ran")))
    }
}

const CUSTOM_TOOLS: [&str; 2] = ["my_tool", "other_tool"];

/// What the host registers: the custom tools, and the MCP server `echo`.
fn host() -> Host {
    Host {
        custom_tools: CUSTOM_TOOLS.map(String::from).to_vec(),
        mcp_servers: Some(vec![String::from("echo")]),
        ..Host::default()
    }
}

fn session_config(me: &Path, port: u16, dir: &Path) -> SessionConfig {
    let log = dir.join("custom-calls.log");
    let tools = CUSTOM_TOOLS.iter().map(|name| {
        SdkTool::new(*name)
            .with_description("A conformance custom tool.")
            .with_parameters(json!({"type": "object", "properties": {}}))
            .with_handler(Arc::new(Logging(log.clone())))
    });
    let server = McpStdioServerConfig {
        command: me.display().to_string(),
        args: vec![String::from("mcp-echo"), dir.join("mcp-calls.log").display().to_string()],
        tools: Some(vec![String::from("*")]),
        ..McpStdioServerConfig::default()
    };
    SessionConfig::default()
        .with_model("gpt-4.1")
        .with_provider(
            ProviderConfig::new(format!("http://127.0.0.1:{port}/v1")).with_provider_type("openai").with_api_key("x"),
        )
        .with_permission_handler(Arc::new(ApproveAllHandler))
        .with_tools(tools.collect::<Vec<_>>())
        .with_mcp_servers(IndexMap::from([(String::from("echo"), McpServerConfig::Stdio(server))]))
}

/// The arguments of the forced call, leaving its side effect under `dir`.
fn arguments(call: &Call, dir: &Path) -> Value {
    let path = crate::forced::marker(dir).display().to_string();
    match call.effect {
        Effect::Shell => {
            json!({"command": format!("touch {path}"), "description": "create a marker file", "mode": "sync", "initial_wait": 10})
        }
        Effect::Write => json!({"path": path, "file_text": "forced\n"}),
        Effect::Mcp => json!({"text": "forced"}),
        Effect::Custom => json!({}),
    }
}

/// The fake model's script for the current case: the call, the agent, what was sent.
#[derive(Default)]
struct Script {
    call: Option<(String, Value)>,
    agent: Option<String>,
    main_done: bool,
    sub_done: bool,
}

fn user_text(body: &Value) -> String {
    let users = body["messages"].as_array().into_iter().flatten().filter(|m| m["role"] == "user");
    users.map(|m| m["content"].to_string()).collect()
}

fn completion(model: &Value, call: Option<(&str, &str, &Value)>) -> String {
    let message = match call {
        Some((id, tool, args)) => json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": id, "type": "function", "function": {"name": tool, "arguments": args.to_string()}}]}),
        None => json!({"role": "assistant", "content": "ok"}),
    };
    let finish = if call.is_some() { "tool_calls" } else { "stop" };
    json!({"id": "chatcmpl-forced", "object": "chat.completion", "created": 1, "model": model,
           "choices": [{"index": 0, "message": message, "finish_reason": finish}],
           "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})
    .to_string()
}

fn fake_model(
    script: &Mutex<Script>,
    requests: &Mutex<Vec<Value>>,
    method: &str,
    path: &str,
    body: &[u8],
) -> (u16, &'static str, String) {
    if method == "GET" {
        return (
            200,
            "application/json",
            json!({"object": "list", "data": [{"id": "gpt-4.1", "object": "model"}]}).to_string(),
        );
    }
    let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    if !body["messages"].is_array() {
        return (200, "application/json", json!({}).to_string());
    }
    requests.lock().unwrap().push(body.clone());
    let _ = path;
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    let fresh = !messages.iter().any(|m| m["role"] == "tool" || m["tool_calls"].is_array());
    let sub = user_text(&body).contains(SUB);
    let mut script = script.lock().unwrap();
    let (scripted, agent) = (script.call.clone(), script.agent.clone());
    let answer = match (scripted, agent) {
        (Some((tool, args)), Some(_)) if sub && fresh && !script.sub_done => {
            script.sub_done = true;
            Some((FORCED, tool, args))
        }
        (Some(_), Some(agent)) if !sub && fresh && !script.main_done => {
            script.main_done = true;
            let args = json!({"name": "forced", "description": "forced-call delegation", "prompt": SUB, "agent_type": agent, "mode": "sync"});
            Some(("call_task", String::from("task"), args))
        }
        (Some((tool, args)), None) if !sub && fresh && !script.main_done => {
            script.main_done = true;
            Some((FORCED, tool, args))
        }
        _ => None,
    };
    let call = answer.as_ref().map(|(id, tool, args)| (*id, tool.as_str(), args));
    (200, "application/json", completion(&body["model"], call))
}

/// The text of the tool result the runtime sent back for the forced call.
fn result(requests: &[Value]) -> Option<String> {
    requests.iter().find_map(|body| {
        let messages = body["messages"].as_array()?;
        let found = messages.iter().find(|m| m["role"] == "tool" && m["tool_call_id"] == FORCED)?;
        Some(match &found["content"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
    })
}

async fn start(cli: &Path, scratch: &Path) -> Result<Client, String> {
    let home = scratch.join("copilot-forced");
    let _ = std::fs::remove_dir_all(&home);
    let work = home.join("work");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let options = ClientOptions::default()
        .with_program(CliProgram::Path(cli.to_path_buf()))
        .with_cwd(&work)
        .with_env([("HOME", home.as_os_str()), ("COPILOT_HOME", home.join("copilot-home").as_os_str())])
        .with_use_logged_in_user(false)
        .with_disable_client_telemetry(true);
    let SdkClient::Ready(options) = ResolvedPolicy::DEFAULT.client_options(options) else {
        return Err(String::from("copilot-cli mode needs no storage"));
    };
    tokio::time::timeout(Duration::from_secs(60), Client::start(options))
        .await
        .map_err(|_| "Client::start timed out")?
        .map_err(|e| format!("Client::start: {e}"))
}

/// Whether a run's result is a refusal: the runtime's (`does not exist`, an agent's list),
/// or the gate's.
fn refusal(text: &str) -> bool {
    ["does not exist", "Denied by preToolUse hook", "not supported by this client"].iter().any(|t| text.contains(t))
}

/// Runs every case on one client.
pub async fn run(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> Vec<Outcome> {
    let (script, requests): (Arc<Mutex<Script>>, Arc<Mutex<Vec<Value>>>) = (Arc::default(), Arc::default());
    let (scripted, recorder) = (Arc::clone(&script), Arc::clone(&requests));
    let port = match http::serve(move |method, path, body| fake_model(&scripted, &recorder, method, path, body)) {
        Ok(port) => port,
        Err(e) => return vec![Outcome::failed("forced-calls copilot: fake model", format!("cannot listen: {e}"))],
    };
    let client = match start(cli, scratch).await {
        Ok(client) => client,
        Err(e) => return cases.iter().map(|case| Outcome::failed(&case.name, e.clone())).collect(),
    };
    let mut outcomes = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let dir = scratch.join(format!("copilot-forced-{i}"));
        let _ = std::fs::remove_dir_all(&dir);
        if let Err(e) = std::fs::create_dir_all(dir.join("work")) {
            outcomes.push(Outcome::failed(&case.name, e.to_string()));
            continue;
        }
        requests.lock().unwrap().clear();
        *script.lock().unwrap() = Script {
            call: Some((case.call.tool.clone(), arguments(&case.call, &dir))),
            agent: case.agent.clone(),
            ..Script::default()
        };
        let outcome = async {
            let mut config =
                case.document.apply_to_session(session_config(me, port, &dir)).map_err(|e| e.to_string())?;
            if let Some(gate) = &case.gate {
                config = gate.pre_tool_use_gate(host()).apply_to_session(config);
            }
            let session = client.create_session(config).await.map_err(|e| format!("create_session: {e}"))?;
            let sent =
                tokio::time::timeout(Duration::from_secs(120), session.send_and_wait(MessageOptions::new("go"))).await;
            let _ = session.disconnect().await;
            sent.map_err(|_| String::from("timeout"))?.map_err(|e| format!("send: {e}"))?;
            tokio::time::sleep(Duration::from_millis(100)).await;
            let text = result(&requests.lock().unwrap());
            Ok::<_, String>(verdict_of(
                &case.name,
                case.control,
                crate::forced::happened(case.call.effect, &dir),
                text.map(|t| (refusal(&t), t)),
            ))
        }
        .await;
        outcomes.push(outcome.unwrap_or_else(|why| Outcome::failed(&case.name, why)));
    }
    *script.lock().unwrap() = Script::default();
    let _ = client.stop().await;
    outcomes
}
