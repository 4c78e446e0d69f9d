//! OpenCode (SPEC §10): a selection read from JSON, made in code or by the macro is one value;
//! it becomes a `permission` map that says exactly what the selection says; a name OpenCode
//! would silently ignore is refused at its pointer; and the command line serves it like the
//! other runtimes.

use std::process::{Command, Output};

use serde_json::{Value, json};
use tool_policy::json::{LoadError, Options};
use tool_policy::opencode::{McpName, OpenCodeConfig, OpenCodeName, OpenCodeTool};
use tool_policy::opencode::{load_opencode, load_opencode_with};
use tool_policy::{Capability, OpenCodeSelection, Portable, builtin_tools};

fn resolved(text: &str, servers: &[&str]) -> Value {
    let selection = load_opencode(text).unwrap_or_else(|e| panic!("{text}: {e:?}")).selection;
    serde_json::to_value(OpenCodeConfig::for_host(selection, servers.iter().copied()).unwrap()).unwrap()
}

/// Every error of a refused document: `(pointer, message)`.
fn refused(text: &str) -> Vec<(String, String)> {
    match load_opencode(text) {
        Err(LoadError::Invalid(report)) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
        other => panic!("{text} must be refused, got {other:?}"),
    }
}

fn pointers(text: &str) -> Vec<String> {
    refused(text).into_iter().map(|(pointer, _)| pointer).collect()
}

