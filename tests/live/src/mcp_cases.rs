//! The `mcp` suite: single MCP tools and whole servers allowed and removed, on every runtime
//! with MCP, in the main agent and in sub-agents, and forced calls of a removed MCP tool. The
//! echo server offers two tools (`echo`, `ping_tool`), so a single tool can go while the
//! other stays. Each case runs with its runtime's own runner; its outcome is counted here.

use serde_json::{Value, json};
use tool_policy::gemini::ApprovalMode::{Default, Yolo};

use crate::forced::{Call, Effect, Via};
use crate::{claude, codex, copilot, copilot_case, forced, gemini, opencode};

/// The prefix of every case's name: what the summary counts as the `mcp` suite.
pub const MCP: &str = "mcp: ";

/// The suite's cases, by the runner each goes to.
#[derive(Default)]
pub struct McpCases {
    pub copilot: Vec<copilot::Case>,
    pub claude: Vec<claude::Case>,
    pub agents: Vec<claude::AgentCase>,
    pub forced_claude: Vec<forced::ClaudeCase>,
    pub gemini: Vec<gemini::Case>,
    pub opencode: Vec<opencode::Case>,
    pub codex: Vec<codex::Case>,
}

/// Every case of the suite.
pub fn cases() -> Result<McpCases, String> {
    let mut cases = McpCases::default();
    claude_cases(&mut cases)?;
    // The last two: a server the host names with a character the runtime writes as `-` in its
    // tools' names (`echo.v2` offers `echo-v2-echo`): the patterns must name it so.
    for (name, capabilities, server) in [
        (
            "only [read], mcp_tools only [echo/echo]",
            json!({"only": ["read"], "mcp_tools": {"only": ["echo/echo"]}}),
            copilot::ECHO,
        ),
        (
            "disable [web], mcp_tools disable [echo/ping_tool]",
            json!({"disable": ["web"], "mcp_tools": {"disable": ["echo/ping_tool"]}}),
            copilot::ECHO,
        ),
        (
            "server `echo.v2`, only [read], mcp_tools only [echo.v2/echo]",
            json!({"only": ["read"], "mcp_tools": {"only": ["echo.v2/echo"]}}),
            "echo.v2",
        ),
        (
            "server `echo.v2`, disable [web], mcp_tools disable [echo.v2/ping_tool]",
            json!({"disable": ["web"], "mcp_tools": {"disable": ["echo.v2/ping_tool"]}}),
            "echo.v2",
        ),
    ] {
        let name = format!("{MCP}copilot: {name}");
        let mut case = copilot_case(&name, &json!({"tools": [], "capabilities": capabilities}), false)?;
        case.server = server;
        cases.copilot.push(case);
    }
    gemini_cases(&mut cases)?;
    opencode_cases(&mut cases)?;
    // The Codex CLI defers MCP tools behind `tool_search`: a direct call of one is an
    // "unsupported call" whatever the policy, so no forced call here can show a refusal.
    for (name, document) in [
        ("disable [mcp__echo__ping_tool]", json!({"disable": ["mcp__echo__ping_tool"]})),
        ("disable [mcp__echo__*]", json!({"disable": ["mcp__echo__*"]})),
    ] {
        let read = tool_policy::codex::load_codex(&document.to_string()).map_err(|e| format!("{name}: {e}"))?;
        let mut case = codex::Case::new(&format!("{MCP}codex: {name}"), read.selection);
        case.mcp = true;
        cases.codex.push(case);
    }
    Ok(cases)
}

