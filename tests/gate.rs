//! The gate (SPEC §13): each runtime's pre-call hook answered from the decision `explain`
//! prints. A permitted call exits 0 with the runtime's empty answer; a call the policy does not
//! permit, and every doubt (a payload that is not JSON or names no tool, a tool the runtime's
//! names do not know, a policy that is missing or does not load), exits 2 with one line on
//! stderr. A sub-agent's call is judged by that agent's decision where the payload names it.
#![cfg(all(
    feature = "copilot",
    feature = "claude-code",
    feature = "gemini-cli",
    feature = "opencode",
    feature = "codex"
))]

mod support;

use serde_json::{Value, json};
use tool_policy::Runtime;
use tool_policy::json::{Document, Options};
use tool_policy::review::{GateAnswer, Output};

fn document(runtime: Runtime, policy: &Value) -> Document {
    Document::load(runtime, &policy.to_string(), Options::default()).unwrap()
}

/// The gate's answer to `payload` under `policy`.
fn gate(runtime: Runtime, policy: &Value, payload: &Value) -> GateAnswer {
    document(runtime, policy).gate(&payload.to_string())
}

/// The refusal's reason; panics on a permit.
fn refused(answer: GateAnswer) -> String {
    match answer {
        GateAnswer::Refuse(reason) => {
            assert!(!reason.contains('\n') && !reason.contains('\r'), "one line: {reason:?}");
            reason
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

const PERMIT: GateAnswer = GateAnswer::Permit;

#[test]
fn claude_code_judges_the_main_agent_by_the_selection() {
    let policy = json!({"only": ["Read", "Bash"]});
    assert_eq!(gate(Runtime::ClaudeCode, &policy, &json!({"tool_name": "Bash"})), PERMIT);
    let reason = refused(gate(Runtime::ClaudeCode, &policy, &json!({"tool_name": "Write"})));
    assert_eq!(
        reason,
        "tool-policy refuses `Write`: Claude Code policy does not permit it: not permitted (not listed in `only`)"
    );
    // An MCP tool: by the deny rules the document writes.
    let policy = json!({"disable": ["mcp__github__create_issue"]});
    let payload = json!({"tool_name": "mcp__github__create_issue"});
    assert!(refused(gate(Runtime::ClaudeCode, &policy, &payload)).contains("mcp__github__create_issue"));
    assert_eq!(gate(Runtime::ClaudeCode, &policy, &json!({"tool_name": "mcp__github__get_issue"})), PERMIT);
}

#[test]
fn claude_code_judges_a_sub_agents_call_by_that_agent() {
    let policy = json!({
        "builtin_tools": {"only": ["Agent", "Read", "Bash"]},
        "agent_only": ["Grep"],
        "agents": {"reviewer": {"description": "d", "prompt": "p", "tools": ["Read", "Grep"]}}
    });
    let by = |tool: &str, agent: &str| json!({"tool_name": tool, "agent_id": "a1", "agent_type": agent});
    // The main agent may run Bash; its reviewer may not, and may search where the main may not.
    assert_eq!(gate(Runtime::ClaudeCode, &policy, &json!({"tool_name": "Bash"})), PERMIT);
    let reason = refused(gate(Runtime::ClaudeCode, &policy, &by("Bash", "reviewer")));
    assert!(reason.contains("not offered to agent `reviewer`"), "{reason}");
    assert_eq!(gate(Runtime::ClaudeCode, &policy, &by("Grep", "reviewer")), PERMIT);
    refused(gate(Runtime::ClaudeCode, &policy, &json!({"tool_name": "Grep"})));
    // A built-in agent has the main agent's tools: never more.
    assert_eq!(gate(Runtime::ClaudeCode, &policy, &by("Bash", "general-purpose")), PERMIT);
    refused(gate(Runtime::ClaudeCode, &policy, &by("Write", "general-purpose")));
    // Explore keeps its own limits under any policy (SPEC §14).
    refused(gate(Runtime::ClaudeCode, &json!({"builtin_tools": null, "agents": {}}), &by("Write", "Explore")));
    // An agent neither the document nor the runtime knows: the main agent's decision.
    refused(gate(Runtime::ClaudeCode, &policy, &by("Write", "somebody")));
    assert_eq!(gate(Runtime::ClaudeCode, &policy, &by("Bash", "somebody")), PERMIT);
    // Without `agent_id`, `agent_type` names the session's own agent: the main selection.
    assert_eq!(gate(Runtime::ClaudeCode, &policy, &json!({"tool_name": "Bash", "agent_type": "reviewer"})), PERMIT);
}

#[test]
fn every_doubt_refuses() {
    let policy = json!({"disable": ["Bash"]});
    let cases: [(&str, &str); 7] = [
        ("not json", "the hook payload is not JSON"),
        ("[]", "the hook payload has no `tool_name`"),
        ("{}", "the hook payload has no `tool_name`"),
        (r#"{"tool_name": 7}"#, "the hook payload's `tool_name` is not a string"),
        (r#"{"tool_name": null}"#, "the hook payload's `tool_name` is not a string"),
        (r#"{"tool_name": "Read", "agent_id": "a1"}"#, "the hook payload has no `agent_type`"),
        (r#"{"tool_name": "Raed"}"#, "'Raed' is not one of"),
    ];
    let document = document(Runtime::ClaudeCode, &policy);
    for (payload, why) in cases {
        let reason = refused(document.gate(payload));
        assert!(reason.starts_with("tool-policy refuses") && reason.contains(why), "{payload}: {reason}");
    }
    // A name from the payload is shown escaped: the reason stays one line.
    let reason = refused(document.gate(r#"{"tool_name": "Bash\nok: permitted"}"#));
    assert!(reason.contains(r"Bash\nok"), "{reason}");
}

#[test]
fn the_gemini_cli_and_the_codex_cli_read_tool_name() {
    let policy = json!({"disable": ["run_shell_command", "mcp_github_*"]});
    refused(gate(Runtime::GeminiCli, &policy, &json!({"tool_name": "run_shell_command"})));
    refused(gate(Runtime::GeminiCli, &policy, &json!({"tool_name": "mcp_github_create_issue"})));
    assert_eq!(gate(Runtime::GeminiCli, &policy, &json!({"tool_name": "read_file"})), PERMIT);
    // The Codex CLI names a call of its shell `Bash`, as Claude Code does.
    let policy = json!({"disable": ["exec_command", "write_stdin", "mcp__github__create_issue"]});
    let reason = refused(gate(Runtime::Codex, &policy, &json!({"tool_name": "Bash"})));
    assert!(reason.contains("`exec_command`"), "{reason}");
    refused(gate(Runtime::Codex, &policy, &json!({"tool_name": "mcp__github__create_issue"})));
    assert_eq!(gate(Runtime::Codex, &policy, &json!({"tool_name": "apply_patch"})), PERMIT);
    assert_eq!(gate(Runtime::Codex, &json!({"disable": ["web_search"]}), &json!({"tool_name": "Bash"})), PERMIT);
}

#[test]
fn opencode_judges_an_agent_it_limits_by_its_own_limits_too() {
    let policy = json!({"disable": ["webfetch"]});
    assert_eq!(gate(Runtime::OpenCode, &policy, &json!({"tool_name": "write"})), PERMIT);
    refused(gate(Runtime::OpenCode, &policy, &json!({"tool_name": "webfetch"})));
    let reason = refused(gate(Runtime::OpenCode, &policy, &json!({"tool_name": "write", "agent": "explore"})));
    assert!(reason.contains("the agent's own rules take `edit` away"), "{reason}");
    assert_eq!(gate(Runtime::OpenCode, &policy, &json!({"tool_name": "write", "agent": "build"})), PERMIT);
    refused(gate(Runtime::OpenCode, &policy, &json!({"tool_name": "write", "agent": 3})));
}

#[test]
fn copilot_reads_tool_name_as_its_hooks_write_it() {
    let policy = json!({"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash"]}});
    refused(gate(Runtime::Copilot, &policy, &json!({"toolName": "bash"})));
    assert_eq!(gate(Runtime::Copilot, &policy, &json!({"toolName": "view"})), PERMIT);
    refused(gate(Runtime::Copilot, &policy, &json!({"tool_name": "view"})));
    // A built-in the pinned catalog does not know: refused, though the deny-list lists it not.
    let reason = refused(gate(Runtime::Copilot, &policy, &json!({"toolName": "bsh"})));
    assert!(reason.contains("bsh"), "{reason}");
}

/// The gate and `explain` give one decision: for every tool of each runtime's catalog, under
/// each shipped example, the gate permits exactly what `explain` says is permitted.
#[test]
fn the_gate_answers_what_explain_decides_for_every_catalog_tool() {
    let examples: [(Runtime, &str, &str); 6] = [
        (Runtime::ClaudeCode, "examples/claude/with-agents.json", "tool_name"),
        (Runtime::ClaudeCode, "examples/claude/reader.json", "tool_name"),
        (Runtime::GeminiCli, "examples/gemini/reviewer.json", "tool_name"),
        (Runtime::OpenCode, "examples/opencode/reviewer.json", "tool_name"),
        (Runtime::Codex, "examples/codex/no-shell.json", "tool_name"),
        (Runtime::Copilot, "examples/agents/review-only.json", "toolName"),
    ];
    for (runtime, path, key) in examples {
        let text = std::fs::read_to_string(path).unwrap();
        let document = Document::load(runtime, &text, Options::default()).unwrap();
        let explanation = document.explain(&[], None, Options::default()).unwrap();
        let mut permitted = 0;
        for decision in &explanation.decisions {
            let name = decision.tool.strip_prefix("builtin:").unwrap_or(&decision.tool);
            let answer = document.gate(&json!({ key: name }).to_string());
            assert_eq!(answer == PERMIT, decision.permitted, "{path}: {}: {answer:?}", decision.tool);
            permitted += usize::from(decision.permitted);
        }
        assert!(permitted > 0 && permitted < explanation.decisions.len(), "{path}: {permitted} permitted");
    }
}

#[test]
fn the_command_exits_2_with_one_line_for_a_refusal_and_0_for_a_permit() {
    let run = |args: &[&str], payload: &str| support::tool_policy(args, payload);
    let policy = "examples/claude/with-agents.json";
    let args = ["gate", "--runtime", "claude-code", policy];
    let permitted = run(&args, r#"{"tool_name": "Bash"}"#);
    assert_eq!(permitted.status.code(), Some(0));
    assert!(permitted.stdout.is_empty() && permitted.stderr.is_empty());
    let refused = run(&args, r#"{"tool_name": "Bash", "agent_id": "x", "agent_type": "reviewer"}"#);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("tool-policy refuses `Bash`"), "{stderr}");
    for (args, payload, why) in [
        (&args[..], "", "the hook payload is not JSON"),
        (&["gate", "--runtime", "claude-code", "no/such/policy.json"][..], "{}", "cannot read no/such/policy.json"),
        (&["gate", "--runtime", "claude-code", "examples/codex/no-shell.json"][..], "{}", "is invalid"),
        (&["gate", "--runtime", "claude-code", "-"][..], "{}", "POLICY must be a file"),
        (&["gate", "--runtime", "claude-code", "examples/claude/reader.json", "x"][..], "{}", "wrong number"),
    ] {
        let output = run(args, payload);
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("tool-policy refuses the call: ") && stderr.contains(why), "{stderr}");
    }
}

#[test]
fn resolve_writes_each_runtimes_hook_beside_its_configuration() {
    let command = "tool-policy gate --runtime R p.json";
    let resolved = |runtime: Runtime, path: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        let document = Document::load(runtime, &text, Options::default()).unwrap();
        (
            document.resolved(&Output::default()).unwrap(),
            document.resolved(&Output::default().with_gate(command)).unwrap(),
        )
    };
    let written = format!("{command} || exit 2");
    let hook = json!([{"matcher": "*", "hooks": [{"type": "command", "command": written}]}]);
    // Claude Code: one more argument, its settings.
    let (plain, gated) = resolved(Runtime::ClaudeCode, "examples/claude/reader.json");
    let (plain, gated) = (plain["args"].as_array().unwrap(), gated["args"].as_array().unwrap());
    assert_eq!(gated[..plain.len()], plain[..]);
    let settings = gated.last().unwrap().as_str().unwrap().strip_prefix("--settings=").unwrap();
    assert_eq!(serde_json::from_str::<Value>(settings).unwrap(), json!({"hooks": {"PreToolUse": hook}}));
    // The Gemini CLI: the settings' hooks.
    let (plain, gated) = resolved(Runtime::GeminiCli, "examples/gemini/reviewer.json");
    assert_eq!(gated["settings"]["hooks"], json!({"BeforeTool": hook}));
    assert_eq!(gated["policy"], plain["policy"]);
    // The Codex CLI: `-c hooks.PreToolUse=[..]` and the flag without which it skips the hook.
    let (_, gated) = resolved(Runtime::Codex, "examples/codex/no-shell.json");
    let args: Vec<&str> = gated["args"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert_eq!(
        args[args.len() - 3..],
        [
            "-c",
            r#"hooks.PreToolUse=[{matcher="*",hooks=[{type="command",command="tool-policy gate --runtime R p.json || exit 2"}]}]"#,
            "--dangerously-bypass-hook-trust"
        ]
    );
    // OpenCode: a plugin file that throws unless the command exits 0.
    let (plain, gated) = resolved(Runtime::OpenCode, "examples/opencode/reviewer.json");
    assert_eq!(gated["permission"], plain["permission"]);
    assert_eq!(gated["gatePlugin"]["file"], ".opencode/plugin/tool-policy-gate.js");
    let source = gated["gatePlugin"]["source"].as_str().unwrap();
    assert!(source.contains(r#"const COMMAND = "tool-policy gate --runtime R p.json";"#), "{source}");
    assert!(source.contains("if (run.status !== 0)") && source.contains("throw new Error"), "{source}");
    // Copilot's gate is the SDK's `preToolUse` hook, in Rust: the command refuses the option.
    let output = support::tool_policy(&["resolve", "--gate", command, "examples/agents/review-only.json"], "");
    assert_eq!(output.status.code(), Some(2));
}

/// The plugin `resolve --gate` writes for OpenCode, run by Node (OpenCode's own runtime, Bun,
/// takes the same module): it passes a permitted call, and throws for a refused one and for a
/// gate that cannot run. Without `node` on the machine, the test says so and checks nothing.
#[test]
fn the_opencode_plugin_asks_the_gate_and_throws_on_any_failure() {
    if std::process::Command::new("node").arg("--version").output().is_err() {
        eprintln!("skipped: no `node` to run the plugin with");
        return;
    }
    let dir = std::env::temp_dir().join(format!("tool-policy-gate-plugin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let binary = env!("CARGO_BIN_EXE_tool-policy");
    let policy = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/opencode/no-shell.json");
    let plugin = |command: &str, name: &str| {
        let text = std::fs::read_to_string(&policy).unwrap();
        let document = Document::load(Runtime::OpenCode, &text, Options::default()).unwrap();
        let resolved = document.resolved(&Output::default().with_gate(command)).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, resolved["gatePlugin"]["source"].as_str().unwrap()).unwrap();
        path
    };
    let command = format!("{binary} gate --runtime opencode {}", policy.display());
    let working = plugin(&command, "working.mjs");
    let missing = plugin(&format!("{}/no-such-binary gate", dir.display()), "missing.mjs");
    let script = format!(
        "const outcomes = [];\n\
         for (const [file, tool] of [[{working:?}, \"read\"], [{working:?}, \"bash\"], [{missing:?}, \"read\"]]) {{\n\
         \x20 const {{ ToolPolicyGate }} = await import(file);\n\
         \x20 const hooks = await ToolPolicyGate({{}});\n\
         \x20 try {{ await hooks[\"tool.execute.before\"]({{ tool, sessionID: \"s\", callID: \"c\" }}, {{ args: {{}} }}); outcomes.push(\"passed\"); }}\n\
         \x20 catch (error) {{ outcomes.push(\"threw: \" + error.message); }}\n\
         }}\n\
         console.log(JSON.stringify(outcomes));\n"
    );
    let output = std::process::Command::new("node").args(["--input-type=module", "-e", &script]).output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let outcomes: Vec<String> = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(outcomes[0], "passed");
    assert!(outcomes[1].starts_with("threw: tool-policy refuses `bash`"), "{}", outcomes[1]);
    assert!(outcomes[2].starts_with("threw: ") && outcomes[2].contains("no-such-binary"), "{}", outcomes[2]);
}
