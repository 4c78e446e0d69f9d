//! MCP tools by server and by tool (SPEC §2, §7): one vocabulary in the portable policy
//! (`"mcp_tools": {"only" | "disable": ["github", "github/create_issue"]}`) written in each
//! runtime's own grammar or refused with the reason; Claude Code's main selection taking
//! `mcp__<server>__<tool>` as a deny rule; `explain`, `diff` and `attest` per MCP tool; and the
//! `agent-inherits-mcp` lint.

mod support;

use serde_json::{Value, json};
use tool_policy::json::{LoadError, load_claude_code};
use tool_policy::{Capability, ClaudeCodeArgs, McpRef, McpTools, Portable, builtin_tools};

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = support::tool_policy(args, stdin);
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

/// What `resolve --runtime RUNTIME` prints for `document`, or its refusal's stderr.
fn resolve(runtime: &str, document: &Value) -> Result<Value, String> {
    let (code, stdout, stderr) = run(&["resolve", "--runtime", runtime], &document.to_string());
    match code {
        0 => Ok(serde_json::from_str(&stdout).unwrap()),
        _ => Err(stderr),
    }
}

fn refs(texts: &[&str]) -> Vec<McpRef> {
    texts.iter().map(|text| text.parse().unwrap()).collect()
}

#[test]
fn the_portable_vocabulary_in_each_runtimes_grammar() {
    // Only some: an allow-list where the runtime has one.
    let only = json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": ["github/create_issue", "docs"]}}});
    let gemini = resolve("gemini-cli", &only).unwrap();
    let core = &gemini["settings"]["tools"]["core"];
    assert_eq!(
        core.as_array().unwrap().iter().rev().take(2).collect::<Vec<_>>(),
        [&json!("mcp_docs_*"), &json!("mcp_github_create_issue")]
    );
    let opencode = resolve("opencode", &only).unwrap();
    assert_eq!(opencode["permission"]["github_create_issue"], "allow");
    assert_eq!(opencode["permission"]["docs_*"], "allow");
    assert_eq!(opencode["permission"]["*"], "deny");
    // Copilot names one MCP tool or every one: a whole server is refused with the reason.
    let refused = resolve("copilot", &only).unwrap_err();
    assert!(
        refused.contains(
            "/capabilities/mcp_tools: the Copilot CLI cannot say `mcp_tools` only [github/create_issue, docs]"
        ),
        "{refused}"
    );
    assert!(refused.contains("no pattern names one server's"), "{refused}");
    let tools_only = json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": ["github/create_issue"]}}});
    let copilot = resolve("copilot", &tools_only).unwrap();
    let available: Vec<&str> = copilot["availableTools"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(available.ends_with(&["custom:*", "mcp:github-create_issue"]), "{available:?}");
    assert!(!available.contains(&"mcp:*"));
    // Claude Code has no allow-list of MCP tools.
    let refused = resolve("claude-code", &only).unwrap_err();
    assert!(refused.contains("/capabilities/mcp_tools: the Claude Code CLI cannot say `mcp_tools` only"), "{refused}");
    assert!(refused.contains("`--tools` lists built-ins and never limits MCP tools"), "{refused}");

    // Every one but some: deny rules where the runtime has them.
    let disable =
        json!({"capabilities": {"only": ["read"], "mcp_tools": {"disable": ["github/create_issue", "mail"]}}});
    let claude = resolve("claude-code", &disable).unwrap();
    let args: Vec<&str> = claude["args"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(args.contains(&"--disallowedTools=mcp__github__create_issue,mcp__mail"), "{args:?}");
    let tools_disable =
        json!({"capabilities": {"disable": ["web"], "mcp_tools": {"disable": ["github/create_issue"]}}});
    let copilot = resolve("copilot", &tools_disable).unwrap();
    assert_eq!(copilot["excludedTools"], json!(["mcp:github-create_issue"]));
    assert_eq!(copilot["availableTools"].as_array().unwrap().last(), Some(&json!("mcp:*")), "the rest stays");
    for (runtime, why) in [
        (
            "gemini-cli",
            "the Gemini CLI cannot say `mcp_tools` all but [github/create_issue, mail]: a portable policy is written as `tools.core`",
        ),
        ("opencode", "the OpenCode CLI cannot say `mcp_tools` all but [github/create_issue, mail]"),
    ] {
        let refused = resolve(runtime, &disable).unwrap_err();
        assert!(refused.contains(&format!("/capabilities/mcp_tools: {why}")), "{runtime}: {refused}");
    }
    // A server name the grammar cannot hold apart from its tools.
    let underscore = json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": ["my_server/tool"]}}});
    for runtime in ["gemini-cli", "opencode"] {
        let refused = resolve(runtime, &underscore).unwrap_err();
        assert!(refused.contains("a server name holding `_` cannot be told apart"), "{runtime}: {refused}");
    }
    let doubled = json!({"capabilities": {"only": ["read"], "mcp_tools": {"disable": ["my__server"]}}});
    assert!(resolve("claude-code", &doubled).unwrap_err().contains("holding `__` or ending in `_`"));
    // A server named as the host names it is written as each runtime sanitizes it.
    let dotted = json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": ["my.server/get item"]}}});
    let core = resolve("gemini-cli", &dotted).unwrap()["settings"]["tools"]["core"].clone();
    assert_eq!(core.as_array().unwrap().last(), Some(&json!("mcp_my.server_get_item")));
    let copilot = resolve("copilot", &dotted).unwrap();
    assert_eq!(copilot["availableTools"].as_array().unwrap().last(), Some(&json!("mcp:my-server-get-item")));
    let refused = resolve("opencode", &dotted).unwrap_err();
    assert!(refused.contains("(other characters written `_`), so a server name holding `_`"), "{refused}");
    let spaced = json!({"capabilities": {"disable": ["web"], "mcp_tools": {"disable": ["Postgres MCP/drop table"]}}});
    let claude = resolve("claude-code", &spaced).unwrap();
    assert!(claude["args"].as_array().unwrap().contains(&json!("--disallowedTools=mcp__Postgres_MCP__drop_table")));
    let long = format!("s/{}", "t".repeat(60));
    let refused = resolve("gemini-cli", &json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": [long]}}}));
    assert!(refused.unwrap_err().contains("at most 63 in all"));
}

#[test]
fn the_portable_mcp_value_is_read_closed_world() {
    let pointers = |mcp: Value| -> Vec<(String, String)> {
        let text = json!({"capabilities": {"only": ["read"], "mcp_tools": mcp}}).to_string();
        match load_claude_code(&text) {
            Err(LoadError::Invalid(report)) => {
                report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect()
            }
            other => panic!("{text} must be refused, got {other:?}"),
        }
    };
    let at = "/capabilities/mcp_tools";
    let mut errors = pointers(json!({"disable": ["a/b/c", "github", "github", 3]}));
    errors.sort();
    assert_eq!(
        errors.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(),
        [format!("{at}/disable/0"), format!("{at}/disable/2"), format!("{at}/disable/3")]
    );
    assert!(errors[0].1.contains(
        "`a/b/c` is not an MCP server or tool: write `<server>` or `<server>/<tool>`, names as the host gives them"
    ));
    assert!(errors[1].1.contains("listed twice"), "{}", errors[1].1);
    assert!(errors[2].1.contains("found a number"), "{}", errors[2].1);
    assert_eq!(pointers(json!({"disable": "github"}))[0].0, format!("{at}/disable"));
    assert_eq!(pointers(json!({"only": [], "disable": []}))[0].0, at);
    assert_eq!(pointers(json!({}))[0].0, at);
    // A near miss of a key, and a governing word of another place, are refused where written.
    assert_eq!(pointers(json!({"disabel": ["a"]}))[0].0, format!("{at}/disabel"));
    assert_eq!(pointers(json!({"disable": ["a"], "builtin_tools": {}}))[0].0, format!("{at}/builtin_tools"));
    let unknown = pointers(json!("all"));
    assert!(unknown[0].1.contains("write `\"none\"`, `{\"only\": [..]}` or `{\"disable\": [..]}`"), "{}", unknown[0].1);
    assert!(pointers(json!(true))[0].1.contains("found a boolean"));
}

#[test]
fn the_macro_the_code_and_json_give_one_value() {
    let from_macro: ClaudeCodeArgs = builtin_tools! {
        runtime: claude_code,
        capabilities: { only: [read, search], mcp_tools: { disable: ["github/create_issue", "mail"] } }
    };
    let text =
        r#"{"capabilities": {"only": ["read", "search"], "mcp_tools": {"disable": ["github/create_issue", "mail"]}}}"#;
    let from_json = load_claude_code(text).unwrap().args();
    let portable = Portable::only([Capability::Read, Capability::Search])
        .with_mcp(McpTools::Disable(refs(&["github/create_issue", "mail"])));
    assert_eq!(from_macro, from_json);
    assert_eq!(ClaudeCodeArgs::from_portable(&portable), Ok(from_json));
    let gemini: tool_policy::GeminiSelection = builtin_tools! {
        runtime: gemini_cli,
        capabilities: { only: [read], mcp_tools: { only: ["echo/echo"] } }
    };
    let text = r#"{"capabilities": {"only": ["read"], "mcp_tools": {"only": ["echo/echo"]}}}"#;
    assert_eq!(Some(gemini), tool_policy::json::load_gemini_cli(text).unwrap().selection);
    // The portable policy's own JSON is what it was read from.
    assert_eq!(
        serde_json::to_value(&portable).unwrap(),
        json!({"only": ["read", "search"], "mcp_tools": {"disable": ["github/create_issue", "mail"]}})
    );
}

#[test]
fn claude_codes_main_selection_takes_mcp_deny_rules() {
    let args = |text: &str| load_claude_code(text).unwrap_or_else(|e| panic!("{text}: {e}")).args().args();
    assert_eq!(
        args(r#"{"disable": ["Bash", "mcp__github__create_issue", "mcp__mail", "mcp__docs__*"]}"#),
        ["--disallowedTools=Bash,mcp__github__create_issue,mcp__mail,mcp__docs", "--strict-mcp-config"]
    );
    assert_eq!(
        args(r#"{"disable": ["mcp__github__create_issue"]}"#),
        ["--disallowedTools=mcp__github__create_issue", "--strict-mcp-config"]
    );
    assert_eq!(
        args(r#"{"builtin_tools": {"disable": ["mcp__*"]}}"#),
        ["--disallowedTools=mcp__*", "--strict-mcp-config"]
    );
    let refused = |text: &str| match load_claude_code(text) {
        Err(LoadError::Invalid(report)) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
        other => panic!("{text} must be refused, got {other:?}"),
    };
    let errors: Vec<(String, String)> = refused(r#"{"only": ["Read", "mcp__github__create_issue"]}"#);
    assert_eq!(errors[0].0, "/only/1");
    assert!(errors[0].1.contains("`--tools` lists built-ins and never limits MCP tools"), "{}", errors[0].1);
    let errors = refused(r#"{"disable": ["mcp__a_", "mcp__x", "mcp__x__*", "mcp__"]}"#);
    let at: Vec<&str> = errors.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(at, ["/disable/0", "/disable/2", "/disable/3"]);
    assert!(errors[0].1.contains("is not an MCP rule Claude Code matches"));
    assert!(errors[1].1.contains("listed twice"), "the same server twice: {}", errors[1].1);
    // A server's name as the host gives it, where the CLI writes `.` as `_`: the rule it matches.
    let errors = refused(
        r#"{"builtin_tools": {"disable": ["mcp__echo.v2__ping_tool"]}, "agents": {"a": {"description": "d", "prompt": "p", "tools": ["mcp__my.srv"]}}}"#,
    );
    let at: Vec<&str> = errors.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(at, ["/builtin_tools/disable/0", "/agents/a/tools/0"]);
    assert!(errors[0].1.ends_with("did you mean `mcp__echo_v2__ping_tool`?"), "{}", errors[0].1);
    assert!(errors[1].1.ends_with("did you mean `mcp__my_srv`?"), "{}", errors[1].1);
}

#[test]
fn explain_diff_and_attest_speak_of_one_mcp_tool() {
    let policy = r#"{"builtin_tools": {"disable": ["mcp__github__create_issue"]}, "agents": {
        "reviewer": {"description": "d", "prompt": "p", "tools": ["Read", "mcp__github"]},
        "helper": {"description": "d", "prompt": "p"}}}"#;
    let (code, out, _) = run(
        &["explain", "--runtime", "claude-code", "-", "mcp__github__create_issue", "mcp__github__list_issues"],
        policy,
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "mcp__github__create_issue: removed by the deny rule `mcp__github__create_issue`\nmcp__github__list_issues: offered: no deny rule names it\n"
    );
    let (_, out, _) = run(
        &[
            "explain",
            "--runtime",
            "claude-code",
            "--agent",
            "reviewer",
            "-",
            "mcp__github__list_issues",
            "mcp__mail__send",
        ],
        policy,
    );
    assert_eq!(
        out,
        "mcp__github__list_issues: offered to agent `reviewer` (a rule of its `tools` names it)\nmcp__mail__send: not offered to agent `reviewer` (no rule of its `tools` names it)\n"
    );
    let (_, out, _) =
        run(&["explain", "--runtime", "claude-code", "--agent", "helper", "-", "mcp__github__create_issue"], policy);
    assert!(out.contains("not offered to agent `helper` (the main agent is not: removed by the deny rule"), "{out}");

    // One MCP tool more or less is a line of the diff.
    let dir = std::env::temp_dir().join(format!("tool-policy-mcp-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (old, new) = (dir.join("old.json"), dir.join("new.json"));
    std::fs::write(&old, r#"{"disable": ["Bash", "mcp__github__create_issue"]}"#).unwrap();
    std::fs::write(&new, r#"{"disable": ["Bash", "mcp__mail"]}"#).unwrap();
    let (code, out, _) = run(&["diff", "--runtime", "claude-code", old.to_str().unwrap(), new.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(out.contains("+ mcp__github__create_issue (was removed by its deny rule, now no deny rule)"), "{out}");
    assert!(out.contains("- mcp__mail (was no deny rule, now removed by its deny rule)"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);

    // A call of a removed MCP tool is a violation; the other tool of its server is not.
    let init = json!({"type": "system", "subtype": "init", "session_id": "s", "tools": ["Read", "mcp__github__create_issue", "mcp__github__list_issues"]});
    let dir = std::env::temp_dir().join(format!("tool-policy-mcp-attest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (policy_file, observed) = (dir.join("policy.json"), dir.join("observed.json"));
    std::fs::write(&policy_file, r#"{"disable": ["mcp__github__create_issue"]}"#).unwrap();
    std::fs::write(&observed, format!("{init}\n")).unwrap();
    let args = ["attest", "--runtime", "claude-code", "--mcp-server", "github"];
    let (code, _, err) = run(&[&args[..], &[policy_file.to_str().unwrap(), observed.to_str().unwrap()]].concat(), "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("mcp__github__create_issue: offered, but the policy takes it away: removed by the deny rule `mcp__github__create_issue`"), "{err}");
    assert!(!err.contains("mcp__github__list_issues"), "{err}");
    // A server the host names `my.server` offers its tools as `mcp__my_server__<tool>`.
    std::fs::write(
        &policy_file,
        r#"{"capabilities": {"disable": ["web"], "mcp_tools": {"disable": ["my.server/get"]}}}"#,
    )
    .unwrap();
    let init = json!({"type": "system", "subtype": "init", "session_id": "s", "tools": ["Read", "mcp__my_server__get", "mcp__my_server__put"]});
    std::fs::write(&observed, format!("{init}\n")).unwrap();
    let args = ["attest", "--runtime", "claude-code", "--mcp-server", "my_server"];
    let (code, _, err) = run(&[&args[..], &[policy_file.to_str().unwrap(), observed.to_str().unwrap()]].concat(), "");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "mcp__my_server__get: offered, but the policy takes it away: removed by the deny rule `mcp__my_server__get`"
        ),
        "{err}"
    );
    assert!(!err.contains("mcp__my_server__put"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_agent_without_its_own_list_inherits_every_mcp_tool() {
    let lints = |text: &str| -> Vec<(String, String)> {
        let read = load_claude_code(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let warnings = read.warnings.into_iter().map(|w| (w.pointer, w.item.to_string()));
        warnings.filter(|(_, w)| !w.starts_with("open-to-new-builtins")).collect()
    };
    let agents = json!({
        "open": {"description": "d", "prompt": "p"},
        "listed": {"description": "d", "prompt": "p", "tools": ["Read"]},
        "no-mcp": {"description": "d", "prompt": "p", "disallowedTools": ["mcp__*"]}
    });
    let found = lints(&json!({"builtin_tools": {"disable": []}, "agents": agents}).to_string());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "/agents/open");
    assert!(found[0].1.starts_with("agent-inherits-mcp: `agent open`: it has no `tools` of its own"), "{}", found[0].1);
    // A session that keeps no MCP tool gives the agent none to inherit.
    let none = json!({"builtin_tools": {"disable": ["mcp__*"]}, "agents": agents});
    assert!(lints(&none.to_string()).is_empty());
    // --strict refuses it, --allow silences it.
    let text = json!({"builtin_tools": {"only": ["Read", "Agent"]}, "agents": agents}).to_string();
    let (code, _, err) = run(&["check", "--runtime", "claude-code", "--strict", "-"], &text);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("/agents/open: agent-inherits-mcp"), "{err}");
    let (code, _, err) =
        run(&["check", "--runtime", "claude-code", "--strict", "--allow", "agent-inherits-mcp", "-"], &text);
    assert_eq!(code, 0, "{err}");

    // Copilot: a custom agent with no `tools` reaches every tool of the session.
    let definition = |policy: Value| {
        json!({"tools": [policy], "customAgents": [{"name": "open"}, {"name": "listed", "tools": ["view"]}, {"name": "nulled", "tools": null}]})
            .to_string()
    };
    let copilot = |text: &str| -> Vec<String> {
        let read = tool_policy::json::load_definition(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let inherits = read.warnings().iter().filter(|w| w.item.to_string().starts_with("agent-inherits-mcp"));
        inherits.map(|w| w.pointer.clone()).collect()
    };
    let keeps = definition(json!({"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["view"]}}));
    assert_eq!(copilot(&keeps), ["/customAgents/0", "/customAgents/2"]);
    let no_mcp = definition(json!({"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["mcp:*"]}}));
    assert!(copilot(&no_mcp).is_empty());
}
