//! Live conformance: every case runs against the real pinned CLIs on loopback, and the tools
//! the fake model was offered must be exactly the tools the library says.
//!
//! Usage (normally through `tests/live/run.sh`):
//! `live-conformance --copilot BIN --claude BIN --gemini BIN --opencode BIN --codex BIN --scratch DIR [--cases FILE] [--only RUNTIME]`,
//! `live-conformance mcp-echo` (the MCP server the cases register), and
//! `live-conformance catalog RUNTIME --cli BIN --scratch DIR [--names FILE]` (what
//! `tests/catalog/refresh.sh` reads from a CLI: its built-ins, their descriptions and how they
//! are offered, as JSON on stdout).
#![forbid(unsafe_code)]

mod builtin;
mod claude;
mod codex;
mod copilot;
mod expected;
mod forced;
mod forced_copilot;
mod gate;
mod gemini;
mod http;
mod mcp;
mod mcp_cases;
mod opencode;
mod session_fs;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Value, json};
use tool_policy::{Capability, ClaudeCodeSelection, McpTools};

/// How the attestations of a run went: sessions attested in agreement with what the model
/// was offered, and negative controls (sessions that must fail attestation) caught.
#[derive(Default)]
pub struct Attested {
    pub sessions: usize,
    pub controls_caught: usize,
    pub controls: usize,
}

impl Attested {
    fn add(&mut self, other: &Attested) {
        self.sessions += other.sessions;
        self.controls_caught += other.controls_caught;
        self.controls += other.controls;
    }
}

/// The verdict of one case.
pub struct Outcome {
    name: String,
    offered: usize,
    pub(crate) mismatch: Option<String>,
}

impl Outcome {
    fn compare(name: &str, expected: BTreeSet<String>, observed: BTreeSet<String>) -> Outcome {
        let missing: Vec<&String> = expected.difference(&observed).collect();
        let extra: Vec<&String> = observed.difference(&expected).collect();
        let mismatch = (!missing.is_empty() || !extra.is_empty())
            .then(|| format!("expected but not offered {missing:?}; offered but not expected {extra:?}"));
        Outcome { name: name.to_owned(), offered: observed.len(), mismatch }
    }

    fn failed(name: &str, why: String) -> Outcome {
        Outcome { name: name.to_owned(), offered: 0, mismatch: Some(why) }
    }
}

struct Args {
    copilot: Option<PathBuf>,
    claude: Option<PathBuf>,
    gemini: Option<PathBuf>,
    opencode: Option<PathBuf>,
    codex: Option<PathBuf>,
    scratch: PathBuf,
    cases: Option<PathBuf>,
    only: Option<String>,
    /// Runs only the cases whose name starts with it (`mcp: `, a suite's prefix).
    prefix: Option<String>,
}

fn args() -> Result<Args, String> {
    let mut args = Args {
        copilot: None,
        claude: None,
        gemini: None,
        opencode: None,
        codex: None,
        scratch: std::env::temp_dir().join("tool-policy-live"),
        cases: None,
        only: None,
        prefix: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--copilot" => args.copilot = Some(value()?.into()),
            "--claude" => args.claude = Some(value()?.into()),
            "--gemini" => args.gemini = Some(value()?.into()),
            "--opencode" => args.opencode = Some(value()?.into()),
            "--codex" => args.codex = Some(value()?.into()),
            "--scratch" => args.scratch = value()?.into(),
            "--cases" => args.cases = Some(value()?.into()),
            "--only" => args.only = Some(value()?),
            "--prefix" => args.prefix = Some(value()?),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(args)
}

/// Waits for a CLI run: `Ok` when it exits 0 within two minutes, else why not (its stderr's
/// last lines, or the time it took).
pub(crate) fn finish(mut child: std::process::Child, what: &str) -> Result<(), String> {
    let started = std::time::Instant::now();
    loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(status) if status.success() => return Ok(()),
            Some(status) => {
                let mut stderr = String::new();
                if let Some(mut pipe) = child.stderr.take() {
                    let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
                }
                let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
                return Err(format!("{what} exited {status}: {}", tail.join(" | ")));
            }
            None if started.elapsed() > std::time::Duration::from_secs(120) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{what} did not finish within two minutes"));
            }
            None => std::thread::sleep(std::time::Duration::from_millis(100)),
        }
    }
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn copilot_case(name: &str, input: &Value, resume: bool) -> Result<copilot::Case, String> {
    let document = tool_policy::json::load_value(input).map_err(|e| format!("{name}: {e}"))?;
    Ok(copilot::Case { name: name.to_owned(), document, resume, server: copilot::ECHO })
}

fn entry(fields: Value) -> Value {
    let mut entry = json!({"kind": "github-cli-builtin-tools"});
    if let (Some(entry), Some(fields)) = (entry.as_object_mut(), fields.as_object()) {
        entry.extend(fields.clone());
    }
    entry
}

fn copilot_cases() -> Result<Vec<copilot::Case>, String> {
    let mut cases = Vec::new();
    let mut examples: Vec<PathBuf> = std::fs::read_dir(repo().join("examples/agents"))
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    examples.sort();
    for path in examples {
        let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        let document: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        let name = format!("example {}", path.file_name().unwrap_or_default().to_string_lossy());
        let resume = name.contains("locked-down") || name.contains("review-only");
        cases.push(copilot_case(&name, &document, resume)?);
    }
    let vectors: Vec<(&str, Value, bool)> = vec![
        ("available [*]", json!({"available-tools": {"tools": ["*"]}}), false),
        (
            "available [read_agent, list_agents]",
            json!({"available-tools": {"tools": ["read_agent", "list_agents"]}}),
            true,
        ),
        ("available isolated", json!({"available-tools": {"isolated": true}}), false),
        ("available []", json!({"available-tools": {"tools": []}}), true),
        ("excluded [*]", json!({"excluded-tools": {"tools": ["*"]}}), true),
        ("excluded isolated", json!({"excluded-tools": {"isolated": true}}), false),
        ("excluded [shell]", json!({"excluded-tools": {"tools": ["shell"]}}), false),
        (
            "isolated less exit_plan_mode",
            json!({"available-tools": {"isolated": true}, "excluded-tools": {"tools": ["exit_plan_mode"]}}),
            false,
        ),
        ("available [mcp:*]", json!({"available-tools": {"tools": ["mcp:*"]}}), true),
        ("excluded [builtin:*]", json!({"excluded-tools": {"tools": ["builtin:*"]}}), false),
        ("available [bash, mcp:*]", json!({"available-tools": {"tools": ["bash", "mcp:*"]}}), false),
        ("excluded []", json!({"excluded-tools": {"tools": []}}), false),
        (
            "available [custom:my_tool, mcp:echo-echo]",
            json!({"available-tools": {"tools": ["custom:my_tool", "mcp:echo-echo"]}}),
            true,
        ),
        ("available [custom:*]", json!({"available-tools": {"tools": ["custom:*"]}}), false),
        (
            "excluded [custom:other_tool, mcp:echo-ping_tool]",
            json!({"excluded-tools": {"tools": ["custom:other_tool", "mcp:echo-ping_tool"]}}),
            false,
        ),
        ("excluded [mcp:*]", json!({"excluded-tools": {"tools": ["mcp:*"]}}), false),
        ("excluded [custom:*]", json!({"excluded-tools": {"tools": ["custom:*"]}}), false),
        (
            "precedence: available [builtin:*] less bash",
            json!({"available-tools": {"tools": ["builtin:*"]}, "excluded-tools": {"tools": ["builtin:bash"]}}),
            true,
        ),
        ("available [view, grep, glob]", json!({"available-tools": {"tools": ["view", "grep", "glob"]}}), false),
        (
            "deny wins: bash in both",
            json!({"available-tools": {"tools": ["bash", "view"]}, "excluded-tools": {"tools": ["bash"]}}),
            false,
        ),
        (
            "available [builtin:view, custom:my_tool]",
            json!({"available-tools": {"tools": ["builtin:view", "custom:my_tool"]}}),
            false,
        ),
        ("excluded [view, edit, create]", json!({"excluded-tools": {"tools": ["view", "edit", "create"]}}), false),
        (
            "available [task, read_agent] less isolated",
            json!({"available-tools": {"tools": ["task", "read_agent"]}, "excluded-tools": {"isolated": true}}),
            false,
        ),
        ("available [mcp:echo-echo]", json!({"available-tools": {"tools": ["mcp:echo-echo"]}}), false),
        ("empty: [mcp:*]", json!({"client-mode": "empty", "available-tools": {"tools": ["mcp:*"]}}), true),
        ("empty: [*]", json!({"client-mode": "empty", "available-tools": {"tools": ["*"]}}), false),
        ("empty: isolated", json!({"client-mode": "empty", "available-tools": {"isolated": true}}), true),
        (
            "empty: isolated less read_agent",
            json!({"client-mode": "empty", "available-tools": {"isolated": true}, "excluded-tools": {"tools": ["read_agent"]}}),
            false,
        ),
        (
            "empty: [custom:my_tool]",
            json!({"client-mode": "empty", "available-tools": {"tools": ["custom:my_tool"]}}),
            true,
        ),
        (
            "empty: [builtin:view, mcp:*]",
            json!({"client-mode": "empty", "available-tools": {"tools": ["builtin:view", "mcp:*"]}}),
            false,
        ),
        ("empty: [view]", json!({"client-mode": "empty", "available-tools": {"tools": ["view"]}}), false),
        (
            "empty: [mcp:echo-echo]",
            json!({"client-mode": "empty", "available-tools": {"tools": ["mcp:echo-echo"]}}),
            false,
        ),
        (
            "empty: [builtin:*] less the bash family",
            json!({"client-mode": "empty", "available-tools": {"tools": ["builtin:*"]}, "excluded-tools": {"tools": ["bash", "read_bash", "stop_bash", "list_bash"]}}),
            false,
        ),
    ];
    for (name, fields, resume) in vectors {
        cases.push(copilot_case(name, &entry(fields), resume)?);
    }
    // A definition's default agent and its custom agents: what the main agent and each agent
    // are offered (a `null` list inherits the main agent's tools; a list reaches hidden ones),
    // with the session's deny-list on an agent-only built-in.
    let agents = json!({
        "tools": [{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["builtin:tool_search_tool"]}}],
        "customAgents": [
            {"name": "inherits", "prompt": "A conformance sub-agent.", "tools": null},
            {"name": "star", "prompt": "A conformance sub-agent.", "tools": ["*"]},
            {"name": "server", "prompt": "A conformance sub-agent.", "tools": ["echo/*"]},
            {"name": "named", "prompt": "A conformance sub-agent.", "tools": ["my_tool", "view", "tool_search_tool"]}
        ],
        "defaultAgent": {"excludedTools": ["my_tool", "echo-echo", "view"]}
    });
    cases.push(copilot_case("definition: defaultAgent and agent lists", &agents, true)?);
    Ok(cases)
}

