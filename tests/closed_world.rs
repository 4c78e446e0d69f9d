//! Reading is closed-world (SPEC §6): a key that only reads as one that governs tools, and a
//! policy in the wrong place, are errors at their pointer, in every mode, through the library
//! and the CLI alike; the keys a form passes through to the host still pass.

use std::io::Write;
use std::process::{Command, Stdio};

use tool_policy::claude::load_claude_code_with;
use tool_policy::json::{LoadError, Options, load_with};

/// Strict mode, less the `agent-inherits-mcp` lint: the documents here give agents no lists
/// to hold where a key is read, which that lint (tests/mcp.rs) is about, not reading.
fn strict() -> Options {
    Options::STRICT.allow(tool_policy::Lint::AgentInheritsMcp)
}

/// The pointers of every error, strict or not (both must refuse, at the same places).
fn refused(load: fn(&str, Options) -> Result<(), LoadError>, text: &str) -> Vec<String> {
    let mut seen = Vec::new();
    for options in [Options::LENIENT, strict()] {
        match load(text, options) {
            Err(LoadError::Invalid(report)) => {
                seen.push(report.errors.into_iter().map(|e| e.pointer).collect::<Vec<_>>());
            }
            other => panic!("must be refused ({options:?}): {text}\n{other:?}"),
        }
    }
    assert_eq!(seen[0], seen[1], "strict and lenient refuse at the same places: {text}");
    seen.swap_remove(0)
}

fn copilot(text: &str, options: Options) -> Result<(), LoadError> {
    load_with(text, options).map(drop)
}

fn claude(text: &str, options: Options) -> Result<(), LoadError> {
    load_claude_code_with(text, options).map(drop)
}

