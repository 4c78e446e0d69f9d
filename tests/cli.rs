//! The `tool-policy` command: output, exit codes and error lines.

mod support;

use std::process::Output;

use serde_json::{Value, json};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    support::tool_policy(args, stdin.unwrap_or(""))
}

fn stdout_json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn resolve_a_shipped_example() {
    let output = run(&["resolve", "examples/agents/locked-down.json"], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout_json(&output),
        json!({"clientMode": "empty", "availableTools": ["mcp:*"], "toolFilterPrecedence": "excluded"})
    );
}

#[test]
fn resolve_from_stdin_both_ways() {
    let entry = r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"isolated": true}}"#;
    for args in [&["resolve"][..], &["resolve", "-"], &["resolve", "--runtime", "copilot", "-"]] {
        let output = run(args, Some(entry));
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout_json(&output)["excludedTools"].as_array().unwrap().len(), 10);
    }
}

#[test]
fn invalid_documents_exit_1_with_one_line_per_error() {
    let document = r#"{"tools": [{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["foo:bar", "bash*"]}, "client-mode": "empty", "extra": 1}]}"#;
    let output = run(&["resolve", "-"], Some(document));
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let lines: Vec<String> = stderr(&output).lines().map(str::to_owned).collect();
    let pointers: Vec<&str> = lines.iter().map(|l| l.split(": ").next().unwrap()).collect();
    assert_eq!(pointers, ["/tools/0/extra", "/tools/0/available-tools/tools/0", "/tools/0/available-tools/tools/1"]);
    assert!(lines[1].ends_with("unknown source `foo` in `foo:bar`; expected `builtin`, `custom` or `mcp`"));
}

#[test]
fn the_root_pointer_is_empty() {
    let output = run(&["resolve", "-"], Some("[]"));
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).starts_with(": expected an agent definition object, found an array"));
}

#[test]
fn usage_io_and_not_json_exit_2() {
    for (args, stdin) in [
        (&["resolve", "-"][..], Some("{not json")),
        (&["resolve", "/nonexistent/file.json"], None),
        (&["frobnicate"], None),
        (&[], None),
        (&["resolve", "--runtime", "cursor", "-"], Some("{}")),
        (&["resolve", "--runtime", "claude", "-"], Some("{}")),
        (&["resolve", "a", "b"], None),
        (&["resolve", "--bogus"], None),
        (&["schema", "extra"], None),
    ] {
        let output = run(args, stdin);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).starts_with("tool-policy: "), "{args:?}");
    }
    let output = run(&["resolve", "--runtime", "cursor", "-"], Some("{}"));
    assert!(stderr(&output).contains("unknown runtime `cursor`"));
    let output = run(&["frobnicate"], None);
    assert!(stderr(&output).contains("unknown command `frobnicate`"));
    let output = run(&["reslove"], None);
    assert!(stderr(&output).contains("did you mean `resolve`?"));
}

