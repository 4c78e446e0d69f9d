//! Claude Code sub-agents (`claude --agents`, SPEC §2): `agents` beside `builtin_tools`, read
//! closed-world, bounded by the main selection, and handed to the CLI as one `--agents=`
//! argument.

use std::process::Command;

use serde_json::{Value, json};
use tool_policy::claude::{ClaudeAgents, ClaudeCodeArgs, offered_to};
use tool_policy::json::{LoadError, Options, load_claude_code, load_claude_code_with};
use tool_policy::{AgentRule, ClaudeAgent, ClaudeCodeSelection, ClaudeTool};

fn args(text: &str) -> Vec<String> {
    let read = load_claude_code(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    ClaudeCodeArgs::new(read.selection).with_agents(read.agents).unwrap().args()
}

/// Every error of a refused document: `(pointer, message)`.
fn refused(text: &str) -> Vec<(String, String)> {
    match load_claude_code(text) {
        Err(LoadError::Invalid(report)) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
        other => panic!("{text} must be refused, got {other:?}"),
    }
}

fn pointers(text: &str) -> Vec<String> {
    refused(text).into_iter().map(|(pointer, _)| pointer).collect()
}

/// A holder with `agents` (and its other fields spliced in).
fn holder(agents: &Value, more: &Value) -> String {
    let mut document = json!({"builtin_tools": {"only": ["Agent", "Read", "Grep"]}, "agents": agents});
    for (key, value) in more.as_object().into_iter().flatten() {
        document[key] = value.clone();
    }
    document.to_string()
}

#[test]
fn agents_become_one_argument() {
    let text = holder(
        &json!({"reviewer": {"description": "Reviews", "prompt": "You review", "tools": ["Read", "Task"], "disallowedTools": ["mcp__web"], "model": "sonnet", "mcpServers": {"web": {"command": "x", "timeout": 30000}}}}),
        &json!({}),
    );
    let given = args(&text);
    assert_eq!(given[..2], ["--tools=Agent,Read,Grep", "--strict-mcp-config"]);
    let agents = given[2].strip_prefix("--agents=").expect("one `--agents=` token");
    let agents: Value = serde_json::from_str(agents).unwrap();
    assert_eq!(
        agents,
        json!({"reviewer": {"description": "Reviews", "prompt": "You review", "tools": ["Read", "Agent"], "disallowedTools": ["mcp__web"], "model": "sonnet", "mcpServers": [{"web": {"command": "x", "timeout": 30000}}]}}),
        "names canonical (Task is Agent), other fields as written, `mcpServers` as the list the CLI reads"
    );
    // The legacy name is a warning at its item, an error in strict mode.
    let read = load_claude_code(&text).unwrap();
    assert_eq!(read.warnings.len(), 1);
    assert_eq!(read.warnings[0].pointer, "/agents/reviewer/tools/1");
    let strict = load_claude_code_with(&text, Options::STRICT);
    assert!(
        matches!(strict, Err(LoadError::Invalid(report)) if report.errors[0].pointer == "/agents/reviewer/tools/1")
    );
    // No agents, no argument; agents without a selection still go.
    assert_eq!(args(r#"{"builtin_tools": null}"#), Vec::<String>::new());
    let alone = args(r#"{"builtin_tools": null, "agents": {"a": {"description": "d", "prompt": "p"}}}"#);
    assert_eq!(alone, [r#"--agents={"a":{"description":"d","prompt":"p"}}"#]);
}

#[test]
fn bad_agents_are_refused_at_their_pointer() {
    let agent = |fields: Value| holder(&json!({"r": fields}), &json!({}));
    let base = json!({"description": "d", "prompt": "p"});
    let with = |key: &str, value: Value| {
        let mut fields = base.clone();
        fields[key] = value;
        agent(fields)
    };
    let errors = refused(&with("tools", json!(["Read", "Glob2", "read", "MultiEdit"])));
    assert_eq!(
        errors.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(),
        ["/agents/r/tools/1", "/agents/r/tools/2", "/agents/r/tools/3"]
    );
    assert!(errors[0].1.ends_with("did you mean `Glob`?"), "{}", errors[0].1);
    assert!(errors[1].1.ends_with("did you mean `Read`?"), "{}", errors[1].1);
    assert!(errors[2].1.contains("was removed from Claude Code"), "{}", errors[2].1);
    assert_eq!(pointers(&with("disallowedTools", json!(["Bash", "Task", "Agent"]))), ["/agents/r/disallowedTools/2"]);
    assert_eq!(
        pointers(&with("tools", json!(["Read", "mcp__", "mcp__a__b*"]))),
        ["/agents/r/tools/1", "/agents/r/tools/2"]
    );
    assert_eq!(pointers(&with("tools", json!("Read"))), ["/agents/r/tools"]);
    assert_eq!(pointers(&with("model", json!(3))), ["/agents/r/model"]);
    assert_eq!(pointers(&with("mcpServers", json!("echo"))), ["/agents/r/mcpServers"]);
    // An agent's own server reaches it past its `tools`: a list that names one of its tools
    // alone, or none, would promise what Claude Code does not keep.
    for tools in [json!(["Read", "mcp__echo__echo"]), json!(["Read"])] {
        let own =
            agent(json!({"description": "d", "prompt": "p", "tools": tools, "mcpServers": {"echo": {"command": "e"}}}));
        let errors = refused(&own);
        assert_eq!(errors[0].0, "/agents/r/mcpServers", "{errors:?}");
        assert!(errors[0].1.contains("list the server whole (`mcp__echo`)"), "{errors:?}");
    }
    let whole = agent(
        json!({"description": "d", "prompt": "p", "tools": ["Read", "mcp__echo"], "mcpServers": [{"echo": {"command": "e"}}]}),
    );
    assert!(load_claude_code(&whole).is_ok());
    assert_eq!(pointers(&with("color", json!("red"))), ["/agents/r/color"]);
    let near = refused(&with("Tools", json!(["Bash"])));
    assert_eq!(
        near,
        [(
            String::from("/agents/r/Tools"),
            String::from("`Tools` is not `tools`: a key that only reads as `tools` restricts nothing; write `tools`")
        )]
    );
    assert_eq!(pointers(&with("disallowed_tools", json!([]))), ["/agents/r/disallowed_tools"]);
    assert_eq!(pointers(&agent(json!({"prompt": "p"}))), ["/agents/r"]);
    assert_eq!(refused(&agent(json!({"description": "d"})))[0].1, "missing key `prompt`");
    assert_eq!(pointers(&agent(json!("reviewer"))), ["/agents/r"]);
    assert_eq!(pointers(&holder(&json!(["r"]), &json!({}))), ["/agents"]);
    assert_eq!(pointers(&holder(&json!({"my agent": base}), &json!({}))), ["/agents/my agent"]);
    // Repeated keys, in the agents object and inside an agent.
    let twice = r#"{"builtin_tools": null, "agents": {"a": {"description": "d", "prompt": "p"}, "a": {"description": "e", "prompt": "q"}}}"#;
    assert_eq!(pointers(twice), ["/agents/a"]);
    let inner = r#"{"builtin_tools": null, "agents": {"a": {"description": "d", "prompt": "p", "tools": ["Read"], "tools": []}}}"#;
    assert_eq!(pointers(inner), ["/agents/a/tools"]);
    // A key that only reads as `agents` restricts nothing.
    assert_eq!(pointers(r#"{"builtin_tools": null, "Agents": {}}"#), ["/Agents"]);
    assert_eq!(pointers(r#"{"builtin_tools": null, "agentOnly": ["Bash"]}"#), ["/agentOnly"]);
    // Agents need the holder form.
    assert_eq!(pointers(r#"{"only": ["Read"], "agents": {}}"#), ["/agents"]);
}

#[test]
fn the_main_selection_bounds_every_agent() {
    let escape = holder(&json!({"tester": {"description": "d", "prompt": "p", "tools": ["Read", "Bash"]}}), &json!({}));
    let errors = refused(&escape);
    assert_eq!(errors[0].0, "/agents/tester/tools/1");
    assert!(
        errors[0].1.starts_with("agent `tester` lists `Bash`, which the main selection takes away"),
        "{}",
        errors[0].1
    );
    assert!(errors[0].1.contains("Claude Code never offers it to the agent then"), "{}", errors[0].1);
    // Glob and Grep reach a sub-agent that lists them unless the main selection is an `only`
    // naming either (measured live): an error, unless left to the agents on purpose.
    let finder = json!({"finder": {"description": "d", "prompt": "p", "tools": ["Read", "Glob"]}});
    let neither = json!({"builtin_tools": {"only": ["Agent", "Read"]}});
    let errors = refused(&holder(&finder, &neither));
    assert_eq!(errors[0].0, "/agents/finder/tools/1");
    assert!(errors[0].1.contains("Claude Code offers it to the agent anyway"), "{}", errors[0].1);
    let left = holder(&finder, &json!({"builtin_tools": {"only": ["Agent", "Read"]}, "agent_only": ["Glob"]}));
    assert!(load_claude_code(&left).is_ok());
    // The main selection names Grep: Glob is bounded like any built-in, and cannot be left.
    let errors = refused(&holder(&finder, &json!({})));
    assert!(errors[0].1.contains("Claude Code never offers it to the agent then"), "{}", errors[0].1);
    let errors = refused(&holder(&finder, &json!({"agent_only": ["Glob"]})));
    assert_eq!(errors[0].0, "/agent_only/0");
    assert!(errors[0].1.contains("it cannot be left to the agents"), "{}", errors[0].1);
    let unreachable = refused(&holder(&json!({}), &json!({"agent_only": ["Bash"]})));
    assert_eq!(unreachable[0].0, "/agent_only/0");
    assert!(unreachable[0].1.contains("it cannot be left to the agents"), "{}", unreachable[0].1);
    assert_eq!(pointers(&holder(&json!({}), &json!({"agent_only": ["Grep"]}))), ["/agent_only/0"], "Grep is not taken");
    assert_eq!(pointers(&holder(&json!({}), &json!({"agent_only": ["mcp__x"]}))), ["/agent_only/0"]);
    // No selection takes nothing away.
    let open = r#"{"builtin_tools": null, "agents": {"a": {"description": "d", "prompt": "p", "tools": ["Bash"]}}}"#;
    assert!(load_claude_code(open).is_ok());
    // A deny entry for a tool the agent never has is the unreachable-agent-tool lint.
    let dead = holder(&json!({"a": {"description": "d", "prompt": "p", "disallowedTools": ["Bash"]}}), &json!({}));
    let read = load_claude_code(&dead).unwrap();
    assert_eq!(read.warnings.len(), 2);
    assert_eq!(read.warnings[0].pointer, "/agents/a/disallowedTools/0");
    assert!(read.warnings[0].item.to_string().starts_with("unreachable-agent-tool: `Bash`"));
    // With no `tools` of its own, it reaches every MCP tool of the session.
    assert_eq!(read.warnings[1].pointer, "/agents/a");
    assert!(read.warnings[1].item.to_string().starts_with("agent-inherits-mcp: `agent a`"));
}

#[test]
fn what_each_agent_is_offered() {
    let main = ClaudeCodeSelection::disable([ClaudeTool::Bash]);
    let plain = ClaudeAgent::new("plain", "d", "p").disallowed_tools([AgentRule::Tool(ClaudeTool::WebFetch)]);
    let offered = offered_to(&plain, Some(&main), tool_policy::claude::DEFAULT_OFFERED);
    assert!(offered.contains(&ClaudeTool::Read) && offered.contains(&ClaudeTool::Glob));
    assert!(!offered.contains(&ClaudeTool::Bash) && !offered.contains(&ClaudeTool::WebFetch));
    // The stored form is the `--agents` object, read back by the same reader.
    let agents = ClaudeAgents::new([plain]);
    let stored = serde_json::to_string(&agents).unwrap();
    assert_eq!(stored, r#"{"plain":{"description":"d","disallowedTools":["WebFetch"],"prompt":"p"}}"#);
    assert_eq!(serde_json::from_str::<ClaudeAgents>(&stored).unwrap(), agents);
    let bad = serde_json::from_str::<ClaudeAgents>(r#"{"a":{"description":"d","prompt":"p","tools":["Raed"]}}"#);
    assert!(bad.unwrap_err().to_string().contains("did you mean `Read`?"));
}

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tool-policy")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

#[test]
fn the_command_line() {
    let resolve = cli(&["resolve", "--runtime", "claude-code", "examples/claude/with-agents.json"]);
    assert_eq!(resolve.status.code(), Some(0), "{}", String::from_utf8_lossy(&resolve.stderr));
    let out: Value = serde_json::from_slice(&resolve.stdout).unwrap();
    let args: Vec<&str> = out["args"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert_eq!(args.len(), 3);
    assert!(args[2].starts_with(r#"--agents={"reviewer":{"description":"#), "{}", args[2]);
    let explain = cli(&[
        "explain",
        "--runtime",
        "claude-code",
        "--agent",
        "tester",
        "examples/claude/with-agents.json",
        "Bash",
        "Edit",
    ]);
    assert_eq!(
        String::from_utf8(explain.stdout).unwrap(),
        "Bash: offered to agent `tester` (listed in its `tools`)\nEdit: not offered to agent `tester` (not listed in its `tools`)\n"
    );
    let unknown =
        cli(&["explain", "--runtime", "claude-code", "--agent", "nobody", "examples/claude/with-agents.json"]);
    assert_eq!(unknown.status.code(), Some(2));
    let misplaced = cli(&["explain", "--agent", "tester", "examples/agents/locked-down.json"]);
    assert_eq!(misplaced.status.code(), Some(2));
    let diff =
        cli(&["diff", "--runtime", "claude-code", "examples/claude/reader.json", "examples/claude/with-agents.json"]);
    let lines = String::from_utf8(diff.stdout).unwrap();
    assert!(
        lines.contains("+ execute, read, search, edit, web: agent tester: Bash (was no such agent, now offered)\n"),
        "{lines}"
    );
    assert!(lines.contains("+ agent tester (was not defined, now defined)\n"), "{lines}");
}
