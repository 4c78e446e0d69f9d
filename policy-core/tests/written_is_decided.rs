//! The writer is held to the decider (SPEC §13): what the library writes for a runtime, read
//! back through a model of that runtime's own matcher, takes away exactly what the decision
//! (what `explain` answers) does not permit, for every catalog name, generated MCP servers and
//! tools (names that collide with built-ins, hold `__`, `_`, `.`, `*` or other characters), and
//! every selection form, portable ones included. What a runtime would read as another tool is
//! refused, never written.
//!
//! Each model is stated here from what the runtimes were seen to do (`shared/facts`, the
//! probes, the CLIs' own source), apart from the library's code: OpenCode's `permission` map
//! (a key is a pattern where `*` is any text; the last rule whose key matches a tool's
//! permission decides; `edit` governs `edit`, `write` and `apply_patch`, `read` governs `read`
//! and the three MCP-resource tools; an MCP tool is `<server>_<tool>`, each name's characters
//! but letters, digits, `_` and `-` written `_`), and the Codex CLI's arguments (a feature
//! switch takes all of its tools; `mcp_servers.<server>.enabled=false` a server;
//! `disabled_tools` some of its tools by the server's own names; an MCP tool is offered as
//! `mcp__<server>__<tool>`), Claude Code's arguments (`--tools` lists the built-ins offered
//! and never limits MCP tools; a `--disallowedTools` rule takes a built-in by name, `Monitor`
//! and `PowerShell` going with `Bash`, and MCP tools by `mcp__*`, `mcp__<server>`,
//! `mcp__<server>__*` or `mcp__<server>__<tool>`; an MCP tool is `mcp__<server>__<tool>`, other
//! characters written `_`), and Copilot's session fields (a pattern is `*`, `source:*`,
//! `source:name` or a bare name of any source; a tool is offered when no allow-list is set or
//! a pattern of it matches, and no excluded pattern does; an MCP tool is `<server>-<tool>`,
//! other characters written `-`), and the Gemini CLI's settings and policy file (`tools.core`
//! lists the tools offered, by name, `update_topic` also by its registration name
//! `UpdateTopicTool`, a server's tools as `mcp_<server>_*`; a policy rule's `toolName` with
//! `decision = "deny"` takes that tool, or a server's tools by `mcp_<server>_*`; an MCP tool is
//! `mcp_<server>_<tool>`, other characters but `.` and `:` written `_`).

use policy_core::claude_code::catalog::ClaudeTool;
use policy_core::codex::catalog::CodexTool;
use policy_core::copilot::catalog::BUILTIN_TOOLS;
use policy_core::gemini_cli::catalog::GeminiTool;
use policy_core::opencode::catalog::OpenCodeTool;
use policy_core::{
    Capability, CatalogName, ClaudeCodeArgs, ClaudeCodeSelection, CodexArgs, CodexName, CodexSelection,
    GeminiCliConfig, GeminiName, GeminiSelection, McpRef, McpTools, NameLookup, OpenCodeConfig, OpenCodeName,
    OpenCodeSelection, Portable, PortableShape, ResolvedPolicy, Selection, Tool,
};
use proptest::prelude::*;

/// Servers a host may name: plain ones, and ones that collide with a built-in (`plan`:
/// `plan_exit`; `list`: `list_mcp_resources`), hold `_`, `__`, `.`, `-`, `*` or a control
/// character.
const SERVERS: &[&str] = &["probe", "gh", "my.srv", "plan", "list", "a-b", "x__y", "gh_", "*", "e\u{1b}", "read"];
/// Tools a server may offer, some of which make a built-in's name with their server.
const TOOLS: &[&str] = &["echo", "x", "exit", "mcp_resources", "b__x", "a.b"];

/// A name as OpenCode writes it inside a tool's name.
fn oc_sanitized(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '-') { c } else { '_' }).collect()
}

/// OpenCode's wildcard: `*` is any text, `?` one character, everything else itself.
fn wildcard(pattern: &str, text: &str) -> bool {
    fn go(p: &[char], t: &[char]) -> bool {
        match p.split_first() {
            None => t.is_empty(),
            Some(('*', rest)) => (0..=t.len()).any(|i| go(rest, &t[i..])),
            Some(('?', rest)) => !t.is_empty() && go(rest, &t[1..]),
            Some((c, rest)) => t.first() == Some(c) && go(rest, &t[1..]),
        }
    }
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    go(&p, &t)
}

/// The permission OpenCode asks for a tool by name.
fn oc_permission(tool: &str) -> &str {
    match tool {
        "edit" | "write" | "apply_patch" => "edit",
        "read" | "list_mcp_resources" | "list_mcp_resource_templates" | "read_mcp_resource" => "read",
        other => other,
    }
}