#[test]
fn warnings_go_to_stderr_and_keep_exit_0() {
    let output =
        run(&["resolve", "-"], Some(r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bsah"]}}"#));
    assert_eq!(output.status.code(), Some(0));
    assert!(stderr(&output).starts_with("warning: /excluded-tools/tools/0: `bsah` is not a built-in tool"));
    assert!(stderr(&output).contains("did you mean `bash`?"));
}

#[test]
fn check_reports_each_file() {
    let dir = std::env::temp_dir().join(format!("tool-policy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {}}"#).unwrap();
    let bad = bad.to_str().unwrap();
    let output = run(&["check", "examples/agents/mcp-only.json", bad], None);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    assert_eq!(stdout, format!("examples/agents/mcp-only.json: ok\n{bad}: invalid\n"));
    assert_eq!(stderr(&output), format!("{bad}: /excluded-tools: {}\n", tool_policy::Error::EmptySelector));
    let output = run(&["check", "examples/agents/mcp-only.json", "/nonexistent"], None);
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn explain_names_the_deciding_pattern() {
    let output = run(
        &[
            "explain",
            "examples/agents/review-only.json",
            "builtin:bash",
            "view",
            "mcp:github-list_issues",
            "custom:mine",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "builtin:bash: not offered (no allow-list pattern matches)\n\
         builtin:view: offered (allowed by `builtin:view`, no excluded pattern matches)\n\
         mcp:github-list_issues: offered (allowed by `mcp:*`, no excluded pattern matches)\n\
         custom:mine: offered (allowed by `custom:*`, no excluded pattern matches)\n"
    );
    let output = run(&["explain", "examples/agents/mcp-only.json", "builtin:veiw"], None);
    assert!(stderr(&output).contains("did you mean `view`?"));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "builtin:veiw: not offered (no allow-list pattern matches)\n"
    );
    // The whole catalog, then what it grants, capability by capability (SPEC §7).
    let output = run(&["explain", "examples/agents/mcp-only.json"], None);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 32 + 13);
    assert!(stdout.ends_with("capability mcp: not granted\ncapability meta: not granted\n"), "{stdout}");
    let output = run(&["explain", "examples/agents/mcp-only.json", "nope:x"], None);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn claude_code_runtime() {
    let output = run(&["resolve", "--runtime", "claude-code", "examples/claude/gui-only.json"], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_json(&output), json!({"args": ["--tools=", "--strict-mcp-config"], "cliVersion": "2.1.332"}));
    let output =
        run(&["resolve", "--runtime", "claude-code", "-"], Some(r#"{"builtin_tools": {"only": ["Read", "Glob2"]}}"#));
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).starts_with("/builtin_tools/only/1: 'Glob2' is not one of ['Agent', "));
    let output = run(&["resolve", "--runtime", "claude-code", "-"], Some(r#"{"only": ["Task"]}"#));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_json(&output)["args"], json!(["--tools=Agent", "--strict-mcp-config"]));
    assert!(stderr(&output).contains("`Task` is a legacy name of `Agent`"));
    let output = run(&["explain", "--runtime", "claude-code", "examples/claude/no-web.json", "WebFetch", "Read"], None);
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "WebFetch: not permitted (listed in `disable`)\nRead: permitted (not disabled; offered when the CLI offers it by default)\n"
    );
}

#[test]
fn schema_is_the_shipped_file() {
    let output = run(&["schema"], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_json(&output), serde_json::from_str::<Value>(tool_policy::schema::SCHEMA).unwrap());
}

#[test]
fn help_for_each_command() {
    for command in ["resolve", "check", "explain", "schema"] {
        let output = run(&[command, "--help"], None);
        assert_eq!(output.status.code(), Some(0));
        assert!(String::from_utf8(output.stdout).unwrap().starts_with(&format!("tool-policy {command}")));
    }
    assert_eq!(run(&["--help"], None).status.code(), Some(0));
}

/// The exit code and the pointer of each stderr line.
fn refusal(args: &[&str], stdin: &str) -> (Option<i32>, Vec<String>) {
    let output = run(args, Some(stdin));
    let pointers = stderr(&output).lines().map(|l| l.split(": ").next().unwrap_or_default().to_owned()).collect();
    (output.status.code(), pointers)
}

#[test]
fn a_key_given_twice_is_refused_by_every_reader() {
    let claude = ["resolve", "--runtime", "claude-code", "-"];
    let cases: [(&[&str], &str, &str); 5] = [
        (&claude, r#"{"only":["Read"],"only":["Bash","Write"]}"#, "/only"),
        (&claude, r#"{"builtin_tools":{"disable":"*"},"builtin_tools":null}"#, "/builtin_tools"),
        (&claude, r#"{"builtin_tools":{"only":["Read"],"disable":"*","only":[]}}"#, "/builtin_tools/only"),
        (
            &["resolve", "-"],
            r#"{"tools":[],"customAgents":[{"name":"a","tools":["view"],"tools":null}]}"#,
            "/customAgents/0/tools",
        ),
        (
            &["resolve", "-"],
            r#"{"kind":"github-cli-builtin-tools","excluded-tools":{"tools":["*"]},"excluded-tools":{"tools":[]}}"#,
            "/excluded-tools",
        ),
    ];
    for (args, document, pointer) in cases {
        let (code, pointers) = refusal(args, document);
        assert_eq!(code, Some(1), "{document}");
        assert!(pointers.iter().any(|p| p == pointer), "{document}: {pointers:?}");
    }
    let check = run(&["check", "--runtime", "claude-code", "-"], Some(r#"{"only":["Read"],"only":[]}"#));
    assert_eq!(check.status.code(), Some(1));
    assert_eq!(stderr(&check).trim(), "standard input: /only: `only` is given twice; give each key once");
}

#[test]
fn an_input_with_no_policy_is_an_error() {
    let cases: [(&[&str], &str, &str); 5] = [
        (&["resolve", "-"], r#"{"kind":"github-cli-builtin-tool","excluded-tools":{"tools":["*"]}}"#, "/kind"),
        (&["resolve", "-"], r#"{"excluded-tools":{"tools":["*"]}}"#, ""),
        (&["resolve", "--runtime", "claude-code", "-"], r#"{"tools":["Read"]}"#, ""),
        (&["resolve", "--runtime", "claude-code", "-"], "{}", ""),
        (&["resolve", "--runtime", "claude-code", "-"], r#"{"builtin_tools":null,"only":["Read"]}"#, "/only"),
    ];
    for (args, document, pointer) in cases {
        let (code, pointers) = refusal(args, document);
        assert_eq!((code, pointers), (Some(1), vec![pointer.to_owned()]), "{document}");
    }
    let none = run(&["resolve", "--runtime", "claude-code", "-"], Some(r#"{"builtin_tools": null}"#));
    assert_eq!(none.status.code(), Some(0));
    assert_eq!(stdout_json(&none), json!({"args": [], "cliVersion": "2.1.332"}));
}

#[test]
fn strict_turns_warnings_into_errors() {
    let document = r#"{"kind":"github-cli-builtin-tools","excluded-tools":{"tools":["bahs"]}}"#;
    let lenient = run(&["resolve", "-"], Some(document));
    assert_eq!(lenient.status.code(), Some(0));
    assert!(stderr(&lenient).starts_with("warning: /excluded-tools/tools/0: "));
    for command in ["resolve", "check", "explain"] {
        let output = run(&[command, "--strict", "-"], Some(document));
        assert_eq!(output.status.code(), Some(1), "{command}");
        let text = stderr(&output);
        assert!(text.contains("/excluded-tools/tools/0: `bahs` is not a built-in tool"), "{command}: {text}");
        assert!(text.trim_end().ends_with("(strict mode refuses this)"), "{command}: {text}");
    }
    let clean = r#"{"kind":"github-cli-builtin-tools","excluded-tools":{"tools":["bash"]}}"#;
    assert_eq!(run(&["check", "--strict", "-"], Some(clean)).status.code(), Some(1), "open to new built-ins");
    let allowed = run(&["check", "--strict", "--allow", "open-to-new-builtins", "-"], Some(clean));
    assert_eq!(allowed.status.code(), Some(0), "{}", stderr(&allowed));
    let alias = run(&["check", "--strict", "--runtime", "claude-code", "-"], Some(r#"{"only":["Task"]}"#));
    assert_eq!(alias.status.code(), Some(1));
    let explain = run(&["explain", "--strict", "examples/agents/mcp-only.json", "builtin:bahs"], None);
    assert_eq!(explain.status.code(), Some(1));
}

#[test]
fn nothing_from_a_document_can_forge_output() {
    let document = "{\"kind\":\"github-cli-builtin-tools\",\"a\\nb\":1,\"\\u001b]0;owned\\u0007\":2,\"excluded-tools\":{\"tools\":[\"x\\ny: fake error\",\"z\\u200b\"]}}";
    let output = run(&["check", "-"], Some(document));
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert_eq!(text.lines().count(), 4, "one line per error:\n{text}");
    assert!(!text.chars().any(|c| c.is_control() && c != '\n'), "no raw control character:\n{text:?}");
    assert!(text.contains(r"/a\nb: unknown key `a\nb`"), "{text}");
    assert!(text.contains(r"\u001b]0;owned\u0007"), "{text}");
    assert!(text.contains(r"\u200b"), "{text}");
}

#[test]
fn claude_code_explain_agrees_with_the_model() {
    let output = run(
        &["explain", "--runtime", "claude-code", "-", "Monitor", "PowerShell", "Read"],
        Some(r#"{"disable":["Bash"]}"#),
    );
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Monitor: not permitted (`disable` names `Bash`"), "{text}");
    assert!(lines[1].starts_with("PowerShell: not permitted (`disable` names `Bash`"), "{text}");
    assert!(lines[2].starts_with("Read: permitted"), "{text}");
}

#[test]
fn each_lint_is_raised_by_name_at_its_pointer() {
    let cases: [(&[&str], &str, &str, &str); 6] = [
        (
            &["check", "-"],
            r#"{"kind":"github-cli-builtin-tools","available-tools":{"tools":["bash","mcp:*"]},"excluded-tools":{"tools":["builtin:*"]}}"#,
            "dead-allow",
            "/available-tools/tools/0",
        ),
        (
            &["check", "-"],
            r#"{"kind":"github-cli-builtin-tools","available-tools":{"tools":["mcp:*"]},"excluded-tools":{"tools":["bash"]}}"#,
            "dead-deny",
            "/excluded-tools/tools/0",
        ),
        (
            &["check", "-"],
            r#"{"kind":"github-cli-builtin-tools","available-tools":{"tools":["view","custom:view"]}}"#,
            "shadows-builtin",
            "/available-tools/tools/1",
        ),
        (
            &["check", "-"],
            r#"{"tools":[{"kind":"github-cli-builtin-tools","excluded-tools":{"tools":["bash"]}}]}"#,
            "open-to-new-builtins",
            "/tools/0/excluded-tools",
        ),
        (
            &["check", "--runtime", "claude-code", "-"],
            r#"{"builtin_tools":{"disable":["Bash"]}}"#,
            "open-to-new-builtins",
            "/builtin_tools",
        ),
        (
            &["check", "-"],
            r#"{"tools":[{"kind":"github-cli-builtin-tools","available-tools":{"tools":["view"]}}],"customAgents":[{"name":"a","tools":["view","web"]}]}"#,
            "unreachable-agent-tool",
            "/customAgents/0/tools/1",
        ),
    ];
    for (args, document, lint, pointer) in cases {
        let lenient = run(args, Some(document));
        assert_eq!(lenient.status.code(), Some(0), "{document}");
        let text = stderr(&lenient);
        let expected = format!("standard input: warning: {pointer}: {lint}: ");
        assert!(text.lines().any(|l| l.starts_with(&expected)), "{lint}: {text}");
        let strict: Vec<&str> = args.iter().copied().chain(["--strict"]).collect();
        assert_eq!(run(&strict, Some(document)).status.code(), Some(1), "{lint} under --strict");
        let allowed: Vec<&str> = strict.iter().copied().chain(["--allow", lint]).collect();
        let output = run(&allowed, Some(document));
        assert!(!stderr(&output).contains(&format!(": {lint}: ")), "--allow {lint} silences it: {}", stderr(&output));
        assert_eq!(output.status.code(), Some(0), "{lint}: only that lint was raised: {}", stderr(&output));
    }
    let unknown = run(&["check", "--allow", "dead-alow", "-"], Some("{}"));
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("did you mean `dead-allow`?"), "{}", stderr(&unknown));
}

/// Writes `text` to a fresh file and returns its path (in a directory of its own: tests run
/// in parallel, and another test removes its own directory when done).
fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tool-policy-cli-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn diff_says_what_an_agent_gains_and_loses() {
    let old = file(
        "old.json",
        r#"{"kind":"github-cli-builtin-tools","available-tools":{"tools":["view","mcp:*"]},"excluded-tools":{"tools":["builtin:*"]}}"#,
    );
    let new = file(
        "new.json",
        r#"{"tools":[{"kind":"github-cli-builtin-tools","available-tools":{"tools":["view","bash","mcp:*"]}}]}"#,
    );
    let output = run(&["diff", &old, &new], None);
    assert_eq!(output.status.code(), Some(1), "something changes");
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "+ execute, read, search, edit, web: builtin:bash (was excluded by builtin:*, now offered by builtin:bash)\n\
         + read: builtin:view (was excluded by builtin:*, now offered by builtin:view)\n"
    );
    let back = run(&["diff", &new, &old], None);
    assert!(String::from_utf8(back.stdout).unwrap().starts_with(
        "- execute, read, search, edit, web: builtin:bash (was offered by builtin:bash, now excluded by builtin:*)\n"
    ));
    let json = run(&["diff", "--json", &old, &new], None);
    assert_eq!(json.status.code(), Some(1));
    assert_eq!(
        stdout_json(&json)[0],
        json!({"change": "+", "tool": "builtin:bash", "capabilities": ["execute", "read", "search", "edit", "web"], "was": "excluded by builtin:*", "now": "offered by builtin:bash"})
    );

    // The same policy written differently: bare against qualified names, another list order.
    let a = file("a.json", r#"{"kind":"github-cli-builtin-tools","excluded-tools":{"tools":["bash","web_fetch"]}}"#);
    let b = file(
        "b.json",
        r#"{"kind":"github-cli-builtin-tools","excluded-tools":{"tools":["builtin:web_fetch","builtin:bash"]}}"#,
    );
    let same = run(&["diff", &a, &b], None);
    assert_eq!(same.status.code(), Some(0));
    assert!(same.stdout.is_empty());
    assert_eq!(stdout_json(&run(&["diff", "--json", &a, &b], None)), json!([]));

    // Other changes: the client mode, a source closed to tools neither policy names.
    let locked = file(
        "locked.json",
        r#"{"kind":"github-cli-builtin-tools","client-mode":"empty","available-tools":{"tools":["view","mcp:*"]}}"#,
    );
    let other = String::from_utf8(run(&["diff", &a, &locked], None).stdout).unwrap();
    assert!(other.contains("~ client mode (was copilot-cli, now empty)\n"), "{other}");
    assert!(other.contains("- built-ins the pinned catalog (CLI 1.0.102) does not know (was offered, no allow-list, now not in the allow-list)\n"), "{other}");

    let c1 = file("c1.json", r#"{"disable":["WebFetch"]}"#);
    let c2 = file("c2.json", r#"{"builtin_tools":{"disable":["WebFetch","Bash"]}}"#);
    let claude = run(&["diff", "--runtime", "claude-code", &c1, &c2], None);
    assert_eq!(claude.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(claude.stdout).unwrap(),
        "- execute, read, search, edit, web: Bash (was not disabled, now listed in disable)\n\
         - execute, read, search, edit, web: Monitor (was not disabled, now disabled with Bash)\n\
         - execute, read, search, edit, web: PowerShell (was not disabled, now disabled with Bash)\n"
    );

    let broken = file("broken.json", r#"{"kind":"github-cli-builtin-tool"}"#);
    let trouble = run(&["diff", &a, &broken], None);
    assert_eq!(trouble.status.code(), Some(2), "an invalid document is trouble");
    assert!(stderr(&trouble).contains("broken.json: /kind: "), "{}", stderr(&trouble));
    assert_eq!(run(&["diff", &a], None).status.code(), Some(2), "usage");
}

#[test]
fn attest_checks_what_the_session_really_offers() {
    let locked = "examples/agents/locked-down.json";
    let observed = file(
        "metadata.json",
        r#"{"tools":[{"name":"echo-ping","mcpServerName":"echo","mcpToolName":"ping"},{"name":"bash"},{"name":"lookup"}]}"#,
    );
    let caught = run(&["attest", locked, &observed], None);
    assert_eq!(caught.status.code(), Some(1));
    assert_eq!(
        stderr(&caught),
        "builtin:bash: offered, but no allow-list pattern matches it\nbuiltin:lookup: offered, but no allow-list pattern matches it\n",
        "an undeclared name is a built-in, never custom"
    );
    let mcp_only = file("mcp.json", r#"{"tools":[{"name":"echo-ping","mcpServerName":"echo"}]}"#);
    let fine = run(&["attest", locked, &mcp_only], None);
    assert_eq!(fine.status.code(), Some(0), "{}", stderr(&fine));
    assert_eq!(String::from_utf8(fine.stdout).unwrap(), "attested: 1 tools offered, all allowed\n");

    let custom_policy = file(
        "custom.json",
        r#"{"kind":"github-cli-builtin-tools","client-mode":"empty","available-tools":{"tools":["custom:lookup"]}}"#,
    );
    let custom = file("custom-metadata.json", r#"{"result":{"tools":[{"name":"lookup"}]}}"#);
    assert_eq!(run(&["attest", &custom_policy, &custom], None).status.code(), Some(1), "not declared");
    let declared = run(&["attest", "--custom", "lookup", &custom_policy, &custom], None);
    assert_eq!(declared.status.code(), Some(0), "{}", stderr(&declared));

    let deny = file("deny.json", r#"{"kind":"github-cli-builtin-tools","excluded-tools":{"tools":["bash"]}}"#);
    let newer = file("newer.json", r#"{"tools":[{"name":"view"},{"name":"brand_new_tool"}]}"#);
    let drift = run(&["attest", &deny, &newer], None);
    assert_eq!(drift.status.code(), Some(0));
    assert!(
        stderr(&drift)
            .contains("warning: builtin:brand_new_tool: offered by the runtime, unknown to the pinned catalog")
    );
    let strict = run(&["attest", "--strict", "--allow", "open-to-new-builtins", &deny, &newer], None);
    assert_eq!(strict.status.code(), Some(1), "{}", stderr(&strict));
    assert!(
        stderr(&strict)
            .starts_with("builtin:brand_new_tool: offered, but it is unknown to the catalog of Copilot CLI 1.0.102")
    );

    let uninitialized = file("null.json", r#"{"tools": null}"#);
    let nothing = run(&["attest", locked, &uninitialized], None);
    assert_eq!(nothing.status.code(), Some(2));
    assert!(stderr(&nothing).contains("call `session.tools.initializeAndValidate` first"), "{}", stderr(&nothing));

    let reader = file("reader.json", r#"{"only":["Read","Agent"]}"#);
    let transcript = file(
        "transcript.jsonl",
        "{\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Task\",\"Read\",\"mcp__host__echo\"]}\n{\"type\":\"assistant\"}\n",
    );
    let claude = run(&["attest", "--runtime", "claude-code", &reader, &transcript], None);
    assert_eq!(claude.status.code(), Some(0), "`Task` is `Agent`: {}", stderr(&claude));
    let leaked = file("leaked.jsonl", "{\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\",\"Bash\"]}\n");
    let leak = run(&["attest", "--runtime", "claude-code", &reader, &leaked], None);
    assert_eq!(leak.status.code(), Some(1));
    assert_eq!(
        stderr(&leak),
        "note: Agent: allowed, but not offered\nBash: offered, but not permitted (not listed in `only`)\n"
    );
}

#[test]
fn resolve_output_escapes_what_could_forge_a_terminal() {
    let definition = json!({"builtin_tools": {"only": ["Read", "Agent"]}, "agents": {"a": {
        "description": "d\u{202e}\u{2028}\u{85}", "prompt": "p\u{1b}]0;x\u{7}", "tools": ["Read"]}}});
    let output = run(&["resolve", "--runtime", "claude-code", "-"], Some(&definition.to_string()));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    assert!(!text.chars().any(|c| (c.is_control() && c != '\n') || matches!(c, '\u{2028}' | '\u{202e}')), "{text:?}");
    let args = stdout_json(&output)["args"].clone();
    let agents =
        args.as_array().unwrap().iter().find_map(|a| a.as_str()?.strip_prefix("--agents=")).unwrap().to_owned();
    let agents: Value = serde_json::from_str(&agents).unwrap();
    assert_eq!(agents["a"]["description"], "d\u{202e}\u{2028}\u{85}", "the value the CLI receives is unchanged");
}

/// `tool-policy diff --runtime R OLD NEW` of two documents: exit code and stdout.
fn diff_documents(runtime: &str, old: &Value, new: &Value) -> (i32, String) {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("tool-policy-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let (old_file, new_file) = (dir.join(format!("old-{n}.json")), dir.join(format!("new-{n}.json")));
    std::fs::write(&old_file, old.to_string()).unwrap();
    std::fs::write(&new_file, new.to_string()).unwrap();
    let output = run(&["diff", "--runtime", runtime, old_file.to_str().unwrap(), new_file.to_str().unwrap()], None);
    (output.status.code().unwrap(), String::from_utf8(output.stdout).unwrap())
}

#[test]
fn diff_names_every_widening_of_an_agent() {
    let session = json!([{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["view", "bash"]}}]);
    let copilot = |agents: Value, default: Option<Value>| {
        let mut definition = json!({"name": "x", "tools": session, "customAgents": agents});
        if let Some(default) = default {
            definition["defaultAgent"] = default;
        }
        definition
    };
    let listed = json!([{"name": "r", "prompt": "p", "tools": ["view"]}]);
    let hides_bash = Some(json!({"excludedTools": ["bash"]}));
    let cases = [
        (
            copilot(listed.clone(), None),
            copilot(json!([{"name": "r", "prompt": "p", "tools": null}]), None),
            "+ agent r: every tool (was only its list, now tools: null",
        ),
        (copilot(listed.clone(), None), copilot(json!([{"name": "r", "prompt": "p"}]), None), "+ agent r: every tool"),
        (
            copilot(listed.clone(), None),
            copilot(json!([{"name": "r", "prompt": "p", "tools": ["view", "bash"]}]), None),
            "+ agent r: bash (was not listed, now listed)",
        ),
        (
            copilot(listed.clone(), None),
            copilot(
                json!([{"name": "r", "prompt": "p", "tools": ["view"]}, {"name": "n", "prompt": "p", "tools": null}]),
                None,
            ),
            "+ agent n: every tool (was no such agent",
        ),
        (
            copilot(listed.clone(), hides_bash.clone()),
            copilot(listed.clone(), None),
            "+ main agent: bash (was hidden by defaultAgent, now not hidden)",
        ),
        (
            copilot(listed.clone(), hides_bash),
            copilot(listed, Some(json!({"excludedTools": []}))),
            "+ main agent: bash",
        ),
    ];
    for (old, new, line) in cases {
        let (code, out) = diff_documents("copilot", &old, &new);
        assert_eq!(code, 1, "{old} -> {new}: {out}");
        assert!(out.contains(line), "{old} -> {new}: {out}");
    }
    let claude = |selection: Value, agent: Value| json!({"builtin_tools": selection, "agents": {"a": agent}});
    let only = json!({"only": ["Read", "Agent"]});
    let reader = json!({"description": "d", "prompt": "p", "tools": ["Read"]});
    let cases = [
        (
            claude(only.clone(), reader.clone()),
            claude(
                only.clone(),
                // Its own server reaches it whatever `tools` lists: it is listed whole.
                json!({"description": "d", "prompt": "p", "tools": ["Read", "mcp__gh"], "mcpServers": {"gh": {"command": "x"}}}),
            ),
            "+ agent a: MCP server gh (was not given, now {\"command\":\"x\"})",
        ),
        (
            claude(only.clone(), reader.clone()),
            claude(only.clone(), json!({"description": "d", "prompt": "p", "tools": ["Read", "mcp__gh"]})),
            "+ agent a: mcp__gh (was not listed in tools, now listed in tools)",
        ),
        (
            claude(only.clone(), json!({"description": "d", "prompt": "p", "disallowedTools": ["mcp__gh"]})),
            claude(only.clone(), json!({"description": "d", "prompt": "p"})),
            "+ agent a: mcp__gh (was listed in disallowedTools, now not listed in disallowedTools)",
        ),
        (
            claude(only, reader.clone()),
            claude(Value::Null, reader),
            "+ MCP servers of the agent's own settings files (was dropped by --strict-mcp-config, now kept, no selection)",
        ),
    ];
    for (old, new, line) in cases {
        let (code, out) = diff_documents("claude-code", &old, &new);
        assert_eq!(code, 1, "{old} -> {new}: {out}");
        assert!(out.contains(line), "{old} -> {new}: {out}");
        let (code, out) = diff_documents("claude-code", &new, &old);
        assert_eq!(code, 1, "and back: {out}");
    }
}

#[test]
fn diff_escapes_the_names_it_prints() {
    let agent = |tools: Value| json!({"name": "x", "tools": [], "customAgents": [{"name": "r\u{1b}]0;t\u{7}", "tools": tools}]});
    let (code, out) = diff_documents("copilot", &agent(json!(["view"])), &agent(Value::Null));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(r"+ agent r\u001b]0;t\u0007: every tool"), "{out:?}");
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
}

/// A `main` that returns the library's errors prints what the CLI prints: each error's
/// `<pointer>: <message>` line, not a structure (`Debug` is `Display`).
#[test]
fn errors_returned_from_main_print_their_lines() {
    let Err(error) = tool_policy::json::load(r#"{"kind": "github-cli-builtin-tools", "availableTools": {}, "x": 1}"#)
    else {
        panic!("refused")
    };
    let printed = format!("{error:?}");
    assert_eq!(printed, error.to_string());
    assert_eq!(printed.lines().count(), 2, "{printed}");
    assert!(printed.starts_with("/availableTools: unknown key `availableTools`"), "{printed}");
    let wire = tool_policy::WireName::parse("mpc:*").unwrap_err();
    assert_eq!(
        format!("{wire:?}"),
        "unknown source `mpc` in `mpc:*`; expected `builtin`, `custom` or `mcp` (did you mean `mcp`?)"
    );
}
