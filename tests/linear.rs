//! Every list and object a document can make long is handled in linear time, by every
//! command. Each place is filled at two sizes, four times apart, and every command's work (the
//! CLI's own path: read the document, then resolve, explain, diff or attest, and render what it
//! would print) is measured on both in the same run: linear work takes about four times as
//! much, quadratic work sixteen. The test fails when the larger takes more than [`MAX_RATIO`]
//! times the smaller.
//!
//! What is measured is the CPU time of the test's own thread (`/proc/thread-self/stat`), each
//! size repeated until it has used at least [`MIN_CPU`]: time the thread waits for a busy
//! machine's cores is not counted, so the ratio holds on a loaded machine as on a quiet one.
//! Wall-clock growth is the criterion benchmark's (`policy-core/benches/policy.rs`, each shape
//! at 2 and 4 MiB in alternating batches), outside `cargo test`.
//!
//! Most places are filled with valid entries; the places marked `errors` are filled with
//! entries that are each an error, so the path that reports errors (past the ones shown) is
//! measured too.

use std::time::Duration;

use serde_json::{Map, Value, json};
use tool_policy::json::{Document, Options};
use tool_policy::review::{Host, Output};
use tool_policy::runtime::Runtime;

/// The smaller size: the number of entries in the place; enough that the work, not reading a
/// small document, sets the time.
const SMALL: usize = 4_000;
/// How many times larger the larger document is.
const GROWTH: usize = 4;
/// The largest ratio of the two CPU times accepted: twice linear, half of quadratic.
const MAX_RATIO: f64 = 8.0;
/// The least CPU time a size is measured over: the clock counts in hundredths of a second.
const MIN_CPU: Duration = Duration::from_millis(60);

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

/// A command of the CLI, run in this process on the document's text.
#[derive(Clone)]
enum Command {
    Check,
    Resolve,
    /// `resolve` for a host naming as many MCP servers as the place holds entries, each
    /// holding `_` once written (`h_0`), which are held to every MCP key of the selection.
    ResolveForServers,
    Explain(&'static str),
    Diff,
    /// The policy's text, and as many MCP servers the host passed as the observed entries.
    Attest(String, bool),
}

impl Command {
    fn name(&self) -> &'static str {
        match self {
            Command::Check => "check",
            Command::Resolve | Command::ResolveForServers => "resolve",
            Command::Explain(_) => "explain",
            Command::Diff => "diff",
            Command::Attest(..) => "attest",
        }
    }

    /// What the command prints (its output or its errors), from the document's text.
    fn run(&self, runtime: Runtime, text: &str, n: usize) -> String {
        let load = |text: &str| Document::load(runtime, text, Options::default());
        match self {
            Command::Check => match load(text) {
                Ok(document) => document.warnings().iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"),
                Err(error) => error.to_string(),
            },
            Command::Resolve | Command::ResolveForServers => {
                let servers = (0..n).map(|i| format!("h_{i}")).filter(|_| matches!(self, Command::ResolveForServers));
                match load(text).map(|d| d.resolved(&Output::default().with_mcp_servers(servers))) {
                    Ok(Ok(value)) => serde_json::to_string_pretty(&value).unwrap_or_default(),
                    Ok(Err(error)) => error.to_string(),
                    Err(error) => error.to_string(),
                }
            }
            Command::Explain(tool) => match load(text) {
                Ok(document) => match document.explain(&[(*tool).to_owned()], None, Options::default()) {
                    Ok(explanation) => explanation.lines.join("\n"),
                    Err(error) => error.to_string(),
                },
                Err(error) => error.to_string(),
            },
            Command::Diff => match (load(text), load(text)) {
                (Ok(old), Ok(new)) => old.diff(&new).map(|diff| diff.to_string()).unwrap_or_default(),
                (Err(error), _) | (_, Err(error)) => error.to_string(),
            },
            Command::Attest(policy, servers) => {
                let host =
                    Host { mcp_servers: servers.then(|| (0..n).map(|i| format!("s{i}")).collect()), ..Host::default() };
                match load(policy).map(|document| document.attest(text, &host, false)) {
                    Ok(Ok(attestation)) => attestation.to_string(),
                    Ok(Err(error)) => format!("{error:?}"),
                    Err(error) => error.to_string(),
                }
            }
        }
    }
}