/// Whether OpenCode takes `tool` out of the request under `rules`, in the order it reads
/// them: the last rule whose key matches the tool's permission is a whole-tool `deny`.
fn oc_removed<'a>(rules: impl DoubleEndedIterator<Item = (&'a str, &'a str)>, tool: &str) -> bool {
    let permission = oc_permission(tool);
    rules.rev().find(|(key, _)| wildcard(key, permission)).is_some_and(|(_, action)| action == "deny")
}

/// A rule as OpenCode holds it: the permission (a pattern), the call pattern, the action.
type Rule = (String, String, String);

/// OpenCode's `fromConfig`: each key's string is one rule for every call (`*`), an object one
/// rule per pattern, in the object's order.
fn from_config(map: &serde_json::Value) -> Vec<Rule> {
    let mut rules = Vec::new();
    for (key, value) in map.as_object().into_iter().flatten() {
        match value {
            serde_json::Value::String(action) => rules.push((key.clone(), "*".into(), action.clone())),
            serde_json::Value::Object(patterns) => {
                for (pattern, action) in patterns {
                    rules.push((key.clone(), pattern.clone(), action.as_str().unwrap_or("").to_owned()));
                }
            }
            _ => {}
        }
    }
    rules
}

/// The rules of OpenCode 1.18.33 before a project's: its defaults, then the agent's own (from
/// its bundled source).
fn oc_own_rules(agent: &str) -> serde_json::Value {
    let defaults = serde_json::json!({"*": "allow", "doom_loop": "ask", "external_directory": {"*": "ask"},
        "question": "deny", "plan_enter": "deny", "plan_exit": "deny",
        "read": {"*": "allow", "*.env": "ask", "*.env.*": "ask", "*.env.example": "allow"}});
    let own = match agent {
        "build" => serde_json::json!({"question": "allow", "plan_enter": "allow"}),
        "plan" => serde_json::json!({"question": "allow", "plan_exit": "allow", "task": {"general": "deny"},
            "edit": {"*": "deny", ".opencode/plans/*.md": "allow"}}),
        "general" => serde_json::json!({"todowrite": "deny"}),
        "explore" => {
            serde_json::json!({"*": "deny", "grep": "allow", "glob": "allow", "list": "allow", "bash": "allow",
            "webfetch": "allow", "websearch": "allow", "read": "allow", "external_directory": {"*": "ask"}})
        }
        other => panic!("no agent {other}"),
    };
    serde_json::json!([defaults, own])
}

/// OpenCode's `disabled`: a tool leaves an agent's request when the last rule whose
/// permission matches the tool's is a `deny` of every call.
fn oc_agent_removes(rules: &[Rule], tool: &str) -> bool {
    let permission = oc_permission(tool);
    rules
        .iter()
        .rev()
        .find(|(key, _, _)| wildcard(key, permission))
        .is_some_and(|(_, pattern, action)| pattern == "*" && action == "deny")
}

/// The tools `opencode run` offers with a provider of the host's own (`shared/facts`).
const OC_DEFAULT: &[&str] =
    &["bash", "edit", "glob", "grep", "read", "skill", "task", "todowrite", "webfetch", "write"];

/// Each of OpenCode's own agents under the written project: its rules are the defaults, its
/// own, the project's `permission`, then `agent.<name>.permission`. What it keeps of the
/// default tools and of the host's MCP tools is what the selection permits within the agent's
/// own limits, never more.
fn oc_agents_hold(
    config: &OpenCodeConfig,
    servers: &[&str],
    decide: &impl Fn(&str, Option<(&str, &str)>) -> bool,
) -> Result<(), TestCaseError> {
    let project = config.project();
    for name in ["build", "explore", "plan", "general"] {
        let mut rules: Vec<Rule> = oc_own_rules(name).as_array().unwrap().iter().flat_map(from_config).collect();
        rules.extend(from_config(&project["permission"]));
        rules.extend(from_config(&project["agent"][name]["permission"]));
        let alone: Vec<Rule> = oc_own_rules(name).as_array().unwrap().iter().flat_map(from_config).collect();
        let agent = policy_core::opencode::OpenCodeAgent::from_name(name);
        for tool in OC_DEFAULT {
            let permitted = decide(tool, None) && !oc_agent_removes(&alone, tool);
            prop_assert_eq!(oc_agent_removes(&rules, tool), !permitted, "{}'s {} under {}", name, tool, project);
            if let Some(agent) = agent {
                prop_assert_eq!(
                    agent.offered(config.selection()).contains(tool),
                    permitted,
                    "explain --agent {} {}",
                    name,
                    tool
                );
            }
        }
        for server in servers {
            for tool in TOOLS {
                let mcp = format!("{}_{}", oc_sanitized(server), oc_sanitized(tool));
                if OpenCodeTool::from_canonical(&mcp).is_some() {
                    continue;
                }
                let permitted = decide(&mcp, Some((server, tool))) && !oc_agent_removes(&alone, &mcp);
                prop_assert_eq!(oc_agent_removes(&rules, &mcp), !permitted, "{}'s {} under {}", name, mcp, project);
            }
        }
    }
    Ok(())
}

