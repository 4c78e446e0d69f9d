//! The Copilot CLI, driven through the official Rust SDK against a fake OpenAI-compatible
//! model: what does a session offer, and is that what the library decides?

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use github_copilot_sdk::handler::ApproveAllHandler;
use github_copilot_sdk::session::Session;
use github_copilot_sdk::tool::ToolHandler;
use github_copilot_sdk::{
    Client, ClientMode as SdkMode, McpServerConfig, McpStdioServerConfig, ProviderConfig, ResumeSessionConfig,
    SessionConfig, Tool as SdkTool, ToolInvocation, ToolResult,
};
use indexmap::IndexMap;
use serde_json::{Value, json};
use tool_policy::runtime::copilot_sdk::AttestError;
use tool_policy::subagents::{AgentTools, SessionTool, effective_tools};
use tool_policy::{ClientMode, Host, ResolvedPolicy, Source, Tool, copilot};

use crate::{Attested, Outcome, http};

/// One Copilot case.
#[derive(Clone)]
pub struct Case {
    pub name: String,
    pub policy: ResolvedPolicy,
    /// Also resume the session, re-sending the filter, and check the resumed turn.
    pub resume: bool,
}

const CUSTOM_TOOLS: [&str; 2] = ["my_tool", "other_tool"];

struct Noop;

#[async_trait]
impl ToolHandler for Noop {
    async fn call(&self, _: ToolInvocation) -> Result<ToolResult, github_copilot_sdk::Error> {
        Ok(ToolResult::Text(String::from("ok")))
    }
}

fn custom_tools() -> Vec<SdkTool> {
    CUSTOM_TOOLS
        .iter()
        .map(|name| {
            SdkTool::new(*name)
                .with_description("A conformance custom tool.")
                .with_parameters(json!({"type": "object", "properties": {}}))
                .with_handler(Arc::new(Noop))
        })
        .collect()
}

fn mcp_servers(me: &Path) -> IndexMap<String, McpServerConfig> {
    let server = McpStdioServerConfig {
        command: me.display().to_string(),
        args: vec![String::from("mcp-echo")],
        tools: Some(vec![String::from("*")]),
        ..McpStdioServerConfig::default()
    };
    IndexMap::from([(String::from("echo"), McpServerConfig::Stdio(server))])
}

fn provider(port: u16) -> ProviderConfig {
    ProviderConfig::new(format!("http://127.0.0.1:{port}/v1")).with_provider_type("openai").with_api_key("x")
}

/// A session offering every source: custom tools, the MCP echo server, the built-ins.
fn session_config(me: &Path, port: u16) -> SessionConfig {
    SessionConfig::default()
        .with_model("gpt-4.1")
        .with_provider(provider(port))
        .with_permission_handler(Arc::new(ApproveAllHandler))
        .with_tools(custom_tools())
        .with_mcp_servers(mcp_servers(me))
}

/// A resume of session `id` with the same sources, and no filter yet.
fn resume_config(id: github_copilot_sdk::SessionId, me: &Path, port: u16) -> ResumeSessionConfig {
    ResumeSessionConfig::new(id)
        .with_model("gpt-4.1")
        .with_provider(provider(port))
        .with_permission_handler(Arc::new(ApproveAllHandler))
        .with_tools(custom_tools())
        .with_mcp_servers(mcp_servers(me))
}

/// The tool names of the last model request.
fn last_tools(requests: &Mutex<Vec<Value>>) -> Option<BTreeSet<String>> {
    requests.lock().ok()?.last().map(tool_names)
}

/// What the host knows: the custom tools it registers on every session.
fn host() -> Host {
    Host { custom_tools: CUSTOM_TOOLS.map(String::from).to_vec(), ..Host::default() }
}

