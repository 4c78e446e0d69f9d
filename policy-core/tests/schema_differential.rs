//! The shipped JSON Schema and the loader accept and reject the same documents: 10,000
//! generated entries (valid, near-valid and hostile) and 2,000 agent definitions.
//!
//! The one disagreement JSON Schema cannot avoid is classified, not ignored: the schema
//! refuses a bare name beside its `builtin:` form only for the pinned catalog's names, so
//! for any other name only the loader refuses the pair. Every disagreement must be exactly
//! that case, and that case must always be a disagreement.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use policy_core::copilot::catalog::{BUILTIN_TOOLS, WINDOWS_TOOLS};
use policy_core::json::{load_definition_value, load_entry_value};
use policy_core::text::reads_as;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

fn validator(root: &str) -> jsonschema::Validator {
    let mut schema: Value = serde_json::from_str(policy_core::json::schema::SCHEMA).unwrap();
    schema["$ref"] = json!(root);
    jsonschema::validator_for(&schema).expect("the shipped schema compiles")
}

const NEAR_KEYS: &[&str] = &[
    "availableTools",
    "available_tools",
    "excluded",
    "client_mode",
    "clientMode",
    "tools",
    "isolated",
    "Kind",
    "",
    "extra",
];

fn catalog_name() -> impl Strategy<Value = String> {
    proptest::sample::select(BUILTIN_TOOLS.iter().chain(WINDOWS_TOOLS).copied().collect::<Vec<_>>())
        .prop_map(str::to_owned)
}

fn valid_name() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => catalog_name(),
        1 => Just(String::from("*")),
        2 => "[A-Za-z0-9_-]{1,10}",
        3 => (prop_oneof![Just("builtin"), Just("custom"), Just("mcp")], prop_oneof![catalog_name(), "[A-Za-z0-9_-]{1,10}", Just(String::from("*"))])
            .prop_map(|(source, name)| format!("{source}:{name}")),
    ]
}

fn invalid_name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just(String::from("foo:bar")),
        Just(String::from("Builtin:bash")),
        Just(String::from("builtin:")),
        Just(String::from(":x")),
        Just(String::from("mcp:a:b")),
        Just(String::from("bash*")),
        Just(String::from("mcp:srv-*")),
        Just(String::from("**")),
        Just(String::from(" bash")),
        Just(String::from("bash\n")),
        Just(String::from("bäsh")),
        Just(String::from("a.b")),
        Just(String::from("mcp:srv/tool")),
        Just("a".repeat(300) + " "),
        ".{0,12}",
        "\\PC{1,6}",
    ]
}

fn non_string() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<i64>().prop_map(Value::from),
        any::<bool>().prop_map(Value::from),
        Just(json!(["bash"])),
        Just(json!({"name": "bash"})),
        Just(json!(1.5)),
    ]
}

fn list_item() -> impl Strategy<Value = Value> {
    prop_oneof![
        8 => valid_name().prop_map(Value::from),
        3 => invalid_name().prop_map(Value::from),
        1 => non_string(),
    ]
}

/// A tools list, sometimes with a bare name and its `builtin:` twin, or an exact duplicate.
fn tool_list() -> impl Strategy<Value = Value> {
    let items = prop_oneof![
        3 => prop::collection::vec(valid_name().prop_map(Value::from), 0..6),
        2 => prop::collection::vec(list_item(), 0..8),
    ];
    (
        items,
        prop_oneof![6 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
        prop_oneof![catalog_name(), "[a-z_]{1,8}"],
        any::<prop::sample::Index>(),
    )
        .prop_map(|(mut items, twist, name, at)| {
            match twist {
                1 => {
                    items.insert(at.index(items.len() + 1), Value::from(name.clone()));
                    items.push(Value::from(format!("builtin:{name}")));
                }
                2 if !items.is_empty() => {
                    let copy = items[at.index(items.len())].clone();
                    items.push(copy);
                }
                _ => {}
            }
            Value::Array(items)
        })
}

fn selector() -> impl Strategy<Value = Value> {
    prop_oneof![
        24 => tool_list().prop_map(|tools| json!({"tools": tools})),
        6 => Just(json!({"isolated": true})),
        1 => Just(json!({"isolated": false})),
        1 => non_string().prop_map(|v| json!({"isolated": v})),
        1 => Just(json!({})),
        1 => tool_list().prop_map(|tools| json!({"tools": tools, "isolated": true})),
        1 => (tool_list(), proptest::sample::select(NEAR_KEYS)).prop_map(|(tools, key)| {
            let mut map = Map::new();
            map.insert(String::from("tools"), tools);
            map.insert(key.to_owned(), json!(1));
            Value::Object(map)
        }),
        1 => non_string().prop_map(|tools| json!({"tools": tools})),
        1 => non_string(),
    ]
}

fn deep(depth: usize) -> Value {
    (0..depth).fold(json!({"leaf": "x"}), |inner, i| {
        if i % 2 == 0 { json!({ format!("level{i}"): inner }) } else { json!([inner]) }
    })
}

fn bindings() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => prop::collection::vec(Just(json!({"name": "b", "input": "x"})), 0..3).prop_map(Value::Array),
        1 => (1usize..48).prop_map(|d| json!([{"nested": deep(d)}])),
        1 => Just(json!([{"ok": 1}, "not an object"])),
        1 => non_string(),
    ]
}