fn claude_cases() -> Result<Vec<claude::Case>, String> {
    let case = |name: &str,
                selection: Value,
                model: Option<&'static str>,
                host_mcp: bool,
                own_mcp: bool|
     -> Result<claude::Case, String> {
        let selection = if selection.is_null() {
            None
        } else {
            ClaudeCodeSelection::from_json(&selection.to_string()).map_err(|e| format!("{name}: {e}"))?.selection
        };
        let host_mcp = host_mcp.then_some(claude::ECHO);
        Ok(claude::Case { name: name.to_owned(), selection, model, host_mcp, own_mcp, mcp: McpTools::Keep })
    };
    Ok(vec![
        case("no selection", Value::Null, None, false, false)?,
        case("disable *", json!({"disable": "*"}), None, false, false)?,
        case("only [Read, Grep]", json!({"only": ["Read", "Grep"]}), None, false, false)?,
        case("only []", json!({"only": []}), None, false, false)?,
        case("disable [WebFetch]", json!({"disable": ["WebFetch"]}), None, false, false)?,
        case("disable [WebFetch, WebSearch]", json!({"disable": ["WebFetch", "WebSearch"]}), None, false, false)?,
        case("disable [Bash]", json!({"disable": ["Bash"]}), None, false, false)?,
        case("only [Read, TaskList] (off by default)", json!({"only": ["Read", "TaskList"]}), None, false, false)?,
        case("only [Task] (alias)", json!({"only": ["Task"]}), None, false, false)?,
        case("disable [Task] (alias)", json!({"disable": ["Task"]}), None, false, false)?,
        case("only [KillShell, Read] (alias)", json!({"only": ["KillShell", "Read"]}), None, false, false)?,
        case("only [Glob, Grep]", json!({"only": ["Glob", "Grep"]}), None, false, false)?,
        case("disable [Monitor, Agent]", json!({"disable": ["Monitor", "Agent"]}), None, false, false)?,
        case("host MCP: disable *", json!({"disable": "*"}), None, true, false)?,
        case("host MCP: only [Read]", json!({"only": ["Read"]}), None, true, false)?,
        case("host MCP: disable [WebFetch]", json!({"disable": ["WebFetch"]}), None, true, false)?,
        case("own MCP: no selection", Value::Null, None, false, true)?,
        case("own MCP: disable *", json!({"disable": "*"}), None, false, true)?,
        case("own MCP: only [Read]", json!({"only": ["Read"]}), None, false, true)?,
        case("own and host MCP: disable [Bash]", json!({"disable": ["Bash"]}), None, true, true)?,
        case(
            "holder: builtin_tools disable *",
            json!({"id": "agent", "builtin_tools": {"disable": "*"}}),
            None,
            false,
            false,
        )?,
        case("sonnet: only [Read]", json!({"only": ["Read"]}), Some("sonnet"), false, false)?,
        case(
            "claude-sonnet-4-5: disable [WebFetch]",
            json!({"disable": ["WebFetch"]}),
            Some("claude-sonnet-4-5"),
            false,
            false,
        )?,
        case("haiku: no selection", Value::Null, Some("haiku"), false, false)?,
        case("claude-haiku-4-5: disable *", json!({"disable": "*"}), Some("claude-haiku-4-5"), false, false)?,
    ])
}

/// Sub-agent cases: each a holder document read by the library (the main selection under
/// `builtin_tools`, `agents`, `agent_only`), and the agent the fake model starts.
fn claude_agent_cases() -> Result<Vec<claude::AgentCase>, String> {
    let case = |name: &str, main: Value, agents: Value, agent_only: Value, start: &str, host_mcp: bool| {
        let mut agents = agents;
        for (agent, fields) in agents.as_object_mut().into_iter().flatten() {
            fields["description"] = json!(format!("The {agent} agent."));
            fields["prompt"] = json!(format!("You are a conformance agent. {}", claude::marker(agent)));
        }
        let mut document = json!({"builtin_tools": main, "agents": agents});
        if !agent_only.is_null() {
            document["agent_only"] = agent_only;
        }
        let read = tool_policy::json::load_claude_code(&document.to_string()).map_err(|e| format!("{name}: {e}"))?;
        Ok::<_, String>(claude::AgentCase {
            name: format!("subagent: {name}"),
            selection: read.selection,
            agents: read.agents,
            start: start.to_owned(),
            host_mcp,
            mcp: read.mcp,
        })
    };
    let mut cases = vec![
        case(
            "tools within the main selection",
            json!({"only": ["Agent", "Read", "Grep", "Glob"]}),
            json!({"reader": {"tools": ["Read", "Grep"]}}),
            Value::Null,
            "reader",
            false,
        )?,
        case(
            "no lists: what the main agent has",
            json!({"only": ["Agent", "Read"]}),
            json!({"plain": {}}),
            Value::Null,
            "plain",
            false,
        )?,
        case(
            "no lists under disable [Bash]",
            json!({"disable": ["Bash"]}),
            json!({"plain": {}}),
            Value::Null,
            "plain",
            false,
        )?,
        case(
            "deny-list only: disallowedTools [Bash, WebFetch]",
            Value::Null,
            json!({"careful": {"disallowedTools": ["Bash", "WebFetch"]}}),
            Value::Null,
            "careful",
            false,
        )?,
        case(
            "both lists",
            Value::Null,
            json!({"both": {"tools": ["Read", "Grep", "Bash"], "disallowedTools": ["Bash"]}}),
            Value::Null,
            "both",
            false,
        )?,
        case(
            "MCP tool in tools",
            Value::Null,
            json!({"mcpone": {"tools": ["Read", "mcp__echo__echo"]}}),
            Value::Null,
            "mcpone",
            true,
        )?,
        case(
            "MCP server in disallowedTools",
            Value::Null,
            json!({"nomcp": {"disallowedTools": ["mcp__echo"]}}),
            Value::Null,
            "nomcp",
            true,
        )?,
        case(
            "MCP tool in disallowedTools",
            Value::Null,
            json!({"noping": {"disallowedTools": ["mcp__echo__ping_tool"]}}),
            Value::Null,
            "noping",
            true,
        )?,
        case(
            "MCP wildcard in tools",
            json!({"only": ["Agent", "Read"]}),
            json!({"allmcp": {"tools": ["Read", "mcp__echo__*"]}}),
            Value::Null,
            "allmcp",
            true,
        )?,
        case(
            "capabilities only [read, search], mcp_tools none, host MCP",
            json!({"only": ["Agent", "Read", "Grep"]}),
            json!({"portable": {"capabilities": {"only": ["read", "search"], "mcp_tools": "none"}}}),
            Value::Null,
            "portable",
            true,
        )?,
        case(
            "capabilities disable [execute, web], host MCP kept",
            Value::Null,
            json!({"portable": {"capabilities": {"disable": ["execute", "web"]}}}),
            Value::Null,
            "portable",
            true,
        )?,
        case(
            "alias Task in tools",
            json!({"only": ["Agent", "Read"]}),
            json!({"nested": {"tools": ["Task", "Read"]}}),
            Value::Null,
            "nested",
            false,
        )?,
        case(
            "agent_only [Grep]: search left to the agent",
            json!({"only": ["Agent", "Read"]}),
            json!({"finder": {"tools": ["Read", "Grep"]}}),
            json!(["Grep"]),
            "finder",
            false,
        )?,
        case(
            "a list naming a main-agent-only tool",
            Value::Null,
            json!({"cron": {"tools": ["Read", "CronList", "ScheduleWakeup"]}}),
            Value::Null,
            "cron",
            false,
        )?,
        case(
            "a list naming the nine self_hosted_runner tools",
            Value::Null,
            json!({"runner": {"tools": [
                "Read",
                "self_hosted_runner_get_pool",
                "self_hosted_runner_list_runners",
                "self_hosted_runner_list_secrets",
                "self_hosted_runner_list_sessions",
                "self_hosted_runner_read_health",
                "self_hosted_runner_read_metrics",
                "self_hosted_runner_requeue_session",
                "self_hosted_runner_spawn_local",
                "self_hosted_runner_tail_log",
            ]}}),
            Value::Null,
            "runner",
            false,
        )?,
        case(
            "ToolSearch present: disallowedTools [WebFetch]",
            Value::Null,
            json!({"noweb": {"disallowedTools": ["WebFetch"]}}),
            Value::Null,
            "noweb",
            false,
        )?,
        case(
            "ToolSearch listed",
            Value::Null,
            json!({"search": {"tools": ["ToolSearch", "Read", "WebFetch"]}}),
            Value::Null,
            "search",
            false,
        )?,
        case(
            "disallowedTools [Agent]",
            Value::Null,
            json!({"leaf": {"disallowedTools": ["Agent"]}}),
            Value::Null,
            "leaf",
            false,
        )?,
        case(
            "a model of its own",
            json!({"only": ["Agent", "Read", "Grep"]}),
            json!({"sonnet": {"tools": ["Grep"], "model": "sonnet"}}),
            Value::Null,
            "sonnet",
            false,
        )?,
        case(
            "two agents, the second started",
            json!({"only": ["Agent", "Read", "Write"]}),
            json!({"first": {"tools": ["Read"]}, "second": {"tools": ["Write"]}}),
            Value::Null,
            "second",
            false,
        )?,
    ];
    // A restart with the same arguments: the agents and their limits come back with them.
    let mut again = cases[0].clone();
    again.name = String::from("subagent: tools within the main selection (restart, same arguments)");
    cases.push(again);
    // Controls: what the CLI does with lists the library refuses. The main selection bounds a
    // sub-agent's `tools` (Bash, Write, WebFetch are not offered), except Glob and Grep.
    let beyond = json!({"builtin_tools": {"only": ["Agent", "Read"]}, "agents": {"escape": {"description": "d", "prompt": "p", "tools": ["Read", "Bash"]}}});
    match tool_policy::json::load_claude_code(&beyond.to_string()) {
        Err(tool_policy::json::LoadError::Invalid(report)) if report.errors[0].pointer == "/agents/escape/tools/1" => {}
        other => {
            return Err(format!(
                "the library must refuse an agent listing a tool the main selection took away: {other:?}"
            ));
        }
    }
    use tool_policy::{AgentRule, ClaudeCodeSelection, ClaudeTool as T};
    let control = |name: &str, main: tool_policy::ClaudeCodeSelection, tools: &[T]| {
        let agent = tool_policy::ClaudeAgent::new(
            "escape",
            "The escape agent.",
            format!("You are a conformance agent. {}", claude::marker("escape")),
        )
        .tools(tools.iter().map(|t| AgentRule::Tool(*t)));
        claude::AgentCase {
            name: format!("subagent: control: {name}"),
            selection: Some(main),
            agents: tool_policy::ClaudeAgents::new([agent]),
            start: String::from("escape"),
            host_mcp: false,
            mcp: McpTools::Keep,
        }
    };
    cases.push(control(
        "only [Agent, Read], tools [Read, Bash]",
        ClaudeCodeSelection::only([T::Agent, T::Read]),
        &[T::Read, T::Bash],
    ));
    cases.push(control(
        "only [Agent, Read], tools [Read, Grep]",
        ClaudeCodeSelection::only([T::Agent, T::Read]),
        &[T::Read, T::Grep],
    ));
    cases.push(control(
        "only [Agent, Read], tools [Read, Write]",
        ClaudeCodeSelection::only([T::Agent, T::Read]),
        &[T::Read, T::Write],
    ));
    cases.push(control(
        "only [Agent, Read, Bash], tools [Read, Grep]",
        ClaudeCodeSelection::only([T::Agent, T::Read, T::Bash]),
        &[T::Read, T::Grep],
    ));
    cases.push(control(
        "disable [WebFetch], tools [WebFetch, Read]",
        ClaudeCodeSelection::disable([T::WebFetch]),
        &[T::WebFetch, T::Read],
    ));
    cases.push(control(
        "disable [Bash], tools [Bash, Read]",
        ClaudeCodeSelection::disable([T::Bash]),
        &[T::Bash, T::Read],
    ));
    cases.push(control(
        "only [Agent, Read, Write, Edit], tools [Write, Monitor, CronList]",
        ClaudeCodeSelection::only([T::Agent, T::Read, T::Write, T::Edit]),
        &[T::Write, T::Monitor, T::CronList],
    ));
    cases.extend(claude_agent_list_cases());
    Ok(cases)
}

