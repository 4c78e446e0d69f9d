//! OpenCode against a fake OpenAI-compatible chat completions API: what does `opencode run`
//! offer its model, and is that what the library says? Each run gets exactly what the library
//! writes for its selection, as the project's `permission` map or the `build` agent's own, in
//! a project `opencode.json` that names the fake provider. The first request of a run is the
//! title request, with no tools and a prompt of its own; the next is the agent's, whose
//! `tools` (none at all when nothing is offered) the case compares.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tool_policy::OpenCodeSelection;
use tool_policy::opencode::{self, OpenCodeConfig};

use crate::forced::{Effect, happened, marker, verdict_of};
use crate::{Outcome, http};

/// The MCP server every case with `mcp` configures, as OpenCode names it, and its tools.
pub const SERVER: &str = "echo";
pub const MCP_TOOLS: [&str; 2] = ["echo_echo", "echo_ping_tool"];

/// Where a case puts the library's `permission` map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// The project's `opencode.json`.
    Project,
    /// The `build` agent's own `permission` (`agent.build.permission`).
    Agent,
}

/// One OpenCode case.
#[derive(Clone)]
pub struct Case {
    pub name: String,
    /// The selection read by the library; `None`: no selection.
    pub selection: Option<OpenCodeSelection>,
    pub level: Level,
    /// The MCP server `echo` in the run's configuration.
    pub mcp: bool,
    /// The model id, when not the default `m1` (a `gpt-` id opens `apply_patch`'s gate).
    pub model: Option<&'static str>,
    /// Merged into the configuration as written by hand: a control's configuration.
    pub raw: Option<Value>,
    /// The names expected instead of the library's model: what a control or a gate shows.
    pub expected: Option<Vec<&'static str>>,
    /// The call the fake model makes (SPEC §8): a removed tool's must be refused with no
    /// side effect; a control's must run and leave it.
    pub forced: Option<(String, Effect, bool)>,
    /// One of OpenCode's own agents to run instead of `build` (`opencode run --agent`), with
    /// the project's configuration as the library writes it: its first request shows what it
    /// is offered (SPEC §14). `explore` and `general`, sub-agents, are run as primary agents,
    /// which changes no rule of their own.
    pub agent: Option<&'static str>,
    /// A plugin file to write, relative to the project, and its source (the gate suite's):
    /// with one, a refusal must be the gate's.
    pub plugin: Option<(String, String)>,
}

impl Case {
    pub fn new(name: &str, selection: Option<OpenCodeSelection>) -> Case {
        Case {
            name: name.to_owned(),
            selection,
            level: Level::Project,
            mcp: false,
            model: None,
            raw: None,
            expected: None,
            forced: None,
            agent: None,
            plugin: None,
        }
    }
}

/// The names a chat completions request offers (`tools[].function.name`).
fn offered(body: &Value) -> BTreeSet<String> {
    let tools = body["tools"].as_array().into_iter().flatten();
    tools.filter_map(|t| t["function"]["name"].as_str().map(str::to_owned)).collect()
}

/// Whether a request is the title request every run makes first (no tools, its own prompt).
fn is_title(body: &Value) -> bool {
    body["messages"][0]["content"].as_str().is_some_and(|text| text.starts_with("You are a title generator"))
}

/// The tool results a request carries: `(is an error, text)` of each `role: tool` message.
fn tool_results(body: &Value) -> Vec<String> {
    let messages = body["messages"].as_array().into_iter().flatten();
    let results = messages.filter(|m| m["role"] == "tool");
    results.map(|m| m["content"].to_string()).collect()
}

