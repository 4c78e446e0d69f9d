//! Capabilities (SPEC §7): one portable policy gives each runtime its own value, equal to the
//! name-level selection of the same tools; the rule holds for every set of capabilities on
//! every catalog; every door refuses an unknown word with a did-you-mean and a second policy
//! beside the first; and the review aids speak capabilities.

mod support;

use std::fmt::Write as _;
use support::tool_policy as cli;

use serde_json::{Value, json};
use tool_policy::Runtime;
use tool_policy::claude::{ClaudeTool, Offered, RUNTIME as CLAUDE_CODE};
use tool_policy::codex::{CodexArgs, CodexTool};
use tool_policy::gemini::GeminiTool;
use tool_policy::json::{LoadError, Options, load, load_claude_code, load_gemini_cli, load_with};
use tool_policy::opencode::OpenCodeTool;
use tool_policy::{
    Capabilities, Capability, ClaudeCodeArgs, ClaudeCodeSelection, CodexSelection, Error, GeminiSelection, McpTools,
    OpenCodeSelection, Portable, ResolvedPolicy, Source, Tool,
};

fn resolve(runtime: &str, document: &str) -> Value {
    let output = cli(&["resolve", "--runtime", runtime, "-"], document);
    assert_eq!(output.status.code(), Some(0), "{document}: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).unwrap()
}

const READ_SEARCH: &str = r#"{"capabilities": {"only": ["read", "search"]}}"#;

#[test]
fn resolve_prints_each_runtimes_own_selection_of_the_same_tools() {
    // Written by hand from each runtime's table: the built-ins that only read and search.
    let copilot = r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["view", "grep", "glob"]}}"#;
    assert_eq!(resolve("copilot", READ_SEARCH), resolve("copilot", copilot));
    let claude = r#"{"builtin_tools": {"only": ["Glob", "Grep", "LSP", "Read", "self_hosted_runner_tail_log"]}}"#;
    assert_eq!(resolve("claude-code", READ_SEARCH), resolve("claude-code", claude));
    // `tools.core` governs MCP tools too: a built-in-only policy keeps them with `mcp_*`.
    let gemini = r#"{"only": ["glob", "grep_search", "list_directory", "read_file", "read_many_files", "mcp_*"]}"#;
    assert_eq!(resolve("gemini-cli", READ_SEARCH), resolve("gemini-cli", gemini));
    // OpenCode's `read` permission governs the MCP-resource tools too (`mcp`): not granted.
    let opencode = r#"{"only": ["glob", "grep", "lsp", "*_*"]}"#;
    assert_eq!(resolve("opencode", READ_SEARCH), resolve("opencode", opencode));

    // Without MCP tools, and as a deny-list: written as the allow-list of the built-ins it
    // keeps (SPEC §9), so a built-in a newer CLI adds is not offered.
    let offline = r#"{"capabilities": {"disable": ["web"], "mcp_tools": "none"}}"#;
    let web = ["bash", "web_fetch", "semantic_code_search", "powershell"];
    let kept: Vec<String> = tool_policy::copilot::ROWS
        .iter()
        .filter(|row| !web.contains(&row.tool))
        .map(|row| format!("builtin:{}", row.tool))
        .chain([String::from("custom:*")])
        .collect();
    assert_eq!(
        resolve("copilot", offline),
        json!({"clientMode": "copilot-cli", "availableTools": kept, "toolFilterPrecedence": "excluded"})
    );
    // Claude Code: the kept built-ins its deny rules would leave offered (those offered only
    // when listed stay out, but `Glob` and `Grep`, which the CLI brings once `Bash` is gone).
    let args = resolve("claude-code", offline)["args"].clone();
    let tools = args[0].as_str().unwrap().strip_prefix("--tools=").expect("an allow-list").split(',');
    let tools: Vec<&str> = tools.collect();
    for taken in ["Bash", "WebFetch", "WebSearch", "Monitor", "PowerShell", "self_hosted_runner_read_health"] {
        assert!(!tools.contains(&taken), "{taken}: {tools:?}");
    }
    for kept in ["Read", "Edit", "Write", "Agent", "Glob", "Grep", "GitStatusCheck"] {
        assert!(tools.contains(&kept), "{kept}: {tools:?}");
    }
    assert!(!tools.contains(&"TaskCreate"), "offered only when listed, as the deny rules would leave it");
    assert_eq!(args[1], "--disallowedTools=mcp__*");
    let gemini = resolve("gemini-cli", offline);
    let core = gemini["settings"]["tools"]["core"].as_array().unwrap();
    assert!(core.iter().all(|name| {
        !["google_web_search", "run_shell_command", "web_fetch", "mcp_*"].contains(&name.as_str().unwrap())
    }));
    assert!(core.contains(&json!("read_file")) && gemini["policy"].is_null(), "{gemini}");
    // An allow-list is closed to new built-ins: `--strict` passes it on every runtime that
    // takes one (the Codex CLI has no allow-list).
    for runtime in Runtime::ALL.into_iter().filter(|runtime| *runtime != Runtime::Codex).map(Runtime::as_str) {
        let output = cli(&["check", "--strict", "--runtime", runtime, "-"], offline);
        assert_eq!(output.status.code(), Some(0), "{runtime}: {}", String::from_utf8_lossy(&output.stderr));
    }
}

