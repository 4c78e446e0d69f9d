//! The gate suite (SPEC §13): each runtime run with its configuration withheld (no selection,
//! no deny rule, custom agents without their lists) and only the hook `resolve --gate`
//! writes, which runs the real `tool-policy gate` against the case's policy file. The fake
//! model calls a tool the policy takes away, from the main agent, a custom or built-in
//! sub-agent, or an MCP server: the gate alone must refuse it with no side effect. A control
//! per runtime makes a call the policy permits through the same gate: its side effect must
//! happen, or the refusals prove nothing. Then what each runtime does when the hook itself
//! fails (missing, crashing, hanging) is measured and printed as `measured gate: ...` lines.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use tool_policy::claude::Start::{Background, Foreground};
use tool_policy::json::Document;
use tool_policy::review::{Output, failing_closed};
use tool_policy::{McpTools, Runtime};

use crate::Outcome;
use crate::forced::{self, Call, Effect, Via};

/// The `tool-policy` binary and the scratch directory the suite writes policies to.
pub struct Gate<'a> {
    pub tool_policy: &'a Path,
    pub scratch: &'a Path,
    /// The hook as the runtime would run a bare command: `|| exit 2` taken off what
    /// `resolve --gate` writes (to measure what the runtime does on its own).
    pub bare: bool,
    /// Before each case's name: what stands in for the gate, when not the real one.
    pub label: &'static str,
    /// Both layers: the configuration `resolve --gate` writes is given too.
    pub both: bool,
}

impl Gate<'_> {
    /// Writes `policy` to the suite's `name`.json, and returns the command the hook runs.
    fn command(&self, runtime: Runtime, name: &str, policy: &Value) -> Result<String, String> {
        let dir = self.scratch.join("gate-policies");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, policy.to_string()).map_err(|e| e.to_string())?;
        Ok(format!("{} gate --runtime {runtime} {}", self.tool_policy.display(), path.display()))
    }

    /// What `resolve --gate COMMAND` writes for `policy`.
    fn resolved(runtime: Runtime, policy: &Value, command: &str) -> Result<Value, String> {
        let document = Document::load(runtime, &policy.to_string(), tool_policy::json::Options::default())
            .map_err(|e| e.to_string())?;
        document.resolved(&Output::default().with_gate(command)).map_err(|e| e.to_string())
    }

    /// The label as a file name's start: letters and digits, `-` for the rest.
    fn slug(&self) -> String {
        self.label.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect()
    }

    /// [`Gate::resolved`], bare when the suite measures the bare command.
    fn written(&self, runtime: Runtime, policy: &Value, command: &str) -> Result<Value, String> {
        let resolved = Gate::resolved(runtime, policy, command)?;
        if !self.bare {
            return Ok(resolved);
        }
        // What `failing_closed` adds holds no character JSON or TOML escapes.
        let added = failing_closed("");
        let bare = resolved.to_string().replace(&added, "");
        serde_json::from_str(&bare).map_err(|e| e.to_string())
    }
}

/// Whether a refusal the model was told of is the gate's: its words, or, for a gate that
/// cannot run (a binary missing or crashing, under [`FAILING`]), the shell's.
pub fn by_gate(text: &str) -> bool {
    text.contains(REFUSAL) || text.contains(FAILING)
}

/// The folder of the binaries that stand for a gate that cannot run.
pub const FAILING: &str = "tool-policy-failing";

/// A case of a runtime whose payload names no agent: `(name, policy, tool, effect, control)`.
type Plain = (&'static str, Value, &'static str, Effect, bool);

/// One Claude Code case: its policy document, the call, who makes it, and whether the policy
/// permits it (a control).
struct ClaudeGateCase {
    name: &'static str,
    policy: Value,
    call: Call,
    via: Via,
    control: bool,
}

/// Claude Code's `--agents=<json>` with every agent's `tools` and `disallowedTools` taken out:
/// the agents exist, but their lists are the gate's alone.
fn withheld_agents(arg: &str) -> Option<String> {
    let agents = arg.strip_prefix("--agents=")?;
    let mut agents: Value = serde_json::from_str(agents).ok()?;
    for agent in agents.as_object_mut()?.values_mut() {
        let agent = agent.as_object_mut()?;
        agent.remove("tools");
        agent.remove("disallowedTools");
    }
    Some(format!("--agents={agents}"))
}

