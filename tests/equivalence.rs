//! The three front doors give equal resolved values: `builtin_tools!`, the builder and the
//! JSON loader, for every shipped example and every resolution vector they can all express.

use tool_policy::json::load;
use tool_policy::{ClaudeCodeSelection, ClaudeTool, Policy, ResolvedPolicy, builtin_tools, copilot, wire};

fn from_json(text: &str) -> ResolvedPolicy {
    load(text).unwrap_or_else(|e| panic!("{text}: {e}")).into_policy()
}

fn example(name: &str) -> ResolvedPolicy {
    let path = format!("{}/examples/agents/{name}.json", env!("CARGO_MANIFEST_DIR"));
    from_json(&std::fs::read_to_string(path).unwrap())
}

#[test]
fn shipped_examples() {
    let cases: [(&str, ResolvedPolicy, ResolvedPolicy); 7] = [
        (
            "mcp-only",
            builtin_tools! { available_tools: ["mcp:*"] },
            Policy::builder().available_tools([wire!("mcp:*")]).build(),
        ),
        (
            "no-builtins",
            builtin_tools! { excluded_tools: ["builtin:*"] },
            Policy::builder().excluded_tools([wire!("builtin:*")]).build(),
        ),
        (
            "locked-down",
            builtin_tools! { client_mode: empty, available_tools: ["mcp:*"] },
            Policy::builder().client_mode_empty().available_tools([wire!("mcp:*")]).build(),
        ),
        (
            "review-only",
            builtin_tools! { available_tools: ["view", "grep", "glob"] },
            Policy::builder().available_tools([copilot::VIEW, copilot::GREP, copilot::GLOB]).build(),
        ),
        ("isolated", builtin_tools! { available_tools: isolated }, Policy::builder().available_isolated().build()),
        (
            "combined",
            builtin_tools! { excluded_tools: ["exit_plan_mode"], available_tools: isolated },
            Policy::builder().available_isolated().excluded_tools([copilot::EXIT_PLAN_MODE]).build(),
        ),
        (
            "subagents",
            builtin_tools! {
                available_tools: ["view", "grep", "glob", "task", "read_agent", "list_agents", "write_agent"],
            },
            Policy::builder()
                .available_tools([
                    copilot::VIEW,
                    copilot::GREP,
                    copilot::GLOB,
                    copilot::TASK,
                    copilot::READ_AGENT,
                    copilot::LIST_AGENTS,
                    copilot::WRITE_AGENT,
                ])
                .build(),
        ),
    ];
    for (name, from_macro, from_builder) in cases {
        let from_json = example(name);
        assert_eq!(from_macro, from_json, "{name}: macro vs JSON");
        assert_eq!(from_builder, from_json, "{name}: builder vs JSON");
    }
}