/// Claude Code: the main agent's deny rules (its selection's `disable`, a portable policy's
/// `mcp_tools`), sub-agents' lists, and forced calls.
fn claude_cases(cases: &mut McpCases) -> Result<(), String> {
    let read = |name: &str, document: &Value| {
        tool_policy::json::load_claude_code(&document.to_string()).map_err(|e| format!("{name}: {e}"))
    };
    // The last two: a server the host names with a character the CLI writes as `_` in its
    // tools' names (`echo.v2` offers `mcp__echo_v2__echo`): the deny rules must name it so.
    let dotted = "echo.v2";
    for (name, document, server) in [
        ("disable [mcp__echo__ping_tool]", json!({"disable": ["mcp__echo__ping_tool"]}), claude::ECHO),
        ("disable [mcp__echo]", json!({"disable": ["mcp__echo"]}), claude::ECHO),
        (
            "disable [Bash, mcp__echo__echo]",
            json!({"builtin_tools": {"disable": ["Bash", "mcp__echo__echo"]}}),
            claude::ECHO,
        ),
        (
            "only [read, search], mcp_tools disable [echo/ping_tool]",
            json!({"capabilities": {"only": ["read", "search"], "mcp_tools": {"disable": ["echo/ping_tool"]}}}),
            claude::ECHO,
        ),
        (
            "disable [web], mcp_tools disable [echo]",
            json!({"capabilities": {"disable": ["web"], "mcp_tools": {"disable": ["echo"]}}}),
            claude::ECHO,
        ),
        (
            "server `echo.v2`, disable [web], mcp_tools disable [echo.v2/ping_tool]",
            json!({"capabilities": {"disable": ["web"], "mcp_tools": {"disable": ["echo.v2/ping_tool"]}}}),
            dotted,
        ),
        (
            "server `echo.v2`, only [read], mcp_tools disable [echo.v2]",
            json!({"capabilities": {"only": ["read"], "mcp_tools": {"disable": ["echo.v2"]}}}),
            dotted,
        ),
    ] {
        let read = read(name, &document)?;
        cases.claude.push(claude::Case {
            name: format!("{MCP}claude-code: {name}"),
            selection: read.selection,
            model: None,
            host_mcp: Some(server),
            own_mcp: false,
            mcp: read.mcp,
        });
    }
    // A case that starts the agent `lists`, with the host's `echo` server or none.
    let agent_case = |name: &str, document: &Value, host_mcp: bool| {
        let read = read(name, document)?;
        Ok::<_, String>(claude::AgentCase {
            name: format!("{MCP}subagent: claude-code: {name}"),
            selection: read.selection,
            agents: read.agents,
            start: String::from("lists"),
            host_mcp,
            mcp: read.mcp,
        })
    };
    let agent = |fields: Value| {
        let mut agent = json!({"description": "The lists agent.", "prompt": format!("You are a conformance agent. {}", claude::marker("lists"))});
        if let (Some(agent), Some(fields)) = (agent.as_object_mut(), fields.as_object()) {
            agent.extend(fields.clone());
        }
        agent
    };
    for (name, main, fields) in [
        ("tools [Read, mcp__echo__echo]", json!({"disable": []}), json!({"tools": ["Read", "mcp__echo__echo"]})),
        (
            "disallowedTools [mcp__echo__ping_tool]",
            json!({"disable": []}),
            json!({"disallowedTools": ["mcp__echo__ping_tool"]}),
        ),
        ("no tools, main disable [mcp__echo__ping_tool]", json!({"disable": ["mcp__echo__ping_tool"]}), json!({})),
        (
            "tools [mcp__echo], main disable [mcp__echo__echo]",
            json!({"disable": ["mcp__echo__echo"]}),
            json!({"tools": ["Read", "mcp__echo"]}),
        ),
        (
            "capabilities only [read], mcp_tools only [echo/ping_tool]",
            json!({"disable": []}),
            json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": ["echo/ping_tool"]}}}),
        ),
    ] {
        let document = json!({"builtin_tools": main, "agents": {"lists": agent(fields)}});
        cases.agents.push(agent_case(name, &document, true)?);
    }
    // An agent's own MCP server, in `mcpServers`: the document gives an object, and the
    // library writes the list Claude Code reads in `--agents` (an object there makes the CLI
    // exit before any request). The session has no MCP server of its own.
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let own = json!({"echo": {"type": "stdio", "command": me, "args": ["mcp-echo", "/dev/null"]}});
    for (name, fields) in [
        // The server's tools reach the agent past its `tools` (measured: `tools: ["Read",
        // "mcp__echo__echo"]` offered `mcp__echo__ping_tool` too), so the library refuses a
        // `tools` that does not list the server whole; `disallowedTools` takes them away.
        (
            "mcpServers {echo} written as a list, tools [Read, mcp__echo]",
            json!({"tools": ["Read", "mcp__echo"], "mcpServers": own.clone()}),
        ),
        (
            "mcpServers {echo} written as a list, disallowedTools [Bash]",
            json!({"disallowedTools": ["Bash"], "mcpServers": own.clone()}),
        ),
        (
            "mcpServers {echo}, disallowedTools [mcp__echo__ping_tool]",
            json!({"disallowedTools": ["mcp__echo__ping_tool"], "mcpServers": own.clone()}),
        ),
        (
            "mcpServers {echo}, disallowedTools [mcp__echo]",
            json!({"disallowedTools": ["mcp__echo"], "mcpServers": own.clone()}),
        ),
        (
            "mcpServers {echo}, capabilities only [read], mcp_tools none",
            json!({"capabilities": {"only": ["read"], "mcp_tools": "none"}, "mcpServers": own.clone()}),
        ),
        (
            "mcpServers {echo}, capabilities only [read], mcp_tools only [echo]",
            json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": ["echo"]}}, "mcpServers": own}),
        ),
    ] {
        let document = json!({"builtin_tools": {"disable": []}, "agents": {"lists": agent(fields)}});
        cases.agents.push(agent_case(name, &document, false)?);
    }
    let (ping, echo) = (Call::new("mcp__echo__ping_tool", Effect::Mcp), Call::new("mcp__echo__echo", Effect::Mcp));
    let only_echo = json!({"echoer": {"description": "d", "prompt": "p", "tools": ["Read", "mcp__echo__echo"]}});
    let no_ping = json!({"disable": ["mcp__echo__ping_tool"]});
    for (name, document, call, via, control) in [
        ("main, disable [mcp__echo__ping_tool]", no_ping.clone(), ping.clone(), Via::Main, false),
        ("main, disable [mcp__echo__ping_tool], the other tool", no_ping, echo.clone(), Via::Main, true),
        (
            "agent tools [Read, mcp__echo__echo]",
            json!({"builtin_tools": {"disable": []}, "agents": only_echo.clone()}),
            ping,
            Via::Agent(String::from("echoer"), tool_policy::claude::Start::Foreground),
            false,
        ),
        (
            "agent tools [Read, mcp__echo__echo], the listed tool",
            json!({"builtin_tools": {"disable": []}, "agents": only_echo}),
            echo,
            Via::Agent(String::from("echoer"), tool_policy::claude::Start::Foreground),
            true,
        ),
    ] {
        let read = read(name, &document)?;
        let kind = if control { "forced control" } else { "forced" };
        cases.forced_claude.push(forced::ClaudeCase {
            name: format!("{MCP}{kind}: claude-code: {name}"),
            selection: read.selection,
            agents: read.agents,
            mcp: read.mcp,
            call,
            via,
            control,
            extra: Vec::new(),
        });
    }
    Ok(())
}

