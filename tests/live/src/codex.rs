//! The Codex CLI against a fake Responses API: what does `codex exec` offer its model, and is
//! that what the library says? Each run gets exactly the arguments the library writes for its
//! selection, after `codex exec -m <the catalog's model>`, with a fresh `CODEX_HOME` whose
//! `config.toml` names the fake provider (and the MCP server `echo`, for a case with one).

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tool_policy::CodexSelection;
use tool_policy::codex::{self, CodexArgs};

use crate::forced::{Effect, happened, marker, verdict_of};
use crate::{Outcome, http};

/// The MCP server every case with `mcp` configures, and its tools as the library names them.
pub const SERVER: &str = "echo";
pub const MCP_TOOLS: [&str; 2] = ["mcp__echo__echo", "mcp__echo__ping_tool"];

/// One Codex CLI case.
#[derive(Clone)]
pub struct Case {
    pub name: String,
    /// The selection read by the library; `None`: no selection.
    pub selection: Option<CodexSelection>,
    /// The MCP server `echo` in the run's configuration.
    pub mcp: bool,
    /// The model, when not the catalog's.
    pub model: Option<&'static str>,
    /// A control's own arguments and configuration lines, written by hand.
    pub raw: Option<(Vec<&'static str>, &'static str)>,
    /// The names expected instead of the library's model: what a control shows.
    pub expected: Option<Vec<&'static str>>,
    /// The call the fake model makes (SPEC §8), and whether it is a control's.
    pub forced: Option<(String, Effect, bool)>,
    /// More arguments, after the library's (the gate suite's hook).
    pub extra: Vec<String>,
}

impl Case {
    pub fn new(name: &str, selection: Option<CodexSelection>) -> Case {
        Case {
            name: name.to_owned(),
            selection,
            mcp: false,
            model: None,
            raw: None,
            expected: None,
            forced: None,
            extra: Vec::new(),
        }
    }
}

/// The names a Responses request offers: each function and custom tool by name, each tool of
/// a namespace (`mcp__echo` holds `echo`: `mcp__echo__echo`; `multi_agent_v1` holds the agent
/// tools, by their own names), each hosted tool by its type.
fn offered(body: &Value) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for tool in body["tools"].as_array().into_iter().flatten() {
        match tool["type"].as_str() {
            Some("namespace") => {
                let namespace = tool["name"].as_str().unwrap_or_default();
                for inner in tool["tools"].as_array().into_iter().flatten() {
                    let name = inner["name"].as_str().unwrap_or_default();
                    if namespace.starts_with("mcp__") {
                        names.insert(format!("{namespace}__{name}"));
                    } else {
                        names.insert(name.to_owned());
                    }
                }
            }
            Some("function" | "custom") => {
                names.extend(tool["name"].as_str().map(str::to_owned));
            }
            Some(hosted) => {
                names.insert(hosted.to_owned());
            }
            None => {}
        }
    }
    names
}

/// The outputs of calls a request carries (`function_call_output` items of its input).
fn call_outputs(body: &Value) -> Vec<String> {
    let items = body["input"].as_array().into_iter().flatten();
    items.filter(|item| item["type"] == "function_call_output").map(|item| item["output"].to_string()).collect()
}

