//! `tool-policy`: resolve, check and explain built-in tool policies from the command line.
//!
//! Exit codes: 0 valid, 1 invalid (one `<pointer>: <message>` line per error on stderr),
//! 2 usage, unreadable file or not JSON.
#![forbid(unsafe_code)]

use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::process::ExitCode;

use tool_policy::json::{Document, LoadError, MAX_DOCUMENT_BYTES, Options};
use tool_policy::review::{AttestError, GateAnswer, Output, unjudged};
use tool_policy::review::{Help, HostOptions};
use tool_policy::text::{Escaped, Shown, to_json_pretty};
use tool_policy::{Error, Host, Lint, Report, Runtime};

/// `eprintln!`, as one write: a message of many lines reaches stderr (unbuffered) in one
/// call, not one per fragment.
macro_rules! say {
    ($($arg:tt)*) => {{
        let mut line = format!($($arg)*);
        line.push('\n');
        // Nothing to do when stderr is closed.
        let _ = io::Write::write_all(&mut io::stderr().lock(), line.as_bytes());
    }};
}

/// A command: its name, what follows it on the usage line (`RUNTIME` stands for the
/// runtimes `--runtime` takes), how many operands it takes, and what it does: `about`, then
/// for a command that reads its operands each runtime's own way, a paragraph of each
/// runtime's help, then `after`.
struct Command {
    name: &'static str,
    synopsis: &'static str,
    operands: (usize, usize),
    about: &'static str,
    each_runtime: Option<fn(&Help) -> &'static str>,
    after: &'static str,
}

/// Every command, in the order the usage lists them.
const COMMANDS: [Command; 7] = [
    Command {
        name: "resolve",
        synopsis: "[--runtime RUNTIME] [--strict] [--policy-file PATH] [--mcp-server NAME]... [--gate COMMAND] [FILE|-]",
        operands: (0, 1),
        about: "\
Prints what the runtime receives, as JSON.",
        each_runtime: Some(|help| help.resolve),
        after: "\
Reads standard input when FILE is `-` or absent. Warnings go to stderr; --strict makes
them errors. --gate COMMAND also writes the runtime's pre-call hook, running COMMAND
(`tool-policy gate --runtime RUNTIME POLICY`) before every call.",
    },
    Command {
        name: "check",
        synopsis: "[--runtime RUNTIME] [--strict] FILE...",
        operands: (1, usize::MAX),
        about: "\
Checks each file: prints `FILE: ok`, or `FILE: invalid` with one
`FILE: <pointer>: <message>` line per error on stderr.",
        each_runtime: None,
        after: "",
    },
    Command {
        name: "explain",
        synopsis: "[--runtime RUNTIME] [--strict] [--agent NAME] FILE [TOOL...]",
        operands: (1, usize::MAX),
        about: "\
Says for each TOOL whether the session is offered it, and which pattern decided.",
        each_runtime: Some(|help| help.explain),
        after: "\
Without TOOL, explains every built-in of the pinned catalog.",
    },
    Command {
        name: "diff",
        synopsis: "[--runtime RUNTIME] [--json] OLD NEW",
        operands: (2, 2),
        about: "\
Prints what the agent gains (+) or loses (-) from OLD to NEW, one line per tool whose
decision changes, sorted, with the deciding pattern of each side, e.g.
  + builtin:bash (was excluded by builtin:*, now offered by builtin:bash)
then what each agent gains or loses (a custom agent's list, `defaultAgent`, an agent's MCP
rules and servers), then one line per other change (~ client mode; a source
opened or closed to tools neither policy names, or built-ins the pinned catalog does not
know). --json prints the same as a
JSON array. Exit 0 when nothing changes, 1 when something does, 2 on trouble (usage, an
unreadable or invalid document).",
        each_runtime: None,
        after: "",
    },
    Command {
        name: "attest",
        synopsis: "[--runtime RUNTIME] [--strict] [--custom NAME]... [--override NAME]... [--mcp-server NAME]... POLICY OBSERVED",
        operands: (2, 2),
        about: "\
Checks what a running session really offers against POLICY (what `resolve` reads).",
        each_runtime: Some(|help| help.attest),
        after: "\
Exit 0 attested (drift and notes on stderr), 1 violations (one `<tool>: offered, but <why>`
line each on stderr), 2 usage, unreadable, or nothing to attest. --strict makes drift (an
offered built-in the pinned catalog does not know, let through by a deny-list) a violation.",
    },
    Command {
        name: "gate",
        synopsis: "[--runtime RUNTIME] POLICY",
        operands: (1, 1),
        about: "\
Answers one call of the runtime's pre-call hook from POLICY (what `resolve` reads): reads
the hook's payload (the runtime's own JSON) on standard input; a call `explain` says the
policy does not permit exits 2 with the reason on stderr (one line), a permitted call exits
0. Anything else exits 2 too: a payload that is not JSON or has no string tool name, a tool
the runtime's names do not know, a POLICY that is missing or does not load.",
        each_runtime: Some(|help| help.gate),
        after: "",
    },
    Command {
        name: "schema",
        synopsis: "",
        operands: (0, 0),
        about: "\
Prints the JSON Schema (2020-12) of a `github-cli-builtin-tools` entry.",
        each_runtime: None,
        after: "",
    },
];

