//! Every list and object a document can make long is handled in linear time, by every
//! command. Each place is filled at two sizes, four times apart, and every command is timed
//! on both in the same run (the best of three, so one slow run on a busy machine does not
//! count): linear work takes about four times as long, quadratic work sixteen. The test fails
//! when the larger takes more than [`MAX_RATIO`] times the smaller, a ratio rather than an
//! absolute time, so it holds on a slower machine too.
//!
//! Most places are filled with valid entries; the places marked `errors` are filled with
//! entries that are each an error, so the path that reports errors (past the ones shown) is
//! timed too.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

/// The smaller size: the number of entries in the place; enough that the work, not starting
/// the command, sets the time.
const SMALL: usize = 4_000;
/// How many times larger the larger document is.
const GROWTH: usize = 4;
/// The largest ratio of the two times accepted: twice linear, half of quadratic.
const MAX_RATIO: f64 = 8.0;

type Shape = fn(usize) -> Value;

fn names(n: usize, name: impl Fn(usize) -> String) -> Vec<Value> {
    (0..n).map(|i| Value::String(name(i))).collect()
}

fn keys(n: usize, mut object: Map<String, Value>, value: impl Fn(usize) -> Value) -> Value {
    for i in 0..n {
        object.insert(format!("k{i}"), value(i));
    }
    Value::Object(object)
}

fn copilot(tools: Value) -> Map<String, Value> {
    let mut definition = Map::new();
    definition.insert("name".into(), json!("d"));
    definition.insert("tools".into(), tools);
    definition
}

fn entry(available: &Value) -> Value {
    json!([{ "kind": "github-cli-builtin-tools", "available-tools": { "tools": available } }])
}

