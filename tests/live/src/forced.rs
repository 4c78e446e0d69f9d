//! Forced calls (SPEC §8): the fake model calls a tool the selection took away, with a side
//! effect the harness can see (a shell command that creates a marker file, a file write, a
//! call the MCP server logs), in the main agent, a custom sub-agent and a built-in one, with
//! each CLI run the way a host runs it: the permission mode that approves everything. The call
//! must be refused (an error result) with no side effect. A control per runtime and tool makes
//! the same call with the tool allowed: the side effect must happen, or the case proves nothing.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tool_policy::McpTools;
use tool_policy::claude::{ClaudeAgents, ClaudeCodeArgs, ClaudeCodeSelection, Start};
use tool_policy::gemini::{ApprovalMode, GeminiSelection};

use crate::builtin::{answers_a_call, start_call, started_agent};
use crate::claude::{self, answer_call};
use crate::{Outcome, gemini, http};

/// What a forced call does when it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A shell command that creates the marker file.
    Shell,
    /// A tool that writes the marker file.
    Write,
    /// An MCP tool call, which the echo server logs.
    Mcp,
    /// A custom tool the host registered, whose handler logs the call.
    Custom,
}

/// The call the fake model makes.
#[derive(Clone, Debug)]
pub struct Call {
    pub tool: String,
    pub effect: Effect,
}

impl Call {
    pub fn new(tool: &str, effect: Effect) -> Call {
        Call { tool: tool.to_owned(), effect }
    }
}

/// Who makes the call.
#[derive(Clone, Debug)]
pub enum Via {
    Main,
    /// A sub-agent the main agent starts (a custom or a built-in one), started so.
    Agent(String, Start),
}

/// The verdict of one forced call: refused with no side effect, or (a control) run with it.
pub fn verdict_of(name: &str, control: bool, happened: bool, result: Option<(bool, String)>) -> Outcome {
    let shown = |text: &str| text.chars().take(160).collect::<String>();
    let why = match (control, happened, &result) {
        (_, _, None) => Some(String::from("the CLI sent no tool result for the call")),
        (true, true, _) => None,
        (true, false, Some((_, text))) => {
            Some(format!("control: the allowed call left no side effect: {}", shown(text)))
        }
        (false, true, _) => Some(String::from("the removed tool RAN: its side effect happened")),
        (false, false, Some((true, _))) => None,
        (false, false, Some((false, text))) => {
            Some(format!("no side effect, but the result is no refusal: {}", shown(text)))
        }
    };
    match why {
        None => Outcome { name: name.to_owned(), offered: 0, mismatch: None },
        Some(why) => Outcome::failed(name, why),
    }
}

/// Whether `effect` happened in the run directory `dir`.
pub fn happened(effect: Effect, dir: &Path) -> bool {
    let logged = |log: &str| std::fs::read_to_string(dir.join(log)).is_ok_and(|log| !log.trim().is_empty());
    match effect {
        Effect::Shell | Effect::Write => marker(dir).exists(),
        Effect::Mcp => logged("mcp-calls.log"),
        Effect::Custom => logged("custom-calls.log"),
    }
}

/// The marker file a case's call creates: in the run's work directory.
pub fn marker(dir: &Path) -> PathBuf {
    dir.join("work").join("forced-marker")
}

/// One Claude Code case.
#[derive(Clone)]
pub struct ClaudeCase {
    pub name: String,
    pub selection: Option<ClaudeCodeSelection>,
    pub agents: ClaudeAgents,
    pub mcp: McpTools,
    pub call: Call,
    pub via: Via,
    /// The call is allowed: its side effect must happen.
    pub control: bool,
    /// More arguments for the CLI (the gate suite's hook settings and agents).
    pub extra: Vec<String>,
}

/// The script of the fake Anthropic API for the current case.
#[derive(Default)]
struct ClaudeScript {
    call: Option<(String, Value)>,
    agent: Option<(String, Start)>,
    main_done: bool,
    sub_done: bool,
}

/// The forced call's id.
const FORCED: &str = "toolu_forced";

fn claude_input(call: &Call, dir: &Path) -> Value {
    let path = marker(dir).display().to_string();
    match call.effect {
        Effect::Shell => json!({"command": format!("touch {path}"), "description": "create a marker file"}),
        Effect::Write => json!({"file_path": path, "content": "forced\n"}),
        Effect::Mcp | Effect::Custom => json!({"text": "forced"}),
    }
}