/// Attests `session` against `policy` through the library's SDK helper: the tools the session
/// says it offers, classified, or why attestation refused it.
async fn attested(policy: &ResolvedPolicy, session: &Session) -> Result<BTreeSet<String>, String> {
    match policy.attest_session(session, &host(), false).await {
        Ok(attestation) => Ok(attestation.allowed.iter().chain(&attestation.drift).cloned().collect()),
        Err(AttestError::Violations(attestation)) => Err(format!("attestation refused the session: {attestation}")),
        Err(error) => Err(format!("attestation: {error}")),
    }
}

/// Whether an attestation agrees with what the model was then offered; `None` when it does.
fn disagreement(attestation: &Result<BTreeSet<String>, String>, offered: &BTreeSet<String>) -> Option<String> {
    let offered: BTreeSet<String> = offered.iter().map(|name| classify(name).to_string()).collect();
    match attestation {
        Err(why) => Some(why.clone()),
        Ok(attested) if *attested != offered => {
            Some(format!("attested {attested:?}, but the model was offered {offered:?}"))
        }
        Ok(_) => None,
    }
}

/// Which source a name the model received comes from.
fn classify(name: &str) -> Tool<'_> {
    if CUSTOM_TOOLS.contains(&name) {
        Tool::custom(name)
    } else if name.starts_with("echo-") {
        Tool::mcp(name)
    } else {
        Tool::builtin(name)
    }
}

struct Runtime {
    client: Client,
    _child: tokio::process::Child,
}

async fn start(cli: &Path, scratch: &Path, mode: ClientMode) -> Result<Runtime, String> {
    let home = scratch.join(format!("copilot-{}", mode.as_str()));
    let _ = std::fs::remove_dir_all(&home);
    let work = home.join("work");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let mut command = tokio::process::Command::new(cli);
    command
        .args(["--server", "--stdio", "--no-auto-update", "--no-auto-login"])
        .current_dir(&work)
        .env("HOME", &home)
        .env("COPILOT_HOME", home.join("copilot-home"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true);
    if mode == ClientMode::Empty {
        command.env("COPILOT_DISABLE_KEYTAR", "1");
    }
    let mut child = command.spawn().map_err(|e| format!("cannot run {}: {e}", cli.display()))?;
    let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take()) else {
        return Err(String::from("no stdio from the CLI"));
    };
    let sdk_mode = if mode == ClientMode::Empty { SdkMode::Empty } else { SdkMode::CopilotCli };
    let client = Client::from_streams_with_mode_for_test(stdout, stdin, work, sdk_mode).map_err(|e| e.to_string())?;
    client.verify_protocol_version().await.map_err(|e| format!("handshake: {e}"))?;
    Ok(Runtime { client, _child: child })
}

/// Sends `text` in `session` with the recorded requests cleared first, and waits for the turn.
async fn send(session: &Session, requests: &Mutex<Vec<Value>>, text: &str) -> Result<(), String> {
    requests.lock().map_err(|e| e.to_string())?.clear();
    tokio::time::timeout(Duration::from_secs(120), session.send_and_wait(text))
        .await
        .map_err(|_| "timeout")?
        .map_err(|e| format!("send: {e}"))?;
    Ok(())
}

/// Sends `text` in `session`; the tool names of the model request it caused.
async fn offered_in(session: &Session, requests: &Mutex<Vec<Value>>, text: &str) -> Result<BTreeSet<String>, String> {
    send(session, requests, text).await?;
    last_tools(requests).ok_or_else(|| String::from("the runtime sent no model request"))
}

/// A policy from a single JSON entry.
fn policy_of(entry: &str) -> Result<ResolvedPolicy, String> {
    tool_policy::json::load_entry(entry).map(|l| l.into_policy()).map_err(|e| e.to_string())
}

/// What one session offered the model, and what attesting it before that turn said.
type Observed = (BTreeSet<String>, Result<BTreeSet<String>, String>);