/// What an agent's list gets (issue: Glob, Grep and LSP in an agent's `tools`, and each
/// spelling of MCP rules): agents built in code, so lists the library would refuse are run
/// too, each under main selections with and without Bash, Glob and Grep.
fn claude_agent_list_cases() -> Vec<claude::AgentCase> {
    use tool_policy::{ClaudeCodeSelection, ClaudeTool as T};
    let rule = |name: &str| match tool_policy::AgentRule::parse(name).map(|found| found.tool()) {
        Ok(rule) => rule,
        Err(e) => panic!("{name}: {e}"),
    };
    let agent = |tools: Option<&[&str]>, disallowed: Option<&[&str]>| {
        let mut agent = tool_policy::ClaudeAgent::new(
            "lists",
            "The lists agent.",
            format!("You are a conformance agent. {}", claude::marker("lists")),
        );
        if let Some(tools) = tools {
            agent = agent.tools(tools.iter().map(|t| rule(t)));
        }
        if let Some(disallowed) = disallowed {
            agent = agent.disallowed_tools(disallowed.iter().map(|t| rule(t)));
        }
        agent
    };
    let case = |name: String, main: Option<ClaudeCodeSelection>, agent: tool_policy::ClaudeAgent, host_mcp: bool| {
        claude::AgentCase {
            name: format!("subagent: lists: {name}"),
            selection: main,
            agents: tool_policy::ClaudeAgents::new([agent]),
            start: String::from("lists"),
            host_mcp,
            mcp: McpTools::Keep,
        }
    };
    // Glob and Grep beyond the main selection: each main selection that names or takes
    // away Bash, Glob or Grep, under each list of them.
    let mains: [(&str, Option<ClaudeCodeSelection>); 11] = [
        ("no selection", None),
        ("only [Agent, Read]", Some(ClaudeCodeSelection::only([T::Agent, T::Read]))),
        ("only [Agent, Read, Bash]", Some(ClaudeCodeSelection::only([T::Agent, T::Read, T::Bash]))),
        ("only [Agent, Read, Grep]", Some(ClaudeCodeSelection::only([T::Agent, T::Read, T::Grep]))),
        ("only [Agent, Read, Glob]", Some(ClaudeCodeSelection::only([T::Agent, T::Read, T::Glob]))),
        ("only [Agent, Read, Bash, Grep]", Some(ClaudeCodeSelection::only([T::Agent, T::Read, T::Bash, T::Grep]))),
        ("only [Agent, Read, Bash, Glob]", Some(ClaudeCodeSelection::only([T::Agent, T::Read, T::Bash, T::Glob]))),
        ("disable [Bash]", Some(ClaudeCodeSelection::disable([T::Bash]))),
        ("disable [Glob]", Some(ClaudeCodeSelection::disable([T::Glob]))),
        ("disable [Grep]", Some(ClaudeCodeSelection::disable([T::Grep]))),
        ("disable [Bash, Grep]", Some(ClaudeCodeSelection::disable([T::Bash, T::Grep]))),
    ];
    let lists: [&[&str]; 3] = [&["Read", "Glob"], &["Read", "Grep"], &["Read", "Glob", "Grep"]];
    let mut cases = Vec::new();
    for (label, main) in &mains {
        for list in lists {
            cases.push(case(format!("{label}, tools {list:?}"), main.clone(), agent(Some(list), None), false));
        }
    }
    // LSP, gated off without a language server, in a list.
    cases.push(case(String::from("no selection, tools [Read, LSP]"), None, agent(Some(&["Read", "LSP"]), None), false));
    cases.push(case(
        String::from("only [Agent, Read, LSP], tools [Read, LSP]"),
        Some(ClaudeCodeSelection::only([T::Agent, T::Read, T::Lsp])),
        agent(Some(&["Read", "LSP"]), None),
        false,
    ));
    // MCP rules in each position, with the host's echo server.
    // A label, the agent's `tools` and its `disallowedTools`.
    type Lists<'a> = (&'a str, Option<&'a [&'a str]>, Option<&'a [&'a str]>);
    let mcp: [Lists<'_>; 6] = [
        ("tools [Read, mcp__*]", Some(&["Read", "mcp__*"]), None),
        ("tools [Read, mcp__echo]", Some(&["Read", "mcp__echo"]), None),
        ("tools [Read, mcp__echo__*, mcp__echo__echo]", Some(&["Read", "mcp__echo__*", "mcp__echo__echo"]), None),
        ("tools [Read, mcp__*, mcp__echo__echo]", Some(&["Read", "mcp__*", "mcp__echo__echo"]), None),
        ("disallowedTools [mcp__*]", None, Some(&["mcp__*"])),
        (
            "tools [Read, mcp__echo], disallowedTools [mcp__echo__echo]",
            Some(&["Read", "mcp__echo"]),
            Some(&["mcp__echo__echo"]),
        ),
    ];
    for (label, main) in &mains[..3] {
        for (list, tools, disallowed) in mcp {
            cases.push(case(format!("host MCP, {label}, {list}"), main.clone(), agent(tools, disallowed), true));
        }
    }
    cases
}

/// Built-in agents (SPEC §8): each of Claude Code's six under three main selections, started
/// in the background and in the foreground; and custom agents started in the foreground
/// (one replacing a built-in).
fn builtin_agent_cases() -> Result<Vec<builtin::BuiltinCase>, String> {
    use tool_policy::ClaudeTool as T;
    use tool_policy::claude::{BUILTIN_AGENTS, Start};
    let selections: [(&str, Option<ClaudeCodeSelection>); 3] = [
        ("no selection", None),
        ("only [Agent, Read, Bash]", Some(ClaudeCodeSelection::only([T::Agent, T::Read, T::Bash]))),
        ("disable [Bash, WebFetch]", Some(ClaudeCodeSelection::disable([T::Bash, T::WebFetch]))),
    ];
    let how = |start: Start| if start == Start::Foreground { "foreground" } else { "background" };
    let mut cases = Vec::new();
    for (label, selection) in &selections {
        for agent in BUILTIN_AGENTS {
            for start in Start::BOTH {
                cases.push(builtin::BuiltinCase {
                    name: format!("builtin-agent: {} under {label}, {}", agent.name, how(start)),
                    selection: selection.clone(),
                    agents: tool_policy::ClaudeAgents::default(),
                    start: agent.name.to_owned(),
                    how: start,
                });
            }
        }
    }
    let custom =
        |name: &str, main: Value, agents: Value, start: &str, how: Start| -> Result<builtin::BuiltinCase, String> {
            let mut agents = agents;
            for (agent, fields) in agents.as_object_mut().into_iter().flatten() {
                fields["description"] = json!(format!("The {agent} agent."));
                fields["prompt"] = json!("You are a conformance agent.");
            }
            let read =
                tool_policy::json::load_claude_code(&json!({"builtin_tools": main, "agents": agents}).to_string())
                    .map_err(|e| format!("{name}: {e}"))?;
            Ok(builtin::BuiltinCase {
                name: format!("builtin-agent: {name}"),
                selection: read.selection,
                agents: read.agents,
                start: start.to_owned(),
                how,
            })
        };
    cases.push(custom("custom, no lists, foreground", Value::Null, json!({"plain": {}}), "plain", Start::Foreground)?);
    cases.push(custom(
        "custom tools [Read, Grep, CronList], foreground",
        Value::Null,
        json!({"reader": {"tools": ["Read", "Grep", "CronList"]}}),
        "reader",
        Start::Foreground,
    )?);
    cases.push(custom(
        "custom Explore replaces the built-in",
        json!({"only": ["Agent", "Read", "Edit"]}),
        json!({"Explore": {"tools": ["Edit"]}}),
        "Explore",
        Start::Background,
    )?);
    Ok(cases)
}

