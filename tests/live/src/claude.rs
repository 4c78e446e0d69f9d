//! The Claude Code CLI against a fake Anthropic API: what does it offer the model, and is
//! that what the library says the selection permits?

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tool_policy::claude::{self, ClaudeAgents, ClaudeCodeArgs, ClaudeCodeSelection, ClaudeTool};
use tool_policy::{Host, McpTools, attest_claude_code};

use crate::{Attested, Outcome, http};

/// One Claude Code case.
#[derive(Clone)]
pub struct Case {
    pub name: String,
    pub selection: Option<ClaudeCodeSelection>,
    pub model: Option<&'static str>,
    /// The MCP server given with `--mcp-config`, by the name the host gives it (the harness's
    /// echo server; the host's: must survive).
    pub host_mcp: Option<&'static str>,
    /// MCP servers in the fresh HOME and work dir (the agent's own: must not survive).
    pub own_mcp: bool,
    /// What becomes of MCP tools (a portable policy's `mcp_tools`).
    pub mcp: McpTools,
}

/// What a baseline depends on: the model, the host's MCP server, the agent's own MCP servers.
type Environment = (Option<&'static str>, Option<&'static str>, bool);

/// The name the host gives the echo server, unless a case names another.
pub const ECHO: &str = "echo";

/// How the CLI writes a server's name inside its tools' names (`mcp__<server>__<tool>`):
/// every character but an ASCII letter, digit, `_` or `-` as `_`, as the CLI's own
/// `replace(/[^a-zA-Z0-9_-]/g,"_")` beside the code that builds those names. Stated here apart
/// from the library, so a run shows whether the library's deny rules name what the CLI offers.
pub fn cli_server_name(server: &str) -> String {
    crate::mcp::written(server, &[], '_')
}

/// The host's server's tools that `mcp` keeps, as the CLI names them.
fn host_tools(server: Option<&str>, mcp: &McpTools) -> Vec<String> {
    let Some(server) = server else { return Vec::new() };
    let kept = crate::mcp::TOOLS.iter().filter(|t| mcp.offers(server, t));
    kept.map(|t| format!("mcp__{}__{t}", cli_server_name(server))).collect()
}

const DEFERRED_MARK: &str = "deferred tools are now available via";

/// The names the first model request offers: its `tools` (less the `ToolSearch` plumbing)
/// and the deferred names listed in its text.
pub fn offered(body: &Value) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for tool in body["tools"].as_array().into_iter().flatten() {
        if let Some(name) = tool["name"].as_str().filter(|n| !matches!(*n, "ToolSearch" | "DeferredToolPlaceholder")) {
            names.insert(name.to_owned());
        }
    }
    let mut texts: Vec<&str> = Vec::new();
    match &body["system"] {
        Value::String(s) => texts.push(s),
        Value::Array(blocks) => texts.extend(blocks.iter().filter_map(|b| b["text"].as_str())),
        _ => {}
    }
    for message in body["messages"].as_array().into_iter().flatten() {
        match &message["content"] {
            Value::String(s) => texts.push(s),
            Value::Array(blocks) => texts.extend(blocks.iter().filter_map(|b| b["text"].as_str())),
            _ => {}
        }
    }
    for text in texts {
        for (at, _) in text.match_indices(DEFERRED_MARK) {
            let block = text[at..].split_once('\n').map_or("", |(_, rest)| rest);
            for line in block.lines().map(str::trim) {
                if line.is_empty() || line.starts_with('<') || line.contains(' ') {
                    break;
                }
                names.insert(line.to_owned());
            }
        }
    }
    names
}

fn sse(events: &[Value]) -> String {
    events.iter().map(|e| format!("event: {}\ndata: {e}\n\n", e["type"].as_str().unwrap_or(""))).collect()
}

/// The fake model's answer to a request, as SSE: the text "ok", or a call of `Agent` with
/// `agent_input`.
fn answer(body: &Value, agent_input: Option<&Value>) -> String {
    answer_call(body, agent_input.map(|input| ("Agent", "toolu_fake1", input)))
}