/// A streamed chat completion: the text "ok", or one call of `tool` with `arguments`.
fn stream(call: Option<(&str, &Value)>) -> String {
    let chunk = |delta: Value, finish: Value| {
        json!({"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "m1",
               "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    };
    let (delta, finish) = match call {
        Some((tool, arguments)) => (
            json!({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                   "function": {"name": tool, "arguments": arguments.to_string()}}]}),
            "tool_calls",
        ),
        None => (json!({"role": "assistant", "content": "ok"}), "stop"),
    };
    let mut last = chunk(json!({}), json!(finish));
    last["usage"] = json!({"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2});
    let events = [chunk(delta, Value::Null), last];
    let mut text: String = events.iter().map(|event| format!("data: {event}\n\n")).collect();
    text.push_str("data: [DONE]\n\n");
    text
}

/// The arguments of a call that leaves `effect` in the run directory `dir`.
fn arguments(effect: Effect, dir: &Path) -> Value {
    let marker = marker(dir).display().to_string();
    match effect {
        Effect::Shell => json!({"command": format!("touch '{marker}'"), "description": "Creates the marker"}),
        Effect::Write => json!({"filePath": marker, "content": "x"}),
        _ => json!({"text": "forced"}),
    }
}

/// The configuration of a case: the fake provider, the MCP server, the library's map.
fn config(case: &Case, me: &Path, dir: &Path, port: u16) -> Result<Value, String> {
    let mut config = json!({
        "$schema": "https://opencode.ai/config.json",
        "autoupdate": false,
        "share": "disabled",
        "provider": {"fake": {"npm": "@ai-sdk/openai-compatible", "name": "Fake",
            "options": {"baseURL": format!("http://127.0.0.1:{port}/v1"), "apiKey": "fake"},
            "models": {"m1": {"name": "m1", "tool_call": true}, "gpt-5": {"name": "gpt-5", "tool_call": true}}}},
        "model": format!("fake/{}", case.model.unwrap_or("m1")),
        "small_model": "fake/m1",
    });
    if case.mcp {
        let log = dir.join("mcp-calls.log").display().to_string();
        config["mcp"] = json!({SERVER: {"type": "local", "command": [me.display().to_string(), "mcp-echo", log]}});
    }
    let servers = if case.mcp { vec![SERVER] } else { Vec::new() };
    let library = OpenCodeConfig::for_host(case.selection.clone(), servers).map_err(|e| e.to_string())?;
    let fragment = match case.level {
        Level::Project => library.project(),
        Level::Agent => library.agent("build"),
    };
    let subagent = |name: &&str| matches!(*name, "explore" | "general");
    let mode = case.agent.filter(subagent).map(|name| json!({"agent": {name: {"mode": "primary"}}}));
    for extra in [Some(fragment), case.raw.clone(), mode].into_iter().flatten() {
        merge(&mut config, &extra);
    }
    Ok(config)
}

/// `extra`'s keys into `config`, objects merged key by key (the library's `agent` entries and
/// a case's own stand side by side).
fn merge(config: &mut Value, extra: &Value) {
    let (Some(root), Some(extra)) = (config.as_object_mut(), extra.as_object()) else { return };
    for (key, value) in extra {
        match root.get_mut(key) {
            Some(existing) if existing.is_object() && value.is_object() => merge(existing, value),
            _ => {
                root.insert(key.clone(), value.clone());
            }
        }
    }
}

/// Runs `opencode run --pure hi` once for `case` in `dir`, within two minutes.
fn run_once(cli: &Path, me: &Path, dir: &Path, case: &Case, port: u16) -> Result<(), String> {
    let (home, work) = (dir.join("home"), dir.join("work"));
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(&home).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let config = config(case, me, dir, port)?;
    std::fs::write(work.join("opencode.json"), config.to_string()).map_err(|e| e.to_string())?;
    if let Some((file, source)) = &case.plugin {
        let path = work.join(file);
        std::fs::create_dir_all(path.parent().unwrap_or(&work)).map_err(|e| e.to_string())?;
        std::fs::write(path, source).map_err(|e| e.to_string())?;
        // A run that loads plugins first installs `@opencode-ai/plugin` into each config
        // folder, which offline waits 70 s for the registry: the folders say it is there.
        for folder in [work.join(".opencode"), home.join(".config").join("opencode")] {
            plugin_installed(&folder).map_err(|e| e.to_string())?;
        }
    }
    // `--pure` loads no plugin's hooks at all: a plugin case runs without it.
    let pure = if case.plugin.is_some() { None } else { Some("--pure") };
    let xdg = |sub: &str| home.join(sub);
    let agent = case.agent.map(|name| ["--agent", name]).into_iter().flatten();
    let child = Command::new(cli)
        .arg("run")
        .args(pure)
        .args(agent)
        .arg("hi")
        .current_dir(&work)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", xdg(".config"))
        .env("XDG_DATA_HOME", xdg(".local/share"))
        .env("XDG_CACHE_HOME", xdg(".cache"))
        .env("XDG_STATE_HOME", xdg(".local/state"))
        .envs([
            ("OPENCODE_DISABLE_AUTOUPDATE", "1"),
            ("OPENCODE_DISABLE_MODELS_FETCH", "1"),
            ("OPENCODE_DISABLE_DEFAULT_PLUGINS", "1"),
            ("OPENCODE_DISABLE_SHARE", "1"),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", cli.display()))?;
    crate::finish(child, "opencode")
}

/// Writes what OpenCode's dependency check reads as `@opencode-ai/plugin` installed in
/// `folder`: a `node_modules`, and the package in `package.json` and its lock.
fn plugin_installed(folder: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(folder.join("node_modules"))?;
    let dependencies = json!({"@opencode-ai/plugin": opencode::CLI_VERSION});
    std::fs::write(folder.join("package.json"), json!({"dependencies": dependencies}).to_string())?;
    let lock = json!({"lockfileVersion": 3, "packages": {"": {"dependencies": dependencies}}});
    std::fs::write(folder.join("package-lock.json"), lock.to_string())
}

/// What the fake API saw of one run: the agent's first request, and the tool results
/// later requests carried.
struct Seen {
    first: Option<Value>,
    results: Vec<String>,
}

/// Runs every case against one fake API, one after another.
fn runs(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> Result<Vec<Result<Seen, String>>, String> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let call: Arc<Mutex<Option<(String, Value)>>> = Arc::default();
    let (recorder, caller) = (Arc::clone(&requests), Arc::clone(&call));
    let port = http::serve(move |method, _path, body| {
        if method != "POST" {
            return (200, "application/json", json!({"object": "list", "data": [{"id": "m1"}]}).to_string());
        }
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        let first_turn = !is_title(&body) && tool_results(&body).is_empty();
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
        *call.lock().unwrap() = case.forced.as_ref().map(|(tool, effect, _)| (tool.clone(), arguments(*effect, &dir)));
        seen.push(run_once(cli, me, &dir, case, port).and_then(|()| {
            std::thread::sleep(Duration::from_millis(50));
            let requests = requests.lock().unwrap();
            let first = requests.iter().find(|body| !is_title(body)).cloned();
            let results = requests.iter().flat_map(tool_results).collect();
            if first.is_none() {
                return Err(String::from("OpenCode sent no request but the title's"));
            }
            Ok(Seen { first, results })
        }));
    }
    Ok(seen)
}

/// Runs every case; each compares the offered names with the library's model (or the names a
/// control shows), and a forced call's side effect with what the case expects.
pub fn run(cli: &Path, me: &Path, scratch: &Path, cases: &[Case]) -> Vec<Outcome> {
    let seen = match runs(cli, me, scratch, cases) {
        Ok(seen) => seen,
        Err(e) => return vec![Outcome::failed("opencode: fake API", e)],
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
            let result = seen.results.first().map(|text| {
                // OpenCode's words for a call its rules refuse: a tool it does not offer, or a
                // pattern rule that denies the call (`plan` writing outside its plan files).
                let words = [
                    "invalid",
                    "unavailable",
                    "not available",
                    "does not exist",
                    "Unknown tool",
                    "error",
                    "a rule which prevents you",
                ];
                // With the plugin alone, the refusal must be the gate's; with both layers,
                // either's.
                let refused = match (&case.plugin, &case.selection) {
                    (Some(_), None) => crate::gate::by_gate(text),
                    _ => {
                        crate::gate::by_gate(text)
                            || words.iter().any(|word| text.to_lowercase().contains(&word.to_lowercase()))
                    }
                };
                (refused, text.clone())
            });
            outcomes.push(verdict_of(&case.name, *control, happened(*effect, &dir), result));
            continue;
        }
        let observed = seen.first.as_ref().map(offered).unwrap_or_default();
        let expected: BTreeSet<String> = match &case.expected {
            Some(names) => names.iter().map(|n| (*n).to_owned()).collect(),
            None => {
                let mcp: &[&str] = if case.mcp { &MCP_TOOLS } else { &[] };
                match case.agent.and_then(opencode::OpenCodeAgent::from_name) {
                    Some(agent) => {
                        let builtins = agent.offered(case.selection.as_ref()).into_iter().map(str::to_owned);
                        let mcp = mcp.iter().filter(|tool| agent.offers_mcp(case.selection.as_ref(), tool));
                        builtins.chain(mcp.map(|tool| (*tool).to_owned())).collect()
                    }
                    None => opencode::offered(case.selection.as_ref(), mcp).into_iter().collect(),
                }
            }
        };
        outcomes.push(Outcome::compare(&case.name, expected, observed));
    }
    outcomes
}

/// What `tests/catalog/refresh.sh opencode` reads from the CLI, as JSON: the built-ins the
/// agent's first request declares, with their descriptions, in the pinned setting and with
/// each gate this harness can open (a `gpt-` model; the search and experimental flags are
/// environment the host sets, read from the package).
pub fn catalog(cli: &Path, me: &Path, scratch: &Path) -> Result<Value, String> {
    let mut default = Case::new("default", None);
    default.mcp = false;
    let mut gpt = Case::new("gpt", None);
    gpt.model = Some("gpt-5");
    let cases = [default, gpt];
    let mut settings = serde_json::Map::new();
    for (case, seen) in cases.iter().zip(runs(cli, me, scratch, &cases)?) {
        let seen = seen?;
        let tools = seen.first.as_ref().and_then(|body| body["tools"].as_array().cloned()).unwrap_or_default();
        let tools: Vec<Value> = tools
            .iter()
            .map(|t| json!({"name": t["function"]["name"], "description": t["function"]["description"]}))
            .collect();
        settings.insert(case.name.clone(), Value::Array(tools));
    }
    Ok(json!({"settings": settings}))
}

/// A selection as the JSON door reads it (a portable one under `capabilities`).
pub fn selection(name: &str, document: &Value) -> Result<Option<OpenCodeSelection>, String> {
    let read = tool_policy::opencode::load_opencode(&document.to_string()).map_err(|e| format!("{name}: {e}"))?;
    Ok(read.selection)
}

const READ_GROUP: [&str; 4] = ["read", "list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"];
const EDIT_GROUP: [&str; 3] = ["edit", "write", "apply_patch"];

/// The cases: the library's output for each shape, at the project and the agent, with and
/// without the MCP server; and controls, written by hand, that show what OpenCode does with
/// what the library never writes (a wrong-case key, a pattern map, the legacy `tools` map) and
/// behind a gate (a `gpt-` model offers `apply_patch` instead of `edit` and `write`).
pub fn cases() -> Result<Vec<Case>, String> {
    let names = |extra: &[&str], groups: &[&[&str]]| -> Vec<String> {
        groups.iter().flat_map(|g| g.iter()).chain(extra).map(|n| (*n).to_owned()).collect()
    };
    let only = |list: Vec<String>| json!({"only": list});
    let disable = |list: Vec<String>| json!({"disable": list});
    let mut cases = Vec::new();
    let mut add = |name: &str, document: Value, level: Level, mcp: bool| -> Result<(), String> {
        let mut case = Case::new(
            &format!("{name}{}", if level == Level::Agent { " (agent build)" } else { "" }),
            selection(name, &document)?,
        );
        case.level = level;
        case.mcp = mcp;
        cases.push(case);
        Ok(())
    };
    add("no selection", json!({"builtin_tools": null}), Level::Project, false)?;
    add("only read + grep + glob", only(names(&["grep", "glob"], &[&READ_GROUP])), Level::Project, false)?;
    add("only bash", only(names(&["bash"], &[])), Level::Project, false)?;
    add("only []", only(Vec::new()), Level::Project, false)?;
    add("disable *", json!({"disable": "*"}), Level::Project, false)?;
    add("disable bash", disable(names(&["bash"], &[])), Level::Project, false)?;
    add("disable webfetch + task", disable(names(&["webfetch", "task"], &[])), Level::Project, false)?;
    add("disable the edit permission", disable(names(&[], &[&EDIT_GROUP])), Level::Project, false)?;
    add("disable the read permission", disable(names(&[], &[&READ_GROUP])), Level::Project, false)?;
    add("only edit + read", only(names(&[], &[&EDIT_GROUP, &READ_GROUP])), Level::Project, false)?;
    add("only skill + todowrite", only(names(&["skill", "todowrite"], &[])), Level::Project, false)?;
    add("no selection, MCP", json!({"builtin_tools": null}), Level::Project, true)?;
    add("only read + echo_*, MCP", only(names(&["echo_*"], &[&READ_GROUP])), Level::Project, true)?;
    add("only read, MCP", only(names(&[], &[&READ_GROUP])), Level::Project, true)?;
    add("disable echo_*, MCP", disable(names(&["echo_*"], &[])), Level::Project, true)?;
    add("disable echo_echo, MCP", disable(names(&["echo_echo", "bash"], &[])), Level::Project, true)?;
    add("only *_*, MCP", only(names(&["*_*"], &[])), Level::Project, true)?;
    add("only glob + echo_ping_tool, MCP", only(names(&["glob", "echo_ping_tool"], &[])), Level::Project, true)?;
    add("disable *, MCP", json!({"disable": "*"}), Level::Project, true)?;
    add("only grep", only(names(&["grep"], &[])), Level::Agent, false)?;
    add("disable bash", disable(names(&["bash"], &[])), Level::Agent, false)?;
    add("only glob + echo_*, MCP", only(names(&["glob", "echo_*"], &[])), Level::Agent, true)?;
    add("disable *", json!({"disable": "*"}), Level::Agent, false)?;
    let default: Vec<&'static str> = opencode::catalog::DEFAULT_OFFERED.iter().map(|t| t.name()).collect();
    let without = |taken: &[&str]| default.iter().copied().filter(|n| !taken.contains(n)).collect::<Vec<_>>();
    let control = |name: &str, raw: Value, expected: Vec<&'static str>| {
        let mut case = Case::new(&format!("control: {name}"), None);
        case.raw = Some(raw);
        case.expected = Some(expected);
        case
    };
    // The agent's own map is read after the project's: an allow there does not win.
    let mut agent_wins =
        Case::new("only glob (agent build) over a project allow", selection("x", &only(names(&["glob"], &[])))?);
    agent_wins.level = Level::Agent;
    agent_wins.raw = Some(json!({"permission": {"bash": "allow", "glob": "allow"}}));
    cases.push(agent_wins);
    cases.push(control("a wrong-case key is ignored", json!({"permission": {"Bash": "deny"}}), default.clone()));
    cases.push(control(
        "a pattern map decides per call and keeps the tool",
        json!({"permission": {"bash": {"*": "deny", "git *": "allow"}}}),
        default.clone(),
    ));
    cases.push(control("the legacy tools map", json!({"tools": {"bash": false}}), without(&["bash"])));
    // Behind the `gpt-` gate, `apply_patch` replaces `edit` and `write`; the edit permission
    // takes all three away.
    let gpt: Vec<&'static str> = without(&["edit", "write"]).into_iter().chain(["apply_patch"]).collect();
    let mut gated = control("a gpt- model offers apply_patch", json!({}), gpt.clone());
    gated.model = Some("gpt-5");
    cases.push(gated);
    let mut no_edits =
        Case::new("gate open: disable the edit permission", selection("x", &disable(names(&[], &[&EDIT_GROUP])))?);
    no_edits.model = Some("gpt-5");
    no_edits.expected = Some(gpt.into_iter().filter(|n| *n != "apply_patch").collect());
    cases.push(no_edits);
    cases.extend(agent_cases()?);
    Ok(cases)
}

/// OpenCode's own agents under the project's configuration as the library writes it (SPEC
/// §14): `explore` reads only, `plan` edits only plan files and `general` keeps no todo list,
/// under `only`, `disable` and a portable policy, with and without an MCP server.
fn agent_cases() -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let edit_and_more: Vec<&str> = EDIT_GROUP.iter().copied().chain(["grep", "task", "skill", "todowrite"]).collect();
    let read_and_search: Vec<&str> = READ_GROUP.iter().copied().chain(["grep", "glob"]).collect();
    for (agent, name, document, mcp) in [
        ("explore", "no selection", json!({"builtin_tools": null}), false),
        (
            "explore",
            "only [edit, write, apply_patch, grep, task, skill, todowrite]",
            json!({"only": edit_and_more}),
            false,
        ),
        ("explore", "only [*_*, glob], MCP", json!({"only": ["*_*", "glob"]}), true),
        ("explore", "disable [bash]", json!({"disable": ["bash"]}), false),
        (
            "explore",
            "portable only [read, search, edit, mcp]",
            json!({"capabilities": {"only": ["read", "search", "edit", "mcp"]}}),
            true,
        ),
        ("plan", "no selection", json!({"builtin_tools": null}), false),
        (
            "plan",
            "only [edit, write, apply_patch, grep, task, skill, todowrite]",
            json!({"only": edit_and_more}),
            false,
        ),
        ("plan", "disable [edit, write, apply_patch]", json!({"disable": EDIT_GROUP}), false),
        (
            "plan",
            "portable only [read, search, mcp]",
            json!({"capabilities": {"only": ["read", "search", "mcp"]}}),
            false,
        ),
        ("plan", "only [read, ..., glob, grep]", json!({"only": read_and_search}), false),
        ("general", "no selection", json!({"builtin_tools": null}), false),
        ("general", "only [todowrite, grep, bash]", json!({"only": ["todowrite", "grep", "bash"]}), false),
    ] {
        let mut case = Case::new(&format!("agent {agent}: {name}"), selection(name, &document)?);
        case.agent = Some(agent);
        case.mcp = mcp;
        cases.push(case);
    }
    Ok(cases)
}

/// Forced calls (SPEC §8): the fake model calls a tool the selection took away, with a side
/// effect; a control per tool makes the same call with the tool allowed.
pub fn forced_cases() -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut add = |name: &str, document: Value, tool: &str, effect: Effect, control: bool, level: Level, mcp: bool| {
        let prefix = if control { "forced control: opencode: " } else { "forced: opencode: " };
        let mut case = Case::new(&format!("{prefix}{name}"), selection(name, &document)?);
        case.forced = Some((tool.to_owned(), effect, control));
        case.level = level;
        case.mcp = mcp;
        cases.push(case);
        Ok::<(), String>(())
    };
    let read: Vec<&str> = READ_GROUP.to_vec();
    add("bash under only [read]", json!({"only": read}), "bash", Effect::Shell, false, Level::Project, false)?;
    add("bash under only [bash]", json!({"only": ["bash"]}), "bash", Effect::Shell, true, Level::Project, false)?;
    add(
        "write under disable [edit]",
        json!({"disable": EDIT_GROUP}),
        "write",
        Effect::Write,
        false,
        Level::Project,
        false,
    )?;
    add("write, no selection", json!({"builtin_tools": null}), "write", Effect::Write, true, Level::Project, false)?;
    add(
        "echo_echo under only [glob]",
        json!({"only": ["glob"]}),
        "echo_echo",
        Effect::Mcp,
        false,
        Level::Project,
        true,
    )?;
    add(
        "echo_echo under only [glob, echo_*]",
        json!({"only": ["glob", "echo_*"]}),
        "echo_echo",
        Effect::Mcp,
        true,
        Level::Project,
        true,
    )?;
    add(
        "bash under only [grep] (agent build)",
        json!({"only": ["grep"]}),
        "bash",
        Effect::Shell,
        false,
        Level::Agent,
        false,
    )?;
    // OpenCode's own agents keep their limits (SPEC §14): `explore` under an `only` that
    // grants writing does not write, and `plan` writes only plan files; `build`, under the
    // same, writes (the control).
    let edits: Vec<&str> = EDIT_GROUP.iter().copied().chain(["grep"]).collect();
    for (agent, control) in [(Some("explore"), false), (Some("plan"), false), (None, true)] {
        let prefix = if control { "forced control: opencode: " } else { "forced: opencode: " };
        let name = format!("write from {} under only [edit, write, apply_patch, grep]", agent.unwrap_or("build"));
        let mut case = Case::new(&format!("{prefix}{name}"), selection(&name, &json!({"only": edits}))?);
        case.forced = Some((String::from("write"), Effect::Write, control));
        case.agent = agent;
        cases.push(case);
    }
    Ok(cases)
}
