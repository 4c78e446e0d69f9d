//! A removed tool cannot run (SPEC §8), as far as the library can say it: Claude Code's
//! built-in agents are predicted like custom ones, foreground and background apart; a custom
//! agent of a built-in's name replaces it; and a transcript whose model called a tool the
//! policy does not permit is a violation, whatever its `init` said.

mod support;

use std::process::Output;
use support::tool_policy as cli;

use tool_policy::ClaudeCodeSelection;
use tool_policy::claude::{BUILTIN_AGENTS, BuiltinAgent, ClaudeTool, DEFAULT_OFFERED, Start, SubAgents, offered};
use tool_policy::json::load_claude_code;

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Every built-in agent stays within the main selection, started either way, and each is
/// offered what the CLI's own definition gives it.
#[test]
fn built_in_agents_stay_within_the_main_selection() {
    use ClaudeTool as T;
    let selections = [
        None,
        Some(ClaudeCodeSelection::only([T::Agent, T::Read, T::Bash])),
        Some(ClaudeCodeSelection::disable([T::Bash, T::WebFetch])),
        Some(ClaudeCodeSelection::disable_all()),
    ];
    for main in &selections {
        let main_set = offered(main.as_ref(), DEFAULT_OFFERED);
        for agent in BUILTIN_AGENTS {
            for start in Start::BOTH {
                let tools = agent.offered(main.as_ref(), start);
                for tool in &tools {
                    assert!(main_set.contains(tool), "{} ({start:?}) gets {tool} beyond {main:?}", agent.name);
                }
                if !agent.main_set {
                    assert!(
                        tools.iter().all(|tool| tool.row().runtime.subagents != SubAgents::Never),
                        "{}",
                        agent.name
                    );
                }
                if start == Start::Background && !agent.main_set {
                    assert!(
                        tools.iter().all(|tool| tool.row().runtime.subagents != SubAgents::Foreground),
                        "{}",
                        agent.name
                    );
                }
            }
        }
    }
    let explore = BuiltinAgent::named("Explore").unwrap().offered(None, Start::Background);
    for tool in [T::Agent, T::Edit, T::Write, T::NotebookEdit] {
        assert!(!explore.contains(&tool), "Explore has no {tool}");
    }
    assert!(explore.contains(&T::Read) && explore.contains(&T::Bash));
    let fork = BuiltinAgent::named("fork").unwrap().offered(None, Start::Background);
    assert_eq!(fork, offered(None, DEFAULT_OFFERED), "fork: exactly the main set, main-only tools too");
    let status = BuiltinAgent::named("statusline-setup").unwrap();
    assert_eq!(status.offered(None, Start::Foreground), [T::Edit, T::Read]);
    let only_read = ClaudeCodeSelection::only([T::Agent, T::Read]);
    assert_eq!(status.offered(Some(&only_read), Start::Background), [T::Read]);
    // Foreground: the main agent's own tools but ScheduleWakeup and Workflow.
    let foreground = BuiltinAgent::named("general-purpose").unwrap().offered(None, Start::Foreground);
    for tool in [T::ListAgents, T::ReportFindings, T::CronCreate, T::CronDelete, T::CronList] {
        assert!(foreground.contains(&tool) && !explore.contains(&tool), "{tool}");
    }
    assert!(!foreground.contains(&T::ScheduleWakeup) && !foreground.contains(&T::Workflow));
}

