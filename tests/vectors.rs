//! Resolution vectors: the seed design's eight JSON examples and two recipes, the SPEC's own
//! examples, and every invalid shape of SPEC §1, through the JSON front door.

#![allow(clippy::needless_pass_by_value)] // helpers take `json!` values by value: the call sites read better

use serde_json::{Value, json};
use tool_policy::json::{LoadError, load};

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

fn resolve(entry: Value) -> Value {
    let text = entry.to_string();
    let loaded = load(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    serde_json::to_value(loaded.policy()).unwrap()
}

fn entry(fields: Value) -> Value {
    let mut entry = json!({"kind": "github-cli-builtin-tools"});
    entry.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
    entry
}

fn expect(mode: &str, available: Option<Value>, excluded: Option<Value>) -> Value {
    let mut out = json!({"clientMode": mode});
    if let Some(a) = available {
        out["availableTools"] = a;
    }
    if let Some(e) = excluded {
        out["excludedTools"] = e;
    }
    out["toolFilterPrecedence"] = json!("excluded");
    out
}

fn isolated_plus(extra: &[&str]) -> Value {
    json!(ISOLATED.iter().copied().chain(extra.iter().copied()).collect::<Vec<_>>())
}

#[test]
fn seed_examples() {
    let cases = [
        (json!({"available-tools": {"tools": ["*"]}}), expect("copilot-cli", None, None)),
        (
            json!({"available-tools": {"tools": ["read_agent", "list_agents"]}}),
            expect(
                "copilot-cli",
                Some(json!(["builtin:read_agent", "builtin:list_agents", "custom:*", "mcp:*"])),
                None,
            ),
        ),
        (
            json!({"available-tools": {"isolated": true}}),
            expect("copilot-cli", Some(isolated_plus(&["custom:*", "mcp:*"])), None),
        ),
        (json!({"available-tools": {"tools": []}}), expect("copilot-cli", Some(json!(["custom:*", "mcp:*"])), None)),
        (json!({"excluded-tools": {"tools": ["*"]}}), expect("copilot-cli", None, Some(json!(["builtin:*"])))),
        (json!({"excluded-tools": {"isolated": true}}), expect("copilot-cli", None, Some(isolated_plus(&[])))),
        (json!({"excluded-tools": {"tools": ["shell"]}}), expect("copilot-cli", None, Some(json!(["builtin:shell"])))),
        (
            json!({"available-tools": {"isolated": true}, "excluded-tools": {"tools": ["exit_plan_mode"]}}),
            expect("copilot-cli", Some(isolated_plus(&["custom:*", "mcp:*"])), Some(json!(["builtin:exit_plan_mode"]))),
        ),
    ];
    for (fields, expected) in cases {
        assert_eq!(resolve(entry(fields.clone())), expected, "{fields}");
    }
}

#[test]
fn seed_recipes() {
    assert_eq!(
        resolve(entry(json!({"available-tools": {"tools": ["mcp:*"]}}))),
        expect("copilot-cli", Some(json!(["mcp:*"])), None),
        "allow-list form: strictly MCP-only"
    );
    assert_eq!(
        resolve(entry(json!({"excluded-tools": {"tools": ["builtin:*"]}}))),
        expect("copilot-cli", None, Some(json!(["builtin:*"]))),
        "deny-list form: built-ins off, MCP and custom kept"
    );
    assert_eq!(
        resolve(entry(json!({"client-mode": "empty", "available-tools": {"tools": ["mcp:*"]}}))),
        expect("empty", Some(json!(["mcp:*"])), None),
        "locked-down"
    );
}

#[test]
fn spec_examples() {
    let available =
        |tools: Value| resolve(entry(json!({"available-tools": {"tools": tools}})))["availableTools"].clone();
    assert_eq!(available(json!(["mcp:*"])), json!(["mcp:*"]));
    assert_eq!(available(json!(["bash", "mcp:*"])), json!(["builtin:bash", "mcp:*"]));
    assert_eq!(available(json!(["builtin:bash"])), json!(["builtin:bash"]));
    assert_eq!(available(json!(["custom:*", "view"])), json!(["custom:*", "builtin:view"]));
    assert_eq!(
        resolve(entry(json!({"client-mode": "empty", "available-tools": {"tools": ["*"]}}))),
        expect("empty", Some(json!(["builtin:*", "custom:*", "mcp:*"])), None),
        "empty mode: [\"*\"] is not unset"
    );
    assert_eq!(
        resolve(entry(json!({"client-mode": "empty", "available-tools": {"isolated": true}}))),
        expect("empty", Some(isolated_plus(&["custom:*", "mcp:*"])), None)
    );
    assert_eq!(
        resolve(entry(json!({"excluded-tools": {"tools": []}}))),
        expect("copilot-cli", None, Some(json!([]))),
        "an empty deny-list stays set"
    );
    assert_eq!(
        resolve(entry(json!({"client-mode": "copilot-cli", "excluded-tools": {"tools": ["mcp:github-list_issues"]}}))),
        expect("copilot-cli", None, Some(json!(["mcp:github-list_issues"])))
    );
    assert_eq!(resolve(json!({"tools": []})), expect("copilot-cli", None, None), "no entry: defaults");
    assert_eq!(resolve(json!({"tools": []})), expect("copilot-cli", None, None), "a definition without an entry");
    assert!(load("{}").is_err(), "no `tools` and no `kind`: no policy where one is expected");
}

/// The pointers and messages of an invalid document.
fn invalid(document: Value) -> Vec<(String, String)> {
    match load(&document.to_string()) {
        Err(LoadError::Invalid(report)) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
        other => panic!("{document} should be invalid, got {other:?}"),
    }
}

#[test]
fn every_invalid_wire_name() {
    let cases = [
        ("", "must not be empty"),
        ("ba sh", "whitespace"),
        ("builtin:", "no name after the colon"),
        ("foo:bar", "unknown source `foo` in `foo:bar`; expected `builtin`, `custom` or `mcp`"),
        ("mpc:x", "(did you mean `mcp`?)"),
        ("mcp:a:b", "more than one colon"),
        (":x", "no source before the colon"),
        ("bash*", "`*` must be the whole name"),
        ("mcp:srv-*", "`*` must be the whole name"),
        ("bäsh", "non-ASCII"),
        ("a.b", "contains `.`"),
    ];
    for (name, message) in cases {
        let errors = invalid(
            json!({"tools": [{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["view", name]}}]}),
        );
        assert_eq!(errors.len(), 1, "{name:?}: {errors:?}");
        assert_eq!(errors[0].0, "/tools/0/available-tools/tools/1", "{name:?}");
        assert!(errors[0].1.contains(message), "{name:?}: {}", errors[0].1);
    }
}