/// Holds the OpenCode configuration of `selection` for a host naming `servers` to `decide`,
/// the decision for a tool (`None`: a built-in by name; `Some((server, tool))`: an MCP tool as
/// the host names it). A refusal passes; it is counted by the caller.
fn oc_holds(
    selection: &OpenCodeSelection,
    servers: &[&str],
    decide: impl Fn(&str, Option<(&str, &str)>) -> bool,
) -> Result<bool, TestCaseError> {
    let Ok(config) = OpenCodeConfig::for_host(Some(selection.clone()), servers.iter().copied()) else {
        return Ok(false);
    };
    let written = config.permission();
    let in_order = || written.iter().map(|(key, action)| (key.as_str(), *action));
    // Read back from the JSON the host writes: its keys sorted, as any tool that rewrites
    // the file leaves them.
    let project = config.project();
    let map = project["permission"].as_object().cloned().unwrap_or_default();
    let sorted: Vec<(&str, &str)> = map.iter().map(|(k, v)| (k.as_str(), v.as_str().unwrap_or(""))).collect();
    for tool in OpenCodeTool::NAMES {
        let permitted = decide(tool, None);
        prop_assert_eq!(oc_removed(in_order(), tool), !permitted, "{} under {:?}: {:?}", tool, selection, written);
        prop_assert_eq!(oc_removed(sorted.iter().copied(), tool), !permitted, "{} sorted: {:?}", tool, sorted);
    }
    for server in servers {
        for tool in TOOLS {
            let name = format!("{}_{}", oc_sanitized(server), oc_sanitized(tool));
            if OpenCodeTool::from_canonical(&name).is_some() {
                // The host's tool shares a built-in's name: the server's `<server>_*` was
                // refused above, or the selection does not reach the server's tools.
                continue;
            }
            let permitted = decide(&name, Some((server, tool)));
            prop_assert_eq!(oc_removed(in_order(), &name), !permitted, "{} under {:?}: {:?}", name, selection, written);
        }
    }
    oc_agents_hold(&config, servers, &decide)?;
    // A server the host did not name: what the map leaves offered, the decision permits
    // (the map may take more: `*_*` reaches only the servers named). A server whose name
    // holds `_` once written can be told apart only when named, and is left out here.
    let unnamed = SERVERS.iter().filter(|s| !servers.contains(s) && !oc_sanitized(s).contains('_'));
    for server in unnamed {
        for tool in TOOLS {
            let name = format!("{}_{}", oc_sanitized(server), oc_sanitized(tool));
            if OpenCodeTool::from_canonical(&name).is_none() && !oc_removed(in_order(), &name) {
                prop_assert!(
                    decide(&name, Some((server, tool))),
                    "{} of an unnamed server offered under {:?}: {:?}",
                    name,
                    selection,
                    written
                );
            }
        }
    }
    Ok(true)
}

/// Names a selection may list: every built-in (whole groups are made below), MCP names of
/// each form, and names from other grammars.
fn oc_written() -> Vec<&'static str> {
    let mcp = ["probe_*", "probe_echo", "plan_*", "list_*", "gh_x", "gh_*", "a-b_x", "*_*", "my_srv_*", "mcp__gh__x"];
    OpenCodeTool::NAMES.iter().copied().chain(mcp).collect()
}

fn oc_selection() -> impl Strategy<Value = OpenCodeSelection> {
    let names = prop::collection::vec(proptest::sample::select(oc_written()), 0..6);
    (0..3u8, names).prop_map(|(shape, written)| shaped(shape, whole_groups(&written)))
}

/// The names `written` looks up to, each once, a built-in with every tool of its group (a
/// permission, a switch): a selection's names, as the reader accepts them.
fn whole_groups<T: CatalogName>(written: &[&str]) -> Vec<T> {
    let mut names: Vec<T> = Vec::new();
    for text in written {
        let Ok(name) = T::lookup(text).map(NameLookup::tool) else { continue };
        let members = match name.group() {
            Some(group) => group.members.iter().filter_map(|m| T::lookup(m).ok().map(NameLookup::tool)).collect(),
            None => vec![name],
        };
        for member in members {
            if !names.contains(&member) {
                names.push(member);
            }
        }
    }
    names
}