/// Forced calls on Claude Code (SPEC §8): each document read by the library, the call made by
/// the main agent or by the agent it starts; a `control` is a call the document allows.
fn forced_claude_cases() -> Result<Vec<forced::ClaudeCase>, String> {
    use forced::{Call, Effect, Via};
    use tool_policy::claude::Start::{Background, Foreground};
    let case =
        |name: &str, document: Value, call: Call, via: Via, control: bool| -> Result<forced::ClaudeCase, String> {
            let read =
                tool_policy::json::load_claude_code(&document.to_string()).map_err(|e| format!("{name}: {e}"))?;
            let mcp = read.mcp.clone();
            let prefix = if control { "forced control: claude-code: " } else { "forced: claude-code: " };
            Ok(forced::ClaudeCase {
                name: format!("{prefix}{name}"),
                selection: read.selection,
                agents: read.agents,
                mcp,
                call,
                via,
                control,
                extra: Vec::new(),
            })
        };
    let (shell, write, mcp) = (
        Call::new("Bash", Effect::Shell),
        Call::new("Write", Effect::Write),
        Call::new("mcp__echo__echo", Effect::Mcp),
    );
    let agent = |name: &str, how| Via::Agent(name.to_owned(), how);
    let reader = json!({"reader": {"description": "d", "prompt": "p", "tools": ["Read"]}});
    let no_bash = json!({"careful": {"description": "d", "prompt": "p", "disallowedTools": ["Bash"]}});
    let runner = json!({"runner": {"description": "d", "prompt": "p", "tools": ["Read", "Bash"]}});
    Ok(vec![
        case("only [Read], Bash", json!({"only": ["Read"]}), shell.clone(), Via::Main, false)?,
        case("disable [Bash], Bash", json!({"disable": ["Bash"]}), shell.clone(), Via::Main, false)?,
        case("disable *, Write", json!({"disable": "*"}), write.clone(), Via::Main, false)?,
        case("only [Read, Bash], Write", json!({"only": ["Read", "Bash"]}), write.clone(), Via::Main, false)?,
        case(
            "only [Read], bash (another case)",
            json!({"only": ["Read"]}),
            Call::new("bash", Effect::Shell),
            Via::Main,
            false,
        )?,
        case(
            "disable [Write], write (another case)",
            json!({"disable": ["Write"]}),
            Call::new("write", Effect::Write),
            Via::Main,
            false,
        )?,
        case(
            "capabilities only [read], Bash",
            json!({"capabilities": {"only": ["read"]}}),
            shell.clone(),
            Via::Main,
            false,
        )?,
        case(
            "capabilities disable [edit], Write",
            json!({"capabilities": {"disable": ["edit"]}}),
            write.clone(),
            Via::Main,
            false,
        )?,
        case(
            "capabilities only [read], mcp_tools none, mcp__echo__echo",
            json!({"capabilities": {"only": ["read"], "mcp_tools": "none"}}),
            mcp.clone(),
            Via::Main,
            false,
        )?,
        case(
            "custom agent tools [Read], Bash, foreground",
            json!({"builtin_tools": {"only": ["Agent", "Read", "Bash"]}, "agents": reader}),
            shell.clone(),
            agent("reader", Foreground),
            false,
        )?,
        case(
            "custom agent tools [Read], Bash, background",
            json!({"builtin_tools": {"only": ["Agent", "Read", "Bash"]}, "agents": reader}),
            shell.clone(),
            agent("reader", Background),
            false,
        )?,
        case(
            "custom agent disallowedTools [Bash], Bash, foreground",
            json!({"builtin_tools": null, "agents": no_bash}),
            shell.clone(),
            agent("careful", Foreground),
            false,
        )?,
        case(
            "built-in Explore, Write, foreground",
            json!({"builtin_tools": null}),
            write.clone(),
            agent("Explore", Foreground),
            false,
        )?,
        case(
            "built-in Plan under disable [Bash], Write, foreground",
            json!({"disable": ["Bash"]}),
            write.clone(),
            agent("Plan", Foreground),
            false,
        )?,
        case(
            "built-in general-purpose under only [Agent, Read], Bash, foreground",
            json!({"only": ["Agent", "Read"]}),
            shell.clone(),
            agent("general-purpose", Foreground),
            false,
        )?,
        case(
            "built-in general-purpose under only [Agent, Read], Bash, background",
            json!({"only": ["Agent", "Read"]}),
            shell.clone(),
            agent("general-purpose", Background),
            false,
        )?,
        case(
            "custom agent capabilities only [read, search], mcp_tools none, mcp__echo__echo, foreground",
            json!({"builtin_tools": {"only": ["Agent", "Read", "Grep"]}, "agents": {"portable": {"description": "d", "prompt": "p", "capabilities": {"only": ["read", "search"], "mcp_tools": "none"}}}}),
            mcp.clone(),
            agent("portable", Foreground),
            false,
        )?,
        case("only [Read, Bash], Bash", json!({"only": ["Read", "Bash"]}), shell.clone(), Via::Main, true)?,
        case(
            "custom agent tools [Read, mcp__echo], mcp__echo__echo, foreground",
            json!({"builtin_tools": {"only": ["Agent", "Read"]}, "agents": {"server": {"description": "d", "prompt": "p", "tools": ["Read", "mcp__echo"]}}}),
            mcp.clone(),
            agent("server", Foreground),
            true,
        )?,
        case("only [Read, Write], Write", json!({"only": ["Read", "Write"]}), write.clone(), Via::Main, true)?,
        case("no selection, mcp__echo__echo", json!({"builtin_tools": null}), mcp, Via::Main, true)?,
        case(
            "custom agent tools [Read, Bash], Bash, foreground",
            json!({"builtin_tools": {"only": ["Agent", "Read", "Bash"]}, "agents": runner}),
            shell.clone(),
            agent("runner", Foreground),
            true,
        )?,
        case(
            "built-in general-purpose under only [Agent, Read, Bash], Bash, foreground",
            json!({"only": ["Agent", "Read", "Bash"]}),
            shell,
            agent("general-purpose", Foreground),
            true,
        )?,
    ])
}

/// Forced calls on the Gemini CLI, in each approval mode; `codebase_investigator` is started
/// by the main agent where the call is its.
fn forced_gemini_cases() -> Result<Vec<forced::GeminiCase>, String> {
    use forced::{Call, Effect};
    use tool_policy::gemini::ApprovalMode::{self, AutoEdit, Default, Plan, Yolo};
    let case = |name: &str, selection: Value, mode: ApprovalMode, call: Call, investigator: bool, control: bool| {
        let agent = investigator.then_some("codebase_investigator");
        let selection = if selection.is_null() {
            None
        } else {
            tool_policy::json::load_gemini_cli(&selection.to_string()).map_err(|e| format!("{name}: {e}"))?.selection
        };
        let prefix = if control { "forced control: gemini-cli: " } else { "forced: gemini-cli: " };
        Ok::<_, String>(forced::GeminiCase {
            name: format!("{prefix}{mode}: {name}"),
            selection,
            mode,
            call,
            agent,
            control,
            settings: None,
            gate_alone: false,
        })
    };
    let (shell, write) = (Call::new("run_shell_command", Effect::Shell), Call::new("write_file", Effect::Write));
    let mut cases = Vec::new();
    for mode in [Default, AutoEdit, Yolo, Plan] {
        cases.push(case(
            "only [read_file], run_shell_command",
            json!({"only": ["read_file"]}),
            mode,
            shell.clone(),
            false,
            false,
        )?);
    }
    cases.extend([
        case(
            "disable [run_shell_command], run_shell_command",
            json!({"disable": ["run_shell_command"]}),
            Yolo,
            shell.clone(),
            false,
            false,
        )?,
        case(
            "disable [write_file], write_file",
            json!({"disable": ["write_file"]}),
            Yolo,
            write.clone(),
            false,
            false,
        )?,
        case(
            "disable [write_file], write_file",
            json!({"disable": ["write_file"]}),
            AutoEdit,
            write.clone(),
            false,
            false,
        )?,
        case(
            "only [read_file, write_file] less write_file: disable [replace, write_file], write_file",
            json!({"disable": ["replace", "write_file"]}),
            Default,
            write.clone(),
            false,
            false,
        )?,
        case(
            "only [read_file], Run_Shell_Command (another case)",
            json!({"only": ["read_file"]}),
            Yolo,
            Call::new("Run_Shell_Command", Effect::Shell),
            false,
            false,
        )?,
        case(
            "disable [mcp_echo_*], mcp_echo_echo",
            json!({"disable": ["mcp_echo_*"]}),
            Yolo,
            Call::new("mcp_echo_echo", Effect::Mcp),
            false,
            false,
        )?,
        case(
            "capabilities disable [execute], run_shell_command",
            json!({"capabilities": {"disable": ["execute"]}}),
            Yolo,
            shell.clone(),
            false,
            false,
        )?,
        case(
            "capabilities only [read], mcp_tools none, mcp_echo_echo",
            json!({"capabilities": {"only": ["read"], "mcp_tools": "none"}}),
            Yolo,
            Call::new("mcp_echo_echo", Effect::Mcp),
            false,
            false,
        )?,
        case("codebase_investigator, run_shell_command", Value::Null, Yolo, shell.clone(), true, false)?,
        case(
            "codebase_investigator under disable [write_file], write_file",
            json!({"disable": ["write_file"]}),
            Yolo,
            write.clone(),
            true,
            false,
        )?,
        case("no selection, run_shell_command", Value::Null, Yolo, shell, false, true)?,
        case("only [write_file], write_file", json!({"only": ["write_file"]}), Yolo, write, false, true)?,
        case("no selection, mcp_echo_echo", Value::Null, Yolo, Call::new("mcp_echo_echo", Effect::Mcp), false, true)?,
    ]);
    // The CLI's `generalist`, started through `invoke_agent`, makes the call.
    let echo = Call::new("mcp_echo_echo", Effect::Mcp);
    for (name, selection, call, control) in [
        (
            "only [invoke_agent, read_file], run_shell_command",
            json!({"only": ["invoke_agent", "read_file"]}),
            Call::new("run_shell_command", Effect::Shell),
            false,
        ),
        (
            "disable [write_file], write_file",
            json!({"disable": ["write_file"]}),
            Call::new("write_file", Effect::Write),
            false,
        ),
        ("disable [mcp_echo_echo], mcp_echo_echo", json!({"disable": ["mcp_echo_echo"]}), echo.clone(), false),
        ("no selection, run_shell_command", Value::Null, Call::new("run_shell_command", Effect::Shell), true),
        ("no selection, mcp_echo_echo", Value::Null, echo.clone(), true),
    ] {
        let mut general = case(&format!("generalist {name}"), selection, Yolo, call, false, control)?;
        general.agent = Some("generalist");
        cases.push(general);
    }
    Ok(cases)
}

/// Forced calls on the Copilot CLI: each document read by the library; the call made by the
/// main agent, a custom agent or a built-in one; the `preToolUse` gate where a case has one.
fn forced_copilot_cases() -> Result<Vec<forced_copilot::Case>, String> {
    use forced::{Call, Effect};
    let case = |name: &str, document: Value, call: Call, agent: Option<&str>, gate: Option<Value>, control: bool| {
        let read = tool_policy::json::load_value(&document).map_err(|e| format!("{name}: {e}"))?;
        let gate = match gate {
            Some(entry) => {
                Some(tool_policy::json::load_value(&entry).map_err(|e| format!("{name}: {e}"))?.into_policy())
            }
            None => None,
        };
        let prefix = if control { "forced control: copilot: " } else { "forced: copilot: " };
        Ok::<_, String>(forced_copilot::Case {
            name: format!("{prefix}{name}"),
            document: read,
            call,
            agent: agent.map(str::to_owned),
            gate,
            control,
        })
    };
    let open = json!({"tools": []});
    let entry = |fields: Value| json!({"tools": [entry(fields)]});
    let (bash, create) = (Call::new("bash", Effect::Shell), Call::new("create", Effect::Write));
    let agents = |tools: Value| json!({"tools": [], "customAgents": [{"name": "forced-agent", "prompt": "A conformance sub-agent.", "tools": tools}]});
    Ok(vec![
        case(
            "available [mcp:*], bash",
            entry(json!({"available-tools": {"tools": ["mcp:*"]}})),
            bash.clone(),
            None,
            None,
            false,
        )?,
        case(
            "excluded [bash], bash",
            entry(json!({"excluded-tools": {"tools": ["bash"]}})),
            bash.clone(),
            None,
            None,
            false,
        )?,
        case(
            "available [view] + excluded [bash], bash",
            entry(json!({"available-tools": {"tools": ["view"]}, "excluded-tools": {"tools": ["bash"]}})),
            bash.clone(),
            None,
            None,
            false,
        )?,
        case(
            "available [mcp:*], Bash (another case)",
            entry(json!({"available-tools": {"tools": ["mcp:*"]}})),
            Call::new("Bash", Effect::Shell),
            None,
            None,
            false,
        )?,
        case(
            "excluded [bash], shell (an agent list's alias)",
            entry(json!({"excluded-tools": {"tools": ["bash"]}})),
            Call::new("shell", Effect::Shell),
            None,
            None,
            false,
        )?,
        case(
            "available [mcp:*], create",
            entry(json!({"available-tools": {"tools": ["mcp:*"]}})),
            create.clone(),
            None,
            None,
            false,
        )?,
        case(
            "excluded [custom:my_tool], my_tool",
            entry(json!({"excluded-tools": {"tools": ["custom:my_tool"]}})),
            Call::new("my_tool", Effect::Custom),
            None,
            None,
            false,
        )?,
        case(
            "excluded [mcp:*], echo-echo",
            entry(json!({"excluded-tools": {"tools": ["mcp:*"]}})),
            Call::new("echo-echo", Effect::Mcp),
            None,
            None,
            false,
        )?,
        case(
            "capabilities only [read], bash",
            json!({"capabilities": {"only": ["read"]}}),
            bash.clone(),
            None,
            None,
            false,
        )?,
        case(
            "custom agent tools [view], bash",
            agents(json!(["view"])),
            bash.clone(),
            Some("forced-agent"),
            None,
            false,
        )?,
        case(
            "built-in agent explore under excluded [bash], bash",
            entry(json!({"excluded-tools": {"tools": ["bash"]}})),
            bash.clone(),
            Some("explore"),
            None,
            false,
        )?,
        case(
            "built-in agent general-purpose under available [task, view], create",
            entry(json!({"available-tools": {"tools": ["task", "view"]}})),
            create.clone(),
            Some("general-purpose"),
            None,
            false,
        )?,
        case(
            "no filter, gate of available [view, mcp:*], bash",
            open.clone(),
            bash.clone(),
            None,
            Some(entry(json!({"available-tools": {"tools": ["view", "mcp:*"]}}))["tools"][0].clone()),
            false,
        )?,
        case(
            "no filter, gate of excluded [bash], built-in agent general-purpose calls bash",
            open.clone(),
            bash.clone(),
            Some("general-purpose"),
            Some(entry(json!({"excluded-tools": {"tools": ["bash"]}}))["tools"][0].clone()),
            false,
        )?,
        case("no filter, bash", open.clone(), bash.clone(), None, None, true)?,
        case("no filter, create", open.clone(), create, None, None, true)?,
        case("no filter, my_tool", open.clone(), Call::new("my_tool", Effect::Custom), None, None, true)?,
        case("no filter, echo-echo", open.clone(), Call::new("echo-echo", Effect::Mcp), None, None, true)?,
        case(
            "no filter, gate of available [bash, view], bash",
            open.clone(),
            bash.clone(),
            None,
            Some(entry(json!({"available-tools": {"tools": ["bash", "view"]}}))["tools"][0].clone()),
            true,
        )?,
        case(
            "custom agent tools [bash, view], bash",
            agents(json!(["bash", "view"])),
            bash.clone(),
            Some("forced-agent"),
            None,
            true,
        )?,
        case("built-in agent general-purpose, no filter, bash", open, bash, Some("general-purpose"), None, true)?,
    ])
}

