//! Closed by default (SPEC §6): a word that governs tools is refused wherever it is not read,
//! a value of the wrong JSON type is an error, a sub-agent is bounded whatever form its list
//! takes, `diff` names every widening, and attestation judges every call. Each test is one
//! kind of input that once made a restriction weaker than written and exited 0.

mod support;

use support::tool_policy as cli;

/// The exit codes of `tool-policy check` of `text` for `runtime`, without and with `--strict`.
fn check(runtime: &str, text: &str) -> [Option<i32>; 2] {
    [&[][..], &["--strict"][..]].map(|strict| {
        let mut args = vec!["check", "--runtime", runtime];
        args.extend(strict);
        args.push("-");
        cli(&args, text).status.code()
    })
}

/// `tool-policy resolve` of `text` for `runtime`: its exit code and stderr.
fn resolve(runtime: &str, text: &str) -> (Option<i32>, String) {
    let output = cli(&["resolve", "--runtime", runtime, "-"], text);
    (output.status.code(), String::from_utf8(output.stderr).unwrap())
}

#[test]
fn a_policy_where_a_value_passes_through_is_refused() {
    let policies = [
        r#""capabilities": {"only": ["read"]}"#,
        r#""builtin_tools": {"disable": "*"}"#,
        r#""only": ["view"]"#,
        r#""disable": "*""#,
        r#""mcp_tools": "none""#,
    ];
    for policy in policies {
        for text in [
            format!(r#"{{"tools": [{{"kind": "mcp", "name": "gh", {policy}}}]}}"#),
            format!(
                r#"{{"tools": [{{"kind": "function", "name": "f"}}], "customAgents": [{{"name": "a", {policy}}}]}}"#
            ),
            format!(r#"{{"tools": [], "defaultAgent": {{"excludedTools": [], {policy}}}}}"#),
            format!(r#"{{"tools": [], "metadata": {{"x": {{{policy}}}}}}}"#),
        ] {
            assert_eq!(check("copilot", &text), [Some(1); 2], "{text}");
        }
    }
    // `only` and `disable` at a Copilot definition's top level.
    for key in ["only", "disable", "ONLY", "Disable"] {
        let text = format!(r#"{{"tools": [], "{key}": ["bash"]}}"#);
        let (code, stderr) = resolve("copilot", &text);
        assert_eq!(code, Some(1), "{text}");
        assert!(stderr.contains("governs tools only in a selection"), "{stderr}");
    }
}

#[test]
fn mcp_tools_has_one_home_and_every_other_place_says_so() {
    for (runtime, text) in [
        ("claude-code", r#"{"capabilities": {"only": ["read"]}, "mcp_tools": "none"}"#),
        ("claude-code", r#"{"builtin_tools": {"only": ["Read"]}, "mcp_tools": "none"}"#),
        ("gemini-cli", r#"{"builtin_tools": {"only": ["read_file"]}, "mcp_tools": "none"}"#),
        ("copilot", r#"{"tools": [], "mcp_tools": "none"}"#),
        ("copilot", r#"{"capabilities": {"only": ["read"]}, "MCP-Tools": "none"}"#),
        ("claude-code", r#"{"only": ["Read"], "mcp_tools": "none"}"#),
    ] {
        let (code, stderr) = resolve(runtime, text);
        assert_eq!(code, Some(1), "{runtime}: {text}");
        assert!(stderr.contains("inside `capabilities` beside `only` or `disable`"), "{stderr}");
    }
    // Where it belongs, it is read.
    assert_eq!(check("claude-code", r#"{"capabilities": {"only": ["read"], "mcp_tools": "none"}}"#), [Some(0); 2]);
}

#[test]
fn look_alike_kinds_nested_in_a_tools_item_are_refused() {
    // `kind` in mathematical bold, monospace and sans-serif, full-width, Cyrillic.
    for kind in ["\u{1d424}\u{1d422}\u{1d427}\u{1d41d}", "\u{1d694}\u{1d692}\u{1d697}\u{1d68d}", "ｋｉｎｄ", "kіnd"]
    {
        let text = format!(
            r#"{{"tools": [{{"kind": "mcp", "name": "gh", "config": {{"{kind}": "github-cli-builtin-tools"}}}}]}}"#
        );
        assert_eq!(check("copilot", &text), [Some(1); 2], "{kind}");
    }
    // `tools` in Armenian and Cyrillic letters beside a selection holder.
    for tools in ["tօօlѕ", "tооls"] {
        let text = format!(r#"{{"builtin_tools": null, "{tools}": ["Bash"]}}"#);
        assert_eq!(check("claude-code", &text), [Some(1); 2], "{tools}");
    }
}

#[test]
fn diff_names_every_widening() {
    let dir = std::env::temp_dir().join(format!("tool-policy-widening-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let diff = |runtime: &str, old: &str, new: &str| {
        let (old_path, new_path) = (dir.join("old.json"), dir.join("new.json"));
        std::fs::write(&old_path, old).unwrap();
        std::fs::write(&new_path, new).unwrap();
        let output = cli(&["diff", "--runtime", runtime, old_path.to_str().unwrap(), new_path.to_str().unwrap()], "");
        (output.status.code(), String::from_utf8(output.stdout).unwrap())
    };
    let (code, out) = diff(
        "claude-code",
        r#"{"capabilities": {"disable": "*", "mcp_tools": "none"}}"#,
        r#"{"capabilities": {"disable": "*"}}"#,
    );
    assert_eq!((code, out.as_str()), (Some(1), "+ mcp__* (was removed by its deny rule, now no deny rule)\n"));
    let agent = |command: &str| {
        format!(
            r#"{{"builtin_tools": {{"only": ["Read", "Agent"]}}, "agents": {{"r": {{"description": "d", "prompt": "p", "mcpServers": {{"gh": {{"command": "{command}"}}}}}}}}}}"#
        )
    };
    let (code, out) = diff("claude-code", &agent("gh-mcp"), &agent("curl"));
    assert_eq!(code, Some(1));
    assert_eq!(out, "~ agent r: MCP server gh (was {\"command\":\"gh-mcp\"}, now {\"command\":\"curl\"})\n");
    // A Copilot definition's other tool entries and its agents' MCP servers reach tools too.
    let (code, out) = diff(
        "copilot",
        r#"{"tools": [{"kind": "mcp", "name": "gh", "args": ["a"]}], "customAgents": [{"name": "x", "mcpServers": {}}]}"#,
        r#"{"tools": [{"kind": "mcp", "name": "gh", "args": ["b"]}], "customAgents": [{"name": "x", "mcpServers": {"s": {"command": "c", "tools": ["*"]}}}]}"#,
    );
    assert_eq!(code, Some(1));
    assert!(out.contains("~ tool entry mcp gh (was {\"args\":[\"a\"],"), "{out}");
    assert!(
        out.contains("+ agent x: MCP server s (was not given, now {\"command\":\"c\",\"tools\":[\"*\"]})"),
        "{out}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn attestation_refuses_a_transcript_it_cannot_read_whole() {
    let dir = std::env::temp_dir().join(format!("tool-policy-transcripts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let policy = dir.join("policy.json");
    std::fs::write(&policy, r#"{"builtin_tools": {"only": ["Read", "Agent"]}}"#).unwrap();
    let attest = |lines: &[&str]| {
        let transcript = dir.join("transcript.jsonl");
        std::fs::write(&transcript, lines.join("\n")).unwrap();
        let args = ["attest", "--runtime", "claude-code", policy.to_str().unwrap(), transcript.to_str().unwrap()];
        cli(&args, "").status.code()
    };
    let init = r#"{"type":"system","subtype":"init","tools":["Read","Agent"]}"#;
    for line in [
        r#"{"type":"assistant","message":{"content":{"type":"tool_use","name":"Bash"}}}"#,
        r#"{"type":"assistant","message":[{"content":[{"type":"tool_use","name":"Bash"}]}]}"#,
        r#"{"type":7,"message":{"content":[{"type":"tool_use","name":"Bash"}]}}"#,
        r#"[{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Bash"}]}}]"#,
        r#"{"type":"system","subtype":"init ","tools":["Bash"]}"#,
        r#"{"type":"system","subtype":"INIT","tools":["Bash"]}"#,
    ] {
        assert_eq!(attest(&[init, line]), Some(2), "{line}");
    }
    // Any non-null parent that names no delegation is the main agent's call: judged so.
    for parent in ["0", "false", r#""""#] {
        let line = format!(
            r#"{{"type":"assistant","parent_tool_use_id":{parent},"message":{{"content":[{{"type":"tool_use","id":"t","name":"Bash"}}]}}}}"#
        );
        assert_ne!(attest(&[init, &line]), Some(0), "{parent}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}