/// `only`, `disable` or `disable: "*"`, by `shape`.
fn shaped<T: CatalogName>(shape: u8, names: Vec<T>) -> Selection<T> {
    match shape {
        0 => Selection::only(names),
        1 => Selection::disable(names),
        _ => Selection::disable_all(),
    }
}

fn hosts() -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(proptest::sample::select(SERVERS), 0..4).prop_map(|mut servers| {
        servers.sort_unstable();
        servers.dedup();
        servers
    })
}

fn reference() -> impl Strategy<Value = McpRef> {
    (proptest::sample::select(SERVERS), prop::option::of(proptest::sample::select(TOOLS))).prop_filter_map(
        "a name McpRef refuses",
        |(server, tool)| match tool {
            Some(tool) => McpRef::parse(&format!("{server}/{tool}")).ok(),
            None => McpRef::parse(server).ok(),
        },
    )
}

fn portable() -> impl Strategy<Value = Portable> {
    let listed = || {
        prop::collection::vec(reference(), 0..4).prop_map(|mut refs| {
            refs.sort();
            refs.dedup();
            refs
        })
    };
    let mcp = prop_oneof![
        Just(McpTools::Keep),
        Just(McpTools::None),
        listed().prop_map(McpTools::Only),
        listed().prop_map(McpTools::Disable),
    ];
    let capabilities = prop::collection::vec(proptest::sample::select(Capability::ALL.to_vec()), 0..5);
    (0..3u8, capabilities, mcp).prop_map(|(shape, capabilities, mcp)| {
        let base = match shape {
            0 => Portable::only(capabilities),
            1 => Portable::disable(capabilities),
            _ => Portable::new(PortableShape::DisableAll, McpTools::Keep),
        };
        base.with_mcp(mcp)
    })
}

/// The Codex CLI's reading of its arguments: what each switch and setting takes away.
#[derive(Default)]
struct CodexRead {
    features: Vec<String>,
    web_search_off: bool,
    servers_off: Vec<String>,
    tools_off: Vec<(String, String)>,
}

impl CodexRead {
    fn of(args: &[String]) -> Result<CodexRead, String> {
        let mut read = CodexRead::default();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--strict-config" => {}
                "--disable" => read.features.push(args.next().ok_or("--disable without a feature")?.clone()),
                "-c" => read.setting(args.next().ok_or("-c without a setting")?)?,
                other => return Err(format!("an argument the model does not know: {other}")),
            }
        }
        Ok(read)
    }

    fn setting(&mut self, setting: &str) -> Result<(), String> {
        let (key, value) = setting.split_once('=').ok_or_else(|| format!("not key=value: {setting}"))?;
        if key == "web_search" {
            self.web_search_off = value == "\"disabled\"";
            return Ok(());
        }
        let rest = key.strip_prefix("mcp_servers.").ok_or_else(|| format!("unknown key {key}"))?;
        // A dotted path: the server's key is one segment of letters, digits, `_` and `-`.
        let (server, field) = rest.split_once('.').ok_or_else(|| format!("no field in {key}"))?;
        if field.contains('.') || !server.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-')) {
            return Err(format!("a key the CLI would read as another path: {key}"));
        }
        match field {
            "enabled" if value == "false" => self.servers_off.push(server.to_owned()),
            "disabled_tools" => {
                let tools: Vec<String> = serde_json::from_str(value).map_err(|e| format!("{value}: {e}"))?;
                self.tools_off.extend(tools.into_iter().map(|tool| (server.to_owned(), tool)));
            }
            _ => return Err(format!("unknown setting {setting}")),
        }
        Ok(())
    }

    /// The feature switch or setting that takes a built-in away, by the CLI's own grouping.
    fn removes_builtin(&self, tool: &str) -> bool {
        let feature = match tool {
            "exec_command" | "write_stdin" => "shell_tool",
            "view_image" => "view_image",
            "spawn_agent" | "send_input" | "resume_agent" | "wait_agent" | "close_agent" => "multi_agent",
            "create_goal" | "get_goal" | "update_goal" => "goals",
            "web_search" => return self.web_search_off,
            _ => return false,
        };
        self.features.iter().any(|f| f == feature)
    }

    fn removes_mcp(&self, server: &str, tool: &str) -> bool {
        self.servers_off.iter().any(|s| s == server) || self.tools_off.iter().any(|(s, t)| s == server && t == tool)
    }
}