fn gemini_cases() -> Result<Vec<gemini::Case>, String> {
    use tool_policy::gemini::ApprovalMode::{AutoEdit, Default, Plan, Yolo};
    let case = |name: &str, selection: Value, mode, mcp: bool| -> Result<gemini::Case, String> {
        let mcp = mcp.then_some(gemini::ECHO);
        let selection = if selection.is_null() {
            None
        } else {
            let read =
                tool_policy::json::load_gemini_cli(&selection.to_string()).map_err(|e| format!("{name}: {e}"))?;
            read.selection
        };
        Ok(gemini::Case { name: name.to_owned(), selection, mode, mcp, control: None, agent: None })
    };
    let control = |name: &str, raw: gemini::Raw, mode, mcp: bool, expected: Vec<&'static str>| gemini::Case {
        name: name.to_owned(),
        selection: None,
        mode,
        mcp: mcp.then_some(gemini::ECHO),
        control: Some((raw, expected)),
        agent: None,
    };
    let deny = |name: &str| format!("[[rule]]\ntoolName = \"{name}\"\ndecision = \"deny\"\npriority = 999\n");
    let yolo_set: Vec<&'static str> = tool_policy::gemini::offered::YOLO.iter().map(|t| t.name()).collect();
    let mut cases = vec![
        // The catalog's default set of each approval mode is what the CLI offers with nothing
        // configured (an MCP server present: offered in yolo only).
        case("catalog default set: default", Value::Null, Default, true)?,
        case("catalog default set: auto_edit", Value::Null, AutoEdit, true)?,
        case("catalog default set: yolo", Value::Null, Yolo, true)?,
        case("catalog default set: plan", Value::Null, Plan, true)?,
        case("only [read_file, glob]", json!({"only": ["read_file", "glob"]}), Default, false)?,
        case(
            "default: only [read_file, run_shell_command]",
            json!({"only": ["read_file", "run_shell_command"]}),
            Default,
            false,
        )?,
        case(
            "plan: only [read_file, run_shell_command]",
            json!({"only": ["read_file", "run_shell_command"]}),
            Plan,
            false,
        )?,
        case("default: only [read_file, mcp_echo_*]", json!({"only": ["read_file", "mcp_echo_*"]}), Default, true)?,
        case("yolo: only [read_file, mcp_echo_echo]", json!({"only": ["read_file", "mcp_echo_echo"]}), Yolo, true)?,
        case("yolo: only [read_file] hides MCP tools", json!({"only": ["read_file"]}), Yolo, true)?,
        case("yolo: only []", json!({"only": []}), Yolo, true)?,
        case("yolo: disable *", json!({"disable": "*"}), Yolo, true)?,
        case("plan: disable *", json!({"disable": "*"}), Plan, false)?,
        case("yolo: disable [run_shell_command]", json!({"disable": ["run_shell_command"]}), Yolo, true)?,
        case(
            "auto_edit: disable [read_file, web_fetch]",
            json!({"disable": ["read_file", "web_fetch"]}),
            AutoEdit,
            false,
        )?,
        case("yolo: disable [mcp_echo_*]", json!({"disable": ["mcp_echo_*"]}), Yolo, true)?,
        case(
            "yolo: disable [mcp_echo_ping_tool, write_todos]",
            json!({"disable": ["mcp_echo_ping_tool", "write_todos"]}),
            Yolo,
            true,
        )?,
        case("plan: disable [read_file]", json!({"disable": ["read_file"]}), Plan, false)?,
        case(
            "auto_edit: disable [replace, write_file]",
            json!({"disable": ["replace", "write_file"]}),
            AutoEdit,
            true,
        )?,
        case("yolo: only [search_file_content] (alias)", json!({"only": ["search_file_content"]}), Yolo, false)?,
        case("yolo: disable [search_file_content] (alias)", json!({"disable": ["search_file_content"]}), Yolo, false)?,
        case(
            "default: only [write_todos, activate_skill, update_topic]",
            json!({"only": ["write_todos", "activate_skill", "update_topic"]}),
            Default,
            false,
        )?,
        case(
            "yolo: only [ask_user, read_many_files, glob]",
            json!({"only": ["ask_user", "read_many_files", "glob"]}),
            Yolo,
            false,
        )?,
        case(
            "holder: builtin_tools only [list_directory]",
            json!({"name": "lister", "builtin_tools": {"only": ["list_directory"]}}),
            Default,
            false,
        )?,
        case(
            "default: disable [invoke_agent, enter_plan_mode]",
            json!({"disable": ["invoke_agent", "enter_plan_mode"]}),
            Default,
            false,
        )?,
        case(
            "auto_edit: only [glob, grep_search, read_file] with MCP",
            json!({"only": ["glob", "grep_search", "read_file"]}),
            AutoEdit,
            true,
        )?,
        case("yolo: disable []", json!({"disable": []}), Yolo, true)?,
        case("plan: only [exit_plan_mode, read_file]", json!({"only": ["exit_plan_mode", "read_file"]}), Plan, false)?,
        case("plan: only [enter_plan_mode]", json!({"only": ["enter_plan_mode"]}), Plan, false)?,
        case("default: disable [google_web_search]", json!({"disable": ["google_web_search"]}), Default, true)?,
        case(
            "plan: only [update_topic, read_file, mcp_echo_*]",
            json!({"only": ["update_topic", "read_file", "mcp_echo_*"]}),
            Plan,
            true,
        )?,
        case("yolo: only [update_topic]", json!({"only": ["update_topic"]}), Yolo, false)?,
    ];
    // The CLI's own sub-agent, started through `invoke_agent`: the selection reaches it.
    for (name, selection, mode) in [
        ("subagent: codebase_investigator, no selection", Value::Null, Default),
        ("subagent: codebase_investigator, disable [read_file]", json!({"disable": ["read_file"]}), Yolo),
        (
            "subagent: codebase_investigator, only [invoke_agent, glob, complete_task]",
            json!({"only": ["invoke_agent", "glob", "complete_task"]}),
            Default,
        ),
        ("subagent: codebase_investigator, only [invoke_agent]", json!({"only": ["invoke_agent"]}), Yolo),
    ] {
        let mut investigated = case(name, selection, mode, false)?;
        investigated.agent = Some("codebase_investigator");
        cases.push(investigated);
    }
    // The CLI's `generalist` ("access to all tools"), in each approval mode.
    for (name, selection, mode, mcp) in [
        ("no selection", Value::Null, Default, true),
        ("no selection", Value::Null, AutoEdit, false),
        ("no selection", Value::Null, Yolo, true),
        ("no selection", Value::Null, Plan, false),
        ("disable [run_shell_command]", json!({"disable": ["run_shell_command"]}), Yolo, true),
        ("disable [read_file, mcp_echo_echo]", json!({"disable": ["read_file", "mcp_echo_echo"]}), Yolo, true),
        ("only [invoke_agent, read_file]", json!({"only": ["invoke_agent", "read_file"]}), Yolo, false),
        ("only [invoke_agent, read_file]", json!({"only": ["invoke_agent", "read_file"]}), Default, false),
        ("only [invoke_agent, glob, mcp_echo_*]", json!({"only": ["invoke_agent", "glob", "mcp_echo_*"]}), Yolo, true),
        (
            "only [invoke_agent, write_file, complete_task]",
            json!({"only": ["invoke_agent", "write_file", "complete_task"]}),
            AutoEdit,
            false,
        ),
    ] {
        let started = if mode == Plan { " (the CLI does not start it)" } else { "" };
        let mut general = case(&format!("subagent: generalist, {mode}: {name}{started}"), selection, mode, mcp)?;
        general.agent = Some("generalist");
        cases.push(general);
    }
    for (name, selection, mode, agent) in [
        ("no selection", Value::Null, Plan, "codebase_investigator"),
        ("no selection", Value::Null, Default, "cli_help"),
        ("only [invoke_agent, read_file]", json!({"only": ["invoke_agent", "read_file"]}), Yolo, "cli_help"),
        ("disable [get_internal_docs]", json!({"disable": ["get_internal_docs"]}), Yolo, "cli_help"),
        ("no selection", Value::Null, Plan, "cli_help"),
    ] {
        let mut started = case(&format!("subagent: {agent}, {mode}: {name}"), selection, mode, false)?;
        started.agent = Some(agent);
        cases.push(started);
    }
    // Controls: configurations the library never writes, and what the CLI does with them.
    let core =
        |names: &[&str]| gemini::Raw { settings: Some(json!({"tools": {"core": names}})), ..gemini::Raw::default() };
    cases.push(control(
        "control: tools.core with an alias offers nothing",
        core(&["search_file_content"]),
        Yolo,
        false,
        vec![],
    ));
    let alias_deny = gemini::Raw { policy: Some(deny("search_file_content")), ..gemini::Raw::default() };
    cases.push(control("control: a deny rule for an alias hides nothing", alias_deny, Yolo, false, yolo_set.clone()));
    cases.push(control(
        "control: tools.core naming update_topic alone registers nothing",
        core(&["update_topic", "glob"]),
        Default,
        false,
        vec!["glob"],
    ));
    let workspace = gemini::Raw { workspace_policy: Some(deny("read_file")), ..gemini::Raw::default() };
    let default_set: Vec<&'static str> = tool_policy::gemini::offered::DEFAULT.iter().map(|t| t.name()).collect();
    cases.push(control("control: a workspace-tier deny rule does nothing", workspace, Default, false, default_set));
    Ok(cases)
}