impl Command {
    /// `tool-policy NAME SYNOPSIS`, with the runtimes spelled out.
    fn usage_line(&self) -> String {
        let runtimes = Runtime::SUPPORTED_CLI.join("|");
        format!("tool-policy {} {}", self.name, self.synopsis.replace("RUNTIME", &runtimes)).trim_end().to_owned()
    }

    /// `tool-policy NAME --help`.
    fn help(&self) -> String {
        let mut help = format!("{}\n\n{}", self.usage_line(), self.about);
        if let Some(paragraph) = self.each_runtime {
            for runtime in Runtime::ALL {
                let Some(about) = Document::about(runtime) else { continue };
                let default = if runtime == Runtime::DEFAULT { " (default)" } else { "" };
                let text = paragraph(&about.help).replace('\n', "\n    ");
                // Writing to a `String` cannot fail.
                let _ = write!(help, "\n  {runtime}{default}: {text}");
            }
        }
        if !self.after.is_empty() {
            help.push('\n');
            help.push_str(self.after);
        }
        help
    }
}

/// `tool-policy --help`: every command's usage line, then what holds for all of them.
fn usage() -> String {
    let lines: Vec<String> = COMMANDS.iter().map(|command| format!("  {}", command.usage_line())).collect();
    let runtimes: Vec<&str> = Runtime::ALL.into_iter().filter_map(Document::about).map(|about| about.name).collect();
    format!(
        "\
tool-policy: typed built-in tool policies for agent runtimes ({})

usage:
{}

--strict turns every warning (an unknown built-in name, a near-miss `kind`, a legacy
alias, a lint) into an error at the same place. --allow LINT (repeatable) silences one
lint: {}.

Run `tool-policy <command> --help` for one command.
Exit codes: 0 valid, 1 invalid (one `<pointer>: <message>` line per error on stderr),
2 usage, unreadable file or not JSON.",
        runtimes.join(", "),
        lines.join("\n"),
        Lint::NAMES.join(", ")
    )
}

/// What went wrong with a command as a whole.
enum Failure {
    /// Exit 1: the document breaks rules (already printed).
    Invalid,
    /// Exit 2: usage, I/O or not JSON, with the message to print.
    Usage(String),
    /// Exit 2, with every message already printed.
    Unreadable,
    /// Exit 2: the gate refuses a call, why on one line.
    Refused(String),
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Invalid) => ExitCode::from(1),
        Err(Failure::Usage(message)) => {
            say!("tool-policy: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Unreadable) => ExitCode::from(2),
        Err(Failure::Refused(reason)) => {
            say!("{reason}");
            ExitCode::from(2)
        }
    }
}

