//! The Gemini CLI runtime (SPEC §5): a selection read from JSON, made in code or by the macro
//! is one value; it becomes settings, a policy file and arguments; bad names are refused at
//! their pointer; and the command line serves it like the other runtimes.

use std::process::{Command, Output};

use serde_json::{Value, json};
use tool_policy::gemini::{ApprovalMode, GeminiCliConfig, GeminiName, GeminiTool, McpEntry};
use tool_policy::json::{LoadError, Options, load_gemini_cli, load_gemini_cli_with};
use tool_policy::{GeminiSelection, builtin_tools};

fn resolved(text: &str) -> Value {
    let selection = load_gemini_cli(text).unwrap_or_else(|e| panic!("{text}: {e:?}")).selection;
    serde_json::to_value(GeminiCliConfig::new(selection)).unwrap()
}

/// Every error of a refused document: `(pointer, message)`.
fn refused(text: &str) -> Vec<(String, String)> {
    match load_gemini_cli(text) {
        Err(LoadError::Invalid(report)) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
        other => panic!("{text} must be refused, got {other:?}"),
    }
}

fn pointers(text: &str) -> Vec<String> {
    refused(text).into_iter().map(|(pointer, _)| pointer).collect()
}

fn deny(names: &[&str]) -> String {
    let mut text = String::from(
        "# Gemini CLI 0.61.0 deny rules from tool-policy. Pass this file with --policy (user tier);\n# a workspace-tier file (.gemini/policies) does nothing.\n",
    );
    let rules: Vec<String> = names
        .iter()
        .map(|name| format!("\n[[rule]]\ntoolName = \"{name}\"\ndecision = \"deny\"\npriority = 999\n"))
        .collect();
    text.push_str(&rules.concat());
    text
}

