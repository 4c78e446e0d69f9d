//! The Copilot CLI, driven through the official Rust SDK against a fake OpenAI-compatible
//! model: what does a session offer, and is that what the library decides?

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use github_copilot_sdk::handler::{ApproveAllHandler, ExitPlanModeHandler, ExitPlanModeResult};
use github_copilot_sdk::session::Session;
use github_copilot_sdk::session_fs::{SessionFsConfig, SessionFsConventions, SessionFsProvider};
use github_copilot_sdk::tool::ToolHandler;
use github_copilot_sdk::{
    AgentMode, CliProgram, Client, ClientOptions, ExitPlanModeData, McpServerConfig, McpStdioServerConfig,
    MessageOptions, ProviderConfig, RequestId, ResumeSessionConfig, SessionConfig, SessionId, Tool as SdkTool,
    ToolInvocation, ToolResult,
};
use indexmap::IndexMap;
use serde_json::{Value, json};
use tool_policy::copilot_sdk::{AttestError, GatedToolHandler, SdkClient};
use tool_policy::json::CopilotDocument;
use tool_policy::subagents::{AgentTools, SessionTool, SubagentRouter, effective_tools};
use tool_policy::{ClientMode, Host, ResolvedPolicy, Selector, Source, Tool, copilot};

use crate::session_fs::LocalFs;
use crate::{Attested, Outcome, http};

/// One Copilot case: a definition or a single entry, as loaded.
#[derive(Clone)]
pub struct Case {
    pub name: String,
    pub document: CopilotDocument,
    /// Also resume the session, re-sending the filter, and check the resumed turn.
    pub resume: bool,
    /// The name the host gives the MCP echo server: [`ECHO`], unless a case names another.
    pub server: &'static str,
}

/// The name the host gives the echo server, unless a case names another.
pub const ECHO: &str = "echo";

/// How the runtime writes a server's name inside its tools' names (`<server>-<tool>`): every
/// character but an ASCII letter, digit, `_` or `-` as `-`. Stated here apart from the
/// library, so a run shows whether the library's patterns name what the runtime offers.
fn cli_server_name(server: &str) -> String {
    crate::mcp::written(server, &[], '-')
}

/// The tools the runtime offers only in plan mode (`agentMode: "plan"`); a case naming one
/// runs its turns, and its baseline, in plan mode, so that naming it can make a difference.
const PLAN_TOOLS: [&str; 2] = ["exit_plan_mode", "task_complete"];

impl Case {
    pub fn policy(&self) -> &ResolvedPolicy {
        self.document.policy()
    }

    /// The tools the case's entry names one by one (not a pattern, not the isolated set), as
    /// the model would see them: built-ins of the catalog, custom tools, MCP tools. A name
    /// the catalog does not know (`shell`) is there to show the runtime does not alias it.
    fn named(&self) -> Vec<String> {
        let Some(entry) = self.document.entry() else { return Vec::new() };
        [entry.available(), entry.excluded()]
            .into_iter()
            .flatten()
            .filter_map(|selector| match selector {
                Selector::Tools(names) => Some(names),
                Selector::Isolated => None,
            })
            .flatten()
            .filter(|name| !name.is_wildcard())
            .filter(|name| name.tool_key().0 != Source::Builtin || copilot::is_builtin(name.name()))
            .map(|name| name.name().to_owned())
            .collect()
    }

    fn plan(&self) -> bool {
        self.named().iter().any(|name| PLAN_TOOLS.contains(&name.as_str()))
    }

    /// What the main agent is offered over `universe`: what the policy offers, less what the
    /// definition's default agent hides.
    fn expected(&self, universe: &BTreeSet<String>) -> BTreeSet<String> {
        let hidden = self.document.default_agent();
        universe
            .iter()
            .filter(|name| {
                let tool = classify(name);
                self.policy().offers(&tool) && !hidden.is_some_and(|d| d.hides(&tool, mcp_server(&tool)))
            })
            .cloned()
            .collect()
    }
}

/// Answers `exit_plan_mode` requests: stay in plan mode.
struct StayInPlan;

#[async_trait]
impl ExitPlanModeHandler for StayInPlan {
    async fn handle(&self, _: SessionId, _: Option<RequestId>, _: ExitPlanModeData) -> ExitPlanModeResult {
        ExitPlanModeResult { approved: false, ..ExitPlanModeResult::default() }
    }
}