/// The Gemini CLI: `mcp_<server>_<tool>` and `mcp_<server>_*` in `tools.core` and in deny
/// rules, a portable `mcp_tools`, and the CLI's `generalist`, which inherits the main set.
fn gemini_cases(cases: &mut McpCases) -> Result<(), String> {
    for (name, document, mode, agent) in [
        ("only [read_file, mcp_echo_echo]", json!({"only": ["read_file", "mcp_echo_echo"]}), Default, None),
        ("disable [mcp_echo_ping_tool]", json!({"disable": ["mcp_echo_ping_tool"]}), Default, None),
        ("disable [mcp_echo_*]", json!({"disable": ["mcp_echo_*"]}), Default, None),
        (
            "only [read], mcp_tools only [echo/ping_tool]",
            json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": ["echo/ping_tool"]}}}),
            Default,
            None,
        ),
        (
            "subagent: generalist, disable [mcp_echo_ping_tool]",
            json!({"disable": ["mcp_echo_ping_tool"]}),
            Yolo,
            Some("generalist"),
        ),
    ] {
        let read = tool_policy::json::load_gemini_cli(&document.to_string()).map_err(|e| format!("{name}: {e}"))?;
        cases.gemini.push(gemini::Case {
            name: format!("{MCP}gemini-cli, {mode}: {name}"),
            selection: read.selection,
            mode,
            mcp: Some(gemini::ECHO),
            control: None,
            agent,
        });
    }
    // A server named with a `.`, which the CLI keeps in its tools' names
    // (`mcp_echo.v2_ping_tool`): `tools.core` must name the tool so. The library's prediction
    // must keep the tool the policy names, as the CLI names it; the run then holds that the
    // CLI offers what the library predicts.
    let document = json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": ["echo.v2/ping_tool"]}}});
    let read = tool_policy::json::load_gemini_cli(&document.to_string()).map_err(|e| e.to_string())?;
    let named = ["mcp_echo.v2_echo", "mcp_echo.v2_ping_tool"];
    let predicted = tool_policy::gemini::offered(read.selection.as_ref(), Default, &named);
    if predicted.iter().filter(|n| n.starts_with("mcp_")).ne(["mcp_echo.v2_ping_tool"].iter()) {
        return Err(format!("gemini-cli: `echo.v2/ping_tool` is predicted as {predicted:?}"));
    }
    cases.gemini.push(gemini::Case {
        name: format!("{MCP}gemini-cli, {Default}: server `echo.v2`, only [read], mcp_tools only [echo.v2/ping_tool]"),
        selection: read.selection,
        mode: Default,
        mcp: Some("echo.v2"),
        control: None,
        agent: None,
    });
    Ok(())
}