fn claude_cases() -> Vec<ClaudeGateCase> {
    let shell = Call::new("Bash", Effect::Shell);
    let write = Call::new("Write", Effect::Write);
    let mcp = Call::new("mcp__echo__echo", Effect::Mcp);
    let agent = |name: &str, how| Via::Agent(name.to_owned(), how);
    let reader = json!({"reader": {"description": "d", "prompt": "p", "tools": ["Read"]}});
    let careful = json!({"careful": {"description": "d", "prompt": "p", "disallowedTools": ["Bash"]}});
    let runner = json!({"runner": {"description": "d", "prompt": "p", "tools": ["Read", "Bash"]}});
    let case =
        |name, policy, call: &Call, via, control| ClaudeGateCase { name, policy, call: call.clone(), via, control };
    vec![
        case("main, only [Read], Bash", json!({"only": ["Read"]}), &shell, Via::Main, false),
        case("main, disable [Bash], Bash", json!({"disable": ["Bash"]}), &shell, Via::Main, false),
        case("main, disable *, Write", json!({"disable": "*"}), &write, Via::Main, false),
        case(
            "main, capabilities only [read], Write",
            json!({"capabilities": {"only": ["read"]}}),
            &write,
            Via::Main,
            false,
        ),
        case(
            "main, disable [mcp__echo__echo], mcp__echo__echo",
            json!({"disable": ["mcp__echo__echo"]}),
            &mcp,
            Via::Main,
            false,
        ),
        case("main, disable [mcp__*], mcp__echo__echo", json!({"disable": ["mcp__*"]}), &mcp, Via::Main, false),
        case(
            "custom agent tools [Read], Bash, foreground",
            json!({"builtin_tools": {"only": ["Agent", "Read", "Bash"]}, "agents": reader}),
            &shell,
            agent("reader", Foreground),
            false,
        ),
        case(
            "custom agent tools [Read], Bash, background",
            json!({"builtin_tools": {"only": ["Agent", "Read", "Bash"]}, "agents": reader}),
            &shell,
            agent("reader", Background),
            false,
        ),
        case(
            "custom agent disallowedTools [Bash], Bash",
            json!({"builtin_tools": {"only": ["Agent", "Read", "Bash"]}, "agents": careful}),
            &shell,
            agent("careful", Foreground),
            false,
        ),
        case(
            "built-in general-purpose under only [Agent, Read], Bash",
            json!({"only": ["Agent", "Read"]}),
            &shell,
            agent("general-purpose", Foreground),
            false,
        ),
        case(
            "custom agent tools [Read], mcp__echo__echo",
            json!({"builtin_tools": {"only": ["Agent", "Read"]}, "agents": reader}),
            &mcp,
            agent("reader", Foreground),
            false,
        ),
        case(
            "built-in general-purpose under disable [Write], Write, background",
            json!({"disable": ["Write"]}),
            &write,
            agent("general-purpose", Background),
            false,
        ),
        case("main, only [Read, Bash], Bash", json!({"only": ["Read", "Bash"]}), &shell, Via::Main, true),
        case("main, disable [Bash], Write", json!({"disable": ["Bash"]}), &write, Via::Main, true),
        case(
            "main, disable [mcp__echo__ping_tool], mcp__echo__echo",
            json!({"disable": ["mcp__echo__ping_tool"]}),
            &mcp,
            Via::Main,
            true,
        ),
        case(
            "custom agent tools [Read, Bash], Bash",
            json!({"builtin_tools": {"only": ["Agent", "Read", "Bash"]}, "agents": runner}),
            &shell,
            agent("runner", Foreground),
            true,
        ),
        case(
            "built-in general-purpose under only [Agent, Read, Bash], Bash",
            json!({"only": ["Agent", "Read", "Bash"]}),
            &shell,
            agent("general-purpose", Foreground),
            true,
        ),
    ]
}