/// The MCP server of a tool the harness registers.
fn mcp_server(tool: &Tool<'_>) -> Option<&'static str> {
    (tool.source() == Source::Mcp).then_some("echo")
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
    tools_with(|| Arc::new(Noop))
}

fn tools_with(handler: impl Fn() -> Arc<dyn ToolHandler>) -> Vec<SdkTool> {
    CUSTOM_TOOLS
        .iter()
        .map(|name| {
            SdkTool::new(*name)
                .with_description("A conformance custom tool.")
                .with_parameters(json!({"type": "object", "properties": {}}))
                .with_handler(handler())
        })
        .collect()
}

fn mcp_servers(me: &Path, name: &str) -> IndexMap<String, McpServerConfig> {
    let server = McpStdioServerConfig {
        command: me.display().to_string(),
        args: vec![String::from("mcp-echo")],
        tools: Some(vec![String::from("*")]),
        ..McpStdioServerConfig::default()
    };
    IndexMap::from([(name.to_owned(), McpServerConfig::Stdio(server))])
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
        .with_mcp_servers(mcp_servers(me, ECHO))
}

/// A resume of session `id` with the same sources, and no filter yet.
fn resume_config(id: github_copilot_sdk::SessionId, me: &Path, port: u16) -> ResumeSessionConfig {
    ResumeSessionConfig::new(id)
        .with_model("gpt-4.1")
        .with_provider(provider(port))
        .with_permission_handler(Arc::new(ApproveAllHandler))
        .with_tools(custom_tools())
        .with_mcp_servers(mcp_servers(me, ECHO))
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
    /// The session file system the host serves, when the client was given one.
    session_fs: Option<Arc<LocalFs>>,
}

/// Where a client keeps its state: where the CLI puts it, or in a session file system the
/// host serves (empty mode only).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Storage {
    Cli,
    SessionFs,
}

/// What every session of one mode's run needs: its started client, this binary (the MCP echo
/// server it registers), and the fake model's port and the requests it recorded.
struct Live<'a> {
    runtime: &'a Runtime,
    me: &'a Path,
    port: u16,
    requests: &'a Mutex<Vec<Value>>,
}

impl Live<'_> {
    /// A session offering every source, with the client's session file system if it has one.
    fn session_config(&self) -> SessionConfig {
        let config = session_config(self.me, self.port);
        match &self.runtime.session_fs {
            Some(fs) => config.with_session_fs_provider(Arc::clone(fs) as Arc<dyn SessionFsProvider>),
            None => config,
        }
    }

    /// The resume of session `id`, likewise.
    fn resume_config(&self, id: github_copilot_sdk::SessionId) -> ResumeSessionConfig {
        let config = resume_config(id, self.me, self.port);
        match &self.runtime.session_fs {
            Some(fs) => config.with_session_fs_provider(Arc::clone(fs) as Arc<dyn SessionFsProvider>),
            None => config,
        }
    }
}

/// Starts the CLI for `mode` the way a host does: the SDK's `Client::start` with the options
/// `ResolvedPolicy::client_options` gives. An empty-mode client must be given storage: its own
/// base directory, or a session file system the host serves.
async fn start(cli: &Path, scratch: &Path, mode: ClientMode, storage: Storage) -> Result<Runtime, String> {
    let fs = if storage == Storage::SessionFs { "-session-fs" } else { "" };
    let home = scratch.join(format!("copilot-{}{fs}", mode.as_str()));
    let _ = std::fs::remove_dir_all(&home);
    let work = home.join("work");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let options = ClientOptions::default()
        .with_program(CliProgram::Path(cli.to_path_buf()))
        .with_cwd(&work)
        .with_env([("HOME", home.as_os_str()), ("COPILOT_HOME", home.join("copilot-home").as_os_str())])
        .with_use_logged_in_user(false)
        .with_disable_client_telemetry(true);
    let mut session_fs = None;
    let options = match (everything(mode)?.policy().client_options(options), storage) {
        (SdkClient::Ready(options), Storage::Cli) if mode == ClientMode::CopilotCli => options,
        (SdkClient::NeedsStorage(needs), Storage::Cli) if mode == ClientMode::Empty => {
            needs.base_directory(home.join("empty-home"))
        }
        (SdkClient::NeedsStorage(needs), Storage::SessionFs) if mode == ClientMode::Empty => {
            let root = home.join("session-fs");
            std::fs::create_dir_all(&root).map_err(|e| e.to_string())?;
            session_fs = Some(Arc::new(LocalFs::new(root)));
            needs.session_fs(SessionFsConfig::new("/work", "/session-state", SessionFsConventions::Posix))
        }
        (other, _) => return Err(format!("client_options gave {other:?} for {}", mode.as_str())),
    };
    let client = tokio::time::timeout(Duration::from_secs(60), Client::start(options))
        .await
        .map_err(|_| "Client::start timed out")?
        .map_err(|e| format!("Client::start: {e}"))?;
    Ok(Runtime { client, session_fs })
}

/// Sends `text` in `session` (in plan mode when `plan`) with the recorded requests cleared
/// first, and waits for the turn.
async fn send(session: &Session, requests: &Mutex<Vec<Value>>, text: &str, plan: bool) -> Result<(), String> {
    requests.lock().map_err(|e| e.to_string())?.clear();
    let mut message = MessageOptions::new(text);
    if plan {
        message = message.with_agent_mode(AgentMode::Plan);
    }
    tokio::time::timeout(Duration::from_secs(120), session.send_and_wait(message))
        .await
        .map_err(|_| "timeout")?
        .map_err(|e| format!("send: {e}"))?;
    Ok(())
}

/// Sends `text` in `session`; the tool names of the model request it caused.
async fn offered_in(
    session: &Session,
    requests: &Mutex<Vec<Value>>,
    text: &str,
    plan: bool,
) -> Result<BTreeSet<String>, String> {
    send(session, requests, text, plan).await?;
    last_tools(requests).ok_or_else(|| String::from("the runtime sent no model request"))
}