#[test]
fn each_shape_becomes_a_permission_map() {
    assert_eq!(
        resolved(r#"{"only": ["glob", "grep", "docs_*", "*_*"]}"#, &["probe", "my server"]),
        json!({
            "permission": {"*": "deny", "glob": "allow", "grep": "allow", "docs_*": "allow", "probe_*": "allow", "my_server_*": "allow"},
            // OpenCode's own agents keep their limits (SPEC §14): `explore` reads only, with
            // no MCP tool; `general` has no todo list.
            "agent": {"explore": {"permission": {"*": "deny", "glob": "allow", "grep": "allow"}}, "general": {"permission": {"todowrite": "deny"}}},
            "cliVersion": "1.18.33"
        })
    );
    assert_eq!(
        resolved(r#"{"builtin_tools": {"disable": ["bash", "edit", "write", "apply_patch", "probe_echo"]}}"#, &[]),
        json!({"permission": {"bash": "deny", "edit": "deny", "probe_echo": "deny"}, "cliVersion": "1.18.33"})
    );
    assert_eq!(resolved(r#"{"disable": "*"}"#, &[])["permission"], json!({"*": "deny"}));
    assert_eq!(resolved(r#"{"only": []}"#, &[])["permission"], json!({"*": "deny"}));
    assert_eq!(resolved(r#"{"disable": []}"#, &[])["permission"], json!({}));
    assert_eq!(resolved(r#"{"builtin_tools": null}"#, &[]), json!({"permission": null, "cliVersion": "1.18.33"}));
}

#[test]
fn three_front_doors_one_value() {
    const MACRO: OpenCodeSelection = builtin_tools! { runtime: opencode, only: ["read", "list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource", "probe_*"] };
    let json = load_opencode(
        r#"{"only": ["read", "list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource", "probe_*"]}"#,
    )
    .unwrap();
    let code = OpenCodeSelection::only([
        OpenCodeTool::Read.into(),
        OpenCodeTool::ListMcpResources.into(),
        OpenCodeTool::ListMcpResourceTemplates.into(),
        OpenCodeTool::ReadMcpResource.into(),
        OpenCodeName::Mcp(McpName::new("probe_*").unwrap()),
    ]);
    assert_eq!(json.selection.as_ref(), Some(&MACRO));
    assert_eq!(code, MACRO);
    assert_eq!(MACRO.offered(&["probe_echo", "other_x"]), ["read", "probe_echo"]);
}

#[test]
fn what_opencode_would_ignore_is_refused_at_its_pointer() {
    let errors =
        refused(r#"{"disable": ["Bash", "web_fetch", "todo_write", "multiedit", "probe_e*", "bash", "bash"]}"#);
    let messages: Vec<&str> = errors.iter().map(|(_, message)| message.as_str()).collect();
    assert!(messages[0].ends_with("did you mean `bash`?"), "{messages:?}");
    assert!(messages[1].ends_with("did you mean `webfetch`?"), "{messages:?}");
    assert!(messages[2].ends_with("did you mean `todowrite`?"), "{messages:?}");
    assert!(messages[3].starts_with("'multiedit' was removed from OpenCode before 1.18.33"), "{messages:?}");
    assert!(messages[4].starts_with("`probe_e*` is not an MCP tool OpenCode names"), "{messages:?}");
    assert!(messages[5].contains("twice"), "{messages:?}");
    let at: Vec<&str> = errors.iter().map(|(pointer, _)| pointer.as_str()).collect();
    assert_eq!(at, ["/disable/0", "/disable/1", "/disable/2", "/disable/3", "/disable/4", "/disable/6"]);
    // One permission, several tools: the list names all or none.
    assert_eq!(pointers(r#"{"builtin_tools": {"only": ["glob", "write"]}}"#), ["/builtin_tools/only/1"]);
    assert_eq!(pointers(r#"{"disable": ["edit", "read", "bash"]}"#), ["/disable/0", "/disable/1"]);
    let (_, group) = &refused(r#"{"disable": ["edit"]}"#)[0];
    assert_eq!(
        group,
        "`edit` cannot be listed alone: OpenCode's `edit` permission governs `apply_patch`, `edit`, `write` together; add `apply_patch`, `write`, or list none of them"
    );
    // OpenCode's own settings beside the holder restrict nothing from this document.
    assert_eq!(pointers(r#"{"builtin_tools": {"only": []}, "permission": {"bash": "deny"}}"#), ["/permission"]);
    assert_eq!(pointers(r#"{"builtin_tools": {"only": []}, "tools": {"bash": false}}"#), ["/tools"]);
    assert_eq!(pointers(r#"{"name": "x"}"#), [""]);
    // In code, the output refuses part of a group as the reader does.
    let part = OpenCodeConfig::new(Some(OpenCodeSelection::disable([OpenCodeTool::Write.into()])));
    assert!(matches!(part, Err(tool_policy::Error::PartOfGroup { .. })), "{part:?}");
}

#[test]
fn a_portable_policy_grants_whole_permissions() {
    let selection = |portable: Portable| OpenCodeSelection::from_portable(&portable).unwrap();
    let names = |selection: &OpenCodeSelection| -> Vec<String> {
        match selection.shape() {
            tool_policy::SelectionShape::Only(names) => names.iter().map(|n| n.as_str().to_owned()).collect(),
            other => panic!("a portable policy is an allow-list here: {other:?}"),
        }
    };
    // `read` shares its permission with the MCP-resource tools (`mcp`): granted only with them.
    let read_search = selection(Portable::only([Capability::Read, Capability::Search]).without_mcp());
    assert_eq!(names(&read_search), ["glob", "grep", "lsp"]);
    let with_mcp = selection(Portable::only([Capability::Read, Capability::Search, Capability::Mcp]));
    assert_eq!(
        names(&with_mcp),
        [
            "glob",
            "grep",
            "list_mcp_resource_templates",
            "list_mcp_resources",
            "lsp",
            "read",
            "read_mcp_resource",
            "*_*"
        ]
    );
    // `disable` is the allow-list of what it keeps (SPEC §9): a newer built-in is not offered.
    let no_shell = selection(Portable::disable([Capability::Execute, Capability::Web]).without_mcp());
    assert_eq!(
        names(&no_shell),
        [
            "apply_patch",
            "edit",
            "glob",
            "grep",
            "list_mcp_resource_templates",
            "list_mcp_resources",
            "lsp",
            "plan_exit",
            "question",
            "read",
            "read_mcp_resource",
            "skill",
            "task",
            "todowrite",
            "write"
        ]
    );
    let document = load_opencode_with(
        r#"{"capabilities": {"disable": ["execute", "web"], "mcp_tools": "none"}}"#,
        Options::STRICT,
    )
    .unwrap();
    assert_eq!(document.selection, Some(no_shell));
}

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tool-policy")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap()
}

#[test]
fn the_command_line() {
    let resolve = cli(&["resolve", "--runtime", "opencode", "--mcp-server", "docs", "examples/opencode/reviewer.json"]);
    assert_eq!(resolve.status.code(), Some(0), "{}", String::from_utf8_lossy(&resolve.stderr));
    let out: Value = serde_json::from_slice(&resolve.stdout).unwrap();
    assert_eq!(
        out["permission"],
        json!({"*": "deny", "glob": "allow", "grep": "allow", "webfetch": "allow", "docs_*": "allow"})
    );
    let check = cli(&[
        "check",
        "--strict",
        "--allow",
        "open-to-new-builtins",
        "--runtime",
        "opencode",
        "examples/opencode/no-shell.json",
    ]);
    assert_eq!(check.status.code(), Some(0), "{}", String::from_utf8_lossy(&check.stderr));
    let explain = cli(&["explain", "--runtime", "opencode", "examples/opencode/reviewer.json", "bash", "docs_search"]);
    assert_eq!(
        String::from_utf8_lossy(&explain.stdout),
        "bash: not permitted (not listed in `only`); not offered\ndocs_search: permitted (listed in `only`); offered when its server is configured\n"
    );
    let attest =
        cli(&["attest", "--runtime", "opencode", "examples/opencode/reviewer.json", "examples/opencode/reviewer.json"]);
    assert_eq!(attest.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&attest.stderr).contains("an OpenCode session cannot be attested"));
    let misplaced =
        cli(&["resolve", "--runtime", "gemini-cli", "--mcp-server", "docs", "examples/gemini/reviewer.json"]);
    assert_eq!(misplaced.status.code(), Some(2), "--mcp-server means nothing to resolve of the Gemini CLI");
}

/// OpenCode's own restricting settings, and keys that read as them, are refused wherever this
/// document only passes values through: OpenCode would not read them from here.
#[test]
fn own_settings_one_level_down_are_refused() {
    for (text, pointer) in [
        (r#"{"builtin_tools": {"disable": ["bash"]}, "mode": {"build": {"tools": {"bash": false}}}}"#, "/mode"),
        (r#"{"builtin_tools": {"disable": ["bash"]}, "x": {"build": {"tools": {"bash": false}}}}"#, "/x/build/tools"),
        (
            r#"{"builtin_tools": {"disable": ["bash"]}, "x": {"permission\u0007": {"bash": "deny"}}}"#,
            "/x/permission\u{7}",
        ),
        (
            r#"{"builtin_tools": {"disable": ["bash"]}, "x": {"permission\u0000": {"bash": "deny"}}}"#,
            "/x/permission\u{0}",
        ),
    ] {
        let refusal = refused(text);
        assert_eq!(refusal[0].0, pointer, "{text}: {refusal:?}");
        assert!(refusal[0].1.contains("here it restricts nothing"), "{refusal:?}");
    }
}

/// `--mcp-server` names a server OpenCode would read as a built-in: `resolve` refuses it
/// with the reason, exit 1, and writes nothing.
#[test]
fn resolve_refuses_a_server_read_as_a_built_in() {
    let resolve = cli(&["resolve", "--runtime", "opencode", "--mcp-server", "plan", "examples/opencode/reviewer.json"]);
    assert_eq!(resolve.status.code(), Some(1));
    assert!(resolve.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&resolve.stderr);
    assert!(stderr.contains("the OpenCode CLI cannot say the MCP server `plan`"), "{stderr}");
}
