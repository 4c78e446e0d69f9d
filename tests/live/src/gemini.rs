//! The Gemini CLI against a fake Gemini API: what does it offer the model in each approval
//! mode, and is that what the library says? Each run gets exactly what the library writes
//! for its selection: the settings fragment merged into the run's settings, the policy file,
//! the arguments.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tool_policy::gemini::{self, ApprovalMode, GeminiCliConfig, GeminiSelection};

use crate::{Outcome, http};

/// What a case runs with besides the library's configuration: written by hand, for the
/// controls that show what the CLI does with configurations the library never writes.
#[derive(Clone, Default)]
pub struct Raw {
    /// Merged into the run's settings.
    pub settings: Option<Value>,
    /// A policy file passed with `--policy`.
    pub policy: Option<String>,
    /// A policy file in the workspace tier (`.gemini/policies/`).
    pub workspace_policy: Option<String>,
}

/// One Gemini CLI case.
#[derive(Clone)]
pub struct Case {
    pub name: String,
    /// The selection read by the library; `None`: no selection.
    pub selection: Option<GeminiSelection>,
    pub mode: ApprovalMode,
    /// The MCP server in the run's settings, by the name the settings give it (the harness's
    /// echo server: [`ECHO`], unless a case names another).
    pub mcp: Option<&'static str>,
    /// For a control: the configuration written by hand, and the names the CLI is expected
    /// to offer (by the upstream behaviour the control shows) instead of the library's.
    pub control: Option<(Raw, Vec<&'static str>)>,
    /// The CLI's own sub-agent the fake model starts through `invoke_agent`
    /// (`codebase_investigator`, `generalist`); the case holds the sub-agent's own first
    /// request.
    pub agent: Option<&'static str>,
}

/// The prompt the fake model gives `codebase_investigator`, which marks its requests.
pub const INVESTIGATE: &str = "Investigate the code base for the conformance run.";

/// Whether a request is the main session's first turn: the prompt, and no function response.
pub fn main_first_turn(body: &Value) -> bool {
    let contents = body["contents"].as_array().into_iter().flatten();
    let parts: Vec<&Value> = contents.flat_map(|c| c["parts"].as_array().into_iter().flatten()).collect();
    body["contents"][0].to_string().contains("hello") && !parts.iter().any(|p| p.get("functionResponse").is_some())
}

/// Whether a request is `codebase_investigator`'s: its conversation starts with the prompt
/// the fake model gave it (the main session's later turns start with the user's).
pub fn investigator(body: &Value) -> bool {
    body["contents"][0].to_string().contains(INVESTIGATE)
}

/// The MCP tools the `echo` server offers, as the Gemini CLI names them.
fn mcp_tools(case: &Case) -> Vec<String> {
    let Some(server) = case.mcp else { return Vec::new() };
    crate::mcp::TOOLS.iter().map(|t| format!("mcp_{}_{t}", cli_server_name(server))).collect()
}

/// The name the settings give the echo server, unless a case names another.
pub const ECHO: &str = "echo";

/// How the CLI writes a server's name inside its tools' names (`mcp_<server>_<tool>`): every
/// character but an ASCII letter, digit, `_`, `-`, `.` or `:` as `_` (its `generateValidName`).
/// Stated here apart from the library, so a run shows whether the library's `tools.core`
/// names what the CLI offers.
fn cli_server_name(server: &str) -> String {
    crate::mcp::written(server, &['.', ':'], '_')
}

/// The names the model request offers (`tools[].functionDeclarations[].name`).
fn offered(body: &Value) -> BTreeSet<String> {
    let declarations =
        body["tools"].as_array().into_iter().flatten().flat_map(|t| t["functionDeclarations"].as_array());
    declarations.flatten().filter_map(|d| d["name"].as_str().map(str::to_owned)).collect()
}

/// A `generateContent` answer: one text part, "ok", or a call of `invoke_agent` that starts
/// `codebase_investigator`.
fn reply(agent: Option<&str>) -> Value {
    let part = match agent {
        Some(agent) => {
            json!({"functionCall": {"name": "invoke_agent", "args": {"agent_name": agent, "prompt": INVESTIGATE}}})
        }
        None => json!({"text": "ok"}),
    };
    json!({
        "candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
        "modelVersion": "gemini-2.5-pro"
    })
}

/// Runs the CLI once for `case` in `dir` (its MCP server logs each call to `mcp-calls.log`
/// there).
pub fn run_once(cli: &Path, me: &Path, dir: &Path, case: &Case, port: u16) -> Result<(), String> {
    let home = dir.join("home");
    let work = dir.join("work");
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(home.join(".gemini")).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let mut settings = json!({"security": {"auth": {"selectedType": "gemini-api-key"}}});
    if let Some(server) = case.mcp {
        let log = dir.join("mcp-calls.log");
        settings["mcpServers"] = json!({server: {"command": me, "args": ["mcp-echo", log]}});
    }
    let policy_file = dir.join("tool-policy.toml");
    let config = GeminiCliConfig::new(case.selection.clone()).with_policy_file(policy_file.display().to_string());
    let mut args = vec![
        String::from("-p"),
        String::from("hello"),
        String::from("--output-format=json"),
        String::from("--model=gemini-2.5-pro"),
        format!("--approval-mode={}", case.mode),
    ];
    match &case.control {
        None => {
            settings = config.merged_settings(&settings);
            if let Some(policy) = config.policy() {
                std::fs::write(&policy_file, policy).map_err(|e| e.to_string())?;
            }
            args.extend(config.args());
        }
        Some((raw, _)) => {
            if let (Some(extra), Some(root)) = (&raw.settings, settings.as_object_mut()) {
                root.extend(extra.as_object().into_iter().flatten().map(|(k, v)| (k.clone(), v.clone())));
            }
            if let Some(policy) = &raw.policy {
                std::fs::write(&policy_file, policy).map_err(|e| e.to_string())?;
                args.push(format!("--policy={}", policy_file.display()));
            }
            if let Some(policy) = &raw.workspace_policy {
                let folder = work.join(".gemini").join("policies");
                std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
                std::fs::write(folder.join("workspace.toml"), policy).map_err(|e| e.to_string())?;
            }
        }
    }
    std::fs::write(home.join(".gemini").join("settings.json"), settings.to_string()).map_err(|e| e.to_string())?;
    let output = Command::new(cli)
        .args(&args)
        .current_dir(&work)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .envs([
            ("LANG", "C.UTF-8"),
            ("TERM", "dumb"),
            ("GEMINI_API_KEY", "fake"),
            ("GEMINI_CLI_TRUST_WORKSPACE", "true"),
            ("GEMINI_TELEMETRY_ENABLED", "false"),
        ])
        .env("HOME", &home)
        .env("GOOGLE_GEMINI_BASE_URL", format!("http://127.0.0.1:{port}"))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", cli.display()))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
        return Err(format!("gemini exited {}: {}", output.status, tail.join(" | ")));
    }
    Ok(())
}