/// The CPU time this thread has used (Linux: `/proc/thread-self/stat`, in hundredths).
fn thread_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").expect("tests/linear.rs reads /proc/thread-self/stat");
    // The fields after the command's name in parentheses: utime and stime are the 14th and
    // 15th of the line, the 12th and 13th after the name.
    let after = &stat[stat.rfind(')').expect("a stat line") + 2..];
    let fields: Vec<u64> = after.split(' ').skip(11).take(2).map(|f| f.parse().expect("a tick count")).collect();
    Duration::from_millis(10 * (fields[0] + fields[1]))
}

/// The CPU time of `runs` runs of `work`.
fn cpu(runs: usize, work: &dyn Fn() -> String) -> Duration {
    let start = thread_cpu();
    for _ in 0..runs {
        std::hint::black_box(work());
    }
    thread_cpu().saturating_sub(start)
}

/// The two sizes' CPU ratio for one command, with a line on stderr; the line again when the
/// ratio is past [`MAX_RATIO`]. The smaller is run until it has used [`MIN_CPU`], the larger
/// as many times.
fn ratio(runtime: &str, place: &str, shape: Shape, command: &Command) -> Option<String> {
    let parsed = Runtime::parse(runtime).expect("a runtime");
    let text = |n: usize| match shape(n) {
        Value::String(lines) => lines,
        other => other.to_string(),
    };
    let (small, large) = (text(SMALL), text(SMALL * GROWTH));
    // The first run shows the command read the document: a wrong command measures nothing.
    let printed = command.run(parsed, &small, SMALL);
    assert!(!printed.contains("unknown runtime"), "{runtime} {place}: {printed}");
    let mut runs = 1;
    let mut small_cpu = cpu(runs, &|| command.run(parsed, &small, SMALL));
    while small_cpu < MIN_CPU {
        runs *= 2;
        small_cpu = cpu(runs, &|| command.run(parsed, &small, SMALL));
    }
    let large_cpu = cpu(runs, &|| command.run(parsed, &large, SMALL * GROWTH));
    let ratio = large_cpu.as_secs_f64() / small_cpu.as_secs_f64();
    let line =
        format!("{runtime} {place}, {}: {small_cpu:?} -> {large_cpu:?} over {runs} runs ({ratio:.1}x)", command.name());
    eprintln!("{line}");
    (ratio > MAX_RATIO).then_some(line)
}

/// Every place of `runtime` under `check`, `resolve`, `explain` and `diff`; the lines past
/// [`MAX_RATIO`].
fn places_of(runtime: &str) -> Vec<String> {
    let mut failures = Vec::new();
    for &(_, place, shape) in PLACES.iter().filter(|(of, _, _)| *of == runtime) {
        let tool = match runtime {
            "copilot" => "view",
            "claude-code" => "Read",
            "gemini-cli" => "read_file",
            "codex" => "view_image",
            _ => "read",
        };
        for command in [Command::Check, Command::Resolve, Command::Explain(tool), Command::Diff] {
            failures.extend(ratio(runtime, place, shape, &command));
        }
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

/// OpenCode's MCP keys held to as many host servers (`--mcp-server`): each server is looked
/// up in one index of the keys.
#[test]
fn opencode_host_servers_are_linear() {
    let shape: Shape = |n| {
        let mut only = vec![json!("glob"), json!("*_*")];
        only.extend(names(n, |i| format!("s{i}_*")));
        json!({ "builtin_tools": { "only": only } })
    };
    assert_linear(
        &ratio("opencode", "MCP keys and --mcp-server", shape, &Command::ResolveForServers)
            .into_iter()
            .collect::<Vec<_>>(),
    );
}

#[test]
fn attestation_is_linear() {
    let mut failures = Vec::new();
    for &(runtime, place, shape) in OBSERVED {
        let policy = if runtime == "copilot" {
            Value::Object(copilot(entry(&json!(["mcp:*"]))))
        } else {
            json!({ "builtin_tools": { "only": ["Read"] } })
        };
        failures.extend(ratio(runtime, place, shape, &Command::Attest(policy.to_string(), false)));
    }
    // As many MCP servers the host passed as calls of their tools: each call is judged
    // against one index of the servers.
    let policy = json!({ "builtin_tools": { "only": ["Read"] } }).to_string();
    failures.extend(ratio("claude-code", "MCP calls and --mcp-server", mcp_calls, &Command::Attest(policy, true)));
    assert_linear(&failures);
}