/// Every set of capabilities, `only` and `disable`, on every catalog: a built-in is offered
/// iff the rule says so, and MCP tools as `mcp_tools` says; `disable: "*"` offers none.
#[test]
fn the_rule_holds_for_every_set_on_every_catalog() {
    let copilot_tools: Vec<(&str, Capabilities)> = tool_policy::copilot::BUILTIN_TOOLS
        .iter()
        .map(|name| (*name, tool_policy::copilot::capabilities(name).unwrap()))
        .collect();
    for bits in 0..1u16 << Capability::ALL.len() {
        let listed: Vec<Capability> =
            Capability::ALL.into_iter().enumerate().filter(|(i, _)| bits & (1 << i) != 0).map(|(_, c)| c).collect();
        let set: Capabilities = listed.iter().copied().collect();
        // The rule as SPEC §7 words it, written here apart from the library's.
        let shapes = [
            (Portable::only(listed.iter().copied()), (|has: Capabilities, set| has.is_subset(set)) as fn(_, _) -> bool),
            (Portable::disable(listed.iter().copied()), |has: Capabilities, set| !has.intersects(set)),
        ];
        for (i, (base, rule)) in shapes.into_iter().enumerate() {
            let disable = i == 1;
            for portable in [base.clone(), base.without_mcp()] {
                let grants = |has: Capabilities| rule(has, set);
                let copilot = ResolvedPolicy::from_portable(&portable).unwrap();
                for (name, capabilities) in &copilot_tools {
                    let offered = copilot.offers(&Tool::builtin(name));
                    assert_eq!(offered, grants(*capabilities), "Copilot {name} under {portable:?}");
                }
                assert_eq!(copilot.offers(&Tool::unnamed(Source::Mcp)), portable.keeps_mcp(), "{portable:?}");
                assert!(copilot.offers(&Tool::unnamed(Source::Custom)), "custom tools stay: {portable:?}");
                // A Claude Code `disable` is the allow-list of what its deny rules would leave
                // offered: a built-in offered only when listed is in it only when the CLI
                // would bring it, its leader (`Bash`) taken away.
                let claude = ClaudeCodeSelection::from_portable(&portable).unwrap();
                for &tool in ClaudeTool::ALL {
                    let columns = tool.row().runtime;
                    let left = !disable
                        || columns.offered != Offered::Listed
                        || columns.without.is_some_and(|leader| !grants(leader.capabilities()));
                    let permitted = claude.decide(tool).is_permitted();
                    assert_eq!(permitted, grants(tool.capabilities()) && left, "Claude Code {tool} under {portable:?}");
                }
                let mcp_denied =
                    ClaudeCodeArgs::from_portable(&portable).unwrap().args().iter().any(|a| a.contains("mcp__*"));
                assert_eq!(mcp_denied, !portable.keeps_mcp());
                let gemini = GeminiSelection::from_portable(&portable).unwrap();
                for tool in GeminiTool::ALL {
                    let permitted = gemini.decide(tool.name()).is_permitted();
                    assert_eq!(permitted, grants(tool.capabilities()), "Gemini CLI {tool} under {portable:?}");
                }
                assert_eq!(gemini.decide("mcp_docs_search").is_permitted(), portable.keeps_mcp(), "{portable:?}");
                // OpenCode grants a permission whole: each tool it governs, or none.
                let opencode = OpenCodeSelection::from_portable(&portable).unwrap();
                for &tool in OpenCodeTool::ALL {
                    let permitted = opencode.decide(tool.name()).is_permitted();
                    let whole = tool.governed_with().all(|member| grants(member.capabilities()));
                    assert_eq!(permitted, whole, "OpenCode {tool} under {portable:?}");
                }
                assert_eq!(opencode.decide("docs_search").is_permitted(), portable.keeps_mcp(), "{portable:?}");
                // The Codex CLI has no allow-list: a `disable` is its switches, each whole, and
                // is refused when it takes a tool no switch takes away; `only`, and `mcp_tools`
                // `"none"`, are refused.
                let codex = CodexSelection::from_portable(&portable);
                let switchless =
                    CodexTool::ALL.iter().any(|tool| tool.switch().is_none() && !grants(tool.capabilities()));
                match codex {
                    Ok(codex) => {
                        assert!(disable && portable.keeps_mcp() && !switchless, "Codex CLI under {portable:?}");
                        for &tool in CodexTool::ALL {
                            let whole = tool.governed_with().all(|member| grants(member.capabilities()));
                            assert_eq!(
                                codex.decide(tool.name()).is_permitted(),
                                whole,
                                "Codex CLI {tool} under {portable:?}"
                            );
                        }
                        assert!(codex.decide("mcp__docs__search").is_permitted());
                        assert!(CodexArgs::new(Some(codex)).is_ok(), "{portable:?}");
                    }
                    Err(error) => assert!(!disable || !portable.keeps_mcp() || switchless, "{portable:?}: {error}"),
                }
            }
        }
    }
    for portable in [Portable::DISABLE_ALL, Portable::DISABLE_ALL.without_mcp()] {
        let copilot = ResolvedPolicy::from_portable(&portable).unwrap();
        assert!(tool_policy::copilot::BUILTIN_TOOLS.iter().all(|name| !copilot.offers(&Tool::builtin(name))));
        assert_eq!(copilot.offers(&Tool::unnamed(Source::Mcp)), portable.keeps_mcp());
        let gemini = GeminiSelection::from_portable(&portable).unwrap();
        assert!(GeminiTool::ALL.iter().all(|tool| !gemini.decide(tool.name()).is_permitted()));
        assert_eq!(gemini.decide("mcp_docs_search").is_permitted(), portable.keeps_mcp());
        let opencode = OpenCodeSelection::from_portable(&portable).unwrap();
        assert!(OpenCodeTool::ALL.iter().all(|tool| !opencode.decide(tool.name()).is_permitted()));
        assert_eq!(opencode.decide("docs_search").is_permitted(), portable.keeps_mcp());
        assert_eq!(ClaudeCodeArgs::from_portable(&portable).unwrap().mcp(), portable.mcp());
    }
    assert_eq!(*Portable::DISABLE_ALL.mcp(), McpTools::Keep);
}