/// Every place of every document kind a list or an object can fill, for its runtime.
const PLACES: &[(&str, &str, Shape)] = &[
    ("copilot", "available-tools list", |n| {
        Value::Object(copilot(entry(&Value::Array(names(n, |i| format!("custom:t{i}"))))))
    }),
    ("copilot", "excluded-tools list", |n| {
        Value::Object(copilot(json!([{ "kind": "github-cli-builtin-tools",
            "excluded-tools": { "tools": names(n, |i| format!("mcp:s-{i}")) } }])))
    }),
    ("copilot", "allow- and deny-list together", |n| {
        Value::Object(copilot(json!([{ "kind": "github-cli-builtin-tools",
            "available-tools": { "tools": names(n, |i| format!("mcp:s-{i}")) },
            "excluded-tools": { "tools": names(n, |i| format!("mcp:x-{i}")) } }])))
    }),
    ("copilot", "agent servers over a long allow-list", |n| {
        let mut definition = copilot(entry(&Value::Array(names(n, |i| format!("mcp:s{i}-t")))));
        definition.insert(
            "customAgents".into(),
            json!([{ "name": "a", "prompt": "p", "tools": names(n, |i| format!("x{i}/*")) }]),
        );
        Value::Object(definition)
    }),
    ("copilot", "errors: unknown sources", |n| {
        Value::Object(copilot(entry(&Value::Array(names(n, |i| format!("src{i}:x"))))))
    }),
    ("copilot", "tools items", |n| {
        let mut items: Vec<Value> = (0..n).map(|i| json!({ "kind": "function", "name": format!("f{i}") })).collect();
        items.push(json!({ "kind": "github-cli-builtin-tools", "available-tools": { "tools": ["view"] } }));
        Value::Object(copilot(Value::Array(items)))
    }),
    ("copilot", "definition keys", |n| keys(n, copilot(entry(&json!(["view"]))), |i| json!(i))),
    ("copilot", "custom agents", |n| {
        let mut definition = copilot(entry(&json!(["view"])));
        let agents = (0..n).map(|i| json!({ "name": format!("a{i}"), "prompt": "p", "tools": ["view"] })).collect();
        definition.insert("customAgents".into(), Value::Array(agents));
        Value::Object(definition)
    }),
    ("copilot", "custom agent tools", |n| {
        let mut definition = copilot(entry(&json!(["view"])));
        definition.insert(
            "customAgents".into(),
            json!([{ "name": "a", "prompt": "p", "tools": names(n, |i| format!("s{i}/*")) }]),
        );
        Value::Object(definition)
    }),
    ("copilot", "default agent excludedTools", |n| {
        let mut definition = copilot(entry(&json!(["view"])));
        definition.insert("defaultAgent".into(), json!({ "excludedTools": names(n, |i| format!("t{i}")) }));
        Value::Object(definition)
    }),
    ("claude-code", "agents", |n| {
        let agents: Map<String, Value> = (0..n)
            .map(|i| (format!("a{i}"), json!({ "description": "d", "prompt": "p", "tools": ["Read"] })))
            .collect();
        json!({ "builtin_tools": { "only": ["Read", "Agent"] }, "agents": agents })
    }),
    ("claude-code", "agent tools", |n| {
        let mut tools = vec![json!("Read")];
        tools.extend(names(n, |i| format!("mcp__s{i}__t")));
        json!({ "builtin_tools": { "only": ["Read", "Agent"] }, "agents": { "a": { "description": "d", "prompt": "p", "tools": tools } } })
    }),
    ("claude-code", "agent disallowedTools", |n| {
        json!({ "builtin_tools": { "only": ["Read", "Agent"] },
            "agents": { "a": { "description": "d", "prompt": "p", "disallowedTools": names(n, |i| format!("mcp__s{i}")) } } })
    }),
    ("claude-code", "agent tools and disallowedTools together", |n| {
        let mut tools = vec![json!("Read")];
        tools.extend(names(n, |i| format!("mcp__s{i}__t")));
        json!({ "builtin_tools": { "only": ["Read", "Agent"] },
            "agents": { "a": { "description": "d", "prompt": "p", "tools": tools,
                "disallowedTools": names(n, |i| format!("mcp__x{i}")) } } })
    }),
    ("claude-code", "errors: repeated names", |n| json!({ "builtin_tools": { "only": vec!["Read"; n] } })),
    ("claude-code", "holder keys", |n| {
        let mut holder = Map::new();
        holder.insert("builtin_tools".into(), json!({ "only": ["Read"] }));
        keys(n, holder, |i| json!(i))
    }),
    ("gemini-cli", "only list", |n| {
        let mut only = vec![json!("read_file")];
        only.extend(names(n, |i| format!("mcp_s{i}_t")));
        json!({ "builtin_tools": { "only": only } })
    }),
    ("gemini-cli", "disable list", |n| json!({ "builtin_tools": { "disable": names(n, |i| format!("mcp_s{i}_*")) } })),
    (
        "gemini-cli",
        "errors: unknown names",
        |n| json!({ "builtin_tools": { "disable": names(n, |i| format!("tool{i}")) } }),
    ),
    // A portable policy names at most thirteen words: its long lists are errors.
    (
        "copilot",
        "errors: unknown capability words",
        |n| json!({ "capabilities": { "only": names(n, |i| format!("word{i}")) } }),
    ),
    ("claude-code", "errors: repeated capability words", |n| json!({ "capabilities": { "disable": vec!["web"; n] } })),
    ("claude-code", "errors: an agent's repeated capability words", |n| {
        json!({ "capabilities": { "only": ["read"] }, "agents": { "a": { "description": "d", "prompt": "p",
            "capabilities": { "only": vec!["read"; n] } } } })
    }),
    ("gemini-cli", "errors: repeated capability words", |n| json!({ "capabilities": { "only": vec!["search"; n] } })),
    ("opencode", "only list", |n| {
        let mut only = vec![json!("glob")];
        only.extend(names(n, |i| format!("s{i}_t")));
        json!({ "builtin_tools": { "only": only } })
    }),
    ("opencode", "disable list", |n| json!({ "builtin_tools": { "disable": names(n, |i| format!("s{i}_*")) } })),
    (
        "opencode",
        "errors: unknown names",
        |n| json!({ "builtin_tools": { "disable": names(n, |i| format!("tool{i}")) } }),
    ),
    (
        "opencode",
        "errors: a permission's tools apart",
        |n| json!({ "builtin_tools": { "only": (0..n).map(|i| if i % 2 == 0 { "edit" } else { "read" }).collect::<Vec<_>>() } }),
    ),
    ("codex", "disable list", |n| {
        let name = |i: usize| if i % 2 == 0 { format!("mcp__s{i}__*") } else { format!("mcp__s{i}__t") };
        json!({ "builtin_tools": { "disable": names(n, name) } })
    }),
    ("codex", "errors: unknown names", |n| json!({ "builtin_tools": { "disable": names(n, |i| format!("tool{i}")) } })),
    ("codex", "errors: names no switch takes", |n| json!({ "builtin_tools": { "disable": vec!["apply_patch"; n] } })),
];