/// A policy from a single JSON entry.
fn policy_of(entry: &str) -> Result<ResolvedPolicy, String> {
    document_of(entry).map(CopilotDocument::into_policy)
}

fn document_of(entry: &str) -> Result<CopilotDocument, String> {
    tool_policy::json::load_entry(entry).map_err(|e| e.to_string())
}

/// What one session offered the model, and what attesting it before that turn said.
type Observed = (BTreeSet<String>, Result<BTreeSet<String>, String>);

/// One turn in a session configured by the case's document (filter, custom agents, default
/// agent), attested before the turn; returns what the create turn offered and, when asked,
/// what a resumed turn offered.
async fn turn(live: &Live<'_>, case: &Case) -> Result<(Observed, Option<Observed>), String> {
    turn_in(live, case, case.plan()).await
}

/// One turn in `session`, attested before it, or (in plan mode, which starts with the message)
/// after it.
async fn attested_turn(
    live: &Live<'_>,
    case: &Case,
    session: &Session,
    text: &str,
    plan: bool,
) -> Result<Observed, String> {
    let before = if plan { None } else { Some(attested(case.policy(), session).await) };
    let offered = offered_in(session, live.requests, text, plan).await?;
    let attestation = match before {
        Some(attestation) => attestation,
        None => attested(case.policy(), session).await,
    };
    Ok((offered, attestation))
}

/// [`turn`], in plan mode or not.
async fn turn_in(live: &Live<'_>, case: &Case, plan: bool) -> Result<(Observed, Option<Observed>), String> {
    let mut config = live.session_config().with_mcp_servers(mcp_servers(live.me, case.server));
    if plan {
        // The runtime offers `exit_plan_mode` only in plan mode, to a host that can answer it.
        config = config.with_exit_plan_mode_handler(Arc::new(StayInPlan));
    }
    let config = case.document.apply_to_session(config).map_err(|e| e.to_string())?;
    let session = live.runtime.client.create_session(config).await.map_err(|e| format!("create: {e}"))?;
    let created = attested_turn(live, case, &session, "hello", plan).await?;
    let id = session.id().clone();
    let _ = session.disconnect().await;
    if !case.resume {
        return Ok((created, None));
    }
    let mut resume = live.resume_config(id).with_mcp_servers(mcp_servers(live.me, case.server));
    if plan {
        resume = resume.with_exit_plan_mode_handler(Arc::new(StayInPlan));
    }
    let resume = case.document.apply_to_resume(resume).map_err(|e| e.to_string())?;
    let resumed = live.runtime.client.resume_session(resume).await.map_err(|e| format!("resume: {e}"))?;
    let after = attested_turn(live, case, &resumed, "again", plan).await?;
    let _ = resumed.disconnect().await;
    Ok((created, Some(after)))
}