/// The name of a capability case: its suite's prefix, then the policy.
const CAPABILITIES: &str = "capabilities: ";

/// The portable policies of the capability suite (SPEC §7): the named ones, then `only [c]`
/// for each capability, so that each capability's tools are held against each runtime.
fn portable_policies() -> Vec<(String, Value)> {
    let named = [
        ("read-only", json!({"only": ["read"]})),
        ("read + search", json!({"only": ["read", "search"]})),
        ("read + search + edit, no execute", json!({"only": ["read", "search", "edit"]})),
        ("everything but execute and web", json!({"disable": ["execute", "web"]})),
        ("no agent", json!({"disable": ["agent"]})),
        ("todo + ask only", json!({"only": ["todo", "ask"]})),
        ("nothing", json!({"disable": "*"})),
        ("nothing, no MCP", json!({"disable": "*", "mcp_tools": "none"})),
        ("read + search, no MCP", json!({"only": ["read", "search"], "mcp_tools": "none"})),
        ("no web, no MCP", json!({"disable": ["web"], "mcp_tools": "none"})),
        ("plan + todo + ask + meta", json!({"only": ["plan", "todo", "ask", "meta"]})),
        ("no execute", json!({"disable": ["execute"]})),
    ];
    let mut policies: Vec<(String, Value)> =
        named.into_iter().map(|(name, policy)| (name.to_owned(), policy)).collect();
    for capability in Capability::ALL {
        policies.push((format!("only [{capability}]"), json!({"only": [capability.word()]})));
    }
    policies
}

/// A portable policy's case on each runtime: Copilot's, Claude Code's, the Gemini CLI's in
/// `default` and `yolo`, and OpenCode's; each with the MCP server (and Copilot's custom tools)
/// present.
fn portable_cases(name: &str, policy: &Value) -> Result<Portables, String> {
    use tool_policy::gemini::ApprovalMode::{Default, Yolo};
    let document = json!({"capabilities": policy});
    let name = format!("{CAPABILITIES}{name}");
    let copilot = copilot_case(&name, &document, false)?;
    let read = tool_policy::json::load_claude_code(&document.to_string()).map_err(|e| format!("{name}: {e}"))?;
    let mcp = read.mcp.clone();
    let claude = claude::Case {
        name: name.clone(),
        selection: read.selection,
        model: None,
        host_mcp: Some(claude::ECHO),
        own_mcp: false,
        mcp,
    };
    let selection =
        tool_policy::json::load_gemini_cli(&document.to_string()).map_err(|e| format!("{name}: {e}"))?.selection;
    let gemini = [Default, Yolo].map(|mode| gemini::Case {
        name: format!("{CAPABILITIES}{mode}: {}", &name[CAPABILITIES.len()..]),
        selection: selection.clone(),
        mode,
        mcp: Some(gemini::ECHO),
        control: None,
        agent: None,
    });
    let mut on_opencode = opencode::Case::new(&name, opencode::selection(&name, &document)?);
    on_opencode.mcp = true;
    Ok((copilot, claude, gemini.into(), on_opencode))
}

/// A portable policy's case on each runtime.
type Portables = (copilot::Case, claude::Case, Vec<gemini::Case>, opencode::Case);

/// Cases from `--cases FILE`: `[{"name", "runtime": "copilot" | "claude-code" | "opencode" |
/// "codex" | "portable", "input", "expected"?}]`, where a Copilot case's `expected` is the resolved
/// configuration written by hand (`{"clientMode", "availableTools"?, "excludedTools"?,
/// "toolFilterPrecedence"}`), an OpenCode or Codex case runs with the MCP server, and a portable case's
/// `input` is the value of `capabilities`, run on every runtime (the Gemini CLI in `default`
/// and `yolo`).
type Extras = (
    Vec<copilot::Case>,
    Vec<claude::Case>,
    Vec<gemini::Case>,
    Vec<opencode::Case>,
    Vec<codex::Case>,
    Vec<(String, Value)>,
);

fn extra_cases(path: &Path) -> Result<Extras, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let items: Vec<Value> = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let (mut copilot, mut claude, mut gemini, mut expected) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut on_opencode, mut on_codex) = (Vec::new(), Vec::new());
    for item in items {
        let name = item["name"].as_str().ok_or("a case needs a `name`")?;
        match item["runtime"].as_str() {
            Some("copilot") => {
                copilot.push(copilot_case(name, &item["input"], true)?);
                if let Some(written) = item.get("expected") {
                    expected.push((name.to_owned(), written.clone()));
                }
            }
            Some("claude-code") => {
                if item.get("expected").is_some() {
                    return Err(format!("{name}: `expected` is for Copilot cases"));
                }
                let loaded =
                    ClaudeCodeSelection::from_json(&item["input"].to_string()).map_err(|e| format!("{name}: {e}"))?;
                claude.push(claude::Case {
                    name: name.to_owned(),
                    selection: loaded.selection,
                    model: None,
                    host_mcp: Some(claude::ECHO),
                    own_mcp: true,
                    mcp: McpTools::Keep,
                });
            }
            Some("opencode") => {
                if item.get("expected").is_some() {
                    return Err(format!("{name}: `expected` is for Copilot cases"));
                }
                let mut case = opencode::Case::new(name, opencode::selection(name, &item["input"])?);
                case.mcp = true;
                on_opencode.push(case);
            }
            Some("codex") => {
                if item.get("expected").is_some() {
                    return Err(format!("{name}: `expected` is for Copilot cases"));
                }
                let read =
                    tool_policy::codex::load_codex(&item["input"].to_string()).map_err(|e| format!("{name}: {e}"))?;
                let mut case = codex::Case::new(name, read.selection);
                case.mcp = true;
                on_codex.push(case);
            }
            Some("portable") => {
                let (on_copilot, on_claude, on_gemini, portable_opencode) = portable_cases(name, &item["input"])?;
                copilot.push(on_copilot);
                claude.push(on_claude);
                gemini.extend(on_gemini);
                on_opencode.push(portable_opencode);
            }
            other => {
                return Err(format!(
                    "{name}: runtime must be `copilot`, `claude-code`, `opencode`, `codex` or `portable`, not {other:?}"
                ));
            }
        }
    }
    Ok((copilot, claude, gemini, on_opencode, on_codex, expected))
}

/// How many of the given cases have an outcome; each one without is added as a failure.
fn ran<'a>(outcomes: &mut Vec<Outcome>, cases: impl Iterator<Item = &'a str>, wanted: bool) -> usize {
    let mut count = 0;
    for name in cases.filter(|_| wanted) {
        if outcomes.iter().any(|o| o.name == name) {
            count += 1;
        } else {
            outcomes.push(Outcome::failed(name, String::from("did not run")));
        }
    }
    count
}

fn report(runtime: &str, outcomes: &[Outcome]) -> usize {
    let mut mismatches = 0;
    for outcome in outcomes {
        match &outcome.mismatch {
            None if outcome.name.starts_with("forced control: ") => {
                println!("ok        {runtime}: {} (ran, its side effect seen)", outcome.name);
            }
            None if outcome.name.starts_with("forced: ") => {
                println!("ok        {runtime}: {} (refused, no side effect)", outcome.name);
            }
            None => println!("ok        {runtime}: {} ({} tools offered, as predicted)", outcome.name, outcome.offered),
            Some(why) => {
                mismatches += 1;
                println!("MISMATCH  {runtime}: {}: {why}", outcome.name);
            }
        }
    }
    mismatches
}