/// An SSE answer: the text "ok", or one call of `tool` with `arguments`.
fn stream(call: Option<(&str, &Value)>) -> String {
    let item = match call {
        // An MCP tool is called by its name within its server's namespace.
        Some((tool, arguments)) => match tool.strip_prefix("mcp__").and_then(|rest| rest.split_once("__")) {
            Some((server, name)) => json!({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": name,
                                           "namespace": format!("mcp__{server}"),
                                           "arguments": arguments.to_string(), "status": "completed"}),
            None => json!({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": tool,
                           "arguments": arguments.to_string(), "status": "completed"}),
        },
        None => json!({"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                       "content": [{"type": "output_text", "text": "ok", "annotations": []}]}),
    };
    let response =
        |status: &str, output: Value| json!({"id": "resp_1", "object": "response", "status": status, "output": output});
    let mut completed = response("completed", json!([item]));
    completed["usage"] = json!({"input_tokens": 1, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 1,
                                "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 2});
    let events = [
        ("response.created", json!({"type": "response.created", "response": response("in_progress", json!([]))})),
        ("response.output_item.done", json!({"type": "response.output_item.done", "output_index": 0, "item": item})),
        ("response.completed", json!({"type": "response.completed", "response": completed})),
    ];
    events.iter().map(|(event, data)| format!("event: {event}\ndata: {data}\n\n")).collect()
}

/// Runs `codex exec` once for `case` in `dir`, within two minutes.
fn run_once(cli: &Path, me: &Path, dir: &Path, case: &Case, port: u16) -> Result<(), String> {
    let (home, work) = (dir.join("home"), dir.join("work"));
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(&home).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let mut config = format!(
        "model_provider = \"fake\"\n\n[model_providers.fake]\nname = \"fake\"\nbase_url = \"http://127.0.0.1:{port}/v1\"\nenv_key = \"FAKE_OPENAI_KEY\"\nwire_api = \"responses\"\n"
    );
    if case.mcp {
        let log = dir.join("mcp-calls.log");
        config.push_str(&format!(
            "\n[mcp_servers.{SERVER}]\ncommand = {:?}\nargs = [\"mcp-echo\", {:?}]\n",
            me.display().to_string(),
            log.display().to_string()
        ));
    }
    let mut args: Vec<String> = Vec::new();
    match &case.raw {
        Some((raw_args, raw_config)) => {
            args.extend(raw_args.iter().map(|a| (*a).to_owned()));
            config = format!("{raw_config}\n{config}");
        }
        None => args.extend(CodexArgs::new(case.selection.clone()).map_err(|e| e.to_string())?.args()),
    }
    args.extend(case.extra.iter().cloned());
    std::fs::write(home.join("config.toml"), config).map_err(|e| e.to_string())?;
    let model = case.model.unwrap_or(codex::MODEL);
    let child = Command::new(cli)
        .args(["exec", "-m", model, "--skip-git-repo-check", "--ephemeral", "--color", "never"])
        .args(["-s", "danger-full-access", "-c", "approval_policy=\"never\""])
        .args(&args)
        .arg("say hi")
        .current_dir(&work)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", dir)
        .env("CODEX_HOME", &home)
        .env("FAKE_OPENAI_KEY", "dummy")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", cli.display()))?;
    crate::finish(child, "codex")
}

/// The arguments of a call of `tool` that leaves its effect in the run directory `dir`.
fn arguments(tool: &str, dir: &Path) -> Value {
    if tool.starts_with("mcp__") {
        return json!({"text": "forced"});
    }
    json!({"cmd": format!("touch '{}'", marker(dir).display())})
}

/// What the fake API saw of one run: the first model request, and the outputs of calls.
struct Seen {
    first: Value,
    outputs: Vec<String>,
}

fn runs(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> Result<Vec<Result<Seen, String>>, String> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let call: Arc<Mutex<Option<(String, Value)>>> = Arc::default();
    let (recorder, caller) = (Arc::clone(&requests), Arc::clone(&call));
    let port = http::serve(move |method, path, body| {
        if method != "POST" || !path.trim_end_matches('/').ends_with("responses") {
            return (200, "application/json", json!({"models": [], "data": [], "object": "list"}).to_string());
        }
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        let first_turn = call_outputs(&body).is_empty();
        recorder.lock().unwrap().push(body);
        let call = caller.lock().unwrap().clone();
        let call = call.as_ref().filter(|_| first_turn).map(|(tool, arguments)| (tool.as_str(), arguments));
        (200, "text/event-stream", stream(call))
    })
    .map_err(|e| format!("cannot listen: {e}"))?;
    let mut seen = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let dir = scratch.join(format!("case-{i}"));
        requests.lock().unwrap().clear();
        *call.lock().unwrap() = case.forced.as_ref().map(|(tool, _, _)| (tool.clone(), arguments(tool, &dir)));
        seen.push(run_once(cli, me, &dir, case, port).and_then(|()| {
            std::thread::sleep(Duration::from_millis(50));
            let requests = requests.lock().unwrap();
            let first = requests.first().cloned().ok_or_else(|| String::from("the CLI sent no model request"))?;
            Ok(Seen { first, outputs: requests.iter().flat_map(call_outputs).collect() })
        }));
    }
    Ok(seen)
}

/// Runs every case; each compares the offered names with the library's model (or the names a
/// control shows), and a forced call's side effect with what the case expects.
pub fn run(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> Vec<Outcome> {
    let seen = match runs(cli, me, scratch, cases) {
        Ok(seen) => seen,
        Err(e) => return vec![Outcome::failed("codex: fake API", e)],
    };
    let mut outcomes = Vec::new();
    for (i, (case, seen)) in cases.iter().zip(seen).enumerate() {
        let seen = match seen {
            Ok(seen) => seen,
            Err(why) => {
                outcomes.push(Outcome::failed(&case.name, why));
                continue;
            }
        };
        if let Some((_, effect, control)) = &case.forced {
            let dir = scratch.join(format!("case-{i}"));
            // A gate case's refusal must be the gate's, and say so.
            let words = ["unsupported", "not found", "unknown", "error"];
            let result = seen.outputs.first().map(|text| {
                // With the hook alone, the refusal must be the gate's; with both layers,
                // either's.
                let refused = match (case.extra.is_empty(), &case.selection) {
                    (false, None) => crate::gate::by_gate(text),
                    _ => crate::gate::by_gate(text) || words.iter().any(|word| text.to_lowercase().contains(word)),
                };
                (refused, text.clone())
            });
            outcomes.push(verdict_of(&case.name, *control, happened(*effect, &dir), result));
            continue;
        }
        let expected: BTreeSet<String> = match &case.expected {
            Some(names) => names.iter().map(|n| (*n).to_owned()).collect(),
            None => {
                let mcp: &[&str] = if case.mcp { &MCP_TOOLS } else { &[] };
                codex::offered(case.selection.as_ref(), mcp).into_iter().collect()
            }
        };
        outcomes.push(Outcome::compare(&case.name, expected, offered(&seen.first)));
    }
    outcomes
}

fn selection(name: &str, disable: &[&str]) -> Result<Option<CodexSelection>, String> {
    let document = json!({"disable": disable});
    let read = tool_policy::codex::load_codex(&document.to_string()).map_err(|e| format!("{name}: {e}"))?;
    Ok(read.selection)
}

const SHELL: [&str; 2] = ["exec_command", "write_stdin"];
const GOALS: [&str; 3] = ["get_goal", "create_goal", "update_goal"];
const MULTI_AGENT: [&str; 5] = ["close_agent", "resume_agent", "send_input", "spawn_agent", "wait_agent"];

/// The cases: the library's arguments for each switch and for MCP servers, and controls,
/// written by hand, that show what the CLI does with what the library never writes.
pub fn cases() -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut add = |name: &str, disable: &[&str], mcp: bool| -> Result<(), String> {
        let mut case = Case::new(
            name,
            if name == "no selection" || name == "no selection, MCP" { None } else { selection(name, disable)? },
        );
        case.mcp = mcp;
        cases.push(case);
        Ok(())
    };
    let all: Vec<&str> =
        SHELL.iter().chain(&GOALS).chain(&MULTI_AGENT).chain(&["view_image", "web_search"]).copied().collect();
    add("no selection", &[], false)?;
    add("no selection, MCP", &[], true)?;
    add("disable []", &[], false)?;
    add("disable the shell_tool feature", &SHELL, false)?;
    add("disable the goals feature", &GOALS, false)?;
    add("disable view_image", &["view_image"], false)?;
    add("disable web_search", &["web_search"], false)?;
    add("disable the multi_agent feature", &MULTI_AGENT, false)?;
    add("disable every switch", &all, false)?;
    add("disable every switch, MCP", &all, true)?;
    add("disable mcp__echo__*, MCP", &["mcp__echo__*"], true)?;
    add("disable mcp__echo__echo, MCP", &["mcp__echo__echo"], true)?;
    add("disable both echo tools, MCP", &["mcp__echo__echo", "mcp__echo__ping_tool"], true)?;
    add(
        "disable the shell and mcp__echo__ping_tool, MCP",
        &["exec_command", "write_stdin", "mcp__echo__ping_tool"],
        true,
    )?;
    // The server's tools are deferred behind `tool_search`, which stays while one is left.
    let agents_and = |tools: &[&'static str]| MULTI_AGENT.iter().chain(tools).copied().collect::<Vec<_>>();
    add("disable multi_agent and mcp__echo__echo, MCP", &agents_and(&["mcp__echo__echo"]), true)?;
    add(
        "disable multi_agent and both echo tools, MCP",
        &agents_and(&["mcp__echo__echo", "mcp__echo__ping_tool"]),
        true,
    )?;
    add("disable multi_agent and mcp__echo__*, MCP", &agents_and(&["mcp__echo__*"]), true)?;
    // Portable policies (SPEC §9): a `disable` of capabilities is the switches of the tools it
    // takes, each whole.
    for (name, capabilities, mcp) in [
        ("disable [execute, web]", json!({"disable": ["execute", "web"]}), false),
        ("disable [execute]", json!({"disable": ["execute"]}), false),
        ("disable [web]: shell_tool whole, and web_search", json!({"disable": ["web"]}), false),
        ("disable [read, todo]", json!({"disable": ["read", "todo"]}), false),
        (
            "disable [execute], mcp_tools disable [echo/ping_tool], MCP",
            json!({"disable": ["execute"], "mcp_tools": {"disable": ["echo/ping_tool"]}}),
            true,
        ),
        (
            "disable [todo], mcp_tools disable [echo], MCP",
            json!({"disable": ["todo"], "mcp_tools": {"disable": ["echo"]}}),
            true,
        ),
    ] {
        let name = format!("portable: {name}");
        let document = json!({"capabilities": capabilities});
        let read = tool_policy::codex::load_codex(&document.to_string()).map_err(|e| format!("{name}: {e}"))?;
        let mut case = Case::new(&name, read.selection);
        case.mcp = mcp;
        cases.push(case);
    }
    let default: Vec<&'static str> = codex::DEFAULT_OFFERED.iter().map(|t| t.name()).collect();
    let control = |name: &str, args: Vec<&'static str>, config: &'static str, expected: Vec<&'static str>| {
        let mut case = Case::new(&format!("control: {name}"), None);
        case.raw = Some((args, config));
        case.expected = Some(expected);
        case
    };
    cases.push(control(
        "--disable unified_exec takes nothing away",
        vec!["--disable", "unified_exec"],
        "",
        default.clone(),
    ));
    let mut fallback = control(
        "an unknown model slug offers the multi_agent_v1 tools and no apply_patch or tool_search",
        vec![],
        "",
        default.iter().copied().filter(|n| !["apply_patch", "tool_search"].contains(n)).chain(MULTI_AGENT).collect(),
    );
    fallback.model = Some("gpt-5.1-codex");
    cases.push(fallback);
    Ok(cases)
}

/// Forced calls (SPEC §8): the fake model calls the shell the selection took away; the
/// control makes the same call with nothing taken away.
pub fn forced_cases() -> Result<Vec<Case>, String> {
    let mut removed = Case::new("forced: codex: exec_command under disable [shell_tool]", selection("x", &SHELL)?);
    removed.forced = Some((String::from("exec_command"), Effect::Shell, false));
    let mut control = Case::new("forced control: codex: exec_command, no selection", None);
    control.forced = Some((String::from("exec_command"), Effect::Shell, true));
    Ok(vec![removed, control])
}

/// What `tests/catalog/refresh.sh codex` reads from the CLI, as JSON: the built-ins the first
/// request declares, with their descriptions, for the catalog's model, for an unknown slug
/// (which offers the `multi_agent_v1` tools), and for the catalog's model with an MCP server
/// (which opens the resource tools' gate).
pub fn catalog(cli: &Path, me: &Path, scratch: &Path) -> Result<Value, String> {
    let model = Case::new("model", None);
    let mut unknown = Case::new("unknown", None);
    unknown.model = Some("gpt-5.1-codex");
    let mut mcp = Case::new("mcp", None);
    mcp.mcp = true;
    let cases = [model, unknown, mcp];
    let mut settings = serde_json::Map::new();
    for (case, seen) in cases.iter().zip(runs(cli, me, scratch, &cases)?) {
        let first = seen?.first;
        let mut tools = Vec::new();
        for tool in first["tools"].as_array().into_iter().flatten() {
            match tool["type"].as_str() {
                Some("namespace") if tool["name"].as_str().is_some_and(|n| n.starts_with("mcp__")) => {}
                Some("namespace") => tools.extend(
                    tool["tools"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|inner| json!({"name": inner["name"], "description": inner["description"]})),
                ),
                Some("function" | "custom") => {
                    tools.push(json!({"name": tool["name"], "description": tool["description"]}))
                }
                Some(hosted) => tools.push(json!({"name": hosted, "description": ""})),
                None => {}
            }
        }
        settings.insert(case.name.clone(), Value::Array(tools));
    }
    Ok(json!({"settings": settings}))
}