/// The fake model's answer to a request, as SSE: the text "ok", or a call `(tool, id, input)`.
pub fn answer_call(body: &Value, call: Option<(&str, &str, &Value)>) -> String {
    let model = body["model"].as_str().unwrap_or("fake-model");
    let usage =
        json!({"input_tokens": 10, "output_tokens": 1, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0});
    let message = json!({"id": "msg_fake", "type": "message", "role": "assistant", "model": model, "content": [],
                         "stop_reason": null, "stop_sequence": null, "usage": usage});
    let (block, delta, stop) = match call {
        Some((tool, id, input)) => (
            json!({"type": "tool_use", "id": id, "name": tool, "input": {}}),
            json!({"type": "input_json_delta", "partial_json": input.to_string()}),
            "tool_use",
        ),
        None => (json!({"type": "text", "text": ""}), json!({"type": "text_delta", "text": "ok"}), "end_turn"),
    };
    sse(&[
        json!({"type": "message_start", "message": message}),
        json!({"type": "content_block_start", "index": 0, "content_block": block}),
        json!({"type": "content_block_delta", "index": 0, "delta": delta}),
        json!({"type": "content_block_stop", "index": 0}),
        json!({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": null}, "usage": {"output_tokens": 1}}),
        json!({"type": "message_stop"}),
    ])
}

/// An MCP server `name` (the harness's echo server), which logs each call to `dir`'s
/// `mcp-calls.log`.
pub fn mcp_config(name: &str, me: &Path, dir: &Path) -> Value {
    let log = dir.join("mcp-calls.log");
    json!({"mcpServers": {name: {"type": "stdio", "command": me, "args": ["mcp-echo", log]}}})
}

/// Runs the CLI once for `case`; returns its stream-json transcript.
fn run_once(cli: &Path, me: &Path, dir: &Path, case: &Case, port: u16) -> Result<String, String> {
    run_with(cli, me, dir, case, port, &ClaudeAgents::default())
}

/// [`run_once`], with custom agents: the arguments are the library's for both.
fn run_with(
    cli: &Path,
    me: &Path,
    dir: &Path,
    case: &Case,
    port: u16,
    agents: &ClaudeAgents,
) -> Result<String, String> {
    // A control passes a list the library refuses, to see what the CLI does with it.
    let arguments = ClaudeCodeArgs::new(case.selection.clone());
    let arguments = match arguments.clone().with_agents(agents.clone()) {
        Ok(checked) => checked,
        Err(_) => arguments.__with_checked_agents(agents.clone()),
    };
    run_args(cli, me, dir, case, port, &arguments, &[])
}

/// [`run_with`] with the library's `arguments` for the case and `extra` arguments of the host's.
pub fn run_args(
    cli: &Path,
    me: &Path,
    dir: &Path,
    case: &Case,
    port: u16,
    arguments: &ClaudeCodeArgs,
    extra: &[String],
) -> Result<String, String> {
    let home = dir.join("home");
    let config = home.join(".claude");
    let work = dir.join("work");
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(&config).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    if case.own_mcp {
        for file in [home.join(".claude.json"), config.join(".claude.json")] {
            std::fs::write(file, mcp_config("userecho", me, dir).to_string()).map_err(|e| e.to_string())?;
        }
        std::fs::write(work.join(".mcp.json"), mcp_config("projecho", me, dir).to_string())
            .map_err(|e| e.to_string())?;
    }
    // The prompt comes right after -p, before the variadic flags; those use `=`.
    let mut args = vec![String::from("-p"), String::from("hi")];
    args.extend(arguments.clone().with_mcp(case.mcp.clone()).map_err(|e| e.to_string())?.args());
    args.extend(extra.iter().cloned());
    // The transcript's `init` message is what attestation reads.
    args.extend([String::from("--output-format=stream-json"), String::from("--verbose")]);
    if let Some(server) = case.host_mcp {
        args.push(format!("--mcp-config={}", mcp_config(server, me, dir)));
    }
    if let Some(model) = case.model {
        args.push(format!("--model={model}"));
    }
    let output = command(cli, &home, &work, port)
        .args(&args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", cli.display()))?;
    if !output.status.success() {
        return Err(format!("claude exited {}: {}", output.status, String::from_utf8_lossy(&output.stderr)));
    }
    // Kept beside the run, for whoever reads a mismatch.
    let _ = std::fs::write(dir.join("transcript.jsonl"), &output.stdout);
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The CLI in `work`, its home `home`, talking only to the fake API on `port`.
fn command(cli: &Path, home: &Path, work: &Path, port: u16) -> Command {
    let mut command = Command::new(cli);
    command
        .current_dir(work)
        .env_clear()
        .envs([
            ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ("LANG", "C.UTF-8"),
            ("TERM", "dumb"),
            ("ANTHROPIC_API_KEY", "sk-ant-fake"),
            ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1"),
            ("DISABLE_TELEMETRY", "1"),
            ("DISABLE_AUTOUPDATER", "1"),
            ("DISABLE_ERROR_REPORTING", "1"),
            // `--permission-mode=bypassPermissions` runs as root only in a sandbox.
            ("IS_SANDBOX", "1"),
        ])
        .env("HOME", home)
        .env("CLAUDE_CONFIG_DIR", home.join(".claude"))
        .env("ANTHROPIC_BASE_URL", format!("http://127.0.0.1:{port}"))
        .stdin(Stdio::null());
    command
}

/// What `tests/catalog/refresh.sh claude-code` reads from the CLI, as JSON: the built-ins a
/// plain `-p` session is offered (`default`); those a `--tools` list of `names` offers, with
/// their descriptions (`listed`); and the names of `names` a `--disallowedTools` rule accepts
/// without "matches no known tool" (`deny_known`, capitalized names only: the CLI checks no
/// other).
pub fn catalog(cli: &Path, scratch: &Path, names: &[String]) -> Result<Value, String> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let recorder = Arc::clone(&requests);
    let port = http::serve(move |method, path, body| {
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        if method != "POST" || !path.split('?').next().unwrap_or("").ends_with("/v1/messages") {
            return (200, "application/json", json!({"input_tokens": 10}).to_string());
        }
        recorder.lock().unwrap().push(body.clone());
        (200, "text/event-stream", answer(&body, None))
    })
    .map_err(|e| format!("cannot listen: {e}"))?;
    let run = |name: &str, flag: &str, list: &[String]| -> Result<(Value, String), String> {
        requests.lock().unwrap().clear();
        let (home, work) = (scratch.join(name).join("home"), scratch.join(name).join("work"));
        std::fs::create_dir_all(home.join(".claude")).map_err(|e| e.to_string())?;
        std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
        let mut cmd = command(cli, &home, &work, port);
        cmd.args(["-p", "hi"]);
        if !flag.is_empty() {
            cmd.arg(flag).args(list);
        }
        let output = cmd.output().map_err(|e| format!("cannot run {}: {e}", cli.display()))?;
        std::thread::sleep(Duration::from_millis(50));
        let first = requests.lock().unwrap().iter().find(|body| body["tools"].is_array()).cloned();
        Ok((first.unwrap_or_default(), String::from_utf8_lossy(&output.stderr).into_owned()))
    };
    // What a plain session offers, deferred tools included (the live cases' reading).
    let (plain, _) = run("default", "", &[])?;
    let plain = offered(&plain);
    // `ToolSearch` listed would defer tools out of the request.
    let listable: Vec<String> = names.iter().filter(|n| *n != "ToolSearch").cloned().collect();
    let (listed, _) = run("listed", "--tools", &listable)?;
    let listed = listed["tools"].as_array().cloned().unwrap_or_default();
    let capitalized: Vec<String> =
        names.iter().filter(|n| n.starts_with(|c: char| c.is_ascii_uppercase())).cloned().collect();
    let (_, stderr) = run("deny", "--disallowedTools", &capitalized)?;
    let unknown: BTreeSet<&str> = stderr
        .lines()
        .filter_map(|line| {
            line.strip_prefix("Permission deny rule \"")?.split_once("\" matches no known tool").map(|(n, _)| n)
        })
        .collect();
    let deny_known: Vec<&String> = capitalized.iter().filter(|n| !unknown.contains(n.as_str())).collect();
    let listed: Vec<Value> =
        listed.iter().map(|tool| json!({"name": tool["name"], "description": tool["description"]})).collect();
    Ok(json!({"default": plain, "listed": listed, "deny_known": deny_known}))
}

/// Attests a run's `init` message against `selection`: the tools it offers (less the
/// `ToolSearch` plumbing, which the offered model leaves out too), or why it was refused.
fn attested(case: &Case, transcript: &str) -> Result<BTreeSet<String>, String> {
    let offered = tool_policy::json::read_claude_init(transcript).map_err(|e| format!("attestation: {e}"))?;
    let servers = case.host_mcp.map(str::to_owned).into_iter().collect();
    let host = Host { mcp_servers: Some(servers), ..Host::default() };
    let mut attestation = attest_claude_code(case.selection.as_ref(), &offered, &host, false);
    // A tool the case's MCP rules take away is a violation too.
    let (removed, kept): (Vec<String>, Vec<String>) =
        std::mem::take(&mut attestation.allowed).into_iter().partition(|name| {
            name.strip_prefix("mcp__").and_then(|rest| rest.split_once("__")).is_some_and(|(s, t)| {
                // The CLI's name of the host's server, read back as the host names it.
                let server = case.host_mcp.filter(|host| cli_server_name(host) == s).unwrap_or(s);
                !case.mcp.offers(server, t)
            })
        });
    attestation.allowed = kept;
    if !removed.is_empty() {
        return Err(format!("attestation refused the run: the MCP rules take away {removed:?}"));
    }
    if !attestation.is_attested() {
        return Err(format!("attestation refused the run: {attestation}"));
    }
    Ok(attestation.allowed.iter().chain(&attestation.drift).filter(|n| *n != "ToolSearch").cloned().collect())
}

/// Runs every case; each compares the offered names with the library's model.
pub fn run(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> (Vec<Outcome>, Attested) {
    let mut counts = Attested::default();
    let outcomes = run_cases(cli, me, scratch, cases, &mut counts);
    (outcomes, counts)
}

fn run_cases(cli: &Path, me: &Path, scratch: &Path, cases: &[Case], counts: &mut Attested) -> Vec<Outcome> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let recorder = Arc::clone(&requests);
    let port = match http::serve(move |method, path, body| {
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        if method != "POST" || !path.split('?').next().unwrap_or("").ends_with("/v1/messages") {
            return (200, "application/json", json!({"input_tokens": 10}).to_string());
        }
        recorder.lock().unwrap().push(body.clone());
        (200, "text/event-stream", answer(&body, None))
    }) {
        Ok(port) => port,
        Err(e) => return vec![Outcome::failed("claude-code: fake API", format!("cannot listen: {e}"))],
    };
    let observe = |name: &str, case: &Case| -> Result<(BTreeSet<String>, String), String> {
        requests.lock().unwrap().clear();
        let transcript = run_once(cli, me, &scratch.join(name), case, port)?;
        std::thread::sleep(Duration::from_millis(50));
        let first = requests.lock().unwrap().first().cloned();
        let offered = first.map(|body| offered(&body)).ok_or_else(|| String::from("the CLI sent no model request"))?;
        Ok((offered, transcript))
    };
    let mut plain_transcript = None;
    let mut outcomes = Vec::new();
    // One baseline (no selection) per environment: the built-ins the CLI offers there.
    let mut baselines: Vec<(Environment, Result<Vec<ClaudeTool>, String>)> = Vec::new();
    for case in cases {
        let key = (case.model, case.host_mcp, case.own_mcp);
        if !baselines.iter().any(|(k, _)| *k == key) {
            let plain = Case { name: String::new(), selection: None, mcp: McpTools::Keep, ..case.clone() };
            let label = format!(
                "baseline-{}-{}-{}",
                case.model.unwrap_or("default"),
                case.host_mcp.unwrap_or("none"),
                case.own_mcp
            );
            let baseline = observe(&label, &plain).map(|(names, transcript)| {
                if key == (None, None, false) {
                    plain_transcript = Some(transcript);
                }
                names.iter().filter_map(|n| ClaudeTool::from_canonical(n)).collect::<Vec<_>>()
            });
            baselines.push((key, baseline));
        }
        let baseline = baselines.iter().find(|(k, _)| *k == key).map(|(_, b)| b.clone()).unwrap_or(Err(String::new()));
        let outcome = match (baseline, observe(&case.name, case)) {
            (Err(e), _) | (_, Err(e)) => Outcome::failed(&case.name, e),
            (Ok(defaults), Ok((observed, transcript))) => {
                // With no selection the CLI offers its defaults; taking them from the baseline
                // would compare a run with a rerun of itself, so they come from the catalog.
                let defaults = if case.selection.is_none() { claude::DEFAULT_OFFERED.to_vec() } else { defaults };
                let mut expected: BTreeSet<String> =
                    claude::offered(case.selection.as_ref(), &defaults).iter().map(|t| t.name().to_owned()).collect();
                expected.extend(host_tools(case.host_mcp, &case.mcp));
                if case.own_mcp && case.selection.is_none() {
                    for server in ["userecho", "projecho"] {
                        expected.extend(crate::mcp::TOOLS.iter().map(|t| format!("mcp__{server}__{t}")));
                    }
                }
                let observed_names: BTreeSet<String> =
                    observed.iter().filter(|n| *n != "ToolSearch").cloned().collect();
                let attestation = attested(case, &transcript);
                let mut outcome = Outcome::compare(&case.name, expected, observed);
                match attestation {
                    Ok(attested) if attested == observed_names => counts.sessions += 1,
                    Ok(attested) => {
                        outcome.mismatch.get_or_insert(format!(
                            "attested {attested:?}, but the model was offered {observed_names:?}"
                        ));
                    }
                    Err(why) => {
                        outcome.mismatch.get_or_insert(why);
                    }
                }
                outcome
            }
        };
        outcomes.push(outcome);
    }
    // A control: a run without its arguments must fail attestation against the selection.
    let name = "control: a run without its arguments fails attestation";
    counts.controls += 1;
    outcomes.push(match plain_transcript {
        Some(transcript) => match attested(
            &Case {
                name: String::new(),
                selection: Some(ClaudeCodeSelection::only([ClaudeTool::Read])),
                model: None,
                host_mcp: None,
                own_mcp: false,
                mcp: McpTools::Keep,
            },
            &transcript,
        ) {
            Err(why) if why.starts_with("attestation refused") => {
                counts.controls_caught += 1;
                Outcome { name: name.to_owned(), offered: 0, mismatch: None }
            }
            other => Outcome::failed(name, format!("attestation passed a run without its arguments: {other:?}")),
        },
        None => Outcome::failed(name, String::from("no plain run to attest")),
    });
    // The catalog's default set is what the default model offers with nothing configured.
    if let Some((_, Ok(defaults))) = baselines.iter().find(|(k, _)| *k == (None, None, false)) {
        let observed = defaults.iter().map(|t| t.name().to_owned()).collect();
        let expected = claude::DEFAULT_OFFERED.iter().map(|t| t.name().to_owned()).collect();
        outcomes.push(Outcome::compare("catalog-default-set", expected, observed));
    }
    outcomes
}

/// One sub-agent case: the main selection, the custom agents, and the agent the fake model
/// starts through `Agent`.
#[derive(Clone)]
pub struct AgentCase {
    pub name: String,
    pub selection: Option<ClaudeCodeSelection>,
    pub agents: ClaudeAgents,
    pub start: String,
    /// An MCP server given with `--mcp-config` (`echo`).
    pub host_mcp: bool,
    /// The main agent's MCP rules.
    pub mcp: McpTools,
}

/// The names of an agent's own MCP servers, as its `mcpServers` gives them (an object of
/// servers by name, or a list of names and such objects), stated here apart from the library.
fn own_servers(agent: &tool_policy::claude::ClaudeAgent) -> Vec<String> {
    let keys = |v: &Value| v.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()).unwrap_or_default();
    match &agent.mcp_servers {
        Some(Value::Array(items)) => items
            .iter()
            .flat_map(|item| item.as_str().map_or_else(|| keys(item), |name| vec![name.to_owned()]))
            .collect(),
        Some(servers) => keys(servers),
        None => Vec::new(),
    }
}

/// The text every custom agent's prompt carries, so its model requests can be told apart.
pub fn marker(agent: &str) -> String {
    format!("SUBAGENT-MARKER-{agent}")
}

fn system_text(body: &Value) -> String {
    match &body["system"] {
        Value::String(s) => s.clone(),
        Value::Array(blocks) => blocks.iter().filter_map(|b| b["text"].as_str()).collect::<Vec<_>>().join("\n"),
        _ => String::new(),
    }
}

fn has_tool_result(body: &Value) -> bool {
    body["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|m| m["content"].as_array().into_iter().flatten().any(|b| b["type"] == "tool_result"))
}

/// Runs every sub-agent case: the fake model answers the main agent's first turn with an
/// `Agent` call that starts the case's agent, and the tools of the agent's own first model
/// request must be the library's prediction for it.
pub fn run_subagents(cli: &Path, me: &Path, scratch: &Path, cases: &[AgentCase]) -> Vec<Outcome> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let start: Arc<Mutex<Option<String>>> = Arc::default();
    let (recorder, starter) = (Arc::clone(&requests), Arc::clone(&start));
    let port = match http::serve(move |method, path, body| {
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        if method != "POST" || !path.split('?').next().unwrap_or("").ends_with("/v1/messages") {
            return (200, "application/json", json!({"input_tokens": 10}).to_string());
        }
        recorder.lock().unwrap().push(body.clone());
        let system = system_text(&body);
        let offers_agent = body["tools"].as_array().into_iter().flatten().any(|t| t["name"] == "Agent");
        let agent = starter.lock().unwrap().clone();
        let main_turn = !system.contains("SUBAGENT-MARKER-") && offers_agent && !has_tool_result(&body);
        let call = agent
            .filter(|_| main_turn)
            .map(|agent| json!({"description": "conformance", "prompt": "Say ok.", "subagent_type": agent}));
        (200, "text/event-stream", answer(&body, call.as_ref()))
    }) {
        Ok(port) => port,
        Err(e) => return vec![Outcome::failed("claude-code-subagents: fake API", format!("cannot listen: {e}"))],
    };
    let mut outcomes = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        requests.lock().unwrap().clear();
        *start.lock().unwrap() = Some(case.start.clone());
        let run = Case {
            name: case.name.clone(),
            selection: case.selection.clone(),
            model: None,
            host_mcp: case.host_mcp.then_some(ECHO),
            own_mcp: false,
            mcp: case.mcp.clone(),
        };
        let observed =
            run_with(cli, me, &scratch.join(format!("agents-{i}")), &run, port, &case.agents).and_then(|transcript| {
                // Whether the transcript reports the sub-agent's tools: the tools of every `init`
                // line against the main session's (the attested set), once per run.
                if i == 0 {
                    let inits: Vec<&str> = transcript.lines().filter(|l| l.contains(r#""subtype":"init""#)).collect();
                    let sessions: BTreeSet<String> = inits
                        .iter()
                        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                        .map(|v| format!("{} {}", v["session_id"], v["tools"]))
                        .collect();
                    println!(
                        "transcript of a run that started a sub-agent: {} init lines, {} distinct (session, tools): {}",
                        inits.len(),
                        sessions.len(),
                        if sessions.len() == 1 { "the main session's only" } else { "more than the main session's" }
                    );
                }
                std::thread::sleep(Duration::from_millis(50));
                let seen = requests.lock().unwrap();
                let mark = marker(&case.start);
                let first = seen.iter().find(|body| system_text(body).contains(&mark));
                first.map(offered).ok_or_else(|| format!("agent `{}` sent no model request", case.start))
            });
        let expected: BTreeSet<String> = match case.agents.get(&case.start) {
            Some(agent) => {
                let mut names: BTreeSet<String> =
                    claude::offered_to(agent, case.selection.as_ref(), claude::DEFAULT_OFFERED)
                        .iter()
                        .map(|t| t.name().to_owned())
                        .filter(|n| n != "ToolSearch")
                        .collect();
                // The session's MCP tools: the host's, less what the main agent's rules take;
                // and the tools of the agent's own servers (`mcpServers`).
                let mut session = host_tools(case.host_mcp.then_some(ECHO), &case.mcp);
                session.extend(
                    own_servers(agent)
                        .into_iter()
                        .flat_map(|server| crate::mcp::TOOLS.iter().map(move |tool| format!("mcp__{server}__{tool}"))),
                );
                let session: Vec<&str> = session.iter().map(String::as_str).collect();
                names.extend(claude::mcp_offered_to(agent, &session).into_iter().map(str::to_owned));
                names
            }
            None => BTreeSet::new(),
        };
        outcomes.push(match observed {
            Ok(observed) => Outcome::compare(&case.name, expected, observed),
            Err(why) => Outcome::failed(&case.name, why),
        });
    }
    *start.lock().unwrap() = None;
    outcomes
}