#[tokio::main]
async fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("mcp-echo") {
        mcp::serve(std::env::args().nth(2).as_deref().map(Path::new));
        return ExitCode::SUCCESS;
    }
    if std::env::args().nth(1).as_deref() == Some("catalog") {
        return catalog().await;
    }
    if std::env::args().nth(1).as_deref() == Some("gate") {
        let me = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("live-conformance"));
        return gate::main(&me).await;
    }
    let args = match args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("live-conformance: {e}");
            return ExitCode::from(2);
        }
    };
    let me = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("live-conformance"));
    let cases = (copilot_cases(), claude_cases(), gemini_cases(), claude_agent_cases());
    let (mut copilot_cases, mut claude_cases, mut gemini_cases, agent_cases) = match cases {
        (Ok(a), Ok(b), Ok(c), Ok(d)) => (a, b, c, d),
        (Err(e), _, _, _) | (_, Err(e), _, _) | (_, _, Err(e), _) | (_, _, _, Err(e)) => {
            eprintln!("live-conformance: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut builtin_cases, forced_claude, mut forced_gemini, mut forced_copilot) =
        match (builtin_agent_cases(), forced_claude_cases(), forced_gemini_cases(), forced_copilot_cases()) {
            (Ok(a), Ok(b), Ok(c), Ok(d)) => (a, b, c, d),
            (Err(e), _, _, _) | (_, Err(e), _, _) | (_, _, Err(e), _) | (_, _, _, Err(e)) => {
                eprintln!("live-conformance: {e}");
                return ExitCode::from(2);
            }
        };
    let cases = (opencode::cases(), opencode::forced_cases(), codex::cases(), codex::forced_cases());
    let (mut opencode_cases, forced_opencode, mut codex_cases, forced_codex) = match cases {
        (Ok(a), Ok(b), Ok(c), Ok(d)) => (a, b, c, d),
        (Err(e), _, _, _) | (_, Err(e), _, _) | (_, _, Err(e), _) | (_, _, _, Err(e)) => {
            eprintln!("live-conformance: {e}");
            return ExitCode::from(2);
        }
    };
    for (name, policy) in portable_policies() {
        match portable_cases(&name, &policy) {
            Ok((on_copilot, on_claude, on_gemini, on_opencode)) => {
                copilot_cases.push(on_copilot);
                claude_cases.push(on_claude);
                gemini_cases.extend(on_gemini);
                opencode_cases.push(on_opencode);
            }
            Err(e) => {
                eprintln!("live-conformance: {e}");
                return ExitCode::from(2);
            }
        }
    }
    // The `mcp` suite runs with each runtime's own runner; its outcomes are counted apart.
    let (mut agent_cases, mut forced_claude, mut forced_opencode, mut forced_codex) =
        (agent_cases, forced_claude, forced_opencode, forced_codex);
    match mcp_cases::cases() {
        Ok(suite) => {
            copilot_cases.extend(suite.copilot);
            claude_cases.extend(suite.claude);
            agent_cases.extend(suite.agents);
            forced_claude.extend(suite.forced_claude);
            gemini_cases.extend(suite.gemini);
            // A forced call runs in the runtime's own run, with its other cases.
            let (forced, plain): (Vec<_>, Vec<_>) = suite.opencode.into_iter().partition(|c| c.forced.is_some());
            opencode_cases.extend(plain);
            forced_opencode.extend(forced);
            let (forced, plain): (Vec<_>, Vec<_>) = suite.codex.into_iter().partition(|c| c.forced.is_some());
            codex_cases.extend(plain);
            forced_codex.extend(forced);
        }
        Err(e) => {
            eprintln!("live-conformance: {e}");
            return ExitCode::from(2);
        }
    }
    if let Some(prefix) = &args.prefix {
        let kept = |name: &str| name.starts_with(prefix.as_str());
        copilot_cases.retain(|c| kept(&c.name));
        claude_cases.retain(|c| kept(&c.name));
        agent_cases.retain(|c| kept(&c.name));
        forced_claude.retain(|c| kept(&c.name));
        gemini_cases.retain(|c| kept(&c.name));
        opencode_cases.retain(|c| kept(&c.name));
        forced_opencode.retain(|c| kept(&c.name));
        codex_cases.retain(|c| kept(&c.name));
        forced_codex.retain(|c| kept(&c.name));
        builtin_cases.retain(|c| kept(&c.name));
        forced_gemini.retain(|c| kept(&c.name));
        forced_copilot.retain(|c| kept(&c.name));
    }
    let built_in = copilot_cases.len();
    let mut written: Vec<(String, Value)> = Vec::new();
    if let Some(path) = &args.cases {
        match extra_cases(path) {
            Ok((a, b, c, d, e, expected)) => {
                copilot_cases.extend(a);
                claude_cases.extend(b);
                gemini_cases.extend(c);
                opencode_cases.extend(d);
                codex_cases.extend(e);
                written = expected;
            }
            Err(e) => {
                eprintln!("live-conformance: {e}");
                return ExitCode::from(2);
            }
        }
    }
    // Resolution, checked against configurations written by hand, before anything runs: the
    // built-in cases' in `expected.rs`, a given case's in its `expected` field.
    let (mut wrong, mut unchecked) = (0, 0);
    for (i, case) in copilot_cases.iter().enumerate() {
        let resolved = serde_json::to_value(case.policy()).unwrap_or(Value::Null);
        let extra = i >= built_in;
        let given = written.iter().find(|(name, _)| *name == case.name).map(|(_, v)| v.clone());
        let written_here = if extra { given } else { expected::expected(&case.name) };
        // A portable policy's resolution is held to the hand-written selection of the same
        // tools by tests/capabilities.rs; here it is held to what the CLI offers.
        let portable = case.name.starts_with(CAPABILITIES) || case.name.starts_with(mcp_cases::MCP);
        match written_here {
            _ if portable => {}
            Some(expected) if expected == resolved => {}
            Some(expected) => {
                wrong += 1;
                eprintln!("live-conformance: {}: resolves to {resolved}, expected {expected}", case.name);
            }
            None if extra => unchecked += 1,
            None => {
                wrong += 1;
                eprintln!("live-conformance: {}: no expected configuration written for it", case.name);
            }
        }
    }
    if wrong > 0 {
        eprintln!("live-conformance: {wrong} cases resolve differently than written by hand; nothing was run");
        return ExitCode::from(2);
    }
    let portable = copilot_cases
        .iter()
        .filter(|case| case.name.starts_with(CAPABILITIES) || case.name.starts_with(mcp_cases::MCP))
        .count();
    println!(
        "resolution: {} copilot cases resolve as written by hand ({unchecked} given without `expected`, {portable} portable)",
        copilot_cases.len() - unchecked - portable
    );
    let wants = |runtime: &str| args.only.as_deref().is_none_or(|only| only == runtime);
    let (mut copilot_outcomes, mut claude_outcomes) = (Vec::new(), Vec::new());
    let mut attested = Attested::default();
    if wants("copilot") {
        copilot_outcomes = match &args.copilot {
            Some(cli) => {
                // In a task of its own: a panic in the driver is a failed run, not a lost one.
                let (cli, me, scratch, cases) = (cli.clone(), me.clone(), args.scratch.clone(), copilot_cases.clone());
                let (outcomes, counts) = tokio::spawn(async move { copilot::run(&cli, &me, &scratch, &cases).await })
                    .await
                    .unwrap_or_else(|e| {
                        (vec![Outcome::failed("copilot", format!("the driver panicked: {e}"))], Attested::default())
                    });
                attested.add(&counts);
                outcomes
            }
            None => vec![Outcome::failed("copilot", String::from("no --copilot binary"))],
        };
    }
    if wants("claude-code") {
        claude_outcomes = match &args.claude {
            Some(cli) => {
                let (cli, me, scratch, cases) =
                    (cli.clone(), me.clone(), args.scratch.join("claude-code"), claude_cases.clone());
                let (outcomes, counts) = tokio::task::spawn_blocking(move || claude::run(&cli, &me, &scratch, &cases))
                    .await
                    .unwrap_or_else(|e| {
                        (vec![Outcome::failed("claude-code", format!("the driver panicked: {e}"))], Attested::default())
                    });
                attested.add(&counts);
                outcomes
            }
            None => vec![Outcome::failed("claude-code", String::from("no --claude binary"))],
        };
    }
    let mut agent_outcomes = Vec::new();
    if wants("claude-code") {
        agent_outcomes = match &args.claude {
            Some(cli) => {
                let (cli, me, scratch, cases) =
                    (cli.clone(), me.clone(), args.scratch.join("claude-code-agents"), agent_cases.clone());
                tokio::task::spawn_blocking(move || claude::run_subagents(&cli, &me, &scratch, &cases))
                    .await
                    .unwrap_or_else(|e| {
                        vec![Outcome::failed("claude-code-subagents", format!("the driver panicked: {e}"))]
                    })
            }
            None => vec![Outcome::failed("claude-code-subagents", String::from("no --claude binary"))],
        };
    }
    let mut builtin_outcomes = Vec::new();
    if wants("claude-code") {
        builtin_outcomes = match &args.claude {
            Some(cli) => {
                let (cli, me, scratch, cases) =
                    (cli.clone(), me.clone(), args.scratch.join("builtin-agents"), builtin_cases.clone());
                tokio::task::spawn_blocking(move || builtin::run(&cli, &me, &scratch, &cases))
                    .await
                    .unwrap_or_else(|e| vec![Outcome::failed("builtin-agents", format!("the driver panicked: {e}"))])
            }
            None => vec![Outcome::failed("builtin-agents", String::from("no --claude binary"))],
        };
    }
    let mut forced_outcomes = Vec::new();
    if let (true, Some(cli)) = (wants("copilot"), &args.copilot) {
        let (cli, me, scratch, cases) =
            (cli.clone(), me.clone(), args.scratch.join("forced-copilot"), forced_copilot.clone());
        forced_outcomes.extend(
            tokio::spawn(async move { forced_copilot::run(&cli, &me, &scratch, &cases).await })
                .await
                .unwrap_or_else(|e| vec![Outcome::failed("forced-calls copilot", format!("the driver panicked: {e}"))]),
        );
    }
    if let (true, Some(cli)) = (wants("claude-code"), &args.claude) {
        let (cli, me, scratch, cases) =
            (cli.clone(), me.clone(), args.scratch.join("forced-claude"), forced_claude.clone());
        forced_outcomes.extend(
            tokio::task::spawn_blocking(move || forced::run_claude(&cli, &me, &scratch, &cases)).await.unwrap_or_else(
                |e| vec![Outcome::failed("forced-calls claude-code", format!("the driver panicked: {e}"))],
            ),
        );
    }
    if let (true, Some(cli)) = (wants("gemini-cli"), &args.gemini) {
        let (cli, me, scratch, cases) =
            (cli.clone(), me.clone(), args.scratch.join("forced-gemini"), forced_gemini.clone());
        forced_outcomes.extend(
            tokio::task::spawn_blocking(move || forced::run_gemini(&cli, &me, &scratch, &cases)).await.unwrap_or_else(
                |e| vec![Outcome::failed("forced-calls gemini-cli", format!("the driver panicked: {e}"))],
            ),
        );
    }
    let mut gemini_outcomes = Vec::new();
    if wants("gemini-cli") {
        // An unknown name is refused before anything runs: no configuration, no CLI.
        let name = "an unknown name is refused before anything runs";
        gemini_outcomes.push(match tool_policy::json::load_gemini_cli(r#"{"only": ["read_file", "read_flie"]}"#) {
            Err(tool_policy::json::LoadError::Invalid(report)) if report.errors[0].pointer == "/only/1" => {
                Outcome { name: name.to_owned(), offered: 0, mismatch: None }
            }
            other => Outcome::failed(name, format!("expected a refusal at /only/1, got {other:?}")),
        });
        gemini_outcomes.extend(match &args.gemini {
            Some(cli) => {
                let (cli, me, scratch, cases) =
                    (cli.clone(), me.clone(), args.scratch.join("gemini-cli"), gemini_cases.clone());
                tokio::task::spawn_blocking(move || gemini::run(&cli, &me, &scratch, &cases))
                    .await
                    .unwrap_or_else(|e| vec![Outcome::failed("gemini-cli", format!("the driver panicked: {e}"))])
            }
            None => vec![Outcome::failed("gemini-cli", String::from("no --gemini binary"))],
        });
    }
    let mut opencode_outcomes = Vec::new();
    if wants("opencode") {
        // An unknown name, or one OpenCode would ignore, is refused before anything runs.
        let name = "a name OpenCode would ignore is refused before anything runs";
        opencode_outcomes.push(match tool_policy::opencode::load_opencode(r#"{"disable": ["bash", "Bash"]}"#) {
            Err(tool_policy::json::LoadError::Invalid(report)) if report.errors[0].pointer == "/disable/1" => {
                Outcome { name: name.to_owned(), offered: 0, mismatch: None }
            }
            other => Outcome::failed(name, format!("expected a refusal at /disable/1, got {other:?}")),
        });
        match &args.opencode {
            Some(cli) => {
                let (cli, me, scratch) = (cli.clone(), me.clone(), args.scratch.join("opencode"));
                let (cases, forced) = (opencode_cases.clone(), forced_opencode.clone());
                let (outcomes, forced) = tokio::task::spawn_blocking(move || {
                    (
                        opencode::run(&cli, &me, &scratch, &cases),
                        opencode::run(&cli, &me, &scratch.join("forced"), &forced),
                    )
                })
                .await
                .unwrap_or_else(|e| {
                    (vec![Outcome::failed("opencode", format!("the driver panicked: {e}"))], Vec::new())
                });
                opencode_outcomes.extend(outcomes);
                forced_outcomes.extend(forced);
            }
            None => opencode_outcomes.push(Outcome::failed("opencode", String::from("no --opencode binary"))),
        }
    }
    let mut codex_outcomes = Vec::new();
    if wants("codex") {
        // What the CLI cannot say is refused before anything runs.
        let name = "an allow-list is refused before anything runs";
        codex_outcomes.push(match tool_policy::codex::load_codex(r#"{"only": ["view_image"]}"#) {
            Err(tool_policy::json::LoadError::Invalid(report)) if report.errors[0].pointer == "/only" => {
                Outcome { name: name.to_owned(), offered: 0, mismatch: None }
            }
            other => Outcome::failed(name, format!("expected a refusal at /only, got {other:?}")),
        });
        match &args.codex {
            Some(cli) => {
                let (cli, me, scratch) = (cli.clone(), me.clone(), args.scratch.join("codex"));
                let (cases, forced) = (codex_cases.clone(), forced_codex.clone());
                let (outcomes, forced) = tokio::task::spawn_blocking(move || {
                    (codex::run(&cli, &me, &scratch, &cases), codex::run(&cli, &me, &scratch.join("forced"), &forced))
                })
                .await
                .unwrap_or_else(|e| (vec![Outcome::failed("codex", format!("the driver panicked: {e}"))], Vec::new()));
                codex_outcomes.extend(outcomes);
                forced_outcomes.extend(forced);
            }
            None => codex_outcomes.push(Outcome::failed("codex", String::from("no --codex binary"))),
        }
    }
    // Every case given must have run: a driver that stops early fails the run.
    let (copilot_ran, claude_ran) = (
        ran(&mut copilot_outcomes, copilot_cases.iter().map(|c| c.name.as_str()), wants("copilot")),
        ran(&mut claude_outcomes, claude_cases.iter().map(|c| c.name.as_str()), wants("claude-code")),
    );
    let gemini_ran = ran(&mut gemini_outcomes, gemini_cases.iter().map(|c| c.name.as_str()), wants("gemini-cli"));
    let opencode_ran = ran(&mut opencode_outcomes, opencode_cases.iter().map(|c| c.name.as_str()), wants("opencode"));
    let codex_ran = ran(&mut codex_outcomes, codex_cases.iter().map(|c| c.name.as_str()), wants("codex"));
    let agents_ran = ran(&mut agent_outcomes, agent_cases.iter().map(|c| c.name.as_str()), wants("claude-code"));
    let builtin_ran = ran(&mut builtin_outcomes, builtin_cases.iter().map(|c| c.name.as_str()), wants("claude-code"));
    let forced_names = forced_claude
        .iter()
        .filter(|_| wants("claude-code"))
        .map(|c| c.name.as_str())
        .chain(forced_copilot.iter().filter(|_| wants("copilot")).map(|c| c.name.as_str()))
        .chain(forced_gemini.iter().filter(|_| wants("gemini-cli")).map(|c| c.name.as_str()))
        .chain(forced_opencode.iter().filter(|_| wants("opencode")).map(|c| c.name.as_str()))
        .chain(forced_codex.iter().filter(|_| wants("codex")).map(|c| c.name.as_str()));
    let forced_ran = ran(&mut forced_outcomes, forced_names, true);
    println!(
        "cases run: copilot {copilot_ran} of {} given, claude-code {claude_ran} of {} given, claude-code-subagents {agents_ran} of {} given, builtin-agents {builtin_ran} of {} given, gemini-cli {gemini_ran} of {} given, opencode {opencode_ran} of {} given, codex {codex_ran} of {} given, forced-calls {forced_ran} of {} given",
        copilot_cases.len(),
        claude_cases.len(),
        agent_cases.len(),
        builtin_cases.len(),
        gemini_cases.len(),
        opencode_cases.len(),
        codex_cases.len(),
        forced_claude.len() + forced_gemini.len() + forced_copilot.len() + forced_opencode.len() + forced_codex.len()
    );
    // The `mcp` suite's outcomes, from every runner, counted apart. Under `--prefix`, only
    // the chosen cases' (a runner's own controls need the cases left out; every chosen case
    // ran, as the line above says).
    let mut mcp_outcomes = Vec::new();
    let mut mcp_suite = |outcomes: Vec<Outcome>| -> Vec<Outcome> {
        let chosen = |o: &Outcome| args.prefix.as_deref().is_none_or(|prefix| o.name.starts_with(prefix));
        let (mcp, rest): (Vec<Outcome>, Vec<Outcome>) =
            outcomes.into_iter().filter(chosen).partition(|o| o.name.starts_with(mcp_cases::MCP));
        // Reported under the suite's name, which the prefix repeats.
        mcp_outcomes.extend(mcp.into_iter().map(|o| Outcome { name: o.name[mcp_cases::MCP.len()..].to_owned(), ..o }));
        rest
    };
    let copilot_outcomes = mcp_suite(copilot_outcomes);
    let claude_outcomes = mcp_suite(claude_outcomes);
    let agent_outcomes = mcp_suite(agent_outcomes);
    let gemini_outcomes = mcp_suite(gemini_outcomes);
    let opencode_outcomes = mcp_suite(opencode_outcomes);
    let codex_outcomes = mcp_suite(codex_outcomes);
    let forced_outcomes = mcp_suite(forced_outcomes);
    let (subagent_outcomes, copilot_outcomes): (Vec<Outcome>, Vec<Outcome>) =
        copilot_outcomes.into_iter().partition(|o| o.name.starts_with("subagent: "));
    let (copilot_builtin, copilot_outcomes): (Vec<Outcome>, Vec<Outcome>) =
        copilot_outcomes.into_iter().partition(|o| o.name.starts_with("builtin-agent: "));
    let portable = |o: &Outcome| o.name.starts_with(CAPABILITIES);
    let (copilot_portable, copilot_outcomes): (Vec<Outcome>, Vec<Outcome>) =
        copilot_outcomes.into_iter().partition(portable);
    let (claude_portable, claude_outcomes): (Vec<Outcome>, Vec<Outcome>) =
        claude_outcomes.into_iter().partition(portable);
    let (gemini_portable, gemini_outcomes): (Vec<Outcome>, Vec<Outcome>) =
        gemini_outcomes.into_iter().partition(portable);
    let (opencode_portable, opencode_outcomes): (Vec<Outcome>, Vec<Outcome>) =
        opencode_outcomes.into_iter().partition(portable);
    // The Gemini CLI's own agent, started through `invoke_agent`, is a built-in agent too.
    let (investigator, gemini_outcomes): (Vec<Outcome>, Vec<Outcome>) =
        gemini_outcomes.into_iter().partition(|o| o.name.starts_with("subagent: "));
    let subagent_mismatches = report("copilot-subagents", &subagent_outcomes);
    let copilot_mismatches = report("copilot", &copilot_outcomes);
    let claude_mismatches = report("claude-code", &claude_outcomes);
    let agent_mismatches = report("claude-code-subagents", &agent_outcomes);
    let gemini_mismatches = report("gemini-cli", &gemini_outcomes);
    let opencode_mismatches = report("opencode", &opencode_outcomes);
    let codex_mismatches = report("codex", &codex_outcomes);
    let portable_mismatches = report("capabilities copilot", &copilot_portable)
        + report("capabilities claude-code", &claude_portable)
        + report("capabilities gemini-cli", &gemini_portable)
        + report("capabilities opencode", &opencode_portable);
    let portable_cases =
        copilot_portable.len() + claude_portable.len() + gemini_portable.len() + opencode_portable.len();
    let builtin_mismatches = report("builtin-agents claude-code", &builtin_outcomes)
        + report("builtin-agents copilot", &copilot_builtin)
        + report("builtin-agents gemini-cli", &investigator);
    let builtin_count = builtin_outcomes.len() + copilot_builtin.len() + investigator.len();
    let (forced_controls, forced_outcomes): (Vec<Outcome>, Vec<Outcome>) =
        forced_outcomes.into_iter().partition(|o| o.name.starts_with("forced control: "));
    let forced_mismatches = report("forced-calls", &forced_outcomes);
    let mcp_mismatches = report("mcp", &mcp_outcomes);
    let control_failures = report("forced-calls", &forced_controls);
    println!(
        "forced-call controls: {} of {} showed their side effect",
        forced_controls.len() - control_failures,
        forced_controls.len()
    );
    println!(
        "attestation: {} sessions attested, {} of {} controls caught",
        attested.sessions, attested.controls_caught, attested.controls
    );
    println!(
        "live conformance: copilot {} cases, {copilot_mismatches} mismatches; copilot-subagents {} cases, {subagent_mismatches} mismatches; claude-code {} cases, {claude_mismatches} mismatches; claude-code-subagents {} cases, {agent_mismatches} mismatches; gemini-cli {} cases, {gemini_mismatches} mismatches; opencode {} cases, {opencode_mismatches} mismatches; codex {} cases, {codex_mismatches} mismatches; capabilities {portable_cases} cases, {portable_mismatches} mismatches; builtin-agents {builtin_count} cases, {builtin_mismatches} mismatches; forced-calls {} cases, {forced_mismatches} mismatches; mcp {} cases, {mcp_mismatches} mismatches",
        copilot_outcomes.len(),
        subagent_outcomes.len(),
        claude_outcomes.len(),
        agent_outcomes.len(),
        gemini_outcomes.len(),
        opencode_outcomes.len(),
        codex_outcomes.len(),
        forced_outcomes.len(),
        mcp_outcomes.len()
    );
    let mismatches = copilot_mismatches
        + subagent_mismatches
        + claude_mismatches
        + agent_mismatches
        + gemini_mismatches
        + opencode_mismatches
        + codex_mismatches
        + portable_mismatches
        + builtin_mismatches
        + forced_mismatches
        + control_failures
        + mcp_mismatches;
    if mismatches > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// `live-conformance catalog RUNTIME --cli BIN --scratch DIR [--names FILE]`: what a CLI says
/// of its built-ins, as JSON on stdout (`--names`: the candidate names, one a line, for the
/// Claude Code CLI, whose table a deny rule or a `--tools` list is checked against).
async fn catalog() -> ExitCode {
    let mut args = std::env::args().skip(2);
    let runtime = args.next().unwrap_or_default();
    let (mut cli, mut scratch, mut names) = (None, None, Vec::new());
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value) {
            ("--cli", Some(value)) => cli = Some(PathBuf::from(value)),
            ("--scratch", Some(value)) => scratch = Some(PathBuf::from(value)),
            ("--names", Some(value)) => match std::fs::read_to_string(&value) {
                Ok(text) => names = text.lines().filter(|l| !l.is_empty()).map(str::to_owned).collect(),
                Err(e) => {
                    eprintln!("live-conformance catalog: {value}: {e}");
                    return ExitCode::from(2);
                }
            },
            (other, _) => {
                eprintln!("live-conformance catalog: unexpected `{other}`");
                return ExitCode::from(2);
            }
        }
    }
    let (Some(cli), Some(scratch)) = (cli, scratch) else {
        eprintln!("live-conformance catalog: usage: catalog RUNTIME --cli BIN --scratch DIR [--names FILE]");
        return ExitCode::from(2);
    };
    let me = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("live-conformance"));
    let read = match runtime.as_str() {
        "copilot" => copilot::catalog(&cli, &me, &scratch).await,
        "claude-code" => claude::catalog(&cli, &scratch, &names),
        "gemini-cli" => gemini::catalog(&cli, &me, &scratch),
        "opencode" => opencode::catalog(&cli, &me, &scratch),
        "codex" => codex::catalog(&cli, &me, &scratch),
        other => Err(format!("no catalog reader for `{other}`")),
    };
    match read {
        Ok(value) => {
            println!("{value}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("live-conformance catalog: {e}");
            ExitCode::FAILURE
        }
    }
}