/// The result the CLI sent back for the forced call: `(is_error, text)`.
fn claude_result(requests: &[Value]) -> Option<(bool, String)> {
    requests.iter().find_map(|body| {
        let messages = body["messages"].as_array()?;
        let blocks = messages.iter().flat_map(|m| m["content"].as_array().into_iter().flatten());
        let result = blocks.into_iter().find(|b| b["type"] == "tool_result" && b["tool_use_id"] == FORCED)?;
        let text = match &result["content"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        Some((result["is_error"] == true, text))
    })
}

/// Runs every Claude Code case with `--permission-mode=bypassPermissions`.
pub fn run_claude(cli: &Path, me: &Path, scratch: &Path, cases: &[ClaudeCase]) -> Vec<Outcome> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let script: Arc<Mutex<ClaudeScript>> = Arc::default();
    let (recorder, scripted) = (Arc::clone(&requests), Arc::clone(&script));
    let port = match http::serve(move |method, path, body| {
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        if method != "POST" || !path.split('?').next().unwrap_or("").ends_with("/v1/messages") {
            return (200, "application/json", json!({"input_tokens": 10}).to_string());
        }
        recorder.lock().unwrap().push(body.clone());
        let mut script = scripted.lock().unwrap();
        let fresh = !answers_a_call(&body);
        let sub = started_agent(&body);
        let (scripted_call, agent) = (script.call.clone(), script.agent.clone());
        let call = match (scripted_call, agent) {
            (Some((tool, input)), Some(_)) if sub && fresh && !script.sub_done => {
                script.sub_done = true;
                Some((tool, FORCED, input))
            }
            (Some(_), Some((agent, how))) if !sub && fresh && !script.main_done => {
                script.main_done = true;
                Some((String::from("Agent"), "toolu_start", start_call(&agent, how)))
            }
            (Some((tool, input)), None) if !sub && fresh && !script.main_done => {
                script.main_done = true;
                Some((tool, FORCED, input))
            }
            _ => None,
        };
        let call = call.as_ref().map(|(tool, id, input)| (tool.as_str(), *id, input));
        (200, "text/event-stream", answer_call(&body, call))
    }) {
        Ok(port) => port,
        Err(e) => return vec![Outcome::failed("forced-calls claude-code: fake API", format!("cannot listen: {e}"))],
    };
    let mut outcomes = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let dir = scratch.join(format!("forced-{i}"));
        requests.lock().unwrap().clear();
        *script.lock().unwrap() = ClaudeScript {
            call: Some((case.call.tool.clone(), claude_input(&case.call, &dir))),
            agent: match &case.via {
                Via::Main => None,
                Via::Agent(name, how) => Some((name.clone(), *how)),
            },
            ..ClaudeScript::default()
        };
        let run = claude::Case {
            name: case.name.clone(),
            selection: case.selection.clone(),
            model: None,
            host_mcp: (case.call.effect == Effect::Mcp).then_some(claude::ECHO),
            own_mcp: false,
            mcp: case.mcp.clone(),
        };
        let arguments = ClaudeCodeArgs::new(case.selection.clone())
            .with_agents(case.agents.clone())
            .expect("the case's agents stay within its selection");
        let mut extra = vec![String::from("--permission-mode=bypassPermissions")];
        extra.extend(case.extra.iter().cloned());
        let outcome = match claude::run_args(cli, me, &dir, &run, port, &arguments, &extra) {
            Ok(_) => {
                std::thread::sleep(Duration::from_millis(100));
                let result = claude_result(&requests.lock().unwrap());
                verdict_of(&case.name, case.control, happened(case.call.effect, &dir), result)
            }
            Err(why) => Outcome::failed(&case.name, why),
        };
        outcomes.push(outcome);
    }
    *script.lock().unwrap() = ClaudeScript::default();
    outcomes
}

/// One Gemini CLI case.
#[derive(Clone)]
pub struct GeminiCase {
    pub name: String,
    pub selection: Option<GeminiSelection>,
    pub mode: ApprovalMode,
    pub call: Call,
    /// The call comes from this agent of the CLI's own (`codebase_investigator`,
    /// `generalist`), which the main agent starts.
    pub agent: Option<&'static str>,
    pub control: bool,
    /// Settings and a policy file written instead of the selection's (the gate suite's hook,
    /// and, with both layers, the configuration `resolve` writes).
    pub settings: Option<(Value, Option<String>)>,
    /// The hook is the only layer: the refusal must be the gate's.
    pub gate_alone: bool,
}