/// The Claude Code case run: the configuration withheld, the hook and the agents given.
fn claude_case(gate: &Gate<'_>, index: usize, case: &ClaudeGateCase) -> Result<forced::ClaudeCase, String> {
    let command = gate.command(Runtime::ClaudeCode, &format!("{}claude-code-{index}", gate.slug()), &case.policy)?;
    let resolved = gate.written(Runtime::ClaudeCode, &case.policy, &command)?;
    let args = resolved["args"].as_array().ok_or("`resolve` wrote no args")?;
    let mut extra = Vec::new();
    for arg in args.iter().filter_map(Value::as_str) {
        if gate.both || arg.starts_with("--settings=") {
            extra.push(arg.to_owned());
        } else if let Some(agents) = withheld_agents(arg) {
            extra.push(agents);
        }
    }
    if !extra.iter().any(|arg| arg.starts_with("--settings=")) {
        return Err(String::from("`resolve --gate` wrote no --settings"));
    }
    let kind = if case.control { "gate control" } else { "gate" };
    Ok(forced::ClaudeCase {
        name: format!("{kind}: claude-code: {}{}", gate.label, case.name),
        selection: None,
        agents: tool_policy::claude::ClaudeAgents::default(),
        mcp: McpTools::Keep,
        call: case.call.clone(),
        via: case.via.clone(),
        control: case.control,
        extra,
    })
}

/// Runs the Claude Code gate cases on `cli`.
fn run_claude(gate: &Gate<'_>, cli: &Path, me: &Path, cases: &[ClaudeGateCase]) -> Vec<Outcome> {
    let mut runs = Vec::new();
    let mut outcomes = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        match claude_case(gate, index, case) {
            Ok(run) => runs.push(run),
            Err(why) => outcomes.push(Outcome::failed(&format!("gate: claude-code: {}", case.name), why)),
        }
    }
    let dir = gate.scratch.join(format!("{}gate-claude", gate.slug()));
    for (index, outcome) in forced::run_claude(cli, me, &dir, &runs).into_iter().enumerate() {
        // With both layers, the configuration refuses first: either layer's refusal holds.
        let gate_alone = !runs[index].control && !gate.both;
        outcomes.push(by_the_gate(outcome, !gate_alone, &dir.join(format!("forced-{index}/transcript.jsonl"))));
    }
    outcomes
}

/// What the gate says when it refuses: a refusal without it came from the runtime's own
/// limits, and proves nothing of the gate.
pub const REFUSAL: &str = "tool-policy refuses";

