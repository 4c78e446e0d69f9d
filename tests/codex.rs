//! The Codex CLI (SPEC §11): a `disable` of whole switches becomes the CLI's arguments; what
//! the CLI cannot say (it has no allow-list) is refused at its pointer with the reason; the
//! command line serves it like the other runtimes.

use std::process::{Command, Output};

use serde_json::{Value, json};
use tool_policy::codex::{CodexArgs, CodexTool};
use tool_policy::codex::{load_codex, load_codex_with};
use tool_policy::json::{LoadError, Options};
use tool_policy::{CodexSelection, builtin_tools};

fn resolved(text: &str) -> Value {
    let selection = load_codex(text).unwrap_or_else(|e| panic!("{text}: {e:?}")).selection;
    serde_json::to_value(CodexArgs::new(selection).unwrap()).unwrap()
}

/// Every error of a refused document: `(pointer, message)`.
fn refused(text: &str) -> Vec<(String, String)> {
    match load_codex(text) {
        Err(LoadError::Invalid(report)) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
        other => panic!("{text} must be refused, got {other:?}"),
    }
}

#[test]
fn a_disable_of_whole_switches_becomes_arguments() {
    const MACRO: CodexSelection = builtin_tools! { runtime: codex, disable: ["view_image"] };
    assert_eq!(
        resolved(
            r#"{"builtin_tools": {"disable": ["exec_command", "write_stdin", "get_goal", "create_goal", "update_goal", "web_search"]}}"#
        ),
        json!({"args": ["--strict-config", "--disable", "shell_tool", "--disable", "goals", "-c", "web_search=\"disabled\""], "model": "gpt-5.5", "cliVersion": "0.171.0"})
    );
    assert_eq!(
        resolved(r#"{"disable": ["mcp__probe__echo", "mcp__probe__ping_tool", "mcp__docs__*"]}"#)["args"],
        json!([
            "--strict-config",
            "-c",
            "mcp_servers.docs.enabled=false",
            "-c",
            "mcp_servers.probe.disabled_tools=[\"echo\",\"ping_tool\"]"
        ])
    );
    assert_eq!(resolved(r#"{"builtin_tools": null}"#)["args"], json!([]));
    assert_eq!(load_codex(r#"{"disable": ["view_image"]}"#).unwrap().selection, Some(MACRO));
    assert_eq!(CodexSelection::disable([CodexTool::ViewImage.into()]), MACRO);
}

/// SPEC §9: with no allow-list, a portable `disable` is the switches of the built-ins it
/// takes, each switch whole, and keeps the `open-to-new-builtins` lint.
#[test]
fn a_portable_disable_is_its_deny_switches() {
    use tool_policy::{Capability, McpTools, Portable};
    const MACRO: CodexSelection = builtin_tools! { runtime: codex, capabilities: { disable: [execute, web] } };
    let args = |text: &str| resolved(text)["args"].clone();
    assert_eq!(
        args(r#"{"capabilities": {"disable": ["execute"]}}"#),
        json!(["--strict-config", "--disable", "shell_tool"])
    );
    // `exec_command` reads the web too, and takes `write_stdin` with it: the switch is whole.
    assert_eq!(
        args(r#"{"capabilities": {"disable": ["web"]}}"#),
        json!(["--strict-config", "--disable", "shell_tool", "-c", "web_search=\"disabled\""])
    );
    assert_eq!(
        args(
            r#"{"capabilities": {"disable": ["read", "todo"], "mcp_tools": {"disable": ["echo/ping_tool", "docs"]}}}"#
        ),
        json!([
            "--strict-config",
            "--disable",
            "goals",
            "--disable",
            "shell_tool",
            "--disable",
            "view_image",
            "-c",
            "mcp_servers.docs.enabled=false",
            "-c",
            "mcp_servers.echo.disabled_tools=[\"ping_tool\"]"
        ])
    );
    // Three doors, one value.
    let json = load_codex(r#"{"capabilities": {"disable": ["web", "execute"]}}"#).unwrap();
    let code = CodexSelection::from_portable(&Portable::disable([Capability::Execute, Capability::Web])).unwrap();
    assert_eq!((json.selection.as_ref(), &code), (Some(&MACRO), &MACRO));
    // A deny-list: the lint stays, and strict mode refuses unless it is allowed.
    assert_eq!(json.warnings[0].pointer, "/capabilities");
    assert!(json.warnings[0].item.to_string().starts_with("open-to-new-builtins: "), "{:?}", json.warnings);
    assert!(load_codex_with(r#"{"capabilities": {"disable": ["execute"]}}"#, Options::STRICT).is_err());
    // What no switch says is refused where it is written, with the reason.
    let refusals = [
        (
            r#"{"capabilities": {"only": ["read"]}}"#,
            "/capabilities/only",
            "the Codex CLI cannot say a portable `only`: it has no allow-list of built-ins",
        ),
        (
            r#"{"capabilities": {"disable": "*"}}"#,
            "/capabilities/disable",
            "the Codex CLI cannot say `disable: \"*\"`: no switch takes away `apply_patch`",
        ),
        (
            r#"{"capabilities": {"disable": ["execute", "edit"]}}"#,
            "/capabilities/disable",
            "the Codex CLI cannot say a portable `disable` of `edit`: it takes `apply_patch`, which no switch of CLI 0.171.0 takes away; leave `edit` out",
        ),
        (
            r#"{"capabilities": {"disable": ["agent"]}}"#,
            "/capabilities/disable",
            "the Codex CLI cannot say a portable `disable` of `agent`: it takes `tool_search`",
        ),
        (
            r#"{"capabilities": {"disable": ["execute"], "mcp_tools": "none"}}"#,
            "/capabilities/mcp_tools",
            "the Codex CLI cannot say `mcp_tools` none: a server is taken away by name",
        ),
        (
            r#"{"capabilities": {"disable": ["execute"], "mcp_tools": {"only": ["echo"]}}}"#,
            "/capabilities/mcp_tools",
            "the Codex CLI cannot say `mcp_tools` only [echo]",
        ),
        (
            r#"{"capabilities": {"disable": ["execute"], "mcp_tools": {"disable": ["my.server"]}}}"#,
            "/capabilities/mcp_tools",
            "the Codex CLI cannot say the MCP tool or server `my.server`",
        ),
    ];
    for (text, pointer, message) in refusals {
        let errors = refused(text);
        assert_eq!((errors.len(), errors[0].0.as_str()), (1, pointer), "{text}: {errors:?}");
        assert!(errors[0].1.starts_with(message), "{text}: {errors:?}");
    }
    let none = Portable::disable([Capability::Execute]).with_mcp(McpTools::None);
    assert!(CodexSelection::from_portable(&none).is_err());
}

#[test]
fn what_the_cli_cannot_say_is_refused_with_the_reason() {
    let only = refused(r#"{"builtin_tools": {"only": ["view_image"]}}"#);
    assert_eq!(only[0].0, "/builtin_tools/only");
    assert!(only[0].1.starts_with("the Codex CLI cannot say `only`: it has no allow-list of built-ins"), "{only:?}");
    let all = refused(r#"{"disable": "*"}"#);
    assert_eq!(all[0].0, "/disable");
    assert!(all[0].1.contains("no switch takes away `apply_patch`"), "{all:?}");
    let at: Vec<String> =
        refused(r#"{"disable": ["apply_patch", "request_user_input", "view_image", "read_mcp_resource"]}"#)
            .into_iter()
            .map(|(pointer, _)| pointer)
            .collect();
    assert_eq!(at, ["/disable/0", "/disable/1", "/disable/3"]);
    let alone = refused(r#"{"disable": ["write_stdin", "tool_search"]}"#);
    assert_eq!(alone.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(), ["/disable/0", "/disable/1"]);
    assert!(alone[1].1.starts_with("the Codex CLI cannot say `disable` of `tool_search`"), "{alone:?}");
    let near = refused(r#"{"disable": ["exec_comand", "mcp__probe", "features"]}"#);
    assert!(near[0].1.ends_with("did you mean `exec_command`?"), "{near:?}");
    assert!(near[1].1.starts_with("`mcp__probe` is not an MCP tool Codex CLI names"), "{near:?}");
    // The CLI's own settings beside the holder restrict nothing from this document.
    let own = refused(r#"{"builtin_tools": {"disable": []}, "features": {"shell_tool": false}}"#);
    assert_eq!(own[0].0, "/features");
    // ... nor do they one level down, where the host passes values through: a server turned
    // off, a profile's switches, a key that reads as one with a control character appended.
    for (text, pointer) in [
        (r#"{"builtin_tools": {"disable": []}, "mcp_servers": {"gh": {"enabled": false}}}"#, "/mcp_servers/gh/enabled"),
        (r#"{"builtin_tools": {"disable": []}, "profiles": {"p": {"web_search": "disabled"}}}"#, "/profiles"),
        (r#"{"builtin_tools": {"disable": []}, "x": {"features": {"shell_tool": false}}}"#, "/x/features"),
        (r#"{"builtin_tools": {"disable": []}, "x": {"web_search": "disabled"}}"#, "/x/web_search"),
        (r#"{"builtin_tools": {"disable": []}, "x": {"disabled_tools\u0007": ["y"]}}"#, "/x/disabled_tools\u{7}"),
    ] {
        let refusal = refused(text);
        assert_eq!(refusal[0].0, pointer, "{text}: {refusal:?}");
        assert!(refusal[0].1.contains("here it restricts nothing"), "{refusal:?}");
    }
    // Strict mode: a deny-list is all the CLI takes, and the lint says how to keep it.
    let Err(LoadError::Invalid(report)) = load_codex_with(r#"{"disable": ["view_image"]}"#, Options::STRICT) else {
        panic!()
    };
    assert!(report.errors[0].item.to_string().contains("the CLI has no allow-list to close it"), "{report}");
    assert!(CodexArgs::check_model("gpt-6.2-sol").is_err());
}

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tool-policy")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

#[test]
fn the_command_line() {
    let resolve = cli(&["resolve", "--runtime", "codex", "examples/codex/no-shell.json"]);
    assert_eq!(resolve.status.code(), Some(0), "{}", String::from_utf8_lossy(&resolve.stderr));
    let out: Value = serde_json::from_slice(&resolve.stdout).unwrap();
    assert_eq!(out["args"], json!(["--strict-config", "--disable", "shell_tool", "-c", "web_search=\"disabled\""]));
    let explain =
        cli(&["explain", "--runtime", "codex", "examples/codex/no-shell.json", "exec_command", "apply_patch"]);
    assert_eq!(
        String::from_utf8_lossy(&explain.stdout),
        "exec_command: not permitted (listed in `disable`); not offered\napply_patch: permitted (not disabled; offered when the CLI offers it by default); offered with model `gpt-5.5`\n"
    );
    let attest = cli(&["attest", "--runtime", "codex", "examples/codex/no-shell.json", "examples/codex/no-shell.json"]);
    assert_eq!(attest.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&attest.stderr).contains("a Codex CLI session cannot be attested"));
}