/// What a session reports it offers, for `attest`: a long list of offered tools.
const OBSERVED: &[(&str, &str, Shape)] = &[
    (
        "copilot",
        "offered tools",
        |n| json!({ "tools": (0..n).map(|i| json!({ "name": format!("s-t{i}"), "mcpServerName": "s" })).collect::<Vec<_>>() }),
    ),
    (
        "claude-code",
        "init tools",
        |n| json!({ "type": "system", "subtype": "init", "tools": names(n, |i| format!("mcp__s{i}__t")) }),
    ),
    ("claude-code", "tool_use calls", transcript),
];

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("linear");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Claude Code transcript: its `init` line, then one assistant message calling `n` tools.
fn transcript(n: usize) -> Value {
    let calls: Vec<Value> =
        (0..n).map(|i| json!({ "type": "tool_use", "id": format!("t{i}"), "name": "Bash", "input": {} })).collect();
    let init = json!({ "type": "system", "subtype": "init", "tools": ["Read"] });
    let called = json!({ "type": "assistant", "message": { "content": calls }, "parent_tool_use_id": null });
    Value::String(format!("{init}\n{called}"))
}

/// A Claude Code transcript of `n` calls, each of another MCP server's tool.
fn mcp_calls(n: usize) -> Value {
    let calls: Vec<Value> = (0..n)
        .map(|i| json!({ "type": "tool_use", "id": format!("t{i}"), "name": format!("mcp__s{i}__t"), "input": {} }))
        .collect();
    let init = json!({ "type": "system", "subtype": "init", "tools": ["Read"] });
    let called = json!({ "type": "assistant", "message": { "content": calls }, "parent_tool_use_id": null });
    Value::String(format!("{init}\n{called}"))
}

fn write(name: &str, value: &Value) -> PathBuf {
    let path = scratch().join(name);
    // A string is written as its text: a transcript of several lines.
    let text = match value {
        Value::String(lines) => lines.clone().into_bytes(),
        other => serde_json::to_vec(other).unwrap(),
    };
    std::fs::write(&path, text).unwrap();
    path
}

/// The best of three runs of the command, which must have read the document: a usage error
/// would time nothing.
fn time(args: &[&Path]) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            let output = Command::new(env!("CARGO_BIN_EXE_tool-policy")).args(args).output().unwrap();
            let elapsed = start.elapsed();
            let stderr = String::from_utf8_lossy(&output.stderr);
            let usage = ["usage", "unexpected option", "missing value", "no agent"];
            assert!(!usage.iter().any(|u| stderr.contains(u)), "{args:?}: {}", &stderr[..stderr.len().min(400)]);
            elapsed
        })
        .min()
        .unwrap()
}