/// What `tests/catalog/refresh.sh gemini-cli` reads from the CLI, as JSON: for each approval
/// mode, the built-ins a plain headless session's first model request declares, with their
/// descriptions.
pub fn catalog(cli: &Path, me: &Path, scratch: &Path) -> Result<Value, String> {
    let cases: Vec<Case> = ApprovalMode::ALL
        .iter()
        .map(|mode| Case {
            name: mode.to_string(),
            selection: None,
            mode: *mode,
            mcp: None,
            control: None,
            agent: None,
        })
        .collect();
    let mut modes = serde_json::Map::new();
    for (case, first) in cases.iter().zip(first_requests(cli, me, scratch, &cases)?) {
        let body = first?;
        let declarations =
            body["tools"].as_array().into_iter().flatten().flat_map(|t| t["functionDeclarations"].as_array());
        let tools: Vec<Value> =
            declarations.flatten().map(|d| json!({"name": d["name"], "description": d["description"]})).collect();
        modes.insert(case.mode.to_string(), Value::Array(tools));
    }
    Ok(json!({"modes": modes}))
}

/// The first model request of each case (its sub-agent's, for a case that starts one).
fn first_requests(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> Result<Vec<Result<Value, String>>, String> {
    let requests: Arc<Mutex<Vec<(String, Value)>>> = Arc::default();
    let agent: Arc<Mutex<Option<&'static str>>> = Arc::default();
    let (recorder, starter) = (Arc::clone(&requests), Arc::clone(&agent));
    let port = match http::serve(move |method, path, body| {
        if method != "POST" {
            return (200, "application/json", json!({"models": []}).to_string());
        }
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        let offers_agent = body["tools"].to_string().contains("\"invoke_agent\"");
        let start = starter.lock().unwrap().filter(|_| offers_agent && main_first_turn(&body));
        recorder.lock().unwrap().push((path.to_owned(), body));
        if path.contains("countTokens") {
            return (200, "application/json", json!({"totalTokens": 1}).to_string());
        }
        if path.contains("alt=sse") {
            return (200, "text/event-stream", format!("data: {}\r\n\r\n", reply(start)));
        }
        (200, "application/json", reply(start).to_string())
    }) {
        Ok(port) => port,
        Err(e) => return Err(format!("cannot listen: {e}")),
    };
    let mut firsts = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        requests.lock().unwrap().clear();
        *agent.lock().unwrap() = case.agent;
        firsts.push(run_once(cli, me, &scratch.join(format!("case-{i}")), case, port).and_then(|()| {
            std::thread::sleep(Duration::from_millis(50));
            // The first model turn (the first generateContent request), or the sub-agent's.
            let seen = requests.lock().unwrap();
            let model = |path: &str| path.contains("generateContent") || path.contains("GenerateContent");
            let first = seen.iter().find(|(path, body)| model(path) && investigator(body) == case.agent.is_some());
            first.map(|(_, body)| body.clone()).ok_or_else(|| String::from("the CLI sent no such model request"))
        }));
    }
    Ok(firsts)
}