fn client_mode() -> impl Strategy<Value = Value> {
    prop_oneof![
        5 => Just(json!("empty")),
        5 => Just(json!("copilot-cli")),
        1 => Just(json!("Empty")),
        1 => Just(json!("copilot_cli")),
        1 => non_string(),
    ]
}

fn kind() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        20 => Just(Some(json!("github-cli-builtin-tools"))),
        1 => Just(None),
        1 => Just(Some(json!("github-cli-builtin-tool"))),
        1 => non_string().prop_map(Some),
    ]
}

fn entry() -> impl Strategy<Value = Value> {
    (
        kind(),
        prop::option::weighted(0.2, prop_oneof![4 => ".{0,8}".prop_map(Value::from), 1 => non_string()]),
        prop::option::weighted(0.2, prop_oneof![4 => ".{0,8}".prop_map(Value::from), 1 => non_string()]),
        prop::option::weighted(0.2, bindings()),
        prop::option::weighted(0.7, selector()),
        prop::option::weighted(0.6, selector()),
        prop::option::weighted(0.5, client_mode()),
        prop::option::weighted(0.08, (proptest::sample::select(NEAR_KEYS), non_string())),
    )
        .prop_map(|(kind, name, description, bindings, available, excluded, mode, extra)| {
            let mut map = Map::new();
            let mut put = |key: &str, value: Option<Value>| {
                if let Some(value) = value {
                    map.insert(key.to_owned(), value);
                }
            };
            put("kind", kind);
            put("name", name);
            put("description", description);
            put("bindings", bindings);
            put("available-tools", available);
            put("excluded-tools", excluded);
            put("client-mode", mode);
            if let Some((key, value)) = extra {
                put(key, Some(value));
            }
            Value::Object(map)
        })
}

/// Whether some selector list holds a bare name and its `builtin:` twin for a name outside
/// the schema's twin clause: the one shape only the loader can refuse.
fn has_uncatalogued_twin(entry: &Value) -> bool {
    ["available-tools", "excluded-tools"].iter().any(|slot| {
        let Some(items) = entry.get(slot).and_then(|s| s.get("tools")).and_then(Value::as_array) else { return false };
        let names: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
        names.iter().any(|name| {
            let known = BUILTIN_TOOLS.contains(name) || WINDOWS_TOOLS.contains(name) || *name == "*";
            !known && names.contains(&format!("builtin:{name}").as_str())
        })
    })
}

/// The entry with each uncatalogued twin removed (a bare name, or its `builtin:` form, that
/// repeats the other for a name outside the schema's twin clause): the shape only the loader
/// can refuse, and nothing else.
fn without_twins(entry: &Value) -> Value {
    let mut entry = entry.clone();
    for slot in ["available-tools", "excluded-tools"] {
        let Some(items) = entry.get_mut(slot).and_then(|s| s.get_mut("tools")).and_then(Value::as_array_mut) else {
            continue;
        };
        let mut seen: Vec<String> = Vec::new();
        items.retain(|item| {
            let Some(name) = item.as_str() else { return true };
            let bare = name.strip_prefix("builtin:").unwrap_or(name);
            let twin_of_other_spelling = |spelling: &str| seen.iter().any(|s| s == spelling);
            let uncatalogued = !(BUILTIN_TOOLS.contains(&bare) || WINDOWS_TOOLS.contains(&bare) || bare == "*");
            // An exact repeat is a fault the schema sees too (`uniqueItems`): it stays, so the
            // repaired entry still holds every fault but the twin.
            let exact_repeat = seen.iter().any(|s| s == name);
            let repeats_twin = uncatalogued
                && !exact_repeat
                && !bare.contains(':')
                && if name == bare {
                    twin_of_other_spelling(&format!("builtin:{bare}"))
                } else {
                    twin_of_other_spelling(bare)
                };
            seen.push(name.to_owned());
            !repeats_twin
        });
    }
    entry
}