#[test]
fn each_shape_becomes_what_the_cli_reads() {
    assert_eq!(
        resolved(r#"{"only": ["read_file", "glob", "mcp_docs_search"]}"#),
        json!({"settings": {"tools": {"core": ["read_file", "glob", "mcp_docs_search"]}}, "policy": null, "args": [], "cliVersion": "0.61.0"})
    );
    assert_eq!(
        resolved(r#"{"builtin_tools": {"disable": "*"}, "name": "reviewer"}"#),
        json!({"settings": {"tools": {"core": []}}, "policy": null, "args": [], "cliVersion": "0.61.0"})
    );
    assert_eq!(
        resolved(r#"{"disable": ["web_fetch", "mcp_untrusted_*"]}"#),
        json!({"settings": {}, "policy": deny(&["web_fetch", "mcp_untrusted_*"]), "args": ["--policy=tool-policy.toml"], "cliVersion": "0.61.0"})
    );
    assert_eq!(resolved(r#"{"only": []}"#)["settings"], json!({"tools": {"core": []}}));
    assert_eq!(
        resolved(r#"{"disable": []}"#),
        json!({"settings": {}, "policy": null, "args": [], "cliVersion": "0.61.0"})
    );
    assert_eq!(
        resolved(r#"{"builtin_tools": null}"#),
        json!({"settings": {}, "policy": null, "args": [], "cliVersion": "0.61.0"})
    );
}

#[test]
fn legacy_names_are_written_as_the_tool_they_stand_for() {
    // Neither `tools.core` nor a policy rule matches the alias (live controls), so the library
    // never passes it on.
    let read = load_gemini_cli(r#"{"only": ["search_file_content"]}"#).unwrap();
    assert_eq!(read.warnings.len(), 1);
    assert_eq!(read.warnings[0].pointer, "/only/0");
    assert!(read.warnings[0].item.to_string().contains("`search_file_content` is a legacy name of `grep_search`"));
    assert_eq!(
        resolved(r#"{"only": ["search_file_content"]}"#)["settings"],
        json!({"tools": {"core": ["grep_search"]}})
    );
    let strict = load_gemini_cli_with(r#"{"only": ["search_file_content"]}"#, Options::STRICT);
    assert!(matches!(strict, Err(LoadError::Invalid(report)) if report.errors[0].pointer == "/only/0"));
}

#[test]
fn bad_names_are_refused_at_their_pointer() {
    let errors = refused(r#"{"builtin_tools": {"only": ["read_file", "Read_File", "readfile", "shell"]}}"#);
    let at: Vec<&str> = errors.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(at, ["/builtin_tools/only/1", "/builtin_tools/only/2", "/builtin_tools/only/3"]);
    assert!(errors[0].1.starts_with("'Read_File' is not one of ['activate_skill', "), "{}", errors[0].1);
    assert!(errors[0].1.ends_with("did you mean `read_file`?"));
    assert!(errors[1].1.ends_with("did you mean `read_file`?"));
    assert!(errors[2].1.ends_with("the names are those of Gemini CLI 0.61.0"), "{}", errors[2].1);
    let removed = refused(r#"{"disable": ["save_memory"]}"#);
    assert_eq!(removed[0].0, "/disable/0");
    assert!(removed[0].1.starts_with("'save_memory' was removed from Gemini CLI before 0.61.0"));
    // Duplicates, counting an alias as its tool.
    let twice = refused(r#"{"disable": ["glob", "grep_search", "glob", "search_file_content"]}"#);
    assert_eq!(twice.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(), ["/disable/2", "/disable/3"]);
    assert!(twice[1].1.starts_with("`grep_search` is listed twice (first at item 1"));
    // MCP entries by the CLI's grammar (`mcp_*` is every MCP tool, the policy engine's own
    // wildcard; a glob inside a name is not).
    assert!(load_gemini_cli(r#"{"only": ["read_file", "mcp_*"]}"#).is_ok());
    for bad in ["mcp_docs", "mcp_**", "mcp_*_x", "mcp__search", "mcp_docs_", "mcp_my_server_*x", "mcp_do cs_x"] {
        let errors = refused(&format!(r#"{{"only": ["read_file", "{bad}"]}}"#));
        assert_eq!(errors.len(), 1, "{bad}");
        assert_eq!(errors[0].0, "/only/1", "{bad}");
        assert!(errors[0].1.contains("is not an MCP entry the Gemini CLI matches"), "{bad}: {}", errors[0].1);
    }
    assert_eq!(pointers(r#"{"only": ["mcp_docs_search", "mcp_docs_search"]}"#), ["/only/1"]);
    assert_eq!(pointers(r#"{"only": ["read_file", 7, null]}"#), ["/only/1", "/only/2"]);
}

#[test]
fn shapes_keys_and_documents_are_closed() {
    assert_eq!(pointers(r#"{"only": ["glob"], "only": ["run_shell_command"]}"#), ["/only"]);
    assert_eq!(pointers(r#"{"builtin_tools": {"disable": "*"}, "builtin_tools": null}"#), ["/builtin_tools"]);
    assert_eq!(pointers(r#"{"only": ["glob"], "disable": "*"}"#), [""]);
    assert_eq!(pointers(r#"{"disable": "all"}"#), ["/disable"]);
    assert_eq!(pointers(r#"{"only": "*"}"#), ["/only"]);
    assert_eq!(pointers(r#"{"only": [], "core": ["glob"]}"#), ["/core"]);
    assert_eq!(pointers(r#"{"builtin_tools": ["glob"]}"#), ["/builtin_tools"]);
    assert_eq!(pointers(r#"{"Builtin_Tools": {"only": []}, "name": "x"}"#), ["/Builtin_Tools"]);
    assert_eq!(pointers(r#"{"builtin_tools": {"only": []}, "Only": ["run_shell_command"]}"#), ["/Only"]);
    assert_eq!(pointers("[]"), [""]);
    let none = refused(r#"{"tools": {"core": ["glob"]}}"#);
    assert_eq!(
        none,
        [(
            String::new(),
            String::from(
                "no Gemini CLI selection: expected `disable`, `only` or `builtin_tools`; write `\"builtin_tools\": null` to say there is none"
            )
        )]
    );
    let shape = &refused(r#"{"builtin_tools": {}}"#)[0];
    assert_eq!(shape.0, "/builtin_tools");
    assert!(shape.1.starts_with("a Gemini CLI selection is exactly one of"));
    assert!(matches!(load_gemini_cli("{\"only\": [\"glob\""), Err(LoadError::NotJson(_))));
}

#[test]
fn claude_code_agents_beside_a_gemini_selection_are_refused() {
    // The Gemini CLI takes no sub-agent definitions: a holder's `agents` would restrict
    // nothing there, so it is refused as the macro refuses `agents:` with `runtime: gemini_cli`.
    let agents = r#"{"builtin_tools": {"only": ["read_file"]}, "agents": {"r": {"description": "d", "prompt": "p", "tools": ["glob"]}}, "agent_only": ["glob"]}"#;
    let errors = refused(agents);
    assert_eq!(errors.iter().map(|(pointer, _)| pointer.as_str()).collect::<Vec<_>>(), ["/agents", "/agent_only"]);
    assert_eq!(
        errors[0].1,
        "`agents` belongs to Claude Code's sub-agents; Gemini CLI never receives it from this document, so it restricts nothing: remove it"
    );
    let near = refused(r#"{"builtin_tools": null, "Agents": {}}"#);
    assert_eq!(near.len(), 1);
    assert_eq!(near[0].0, "/Agents");
    assert!(
        near[0].1.starts_with("`Agents` reads as `agents`, which belongs to Claude Code's sub-agents"),
        "{}",
        near[0].1
    );
    // Without the holder the selection's own keys are all there is, as before.
    assert_eq!(pointers(r#"{"only": [], "agents": {}}"#), ["/agents"]);
    // The holder's other keys still pass through.
    assert!(load_gemini_cli(r#"{"builtin_tools": {"only": []}, "name": "reviewer", "model": "m"}"#).is_ok());
    let dir = std::env::temp_dir().join(format!("tool-policy-gemini-agents-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("agents.json");
    std::fs::write(&file, agents).unwrap();
    let check = cli(&["check", "--runtime", "gemini-cli", file.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(1), "{}", String::from_utf8_lossy(&check.stderr));
    assert!(String::from_utf8_lossy(&check.stderr).contains("/agents: `agents` belongs to Claude Code's sub-agents"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn three_front_doors_one_value() {
    const MACRO: GeminiSelection = builtin_tools! { runtime: gemini_cli, only: ["read_file", "mcp_docs_*"] };
    // A legacy name is the compiler's own `deprecated` warning on its token.
    #[allow(deprecated)]
    const DENY: GeminiSelection = builtin_tools! { runtime: gemini_cli, disable: ["search_file_content"] };
    let code =
        GeminiSelection::only([GeminiTool::ReadFile.into(), GeminiName::Mcp(McpEntry::new("mcp_docs_*").unwrap())]);
    let json = load_gemini_cli(r#"{"only": ["read_file", "mcp_docs_*"]}"#).unwrap().selection.unwrap();
    assert_eq!(MACRO, code);
    assert_eq!(json, code);
    // The stored form is the selection's own JSON, read back by the same reader.
    let stored = serde_json::to_string(&code).unwrap();
    assert_eq!(stored, r#"{"only":["read_file","mcp_docs_*"]}"#);
    assert_eq!(serde_json::from_str::<GeminiSelection>(&stored).unwrap(), code);
    let bad = serde_json::from_str::<GeminiSelection>(r#"{"only":["read_file","Glob"]}"#).unwrap_err().to_string();
    assert!(bad.contains("did you mean `glob`?") && bad.contains("/only/1"), "{bad}");
    assert_eq!(DENY, GeminiSelection::disable([GeminiTool::GrepSearch.into()]));
}

#[test]
fn what_each_approval_mode_offers() {
    let mcp = ["mcp_docs_search", "mcp_other_run"];
    let only = load_gemini_cli(r#"{"only": ["read_file", "run_shell_command", "mcp_docs_*", "ask_user"]}"#).unwrap();
    let only = only.selection.unwrap();
    // `tools.core` is also an allow rule outside plan mode: the shell is offered in default.
    for mode in [ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo] {
        assert_eq!(only.offered(mode, &mcp), ["read_file", "run_shell_command", "mcp_docs_search"], "{mode}");
    }
    assert_eq!(only.offered(ApprovalMode::Plan, &mcp), ["read_file"]);
    let no_shell = GeminiSelection::disable([
        GeminiTool::RunShellCommand.into(),
        GeminiName::Mcp(McpEntry::new("mcp_other_run").unwrap()),
    ]);
    assert_eq!(no_shell.offered(ApprovalMode::Yolo, &mcp).len(), 16);
    assert!(!no_shell.offered(ApprovalMode::Yolo, &mcp).contains(&String::from("run_shell_command")));
    assert_eq!(no_shell.offered(ApprovalMode::Default, &mcp).len(), 8);
    assert!(GeminiSelection::disable_all().offered(ApprovalMode::Yolo, &mcp).is_empty());
    let defaults = tool_policy::gemini::offered(None, ApprovalMode::AutoEdit, &mcp);
    assert_eq!(defaults.len(), 11, "no MCP tool outside yolo: {defaults:?}");
}

#[test]
fn lints() {
    let read = load_gemini_cli(r#"{"disable": ["ask_user", "web_fetch"]}"#).unwrap();
    let lines: Vec<String> = read.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with(
            ": open-to-new-builtins: `disable` only takes tools away: every built-in that Gemini CLI adds after 0.61.0"
        ),
        "{lines:?}"
    );
    assert!(lines[1].starts_with("/disable/0: dead-deny: `ask_user`: Gemini CLI 0.61.0 never offers it"), "{lines:?}");
    let read = load_gemini_cli(r#"{"only": ["read_many_files", "glob"]}"#).unwrap();
    assert_eq!(read.warnings.len(), 1);
    assert!(read.warnings[0].to_string().starts_with("/only/0: dead-allow: `read_many_files`"));
    let strict = load_gemini_cli_with(r#"{"only": ["read_many_files"]}"#, Options::STRICT);
    assert!(matches!(strict, Err(LoadError::Invalid(_))));
    let allowed = Options::STRICT.allow(tool_policy::Lint::DeadAllow);
    assert!(load_gemini_cli_with(r#"{"only": ["read_many_files"]}"#, allowed).is_ok());
}

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tool-policy")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

#[test]
fn the_command_line() {
    let resolve =
        cli(&["resolve", "--runtime", "gemini-cli", "--policy-file", "/etc/x.toml", "examples/gemini/no-shell.json"]);
    assert_eq!(resolve.status.code(), Some(0), "{}", String::from_utf8_lossy(&resolve.stderr));
    let out: Value = serde_json::from_slice(&resolve.stdout).unwrap();
    assert_eq!(out["args"], json!(["--policy=/etc/x.toml"]));
    assert_eq!(out["policy"], json!(deny(&["run_shell_command", "web_fetch"])));
    let explain = cli(&[
        "explain",
        "--runtime",
        "gemini-cli",
        "examples/gemini/reviewer.json",
        "read_file",
        "write_file",
        "mcp_docs_search",
    ]);
    assert_eq!(explain.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(explain.stdout).unwrap(),
        "read_file: permitted (listed in `only`); a headless session offers it in default, auto_edit, yolo, plan\n\
         write_file: not permitted (not listed in `only`); a headless session offers it in no approval mode\n\
         mcp_docs_search: permitted (listed in `only`); a headless session offers it in default, auto_edit, yolo\n"
    );
    let diff =
        cli(&["diff", "--runtime", "gemini-cli", "examples/gemini/reviewer.json", "examples/gemini/no-shell.json"]);
    assert_eq!(diff.status.code(), Some(1));
    let lines = String::from_utf8(diff.stdout).unwrap();
    assert!(lines.contains("+ edit: write_file (was not listed in only, now not disabled)\n"), "{lines}");
    assert!(lines.contains("- web: web_fetch (was listed in only, now listed in disable)\n"), "{lines}");
    let attest =
        cli(&["attest", "--runtime", "gemini-cli", "examples/gemini/reviewer.json", "examples/gemini/reviewer.json"]);
    assert_eq!(attest.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&attest.stderr)
            .contains("cannot be attested: the `init` line of Gemini CLI 0.61.0 lists no tools")
    );
    let check = cli(&[
        "check",
        "--runtime",
        "gemini-cli",
        "--strict",
        "examples/gemini/reviewer.json",
        "examples/gemini/no-shell.json",
    ]);
    assert_eq!(check.status.code(), Some(1), "no-shell is a deny-list: open-to-new-builtins in strict mode");
    let misplaced = cli(&["resolve", "--policy-file", "x.toml", "examples/gemini/reviewer.json"]);
    assert_eq!(misplaced.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&misplaced.stderr)
            .contains("--policy-file applies to `resolve --runtime gemini-cli` only")
    );
    let server = cli(&["explain", "--runtime", "gemini-cli", "examples/gemini/reviewer.json", "mcp_docs_*"]);
    assert_eq!(server.status.code(), Some(2));
}

#[test]
fn explain_says_what_the_clis_own_agents_are_offered() {
    let dir = std::env::temp_dir().join(format!("tool-policy-gemini-own-agents-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("delegates.json");
    std::fs::write(&file, r#"{"only": ["invoke_agent", "read_file", "mcp_docs_*"]}"#).unwrap();
    let file = file.to_str().unwrap();
    let explain = |agent: &str, file: &str, tools: &[&str]| {
        let mut args = vec!["explain", "--runtime", "gemini-cli", "--agent", agent, file];
        args.extend(tools);
        cli(&args)
    };
    let general = explain("generalist", file, &["read_file", "run_shell_command", "invoke_agent", "mcp_docs_search"]);
    assert_eq!(general.status.code(), Some(0), "{}", String::from_utf8_lossy(&general.stderr));
    assert_eq!(
        String::from_utf8_lossy(&general.stdout),
        "read_file: offered to agent `generalist` in default, auto_edit, yolo\n\
         run_shell_command: not offered to agent `generalist` in any approval mode\n\
         invoke_agent: not offered to agent `generalist` in any approval mode\n\
         mcp_docs_search: offered to agent `generalist` in default, auto_edit, yolo\n\
         agent `generalist` is not started in plan\n"
    );
    let help = explain("cli_help", file, &["get_internal_docs"]);
    assert_eq!(help.status.code(), Some(0), "{}", String::from_utf8_lossy(&help.stderr));
    assert_eq!(
        String::from_utf8_lossy(&help.stdout),
        "get_internal_docs: not offered to agent `cli_help` in any approval mode\n"
    );
    // The reviewer is not offered invoke_agent: no agent of the CLI is started.
    let reviewer = explain("codebase_investigator", "examples/gemini/reviewer.json", &["read_file"]);
    assert_eq!(
        String::from_utf8_lossy(&reviewer.stdout),
        "read_file: not offered to agent `codebase_investigator` in any approval mode\n\
         agent `codebase_investigator` is not started in default, auto_edit, yolo, plan\n"
    );
    let unknown = explain("general", file, &[]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no agent `general`"));
    std::fs::remove_dir_all(dir).unwrap();
}