/// Two controls showing why the library sends what it sends: with the runtime's default
/// precedence (`available`) the deny-list is ignored once an allow-list is set, and a resume
/// without the filter offers every tool again.
async fn controls(live: &Live<'_>, universe: &BTreeSet<String>, counts: &mut Attested) -> Vec<Outcome> {
    let mut outcomes = Vec::new();

    let name = "control: precedence `available` ignores the deny-list";
    let policy = policy_of(
        r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["builtin:*"]}, "excluded-tools": {"tools": ["builtin:bash"]}}"#,
    );
    let result: Result<(ResolvedPolicy, BTreeSet<String>), String> = async {
        let policy = policy?;
        let config = policy.apply_to_session(live.session_config());
        let session = live.runtime.client.create_session(config).await.map_err(|e| e.to_string())?;
        let mut params = serde_json::to_value(policy.session_create()).map_err(|e| e.to_string())?;
        params["sessionId"] = json!(session.id());
        params["toolFilterPrecedence"] = json!("available");
        live.runtime
            .client
            .call("session.options.update", Some(params))
            .await
            .map_err(|e| format!("options.update: {e}"))?;
        let observed = offered_in(&session, live.requests, "hello", false).await?;
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
        let session = live
            .runtime
            .client
            .create_session(locked.apply_to_session(live.session_config()))
            .await
            .map_err(|e| e.to_string())?;
        offered_in(&session, live.requests, "hello", false).await?;
        let id = session.id().clone();
        let _ = session.disconnect().await;
        let resumed = live.runtime.client.resume_session(live.resume_config(id)).await.map_err(|e| e.to_string())?;
        // Attestation must catch the dropped filter before the turn.
        let attestation = attested(&locked, &resumed).await;
        let observed = offered_in(&resumed, live.requests, "again", false).await?;
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
        let session = live.runtime.client.create_session(live.session_config()).await.map_err(|e| e.to_string())?;
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
fn everything(mode: ClientMode) -> Result<CopilotDocument, String> {
    let entry = match mode {
        ClientMode::CopilotCli => r#"{"kind": "github-cli-builtin-tools"}"#,
        ClientMode::Empty => {
            r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty", "available-tools": {"tools": ["builtin:*", "custom:*", "mcp:*"]}}"#
        }
    };
    document_of(entry)
}

/// The user message that makes the fake model start a sub-agent (`DELEGATE:<agent>`), and
/// the prompt the sub-agent then receives (which marks its own model requests).
const DELEGATE: &str = "DELEGATE:";
const SUBAGENT_TASK: &str = "SUBAGENT_TASK: reply ok";
/// In the SDK flow the sub-agent's prompt also asks it to call a listed and an unlisted tool.
const FLOW: &str = "FLOW";
const FLOW_TASK: &str = "SUBAGENT_TASK: FLOW call my_tool and other_tool";

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
    SubagentCase { name: "* adds the agent-only built-ins", session: "{}", tools: Some(&["*"]) },
    SubagentCase { name: "alias todo: an agent-only built-in", session: "{}", tools: Some(&["todo"]) },
    SubagentCase {
        name: "agent-only built-ins by name",
        session: "{}",
        tools: Some(&["tool_search_tool", "update_todo", "view"]),
    },
    SubagentCase {
        name: "an allow-list keeps the agent-only built-ins from *",
        session: r#"{"available-tools": {"tools": ["view", "task"]}}"#,
        tools: Some(&["*"]),
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

/// The registered tools of a session offering `universe`, by source.
fn session_tools(universe: &BTreeSet<String>) -> Vec<SessionTool<'_>> {
    universe
        .iter()
        .map(|name| {
            let tool = classify(name);
            SessionTool { mcp_server: mcp_server(&tool), tool }
        })
        .collect()
}

/// The tools an agent with list `tools` should be offered under `session`, over `universe`.
fn subagent_expected(
    tools: Option<&[String]>,
    session: &ResolvedPolicy,
    universe: &BTreeSet<String>,
) -> BTreeSet<String> {
    // `builtin:view` is refused by every front door: the runtime matches nothing with it.
    let Ok(agent) = AgentTools::parse(tools) else { return BTreeSet::new() };
    effective_tools(&agent, session, &session_tools(universe)).iter().map(|t| t.tool.name().to_owned()).collect()
}

/// The first model request of a sub-agent among the recorded ones.
fn subagent_request(requests: &Mutex<Vec<Value>>) -> Result<Value, String> {
    let requests = requests.lock().map_err(|e| e.to_string())?;
    requests
        .iter()
        .find(|body| user_text(body).contains("SUBAGENT_TASK"))
        .cloned()
        .ok_or_else(|| String::from("the sub-agent sent no model request"))
}

/// The tools an agent of `case`'s definition with list `tools` should be offered, over
/// `universe`: with a default agent, a `null` list inherits the main agent's tools.
fn definition_subagent_expected(
    case: &Case,
    tools: Option<&[String]>,
    universe: &BTreeSet<String>,
) -> BTreeSet<String> {
    let Some(default) = case.document.default_agent() else {
        return subagent_expected(tools, case.policy(), universe);
    };
    let Ok(agent) = AgentTools::parse(tools) else { return BTreeSet::new() };
    let registered = session_tools(universe);
    default.subagent_tools(&agent, case.policy(), &registered).iter().map(|t| t.tool.name().to_owned()).collect()
}

/// Creates a session with `config`, has the fake model start `agent` through `task`, and
/// returns the tools of the sub-agent's own model request.
async fn subagent_offered(live: &Live<'_>, config: SessionConfig, agent: &str) -> Result<BTreeSet<String>, String> {
    let session = live.runtime.client.create_session(config).await.map_err(|e| format!("create: {e}"))?;
    send(&session, live.requests, &format!("{DELEGATE}{agent}"), false).await?;
    let _ = session.disconnect().await;
    Ok(tool_names(&subagent_request(live.requests)?))
}

/// Starts the sub-agent of each case through the fake model's `task` call and compares what
/// its own model request offers with the library's prediction.
async fn subagents(live: &Live<'_>, universe: &BTreeSet<String>) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    for case in SUBAGENT_CASES {
        let name = format!("subagent: {}", case.name);
        let result: Result<(BTreeSet<String>, BTreeSet<String>), String> = async {
            let session_policy = session_policy(case)?;
            let tools: Option<Vec<String>> = case.tools.map(|tools| tools.iter().map(|t| (*t).to_owned()).collect());
            let expected = subagent_expected(tools.as_deref(), &session_policy, universe);
            let mut agent = github_copilot_sdk::CustomAgentConfig::new("probe-agent", "A conformance sub-agent.");
            agent.tools = tools;
            let config = session_policy.apply_to_session(live.session_config()).with_custom_agents([agent]);
            Ok((expected, subagent_offered(live, config, "probe-agent").await?))
        }
        .await;
        outcomes.push(match result {
            Ok((expected, observed)) => Outcome::compare(&name, expected, observed),
            Err(e) => Outcome::failed(&name, e),
        });
    }
    outcomes
}

/// The agents the runtime brings itself, started through `task` with their `agent_type`.
const TASK_AGENTS: [&str; 6] = ["explore", "task", "general-purpose", "code-review", "research", "security-review"];