struct Args {
    runtime: Runtime,
    options: Options,
    positional: Vec<String>,
    help: bool,
    json: bool,
    host: Host,
    /// `--policy-file PATH`: where the host writes the policy file a runtime is passed.
    policy_file: Option<String>,
    /// `--agent NAME`: the agent `explain` answers for.
    agent: Option<String>,
    /// `--gate COMMAND`: the command the hook `resolve` writes runs.
    gate: Option<String>,
}

fn run() -> Result<(), Failure> {
    let mut words = std::env::args_os()
        .skip(1)
        .map(|word| word.into_string().map_err(|word| Failure::Usage(format!("the argument {word:?} is not UTF-8"))));
    let command = match words.next().transpose()?.as_deref() {
        Some("--help" | "-h") => return print(&usage()),
        Some("--version" | "-V") => return print(&format!("tool-policy {}", env!("CARGO_PKG_VERSION"))),
        Some(command) if !command.starts_with('-') || command == "-" => command.to_owned(),
        Some(other) => return Err(Failure::Usage(format!("unexpected option `{}`\n\n{}", Shown(other), usage()))),
        None => return Err(Failure::Usage(format!("missing command\n\n{}", usage()))),
    };
    // The gate's every failure reaches the runtime as its refusal: one line, exit 2.
    let result = command_run(&command, words);
    match result {
        Err(Failure::Usage(message)) if command == "gate" => {
            let first = message.lines().next().unwrap_or_default();
            Err(Failure::Refused(unjudged(first)))
        }
        other => other,
    }
}

/// Runs `command` with the words after it.
fn command_run(command: &str, words: impl Iterator<Item = Result<String, Failure>>) -> Result<(), Failure> {
    let args = args(words)?;
    let Some(known) = COMMANDS.iter().find(|known| known.name == command) else {
        let hint = tool_policy::did_you_mean(command, COMMANDS.iter().map(|known| known.name))
            .map(|c| format!(" (did you mean `{c}`?)"))
            .unwrap_or_default();
        return Err(Failure::Usage(format!("unknown command `{}`{hint}\n\n{}", Shown(command), usage())));
    };
    if args.help {
        return print(&known.help());
    }
    let (min, max) = known.operands;
    if args.positional.len() < min || args.positional.len() > max {
        return Err(Failure::Usage(format!("wrong number of arguments\n\n{}", known.help())));
    }
    options_apply(&args, command)?;
    match command {
        "resolve" => resolve(&args, args.positional.first().map_or("-", String::as_str)),
        "check" => check(&args, &args.positional),
        "explain" => explain(&args, &args.positional[0], &args.positional[1..]),
        "diff" => diff(&args, &args.positional[0], &args.positional[1]),
        "attest" => attest(&args, &args.positional[0], &args.positional[1]),
        "gate" => gate(&args, &args.positional[0]),
        _ => print(tool_policy::schema::SCHEMA.trim_end()),
    }
}

/// A command's options and operands: `--runtime NAME` (`--runtime=NAME`, `-r NAME`),
/// `--strict`, `--help` (`-h`); `-` is an operand (standard input), and `--` ends the options.
fn args(mut words: impl Iterator<Item = Result<String, Failure>>) -> Result<Args, Failure> {
    let mut args = Args {
        runtime: Runtime::DEFAULT,
        options: Options::default(),
        positional: Vec::new(),
        help: false,
        json: false,
        host: Host::default(),
        policy_file: None,
        agent: None,
        gate: None,
    };
    let mut options_end = false;
    while let Some(word) = words.next().transpose()? {
        let (option, inline) = match word.split_once('=') {
            Some((option, value)) if option.starts_with("--") => (option, Some(value.to_owned())),
            _ => (word.as_str(), None),
        };
        match option {
            _ if options_end || !option.starts_with('-') || option == "-" => args.positional.push(word.clone()),
            "--" => options_end = true,
            "--runtime" | "-r" => {
                let name = value(option, inline, &mut words)?;
                args.runtime = name.parse().map_err(|error: Error| Failure::Usage(error.to_string()))?;
            }
            "--strict" if inline.is_none() => args.options.strict = true,
            "--allow" => {
                let lint: Lint = value(option, inline, &mut words)?
                    .parse()
                    .map_err(|error: Error| Failure::Usage(error.to_string()))?;
                args.options = args.options.allow(lint);
            }
            "--help" | "-h" if inline.is_none() => args.help = true,
            "--json" if inline.is_none() => args.json = true,
            "--custom" | "--override" => {
                let value = value(option, inline, &mut words)?;
                if option == "--override" {
                    args.host.builtin_overrides.push(value.clone());
                }
                args.host.custom_tools.push(value);
            }
            "--policy-file" => args.policy_file = Some(value(option, inline, &mut words)?),
            "--agent" => args.agent = Some(value(option, inline, &mut words)?),
            "--gate" => args.gate = Some(value(option, inline, &mut words)?),
            "--mcp-server" => {
                let value = value(option, inline, &mut words)?;
                args.host.mcp_servers.get_or_insert_with(Vec::new).push(value);
            }
            _ => return Err(Failure::Usage(format!("unexpected option `{}`", Shown(&word)))),
        }
    }
    Ok(args)
}