/// OpenCode: `<server>_<tool>` and `<server>_*` in the project's and the agent's own
/// `permission`, a portable `mcp_tools`, and a forced call of a removed tool.
fn opencode_cases(cases: &mut McpCases) -> Result<(), String> {
    use opencode::Level::{Agent, Project};
    for (name, document, level, forced) in [
        ("only [glob, echo_echo]", json!({"only": ["glob", "echo_echo"]}), Project, None),
        ("disable [echo_ping_tool]", json!({"disable": ["echo_ping_tool"]}), Project, None),
        ("disable [echo_*]", json!({"disable": ["echo_*"]}), Project, None),
        ("agent's own: disable [echo_echo]", json!({"disable": ["echo_echo"]}), Agent, None),
        (
            "only [read], mcp_tools only [echo/ping_tool]",
            json!({"capabilities": {"only": ["read"], "mcp_tools": {"only": ["echo/ping_tool"]}}}),
            Project,
            None,
        ),
        (
            "forced: echo_ping_tool under disable [echo_ping_tool]",
            json!({"disable": ["echo_ping_tool"]}),
            Project,
            Some(false),
        ),
        (
            "forced control: echo_echo under disable [echo_ping_tool]",
            json!({"disable": ["echo_ping_tool"]}),
            Project,
            Some(true),
        ),
    ] {
        let mut case = opencode::Case::new(&format!("{MCP}opencode: {name}"), opencode::selection(name, &document)?);
        case.mcp = true;
        case.level = level;
        let tool = if forced == Some(true) { "echo_echo" } else { "echo_ping_tool" };
        case.forced = forced.map(|control| (tool.to_owned(), Effect::Mcp, control));
        cases.opencode.push(case);
    }
    Ok(())
}