/// The sessions the built-in agents are started in.
/// The last two were held out: the model was written from what the first three showed.
const TASK_AGENT_SESSIONS: [(&str, &str); 5] = [
    ("no filter", "{}"),
    ("excluded [bash]", r#"{"excluded-tools": {"tools": ["bash"]}}"#),
    ("available [view, grep, task, mcp:*]", r#"{"available-tools": {"tools": ["view", "grep", "task", "mcp:*"]}}"#),
    (
        "excluded [grep, custom:my_tool, mcp:echo-echo, builtin:session_store_sql]",
        r#"{"excluded-tools": {"tools": ["grep", "custom:my_tool", "mcp:echo-echo", "builtin:session_store_sql"]}}"#,
    ),
    (
        "available [builtin:*, custom:other_tool]",
        r#"{"available-tools": {"tools": ["builtin:*", "custom:other_tool"]}}"#,
    ),
];

/// Each built-in agent under each session: what its own model request offers must be what
/// the library predicts (`copilot::builtin_agent`).
async fn builtin_agents(live: &Live<'_>, universe: &BTreeSet<String>) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    for (label, session) in TASK_AGENT_SESSIONS {
        for agent in TASK_AGENTS {
            let name = format!("builtin-agent: {agent} under {label}");
            let result: Result<(BTreeSet<String>, BTreeSet<String>), String> = async {
                let case = SubagentCase { name: "", session, tools: None };
                let session_policy = session_policy(&case)?;
                let builtin = copilot::TaskAgent::named(agent).ok_or_else(|| format!("no built-in agent {agent}"))?;
                let registered = session_tools(universe);
                let expected =
                    builtin.offered(&session_policy, &registered).iter().map(|t| t.tool.name().to_owned()).collect();
                let config = session_policy.apply_to_session(live.session_config());
                Ok((expected, subagent_offered(live, config, agent).await?))
            }
            .await;
            outcomes.push(match result {
                Ok((expected, observed)) => Outcome::compare(&name, expected, observed),
                Err(e) => Outcome::failed(&name, e),
            });
        }
    }
    outcomes
}

/// Each custom agent of a case's definition, started through `task` in a session the
/// definition configures: what it is offered must be what `effective_tools` says. Only when
/// the main agent is offered `task`; otherwise no sub-agent can start.
async fn definition_subagents(live: &Live<'_>, universe: &BTreeSet<String>, case: &Case) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    if !case.expected(universe).contains("task") {
        return outcomes;
    }
    for agent in case.document.custom_agents().unwrap_or_default() {
        let name = format!("subagent: {} / {}", case.name, agent.name());
        let expected = definition_subagent_expected(case, agent.tools(), universe);
        let result = match case.document.apply_to_session(live.session_config()) {
            Ok(config) => subagent_offered(live, config, agent.name()).await,
            Err(e) => Err(e.to_string()),
        };
        outcomes.push(match result {
            Ok(observed) => Outcome::compare(&name, expected, observed),
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

/// The definition of the SDK flow: `bash` excluded for the session, `my_tool` hidden from the
/// main agent and listed (with `view`) for the sub-agent `flow-agent`.
const FLOW_DEFINITION: &str = r#"{
  "tools": [{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["builtin:bash"]}}],
  "customAgents": [{"name": "flow-agent", "prompt": "A conformance sub-agent.", "tools": ["my_tool", "view"]}],
  "defaultAgent": {"excludedTools": ["my_tool"]}
}"#;

/// A handler that records each call reaching it: the tool, and the `agentId` it came with.
type Calls = Arc<Mutex<Vec<(String, Option<String>)>>>;

struct Recording(Calls);

#[async_trait]
impl ToolHandler for Recording {
    async fn call(&self, invocation: ToolInvocation) -> Result<ToolResult, github_copilot_sdk::Error> {
        if let Ok(mut calls) = self.0.lock() {
            calls.push((invocation.tool_name.clone(), invocation.agent_id.clone()));
        }
        Ok(ToolResult::Text(String::from("ok")))
    }
}

/// What the SDK flow observed.
struct Flow {
    main: BTreeSet<String>,
    sub: BTreeSet<String>,
    calls: Vec<(String, Option<String>)>,
    /// The result the sub-agent got for its call of `other_tool`.
    refusal: Option<String>,
    resumed: BTreeSet<String>,
}

/// The text of the tool result answering call `id` in a request.
fn tool_result(body: &Value, id: &str) -> Option<String> {
    body["messages"].as_array()?.iter().find(|m| m["role"] == "tool" && m["tool_call_id"] == id).map(
        |m| match &m["content"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        },
    )
}

/// A host's flow through the library's SDK helpers, one call per step: the definition's
/// filter, custom agents and default agent through `CopilotDocument::apply_to_session`, the
/// custom tools gated by the sub-agent router, which follows the session's events; the fake
/// model starts `flow-agent`, which calls `my_tool` (listed) and `other_tool` (not listed);
/// then the session is resumed through `apply_to_resume`.
async fn sdk_flow(live: &Live<'_>, document: &CopilotDocument) -> Result<Flow, String> {
    let router = Arc::new(SubagentRouter::new());
    let calls: Calls = Arc::default();
    let gated = || GatedToolHandler::gate_all(&router, tools_with(|| Arc::new(Recording(Arc::clone(&calls)))));
    let config = document.apply_to_session(live.session_config().with_tools(gated())).map_err(|e| e.to_string())?;
    let agents = config.custom_agents.clone();
    let session = live.runtime.client.create_session(config).await.map_err(|e| format!("create: {e}"))?;
    router.register_sdk_session(session.id(), agents.as_deref());
    let follow = {
        let (router, id, events) = (Arc::clone(&router), session.id().to_string(), session.subscribe());
        tokio::spawn(async move { router.follow_events(&id, events).await })
    };
    send(&session, live.requests, &format!("{DELEGATE}flow-agent {FLOW}"), false).await?;
    let recorded = live.requests.lock().map_err(|e| e.to_string())?.clone();
    let main = recorded
        .iter()
        .find(|b| !user_text(b).contains("SUBAGENT_TASK"))
        .map(tool_names)
        .ok_or("the main agent sent no model request")?;
    let sub = recorded
        .iter()
        .find(|b| user_text(b).contains(FLOW_TASK))
        .map(tool_names)
        .ok_or("the sub-agent sent no model request")?;
    let refusal = recorded.iter().find_map(|b| tool_result(b, "call_flow_other"));
    let id = session.id().clone();
    let _ = session.disconnect().await;
    follow.abort();

    let resume = document.apply_to_resume(live.resume_config(id).with_tools(gated())).map_err(|e| e.to_string())?;
    let agents = resume.custom_agents.clone();
    let resumed = live.runtime.client.resume_session(resume).await.map_err(|e| format!("resume: {e}"))?;
    router.register_sdk_session(resumed.id(), agents.as_deref());
    let after = offered_in(&resumed, live.requests, "again", false).await?;
    let _ = resumed.disconnect().await;
    let calls = calls.lock().map_err(|e| e.to_string())?.clone();
    Ok(Flow { main, sub, calls, refusal, resumed: after })
}

/// The SDK flow's outcomes: the main agent's tools (with `my_tool` hidden by the default
/// agent), the sub-agent's, the calls that reached a handler (only `my_tool`, attributed to
/// the sub-agent), and the resumed main agent's tools.
async fn sdk_flow_outcomes(live: &Live<'_>, universe: &BTreeSet<String>) -> Vec<Outcome> {
    const NAMES: [&str; 4] = [
        "sdk flow: main agent, my_tool hidden by defaultAgent",
        "subagent: sdk flow: flow-agent [my_tool, view]",
        "sdk flow: only the listed tool reaches a handler, from the sub-agent",
        "sdk flow: main agent after resume",
    ];
    let case = match tool_policy::json::load(FLOW_DEFINITION) {
        Ok(document) => Case { name: String::from("sdk flow"), document, resume: true, server: ECHO },
        Err(e) => return NAMES.iter().map(|n| Outcome::failed(n, e.to_string())).collect(),
    };
    let flow = match sdk_flow(live, &case.document).await {
        Ok(flow) => flow,
        Err(e) => return NAMES.iter().map(|n| Outcome::failed(n, e.clone())).collect(),
    };
    let main = case.expected(universe);
    let agent =
        case.document.custom_agents().unwrap_or_default().first().and_then(|a| a.tools().map(<[String]>::to_vec));
    let sub = definition_subagent_expected(&case, agent.as_deref(), universe);
    let reached: BTreeSet<String> = flow.calls.iter().map(|(tool, _)| tool.clone()).collect();
    let mut calls = Outcome::compare(NAMES[2], BTreeSet::from([String::from("my_tool")]), reached);
    if calls.mismatch.is_none() {
        calls.mismatch = match (&flow.calls[..], &flow.refusal) {
            ([(_, Some(_))], Some(refusal)) => {
                println!("sdk flow: other_tool, not in flow-agent's list, was refused: {refusal}");
                None
            }
            ([(_, None)], _) => Some(String::from("my_tool's call came without the sub-agent's agentId")),
            (_, None) => Some(String::from("other_tool's call got no result")),
            (more, _) => Some(format!("my_tool reached its handler {} times", more.len())),
        };
    }
    vec![
        Outcome::compare(NAMES[0], main.clone(), flow.main),
        Outcome::compare(NAMES[1], sub, flow.sub),
        calls,
        Outcome::compare(NAMES[3], main, flow.resumed),
    ]
}

/// Runs every case, grouped by client mode (clients are never shared across modes).
pub async fn run(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> (Vec<Outcome>, Attested) {
    let mut counts = Attested::default();
    let outcomes = run_cases(cli, me, scratch, cases, &mut counts).await;
    (outcomes, counts)
}

/// A chat completion that calls `calls` (`(id, tool, arguments)`).
fn tool_calls(model: &Value, calls: &[(&str, &str, Value)]) -> String {
    let calls: Vec<Value> = calls
        .iter()
        .map(|(id, tool, args)| json!({"id": id, "type": "function", "function": {"name": tool, "arguments": args.to_string()}}))
        .collect();
    json!({
        "id": "chatcmpl-live", "object": "chat.completion", "created": 1, "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": null, "tool_calls": calls}, "finish_reason": "tool_calls"}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    })
    .to_string()
}

/// The fake model: records every request; starts the sub-agent a `DELEGATE:<agent>` message
/// names through `task`; in the SDK flow, has the sub-agent call `my_tool` and `other_tool`;
/// otherwise answers `ok`.
fn fake_model(recorder: &Mutex<Vec<Value>>, method: &str, path: &str, body: &[u8]) -> (u16, &'static str, String) {
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
    let users = user_text(&body);
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    let called = messages.iter().any(|m| m["tool_calls"].is_array());
    if users.contains(FLOW_TASK) && !called {
        let calls = [("call_flow_my", "my_tool", json!({})), ("call_flow_other", "other_tool", json!({}))];
        return (200, "application/json", tool_calls(&body["model"], &calls));
    }
    if let Some(at) = users.find(DELEGATE).filter(|_| !users.contains("SUBAGENT_TASK") && !called) {
        let agent: String = users[at + DELEGATE.len()..].chars().take_while(|c| !c.is_whitespace()).collect();
        if tool_names(&body).contains("task") {
            let prompt = if users.contains(FLOW) { FLOW_TASK } else { SUBAGENT_TASK };
            let args = json!({"name": "probe", "description": "conformance delegation", "prompt": prompt,
                              "agent_type": agent, "mode": "sync"});
            return (200, "application/json", tool_calls(&body["model"], &[("call_live_1", "task", args)]));
        }
    }
    let reply = json!({
        "id": "chatcmpl-live", "object": "chat.completion", "created": 1, "model": body["model"],
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    });
    (200, "application/json", reply.to_string())
}

/// What every baseline must hold: the custom tools registered and the MCP server's tools. A
/// dead MCP server or a lost registration would otherwise make cases about them pass with
/// nothing to compare.
fn universe_gaps(universe: &BTreeSet<String>, server: &str) -> Vec<String> {
    let mcp = crate::mcp::TOOLS.iter().map(|t| format!("{}-{t}", cli_server_name(server)));
    CUSTOM_TOOLS.iter().map(|t| (*t).to_owned()).chain(mcp).filter(|name| !universe.contains(name)).collect()
}

/// What a baseline depends on: plan mode, and the name the host gives the MCP server.
type Baseline = (bool, &'static str);

async fn run_cases(cli: &Path, me: &Path, scratch: &Path, cases: &[Case], counts: &mut Attested) -> Vec<Outcome> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let recorder = Arc::clone(&requests);
    let port = match http::serve(move |method, path, body| fake_model(&recorder, method, path, body)) {
        Ok(port) => port,
        Err(e) => return vec![Outcome::failed("copilot: fake model", format!("cannot listen: {e}"))],
    };
    let mut outcomes = Vec::new();
    let mut session_fs_first = None;
    // Each mode once with the CLI's own storage, and empty mode again with a session file
    // system the host serves (its outcomes named `session fs: …`).
    for (mode, storage) in [
        (ClientMode::CopilotCli, Storage::Cli),
        (ClientMode::Empty, Storage::Cli),
        (ClientMode::Empty, Storage::SessionFs),
    ] {
        let mode_cases: Vec<&Case> = cases.iter().filter(|c| c.policy().client_mode() == mode).collect();
        if mode_cases.is_empty() {
            continue;
        }
        if storage == Storage::SessionFs {
            session_fs_first = Some(outcomes.len());
        }
        let runtime = match start(cli, scratch, mode, storage).await {
            Ok(runtime) => runtime,
            Err(e) => {
                outcomes.extend(mode_cases.iter().map(|c| Outcome::failed(&c.name, e.clone())));
                continue;
            }
        };
        let live = Live { runtime: &runtime, me, port, requests: &requests };
        // The universes: what this mode offers with every source allowed, in each agent mode
        // and with each MCP server name a case needs.
        let mut universes: Vec<(Baseline, Result<BTreeSet<String>, String>)> = Vec::new();
        for case in std::iter::once(None).chain(mode_cases.iter().map(Some)) {
            let key = case.map_or((false, ECHO), |c| (c.plan(), c.server));
            if universes.iter().any(|(k, _)| *k == key) {
                continue;
            }
            let (plan, server) = key;
            let universe = async {
                let document = everything(mode)?;
                let name = format!("baseline-{}", mode.as_str());
                let baseline = Case { name, document, resume: false, server };
                let ((names, _), _) = turn_in(&live, &baseline, plan).await?;
                match universe_gaps(&names, server)[..] {
                    [] => Ok(names),
                    ref gaps => Err(format!("the baseline lacks {gaps:?}: cases about them could not fail")),
                }
            }
            .await;
            universes.push((key, universe));
        }
        let universe_of = |key: Baseline| universes.iter().find(|(k, _)| *k == key).map(|(_, u)| u.clone());
        let Some(Ok(universe)) = universe_of((false, ECHO)) else {
            let why = universe_of((false, ECHO)).and_then(Result::err).unwrap_or_default();
            outcomes.extend(mode_cases.iter().map(|c| Outcome::failed(&c.name, format!("baseline: {why}"))));
            continue;
        };
        if mode == ClientMode::CopilotCli {
            let builtins: BTreeSet<String> =
                universe.iter().filter(|n| classify(n).source() == Source::Builtin).cloned().collect();
            let expected = copilot::DEFAULT_OFFERED.iter().map(|n| (*n).to_owned()).collect();
            outcomes.push(Outcome::compare("catalog-default-set", expected, builtins));
            outcomes.extend(controls(&live, &universe, counts).await);
            outcomes.extend(subagents(&live, &universe).await);
            outcomes.extend(builtin_agents(&live, &universe).await);
            outcomes.extend(sdk_flow_outcomes(&live, &universe).await);
        }
        for case in mode_cases {
            let universe = match universe_of((case.plan(), case.server)) {
                Some(Ok(universe)) => universe,
                other => {
                    let why = other.and_then(Result::err).unwrap_or_default();
                    outcomes.push(Outcome::failed(&case.name, format!("baseline: {why}")));
                    continue;
                }
            };
            // A case naming a tool the runtime does not offer here could not fail on it. A
            // portable policy names every built-in its capabilities grant, offered here or not
            // (Windows' shell family, the legacy edit tools): what it is held to is the set.
            let portable = case.document.portable().is_some();
            let reachable = |name: &String| {
                portable
                    || universe.contains(name)
                    || (case.document.custom_agents().is_some() && copilot::AGENT_ONLY.contains(&name.as_str()))
            };
            let unoffered: Vec<String> = case.named().into_iter().filter(|n| !reachable(n)).collect();
            if !unoffered.is_empty() {
                let why = format!("names {unoffered:?}, which this baseline does not offer: the case could not fail");
                outcomes.push(Outcome::failed(&case.name, why));
                continue;
            }
            let expected = case.expected(&universe);
            // A portable policy's `mcp_tools`, read apart from the runtime's patterns: the
            // server's tools it keeps are the MCP tools expected, as the runtime names them.
            if let Some(portable) = case.document.portable() {
                let prefix = format!("{}-", cli_server_name(case.server));
                let keeps = |t: &&&str| portable.mcp().offers(case.server, t);
                let kept: BTreeSet<String> =
                    crate::mcp::TOOLS.iter().filter(keeps).map(|t| format!("{prefix}{t}")).collect();
                let predicted: BTreeSet<String> = expected.iter().filter(|n| n.starts_with(&prefix)).cloned().collect();
                if kept != predicted {
                    let why =
                        format!("the library predicts the MCP tools {predicted:?}; its `mcp_tools` keep {kept:?}");
                    outcomes.push(Outcome::failed(&case.name, why));
                    continue;
                }
            }
            // CLI 1.0.102 refuses to resume a session kept in a host's session file system
            // ("OpenTelemetry preparation belongs to a different session"): there, only create.
            let create_only;
            let case = if storage == Storage::SessionFs && case.resume {
                create_only = Case { resume: false, ..(*case).clone() };
                &create_only
            } else {
                case
            };
            match turn(&live, case).await {
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
            outcomes.extend(definition_subagents(&live, &universe, case).await);
        }
        // The client must really have kept its sessions in the host's file system.
        if let Some(fs) = &runtime.session_fs {
            let name = "the runtime keeps its session state in the host's file system";
            outcomes.push(match fs.files() {
                0 => Outcome::failed(name, String::from("the runtime wrote no file there")),
                files => Outcome { name: name.to_owned(), offered: files, mismatch: None },
            });
        }
        let _ = runtime.client.stop().await;
    }
    let first = session_fs_first.unwrap_or(outcomes.len());
    for outcome in &mut outcomes[first..] {
        outcome.name = format!("session fs: {}", outcome.name);
    }
    outcomes
}

/// What `tests/catalog/refresh.sh copilot` reads from the CLI: every built-in descriptor of a
/// session (`session.tools.getBuiltinDescriptors`: name and description), and the built-ins the
/// model of a plain session is offered (`"offered": true`), as JSON.
pub async fn catalog(cli: &Path, me: &Path, scratch: &Path) -> Result<Value, String> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let recorder = Arc::clone(&requests);
    let port = http::serve(move |method, path, body| fake_model(&recorder, method, path, body))
        .map_err(|e| format!("cannot listen: {e}"))?;
    let runtime = start(cli, scratch, ClientMode::CopilotCli, Storage::Cli).await?;
    let session = runtime.client.create_session(session_config(me, port)).await.map_err(|e| format!("create: {e}"))?;
    // Read raw: the SDK's typed form of a descriptor asks for fields this CLI does not send.
    let params = json!({"sessionId": session.id().to_string()});
    let descriptors = session
        .client()
        .call("session.tools.getBuiltinDescriptors", Some(params))
        .await
        .map_err(|e| format!("getBuiltinDescriptors: {e}"))?;
    let offered = offered_in(&session, &requests, "hello", false).await?;
    let _ = session.disconnect().await;
    let tools: Vec<Value> = descriptors["tools"]
        .as_array()
        .ok_or("getBuiltinDescriptors: no `tools` list")?
        .iter()
        .map(|tool| {
            let name = tool["name"].as_str().unwrap_or_default();
            json!({"name": name, "description": tool["description"], "offered": offered.contains(name)})
        })
        .collect();
    Ok(json!({"tools": tools}))
}