/// Every option applies to the command and the runtime it is given for, and the host's
/// declarations are what the runtime can take: else the option would change nothing, or talk
/// a built-in into "custom".
fn options_apply(args: &Args, command: &str) -> Result<(), Failure> {
    let host = &args.host;
    let refused = |message: String| Err(Failure::Usage(message));
    if args.json && command != "diff" {
        return refused(String::from("--json applies to `diff` only"));
    }
    if args.agent.is_some() && command != "explain" {
        return refused(String::from("--agent applies to `explain` only"));
    }
    let about = Document::about(args.runtime);
    let reads = about.map_or(HostOptions::NONE, |about| about.host_options);
    for (option, given, homes) in host_options(args) {
        if given && !homes.iter().any(|(home, takes)| *home == command && takes(&reads)) {
            let pairs: Vec<String> = homes
                .iter()
                .flat_map(|(home, takes)| {
                    let readers = Runtime::ALL
                        .into_iter()
                        .filter(|r| Document::about(*r).is_some_and(|a| takes(&a.host_options)));
                    readers.map(move |runtime| format!("`{home} --runtime {runtime}`"))
                })
                .collect();
            return refused(format!("{option} to {} only", pairs.join(" or ")));
        }
    }
    match about.and_then(|about| (about.refuse_host)(host)) {
        Some(message) => refused(message),
        None => Ok(()),
    }
}