/// The CLI's exit code for `check`, with and without `--strict`.
fn check_exit(runtime: &str, text: &str) -> [i32; 2] {
    [false, true].map(|strict| {
        let mut args = vec!["check", "--runtime", runtime];
        if strict {
            args.push("--strict");
        }
        args.push("-");
        let mut child = Command::new(env!("CARGO_BIN_EXE_tool-policy"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
        child.wait().unwrap().code().unwrap()
    })
}

const ENTRY: &str = r#""excluded-tools": {"tools": ["*"]}"#;

#[test]
fn policy_keys_at_a_definitions_top_level_are_refused() {
    let text = r#"{"tools": [], "kind": "github-cli-builtin-tools", "client-mode": "empty",
                   "available-tools": {"tools": ["mcp:*"]}}"#;
    assert_eq!(refused(copilot, text), ["/kind", "/client-mode", "/available-tools"]);
    assert_eq!(refused(copilot, r#"{"tools": [], "excludedTools": {"tools": ["*"]}}"#), ["/excludedTools"]);
    assert_eq!(check_exit("copilot", text), [1, 1]);
}

#[test]
fn a_tools_item_with_policy_keys_needs_the_exact_kind() {
    for kind_key in [
        "Kind",
        "kind ",
        " kind ",
        "KIND",
        "k\u{200b}ind",
        "k\u{200b}i\u{200c}n\u{200d}d",
        "\u{41a}\u{406}\u{41d}\u{501}",
        "k\u{456}nd",
        "\u{ff4b}ind",
        "kinds",
    ] {
        let text = format!(r#"{{"tools": [{{"{kind_key}": "github-cli-builtin-tools", {ENTRY}}}]}}"#);
        let escaped = kind_key.replace('~', "~0");
        let pointers = refused(copilot, &text);
        assert!(pointers.contains(&format!("/tools/0/{escaped}")), "{kind_key:?}: {pointers:?}");
        assert!(pointers.contains(&String::from("/tools/0")), "{kind_key:?}: {pointers:?}");
    }
    for kind in ["", r#""kind": "github-cli-builtin-tool", "#] {
        let text = format!(r#"{{"tools": [{{{kind}{ENTRY}}}]}}"#);
        assert_eq!(refused(copilot, &text), ["/tools/0"], "{text}");
    }
    // A kind of another JSON type is an error of its own too.
    for kind in [r#""kind": null, "#, r#""kind": ["github-cli-builtin-tools"], "#] {
        let text = format!(r#"{{"tools": [{{{kind}{ENTRY}}}]}}"#);
        assert_eq!(refused(copilot, &text), ["/tools/0/kind", "/tools/0"], "{text}");
    }
    assert_eq!(refused(copilot, r#"{"tools": [{"kind": 7, "name": "f"}]}"#), ["/tools/0/kind"]);
    let near_policy_key = r#"{"tools": [{"kind": "mcp", "Excluded_Tools": {"tools": ["*"]}}]}"#;
    assert_eq!(refused(copilot, near_policy_key), ["/tools/0"]);
}

#[test]
fn a_policy_nested_in_another_tools_fields_is_refused() {
    let text =
        format!(r#"{{"tools": [{{"kind": "mcp", "config": [{{"kind": "github-cli-builtin-tools", {ENTRY}}}]}}]}}"#);
    assert_eq!(refused(copilot, &text), ["/tools/0/config/0"]);
    let near = r#"{"tools": [{"kind": "function", "x": {"y": {"kind": "GitHub-CLI-Builtin-Tools"}}}]}"#;
    assert_eq!(refused(copilot, near), ["/tools/0/x/y"]);
    // Nor in the definition's own fields, nor in a custom agent's.
    let own = format!(r#"{{"tools": [], "model": {{"kind": "github-cli-builtin-tools", {ENTRY}}}}}"#);
    assert_eq!(refused(copilot, &own), ["/model"]);
    let agent = format!(
        r#"{{"tools": [], "customAgents": [{{"name": "a", "extra": [{{"kind": "github-cli-builtin-tools", {ENTRY}}}]}}]}}"#
    );
    assert_eq!(refused(copilot, &agent), ["/customAgents/0/extra/0"]);
    let binding = format!(
        r#"{{"kind": "github-cli-builtin-tools", "bindings": [{{"x": {{"kind": "github-cli-builtin-tools", {ENTRY}}}}}]}}"#
    );
    assert_eq!(refused(copilot, &binding), ["/bindings/0/x"]);
    let default = format!(
        r#"{{"tools": [], "defaultAgent": {{"excludedTools": [], "note": {{"kind": "github-cli-builtin-tools", {ENTRY}}}}}}}"#
    );
    assert_eq!(refused(copilot, &default), ["/defaultAgent/note"]);
}

#[test]
fn near_miss_keys_of_agents_are_refused() {
    let cases = [
        (r#"{"tools": [], "customAgents": [{"name": "a", "Tools": []}]}"#, "/customAgents/0/Tools"),
        (r#"{"tools": [], "customAgents": [{"name": "a", "tools ": []}]}"#, "/customAgents/0/tools "),
        (r#"{"tools": [], "CustomAgents": [{"name": "a", "tools": []}]}"#, "/CustomAgents"),
        (r#"{"tools": [], "defaultagent": {"excludedTools": ["x"]}}"#, "/defaultagent"),
        (
            r#"{"tools": [], "defaultAgent": {"excludedTools": ["x"], "excludedtools": ["y"]}}"#,
            "/defaultAgent/excludedtools",
        ),
        (r#"{"Tools": [], "tools": []}"#, "/Tools"),
        // Filters a custom agent does not have: the SDK drops them and the agent keeps every tool.
        (
            r#"{"tools": [], "customAgents": [{"name": "a", "excludedTools": ["bash"]}]}"#,
            "/customAgents/0/excludedTools",
        ),
        (r#"{"tools": [], "customAgents": [{"name": "a", "availableTools": []}]}"#, "/customAgents/0/availableTools"),
        (
            r#"{"tools": [], "customAgents": [{"name": "a", "disallowedTools": ["x"]}]}"#,
            "/customAgents/0/disallowedTools",
        ),
        (
            r#"{"tools": [], "customAgents": [{"name": "a", "excluded-tools": ["x"]}]}"#,
            "/customAgents/0/excluded-tools",
        ),
        (r#"{"tools": [], "defaultAgent": {"tools": ["view"]}}"#, "/defaultAgent/tools"),
        (
            r#"{"tools": [], "defaultAgent": {"excludedTools": [], "availableTools": ["view"]}}"#,
            "/defaultAgent/availableTools",
        ),
    ];
    for (text, pointer) in cases {
        assert_eq!(refused(copilot, text), [pointer], "{text}");
        assert_eq!(check_exit("copilot", text), [1, 1], "{text}");
    }
    let Err(LoadError::Invalid(report)) =
        load_with(r#"{"tools": [], "defaultAgent": {"tools": ["view"]}}"#, Options::LENIENT)
    else {
        panic!("refused")
    };
    assert_eq!(
        report.errors[0].item.to_string(),
        "`tools` is no filter of the default agent: the SDK drops it, so it restricts nothing; its filter is `excludedTools`"
    );
    // Without its exact `name` the agent is refused twice over: the near miss, and no name.
    let name = r#"{"tools": [], "customAgents": [{"Name": "a", "tools": []}]}"#;
    assert_eq!(refused(copilot, name), ["/customAgents/0/Name", "/customAgents/0"]);
}

#[test]
fn near_miss_selection_keys_beside_a_holder_are_refused() {
    for key in ["onyl", "Only", "dsable", "disable ", "builtin_tool", "builtinTools"] {
        let text = format!(r#"{{"builtin_tools": null, "{key}": ["Bash"]}}"#);
        assert_eq!(refused(claude, &text), [format!("/{key}")], "{text}");
        assert_eq!(check_exit("claude-code", &text), [1, 1], "{text}");
    }
}

#[test]
fn another_runtimes_policy_is_refused() {
    // A Claude Code or Gemini CLI holder at a Copilot definition's top level.
    for key in ["builtin_tools", "builtinTools", "Builtin_Tools"] {
        let text = format!(r#"{{"name": "a", "tools": [], "{key}": {{"disable": "*"}}}}"#);
        assert_eq!(refused(copilot, &text), [format!("/{key}")], "{text}");
        assert_eq!(check_exit("copilot", &text), [1, 1], "{text}");
    }
    let Err(LoadError::Invalid(report)) = load_with(r#"{"tools": [], "builtin_tools": null}"#, Options::LENIENT) else {
        panic!("refused")
    };
    assert_eq!(
        report.errors[0].item.to_string(),
        "`builtin_tools` belongs to a Claude Code or Gemini CLI selection; Copilot CLI never receives it from this document, so it restricts nothing: remove it"
    );
    // A Copilot entry's keys beside a selection holder.
    for key in ["available-tools", "excluded-tools", "client-mode", "excludedTools", "Available_Tools"] {
        let text = format!(r#"{{"builtin_tools": {{"only": ["Read"]}}, "{key}": {{"tools": ["Bash"]}}}}"#);
        assert_eq!(refused(claude, &text), [format!("/{key}")], "{text}");
        assert_eq!(check_exit("claude-code", &text), [1, 1], "{text}");
        let gemini = text.replace("Read", "read_file");
        assert_eq!(check_exit("gemini-cli", &gemini), [1, 1], "{gemini}");
    }
}

#[test]
fn the_runtimes_own_words_beside_a_holder_are_refused() {
    for holder in [r#"{"only": ["Read"]}"#, "null"] {
        for key in ["disallowedTools", "allowedTools", "tools", "Tools", "allowed_tools", "disallowed-tools"] {
            let text = format!(r#"{{"builtin_tools": {holder}, "{key}": ["Bash"]}}"#);
            assert_eq!(refused(claude, &text), [format!("/{key}")], "{text}");
            assert_eq!(check_exit("claude-code", &text), [1, 1], "{text}");
        }
    }
    for (key, value) in
        [("coreTools", r#"["read_file"]"#), ("excludeTools", "[]"), ("tools", r#"{"exclude": ["glob"]}"#)]
    {
        let text = format!(r#"{{"builtin_tools": {{"only": ["read_file"]}}, "{key}": {value}}}"#);
        assert_eq!(check_exit("gemini-cli", &text), [1, 1], "{text}");
    }
    let Err(LoadError::Invalid(report)) =
        load_claude_code_with(r#"{"builtin_tools": null, "disallowedTools": ["Bash"]}"#, Options::LENIENT)
    else {
        panic!("refused")
    };
    assert!(report.errors[0].item.to_string().contains("write the selection under `builtin_tools`"), "{report:?}");
}

#[test]
fn keys_the_forms_pass_through_still_pass() {
    let definition = r#"{"name": "a", "description": "d", "model": "m", "instructions": "i",
        "tools": [{"kind": "mcp", "name": "srv", "description": "x", "parameters": {"kind": "object"}},
                  {"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash"]}}],
        "customAgents": [{"name": "r", "displayName": "R", "description": "d", "prompt": "p", "infer": true,
                          "mcpServers": {}, "tools": ["view"]}],
        "defaultAgent": {"excludedTools": ["view"], "note": "kept"}}"#;
    let loaded = load_with(definition, Options::LENIENT).unwrap();
    assert_eq!(loaded.other_tools().len(), 1);
    assert!(
        load_claude_code_with(
            r#"{"builtin_tools": {"only": ["Read"]}, "name": "step", "model": "m"}"#,
            Options::STRICT
        )
        .is_ok()
    );
}

/// `tool-policy attest` with files holding `policy` and `observed`: its exit code and stderr.
fn attest(args: &[&str], policy: &str, observed: &str) -> (i32, String) {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tool-policy-closed-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (policy_file, observed_file) = (dir.join("policy.json"), dir.join("observed.json"));
    std::fs::write(&policy_file, policy).unwrap();
    std::fs::write(&observed_file, observed).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_tool-policy"))
        .arg("attest")
        .args(args)
        .arg(&policy_file)
        .arg(&observed_file)
        .output()
        .unwrap();
    (output.status.code().unwrap(), String::from_utf8(output.stderr).unwrap())
}

const NO_BASH: &str = r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash"]}}"#;
const READER: &str = r#"{"only": ["Read"]}"#;
const CLAUDE: [&str; 2] = ["--runtime", "claude-code"];

#[test]
fn attestation_reads_what_the_runtime_reads() {
    // A repeated key anywhere in what the runtime reported is refused (exit 2), never read
    // one way.
    let repeated_subtype = "{\"type\":\"system\",\"subtype\":\"hook\",\"subtype\":\"init\",\"tools\":[\"Read\",\"Bash\"]}\n\
                            {\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\"]}\n";
    assert_eq!(attest(&CLAUDE, READER, repeated_subtype).0, 2);
    let repeated_deep = r#"{"tools":[{"name":"view","x":{"a":1,"a":2}}]}"#;
    assert_eq!(attest(&[], NO_BASH, repeated_deep).0, 2);
    // Every init of a transcript is attested: a restarted agent offering Bash is caught.
    let restarted = "{\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\"]}\n\
                     {\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\",\"Bash\"]}\n";
    let (code, stderr) = attest(&CLAUDE, READER, restarted);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("Bash: offered, but not permitted"), "{stderr}");
    // A result holding two tool lists is refused.
    let two_lists = r#"{"result":{"tools":[{"name":"view"}]},"tools":[{"name":"bash"}]}"#;
    assert_eq!(attest(&[], NO_BASH, two_lists).0, 2);
}

#[test]
fn a_host_cannot_talk_a_builtin_into_custom() {
    let offered = r#"{"tools":[{"name":"bash"},{"name":"view"}]}"#;
    let (code, stderr) = attest(&["--custom", "bash"], NO_BASH, offered);
    assert_eq!(code, 2, "a custom name of a built-in must be an override: {stderr}");
    assert!(stderr.contains("--override bash"), "{stderr}");
    // Declared as an override, the offered `bash` is the host's own tool.
    assert_eq!(attest(&["--override", "bash"], NO_BASH, offered).0, 0);
    // The library classifies the same way: without the override, `bash` is the built-in.
    let host = tool_policy::Host { custom_tools: vec!["bash".into()], ..Default::default() };
    let policy = load_with(NO_BASH, Options::LENIENT).unwrap().into_policy();
    let attestation = policy.attest(&[tool_policy::OfferedTool::new("bash")], &host, false);
    assert!(!attestation.is_attested(), "{attestation}");
}

#[test]
fn every_flag_applies_to_its_runtime() {
    let offered = r#"{"tools":[{"name":"view"}]}"#;
    assert_eq!(attest(&["--mcp-server", "srv"], NO_BASH, offered).0, 2);
    let init = "{\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\"]}\n";
    assert_eq!(attest(&["--runtime", "claude-code", "--custom", "lookup"], READER, init).0, 2);
    assert_eq!(attest(&["--runtime", "claude-code", "--mcp-server", "srv"], READER, init).0, 0);
    // A host flag outside `attest` would change nothing: refused.
    let output = Command::new(env!("CARGO_BIN_EXE_tool-policy"))
        .args(["check", "--custom", "lookup", "examples/agents/mcp-only.json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn an_offered_tool_without_a_proper_name_is_a_violation() {
    for name in ["", "ba sh", "bash\u{200b}", "view\n"] {
        let offered = serde_json::json!({"tools": [{"name": name}]}).to_string();
        let (code, stderr) = attest(&[], NO_BASH, &offered);
        assert_eq!(code, 1, "{name:?}: {stderr}");
        let init = serde_json::json!({"type": "system", "subtype": "init", "tools": [name]}).to_string();
        let (code, stderr) = attest(&CLAUDE, r#"{"disable": ["Bash"]}"#, &init);
        assert_eq!(code, 1, "{name:?}: {stderr}");
    }
}

/// `tool-policy check FILE` on `text` written at `path`: exit code and stderr.
fn check_file(path: &std::path::Path, text: &str) -> (i32, String) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_tool-policy")).arg("check").arg(path).output().unwrap();
    (output.status.code().unwrap(), String::from_utf8(output.stderr).unwrap())
}

#[test]
fn output_identifies_and_stays_bounded() {
    // Two long paths that share their first 80 characters are printed whole.
    let dir = std::env::temp_dir().join(format!("tool-policy-paths-{}", std::process::id()));
    let long = "a-directory-name-long-enough-that-two-files-share-their-first-eighty-characters";
    let path = dir.join(long).join("agent-one.json");
    let (code, stderr) = check_file(&path, r#"{"tools": [], "kind": "github-cli-builtin-tools"}"#);
    assert_eq!(code, 1);
    assert!(stderr.contains(&path.display().to_string()), "{stderr}");
    // Blank-looking, format and combining characters are escaped, never printed raw.
    for (raw, escaped) in
        [("\u{2800}", r"\u2800"), ("\u{600}", r"\u0600"), ("\u{1bca1}", r"\ud82f\udca1"), ("\u{301}", r"\u0301")]
    {
        let (code, stderr) =
            check_file(&dir.join("odd.json"), &format!(r#"{{"kind": "github-cli-builtin-tools", "x{raw}": 1}}"#));
        assert_eq!(code, 1);
        assert!(stderr.contains(escaped) && !stderr.contains(raw), "{escaped}: {stderr}");
    }
    // Errors are capped and the rest counted: 200,000 copies of a name print a bounded report.
    let names = vec!["bash"; 200_000];
    let hostile =
        serde_json::json!({"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": names}}).to_string();
    let (code, stderr) = check_file(&dir.join("hostile.json"), &hostile);
    assert_eq!(code, 1);
    let lines = stderr.lines().count();
    assert!(lines <= tool_policy::Report::MAX_ERRORS + 1, "{lines} lines");
    assert!(
        stderr.ends_with(&format!("{} more errors not shown\n", 199_999 - tool_policy::Report::MAX_ERRORS)),
        "{}",
        &stderr[stderr.len() - 200..]
    );
}

#[test]
fn near_miss_keys_in_what_the_runtime_reports_are_refused() {
    let reports = [
        (r#"{"Tools":[{"name":"bash"}],"tools":[]}"#, &[][..]),
        (r#"{"tools":[{"name":"view","Name":"bash"}]}"#, &[][..]),
        (r#"{"tools":[{"name":"echo-ping","mcpservername":"echo"}]}"#, &[][..]),
    ];
    for (report, args) in reports {
        assert_eq!(attest(args, NO_BASH, report).0, 2, "{report}");
    }
    let inits = [
        "{\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\"],\"Tools\":[\"Bash\"]}\n",
        "{\"type\":\"system\",\"Subtype\":\"init\",\"tools\":[\"Read\",\"Bash\"]}\n{\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\"]}\n",
    ];
    for init in inits {
        assert_eq!(attest(&CLAUDE, READER, init).0, 2, "{init}");
    }
    // The keys a report really holds still pass.
    // The keys of Claude Code 2.1.332's own `init` line, `agents` and `capabilities` among them.
    let real = "{\"type\":\"system\",\"subtype\":\"init\",\"cwd\":\"/w\",\"session_id\":\"s\",\"tools\":[\"Read\"],\"mcp_servers\":[],\"model\":\"m\",\"permissionMode\":\"default\",\"uuid\":\"u\",\"agents\":[\"Explore\"],\"capabilities\":[\"interrupt_receipt_v1\"],\"skills\":[],\"plugins\":[],\"slash_commands\":[],\"apiKeySource\":\"none\",\"output_style\":\"default\",\"memory_paths\":[],\"fast_mode_state\":\"off\"}\n\
                {\"type\":\"result\",\"subtype\":\"success\",\"usage\":{},\"result\":\"ok\"}\n";
    assert_eq!(attest(&CLAUDE, READER, real).0, 0);
    let metadata = r#"{"tools":[{"name":"view","description":"d","mcpServerName":null,"mcpToolName":null}]}"#;
    assert_eq!(attest(&[], NO_BASH, metadata).0, 0);
}

/// `word` written in each family of look-alikes the fold reads through: case, separators,
/// white space, invisible characters, accents, the compatibility forms (mathematical bold,
/// monospace, sans-serif; full-width) and letters of other scripts that show the same
/// (Cyrillic, Greek, Armenian, by Unicode's confusable skeleton).
fn look_alikes(word: &str) -> Vec<String> {
    let map = |f: &dyn Fn(char) -> Option<char>| word.chars().map(|c| f(c).unwrap_or(c)).collect::<String>();
    let offset = |base: u32| {
        move |c: char| c.is_ascii_lowercase().then(|| char::from_u32(base + (c as u32 - 'a' as u32)).unwrap())
    };
    let script = |from: &str, to: &str| {
        let pairs: Vec<(char, char)> = from.chars().zip(to.chars()).collect();
        map(&|c| pairs.iter().find(|(latin, _)| *latin == c).map(|(_, other)| *other))
    };
    let mut first = word.chars();
    let upper_first: String = first.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(first).collect();
    vec![
        upper_first,
        format!("{word} "),
        format!("{}\u{200b}{}", &word[..1], &word[1..]),
        format!("{}\u{301}{}", &word[..1], &word[1..]),
        map(&offset(0x1d41a)),        // mathematical bold
        map(&offset(0x1d68a)),        // mathematical monospace
        map(&offset(0x1d5ba)),        // mathematical sans-serif
        map(&offset(0xff41)),         // full-width
        script("aceopxy", "асеорху"), // Cyrillic
        script("oiv", "οιν"),         // Greek
        script("ouhs", "օսհѕ"),       // Armenian (and Cyrillic dze)
    ]
    .into_iter()
    .filter(|written| written != word)
    .collect()
}

#[test]
fn every_family_of_look_alikes_is_refused_where_a_key_governs() {
    type Load = fn(&str, Options) -> Result<(), LoadError>;
    type Document = fn(&str) -> String;
    let places: [(&str, Document, Load); 3] = [
        ("tools", |key| format!(r#"{{"tools": [], "customAgents": [{{"name": "a", "{key}": []}}]}}"#), copilot),
        ("excludedTools", |key| format!(r#"{{"tools": [], "defaultAgent": {{"{key}": ["x"]}}}}"#), copilot),
        (
            "disallowedTools",
            |key| {
                format!(
                    r#"{{"builtin_tools": {{"only": ["Read"]}}, "agents": {{"a": {{"description": "d", "prompt": "p", "{key}": ["Bash"]}}}}}}"#
                )
            },
            claude,
        ),
    ];
    for (exact, document, load) in places {
        let families = look_alikes(exact);
        assert!(families.len() >= 10, "{exact}: {families:?}");
        for key in families {
            let text = document(&key);
            assert!(!refused(load, &text).is_empty(), "{key:?} reads as {exact}");
        }
    }
}

#[test]
fn attestation_cannot_be_talked_into_attested() {
    // A tool marked as an MCP tool of a server with no name is not an MCP tool.
    let excludes_builtins = r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["builtin:*"]}}"#;
    let (code, stderr) = attest(&[], excludes_builtins, r#"{"tools":[{"name":"bash","mcpServerName":""}]}"#);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("bash: offered, but it is marked as an MCP tool of a server with an empty name"),
        "{stderr}"
    );
    // A Claude Code MCP name with an empty part names no tool of any server.
    for name in ["mcp__host__", "mcp__", "mcp____x", "mcp__host"] {
        let init = serde_json::json!({"type": "system", "subtype": "init", "tools": ["Read", name]}).to_string();
        let (code, stderr) = attest(&["--runtime", "claude-code", "--mcp-server", "host"], READER, &init);
        assert_eq!(code, 1, "{name}: {stderr}");
        assert!(stderr.contains("with an empty part"), "{name}: {stderr}");
    }
    // An option's value that names nothing checks nothing.
    let init = "{\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\",\"mcp__other__x\"]}\n";
    let (code, stderr) = attest(&["--runtime", "claude-code", "--mcp-server", ""], READER, init);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("empty value for option `--mcp-server`"), "{stderr}");
    // An init line whose `type` key only reads as `type` is refused, not skipped.
    let init = "{\"\u{442}ype\":\"system\",\"subtype\":\"init\",\"tools\":[\"Bash\"]}\n{\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\"]}\n";
    assert_eq!(attest(&CLAUDE, READER, init).0, 2);
    let init = "{\"\u{1d42d}\u{1d432}\u{1d429}\u{1d41e}\":\"system\",\"subtype\":\"init\",\"tools\":[\"Bash\"]}\n{\"type\":\"system\",\"subtype\":\"init\",\"tools\":[\"Read\"]}\n";
    assert_eq!(attest(&CLAUDE, READER, init).0, 2);
}

#[test]
fn attestation_output_is_capped_as_checks_is() {
    let tools: Vec<String> = (0..3000).map(|i| format!("tool{i}")).collect();
    let init = serde_json::json!({"type": "system", "subtype": "init", "tools": tools}).to_string();
    let (code, stderr) = attest(&CLAUDE, READER, &init);
    assert_eq!(code, 1);
    let violations = stderr.lines().filter(|line| line.contains(": offered, but")).count();
    assert_eq!(violations, tool_policy::Report::MAX_ERRORS, "{}", &stderr[..500]);
    assert!(stderr.contains(&format!("{} more violations not shown", 3000 - tool_policy::Report::MAX_ERRORS)));
    assert!(stderr.lines().count() < 110, "{} lines", stderr.lines().count());
}

#[test]
fn what_a_reader_passes_through_is_held_too() {
    // A repeated key inside a value passed through to the host: the runtime reads the last.
    let cases = [
        (r#"{"name": "x", "metadata": {"k": 1, "k": 2}, "tools": []}"#, "/metadata/k"),
        (
            r#"{"tools": [{"kind": "mcp", "name": "gh", "connection": {"command": "a", "command": "b"}}]}"#,
            "/tools/0/connection/command",
        ),
        (
            r#"{"tools": [], "customAgents": [{"name": "a", "x": {"y": [{"z": 1, "z": 2}]}}]}"#,
            "/customAgents/0/x/y/0/z",
        ),
    ];
    for (text, pointer) in cases {
        assert_eq!(refused(copilot, text), [pointer], "{text}");
    }
    let agent = |servers: &str| {
        format!(
            r#"{{"builtin_tools": {{"only": ["Read", "Agent"]}}, "agents": {{"a": {{"description": "d", "prompt": "p", "mcpServers": {servers}}}}}}}"#
        )
    };
    assert_eq!(
        refused(claude, &agent(r#"{"gh": {"command": "x", "command": "y"}}"#)),
        ["/agents/a/mcpServers/gh/command"]
    );
    // A policy nested in an agent's MCP servers restricts nothing.
    for key in ["builtin_tools", "builtinTools"] {
        let text = agent(&format!(r#"{{"gh": {{"command": "x", "{key}": {{"disable": "*"}}}}}}"#));
        assert_eq!(refused(claude, &text), [format!("/agents/a/mcpServers/gh/{key}")], "{text}");
    }
    let entry = agent(r#"{"gh": {"command": "x", "policy": {"kind": "github-cli-builtin-tools"}}}"#);
    assert_eq!(refused(claude, &entry), ["/agents/a/mcpServers/gh/policy"]);
}

#[test]
fn custom_agents_have_names_of_their_own() {
    let text = r#"{"tools": [], "customAgents": [{"name": "", "tools": ["view"]}, {"name": "a"}, {"name": "a", "tools": []}, {"name": " \t"}]}"#;
    assert_eq!(refused(copilot, text), ["/customAgents/0/name", "/customAgents/2/name", "/customAgents/3/name"]);
    assert_eq!(check_exit("copilot", text), [1, 1]);
    let Err(LoadError::Invalid(report)) = load_with(text, Options::LENIENT) else { panic!("refused") };
    assert!(
        report.errors[1].item.to_string().starts_with("custom agent `a` is already defined at index 1"),
        "{report:?}"
    );
}

/// A document of `runtime` with `key` (holding `1`) at the place named `place`, and how to
/// read it; `None` for a place this test does not know yet, which fails the test.
fn at_place(runtime: &str, place: &str, key: &str) -> Option<(String, Load)> {
    let key = serde_json::to_string(key).unwrap();
    let copilot_report = |text: &str, _: Options| tool_policy::json::read_copilot_tools(text).map(drop);
    let claude_init = |text: &str, _: Options| tool_policy::json::read_claude_init(text).map(drop);
    let gemini = |text: &str, options: Options| tool_policy::json::load_gemini_cli_with(text, options).map(drop);
    let opencode = |text: &str, options: Options| tool_policy::opencode::load_opencode_with(text, options).map(drop);
    let codex = |text: &str, options: Options| tool_policy::codex::load_codex_with(text, options).map(drop);
    let stored = |text: &str, _: Options| {
        let refused = |error: serde_json::Error| {
            let item = tool_policy::Located { pointer: error.to_string(), item: tool_policy::Error::MissingKind };
            LoadError::Invalid(tool_policy::Report { errors: vec![item], ..Default::default() })
        };
        serde_json::from_str::<tool_policy::ResolvedPolicy>(text).map(drop).map_err(refused)
    };
    Some(match (runtime, place) {
        ("Copilot CLI", "a Copilot agent definition") => (format!(r#"{{"tools": [], {key}: 1}}"#), copilot),
        (_, "a portable policy" | "a portable policy's `mcp_tools`") => {
            let load = match runtime {
                "Copilot CLI" => copilot,
                "Claude Code" => claude,
                "OpenCode" => opencode,
                "Codex CLI" => codex,
                _ => gemini,
            };
            let text = if place == "a portable policy" {
                format!(r#"{{"capabilities": {{"only": [], {key}: 1}}}}"#)
            } else {
                format!(r#"{{"capabilities": {{"only": [], "mcp_tools": {{"disable": [], {key}: 1}}}}}}"#)
            };
            (text, load)
        }
        ("Copilot CLI", "a Copilot tool entry of another kind") => {
            (format!(r#"{{"tools": [{{"kind": "mcp", {key}: 1}}]}}"#), copilot)
        }
        ("Copilot CLI", "a Copilot policy entry") => {
            (format!(r#"{{"kind": "github-cli-builtin-tools", {key}: 1}}"#), copilot)
        }
        ("Copilot CLI", "a Copilot resolved policy") => {
            (format!(r#"{{"clientMode": "copilot-cli", "toolFilterPrecedence": "excluded", {key}: 1}}"#), stored)
        }
        ("Copilot CLI", "a Copilot selector") => {
            (format!(r#"{{"kind": "github-cli-builtin-tools", "excluded-tools": {{"tools": [], {key}: 1}}}}"#), copilot)
        }
        ("Copilot CLI", "a value a Copilot definition passes through") => {
            (format!(r#"{{"tools": [], "model": {{"x": [{{{key}: 1}}]}}}}"#), copilot)
        }
        ("Copilot CLI", "a Copilot custom agent") => {
            (format!(r#"{{"tools": [], "customAgents": [{{"name": "a", {key}: 1}}]}}"#), copilot)
        }
        ("Copilot CLI", "a Copilot default agent") => {
            (format!(r#"{{"tools": [], "defaultAgent": {{"excludedTools": [], {key}: 1}}}}"#), copilot)
        }
        ("Copilot CLI", "a Copilot getCurrentMetadata result") => {
            (format!(r#"{{"tools": [], {key}: 1}}"#), copilot_report)
        }
        ("Copilot CLI", "a tool a Copilot session reports") => {
            (format!(r#"{{"tools": [{{"name": "view", {key}: 1}}]}}"#), copilot_report)
        }
        ("Claude Code", "a Claude Code selection holder") => {
            (format!(r#"{{"builtin_tools": null, {key}: 1}}"#), claude)
        }
        ("Claude Code", "a selection") => (format!(r#"{{"only": [], {key}: 1}}"#), claude),
        ("Claude Code", "a Claude Code custom agent") => (
            format!(r#"{{"builtin_tools": null, "agents": {{"a": {{"description": "d", "prompt": "p", {key}: 1}}}}}}"#),
            claude,
        ),
        ("Claude Code", "a value a Claude Code document passes through") => {
            (format!(r#"{{"builtin_tools": null, "step": {{"with": {{{key}: 1}}}}}}"#), claude)
        }
        ("Claude Code", "a Claude Code stream-json message") => {
            (format!(r#"{{"type": "system", "subtype": "init", "tools": [], {key}: 1}}"#), claude_init)
        }
        ("Claude Code", "a Claude Code assistant message") => {
            let init = r#"{"type": "system", "subtype": "init", "tools": []}"#;
            (format!(r#"{init}{}{{"type": "assistant", "message": {{"content": [], {key}: 1}}}}"#, "\n"), claude_init)
        }
        ("Claude Code", "a Claude Code content block") => {
            let init = r#"{"type": "system", "subtype": "init", "tools": []}"#;
            let block = format!(r#"{{"type": "tool_use", "name": "Read", {key}: 1}}"#);
            (format!(r#"{init}{}{{"type": "assistant", "message": {{"content": [{block}]}}}}"#, "\n"), claude_init)
        }
        ("Gemini CLI", "a Gemini CLI selection holder") => (format!(r#"{{"builtin_tools": null, {key}: 1}}"#), gemini),
        ("Gemini CLI", "a selection") => (format!(r#"{{"only": [], {key}: 1}}"#), gemini),
        ("Gemini CLI", "a value a Gemini CLI document passes through") => {
            (format!(r#"{{"builtin_tools": null, "step": [{{{key}: 1}}]}}"#), gemini)
        }
        ("OpenCode", "an OpenCode selection holder") => (format!(r#"{{"builtin_tools": null, {key}: 1}}"#), opencode),
        ("OpenCode", "a selection") => (format!(r#"{{"only": [], {key}: 1}}"#), opencode),
        ("OpenCode", "a value an OpenCode document passes through") => {
            (format!(r#"{{"builtin_tools": null, "step": [{{{key}: 1}}]}}"#), opencode)
        }
        ("Codex CLI", "a Codex CLI selection holder") => (format!(r#"{{"builtin_tools": null, {key}: 1}}"#), codex),
        ("Codex CLI", "a selection") => (format!(r#"{{"only": [], {key}: 1}}"#), codex),
        ("Codex CLI", "a value a Codex CLI document passes through") => {
            (format!(r#"{{"builtin_tools": null, "step": [{{{key}: 1}}]}}"#), codex)
        }
        _ => return None,
    })
}

type Load = fn(&str, Options) -> Result<(), LoadError>;

/// Every place of the closed-world table, every governing word of every runtime and front
/// door, and every key the place governs or refuses, in every family of look-alikes: each is
/// refused, strict or not, unless the place reads it or passes it through (then it passes),
/// and a key of the host's passes where the place passes keys through. A governing word
/// added to the one list is held here at every place with no other edit.
#[test]
fn every_place_of_the_table_refuses_every_look_alike() {
    use tool_policy::json::closed_world::{GOVERNING, Others, places};
    let mut checked = 0;
    for (runtime, place) in places() {
        let written = |key: &str| {
            at_place(runtime, place.name, key)
                .unwrap_or_else(|| panic!("write a document for {runtime}: {} in at_place", place.name))
        };
        let elsewhere = place.elsewhere.iter().flat_map(|e| e.keys.iter().copied());
        let words = GOVERNING.iter().map(|word| word.key);
        for key in words.clone().chain(elsewhere.clone()).filter(|key| !place.reads.contains(key)) {
            let (text, load) = written(key);
            if place.passes(key) {
                assert!(load(&text, strict()).is_ok(), "{runtime}: {} passes {key}", place.name);
            } else {
                assert!(!refused(load, &text).is_empty(), "{runtime}: {}: {key:?}", place.name);
            }
            checked += 1;
        }
        let families = words.chain(place.governing.iter().copied()).chain(elsewhere).flat_map(look_alikes);
        for key in families.filter(|key| !place.reads.contains(&key.as_str())) {
            let (text, load) = written(&key);
            assert!(!refused(load, &text).is_empty(), "{runtime}: {}: {key:?}", place.name);
            checked += 1;
        }
        let (text, load) = written("hostsOwnField");
        match place.others {
            Others::PassThrough => assert!(load(&text, strict()).is_ok(), "{runtime}: {}: {text}", place.name),
            Others::Refuse => assert!(!refused(load, &text).is_empty(), "{runtime}: {}", place.name),
        }
    }
    assert!(checked > 3000, "{checked} keys checked");
}

/// The one list is complete: every key some place of the table reads governs tools, unless
/// it is one of these, which name, describe or carry something else (a word read somewhere
/// and missing from the list would be refused nowhere else).
#[test]
fn every_key_a_place_reads_is_a_governing_word_or_says_why_not() {
    use tool_policy::json::closed_world::{GOVERNING, places};
    const NOT_GOVERNING: &[&str] = &[
        "kind",               // a tool item's kind: a policy entry is found by its value
        "name",               // an agent's or a tool's name
        "description",        // text
        "bindings",           // an entry's free bindings
        "prompt",             // an agent's text
        "model",              // a Claude Code agent's model
        "mcpServers",         // a Claude Code agent's servers: searched for policies as a passed value
        "type",               // a transcript message's kind
        "subtype",            // likewise
        "message",            // an assistant message's body
        "content",            // its blocks
        "parent_tool_use_id", // which call a message belongs to
        "result",             // a JSON-RPC response's result
        "mcpServerName",      // an offered tool's server
        "id",                 // a call's id, which a sub-agent's messages name
    ];
    for (runtime, place) in places() {
        for key in place.reads {
            assert!(
                GOVERNING.iter().any(|word| word.key == *key) || NOT_GOVERNING.contains(key),
                "{runtime}: {} reads `{key}`: add it to vocab::GOVERNING, or say here why it governs nothing",
                place.name
            );
        }
    }
}