/// Runs every case; each compares the offered names with the library's model (a control,
/// with the behaviour it shows).
pub fn run(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> Vec<Outcome> {
    let firsts = match first_requests(cli, me, scratch, cases) {
        Ok(firsts) => firsts,
        Err(e) => return vec![Outcome::failed("gemini-cli: fake API", e)],
    };
    let mut outcomes = Vec::new();
    for (case, first) in cases.iter().zip(firsts) {
        let observed = first.map(|body| offered(&body));
        let mcp = mcp_tools(case);
        let mcp: Vec<&str> = mcp.iter().map(String::as_str).collect();
        // `None`: the library says the CLI does not start the agent in this mode.
        let expected: Option<BTreeSet<String>> = match (&case.control, case.agent) {
            (Some((_, names)), _) => Some(names.iter().map(|n| (*n).to_owned()).collect()),
            (None, Some(agent)) => match gemini::GeminiAgent::from_name(agent) {
                Some(agent) => {
                    agent.offered(case.selection.as_ref(), case.mode, &mcp).map(|names| names.into_iter().collect())
                }
                None => {
                    outcomes.push(Outcome::failed(&case.name, format!("the library knows no agent `{agent}`")));
                    continue;
                }
            },
            (None, None) => Some(gemini::offered(case.selection.as_ref(), case.mode, &mcp).into_iter().collect()),
        };
        outcomes.push(match (expected, observed) {
            (Some(expected), Ok(observed)) => Outcome::compare(&case.name, expected, observed),
            (Some(_), Err(why)) => Outcome::failed(&case.name, why),
            (None, Err(_)) => Outcome { name: case.name.clone(), offered: 0, mismatch: None },
            (None, Ok(observed)) => Outcome::failed(
                &case.name,
                format!("started and offered {observed:?}, but the library says it is not started"),
            ),
        });
    }
    outcomes
}
