//! `tool-policy`: resolve, check and explain built-in tool policies from the command line.
//!
//! Exit codes: 0 valid, 1 invalid (one `<pointer>: <message>` line per error on stderr),
//! 2 usage, unreadable file or not JSON.
#![forbid(unsafe_code)]

use std::io::{self, Read, Write};
use std::process::ExitCode;

use lexopt::ValueExt;

use tool_policy::claude::{self, ClaudeTool};
use tool_policy::json::{self, LoadError, MAX_DOCUMENT_BYTES};
use tool_policy::{Error, Located, Report, Runtime, Tool, Warning};

const USAGE: &str = "\
tool-policy: typed built-in tool policies for GitHub Copilot and Claude Code

usage:
  tool-policy resolve [--runtime copilot|claude-code] [FILE|-]
  tool-policy check [--runtime copilot|claude-code] FILE...
  tool-policy explain [--runtime copilot|claude-code] FILE [TOOL...]
  tool-policy schema

Run `tool-policy <command> --help` for one command.
Exit codes: 0 valid, 1 invalid (one `<pointer>: <message>` line per error on stderr),
2 usage, unreadable file or not JSON.";

const RESOLVE_HELP: &str = "\
tool-policy resolve [--runtime copilot|claude-code] [FILE|-]

Prints what the runtime receives, as JSON.
  copilot (default): FILE is an agent definition or a single `github-cli-builtin-tools`
    entry; prints {\"clientMode\", \"availableTools\"?, \"excludedTools\"?, \"toolFilterPrecedence\"}.
  claude-code: FILE is a selection ({\"disable\": \"*\"}, {\"disable\": [..]}, {\"only\": [..]})
    or an object holding one under `builtin_tools`; prints {\"args\": [..], \"cliVersion\"}.
Reads standard input when FILE is `-` or absent. Warnings go to stderr.";

const CHECK_HELP: &str = "\
tool-policy check [--runtime copilot|claude-code] FILE...

Checks each file: prints `FILE: ok`, or `FILE: invalid` with one
`FILE: <pointer>: <message>` line per error on stderr.";

const EXPLAIN_HELP: &str = "\
tool-policy explain [--runtime copilot|claude-code] FILE [TOOL...]

Says for each TOOL whether the session is offered it, and which pattern decided.
  copilot: TOOL is `source:name` (`builtin:bash`, `custom:my_tool`, `mcp:server-tool`);
    a bare name is a built-in.
  claude-code: TOOL is a Claude Code tool name (`Read`).
Without TOOL, explains every built-in of the pinned catalog.";

const SCHEMA_HELP: &str = "\
tool-policy schema

Prints the JSON Schema (2020-12) of a `github-cli-builtin-tools` entry.";

/// What went wrong with a command as a whole.
enum Failure {
    /// Exit 1: the document breaks rules (already printed).
    Invalid,
    /// Exit 2: usage, I/O or not JSON, with the message to print.
    Usage(String),
    /// Exit 2, with every message already printed.
    Unreadable,
}

impl From<lexopt::Error> for Failure {
    fn from(error: lexopt::Error) -> Failure {
        Failure::Usage(error.to_string())
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Invalid) => ExitCode::from(1),
        Err(Failure::Usage(message)) => {
            eprintln!("tool-policy: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Unreadable) => ExitCode::from(2),
    }
}

struct Args {
    runtime: Runtime,
    positional: Vec<String>,
    help: bool,
}

fn run() -> Result<(), Failure> {
    let mut parser = lexopt::Parser::from_env();
    let command = match parser.next()? {
        Some(lexopt::Arg::Value(command)) => command.string()?,
        Some(lexopt::Arg::Long("help") | lexopt::Arg::Short('h')) => return print(USAGE),
        Some(lexopt::Arg::Long("version") | lexopt::Arg::Short('V')) => {
            return print(&format!("tool-policy {}", env!("CARGO_PKG_VERSION")));
        }
        Some(other) => return Err(other.unexpected().into()),
        None => return Err(Failure::Usage(format!("missing command\n\n{USAGE}"))),
    };
    let args = args(&mut parser)?;
    let (help, min, max) = match command.as_str() {
        "resolve" => (RESOLVE_HELP, 0, 1),
        "check" => (CHECK_HELP, 1, usize::MAX),
        "explain" => (EXPLAIN_HELP, 1, usize::MAX),
        "schema" => (SCHEMA_HELP, 0, 0),
        other => {
            let commands = ["resolve", "check", "explain", "schema"];
            let hint = tool_policy::did_you_mean(other, commands)
                .map(|c| format!(" (did you mean `{c}`?)"))
                .unwrap_or_default();
            return Err(Failure::Usage(format!("unknown command `{other}`{hint}\n\n{USAGE}")));
        }
    };
    if args.help {
        return print(help);
    }
    if args.positional.len() < min || args.positional.len() > max {
        return Err(Failure::Usage(format!("wrong number of arguments\n\n{help}")));
    }
    match command.as_str() {
        "resolve" => resolve(args.runtime, args.positional.first().map_or("-", String::as_str)),
        "check" => check(args.runtime, &args.positional),
        "explain" => explain(args.runtime, &args.positional[0], &args.positional[1..]),
        _ => print(tool_policy::schema::SCHEMA.trim_end()),
    }
}

fn args(parser: &mut lexopt::Parser) -> Result<Args, Failure> {
    let mut args = Args { runtime: Runtime::Copilot, positional: Vec::new(), help: false };
    while let Some(arg) = parser.next()? {
        match arg {
            lexopt::Arg::Long("runtime") | lexopt::Arg::Short('r') => {
                let name = parser.value()?.string()?;
                args.runtime = runtime(&name)?;
            }
            lexopt::Arg::Long("help") | lexopt::Arg::Short('h') => args.help = true,
            lexopt::Arg::Value(value) => args.positional.push(value.string()?),
            other => return Err(other.unexpected().into()),
        }
    }
    Ok(args)
}

fn runtime(name: &str) -> Result<Runtime, Failure> {
    let Some(runtime) = Runtime::parse(name) else {
        let names = Runtime::ALL.map(Runtime::as_str);
        let hint =
            tool_policy::did_you_mean(name, names).map(|c| format!(" (did you mean `{c}`?)")).unwrap_or_default();
        return Err(Failure::Usage(format!("unknown runtime `{name}`; expected `copilot` or `claude-code`{hint}")));
    };
    runtime.capabilities().map_err(|error| Failure::Usage(error.to_string()))?;
    Ok(runtime)
}

fn print(text: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}").map_err(|e| Failure::Usage(format!("cannot write the output: {e}")))
}

/// Reads a file (or stdin for `-`), at most the document limit plus one byte.
fn read(path: &str) -> Result<Result<String, LoadError>, Failure> {
    let limit = u64::try_from(MAX_DOCUMENT_BYTES).unwrap_or(u64::MAX) + 1;
    let mut bytes = Vec::new();
    let read = if path == "-" {
        io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(limit).read_to_end(&mut bytes))
    };
    let name = if path == "-" { "standard input" } else { path };
    read.map_err(|e| Failure::Usage(format!("cannot read {name}: {e}")))?;
    if bytes.len() > MAX_DOCUMENT_BYTES {
        let error = Error::DocumentTooLarge { size: bytes.len(), limit: MAX_DOCUMENT_BYTES };
        return Ok(Err(LoadError::Invalid(Report {
            errors: vec![Located { pointer: String::new(), item: error }],
            warnings: Vec::new(),
        })));
    }
    String::from_utf8(bytes).map(Ok).map_err(|_| Failure::Usage(format!("{name} is not UTF-8 text")))
}

/// A loaded document, whichever runtime it is for.
enum Loaded {
    Copilot(Box<json::Loaded>),
    ClaudeCode(claude::Loaded),
}

impl Loaded {
    fn warnings(&self) -> &[Located<Warning>] {
        match self {
            Loaded::Copilot(loaded) => loaded.warnings(),
            Loaded::ClaudeCode(loaded) => &loaded.warnings,
        }
    }
}

/// Loads `path`; `Ok(Err(report))` for an invalid document.
fn load(runtime: Runtime, path: &str) -> Result<Result<Loaded, Report>, Failure> {
    let loaded = read(path)?.and_then(|text| match runtime {
        Runtime::ClaudeCode => claude::ClaudeCodeSelection::from_json(&text).map(Loaded::ClaudeCode),
        _ => json::load(&text).map(|loaded| Loaded::Copilot(Box::new(loaded))),
    });
    match loaded {
        Ok(loaded) => Ok(Ok(loaded)),
        Err(LoadError::Invalid(report)) => Ok(Err(report)),
        Err(LoadError::NotJson(message)) => {
            let name = if path == "-" { "standard input" } else { path };
            Err(Failure::Usage(format!("{name} is not JSON: {message}")))
        }
    }
}

fn print_warnings(prefix: &str, warnings: &[Located<Warning>]) {
    for warning in warnings {
        eprintln!("{prefix}warning: {warning}");
    }
}

fn resolve(runtime: Runtime, path: &str) -> Result<(), Failure> {
    let loaded = match load(runtime, path)? {
        Ok(loaded) => loaded,
        Err(report) => {
            eprintln!("{report}");
            return Err(Failure::Invalid);
        }
    };
    print_warnings("", loaded.warnings());
    let value = match loaded {
        Loaded::Copilot(loaded) => serde_json::to_string_pretty(loaded.policy()),
        Loaded::ClaudeCode(loaded) => serde_json::to_string_pretty(&claude::ClaudeCodeArgs(loaded.selection)),
    };
    print(&value.map_err(|e| Failure::Usage(e.to_string()))?)
}

fn check(runtime: Runtime, paths: &[String]) -> Result<(), Failure> {
    let mut worst: Option<Failure> = None;
    for path in paths {
        match load(runtime, path) {
            Ok(Ok(loaded)) => {
                print(&format!("{path}: ok"))?;
                print_warnings(&format!("{path}: "), loaded.warnings());
            }
            Ok(Err(report)) => {
                print(&format!("{path}: invalid"))?;
                for error in &report.errors {
                    eprintln!("{path}: {error}");
                }
                if worst.is_none() {
                    worst = Some(Failure::Invalid);
                }
            }
            Err(Failure::Usage(message)) => {
                eprintln!("tool-policy: {message}");
                worst = Some(Failure::Unreadable);
            }
            Err(failure) => worst = Some(failure),
        }
    }
    worst.map_or(Ok(()), Err)
}

/// The tools asked about, or the whole pinned catalog when none were named.
fn or_catalog(tools: &[String], catalog: impl Iterator<Item = String>) -> Vec<String> {
    if tools.is_empty() { catalog.collect() } else { tools.to_vec() }
}

fn explain(runtime: Runtime, path: &str, tools: &[String]) -> Result<(), Failure> {
    let loaded = match load(runtime, path)? {
        Ok(loaded) => loaded,
        Err(report) => {
            eprintln!("{report}");
            return Err(Failure::Invalid);
        }
    };
    print_warnings("", loaded.warnings());
    match &loaded {
        Loaded::Copilot(loaded) => {
            let catalog = tool_policy::copilot::BUILTIN_TOOLS.iter().map(|n| format!("builtin:{n}"));
            for text in &or_catalog(tools, catalog) {
                let tool = Tool::parse(text).map_err(|e| Failure::Usage(format!("`{text}` is not a tool: {e}")))?;
                if tool.source() == tool_policy::Source::Builtin && !tool_policy::copilot::is_builtin(tool.name()) {
                    let warning = Warning::UnknownBuiltin {
                        name: tool.name().to_owned(),
                        suggestion: tool_policy::copilot::suggest(tool.name()),
                    };
                    eprintln!("warning: {warning}");
                }
                print(&format!("{tool}: {}", loaded.policy().decide(&tool)))?;
            }
        }
        Loaded::ClaudeCode(loaded) => {
            let catalog = ClaudeTool::ALL.iter().map(|t| t.name().to_owned());
            for text in &or_catalog(tools, catalog) {
                let tool = ClaudeTool::lookup(text).map_err(|e| Failure::Usage(e.to_string()))?.tool();
                let verdict = match &loaded.selection {
                    Some(selection) => selection.decide(tool).to_string(),
                    None => String::from("permitted (no selection; the CLI's defaults apply)"),
                };
                print(&format!("{tool}: {verdict}"))?;
            }
        }
    }
    Ok(())
}