/// Holds the Codex CLI's arguments for `selection` to `decide`, over every built-in and every
/// MCP tool of the servers a Codex host can configure (keys of letters, digits, `_` and `-`).
fn codex_holds(
    selection: &CodexSelection,
    decide: impl Fn(&str, Option<(&str, &str)>) -> bool,
) -> Result<bool, TestCaseError> {
    let Ok(args) = CodexArgs::new(Some(selection.clone())) else { return Ok(false) };
    let args = args.args();
    let read = CodexRead::of(&args).map_err(|e| TestCaseError::fail(format!("{e}: {args:?}")))?;
    for tool in CodexTool::NAMES {
        prop_assert_eq!(read.removes_builtin(tool), !decide(tool, None), "{} under {:?}: {:?}", tool, selection, args);
    }
    for server in SERVERS.iter().filter(|s| s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))) {
        for tool in TOOLS {
            let name = format!("mcp__{server}__{tool}");
            let permitted = decide(&name, Some((server, tool)));
            prop_assert_eq!(read.removes_mcp(server, tool), !permitted, "{} under {:?}: {:?}", name, selection, args);
        }
    }
    Ok(true)
}

fn codex_selection() -> impl Strategy<Value = CodexSelection> {
    let mcp = ["mcp__probe__*", "mcp__probe__echo", "mcp__gh__x", "mcp__a-b__*", "mcp__x__y__b__x", "mcp__gh__b__x"];
    let written: Vec<&'static str> = CodexTool::NAMES.iter().copied().chain(mcp).collect();
    prop::collection::vec(proptest::sample::select(written), 0..6)
        .prop_map(|written| Selection::disable(whole_groups::<CodexName>(&written)))
}

/// A name as Claude Code writes it inside an MCP tool's name.
fn claude_sanitized(name: &str) -> String {
    oc_sanitized(name)
}

/// Claude Code's reading of its arguments: whether a tool leaves the model's request.
fn claude_removes(args: &[String], tool: &str) -> bool {
    let value = |flag: &str| {
        args.iter()
            .find_map(|a| a.strip_prefix(flag))
            .map(|v| v.split(',').filter(|s| !s.is_empty()).collect::<Vec<_>>())
    };
    let listed = value("--tools=");
    let rules = value("--disallowedTools=").unwrap_or_default();
    if let Some(rest) = tool.strip_prefix("mcp__") {
        let (server, _) = rest.split_once("__").unwrap_or((rest, ""));
        return rules.iter().any(|rule| {
            *rule == "mcp__*"
                || *rule == tool
                || *rule == format!("mcp__{server}")
                || *rule == format!("mcp__{server}__*")
        });
    }
    let denied = |name: &str| rules.contains(&name);
    let with_bash = matches!(tool, "Monitor" | "PowerShell") && denied("Bash");
    listed.is_some_and(|listed| !listed.contains(&tool)) || denied(tool) || with_bash
}

/// Copilot's reading of a session's fields: whether `source:name` is offered.
fn copilot_offers(policy: &serde_json::Value, source: &str, name: &str) -> bool {
    let matches = |pattern: &str| match pattern.split_once(':') {
        Some((src, "*")) => src == source,
        Some((src, n)) => src == source && n == name,
        None => pattern == "*" || pattern == name,
    };
    let list =
        |key: &str| policy[key].as_array().map(|items| items.iter().filter_map(|i| i.as_str()).collect::<Vec<_>>());
    let allowed = list("availableTools").is_none_or(|items| items.iter().any(|p| matches(p)));
    let excluded = list("excludedTools").is_some_and(|items| items.iter().any(|p| matches(p)));
    allowed && !excluded
}

/// A name as Copilot writes it inside an MCP tool's name.
fn copilot_sanitized(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '-') { c } else { '-' }).collect()
}

/// A name as the Gemini CLI writes it inside an MCP tool's name.
fn gemini_sanitized(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':') { c } else { '_' })
        .collect()
}