#[test]
fn every_invalid_selector() {
    let cases = [
        (json!({}), "", "empty selector"),
        (json!({"tools": [], "isolated": true}), "", "not both"),
        (json!({"isolated": false}), "/isolated", "must be `true`"),
        (json!({"tools": ["x"], "extra": 1}), "/extra", "unknown key `extra`"),
        (
            json!({"tools": ["bash", "builtin:bash"]}),
            "/tools/1",
            "listed twice, as `bash` (item 0) and `builtin:bash` (item 1)",
        ),
        (json!({"tools": ["*", "builtin:*"]}), "/tools/1", "listed twice"),
        (json!({"tools": [1]}), "/tools/0", "expected a tool name string, found a number"),
        (json!({"tools": null}), "/tools", "found null"),
        (json!(["bash"]), "", "expected a selector object"),
    ];
    for (selector, pointer, message) in cases {
        for slot in ["available-tools", "excluded-tools"] {
            let errors = invalid(json!({"kind": "github-cli-builtin-tools", slot: selector}));
            assert_eq!(errors.len(), 1, "{selector}: {errors:?}");
            assert_eq!(errors[0].0, format!("/{slot}{pointer}"), "{selector}");
            assert!(errors[0].1.contains(message), "{selector}: {}", errors[0].1);
        }
    }
}