/// One turn in a session configured by `policy`, attested before the turn; returns what the
/// create turn offered and, when asked, what a resumed turn offered.
async fn turn(
    runtime: &Runtime,
    me: &Path,
    port: u16,
    requests: &Mutex<Vec<Value>>,
    case: &Case,
) -> Result<(Observed, Option<Observed>), String> {
    let config = case.policy.apply_to_session(session_config(me, port));
    let session = runtime.client.create_session(config).await.map_err(|e| format!("create: {e}"))?;
    let attestation = attested(&case.policy, &session).await;
    let created = offered_in(&session, requests, "hello").await?;
    let id = session.id().clone();
    let _ = session.disconnect().await;
    if !case.resume {
        return Ok(((created, attestation), None));
    }
    let resume = case.policy.apply_to_resume(resume_config(id, me, port));
    let resumed = runtime.client.resume_session(resume).await.map_err(|e| format!("resume: {e}"))?;
    let resumed_attestation = attested(&case.policy, &resumed).await;
    let after = offered_in(&resumed, requests, "again").await?;
    let _ = resumed.disconnect().await;
    Ok(((created, attestation), Some((after, resumed_attestation))))
}

/// Two controls showing why the library sends what it sends: with the runtime's default
/// precedence (`available`) the deny-list is ignored once an allow-list is set, and a resume
/// without the filter offers every tool again.
async fn controls(
    runtime: &Runtime,
    me: &Path,
    port: u16,
    requests: &Mutex<Vec<Value>>,
    universe: &BTreeSet<String>,
    counts: &mut Attested,
) -> Vec<Outcome> {
    let mut outcomes = Vec::new();

    let name = "control: precedence `available` ignores the deny-list";
    let policy = policy_of(
        r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["builtin:*"]}, "excluded-tools": {"tools": ["builtin:bash"]}}"#,
    );
    let result: Result<(ResolvedPolicy, BTreeSet<String>), String> = async {
        let policy = policy?;
        let config = policy.apply_to_session(session_config(me, port));
        let session = runtime.client.create_session(config).await.map_err(|e| e.to_string())?;
        let mut params = serde_json::to_value(policy.session_create()).map_err(|e| e.to_string())?;
        params["sessionId"] = json!(session.id());
        params["toolFilterPrecedence"] = json!("available");
        runtime
            .client
            .call("session.options.update", Some(params))
            .await
            .map_err(|e| format!("options.update: {e}"))?;
        let observed = offered_in(&session, requests, "hello").await?;
        let _ = session.disconnect().await;
        Ok((policy, observed))
    }
    .await;
    outcomes.push(match result {
        Ok((policy, observed)) => {
            // Allow-list only: the excluded `bash` comes back.
            let allowed = policy.available_tools();
            let expected: BTreeSet<String> = universe
                .iter()
                .filter(|n| allowed.is_some_and(|list| list.find(&classify(n)).is_some()))
                .cloned()
                .collect();
            let mut outcome = Outcome::compare(name, expected, observed.clone());
            if outcome.mismatch.is_none() && !observed.contains("bash") {
                outcome.mismatch = Some(String::from("bash stayed excluded: precedence made no difference"));
            }
            outcome
        }
        Err(e) => Outcome::failed(name, e),
    });

    let name = "control: a resume without the filter offers everything";
    let result: Result<Observed, String> = async {
        let locked = policy_of(r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["mcp:*"]}}"#)?;
        let session = runtime
            .client
            .create_session(locked.apply_to_session(session_config(me, port)))
            .await
            .map_err(|e| e.to_string())?;
        offered_in(&session, requests, "hello").await?;
        let id = session.id().clone();
        let _ = session.disconnect().await;
        let resumed = runtime.client.resume_session(resume_config(id, me, port)).await.map_err(|e| e.to_string())?;
        // Attestation must catch the dropped filter before the turn.
        let attestation = attested(&locked, &resumed).await;
        let observed = offered_in(&resumed, requests, "again").await?;
        let _ = resumed.disconnect().await;
        Ok((observed, attestation))
    }
    .await;
    outcomes.push(match result {
        Ok((observed, attestation)) => {
            let mut outcome = Outcome::compare(name, universe.clone(), observed);
            counts.controls += 1;
            match attestation {
                Err(why) if why.starts_with("attestation refused") => counts.controls_caught += 1,
                other => {
                    outcome.mismatch.get_or_insert(format!("attestation did not catch the resume: {other:?}"));
                }
            }
            outcome
        }
        Err(e) => Outcome::failed(name, e),
    });

    let name = "control: a session created without the filter fails attestation";
    let result: Result<Result<BTreeSet<String>, String>, String> = async {
        let locked = policy_of(r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["mcp:*"]}}"#)?;
        let session = runtime.client.create_session(session_config(me, port)).await.map_err(|e| e.to_string())?;
        let attestation = attested(&locked, &session).await;
        let _ = session.disconnect().await;
        Ok(attestation)
    }
    .await;
    counts.controls += 1;
    outcomes.push(match result {
        Ok(Err(why)) if why.starts_with("attestation refused") => {
            counts.controls_caught += 1;
            Outcome { name: name.to_owned(), offered: 0, mismatch: None }
        }
        Ok(other) => {
            Outcome::failed(name, format!("attestation passed a session created without the filter: {other:?}"))
        }
        Err(e) => Outcome::failed(name, e),
    });
    outcomes
}