/// The Gemini CLI's reading of what the library wrote: whether `tool` leaves the model's
/// request, by `tools.core` (settings) or a `deny` rule (the policy file).
fn gemini_removes(config: &GeminiCliConfig, tool: &str) -> bool {
    let pattern = |entry: &str| match entry.strip_suffix('*') {
        Some(prefix) => tool.starts_with(prefix) && tool.len() > prefix.len(),
        None => entry == tool,
    };
    let settings = config.settings();
    let core: Option<Vec<&str>> = settings
        .pointer("/tools/core")
        .and_then(|core| core.as_array())
        .map(|core| core.iter().filter_map(|e| e.as_str()).collect());
    let kept_by_core = core.is_none_or(|core| {
        core.iter().any(|entry| pattern(entry)) || (tool == "update_topic" && core.contains(&"UpdateTopicTool"))
    });
    // `[[rule]]` tables of `toolName = "..."` and `decision = "deny"`, read line by line.
    let policy = config.policy().unwrap_or_default();
    let mut denied = false;
    let mut name: Option<String> = None;
    for line in policy.lines().map(str::trim) {
        if line == "[[rule]]" {
            name = None;
        } else if let Some(value) = line.strip_prefix("toolName = ") {
            name = Some(value.trim_matches('"').to_owned());
        } else if line == "decision = \"deny\"" {
            denied |= name.as_deref().is_some_and(&pattern);
        }
    }
    !kept_by_core || denied
}

fn gemini_selection() -> impl Strategy<Value = GeminiSelection> {
    let mcp = ["mcp_probe_*", "mcp_probe_echo", "mcp_gh_x", "mcp_my.srv_*", "mcp_a-b_x"];
    let written: Vec<&'static str> = GeminiTool::NAMES.iter().copied().chain(mcp).collect();
    (0..3u8, prop::collection::vec(proptest::sample::select(written), 0..6))
        .prop_map(|(shape, written)| shaped(shape, whole_groups::<GeminiName>(&written)))
}