/// The two times' ratio for one command, with a line on stderr; the line again when the
/// ratio is past [`MAX_RATIO`]. `operands` gives the command's operands for a document.
fn ratio(
    runtime: &str,
    place: &str,
    shape: Shape,
    command: &str,
    operands: &dyn Fn(&Path, usize) -> Vec<PathBuf>,
) -> Option<String> {
    let slug: String = place.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    let runs: Vec<Vec<PathBuf>> = [SMALL, SMALL * GROWTH]
        .into_iter()
        .map(|n| {
            let path = write(&format!("{runtime}-{slug}-{n}.json"), &shape(n));
            let mut args: Vec<PathBuf> = [command, "--runtime", runtime].map(PathBuf::from).into();
            args.extend(operands(&path, n));
            args
        })
        .collect();
    let measure = |args: &Vec<PathBuf>| time(&args.iter().map(PathBuf::as_path).collect::<Vec<_>>());
    let mut times: Vec<Duration> = runs.iter().map(measure).collect();
    let ratio_of = |times: &[Duration]| times[1].as_secs_f64() / times[0].as_secs_f64().max(1e-3);
    // A ratio past the bound is measured again, each size keeping its quickest time: a busy
    // machine slows one round, a quadratic slows every round.
    if ratio_of(&times) > MAX_RATIO {
        times = runs.iter().map(measure).zip(times).map(|(again, first)| again.min(first)).collect();
    }
    let ratio = ratio_of(&times);
    let line = format!("{runtime} {place}, {command}: {:?} -> {:?} ({ratio:.1}x)", times[0], times[1]);
    eprintln!("{line}");
    (ratio > MAX_RATIO).then_some(line)
}

/// Every place of `runtime` under `check`, `resolve`, `explain` and `diff`; the lines past
/// [`MAX_RATIO`].
fn places_of(runtime: &str) -> Vec<String> {
    let mut failures = Vec::new();
    for &(_, place, shape) in PLACES.iter().filter(|(of, _, _)| *of == runtime) {
        let tool = PathBuf::from(match runtime {
            "copilot" => "view",
            "claude-code" => "Read",
            "gemini-cli" => "read_file",
            "codex" => "view_image",
            _ => "read",
        });
        for command in ["check", "resolve"] {
            failures.extend(ratio(runtime, place, shape, command, &|path, _| vec![path.to_owned()]));
        }
        failures.extend(ratio(runtime, place, shape, "explain", &|path, _| vec![path.to_owned(), tool.clone()]));
        failures.extend(ratio(runtime, place, shape, "diff", &|path, _| vec![path.to_owned(), path.to_owned()]));
    }
    failures
}

fn assert_linear(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "super-linear growth ({GROWTH}x the entries, more than {MAX_RATIO}x the time):\n{}",
        failures.join("\n")
    );
}

#[test]
fn copilot_places_are_linear() {
    assert_linear(&places_of("copilot"));
}

#[test]
fn claude_code_places_are_linear() {
    assert_linear(&places_of("claude-code"));
}

#[test]
fn gemini_cli_places_are_linear() {
    assert_linear(&places_of("gemini-cli"));
}

#[test]
fn opencode_places_are_linear() {
    assert_linear(&places_of("opencode"));
}

#[test]
fn codex_places_are_linear() {
    assert_linear(&places_of("codex"));
}

#[test]
fn attestation_is_linear() {
    let mut failures = Vec::new();
    for &(runtime, place, shape) in OBSERVED {
        let policy = if runtime == "copilot" {
            write("copilot-policy.json", &Value::Object(copilot(entry(&json!(["mcp:*"])))))
        } else {
            write("claude-policy.json", &json!({ "builtin_tools": { "only": ["Read"] } }))
        };
        failures.extend(ratio(runtime, place, shape, "attest", &|path, _| vec![policy.clone(), path.to_owned()]));
    }
    // As many MCP servers the host passed as calls of their tools: each call is judged
    // against one index of the servers.
    let policy = write("claude-policy-servers.json", &json!({ "builtin_tools": { "only": ["Read"] } }));
    let with_servers = |path: &Path, n: usize| {
        let mut args = Vec::with_capacity(2 * n + 2);
        for i in 0..n {
            args.extend([PathBuf::from("--mcp-server"), PathBuf::from(format!("s{i}"))]);
        }
        args.extend([policy.clone(), path.to_owned()]);
        args
    };
    failures.extend(ratio("claude-code", "MCP calls and --mcp-server", mcp_calls, "attest", &with_servers));
    assert_linear(&failures);
}