fn errors(result: Result<(), LoadError>) -> Vec<(String, String)> {
    match result {
        Err(LoadError::Invalid(report)) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
        other => panic!("must be refused: {other:?}"),
    }
}

fn each_runtime(text: &str) -> [Vec<(String, String)>; 3] {
    [errors(load(text).map(drop)), errors(load_claude_code(text).map(drop)), errors(load_gemini_cli(text).map(drop))]
}

#[test]
fn every_door_refuses_an_unknown_word_with_a_did_you_mean() {
    for refused in each_runtime(r#"{"capabilities": {"only": ["read", "serach"]}}"#) {
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert_eq!(refused[0].0, "/capabilities/only/1");
        assert!(refused[0].1.starts_with("unknown capability `serach`; expected `execute`, `read`, "), "{refused:?}");
        assert!(refused[0].1.ends_with("(did you mean `search`?)"), "{refused:?}");
    }
    let error = "exeucte".parse::<Capability>().unwrap_err();
    assert_eq!(error, Error::UnknownCapability { word: "exeucte".into() });
    assert!(error.to_string().ends_with("(did you mean `execute`?)"));
    let cli = cli(&["check", "--runtime", "claude-code", "-"], r#"{"capabilities": {"disable": ["wbe"]}}"#);
    assert_eq!(cli.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&cli.stderr).contains("/capabilities/disable/0: unknown capability `wbe`"));
    // The macro: tests/ui/macro/capability-unknown-word.rs.
}