/// The policy that offers every source in this mode: the baseline.
fn everything(mode: ClientMode) -> ResolvedPolicy {
    let entry = match mode {
        ClientMode::CopilotCli => r#"{"kind": "github-cli-builtin-tools"}"#,
        ClientMode::Empty => {
            r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty", "available-tools": {"tools": ["builtin:*", "custom:*", "mcp:*"]}}"#
        }
    };
    policy_of(entry).unwrap_or_default()
}

/// The user message that makes the fake model start the sub-agent, and the prompt the
/// sub-agent then receives (which marks its own model requests).
const DELEGATE: &str = "DELEGATE:probe-agent";
const SUBAGENT_TASK: &str = "SUBAGENT_TASK: reply ok";

/// One sub-agent case: the session's policy and the agent's `tools` (`None`: `null`).
struct SubagentCase {
    name: &'static str,
    session: &'static str,
    tools: Option<&'static [&'static str]>,
}

/// SPEC §3 held against the runtime: what a sub-agent started through `task` is offered.
const SUBAGENT_CASES: &[SubagentCase] = &[
    SubagentCase { name: "tools null: every tool the session offers", session: "{}", tools: None },
    SubagentCase { name: "tools []: nothing", session: "{}", tools: Some(&[]) },
    SubagentCase {
        name: "a built-in, a custom tool, an MCP tool",
        session: "{}",
        tools: Some(&["view", "my_tool", "echo-echo"]),
    },
    SubagentCase { name: "bash stands for its family", session: "{}", tools: Some(&["bash"]) },
    SubagentCase { name: "alias shell", session: "{}", tools: Some(&["shell"]) },
    SubagentCase { name: "alias read", session: "{}", tools: Some(&["read"]) },
    SubagentCase { name: "alias edit", session: "{}", tools: Some(&["edit"]) },
    SubagentCase { name: "alias search", session: "{}", tools: Some(&["search"]) },
    SubagentCase { name: "one MCP server: echo/*", session: "{}", tools: Some(&["echo/*"]) },
    SubagentCase { name: "a custom tool alone", session: "{}", tools: Some(&["my_tool"]) },
    SubagentCase { name: "builtin:view matches nothing", session: "{}", tools: Some(&["builtin:view"]) },
    SubagentCase {
        name: "the session's deny-list applies on top",
        session: r#"{"excluded-tools": {"tools": ["builtin:bash", "custom:my_tool"]}}"#,
        tools: Some(&["bash", "view", "my_tool"]),
    },
    SubagentCase {
        name: "the session's allow-list applies on top",
        session: r#"{"available-tools": {"tools": ["builtin:view", "builtin:task", "custom:my_tool"]}}"#,
        tools: None,
    },
];

/// The session's policy of a sub-agent case: its fields in a policy entry.
fn session_policy(case: &SubagentCase) -> Result<ResolvedPolicy, String> {
    let mut entry: Value = serde_json::from_str(case.session).map_err(|e| e.to_string())?;
    entry["kind"] = json!("github-cli-builtin-tools");
    policy_of(&entry.to_string())
}