#[test]
fn explain_answers_for_built_in_agents() {
    let file = "examples/claude/with-agents.json";
    let explore = cli(&["explain", "--runtime", "claude-code", "--agent", "Explore", file, "Read", "Bash", "Edit"], "");
    assert_eq!(explore.status.code(), Some(0));
    assert_eq!(
        stdout(&explore),
        "Read: offered to agent `Explore` (the built-in agent; no `tools` of its own: as the main agent, permitted (listed in `only`))\n\
         Bash: offered to agent `Explore` (the built-in agent; no `tools` of its own: as the main agent, permitted (listed in `only`))\n\
         Edit: not offered to agent `Explore` (the built-in agent; listed in its `disallowedTools`)\n"
    );
    for name in ["Plan", "general-purpose", "claude", "statusline-setup", "fork"] {
        let output = cli(&["explain", "--runtime", "claude-code", "--agent", name, file, "Read"], "");
        assert_eq!(output.status.code(), Some(0), "{name}");
        assert!(
            stdout(&output).starts_with(&format!("Read: offered to agent `{name}` (the built-in agent; ")),
            "{name}"
        );
    }
    // Foreground only.
    let foreground = cli(
        &["explain", "--runtime", "claude-code", "--agent", "Explore", "-", "CronList"],
        r#"{"builtin_tools": null}"#,
    );
    assert!(stdout(&foreground).starts_with(
        "CronList: offered, when started in the foreground only, to agent `Explore` (the built-in agent;"
    ));
    // A custom agent of a built-in's name replaces it.
    let replaced = r#"{"builtin_tools": {"only": ["Agent", "Read", "Edit"]}, "agents": {"Explore": {"description": "d", "prompt": "p", "tools": ["Edit"]}}}"#;
    let custom = cli(&["explain", "--runtime", "claude-code", "--agent", "Explore", "-", "Edit", "Read"], replaced);
    assert_eq!(
        stdout(&custom),
        "Edit: offered to agent `Explore` (listed in its `tools`)\nRead: not offered to agent `Explore` (not listed in its `tools`)\n"
    );
    // An unknown name (and the wrong case of a built-in's) is still refused.
    for name in ["nobody", "explore"] {
        let unknown = cli(&["explain", "--runtime", "claude-code", "--agent", name, file, "Read"], "");
        assert_eq!(unknown.status.code(), Some(2), "{name}");
        assert!(String::from_utf8_lossy(&unknown.stderr).contains(&format!("no agent `{name}`")), "{name}");
    }
}