/// What the schema and the loader said of one document. `repaired_accepts`: in the gap,
/// whether the loader accepts the document once its twins are removed; then the twin is its
/// only fault, and the schema, which cannot see it, must accept.
#[derive(Clone, Copy)]
#[allow(clippy::struct_excessive_bools)] // four independent verdicts, not a state machine
struct Verdicts {
    schema_accepts: bool,
    loader_accepts: bool,
    gap: bool,
    repaired_accepts: bool,
}

fn agree(verdicts: Verdicts, document: &Value) -> Result<(), TestCaseError> {
    let Verdicts { schema_accepts, loader_accepts, gap, repaired_accepts } = verdicts;
    if gap && loader_accepts {
        prop_assert!(false, "the loader accepted a bare/builtin twin: {document}");
    }
    if gap && repaired_accepts {
        prop_assert!(schema_accepts, "the schema must accept a document whose only fault is the twin: {document}");
    }
    let expected_schema = loader_accepts || gap && schema_accepts;
    prop_assert_eq!(
        schema_accepts,
        expected_schema,
        "schema {} but loader {}: {}",
        if schema_accepts { "accepts" } else { "rejects" },
        if loader_accepts { "accepts" } else { "rejects" },
        document
    );
    Ok(())
}

/// Runs a property on a thread with room for proptest's nested strategies (a debug build
/// keeps whole strategy values on the stack).
fn run<S: Strategy>(
    cases: u32,
    strategy: impl FnOnce() -> S + Send + 'static,
    test: impl Fn(S::Value) -> Result<(), TestCaseError> + Send + 'static,
) {
    let config = ProptestConfig {
        cases,
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::SourceParallel(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    };
    std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(move || {
            let mut runner = proptest::test_runner::TestRunner::new(config);
            if let Err(error) = runner.run(&strategy(), test) {
                panic!("{error}");
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

/// How many generated documents were accepted, rejected, and fell in the gap.
#[derive(Default)]
struct Tally {
    accepted: AtomicUsize,
    rejected: AtomicUsize,
    gap: AtomicUsize,
    repaired: AtomicUsize,
}

impl Tally {
    fn count_repaired(&self, repaired_accepts: bool) {
        if repaired_accepts {
            self.repaired.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn count(&self, loader_accepts: bool, gap: bool) {
        let counter = if loader_accepts { &self.accepted } else { &self.rejected };
        counter.fetch_add(1, Ordering::Relaxed);
        if gap {
            self.gap.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn check(&self, name: &str, at_least: usize) {
        let (accepted, rejected, gap) = (
            self.accepted.load(Ordering::Relaxed),
            self.rejected.load(Ordering::Relaxed),
            self.gap.load(Ordering::Relaxed),
        );
        eprintln!("{name}: {accepted} accepted, {rejected} rejected, {gap} in the twin gap");
        assert!(accepted >= at_least && rejected >= at_least, "{name}: the generator must produce both kinds");
        assert!(gap > 0, "{name}: the generator must reach the twin gap");
    }
}

/// The verdicts on one entry, as the `entries` property reaches them.
fn verdicts_of(schema: &jsonschema::Validator, document: &Value) -> Verdicts {
    let gap = has_uncatalogued_twin(document);
    Verdicts {
        schema_accepts: schema.is_valid(document),
        loader_accepts: load_entry_value(document).is_ok(),
        gap,
        repaired_accepts: gap && load_entry_value(&without_twins(document)).is_ok(),
    }
}

/// A twin beside an exact repeat: the repeat is a fault the schema sees, so the oracle must
/// not ask the schema to accept (a generated case that once failed `entries`).
#[test]
fn a_twin_beside_an_exact_repeat_is_not_the_only_fault() {
    let schema = validator("#/$defs/githubCliBuiltinToolsTool");
    let document =
        json!({"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["_", "builtin:_", "builtin:_"]}});
    let verdicts = verdicts_of(&schema, &document);
    assert!(!verdicts.schema_accepts && !verdicts.repaired_accepts);
    agree(verdicts, &document).unwrap();
}

#[test]
fn entries() {
    let schema = validator("#/$defs/githubCliBuiltinToolsTool");
    let tally = Arc::new(Tally::default());
    let counts = Arc::clone(&tally);
    run(10_000, entry, move |document| {
        let verdicts = verdicts_of(&schema, &document);
        counts.count(verdicts.loader_accepts, verdicts.gap);
        counts.count_repaired(verdicts.repaired_accepts);
        agree(verdicts, &document)
    });
    tally.check("entries", 2_000);
    assert!(tally.repaired.load(Ordering::Relaxed) > 0, "some gap entries have the twin as their only fault");
}

fn custom_agent() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => prop::collection::vec(prop_oneof![
            4 => "[a-z_]{1,8}".prop_map(Value::from),
            1 => Just(json!("probe/*")),
            1 => Just(json!("*")),
            1 => Just(json!("builtin:view")),
            1 => invalid_name().prop_map(Value::from),
            1 => non_string(),
        ], 0..4).prop_map(|tools| json!({"name": "a", "prompt": "p", "tools": tools})),
        1 => Just(json!({"name": "a", "tools": null})),
        1 => Just(json!({"name": "b"})),
        1 => Just(json!({"name": "", "tools": ["view"]})),
        1 => Just(json!({"name": " "})),
        1 => Just(json!({"tools": ["view"]})),
        1 => Just(json!({"name": 3})),
        1 => Just(json!({"name": "a", "tools": "view"})),
        1 => Just(json!({"name": "a", "tools": ["view", "view"]})),
        1 => Just(json!({"name": "a", "prompt": "p", "excludedTools": ["bash"]})),
        1 => non_string(),
    ]
}

fn definition() -> impl Strategy<Value = Value> {
    let tool = prop_oneof![
        4 => entry(),
        3 => Just(json!({"kind": "mcp", "name": "github", "connection": {"command": "x"}})),
        1 => Just(json!({"kind": "github-cli-builtin-tool", "excluded-tools": {"tools": ["*"]}})),
        1 => Just(json!({"name": "no kind"})),
        1 => Just(json!({"kind": 5})),
        1 => non_string(),
    ];
    (
        prop::option::weighted(
            0.9,
            prop_oneof![10 => prop::collection::vec(tool, 0..4).prop_map(Value::Array), 1 => non_string()],
        ),
        prop::option::weighted(
            0.3,
            prop_oneof![4 => prop::collection::vec(custom_agent(), 0..3).prop_map(Value::Array), 1 => non_string()],
        ),
        prop_oneof![20 => Just(true), 1 => Just(false)],
        // A Claude Code or Gemini CLI selection holder, which a Copilot definition refuses.
        prop::option::weighted(0.05, prop_oneof![Just(json!({"disable": "*"})), Just(Value::Null)]),
    )
        .prop_map(|(tools, agents, object, holder)| {
            if !object {
                return json!(["not", "an", "object"]);
            }
            let mut map = Map::new();
            map.insert(String::from("name"), json!("agent"));
            if let Some(tools) = tools {
                map.insert(String::from("tools"), tools);
            }
            if let Some(agents) = agents {
                map.insert(String::from("customAgents"), agents);
            }
            if let Some(holder) = holder {
                map.insert(String::from("builtin_tools"), holder);
            }
            Value::Object(map)
        })
}

/// Whether the definition holds a key that only reads as one the loader governs, where the
/// loader looks for it: at the top level, in a `tools` item of another kind, in a custom
/// agent, in `defaultAgent`.
fn has_near_miss_key(document: &Value) -> bool {
    const POLICY: [&str; 3] = ["available-tools", "excluded-tools", "client-mode"];
    let near = |object: Option<&Value>, governing: &[&str]| {
        object
            .and_then(Value::as_object)
            .is_some_and(|map| map.keys().any(|key| reads_as(key, governing.iter().copied()).is_some()))
    };
    let top = [&["tools", "customAgents", "defaultAgent", "builtin_tools"][..], &POLICY].concat();
    let items = |key: &str| document.get(key).and_then(Value::as_array).cloned().unwrap_or_default();
    near(Some(document), &top)
        || items("tools").iter().any(|item| {
            item.get("kind") != Some(&json!("github-cli-builtin-tools"))
                && near(Some(item), &[&["kind"][..], &POLICY].concat())
        })
        || items("customAgents")
            .iter()
            .any(|agent| near(Some(agent), &["name", "tools", "availableTools", "excludedTools", "disallowedTools"]))
        || near(document.get("defaultAgent"), &["excludedTools"])
}

/// Whether two custom agents of the definition have the same string `name`.
fn has_repeated_agent_name(document: &Value) -> bool {
    let agents = document.get("customAgents").and_then(Value::as_array).cloned().unwrap_or_default();
    let names: Vec<&str> = agents.iter().filter_map(|agent| agent.get("name")?.as_str()).collect();
    let unique: std::collections::HashSet<&str> = names.iter().copied().collect();
    unique.len() < names.len()
}

#[test]
fn definitions() {
    let schema = validator("#/$defs/agentDefinition");
    let tally = Arc::new(Tally::default());
    let counts = Arc::clone(&tally);
    run(2_000, definition, move |document| {
        let schema_accepts = schema.is_valid(&document);
        let loader_accepts = load_definition_value(&document).is_ok();
        let gap = document.get("tools").and_then(Value::as_array).is_some_and(|tools| {
            tools.iter().any(|t| t.get("kind") == Some(&json!("github-cli-builtin-tools")) && has_uncatalogued_twin(t))
        });
        // The other gap: a key that only reads as one that governs tools. The loader must
        // refuse it; the schema, which cannot fold keys, may not.
        if has_near_miss_key(&document) {
            prop_assert!(!loader_accepts, "the loader accepted a near-miss key: {document}");
            return Ok(());
        }
        // The third: two custom agents of one name, which the schema cannot compare.
        if has_repeated_agent_name(&document) {
            prop_assert!(!loader_accepts, "the loader accepted two agents of one name: {document}");
            return Ok(());
        }
        let repaired_accepts = gap && {
            let mut repaired = document.clone();
            if let Some(tools) = repaired.get_mut("tools").and_then(Value::as_array_mut) {
                for tool in tools.iter_mut() {
                    *tool = without_twins(tool);
                }
            }
            load_definition_value(&repaired).is_ok()
        };
        counts.count(loader_accepts, gap);
        counts.count_repaired(repaired_accepts);
        agree(Verdicts { schema_accepts, loader_accepts, gap, repaired_accepts }, &document)
    });
    tally.check("definitions", 300);
}

#[test]
fn shipped_examples_pass_both() {
    let schema = validator("#/$defs/agentDefinition");
    for file in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/agents")).unwrap() {
        let document: Value = serde_json::from_str(&std::fs::read_to_string(file.unwrap().path()).unwrap()).unwrap();
        assert!(schema.is_valid(&document), "{document}");
        assert!(load_definition_value(&document).is_ok());
    }
}

#[test]
fn the_gap_is_real_and_only_there() {
    let entry = validator("#/$defs/githubCliBuiltinToolsTool");
    let twin = json!({"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["frob", "builtin:frob"]}});
    assert!(entry.is_valid(&twin), "JSON Schema cannot compare items of arbitrary names");
    assert!(load_entry_value(&twin).is_err());
    let catalogued = json!({"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash", "builtin:bash"]}});
    assert!(!entry.is_valid(&catalogued));
    assert!(load_entry_value(&catalogued).is_err());
}

/// The schema refuses, in a definition, a custom agent and another tool entry, the keys the
/// closed-world table refuses there as written: every governing word the place neither reads
/// nor passes through, and its neighbours' keys. A word added to the one list fails this test
/// until the schema says it too.
#[test]
fn the_schema_refuses_what_the_table_refuses() {
    use policy_core::json::closed_world::{GOVERNING, Verdict, places};
    let schema: Value = serde_json::from_str(policy_core::json::schema::SCHEMA).unwrap();
    for (definition, place) in [
        ("agentDefinition", "a Copilot agent definition"),
        ("customAgent", "a Copilot custom agent"),
        ("tool", "a Copilot tool entry of another kind"),
    ] {
        let (_, place) = places().find(|(_, p)| p.name == place).unwrap();
        let elsewhere = place.elsewhere.iter().flat_map(|e| e.keys.iter().copied());
        let mut refused: Vec<&str> = GOVERNING
            .iter()
            .map(|word| word.key)
            .chain(elsewhere)
            .filter(|key| matches!(place.classify(key), Verdict::Refuse(_)))
            .collect();
        refused.sort_unstable();
        refused.dedup();
        let mut said: Vec<&str> = schema["$defs"][definition]["not"]["anyOf"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|branch| branch.get("properties").is_none())
            .map(|branch| branch["required"][0].as_str().unwrap())
            .collect();
        said.sort_unstable();
        assert_eq!(said, refused, "{definition}: the keys the schema refuses");
    }
}