#[test]
fn entry_rules() {
    let errors = invalid(json!({"kind": "github-cli-builtin-tools", "availableTools": {"tools": []}}));
    assert_eq!(errors[0].0, "/availableTools");
    assert!(errors[0].1.ends_with("(did you mean `available-tools`?)"));
    let errors = invalid(json!({"kind": "github-cli-builtin-tools", "client-mode": "Empty"}));
    assert_eq!(
        errors[0],
        (
            "/client-mode".into(),
            "unknown client mode `Empty`; expected `copilot-cli` or `empty` (did you mean `empty`?)".into()
        )
    );
    let errors = invalid(json!({"kind": "github-cli-builtin-tools", "client-mode": "empty"}));
    assert_eq!(errors[0].0, "/client-mode");
    assert!(errors[0].1.starts_with("empty client mode needs an allow-list"));
    let errors =
        invalid(json!({"kind": "github-cli-builtin-tools", "client-mode": "empty", "available-tools": {"tools": []}}));
    assert_eq!(errors[0].0, "/available-tools/tools");
    assert!(errors[0].1.starts_with("empty client mode cannot take an empty allow-list"));
    let errors = invalid(json!({"tools": [
        {"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash"]}},
        {"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["view"]}}
    ]}));
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].0, "/tools/1");
}

#[test]
fn other_kinds_pass_through_untouched() {
    let document = json!({
        "name": "a",
        "model": {"id": "m"},
        "tools": [
            {"kind": "mcp", "name": "s", "allowedTools": ["x"], "connection": {"command": "c"}},
            {"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash"]}},
            {"kind": "function", "name": "f", "anything": [1, {"deep": true}]}
        ]
    });
    let loaded = load(&document.to_string()).unwrap();
    let others: Vec<Value> = loaded.other_tools().iter().map(|raw| serde_json::from_str(raw).unwrap()).collect();
    assert_eq!(others, [document["tools"][0].clone(), document["tools"][2].clone()]);
    assert_eq!(loaded.document(), document);
}

#[test]
fn custom_agents_are_checked_with_pointers() {
    let errors = invalid(json!({"tools": [], "customAgents": [
        {"name": "a", "tools": ["view", "builtin:view", "custom:my_tool", "mcp:probe-echo"]},
        {"name": "b", "tools": "view"},
        {"tools": null},
        {"name": "d", "tools": ["x y", 3]}
    ]}));
    let pointers: Vec<&str> = errors.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        pointers,
        [
            "/customAgents/0/tools/1",
            "/customAgents/0/tools/2",
            "/customAgents/0/tools/3",
            "/customAgents/1/tools",
            "/customAgents/2",
            "/customAgents/3/tools/1",
            "/customAgents/3/tools/0",
        ]
    );
    assert!(errors[0].1.ends_with("write `view`"));
    assert!(errors[1].1.ends_with("write `my_tool`"));
    assert!(errors[2].1.ends_with("write `probe-echo`"));
    let loaded = load(r#"{"tools": [], "customAgents": [{"name": "a", "tools": ["run_bash"]}, {"name": "b", "tools": null}, {"name": "c", "tools": []}]}"#).unwrap();
    let agents = loaded.custom_agents().unwrap();
    assert_eq!(agents[0].tools(), Some(&["run_bash".to_owned()][..]));
    assert_eq!(agents[1].tools(), None);
    assert_eq!(agents[2].tools(), Some(&[][..]));
}

/// Every shipped example loads with no warning, but the one it shows on purpose:
/// `subagents.json`'s `helper` (`"tools": null`) reaches every tool of the session, its MCP
/// tools among them (`agent-inherits-mcp`).
#[test]
fn shipped_examples_load_cleanly() {
    for file in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/agents")).unwrap() {
        let path = file.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let loaded = load(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let warnings: Vec<(&str, String)> =
            loaded.warnings().iter().map(|w| (w.pointer.as_str(), w.item.to_string())).collect();
        if path.ends_with("subagents.json") {
            assert_eq!(warnings.len(), 1, "{warnings:?}");
            assert_eq!(warnings[0].0, "/customAgents/2");
            assert!(warnings[0].1.starts_with("agent-inherits-mcp: `agent helper`"), "{warnings:?}");
        } else {
            assert!(warnings.is_empty(), "{}: {warnings:?}", path.display());
        }
        assert!(loaded.entry().is_some(), "{} has a policy entry", path.display());
    }
}