fn claude_selection() -> impl Strategy<Value = ClaudeCodeSelection> {
    let names = prop::collection::vec(proptest::sample::select(ClaudeTool::ALL.to_vec()), 0..6);
    (0..3u8, names).prop_map(|(shape, mut tools)| {
        tools.sort_unstable_by_key(|t| ClaudeTool::name(*t));
        tools.dedup();
        shaped(shape, tools)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

    /// Claude Code's arguments for a selection of built-ins take away what it does not permit.
    #[test]
    fn claude_code_writes_what_a_selection_decides(selection in claude_selection()) {
        let args = ClaudeCodeArgs::new(Some(selection.clone())).args();
        for tool in ClaudeTool::ALL {
            // `--tools` offers only what the CLI offers when listed: a gated tool is not
            // offered for being listed, and the decision speaks of permission.
            let permitted = selection.decide(*tool).is_permitted();
            prop_assert_eq!(claude_removes(&args, tool.name()), !permitted, "{} under {:?}: {:?}", tool.name(), selection, args);
        }
    }

    /// A portable policy on Claude Code: its arguments take away each built-in it does not
    /// grant, and exactly the MCP tools `mcp_tools` takes, by the host's names.
    #[test]
    fn claude_code_writes_what_a_portable_policy_decides(portable in portable()) {
        let Ok(args) = ClaudeCodeArgs::from_portable(&portable) else { return Ok(()) };
        let selection = args.selection.clone().unwrap();
        let written = args.args();
        for tool in ClaudeTool::ALL {
            prop_assert_eq!(claude_removes(&written, tool.name()), !selection.decide(*tool).is_permitted(), "{} under {:?}", tool.name(), written);
        }
        for server in SERVERS.iter().filter(|s| !s.contains('*') && !s.chars().any(char::is_control)) {
            for tool in TOOLS {
                let sanitized = claude_sanitized(server);
                let name = format!("mcp__{sanitized}__{}", claude_sanitized(tool));
                let offered = !claude_removes(&written, &name);
                if sanitized.ends_with('_') || sanitized.contains("__") {
                    // The CLI reads `mcp__gh___echo` as a tool of `gh`: a rule for `gh` takes
                    // the tools of the host's `gh_` too. Such a server's tools are never
                    // offered against the decision; they may be taken with the other's.
                    prop_assert!(!offered || portable.mcp().offers(server, tool), "{} under {:?}", name, written);
                } else {
                    prop_assert_eq!(offered, portable.mcp().offers(server, tool), "{} under {:?}", name, written);
                }
            }
        }
    }

    /// The Gemini CLI's settings and policy file for a selection take away what it does not
    /// permit, built-ins and MCP tools of every server.
    #[test]
    fn gemini_cli_writes_what_a_selection_decides(selection in gemini_selection()) {
        let config = GeminiCliConfig::new(Some(selection.clone()));
        for tool in GeminiTool::NAMES {
            prop_assert_eq!(gemini_removes(&config, tool), !selection.decide(tool).is_permitted(), "{} under {:?}", tool, selection);
        }
        for server in SERVERS.iter().filter(|s| !s.contains('*') && !s.chars().any(char::is_control)) {
            for tool in TOOLS {
                let name = format!("mcp_{}_{}", gemini_sanitized(server), gemini_sanitized(tool));
                prop_assert_eq!(gemini_removes(&config, &name), !selection.decide(&name).is_permitted(), "{} under {:?}", name, selection);
            }
        }
    }

    /// A portable policy on the Gemini CLI: what it writes takes away each built-in the
    /// decision does not permit, and exactly the MCP tools `mcp_tools` takes, by the host's
    /// names.
    #[test]
    fn gemini_cli_writes_what_a_portable_policy_decides(portable in portable()) {
        let Ok(selection) = GeminiSelection::from_portable(&portable) else { return Ok(()) };
        let config = GeminiCliConfig::new(Some(selection.clone()));
        for tool in GeminiTool::NAMES {
            prop_assert_eq!(gemini_removes(&config, tool), !selection.decide(tool).is_permitted(), "{} under {:?}", tool, selection);
        }
        for server in SERVERS.iter().filter(|s| !s.contains('*') && !s.chars().any(char::is_control)) {
            for tool in TOOLS {
                let sanitized = gemini_sanitized(server);
                let name = format!("mcp_{sanitized}_{}", gemini_sanitized(tool));
                // `mcp_gh__echo`, the host's `gh_`'s, is also what `mcp_gh_*` names: the CLI's
                // names cannot tell the two servers apart, and the library is not told the
                // host's servers here (OpenCode's `for_host` refuses such a pair). Not held:
                // reported as a gap.
                if !sanitized.contains('_') {
                    let offered = !gemini_removes(&config, &name);
                    prop_assert_eq!(offered, portable.mcp().offers(server, tool), "{} under {:?}", name, selection);
                }
            }
        }
    }

    /// A portable policy on Copilot: the session's fields offer each built-in the policy's
    /// decision permits, and exactly the MCP tools `mcp_tools` keeps, by the host's names.
    #[test]
    fn copilot_writes_what_a_portable_policy_decides(portable in portable()) {
        let Ok(policy) = ResolvedPolicy::from_portable(&portable) else { return Ok(()) };
        let written = serde_json::to_value(&policy).unwrap();
        for tool in BUILTIN_TOOLS {
            prop_assert_eq!(copilot_offers(&written, "builtin", tool), policy.offers(&Tool::builtin(tool)), "{} under {}", tool, written);
        }
        for server in SERVERS.iter().filter(|s| !s.contains('*') && !s.chars().any(char::is_control)) {
            for tool in TOOLS {
                let name = format!("{}-{}", copilot_sanitized(server), copilot_sanitized(tool));
                prop_assert_eq!(copilot_offers(&written, "mcp", &name), portable.mcp().offers(server, tool), "{} under {}", name, written);
            }
        }
        prop_assert!(copilot_offers(&written, "custom", "host_tool"), "a host's own tool is kept: {}", written);
    }

    /// An OpenCode selection's `permission` map takes away what the selection does not
    /// permit, built-ins and the host's MCP tools alike.
    #[test]
    fn opencode_writes_what_a_selection_decides(selection in oc_selection(), servers in hosts()) {
        oc_holds(&selection, &servers, |name, _| selection.decide(name).is_permitted())?;
    }

    /// A portable policy on OpenCode: the map takes away what the policy does not grant (an
    /// MCP tool by the host's names, `mcp_tools`), and the selection it becomes (what
    /// `explain` answers) says the same.
    #[test]
    fn opencode_writes_what_a_portable_policy_decides(portable in portable(), servers in hosts()) {
        let Ok(selection) = OpenCodeSelection::from_portable(&portable) else { return Ok(()) };
        let mcp = portable.mcp().clone();
        let decide = |name: &str, host: Option<(&str, &str)>| match host {
            Some((server, tool)) => mcp.offers(server, tool),
            None => selection.decide(name).is_permitted(),
        };
        for server in &servers {
            for tool in TOOLS {
                let name = format!("{}_{}", oc_sanitized(server), oc_sanitized(tool));
                if OpenCodeTool::from_canonical(&name).is_none() && OpenCodeConfig::for_host(Some(selection.clone()), servers.iter().copied()).is_ok() {
                    prop_assert_eq!(selection.decide(&name).is_permitted(), mcp.offers(server, tool), "explain of {}", name);
                }
            }
        }
        oc_holds(&selection, &servers, decide)?;
    }

    /// A Codex CLI selection's arguments take away what it does not permit.
    #[test]
    fn codex_writes_what_a_selection_decides(selection in codex_selection()) {
        codex_holds(&selection, |name, _| selection.decide(name).is_permitted())?;
    }

    /// A portable policy on the Codex CLI: its arguments take away each built-in of a switch
    /// it takes, and exactly the MCP tools `mcp_tools` takes, by the host's names.
    #[test]
    fn codex_writes_what_a_portable_policy_decides(portable in portable()) {
        let Ok(selection) = CodexSelection::from_portable(&portable) else { return Ok(()) };
        let mcp = portable.mcp().clone();
        codex_holds(&selection, |name, host| match host {
            Some((server, tool)) => mcp.offers(server, tool),
            None => selection.decide(name).is_permitted(),
        })?;
    }
}

/// The properties above pass on a refusal; these cases must be written, so a writer that
/// refuses everything fails here.
#[test]
fn plain_cases_are_written_not_refused() {
    let only = OpenCodeSelection::only(["bash", "grep", "*_*"].map(|n| n.parse::<OpenCodeName>().unwrap()));
    assert!(OpenCodeConfig::for_host(Some(only), ["probe", "my.srv"]).is_ok());
    let disable = OpenCodeSelection::disable(["bash", "probe_*"].map(|n| n.parse::<OpenCodeName>().unwrap()));
    assert!(OpenCodeConfig::for_host(Some(disable), ["probe"]).is_ok());
    let portable = Portable::disable([Capability::Web]).with_mcp(McpTools::Disable(vec!["gh/x".parse().unwrap()]));
    assert!(CodexArgs::new(Some(CodexSelection::from_portable(&portable).unwrap())).is_ok());
}

/// The rows a new user found written unlike the decision, each refused now with the reason.
#[test]
fn what_the_runtime_would_read_as_another_tool_is_refused() {
    let refused = |result: Result<OpenCodeConfig, policy_core::Error>, why: &str| {
        let message = result.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains(why), "expected a refusal with {why:?}, got {message:?}");
    };
    let name = |n: &str| n.parse::<OpenCodeName>();
    // `*_*` in a disable would take away only the named servers' tools, and `plan_exit`
    // if written as it stands.
    refused(
        OpenCodeConfig::for_host(Some(OpenCodeSelection::disable([name("*_*").unwrap()])), ["gh"]),
        "`*_*` in a `disable`",
    );
    let document = policy_core::opencode::load_opencode(r#"{"builtin_tools": {"disable": ["*_*"]}}"#);
    let message = document.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains("/builtin_tools/disable/0: the OpenCode CLI cannot say `*_*` in a `disable`"),
        "{message}"
    );
    // An MCP name that OpenCode reads as the built-in `plan_exit`.
    for (written, builtin) in [("plan_*", "plan_exit"), ("list_*", "list_mcp_resource_templates")] {
        let message = name(written).unwrap_err().to_string();
        assert!(message.contains(&format!("the built-in `{builtin}`")), "{message}");
    }
    for reference in ["plan/exit", "plan"] {
        let portable = Portable::only([Capability::Search]).with_mcp(McpTools::Only(vec![reference.parse().unwrap()]));
        let message = OpenCodeSelection::from_portable(&portable).unwrap_err().to_string();
        assert!(message.contains("the built-in `plan_exit`"), "{reference}: {message}");
    }
    let only = || Some(OpenCodeSelection::only([name("*_*").unwrap()]));
    refused(OpenCodeConfig::for_host(only(), ["plan"]), "the MCP server `plan`");
    refused(OpenCodeConfig::for_host(only(), ["*"]), "the MCP server `*`");
    refused(OpenCodeConfig::for_host(only(), ["e\u{1b}"]), "the MCP server `e\\u001b`");
    // Claude Code's grammar on OpenCode.
    let message = name("mcp__gh__x").unwrap_err().to_string();
    assert!(message.ends_with("did you mean `gh_x`?"), "{message}");
    // A Codex server holding `__` or ending in `_` would name another server's tool.
    for reference in ["a__b/x", "gh_/x"] {
        let portable =
            Portable::disable([Capability::Web]).with_mcp(McpTools::Disable(vec![reference.parse().unwrap()]));
        let message = CodexSelection::from_portable(&portable).unwrap_err().to_string();
        assert!(message.contains("cannot be told apart"), "{reference}: {message}");
    }
    // An MCP tool named `*` is a pattern in every grammar.
    assert!("gh/*".parse::<McpRef>().is_err());
    // A name the runtime cannot say is shown escaped: invisible and direction characters
    // never reach a terminal raw.
    for odd in ["gh\u{200b}", "gh\u{feff}", "gh\u{202e}"] {
        let portable =
            Portable::only([Capability::Read]).with_mcp(McpTools::Only(vec![format!("{odd}/x").parse().unwrap()]));
        let message = OpenCodeSelection::from_portable(&portable).unwrap_err().to_string();
        assert!(!message.contains(odd) && message.contains("gh\\u"), "{message}");
    }
}
