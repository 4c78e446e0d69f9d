//! The session configuration each built-in live case must resolve to, written by hand from
//! SPEC §1.4 rather than computed by the library: the live run checks resolution against
//! these before anything runs, so a resolution bug cannot move the configuration sent and the
//! prediction together.

use serde_json::{Value, json};

/// The isolated set, qualified, in the SDK's order.
const ISOLATED: [&str; 10] = [
    "builtin:ask_user",
    "builtin:task_complete",
    "builtin:exit_plan_mode",
    "builtin:task",
    "builtin:read_agent",
    "builtin:write_agent",
    "builtin:list_agents",
    "builtin:send_inbox",
    "builtin:context_board",
    "builtin:skill",
];

fn list(names: &[&str]) -> Value {
    json!(names)
}

/// Rule 3: built-in names only, so custom and MCP tools stay.
fn open(names: &[&str]) -> Value {
    let mut all: Vec<&str> = names.to_vec();
    all.extend(["custom:*", "mcp:*"]);
    json!(all)
}

fn config(mode: &str, available: Option<Value>, excluded: Option<Value>) -> Value {
    let mut config = json!({"clientMode": mode});
    if let Some(available) = available {
        config["availableTools"] = available;
    }
    if let Some(excluded) = excluded {
        config["excludedTools"] = excluded;
    }
    config["toolFilterPrecedence"] = json!("excluded");
    config
}

/// The configuration of the built-in case `name`, if it is one.
#[allow(clippy::too_many_lines)] // one line per case, as a table
pub fn expected(name: &str) -> Option<Value> {
    let cli = |available, excluded| config("copilot-cli", available, excluded);
    let empty = |available, excluded| config("empty", available, excluded);
    Some(match name {
        "example combined.json" => cli(Some(open(&ISOLATED)), Some(list(&["builtin:exit_plan_mode"]))),
        "example isolated.json" | "available isolated" => cli(Some(open(&ISOLATED)), None),
        "example locked-down.json" | "empty: [mcp:*]" => empty(Some(list(&["mcp:*"])), None),
        "example mcp-only.json" | "available [mcp:*]" => cli(Some(list(&["mcp:*"])), None),
        "example no-builtins.json" | "excluded [builtin:*]" | "excluded [*]" => cli(None, Some(list(&["builtin:*"]))),
        "example review-only.json" => cli(Some(open(&["builtin:view", "builtin:grep", "builtin:glob"])), None),
        "example subagents.json" => cli(
            Some(open(&[
                "builtin:view",
                "builtin:grep",
                "builtin:glob",
                "builtin:task",
                "builtin:read_agent",
                "builtin:list_agents",
                "builtin:write_agent",
            ])),
            None,
        ),
        // Rule 1: `["*"]` in copilot-cli mode leaves the field unset.
        "available [*]" => cli(None, None),
        "available [read_agent, list_agents]" => cli(Some(open(&["builtin:read_agent", "builtin:list_agents"])), None),
        "available []" => cli(Some(open(&[])), None),
        "excluded isolated" => cli(None, Some(list(&ISOLATED))),
        "excluded [shell]" => cli(None, Some(list(&["builtin:shell"]))),
        "isolated less exit_plan_mode" => cli(Some(open(&ISOLATED)), Some(list(&["builtin:exit_plan_mode"]))),
        "available [bash, mcp:*]" => cli(Some(list(&["builtin:bash", "mcp:*"])), None),
        "excluded []" => cli(None, Some(list(&[]))),
        "available [custom:my_tool, mcp:echo-echo]" => cli(Some(list(&["custom:my_tool", "mcp:echo-echo"])), None),
        "available [custom:*]" => cli(Some(list(&["custom:*"])), None),
        "excluded [custom:other_tool, mcp:echo-ping_tool]" => {
            cli(None, Some(list(&["custom:other_tool", "mcp:echo-ping_tool"])))
        }
        "excluded [mcp:*]" => cli(None, Some(list(&["mcp:*"]))),
        "excluded [custom:*]" => cli(None, Some(list(&["custom:*"]))),
        "precedence: available [builtin:*] less bash" => cli(Some(list(&["builtin:*"])), Some(list(&["builtin:bash"]))),
        "available [view, grep, glob]" => cli(Some(open(&["builtin:view", "builtin:grep", "builtin:glob"])), None),
        "deny wins: bash in both" => cli(Some(open(&["builtin:bash", "builtin:view"])), Some(list(&["builtin:bash"]))),
        "available [builtin:view, custom:my_tool]" => cli(Some(list(&["builtin:view", "custom:my_tool"])), None),
        "excluded [view, edit, create]" => cli(None, Some(list(&["builtin:view", "builtin:edit", "builtin:create"]))),
        "available [task, read_agent] less isolated" => {
            cli(Some(open(&["builtin:task", "builtin:read_agent"])), Some(list(&ISOLATED)))
        }
        "available [mcp:echo-echo]" => cli(Some(list(&["mcp:echo-echo"])), None),
        // In empty mode rule 1 does not apply.
        "empty: [*]" => empty(Some(open(&["builtin:*"])), None),
        "empty: isolated" => empty(Some(open(&ISOLATED)), None),
        "definition: defaultAgent and agent lists" => cli(None, Some(list(&["builtin:tool_search_tool"]))),
        "empty: isolated less read_agent" => empty(Some(open(&ISOLATED)), Some(list(&["builtin:read_agent"]))),
        "empty: [custom:my_tool]" => empty(Some(list(&["custom:my_tool"])), None),
        "empty: [builtin:view, mcp:*]" => empty(Some(list(&["builtin:view", "mcp:*"])), None),
        "empty: [view]" => empty(Some(open(&["builtin:view"])), None),
        "empty: [mcp:echo-echo]" => empty(Some(list(&["mcp:echo-echo"])), None),
        "empty: [builtin:*] less the bash family" => empty(
            Some(list(&["builtin:*"])),
            Some(list(&["builtin:bash", "builtin:read_bash", "builtin:stop_bash", "builtin:list_bash"])),
        ),
        _ => return None,
    })
}