/// `outcome`, failed when it is a refusal that `record` (what the runtime sent the model)
/// does not show the gate saying.
fn by_the_gate(outcome: Outcome, control: bool, record: &Path) -> Outcome {
    if control || outcome.mismatch.is_some() {
        return outcome;
    }
    match std::fs::read_to_string(record) {
        // The forced call's result, not the hook's own records the transcript may hold.
        Ok(text) if text.lines().filter(|line| line.contains(r#""tool_use_id":"toolu_forced""#)).any(by_gate) => {
            outcome
        }
        _ => Outcome::failed(&outcome.name, String::from("refused, but not by the gate: the model was not told why")),
    }
}

/// The Codex CLI's cases: `(name, policy, tool, effect, control)`.
fn codex_cases() -> Vec<Plain> {
    let shell = ["exec_command", "write_stdin"];
    vec![
        (
            "main, disable [exec_command, write_stdin], exec_command",
            json!({"disable": shell}),
            "exec_command",
            Effect::Shell,
            false,
        ),
        (
            "main, capabilities disable [execute], mcp_tools disable [echo], mcp__echo__echo",
            json!({"capabilities": {"disable": ["execute"], "mcp_tools": {"disable": ["echo"]}}}),
            "mcp__echo__echo",
            Effect::Mcp,
            false,
        ),
        (
            "main, capabilities disable [execute], exec_command",
            json!({"capabilities": {"disable": ["execute"]}}),
            "exec_command",
            Effect::Shell,
            false,
        ),
        (
            "main, disable [mcp__echo__echo], mcp__echo__echo",
            json!({"disable": ["mcp__echo__echo"]}),
            "mcp__echo__echo",
            Effect::Mcp,
            false,
        ),
        (
            "main, disable [mcp__echo__*], mcp__echo__echo",
            json!({"disable": ["mcp__echo__*"]}),
            "mcp__echo__echo",
            Effect::Mcp,
            false,
        ),
        (
            "main, disable [web_search], exec_command",
            json!({"disable": ["web_search"]}),
            "exec_command",
            Effect::Shell,
            true,
        ),
        (
            "main, disable [mcp__echo__ping_tool], mcp__echo__echo",
            json!({"disable": ["mcp__echo__ping_tool"]}),
            "mcp__echo__echo",
            Effect::Mcp,
            true,
        ),
    ]
}

/// Each case of `runtime` as its runner takes it, made by `build` from the case's name (its
/// kind, the runtime and the gate's label before it) and what `resolve --gate` writes for its
/// policy; a case that cannot be made is a failed outcome.
fn each_case<C>(
    gate: &Gate<'_>,
    runtime: Runtime,
    cases: Vec<Plain>,
    build: impl Fn(String, &Plain, Value) -> Result<C, String>,
) -> (Vec<C>, Vec<Outcome>) {
    let (mut runs, mut outcomes) = (Vec::new(), Vec::new());
    for (index, case) in cases.iter().enumerate() {
        let kind = if case.4 { "gate control" } else { "gate" };
        let name = format!("{kind}: {runtime}: {}{}", gate.label, case.0);
        let made = gate
            .command(runtime, &format!("{}{runtime}-{index}", gate.slug()), &case.1)
            .and_then(|command| gate.written(runtime, &case.1, &command))
            .and_then(|written| build(name.clone(), case, written));
        match made {
            Ok(run) => runs.push(run),
            Err(why) => outcomes.push(Outcome::failed(&name, why)),
        }
    }
    (runs, outcomes)
}

/// Runs the Codex CLI gate cases on `cli`: no selection (with both layers, the case's), and
/// the hook `resolve --gate` writes (its `-c hooks.PreToolUse=..` and what follows).
fn run_codex(gate: &Gate<'_>, cli: &Path, me: &Path, cases: Vec<Plain>) -> Vec<Outcome> {
    let (runs, mut outcomes) =
        each_case(gate, Runtime::Codex, cases, |name, (_, policy, tool, effect, control), written| {
            let args: Vec<&str> = written["args"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            let at = args.iter().position(|arg| arg.starts_with("hooks.")).ok_or("`resolve --gate` wrote no hook")?;
            let selection = if gate.both { codex_selection(policy)? } else { None };
            let mut case = crate::codex::Case::new(&name, selection);
            case.mcp = *effect == Effect::Mcp;
            case.forced = Some(((*tool).to_owned(), *effect, *control));
            case.extra = std::iter::once("-c").chain(args[at..].iter().copied()).map(str::to_owned).collect();
            Ok(case)
        });
    outcomes.extend(crate::codex::run(cli, me, &gate.scratch.join(format!("{}gate-codex", gate.slug())), &runs));
    outcomes
}

/// The Gemini CLI's cases, in `yolo` (every call approved). The payload of its `BeforeTool`
/// does not say which agent calls: a sub-agent's call is the main selection's.
fn gemini_cases() -> Vec<Plain> {
    let (shell, write) = ("run_shell_command", "write_file");
    vec![
        ("main, only [read_file], run_shell_command", json!({"only": ["read_file"]}), shell, Effect::Shell, false),
        (
            "main, disable [run_shell_command], run_shell_command",
            json!({"disable": ["run_shell_command"]}),
            shell,
            Effect::Shell,
            false,
        ),
        ("main, disable [write_file], write_file", json!({"disable": ["write_file"]}), write, Effect::Write, false),
        (
            "main, capabilities only [read], write_file",
            json!({"capabilities": {"only": ["read"]}}),
            write,
            Effect::Write,
            false,
        ),
        (
            "main, disable [mcp_echo_echo], mcp_echo_echo",
            json!({"disable": ["mcp_echo_echo"]}),
            "mcp_echo_echo",
            Effect::Mcp,
            false,
        ),
        (
            "main, disable [mcp_echo_*], mcp_echo_echo",
            json!({"disable": ["mcp_echo_*"]}),
            "mcp_echo_echo",
            Effect::Mcp,
            false,
        ),
        (
            "codebase_investigator, disable [run_shell_command], run_shell_command",
            json!({"disable": ["run_shell_command"]}),
            shell,
            Effect::Shell,
            false,
        ),
        (
            "main, disable [write_file], run_shell_command",
            json!({"disable": ["write_file"]}),
            shell,
            Effect::Shell,
            true,
        ),
        (
            "main, disable [mcp_echo_ping_tool], mcp_echo_echo",
            json!({"disable": ["mcp_echo_ping_tool"]}),
            "mcp_echo_echo",
            Effect::Mcp,
            true,
        ),
    ]
}

/// Runs the Gemini CLI gate cases on `cli`: no selection, no policy file, only the settings'
/// `hooks` that `resolve --gate` writes.
fn run_gemini(gate: &Gate<'_>, cli: &Path, me: &Path, cases: Vec<Plain>) -> Vec<Outcome> {
    let (runs, mut outcomes) =
        each_case(gate, Runtime::GeminiCli, cases, |name, (case, _, tool, effect, control), written| {
            let hooks = written["settings"].get("hooks").cloned().ok_or("`resolve --gate` wrote no hooks")?;
            let settings = if gate.both {
                (written["settings"].clone(), written["policy"].as_str().map(str::to_owned))
            } else {
                (json!({"hooks": hooks}), None)
            };
            Ok(forced::GeminiCase {
                name,
                selection: None,
                mode: tool_policy::gemini::ApprovalMode::Yolo,
                call: Call::new(tool, *effect),
                // A sub-agent of the CLI's own: its payload names no agent, so the main selection
                // judges its call (`codebase_investigator` is refused the shell by the CLI itself).
                agent: case.starts_with("generalist").then_some("generalist"),
                control: *control,
                settings: Some(settings),
                gate_alone: !gate.both,
            })
        });
    outcomes.extend(forced::run_gemini(cli, me, &gate.scratch.join(format!("{}gate-gemini", gate.slug())), &runs));
    outcomes
}

/// OpenCode's cases: `(name, policy, tool, effect, control)`.
fn opencode_cases() -> Vec<Plain> {
    vec![
        ("main, disable [bash], bash", json!({"disable": ["bash"]}), "bash", Effect::Shell, false),
        (
            "main, capabilities only [search], bash",
            json!({"capabilities": {"only": ["search"]}}),
            "bash",
            Effect::Shell,
            false,
        ),
        (
            "main, disable [apply_patch, edit, write], write",
            json!({"disable": ["apply_patch", "edit", "write"]}),
            "write",
            Effect::Write,
            false,
        ),
        (
            "main, capabilities only [read], write",
            json!({"capabilities": {"only": ["read"]}}),
            "write",
            Effect::Write,
            false,
        ),
        ("main, disable [echo_echo], echo_echo", json!({"disable": ["echo_echo"]}), "echo_echo", Effect::Mcp, false),
        ("main, disable [echo_*], echo_echo", json!({"disable": ["echo_*"]}), "echo_echo", Effect::Mcp, false),
        ("main, disable [webfetch], bash", json!({"disable": ["webfetch"]}), "bash", Effect::Shell, true),
        (
            "main, disable [echo_ping_tool], echo_echo",
            json!({"disable": ["echo_ping_tool"]}),
            "echo_echo",
            Effect::Mcp,
            true,
        ),
    ]
}

/// Runs the OpenCode gate cases on `cli`: no permission rules, only the plugin
/// `resolve --gate` writes, loaded from the project.
fn run_opencode(gate: &Gate<'_>, cli: &Path, me: &Path, cases: Vec<Plain>) -> Vec<Outcome> {
    let (runs, mut outcomes) =
        each_case(gate, Runtime::OpenCode, cases, |name, (_, policy, tool, effect, control), written| {
            let plugin = &written["gatePlugin"];
            let (Some(file), Some(source)) = (plugin["file"].as_str(), plugin["source"].as_str()) else {
                return Err(String::from("`resolve --gate` wrote no plugin"));
            };
            let selection = if gate.both { crate::opencode::selection(&name, policy)? } else { None };
            let mut case = crate::opencode::Case::new(&name, selection);
            case.mcp = *effect == Effect::Mcp;
            case.forced = Some(((*tool).to_owned(), *effect, *control));
            case.plugin = Some((file.to_owned(), source.to_owned()));
            Ok(case)
        });
    outcomes.extend(crate::opencode::run(cli, me, &gate.scratch.join(format!("{}gate-opencode", gate.slug())), &runs));
    outcomes
}

/// The cases of the runtime `key` (as `--claude`, `--gemini`, `--opencode`, `--codex` name
/// it) through `gate`: all of them, or, with `first`, the first only (a removed tool called
/// by the main agent).
fn run_each(key: &str, gate: &Gate<'_>, cli: &Path, me: &Path, first: bool) -> Vec<Outcome> {
    let take = |mut cases: Vec<Plain>| {
        if first {
            cases.truncate(1);
        }
        cases
    };
    match key {
        "claude" => {
            let mut cases = claude_cases();
            if first {
                cases.truncate(1);
            }
            run_claude(gate, cli, me, &cases)
        }
        "gemini" => run_gemini(gate, cli, me, take(gemini_cases())),
        "opencode" => run_opencode(gate, cli, me, take(opencode_cases())),
        _ => run_codex(gate, cli, me, take(codex_cases())),
    }
}

/// The Codex CLI's selection of `policy`, as the library reads it.
fn codex_selection(policy: &Value) -> Result<Option<tool_policy::CodexSelection>, String> {
    let document = tool_policy::codex::load_codex(&policy.to_string()).map_err(|e| e.to_string())?;
    Ok(document.selection)
}

/// Copilot's cases: a session with no filter and the SDK's `preToolUse` gate of an entry.
fn copilot_cases() -> Result<Vec<crate::forced_copilot::Case>, String> {
    let case = |name: &str, gate: Value, tool: &str, effect: Effect, agent: Option<&str>, control: bool| {
        let open = tool_policy::json::load_value(&json!({"tools": []})).map_err(|e| format!("{name}: {e}"))?;
        let mut entry = json!({"kind": "github-cli-builtin-tools"});
        if let (Some(entry), Some(fields)) = (entry.as_object_mut(), gate.as_object()) {
            entry.extend(fields.clone());
        }
        let policy = tool_policy::json::load_value(&json!({"tools": [entry]})).map_err(|e| format!("{name}: {e}"))?;
        let kind = if control { "gate control" } else { "gate" };
        Ok::<_, String>(crate::forced_copilot::Case {
            name: format!("{kind}: copilot: {name}"),
            document: open,
            call: Call::new(tool, effect),
            agent: agent.map(str::to_owned),
            gate: Some(policy.into_policy()),
            control,
        })
    };
    Ok(vec![
        case(
            "main, available [view, mcp:*], bash",
            json!({"available-tools": {"tools": ["view", "mcp:*"]}}),
            "bash",
            Effect::Shell,
            None,
            false,
        )?,
        case(
            "main, excluded [create], create",
            json!({"excluded-tools": {"tools": ["create"]}}),
            "create",
            Effect::Write,
            None,
            false,
        )?,
        case(
            "built-in agent general-purpose, excluded [bash], bash",
            json!({"excluded-tools": {"tools": ["bash"]}}),
            "bash",
            Effect::Shell,
            Some("general-purpose"),
            false,
        )?,
        case(
            "main, available [bash, view], bash",
            json!({"available-tools": {"tools": ["bash", "view"]}}),
            "bash",
            Effect::Shell,
            None,
            true,
        )?,
        case(
            "main, excluded [bash], create",
            json!({"excluded-tools": {"tools": ["bash"]}}),
            "create",
            Effect::Write,
            None,
            true,
        )?,
    ])
}

/// The suite's report: an `ok` line per case (`refused by the gate, no side effect`, or a
/// control's `ran through the gate`), a `MISMATCH` line per failure; how many failed.
pub fn report(outcomes: &[Outcome]) -> usize {
    let mut mismatches = 0;
    for outcome in outcomes {
        match &outcome.mismatch {
            None if outcome.name.starts_with("gate control: ") => {
                println!("ok        {} (ran through the gate, its side effect seen)", outcome.name);
            }
            None => println!("ok        {} (refused by the gate, no side effect)", outcome.name),
            Some(why) => {
                mismatches += 1;
                println!("MISMATCH  {}: {why}", outcome.name);
            }
        }
    }
    mismatches
}

/// The `tool-policy` binary to gate with: `--tool-policy BIN`, else the workspace's release
/// build beside this harness.
pub fn tool_policy_binary(given: Option<PathBuf>) -> PathBuf {
    given.unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/release/tool-policy"))
}

/// `live-conformance gate --tool-policy BIN [--copilot BIN] [--claude BIN] [--gemini BIN]
/// [--opencode BIN] [--codex BIN] --scratch DIR`: the gate suite on each runtime given, ending with
/// `gate N cases, M mismatches`; exit 1 on any mismatch.
pub async fn main(me: &Path) -> std::process::ExitCode {
    let mut clis: std::collections::BTreeMap<String, PathBuf> = std::collections::BTreeMap::new();
    let mut args = std::env::args().skip(2);
    while let Some(arg) = args.next() {
        match (arg.strip_prefix("--"), args.next()) {
            (Some(key), Some(value)) => {
                clis.insert(key.to_owned(), PathBuf::from(value));
            }
            _ => {
                eprintln!("live-conformance gate: unexpected `{arg}`");
                return std::process::ExitCode::from(2);
            }
        }
    }
    let tool_policy = tool_policy_binary(clis.remove("tool-policy"));
    let copilot = clis.remove("copilot");
    let scratch = clis.remove("scratch").unwrap_or_else(|| std::env::temp_dir().join("tool-policy-gate"));
    if !tool_policy.exists() {
        eprintln!("live-conformance gate: no tool-policy binary at {}", tool_policy.display());
        return std::process::ExitCode::from(2);
    }
    let gate = Gate { tool_policy: &tool_policy, scratch: &scratch, bare: false, label: "", both: false };
    let mut outcomes = Vec::new();
    let clis: Vec<(&str, &PathBuf)> = ["claude", "gemini", "opencode", "codex"]
        .into_iter()
        .filter_map(|key| clis.get(key).map(|cli| (key, cli)))
        .collect();
    for (key, cli) in &clis {
        outcomes.extend(run_each(key, &gate, cli, me, false));
    }
    // Copilot: the SDK's `preToolUse` gate, from the same decision, on a session whose
    // filter is left open.
    if let Some(cli) = copilot {
        match copilot_cases() {
            Ok(cases) => {
                outcomes.extend(crate::forced_copilot::run(&cli, me, &scratch.join("gate-copilot"), &cases).await)
            }
            Err(why) => outcomes.push(Outcome::failed("gate: copilot", why)),
        }
    }
    // Both layers, as `resolve --gate` writes them: every case again, nothing lost.
    let both = Gate { label: "both layers: ", both: true, ..gate };
    for (key, cli) in &clis {
        outcomes.extend(run_each(key, &both, cli, me, false));
    }
    // A gate that cannot run, as `resolve --gate` writes its hook: each runtime must still
    // refuse. Then the bare command, measured: what the runtime does on its own.
    let failing = scratch.join(FAILING);
    let (missing, crash) = (failing.join("missing"), failing.join("crash"));
    if let Err(e) = std::fs::create_dir_all(&failing)
        .and_then(|()| {
            std::fs::write(&crash, format!("#!/bin/sh\necho \"{FAILING}/crash: crashing\" >&2\nkill -SEGV $$\n"))
        })
        .and_then(|()| std::fs::set_permissions(&crash, std::os::unix::fs::PermissionsExt::from_mode(0o755)))
    {
        eprintln!("live-conformance gate: {e}");
        return std::process::ExitCode::from(2);
    }
    let mut measured = Vec::new();
    for (binary, label, bare_label) in [
        (&missing, "the gate's binary missing: ", "bare hook, binary missing: "),
        (&crash, "the gate crashing: ", "bare hook, the gate crashing: "),
    ] {
        for (key, cli) in &clis {
            let written = Gate { tool_policy: binary, scratch: &scratch, bare: false, label, both: false };
            outcomes.extend(run_each(key, &written, cli, me, true));
            let bare = Gate { tool_policy: binary, scratch: &scratch, bare: true, label: bare_label, both: false };
            measured.extend(run_each(key, &bare, cli, me, true));
        }
    }
    let mismatches = report(&outcomes);
    for outcome in &measured {
        let what = match &outcome.mismatch {
            None => "the call was refused, no side effect",
            Some(why) if why.contains("RAN") => "the call RAN",
            Some(why) => why,
        };
        println!("measured  {}: {what}", outcome.name);
    }
    println!("gate {} cases, {mismatches} mismatches", outcomes.len());
    if mismatches > 0 { std::process::ExitCode::FAILURE } else { std::process::ExitCode::SUCCESS }
}