/// The tools a sub-agent of `case` should be offered, over the session's `universe`.
fn subagent_expected(case: &SubagentCase, session: &ResolvedPolicy, universe: &BTreeSet<String>) -> BTreeSet<String> {
    let owned: Option<Vec<String>> = case.tools.map(|tools| tools.iter().map(|t| (*t).to_owned()).collect());
    // `builtin:view` is refused by every front door: the runtime matches nothing with it.
    let Ok(agent) = AgentTools::parse(owned.as_deref()) else { return BTreeSet::new() };
    let session_tools: Vec<SessionTool<'_>> = universe
        .iter()
        .map(|name| {
            let tool = classify(name);
            let mcp_server = (tool.source() == Source::Mcp).then_some("echo");
            SessionTool { tool, mcp_server }
        })
        .collect();
    effective_tools(&agent, session, &session_tools).iter().map(|t| t.tool.name().to_owned()).collect()
}

/// Starts the sub-agent of each case through the fake model's `task` call and compares what
/// its own model request offers with the library's prediction.
async fn subagents(
    runtime: &Runtime,
    me: &Path,
    port: u16,
    requests: &Mutex<Vec<Value>>,
    universe: &BTreeSet<String>,
) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    for case in SUBAGENT_CASES {
        let name = format!("subagent: {}", case.name);
        let result: Result<(BTreeSet<String>, BTreeSet<String>), String> = async {
            let session_policy = session_policy(case)?;
            let expected = subagent_expected(case, &session_policy, universe);
            let mut agent = github_copilot_sdk::CustomAgentConfig::new("probe-agent", "A conformance sub-agent.");
            if let Some(tools) = case.tools {
                agent = agent.with_tools(tools.iter().copied());
            }
            let config = session_policy.apply_to_session(session_config(me, port)).with_custom_agents([agent]);
            let session = runtime.client.create_session(config).await.map_err(|e| format!("create: {e}"))?;
            send(&session, requests, DELEGATE).await?;
            let _ = session.disconnect().await;
            let requests = requests.lock().map_err(|e| e.to_string())?;
            let sub = requests
                .iter()
                .find(|body| user_text(body).contains(SUBAGENT_TASK))
                .ok_or_else(|| String::from("the sub-agent sent no model request"))?;
            Ok((expected, tool_names(sub)))
        }
        .await;
        outcomes.push(match result {
            Ok((expected, observed)) => Outcome::compare(&name, expected, observed),
            Err(e) => Outcome::failed(&name, e),
        });
    }
    outcomes
}

/// The text of a request's user messages.
fn user_text(body: &Value) -> String {
    let mut text = String::new();
    for message in body["messages"].as_array().into_iter().flatten().filter(|m| m["role"] == "user") {
        match &message["content"] {
            Value::String(s) => text.push_str(s),
            Value::Array(parts) => parts.iter().filter_map(|p| p["text"].as_str()).for_each(|s| text.push_str(s)),
            _ => {}
        }
    }
    text
}