/// Which of the host's options a runtime reads: `(option, whether given, [(command, read)])`.
type HostOption = (&'static str, bool, &'static [(&'static str, fn(&HostOptions) -> bool)]);

/// The host's options, each with whether it was given and the commands and runtimes that
/// read it.
fn host_options(args: &Args) -> [HostOption; 4] {
    [
        ("--gate applies", args.gate.is_some(), &[("resolve", |reads| reads.gate)]),
        ("--policy-file applies", args.policy_file.is_some(), &[("resolve", |reads| reads.policy_file)]),
        (
            "--mcp-server applies",
            args.host.mcp_servers.is_some(),
            &[("resolve", |reads| reads.resolve_mcp_servers), ("attest", |reads| reads.attest_mcp_servers)],
        ),
        (
            "--custom and --override apply",
            !args.host.custom_tools.is_empty(),
            &[("attest", |reads| reads.custom_tools)],
        ),
    ]
}

/// An option's value: after its `=`, or the next word.
fn value(
    option: &str,
    inline: Option<String>,
    words: &mut impl Iterator<Item = Result<String, Failure>>,
) -> Result<String, Failure> {
    let value = match inline {
        Some(value) => value,
        None => {
            words.next().transpose()?.ok_or_else(|| Failure::Usage(format!("missing value for option `{option}`")))?
        }
    };
    // Every value names something (a lint, a file, an agent, a tool, a server): an empty one
    // would name nothing, and a check that names nothing passes.
    if value.is_empty() {
        return Err(Failure::Usage(format!("empty value for option `{option}`")));
    }
    Ok(value)
}

fn print(text: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}").map_err(|e| Failure::Usage(format!("cannot write the output: {e}")))
}

/// Every error of a report, one `<input>: <pointer>: <message>` line each, then how many
/// more there were.
fn report_errors(name: &str, report: &Report) {
    for error in &report.errors {
        say!("{name}: {error}");
    }
    if report.omitted_errors > 0 {
        say!("{name}: {} more errors not shown", report.omitted_errors);
    }
}

/// The name of an input in messages, escaped and whole, so that two paths never print alike.
fn input_name(path: &str) -> String {
    if path == "-" { String::from("standard input") } else { Escaped(path).to_string() }
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
    let name = input_name(path);
    read.map_err(|e| Failure::Usage(format!("cannot read {name}: {e}")))?;
    if bytes.len() > MAX_DOCUMENT_BYTES {
        return Ok(Err(Error::DocumentTooLarge { size: bytes.len(), limit: MAX_DOCUMENT_BYTES }.into()));
    }
    String::from_utf8(bytes).map(Ok).map_err(|_| Failure::Usage(format!("{name} is not UTF-8 text")))
}

/// Reads `path` as a document for the runtime; `Ok(Err(report))` for an invalid document.
fn load(args: &Args, path: &str) -> Result<Result<Document, Report>, Failure> {
    match read(path)?.and_then(|text| Document::load(args.runtime, &text, args.options)) {
        Ok(document) => Ok(Ok(document)),
        Err(LoadError::Invalid(report)) => Ok(Err(report)),
        Err(error) => Err(Failure::Usage(format!("{} is {error}", input_name(path)))),
    }
}

/// A document's warnings on stderr, one line each, and how many more there were.
fn print_warnings(prefix: &str, document: &Document) {
    for warning in document.warnings() {
        say!("{prefix}warning: {warning}");
    }
    if document.omitted_warnings() > 0 {
        say!("{prefix}warning: {} more warnings not shown", document.omitted_warnings());
    }
}

/// Reads one document for `resolve` or `explain`: errors on stderr, warnings after.
fn load_one(args: &Args, path: &str) -> Result<Document, Failure> {
    match load(args, path)? {
        Ok(document) => {
            print_warnings("", &document);
            Ok(document)
        }
        Err(report) => {
            say!("{report}");
            Err(Failure::Invalid)
        }
    }
}

fn resolve(args: &Args, path: &str) -> Result<(), Failure> {
    let document = load_one(args, path)?;
    let output = args.policy_file.clone().map_or_else(Output::default, Output::policy_file);
    let output = output.with_mcp_servers(args.host.mcp_servers.iter().flatten().cloned());
    let output = match &args.gate {
        Some(command) => output.with_gate(command.clone()),
        None => output,
    };
    let resolved = document.resolved(&output).map_err(|error| {
        say!("{}: {error}", input_name(path));
        Failure::Invalid
    })?;
    print(&to_json_pretty(&resolved).map_err(|e| Failure::Usage(e.to_string()))?)
}

fn check(args: &Args, paths: &[String]) -> Result<(), Failure> {
    let mut worst: Option<Failure> = None;
    for path in paths {
        let name = input_name(path);
        match load(args, path) {
            Ok(Ok(document)) => {
                print(&format!("{name}: ok"))?;
                print_warnings(&format!("{name}: "), &document);
            }
            Ok(Err(report)) => {
                print(&format!("{name}: invalid"))?;
                report_errors(&name, &report);
                if worst.is_none() {
                    worst = Some(Failure::Invalid);
                }
            }
            Err(Failure::Usage(message)) => {
                say!("tool-policy: {message}");
                worst = Some(Failure::Unreadable);
            }
            Err(failure) => worst = Some(failure),
        }
    }
    worst.map_or(Ok(()), Err)
}

fn explain(args: &Args, path: &str, tools: &[String]) -> Result<(), Failure> {
    let document = load_one(args, path)?;
    let explanation = document.explain(tools, args.agent.as_deref(), args.options).map_err(|error| match error {
        Error::UnknownAgent { .. } => Failure::Usage(format!("{error} in {}", input_name(path))),
        error => Failure::Usage(error.to_string()),
    })?;
    for warning in &explanation.warnings {
        say!("warning: {warning}");
    }
    for refused in &explanation.refused {
        say!("{refused}");
    }
    for line in &explanation.lines {
        print(line)?;
    }
    if explanation.refused.is_empty() { Ok(()) } else { Err(Failure::Invalid) }
}

/// `gate`: exit 0 (printing the runtime's empty answer, if any) for a call the policy
/// permits; exit 2, one line on stderr, for anything else, a policy that does not load
/// included.
fn gate(args: &Args, policy: &str) -> Result<(), Failure> {
    let refused = |why: String| Failure::Refused(unjudged(why));
    if policy == "-" {
        return Err(refused(String::from("POLICY must be a file: standard input carries the hook payload")));
    }
    let document = match load(args, policy) {
        Ok(Ok(document)) => document,
        Ok(Err(report)) => {
            let first = report.errors.first().map(ToString::to_string).unwrap_or_default();
            let more = (report.errors.len() + report.omitted_errors).saturating_sub(1);
            let more = if more > 0 { format!(" (and {more} more errors)") } else { String::new() };
            return Err(refused(format!("the policy {} is invalid: {first}{more}", input_name(policy))));
        }
        Err(Failure::Usage(message)) => return Err(refused(message)),
        Err(_) => return Err(refused(format!("the policy {} cannot be read", input_name(policy)))),
    };
    let payload = match read("-")? {
        Ok(payload) => payload,
        Err(error) => return Err(refused(format!("the hook payload is {error}"))),
    };
    match document.gate(&payload) {
        GateAnswer::Permit => Ok(()),
        GateAnswer::Refuse(reason) => Err(Failure::Refused(reason)),
        _ => Err(refused(String::from("no answer"))),
    }
}

/// `diff`: exit 0 when nothing changes, 1 when something does, 2 on trouble (an invalid
/// document included, as for `diff`).
fn diff(args: &Args, old: &str, new: &str) -> Result<(), Failure> {
    let read = |path: &str| {
        let name = input_name(path);
        match load(args, path)? {
            Ok(document) => {
                print_warnings(&format!("{name}: "), &document);
                Ok(document)
            }
            Err(report) => {
                report_errors(&name, &report);
                Err(Failure::Unreadable)
            }
        }
    };
    let (old, new) = (read(old)?, read(new)?);
    let Some(changes) = old.diff(&new) else {
        return Err(Failure::Usage(String::from("the two documents are for different runtimes")));
    };
    if args.json {
        print(&to_json_pretty(changes.changes()).map_err(|e| Failure::Usage(e.to_string()))?)?;
    } else if !changes.is_empty() {
        print(changes.to_string().trim_end())?;
    }
    if changes.is_empty() { Ok(()) } else { Err(Failure::Invalid) }
}

/// `attest`: exit 0 attested, 1 violations, 2 on trouble or nothing to attest.
fn attest(args: &Args, policy: &str, observed: &str) -> Result<(), Failure> {
    let document = match load_one(args, policy) {
        Err(Failure::Invalid) => return Err(Failure::Unreadable),
        other => other?,
    };
    let text = match read(observed)? {
        Ok(text) => text,
        Err(error) => return Err(Failure::Usage(format!("{} is {error}", input_name(observed)))),
    };
    let attestation = match document.attest(&text, &args.host, args.options.strict) {
        Ok(attestation) => attestation,
        Err(AttestError::Observed(LoadError::Invalid(report))) => {
            report_errors(&input_name(observed), &report);
            return Err(Failure::Unreadable);
        }
        Err(AttestError::Observed(error)) => {
            return Err(Failure::Usage(format!("{} is {error}", input_name(observed))));
        }
        Err(AttestError::Refused(error)) => return Err(Failure::Usage(error.to_string())),
        Err(_) => return Err(Failure::Unreadable),
    };
    for remark in attestation.remarks() {
        say!("{remark}");
    }
    if attestation.is_attested() {
        print(&attestation.to_string())
    } else {
        say!("{attestation}");
        Err(Failure::Invalid)
    }
}