#[test]
fn diff_sees_a_built_in_replaced() {
    let dir = std::env::temp_dir().join(format!("tool-policy-enforcement-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (old, new) = (dir.join("old.json"), dir.join("new.json"));
    std::fs::write(&old, r#"{"builtin_tools": {"only": ["Agent", "Read", "Edit"]}}"#).unwrap();
    let replaced = r#"{"builtin_tools": {"only": ["Agent", "Read", "Edit"]}, "agents": {"Explore": {"description": "d", "prompt": "p", "tools": ["Edit"]}}}"#;
    std::fs::write(&new, replaced).unwrap();
    let diff = cli(&["diff", "--runtime", "claude-code", old.to_str().unwrap(), new.to_str().unwrap()], "");
    assert_eq!(
        String::from_utf8(diff.stdout).unwrap(),
        "+ edit: agent Explore: Edit (was not offered, now offered)\n\
         - read: agent Explore: Read (was offered, now not offered)\n\
         + agent Explore (was the built-in agent, now defined)\n"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A transcript line of the model calling `name`, from the main agent or a sub-agent.
fn tool_use(name: &str, parent: Option<&str>) -> String {
    call(name, "toolu_1", parent)
}

/// [`tool_use`] with the call's own id.
fn call(name: &str, id: &str, parent: Option<&str>) -> String {
    let parent = parent.map_or(String::from("null"), |p| format!("\"{p}\""));
    format!(
        r#"{{"type":"assistant","message":{{"content":[{{"type":"tool_use","id":"{id}","name":"{name}","input":{{}}}}]}},"parent_tool_use_id":{parent}}}"#
    )
}

#[test]
fn attest_refuses_a_call_outside_the_policy() {
    let init = r#"{"type":"system","subtype":"init","tools":["Agent","Read"]}"#;
    let policy = r#"{"builtin_tools": {"only": ["Agent", "Read"]}, "agent_only": ["Grep"], "agents": {"finder": {"description": "d", "prompt": "p", "tools": ["Read", "Grep"]}}}"#;
    let dir = std::env::temp_dir().join(format!("tool-policy-attest-calls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let policy_path = dir.join("policy.json");
    std::fs::write(&policy_path, policy).unwrap();
    let attest = |lines: &[String]| {
        let transcript = dir.join("transcript.jsonl");
        std::fs::write(&transcript, lines.join("\n")).unwrap();
        let (policy, transcript) = (policy_path.to_str().unwrap(), transcript.to_str().unwrap());
        let output = cli(&["attest", "--runtime", "claude-code", policy, transcript], "");
        (output.status.code(), String::from_utf8(output.stderr).unwrap())
    };
    // The init offers only what the policy permits; the model called Bash anyway.
    let (code, out) = attest(&[init.to_owned(), tool_use("Read", None), tool_use("Bash", None)]);
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(out, "Bash: called, but not permitted (not listed in `only`)\n");
    // A sub-agent calling what its own list reaches is no violation; the main agent is held
    // to the main selection, a sub-agent to what some agent of the document is offered. A
    // call is a sub-agent's only when it names a delegation (`Agent`) of the transcript.
    let delegation = call("Agent", "toolu_0", None);
    let (code, out) = attest(&[init.to_owned(), delegation.clone(), tool_use("Grep", Some("toolu_0"))]);
    assert_eq!(code, Some(0), "{out}");
    let (code, out) =
        attest(&[init.to_owned(), delegation.clone(), tool_use("Grep", None), tool_use("Write", Some("toolu_0"))]);
    assert_eq!(code, Some(1));
    assert_eq!(
        out,
        "Grep: called, but not permitted (not listed in `only`)\nWrite: called, but not permitted (not listed in `only`)\n"
    );
    // Without the delegation it names, or naming a call that delegates nothing, a call is
    // the main agent's.
    for lines in [
        vec![init.to_owned(), tool_use("Grep", Some("toolu_0"))],
        vec![init.to_owned(), call("Read", "toolu_0", None), tool_use("Grep", Some("toolu_0"))],
        vec![init.to_owned(), call("Agent", "toolu_0", Some("toolu_9")), tool_use("Grep", Some("toolu_0"))],
    ] {
        let (code, out) = attest(&lines);
        assert_eq!((code, out.as_str()), (Some(1), "Grep: called, but not permitted (not listed in `only`)\n"));
    }
    // A call by a legacy alias is the tool's.
    let (code, out) = attest(&[init.to_owned(), tool_use("Task", None)]);
    assert_eq!(code, Some(0), "{out}");
    // Under `"mcp_tools": "none"`, an MCP tool offered or called is a violation.
    std::fs::write(&policy_path, r#"{"capabilities": {"only": ["read"], "mcp_tools": "none"}}"#).unwrap();
    let mcp_init = r#"{"type":"system","subtype":"init","tools":["Read","mcp__echo__echo"]}"#;
    let (code, out) = attest(&[mcp_init.to_owned()]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("mcp__echo__echo: offered, but the policy takes it away: removed by the deny rule `mcp__*`"),
        "{out}"
    );
    std::fs::remove_dir_all(dir).unwrap();
    // The library reads the same.
    let read = load_claude_code(policy).unwrap();
    assert_eq!(read.agents.agents[0].name, "finder");
}

#[test]
fn copilot_built_in_agents_are_explained() {
    let file = "examples/agents/subagents.json";
    let explore = cli(&["explain", "--agent", "explore", file, "builtin:view", "builtin:bash"], "");
    assert_eq!(explore.status.code(), Some(0));
    let out = stdout(&explore);
    assert!(
        out.starts_with(
            "builtin:view: offered to agent `explore` (the built-in agent; in its tools; the session: offered"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "builtin:bash: not offered to agent `explore` (the built-in agent; in its tools; the session: not offered"
        ),
        "{out}"
    );
    // A custom agent of the definition answers by its own list.
    let custom = cli(&["explain", "--agent", "investigator", file, "builtin:view"], "");
    assert_eq!(stdout(&custom), "builtin:view: not offered to agent `investigator` (not in its tools)\n");
    // The Gemini CLI explains its own agents by name; another name is refused.
    assert_eq!(
        cli(&["explain", "--agent", "explore", "--runtime", "gemini-cli", "examples/gemini/reviewer.json"], "")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(cli(&["explain", "--agent", "Explore", file, "builtin:view"], "").status.code(), Some(2));
    let general = tool_policy::copilot::TaskAgent::named("general-purpose").unwrap();
    assert!(general.extra.contains(&"session_store_sql"));
    assert_eq!(tool_policy::copilot::TASK_AGENTS.len(), 6);
}

#[test]
fn copilot_calls_are_attested() {
    use tool_policy::Host;
    let policy = tool_policy::json::load(
        r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["view", "mcp:*"]}}"#,
    )
    .unwrap()
    .into_policy();
    let host = Host {
        custom_tools: vec![String::from("my_tool")],
        mcp_servers: Some(vec![String::from("echo")]),
        ..Host::default()
    };
    let called = ["view", "echo-echo", "bash", "my_tool"].map(String::from);
    let attestation = policy.attest_calls(&called, &host);
    assert_eq!(attestation.allowed, ["view", "echo-echo"]);
    let violations: Vec<String> = attestation.violations.iter().map(ToString::to_string).collect();
    assert_eq!(
        violations,
        [
            "bash: called, but `builtin:bash` is not in this session's tool policy: not offered (no allow-list pattern matches)",
            "my_tool: called, but `custom:my_tool` is not in this session's tool policy: not offered (no allow-list pattern matches)",
        ]
    );
}