fn entry(fields: &str) -> ResolvedPolicy {
    from_json(&format!(r#"{{"kind": "github-cli-builtin-tools", {fields}}}"#))
}

#[test]
fn resolution_vectors() {
    let cases: Vec<(&str, ResolvedPolicy, ResolvedPolicy)> = vec![
        (
            r#""available-tools": {"tools": ["*"]}"#,
            builtin_tools! { available_tools: ["*"] },
            Policy::builder().available_tools([wire!("*")]).build(),
        ),
        (
            r#""available-tools": {"tools": ["read_agent", "list_agents"]}"#,
            builtin_tools! { available_tools: ["read_agent", "list_agents"] },
            Policy::builder().available_tools([copilot::READ_AGENT, copilot::LIST_AGENTS]).build(),
        ),
        (
            r#""available-tools": {"isolated": true}"#,
            builtin_tools! { available_tools: isolated },
            Policy::builder().available_isolated().build(),
        ),
        (
            r#""available-tools": {"tools": []}"#,
            builtin_tools! { available_tools: [] },
            Policy::builder().available_tools([]).build(),
        ),
        (
            r#""excluded-tools": {"tools": ["*"]}"#,
            builtin_tools! { excluded_tools: ["*"] },
            Policy::builder().excluded_tools([wire!("*")]).build(),
        ),
        (
            r#""excluded-tools": {"isolated": true}"#,
            builtin_tools! { excluded_tools: isolated },
            Policy::builder().excluded_isolated().build(),
        ),
        (
            r#""excluded-tools": {"tools": ["shell"]}"#,
            builtin_tools! { excluded_tools: ["shell"] },
            Policy::builder().excluded_tools([wire!("shell")]).build(),
        ),
        (
            r#""excluded-tools": {"tools": []}"#,
            builtin_tools! { excluded_tools: [] },
            Policy::builder().excluded_tools([]).build(),
        ),
        (
            r#""available-tools": {"tools": ["bash", "mcp:*"]}"#,
            builtin_tools! { available_tools: ["bash", "mcp:*"] },
            Policy::builder().available_tools([copilot::BASH, wire!("mcp:*")]).build(),
        ),
        (
            r#""client-mode": "empty", "available-tools": {"tools": ["*"]}"#,
            builtin_tools! { client_mode: empty, available_tools: ["*"] },
            Policy::builder().client_mode_empty().available_tools([wire!("*")]).build(),
        ),
        (
            r#""client-mode": "empty", "available-tools": {"isolated": true}, "excluded-tools": {"tools": ["skill"]}"#,
            builtin_tools! { client_mode: empty, available_tools: isolated, excluded_tools: ["skill"] },
            Policy::builder().client_mode_empty().available_isolated().excluded_tools([copilot::SKILL]).build(),
        ),
        (
            r#""client-mode": "copilot-cli", "available-tools": {"tools": ["custom:lookup", "mcp:github-list_issues"]}"#,
            builtin_tools! { client_mode: copilot_cli, available_tools: ["custom:lookup", "mcp:github-list_issues"] },
            Policy::builder().available_tools([wire!("custom:lookup"), wire!("mcp:github-list_issues")]).build(),
        ),
        ("\"name\": \"none\"", builtin_tools! {}, Policy::builder().build()),
    ];
    for (fields, from_macro, from_builder) in cases {
        let from_json = entry(fields);
        assert_eq!(from_macro, from_json, "{fields}: macro vs JSON");
        assert_eq!(from_builder, from_json, "{fields}: builder vs JSON");
        assert_eq!(
            serde_json::to_string(&from_macro).unwrap(),
            serde_json::to_string(&from_json).unwrap(),
            "{fields}: serialized"
        );
    }
}

#[test]
fn fallible_path_gives_the_loaders_errors() {
    use tool_policy::{At, ClientMode, Error, PolicyEntry, Selector, Slot, WireName};
    let names = ["bash", "builtin:bash"].map(|n| WireName::parse(n).unwrap()).to_vec();
    let errors = PolicyEntry::new(ClientMode::CopilotCli, None, Some(Selector::Tools(names))).unwrap_err();
    let loaded = load(r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash", "builtin:bash"]}}"#)
        .unwrap_err();
    let tool_policy::json::LoadError::Invalid(report) = loaded else { panic!() };
    assert_eq!(errors[0].0, At::Tool(Slot::Excluded, 1));
    assert_eq!(errors[0].1, report.errors[0].item);
    assert!(matches!(errors[0].1, Error::DuplicateTool { .. }));
    assert_eq!(
        WireName::parse("foo:bar").unwrap_err().to_string(),
        "unknown source `foo` in `foo:bar`; expected `builtin`, `custom` or `mcp`"
    );
}

#[test]
fn claude_code_front_doors() {
    let json = |text: &str| ClaudeCodeSelection::from_json(text).unwrap().selection.unwrap();
    let cases: [(&str, ClaudeCodeSelection, ClaudeCodeSelection); 4] = [
        (
            r#"{"disable": "*"}"#,
            builtin_tools! { runtime: claude_code, disable: "*" },
            ClaudeCodeSelection::disable_all(),
        ),
        (
            r#"{"only": ["Read", "Grep"]}"#,
            builtin_tools! { runtime: claude_code, only: ["Read", "Grep"] },
            ClaudeCodeSelection::only([ClaudeTool::Read, ClaudeTool::Grep]),
        ),
        (r#"{"only": []}"#, builtin_tools! { runtime: claude_code, only: [] }, ClaudeCodeSelection::only([])),
        (
            r#"{"builtin_tools": {"disable": ["WebFetch"]}}"#,
            builtin_tools! { disable: ["WebFetch"], runtime: claude_code },
            ClaudeCodeSelection::disable([ClaudeTool::WebFetch]),
        ),
    ];
    for (text, from_macro, from_code) in cases {
        assert_eq!(from_macro, json(text), "{text}");
        assert_eq!(from_code, json(text), "{text}");
    }
}

/// A portable policy gives each runtime one value through every door: the macro, code
/// (`from_portable` of a [`Portable`](tool_policy::Portable)) and the JSON reader.
#[test]
fn portable_front_doors() {
    use tool_policy::json::{load_claude_code, load_gemini_cli};
    use tool_policy::{Capability as C, ClaudeCodeArgs, GeminiSelection, Portable};
    let copilot = |text: &str| from_json(text);
    let claude = |text: &str| load_claude_code(text).unwrap_or_else(|e| panic!("{text}: {e}")).args();
    let gemini = |text: &str| load_gemini_cli(text).unwrap_or_else(|e| panic!("{text}: {e}")).selection.unwrap();
    let read_search = Portable::only([C::Read, C::Search]);
    let offline = Portable::disable([C::Web, C::Execute]).without_mcp();
    let copilot_cases: [(&str, ResolvedPolicy, Portable); 3] = [
        (r#"{"only": ["read", "search"]}"#, builtin_tools! { capabilities: only [read, search] }, read_search.clone()),
        (
            r#"{"disable": ["web", "execute"], "mcp_tools": "none"}"#,
            builtin_tools! { capabilities: { disable: [web, execute], mcp_tools: none } },
            offline.clone(),
        ),
        (r#"{"disable": "*"}"#, builtin_tools! { capabilities: disable "*" }, Portable::DISABLE_ALL),
    ];
    for (json, from_macro, portable) in copilot_cases {
        let from_json = copilot(&format!(r#"{{"capabilities": {json}}}"#));
        assert_eq!(from_macro, from_json, "Copilot {json}: macro vs JSON");
        assert_eq!(ResolvedPolicy::from_portable(&portable), Ok(from_json), "Copilot {json}: code vs JSON");
    }
    let claude_only: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, capabilities: only [read, search] };
    let json = claude(r#"{"capabilities": {"only": ["read", "search"]}}"#);
    assert_eq!(ClaudeCodeArgs::new(Some(claude_only)), json);
    assert_eq!(ClaudeCodeArgs::from_portable(&read_search), Ok(json));
    let claude_offline: ClaudeCodeArgs =
        builtin_tools! { runtime: claude_code, capabilities: { disable: [web, execute], mcp_tools: none } };
    let json = claude(r#"{"capabilities": {"disable": ["web", "execute"], "mcp_tools": "none"}}"#);
    assert_eq!(claude_offline, json);
    assert_eq!(ClaudeCodeArgs::from_portable(&offline), Ok(json));
    let gemini_cases: [(&str, GeminiSelection, Portable); 2] = [
        (
            r#"{"only": ["read", "search"]}"#,
            builtin_tools! { runtime: gemini_cli, capabilities: only [read, search] },
            read_search,
        ),
        (
            r#"{"disable": ["web", "execute"], "mcp_tools": "none"}"#,
            builtin_tools! { runtime: gemini_cli, capabilities: { disable: [web, execute], mcp_tools: none } },
            offline,
        ),
    ];
    for (json, from_macro, portable) in gemini_cases {
        let from_json = gemini(&format!(r#"{{"capabilities": {json}}}"#));
        assert_eq!(from_macro, from_json, "Gemini CLI {json}: macro vs JSON");
        assert_eq!(GeminiSelection::from_portable(&portable), Ok(from_json), "Gemini CLI {json}: code vs JSON");
    }
}