fn gemini_args(call: &Call, dir: &Path) -> Value {
    let path = marker(dir).display().to_string();
    match call.effect {
        Effect::Shell => json!({"command": format!("touch {path}"), "description": "create a marker file"}),
        Effect::Write => json!({"file_path": path, "content": "forced\n"}),
        Effect::Mcp | Effect::Custom => json!({"text": "forced"}),
    }
}

fn gemini_reply(part: &Value) -> Value {
    json!({
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
        "modelVersion": "gemini-2.5-pro"
    })
}

/// The response the CLI sent back for a call of `tool`: `(is_error, text)`.
fn gemini_result(requests: &[Value], tool: &str) -> Option<(bool, String)> {
    requests.iter().find_map(|body| {
        let contents = body["contents"].as_array()?;
        let parts = contents.iter().flat_map(|c| c["parts"].as_array().into_iter().flatten());
        let response = parts.into_iter().find(|p| p["functionResponse"]["name"] == tool)?;
        let response = &response["functionResponse"]["response"];
        let text = response.to_string();
        let error = response.get("error").is_some() || text.contains("not found") || text.contains("Unauthorized");
        Some((error, text))
    })
}

/// Runs every Gemini CLI case in its approval mode.
pub fn run_gemini(cli: &Path, me: &Path, scratch: &Path, cases: &[GeminiCase]) -> Vec<Outcome> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    // The call, whether the main agent's first turn is done, and the agent that makes it.
    type Script = Option<(Value, bool, Option<&'static str>)>;
    let script: Arc<Mutex<Script>> = Arc::default();
    let (recorder, scripted) = (Arc::clone(&requests), Arc::clone(&script));
    let port = match http::serve(move |method, path, body| {
        if method != "POST" {
            return (200, "application/json", json!({"models": []}).to_string());
        }
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        recorder.lock().unwrap().push(body.clone());
        if path.contains("countTokens") {
            return (200, "application/json", json!({"totalTokens": 1}).to_string());
        }
        let mut script = scripted.lock().unwrap();
        let part = match script.clone() {
            Some((call, false, agent)) if gemini::main_first_turn(&body) => {
                *script = Some((call.clone(), true, agent));
                match agent {
                    Some(agent) => {
                        json!({"functionCall": {"name": "invoke_agent", "args": {"agent_name": agent, "prompt": gemini::INVESTIGATE}}})
                    }
                    None => json!({"functionCall": call}),
                }
            }
            Some((call, true, Some(_)))
                if gemini::investigator(&body) && !body.to_string().contains("functionResponse") =>
            {
                *script = None;
                json!({"functionCall": call})
            }
            _ => json!({"text": "ok"}),
        };
        let reply = gemini_reply(&part);
        if path.contains("alt=sse") {
            return (200, "text/event-stream", format!("data: {reply}\r\n\r\n"));
        }
        (200, "application/json", reply.to_string())
    }) {
        Ok(port) => port,
        Err(e) => return vec![Outcome::failed("forced-calls gemini-cli: fake API", format!("cannot listen: {e}"))],
    };
    let mut outcomes = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let dir = scratch.join(format!("forced-{i}"));
        requests.lock().unwrap().clear();
        let call = json!({"name": case.call.tool, "args": gemini_args(&case.call, &dir)});
        *script.lock().unwrap() = Some((call, false, case.agent));
        let run = gemini::Case {
            name: case.name.clone(),
            selection: case.selection.clone(),
            mode: case.mode,
            mcp: (case.call.effect == Effect::Mcp).then_some(gemini::ECHO),
            control: case.settings.as_ref().map(|(settings, policy)| {
                let raw =
                    gemini::Raw { settings: Some(settings.clone()), policy: policy.clone(), workspace_policy: None };
                (raw, Vec::new())
            }),
            agent: case.agent,
        };
        let outcome = match gemini::run_once(cli, me, &dir, &run, port) {
            Ok(()) => {
                std::thread::sleep(Duration::from_millis(100));
                let mut result = gemini_result(&requests.lock().unwrap(), &case.call.tool);
                if let (Some((refused, text)), true) = (&mut result, case.gate_alone) {
                    *refused = crate::gate::by_gate(text);
                }
                verdict_of(&case.name, case.control, happened(case.call.effect, &dir), result)
            }
            Err(why) => Outcome::failed(&case.name, why),
        };
        outcomes.push(outcome);
    }
    *script.lock().unwrap() = None;
    outcomes
}