#[test]
fn a_second_policy_beside_the_first_is_refused() {
    let holder = r#"{"builtin_tools": {"only": ["Read"]}, "capabilities": {"only": ["read"]}}"#;
    for runtime in [errors(load_claude_code(holder).map(drop)), errors(load_gemini_cli(holder).map(drop))] {
        assert_eq!(runtime.len(), 1, "{runtime:?}");
        assert_eq!(runtime[0].0, "/capabilities");
        assert!(runtime[0].1.starts_with("`capabilities` and `builtin_tools` both say what the agent may use"));
    }
    let first = r#"{"capabilities": {"only": ["read"]}, "builtin_tools": null}"#;
    assert_eq!(errors(load_claude_code(first).map(drop))[0].0, "/builtin_tools");
    let copilot = r#"{"tools": [{"kind": "github-cli-builtin-tools"}], "capabilities": {"disable": ["web"]}}"#;
    let refused = errors(load(copilot).map(drop));
    assert_eq!(refused[0].0, "/capabilities");
    assert!(refused[0].1.contains("`capabilities` and `github-cli-builtin-tools` both say"), "{refused:?}");
}

#[test]
fn the_portable_form_is_closed() {
    let cases = [
        (r#"{"capabilities": {"only": ["read"], "mcp_tools": "some"}}"#, "/capabilities/mcp_tools"),
        (r#"{"capabilities": {"only": ["read"], "mcpTools": "none"}}"#, "/capabilities/mcpTools"),
        (r#"{"capabilities": {"only": ["read"], "Disable": []}}"#, "/capabilities/Disable"),
        (r#"{"capabilities": {"only": ["read", "read"]}}"#, "/capabilities/only/1"),
        (r#"{"capabilities": {"only": ["read", 3]}}"#, "/capabilities/only/1"),
        (r#"{"capabilities": {"only": "*"}}"#, "/capabilities/only"),
        (r#"{"capabilities": {"disable": "all"}}"#, "/capabilities/disable"),
        (r#"{"capabilities": {}}"#, "/capabilities"),
        (r#"{"capabilities": {"only": [], "disable": []}}"#, "/capabilities"),
        (r#"{"capabilities": ["read"]}"#, "/capabilities"),
        (r#"{"capabilites": {"only": ["read"]}}"#, "/capabilites"),
    ];
    for (text, pointer) in cases {
        for (runtime, refused) in ["Copilot", CLAUDE_CODE, "Gemini CLI"].iter().zip(each_runtime(text)) {
            assert!(refused.iter().any(|(at, _)| at == pointer), "{runtime}: {text}: {refused:?}");
        }
    }
    // A portable policy nested where nothing reads it restricts nothing: refused.
    let nested = r#"{"builtin_tools": null, "step": {"capabilities": {"only": ["read"]}}}"#;
    assert_eq!(errors(load_claude_code(nested).map(drop))[0].0, "/step/capabilities");
}

#[test]
fn hidden_capability_warns_and_strict_refuses() {
    let monitor = r#"{"builtin_tools": {"only": ["Read", "Monitor"]}}"#;
    let read = load_claude_code(monitor).unwrap();
    assert_eq!(read.warnings.len(), 1);
    assert_eq!(read.warnings[0].pointer, "/builtin_tools/only/1");
    let message = read.warnings[0].item.to_string();
    assert!(message.starts_with("hidden-capability: `Monitor`: it also grants `execute`, "), "{message}");
    let strict = cli(&["check", "--runtime", "claude-code", "--strict", "-"], monitor);
    assert_eq!(strict.status.code(), Some(1));
    let allowed = cli(&["check", "--runtime", "claude-code", "--strict", "--allow", "hidden-capability", "-"], monitor);
    assert_eq!(allowed.status.code(), Some(0), "{}", String::from_utf8_lossy(&allowed.stderr));
    // Listing the tool whose name says it: no warning.
    assert!(load_claude_code(r#"{"only": ["Read", "Monitor", "Bash"]}"#).unwrap().warnings.is_empty());
    let copilot = r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["view", "read_bash"]}}"#;
    let read = load_with(copilot, Options::LENIENT).unwrap();
    assert_eq!(read.warnings()[0].pointer, "/available-tools/tools/1");
    let gemini = load_gemini_cli(r#"{"only": ["read_file", "read_background_output"]}"#).unwrap();
    assert_eq!(gemini.warnings[0].pointer, "/only/1");
    // A portable policy names no tool: nothing to warn of.
    for text in [r#"{"capabilities": {"only": ["execute"]}}"#, r#"{"capabilities": {"only": ["read", "agent"]}}"#] {
        assert!(load(text).unwrap().warnings().is_empty());
        assert!(load_claude_code(text).unwrap().warnings.is_empty());
        assert!(load_gemini_cli(text).unwrap().warnings.is_empty());
    }
}

#[test]
fn explain_and_diff_speak_capabilities() {
    let monitor = r#"{"builtin_tools": {"only": ["Read", "Monitor"]}}"#;
    let explain = cli(&["explain", "--runtime", "claude-code", "-"], monitor);
    let stdout = String::from_utf8(explain.stdout).unwrap();
    assert!(stdout.contains("\ncapability execute: granted through `Monitor`\n"), "{stdout}");
    assert!(stdout.contains("\ncapability read: granted through `Monitor`, `Read`\n"), "{stdout}");
    assert!(stdout.contains("\ncapability agent: not granted\n"), "{stdout}");
    let gemini = cli(&["explain", "--runtime", "gemini-cli", "-"], READ_SEARCH);
    let stdout = String::from_utf8(gemini.stdout).unwrap();
    assert!(stdout.contains("\ncapability search: granted through `glob`, `grep_search`\n"), "{stdout}");
    assert!(stdout.contains("\ncapability execute: not granted\n"), "{stdout}");
    let copilot = cli(&["explain", "-"], READ_SEARCH);
    let stdout = String::from_utf8(copilot.stdout).unwrap();
    assert!(stdout.contains("\ncapability read: granted through `view`, `grep`\n"), "{stdout}");

    let dir = std::env::temp_dir().join(format!("tool-policy-capabilities-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (old, new) = (dir.join("old.json"), dir.join("new.json"));
    std::fs::write(&old, r#"{"only": ["Read"]}"#).unwrap();
    std::fs::write(&new, monitor).unwrap();
    let diff = cli(&["diff", "--runtime", "claude-code", old.to_str().unwrap(), new.to_str().unwrap()], "");
    assert_eq!(
        String::from_utf8(diff.stdout).unwrap(),
        "+ execute, read, search, edit, web: Monitor (was not listed in only, now listed in only)\n"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_sub_agents_list_may_be_capabilities() {
    // Claude Code: the agent's own lists, from the same table, bounded by the main selection.
    // MCP tools are kept by the agent's own servers: Claude Code reads `mcp__*` in an agent's
    // `tools` as no MCP tool.
    let portable = r#"{"builtin_tools": {"only": ["Agent", "Read", "Grep"]}, "agents": {"r": {"description": "d", "prompt": "p", "mcpServers": {"gh": {"command": "g"}}, "capabilities": {"only": ["read", "search"]}}}}"#;
    let by_name = r#"{"builtin_tools": {"only": ["Agent", "Read", "Grep"]}, "agents": {"r": {"description": "d", "prompt": "p", "mcpServers": {"gh": {"command": "g"}}, "tools": ["Grep", "Read", "mcp__gh"]}}}"#;
    assert_eq!(load_claude_code(portable).unwrap().args(), args_in_code(by_name).unwrap());
    let unnamed = r#"{"builtin_tools": null, "agents": {"r": {"description": "d", "prompt": "p", "capabilities": {"only": ["read"]}}}}"#;
    let refused = errors(load_claude_code(unnamed).map(drop));
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].0, "/agents/r/capabilities");
    assert!(refused[0].1.contains("add `\"mcp_tools\": \"none\"`, or name its servers in `mcpServers`"), "{refused:?}");
    let star =
        r#"{"builtin_tools": null, "agents": {"r": {"description": "d", "prompt": "p", "tools": ["Read", "mcp__*"]}}}"#;
    let refused = errors(load_claude_code(star).map(drop));
    assert_eq!(refused[0].0, "/agents/r/tools/1");
    assert!(refused[0].1.contains("gives it no MCP tool in Claude Code"), "{refused:?}");
    let read = load_claude_code(portable).unwrap();
    assert!(read.warnings.is_empty(), "the tools it reaches are not its author's names: {:?}", read.warnings);
    // As for any agent's list: what the main selection takes away (`Glob`, `LSP`) is not
    // the agent's, `Glob` included, which Claude Code would offer to a list that names it.
    let explain =
        cli(&["explain", "--runtime", "claude-code", "--agent", "r", "-", "Read", "LSP", "Glob", "Bash"], portable);
    assert_eq!(
        String::from_utf8(explain.stdout).unwrap(),
        "Read: offered to agent `r` (listed in its `tools`)\n\
         LSP: not offered to agent `r` (not listed in its `tools`)\n\
         Glob: not offered to agent `r` (not listed in its `tools`)\n\
         Bash: not offered to agent `r` (not listed in its `tools`)\n"
    );
    let search = r#"{"builtin_tools": {"only": ["Read", "Agent"]}, "agents": {"s": {"description": "d", "prompt": "p", "capabilities": {"only": ["search"], "mcp_tools": "none"}}}}"#;
    let args = load_claude_code(search).unwrap().args().args();
    assert!(args[2].ends_with(r#""tools":[]}}"#), "no Glob beyond the main selection: {args:?}");
    // Left to the agents, it is theirs.
    let left = r#"{"builtin_tools": {"only": ["Read", "Agent"]}, "agent_only": ["Glob"], "agents": {"s": {"description": "d", "prompt": "p", "capabilities": {"only": ["search"], "mcp_tools": "none"}}}}"#;
    let args = load_claude_code(left).unwrap().args().args();
    assert!(args[2].ends_with(r#""tools":["Glob"]}}"#), "{args:?}");
    // In code, agents reach the arguments only through the check: a list beyond the main
    // selection is refused at its place, names and capabilities alike.
    let beyond = r#"{"builtin_tools": {"only": ["Agent", "Read"]}, "agents": {"r": {"description": "d", "prompt": "p", "tools": ["Read", "Glob"]}}}"#;
    let report = args_in_code(beyond).unwrap_err();
    assert_eq!(report.errors[0].pointer, "/agents/r/tools/1");
    let unbounded = tool_policy::ClaudeAgent::new("r", "d", "p")
        .with_portable(&Portable::only([Capability::Search]).without_mcp(), None, &[])
        .unwrap();
    let main = ClaudeCodeSelection::only([ClaudeTool::Agent, ClaudeTool::Read]);
    let report = ClaudeCodeArgs::new(Some(main)).with_agents(tool_policy::ClaudeAgents::new([unbounded])).unwrap_err();
    assert!(report.errors.iter().any(|e| e.pointer == "/agents/r/tools/0"), "{report:?}");
    let offline = r#"{"capabilities": {"only": ["read"]}, "agents": {"o": {"description": "d", "prompt": "p", "capabilities": {"disable": ["web", "execute"], "mcp_tools": "none"}}}}"#;
    let args = load_claude_code(offline).unwrap().args().args();
    assert!(
        args[2].contains(r#""disallowedTools":["Artifact","Bash","#) && args[2].contains(r#""mcp__*"]"#),
        "{args:?}"
    );
    let both = r#"{"builtin_tools": null, "agents": {"r": {"description": "d", "prompt": "p", "tools": ["Read"], "capabilities": {"only": ["read"]}}}}"#;
    let refused = errors(load_claude_code(both).map(drop));
    assert_eq!(refused[0].0, "/agents/r/capabilities");
    assert!(refused[0].1.starts_with("`capabilities` and `tools` both say"), "{refused:?}");
    // The macro gives the same arguments.
    let from_macro: ClaudeCodeArgs = tool_policy::builtin_tools! {
        runtime: claude_code,
        only: ["Agent", "Read", "Grep"],
        agents: { r: { description: "d", prompt: "p", capabilities: { only: [read, search], mcp_tools: none } } },
    };
    let without_mcp = portable
        .replace(r#""mcpServers": {"gh": {"command": "g"}}, "#, "")
        .replace(r#"{"only": ["read", "search"]}"#, r#"{"only": ["read", "search"], "mcp_tools": "none"}"#);
    assert_eq!(from_macro, load_claude_code(&without_mcp).unwrap().args());
    // Copilot: a custom agent's `tools` is an exact list with no pattern for every MCP or
    // custom tool, so it cannot keep them as a portable policy does: refused, not widened.
    let copilot = r#"{"tools": [], "customAgents": [{"name": "a", "capabilities": {"only": ["read"]}}]}"#;
    let refused = errors(load(copilot).map(drop));
    assert_eq!(refused[0].0, "/customAgents/0/capabilities");
    assert!(
        refused[0].1.contains("a portable policy cannot be said there exactly: list the agent's tools in `tools`"),
        "{refused:?}"
    );
}

/// The arguments of a Claude Code document's selection and agents, built in code from their
/// stored forms: the agents held to the selection there.
fn args_in_code(text: &str) -> Result<ClaudeCodeArgs, tool_policy::Report> {
    let value: Value = serde_json::from_str(text).unwrap();
    let agents: tool_policy::ClaudeAgents = serde_json::from_value(value["agents"].clone()).unwrap();
    let selection: ClaudeCodeSelection = serde_json::from_value(value["builtin_tools"].clone()).unwrap();
    ClaudeCodeArgs::new(Some(selection)).with_agents(agents)
}

/// The README's capability table, as the data gives it: capability → the built-ins of each
/// pinned catalog that have it. `UPDATE_README=1 cargo test --test capabilities` rewrites it.
#[test]
fn the_readme_table_is_the_data() {
    let tools = |names: Vec<&str>| names.iter().map(|name| format!("`{name}`")).collect::<Vec<_>>().join(" ");
    let builds = |builds: &[&str]| builds.join(", ");
    let mut table = format!(
        "| capability | Copilot CLI {} | Claude Code {} | Gemini CLI {} | OpenCode {} | Codex CLI {} |\n|---|---|---|---|---|---|\n",
        builds(tool_policy::copilot::BUILDS),
        builds(tool_policy::claude::BUILDS),
        builds(tool_policy::gemini::BUILDS),
        builds(tool_policy::opencode::BUILDS),
        builds(tool_policy::codex::BUILDS),
    );
    for capability in Capability::ALL {
        let copilot = tool_policy::copilot::ROWS.iter().filter(|row| row.capabilities().contains(capability));
        let claude = ClaudeTool::ALL.iter().filter(|tool| tool.capabilities().contains(capability));
        let gemini = GeminiTool::ALL.iter().filter(|tool| tool.capabilities().contains(capability));
        let opencode = OpenCodeTool::ALL.iter().filter(|tool| tool.capabilities().contains(capability));
        let codex = CodexTool::ALL.iter().filter(|tool| tool.capabilities().contains(capability));
        writeln!(
            table,
            "| `{}` | {} | {} | {} | {} | {} |",
            capability.word(),
            tools(copilot.map(|row| row.tool).collect()),
            tools(claude.map(|tool| tool.name()).collect()),
            tools(gemini.map(|tool| tool.name()).collect()),
            tools(opencode.map(|tool| tool.name()).collect()),
            tools(codex.map(|tool| tool.name()).collect()),
        )
        .unwrap();
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let (begin, end) = ("<!-- capability table: tests/capabilities.rs -->\n", "<!-- end of the capability table -->");
    let start = readme.find(begin).expect("the README marks its capability table") + begin.len();
    let stop = start + readme[start..].find(end).expect("the README ends its capability table");
    if std::env::var_os("UPDATE_README").is_some() {
        std::fs::write(path, format!("{}{table}{}", &readme[..start], &readme[stop..])).unwrap();
        return;
    }
    assert_eq!(readme[start..stop], table, "the README's table differs from the data: UPDATE_README=1 rewrites it");
}