/// The tool names of one model request.
fn tool_names(body: &Value) -> BTreeSet<String> {
    body["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["function"]["name"].as_str().or_else(|| t["name"].as_str()))
        .map(str::to_owned)
        .collect()
}

/// Runs every case, grouped by client mode (clients are never shared across modes).
pub async fn run(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> (Vec<Outcome>, Attested) {
    let mut counts = Attested::default();
    let outcomes = run_cases(cli, me, scratch, cases, &mut counts).await;
    (outcomes, counts)
}

async fn run_cases(cli: &Path, me: &Path, scratch: &Path, cases: &[Case], counts: &mut Attested) -> Vec<Outcome> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let recorder = Arc::clone(&requests);
    let port = match http::serve(move |method, path, body| {
        if method == "GET" && path.ends_with("/models") {
            return (
                200,
                "application/json",
                json!({"object": "list", "data": [{"id": "gpt-4.1", "object": "model"}]}).to_string(),
            );
        }
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        if let (true, Ok(mut requests)) = (body["messages"].is_array(), recorder.lock()) {
            requests.push(body.clone());
        }
        // A delegation case: the main agent's first turn starts the sub-agent through `task`.
        let users = user_text(&body);
        let called = body["messages"].as_array().into_iter().flatten().any(|m| m["tool_calls"].is_array());
        if users.contains(DELEGATE) && !users.contains(SUBAGENT_TASK) && !called && tool_names(&body).contains("task") {
            let args = json!({"name": "probe", "description": "conformance delegation", "prompt": SUBAGENT_TASK,
                              "agent_type": "probe-agent", "mode": "sync"});
            let call = json!({"id": "call_live_1", "type": "function", "function": {"name": "task", "arguments": args.to_string()}});
            let reply = json!({
                "id": "chatcmpl-live", "object": "chat.completion", "created": 1, "model": body["model"],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": null, "tool_calls": [call]}, "finish_reason": "tool_calls"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
            });
            return (200, "application/json", reply.to_string());
        }
        let reply = json!({
            "id": "chatcmpl-live", "object": "chat.completion", "created": 1, "model": body["model"],
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
        });
        (200, "application/json", reply.to_string())
    }) {
        Ok(port) => port,
        Err(e) => return vec![Outcome::failed("copilot: fake model", format!("cannot listen: {e}"))],
    };
    let mut outcomes = Vec::new();
    for mode in [ClientMode::CopilotCli, ClientMode::Empty] {
        let mode_cases: Vec<&Case> = cases.iter().filter(|c| c.policy.client_mode() == mode).collect();
        if mode_cases.is_empty() {
            continue;
        }
        let runtime = match start(cli, scratch, mode).await {
            Ok(runtime) => runtime,
            Err(e) => {
                outcomes.extend(mode_cases.iter().map(|c| Outcome::failed(&c.name, e.clone())));
                continue;
            }
        };
        // The universe: what this mode offers with every source allowed.
        let baseline_case =
            Case { name: format!("baseline-{}", mode.as_str()), policy: everything(mode), resume: false };
        let universe = match turn(&runtime, me, port, &requests, &baseline_case).await {
            Ok(((names, _), _)) => names,
            Err(e) => {
                outcomes.extend(mode_cases.iter().map(|c| Outcome::failed(&c.name, format!("baseline: {e}"))));
                continue;
            }
        };
        if mode == ClientMode::CopilotCli {
            let builtins: BTreeSet<String> =
                universe.iter().filter(|n| classify(n).source() == Source::Builtin).cloned().collect();
            let expected = copilot::DEFAULT_OFFERED.iter().map(|n| (*n).to_owned()).collect();
            outcomes.push(Outcome::compare("catalog-default-set", expected, builtins));
            outcomes.extend(controls(&runtime, me, port, &requests, &universe, counts).await);
            outcomes.extend(subagents(&runtime, me, port, &requests, &universe).await);
        }
        for case in mode_cases {
            let expected: BTreeSet<String> =
                universe.iter().filter(|name| case.policy.offers(&classify(name))).cloned().collect();
            match turn(&runtime, me, port, &requests, case).await {
                Ok((created, resumed)) => {
                    let turns = std::iter::once((case.name.clone(), created))
                        .chain(resumed.map(|resumed| (format!("{} (resumed)", case.name), resumed)));
                    for (name, (offered, attestation)) in turns {
                        let disagreement = disagreement(&attestation, &offered);
                        let mut outcome = Outcome::compare(&name, expected.clone(), offered);
                        match disagreement {
                            None => counts.sessions += 1,
                            Some(why) => {
                                outcome.mismatch.get_or_insert(why);
                            }
                        }
                        outcomes.push(outcome);
                    }
                }
                Err(e) => outcomes.push(Outcome::failed(&case.name, e)),
            }
        }
        let _ = runtime.client.stop().await;
    }
    outcomes
}
