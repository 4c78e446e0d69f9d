//! Policies stored and read back: every value the macro, the builder and the JSON reader give
//! comes back equal through serde, and reading back is a front door like the others, refusing
//! what they refuse with the same messages.

use serde_json::json;
use tool_policy::json::load;
use tool_policy::{
    ClaudeCodeSelection, ClaudeTool, ClientMode, EMPTY_MODE_NEEDS_ALLOW_LIST, Policy, PolicyEntry, ResolvedPolicy,
    Runtime, Selector, Source, WireName, builtin_tools, copilot, wire,
};

const READER: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, only: ["Read", "Grep"] };
const NO_WEB: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, disable: ["WebFetch", "WebSearch"] };
const NOTHING: ClaudeCodeSelection = builtin_tools! { runtime: claude_code, disable: "*" };
const LOCKED: ResolvedPolicy =
    builtin_tools! { client_mode: empty, available_tools: ["mcp:*"], excluded_tools: isolated };
const REVIEW: ResolvedPolicy = builtin_tools! { available_tools: ["view", "grep"], excluded_tools: ["bash"] };

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let text = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&back, value, "{text}");
}

fn refused<T: serde::de::DeserializeOwned + std::fmt::Debug>(value: serde_json::Value) -> String {
    let shown = value.to_string();
    match serde_json::from_value::<T>(value) {
        Ok(read) => panic!("{shown} was read as {read:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn macro_builder_and_reader_values_come_back_equal() {
    for policy in [LOCKED, REVIEW, ResolvedPolicy::DEFAULT] {
        round_trip(&policy);
    }
    round_trip(
        &Policy::builder().client_mode_empty().available_isolated().excluded_tools([wire!("mcp:srv-x")]).build(),
    );
    round_trip(&Policy::builder().available_tools([copilot::VIEW]).build());
    for entry in std::fs::read_dir("examples/agents").unwrap() {
        let document = load(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap();
        round_trip(document.policy());
        round_trip(document.entry().unwrap());
    }
    for selection in
        [READER, NO_WEB, NOTHING, ClaudeCodeSelection::only([ClaudeTool::Agent]), ClaudeCodeSelection::disable([])]
    {
        round_trip(&selection);
    }
    round_trip(&ClaudeTool::PowerShell);
    round_trip(&WireName::mcp("odd.srv", "dotted.name"));
}

#[test]
fn a_selection_serializes_to_its_own_form() {
    assert_eq!(serde_json::to_string(&READER).unwrap(), r#"{"only":["Read","Grep"]}"#);
    assert_eq!(serde_json::to_string(&NOTHING).unwrap(), r#"{"disable":"*"}"#);
    assert_eq!(serde_json::to_string(&NO_WEB).unwrap(), r#"{"disable":["WebFetch","WebSearch"]}"#);
    assert_eq!(READER.args(), ["--tools=Read,Grep", "--strict-mcp-config"], "the argument form stays");
}

#[test]
fn reading_back_refuses_what_the_front_doors_refuse() {
    let empty = refused::<ResolvedPolicy>(json!({"clientMode": "empty", "toolFilterPrecedence": "excluded"}));
    assert!(empty.starts_with(EMPTY_MODE_NEEDS_ALLOW_LIST), "{empty}");
    let empty_list = refused::<ResolvedPolicy>(
        json!({"clientMode": "empty", "availableTools": [], "toolFilterPrecedence": "excluded"}),
    );
    assert!(empty_list.starts_with("empty client mode cannot take an empty allow-list"), "{empty_list}");
    let bare = refused::<ResolvedPolicy>(
        json!({"clientMode": "copilot-cli", "excludedTools": ["bash"], "toolFilterPrecedence": "excluded"}),
    );
    assert!(bare.contains("`bash` is bare"), "{bare}");
    let twice = refused::<ResolvedPolicy>(
        json!({"clientMode": "copilot-cli", "excludedTools": ["builtin:bash", "builtin:bash"], "toolFilterPrecedence": "excluded"}),
    );
    assert!(twice.contains("is listed twice"), "{twice}");
    let precedence =
        refused::<ResolvedPolicy>(json!({"clientMode": "copilot-cli", "toolFilterPrecedence": "available"}));
    assert!(precedence.contains("always sends `excluded`"), "{precedence}");
    let missing = refused::<ResolvedPolicy>(json!({"clientMode": "copilot-cli"}));
    assert!(missing.contains("toolFilterPrecedence"), "{missing}");
    let repeated = serde_json::from_str::<ResolvedPolicy>(
        r#"{"clientMode":"copilot-cli","excludedTools":["builtin:*"],"excludedTools":[],"toolFilterPrecedence":"excluded"}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(repeated.starts_with("`excludedTools` is given twice"), "{repeated}");
    // A stored form names its own keys, shown escaped like every pointer.
    let hostile = serde_json::from_str::<ResolvedPolicy>(
        "{\"clientMode\":\"copilot-cli\",\"availableTools\":[\"bash\"],\"x\\u001b[2J\":1,\"toolFilterPrecedence\":\"excluded\"}",
    )
    .unwrap_err()
    .to_string();
    assert!(hostile.contains("(at /availableTools/0)"), "{hostile}");
    assert!(hostile.contains(r"(at /x\u001b[2J)") && !hostile.contains('\u{1b}'), "{hostile}");

    let unknown = refused::<ClaudeCodeSelection>(json!({"only": ["Read", "Glob2"]}));
    assert!(unknown.contains("'Glob2' is not one of"), "{unknown}");
    let duplicate = refused::<ClaudeCodeSelection>(json!({"only": ["Agent", "Task"]}));
    assert!(duplicate.contains("`Agent` is listed twice"), "{duplicate}");
    assert!(refused::<ClaudeCodeSelection>(json!({"only": [], "disable": "*"})).contains("exactly one of"));
    assert!(refused::<ClaudeCodeSelection>(json!({"disable": "all"})).contains("`disable` takes"));
    assert!(refused::<ClaudeCodeSelection>(json!({})).contains("exactly one of"));
    assert!(refused::<ClaudeTool>(json!("Bogus")).contains("'Bogus' is not one of"));

    let kind = refused::<PolicyEntry>(json!({"kind": "github-cli-builtin-tool"}));
    assert!(kind.contains("did you mean `github-cli-builtin-tools`?"), "{kind}");
    assert!(refused::<PolicyEntry>(json!({"excluded-tools": {"tools": []}})).starts_with("no policy here"));
    let interlock = refused::<PolicyEntry>(json!({"kind": "github-cli-builtin-tools", "client-mode": "empty"}));
    assert!(interlock.contains(EMPTY_MODE_NEEDS_ALLOW_LIST), "{interlock}");
    let both = refused::<PolicyEntry>(
        json!({"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash", "builtin:bash"]}}),
    );
    assert!(both.contains("is listed twice"), "{both}");
    assert!(
        refused::<PolicyEntry>(json!({"kind": "github-cli-builtin-tools", "availableTools": {}}))
            .contains("did you mean `available-tools`?")
    );
    assert!(refused::<WireName>(json!("mpc:*")).contains("did you mean `mcp`?"));
}

#[test]
fn errors_work_with_the_question_mark() {
    fn build() -> Result<ResolvedPolicy, Box<dyn std::error::Error + Send + Sync + 'static>> {
        let entry = PolicyEntry::new(ClientMode::Empty, Some(Selector::Tools(vec![])), None)?;
        Ok(entry.resolve())
    }
    let error = build().unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("available-tools/tools: {}", tool_policy::EMPTY_MODE_EMPTY_ALLOW_LIST),
        "one line per error, with its place"
    );
    assert!(error.source().is_none());
    let twice = Policy::builder().excluded_tools([copilot::BASH, wire!("builtin:bash")]).try_build().unwrap_err();
    assert!(twice.to_string().starts_with("excluded-tools/tools/1: `builtin:bash` is listed twice"), "{twice}");
    let agent = tool_policy::subagents::AgentTools::parse(Some(&["builtin:view".to_owned()])).unwrap_err();
    assert!(agent.to_string().starts_with("item 0: `builtin:view` matches nothing"), "{agent}");
}

#[test]
fn names_parse_with_from_str() {
    assert_eq!("empty".parse::<ClientMode>(), Ok(ClientMode::Empty));
    assert!("Empty".parse::<ClientMode>().unwrap_err().to_string().contains("did you mean `empty`?"));
    assert_eq!("mcp".parse::<Source>(), Ok(Source::Mcp));
    assert!("mpc".parse::<Source>().unwrap_err().to_string().contains("did you mean `mcp`?"));
    assert_eq!("claude-code".parse::<Runtime>(), Ok(Runtime::ClaudeCode));
    assert_eq!("Task".parse::<ClaudeTool>(), Ok(ClaudeTool::Agent));
    assert_eq!("builtin:bash".parse::<WireName>().unwrap(), wire!("builtin:bash"));
}
