//! Properties of the policy algebra over generated policies and tools:
//! the implementation equals a reference model written from the SPEC text, the deny-list
//! always wins, resolution never widens, round trips hold, the builder agrees with the JSON
//! loader, and every decision names a pattern that really decided it.

use policy_core::copilot::builtins as constants;
use policy_core::copilot::catalog::{BUILTIN_TOOLS, ISOLATED};
use policy_core::copilot::{AllowListFor, PolicyBuilder};
use policy_core::json::load_entry_value;
use policy_core::{ClientMode, Decision, Policy, PolicyEntry, ResolvedPolicy, Selector, Source, Tool, WireName};
use proptest::prelude::*;

const BUILTIN_NAMES: &[&str] = &["bash", "view", "edit", "task", "skill", "read_agent", "ask_user", "bsah", "lookup"];
const CUSTOM_NAMES: &[&str] = &["lookup", "save_record", "bash"];
const MCP_NAMES: &[&str] = &["gh-list_issues", "echo-ping", "bash"];

fn names_of(source: Source) -> &'static [&'static str] {
    match source {
        Source::Builtin => BUILTIN_NAMES,
        Source::Custom => CUSTOM_NAMES,
        Source::Mcp => MCP_NAMES,
        other => panic!("no names for the source {other}"),
    }
}

fn source() -> impl Strategy<Value = Source> {
    prop_oneof![Just(Source::Builtin), Just(Source::Custom), Just(Source::Mcp)]
}

/// An authored entry: `*`, a bare built-in name, or `source:name` / `source:*`.
fn wire_name() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => Just(String::from("*")),
        6 => proptest::sample::select(BUILTIN_NAMES).prop_map(str::to_owned),
        6 => (source(), any::<prop::sample::Index>(), any::<bool>()).prop_map(|(source, index, star)| {
            if star { format!("{source}:*") } else { format!("{source}:{}", index.get(names_of(source))) }
        }),
    ]
}

fn selector() -> impl Strategy<Value = Selector> {
    prop_oneof![
        1 => Just(Selector::Isolated),
        4 => prop::collection::vec(wire_name(), 0..7).prop_map(|names| {
            // Keep the first of names equal after qualification: duplicates are refused.
            let mut kept: Vec<WireName> = Vec::new();
            for name in names {
                let name = WireName::parse(&name).unwrap();
                if !kept.iter().any(|k| k.qualify() == name.qualify()) {
                    kept.push(name);
                }
            }
            Selector::Tools(kept)
        }),
    ]
}

fn entry() -> impl Strategy<Value = PolicyEntry> {
    (any::<bool>(), prop::option::of(selector()), prop::option::of(selector())).prop_filter_map(
        "the interlock refuses it",
        |(empty, available, excluded)| {
            let mode = if empty { ClientMode::Empty } else { ClientMode::CopilotCli };
            PolicyEntry::new(mode, available, excluded).ok()
        },
    )
}

fn tool_name() -> impl Strategy<Value = (Source, String)> {
    (source(), any::<prop::sample::Index>()).prop_map(|(source, index)| {
        let pool: Vec<&str> = names_of(source).iter().chain(ISOLATED).copied().collect();
        (source, (*index.get(&pool)).to_owned())
    })
}

/// SPEC §1.4 and §1.6, read directly off the authored entry: does an authored name cover a
/// tool once resolution has qualified it?
fn covers(authored: &WireName, source: Source, name: &str) -> bool {
    let text = authored.as_str();
    match text.split_once(':') {
        None if text == "*" => source == Source::Builtin,
        None => source == Source::Builtin && text == name,
        Some((src, rest)) => src == source.as_str() && (rest == "*" || rest == name),
    }
}

fn reference_offered(entry: &PolicyEntry, source: Source, name: &str) -> bool {
    let in_isolated = source == Source::Builtin && ISOLATED.contains(&name);
    let excluded = match entry.excluded() {
        None => false,
        Some(Selector::Isolated) => in_isolated,
        Some(Selector::Tools(names)) => names.iter().any(|n| covers(n, source, name)),
    };
    if excluded {
        return false;
    }
    match entry.available() {
        None => true,
        Some(Selector::Isolated) => in_isolated || source != Source::Builtin,
        Some(Selector::Tools(names)) => {
            let only_star = names.len() == 1 && names[0].as_str() == "*";
            if entry.client_mode() == ClientMode::CopilotCli && only_star {
                return true;
            }
            let bare_only = names.iter().all(|n| !n.as_str().contains(':'));
            names.iter().any(|n| covers(n, source, name)) || (bare_only && source != Source::Builtin)
        }
    }
}

/// Calls `$then` with `$names` as an array of its exact length (the builder takes arrays).
macro_rules! with_array {
    ($names:expr, |$array:ident| $then:expr) => {{
        let names: Vec<WireName> = $names.to_vec();
        match names.len() {
            0 => {
                let $array = <[WireName; 0]>::try_from(names).unwrap();
                $then
            }
            1 => {
                let $array = <[WireName; 1]>::try_from(names).unwrap();
                $then
            }
            2 => {
                let $array = <[WireName; 2]>::try_from(names).unwrap();
                $then
            }
            3 => {
                let $array = <[WireName; 3]>::try_from(names).unwrap();
                $then
            }
            4 => {
                let $array = <[WireName; 4]>::try_from(names).unwrap();
                $then
            }
            5 => {
                let $array = <[WireName; 5]>::try_from(names).unwrap();
                $then
            }
            _ => {
                let $array = <[WireName; 6]>::try_from(names).unwrap();
                $then
            }
        }
    }};
}

/// Sets the deny-list and builds.
fn finish<M, A: AllowListFor<M>>(builder: PolicyBuilder<M, A>, excluded: Option<&Selector>) -> ResolvedPolicy {
    match excluded {
        None => builder.build(),
        Some(Selector::Isolated) => builder.excluded_isolated().build(),
        Some(Selector::Tools(names)) => with_array!(names, |array| builder.excluded_tools(array).build()),
    }
}

/// The builder, fed the same entry.
fn via_builder(entry: &PolicyEntry) -> ResolvedPolicy {
    let excluded = entry.excluded();
    match (entry.client_mode(), entry.available()) {
        (ClientMode::CopilotCli, None) => finish(Policy::builder(), excluded),
        (ClientMode::CopilotCli, Some(Selector::Isolated)) => finish(Policy::builder().available_isolated(), excluded),
        (ClientMode::CopilotCli, Some(Selector::Tools(names))) => {
            with_array!(names, |array| finish(Policy::builder().available_tools(array), excluded))
        }
        (ClientMode::Empty, Some(Selector::Isolated)) => {
            finish(Policy::builder().client_mode_empty().available_isolated(), excluded)
        }
        // Empty mode refuses `[]` at compile time, so a zero-length array never reaches it.
        (ClientMode::Empty, Some(Selector::Tools(names))) => {
            let names: Vec<WireName> = names.clone();
            let builder = Policy::builder().client_mode_empty();
            match names.len() {
                1 => finish(builder.available_tools(<[WireName; 1]>::try_from(names).unwrap()), excluded),
                2 => finish(builder.available_tools(<[WireName; 2]>::try_from(names).unwrap()), excluded),
                3 => finish(builder.available_tools(<[WireName; 3]>::try_from(names).unwrap()), excluded),
                4 => finish(builder.available_tools(<[WireName; 4]>::try_from(names).unwrap()), excluded),
                5 => finish(builder.available_tools(<[WireName; 5]>::try_from(names).unwrap()), excluded),
                _ => finish(builder.available_tools(<[WireName; 6]>::try_from(names).unwrap()), excluded),
            }
        }
        (ClientMode::Empty, None) => unreachable!("the interlock refused it"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    /// Every entry and every policy it resolves to comes back equal through its serde form.
    #[test]
    fn serde_round_trips(entry in entry()) {
        let text = serde_json::to_string(&entry).unwrap();
        prop_assert_eq!(&serde_json::from_str::<PolicyEntry>(&text).unwrap(), &entry, "{}", text);
        let policy = entry.resolve();
        let text = serde_json::to_string(&policy).unwrap();
        prop_assert_eq!(serde_json::from_str::<ResolvedPolicy>(&text).unwrap(), policy, "{}", text);
    }

    #[test]
    fn decisions_equal_the_reference_model(entry in entry(), tools in prop::collection::vec(tool_name(), 1..12)) {
        let policy = entry.resolve();
        for (source, name) in &tools {
            let tool = Tool::new(*source, name);
            prop_assert_eq!(policy.offers(&tool), reference_offered(&entry, *source, name), "{} under {:?}", tool, policy);
        }
    }

    #[test]
    fn the_deny_list_always_wins(entry in entry(), tools in prop::collection::vec(tool_name(), 1..12)) {
        let policy = entry.resolve();
        let Some(excluded) = policy.excluded_tools() else { return Ok(()) };
        for (source, name) in &tools {
            let tool = Tool::new(*source, name);
            if excluded.as_slice().iter().any(|p| p.matches(&tool)) {
                prop_assert!(!policy.offers(&tool), "{} is excluded but offered", tool);
            }
        }
        // Every tool the author named in the deny-list is refused, whatever the allow-list.
        if let Some(Selector::Tools(names)) = entry.excluded() {
            for name in names.iter().filter(|n| !n.is_wildcard()) {
                let source = name.source().unwrap_or(Source::Builtin);
                prop_assert!(!policy.offers(&Tool::new(source, name.name())));
            }
        }
    }

    #[test]
    fn resolution_never_widens(entry in entry(), tools in prop::collection::vec(tool_name(), 1..12)) {
        let policy = entry.resolve();
        let Some(available) = policy.available_tools() else { return Ok(()) };
        for (source, name) in &tools {
            let tool = Tool::new(*source, name);
            if policy.offers(&tool) {
                prop_assert!(available.as_slice().iter().any(|p| p.matches(&tool)));
                if entry.client_mode() == ClientMode::Empty {
                    // Empty mode offers only what the author's allow-list names, or the
                    // other sources SPEC §1.4 rule 3 keeps for a built-ins-only list.
                    let named = match entry.available() {
                        Some(Selector::Isolated) => ISOLATED.contains(&name.as_str()) || *source != Source::Builtin,
                        Some(Selector::Tools(names)) => {
                            names.iter().any(|n| covers(n, *source, name))
                                || (names.iter().all(|n| !n.is_qualified()) && *source != Source::Builtin)
                        }
                        None => false,
                    };
                    prop_assert!(named, "{} offered in empty mode without being named", tool);
                }
            }
        }
    }

    #[test]
    fn json_round_trips(entry in entry()) {
        let loaded = load_entry_value(&serde_json::to_value(&entry).unwrap()).unwrap();
        prop_assert_eq!(loaded.entry(), Some(&entry));
        prop_assert_eq!(loaded.policy(), &entry.resolve());
    }

    #[test]
    fn resolved_lists_resolve_to_themselves(entry in entry()) {
        let policy = entry.resolve();
        let Some(available) = policy.available_tools() else { return Ok(()) };
        let mut again = serde_json::json!({
            "kind": "github-cli-builtin-tools",
            "client-mode": policy.client_mode().as_str(),
            "available-tools": {"tools": available.to_strings()},
        });
        if let Some(excluded) = policy.excluded_tools() {
            again["excluded-tools"] = serde_json::json!({"tools": excluded.to_strings()});
        }
        prop_assert_eq!(load_entry_value(&again).unwrap().into_policy(), policy);
    }

    #[test]
    fn the_builder_agrees_with_the_loader(entry in entry()) {
        let from_json = load_entry_value(&serde_json::to_value(&entry).unwrap()).unwrap().into_policy();
        prop_assert_eq!(via_builder(&entry), from_json);
    }

    #[test]
    fn explain_names_a_pattern_that_decided(entry in entry(), tools in prop::collection::vec(tool_name(), 1..12)) {
        let policy = entry.resolve();
        for (source, name) in &tools {
            let tool = Tool::new(*source, name);
            let excluded_hit = policy.excluded_tools().and_then(|l| l.as_slice().iter().find(|p| p.matches(&tool)));
            match policy.decide(&tool) {
                Decision::ExcludedBy(pattern) => {
                    prop_assert!(pattern.matches(&tool));
                    prop_assert!(policy.excluded_tools().unwrap().contains(pattern));
                }
                Decision::OfferedBy(pattern) => {
                    prop_assert!(excluded_hit.is_none());
                    prop_assert!(pattern.matches(&tool));
                    prop_assert!(policy.available_tools().unwrap().contains(pattern));
                }
                Decision::NotInAllowList => {
                    prop_assert!(excluded_hit.is_none());
                    prop_assert!(policy.available_tools().unwrap().as_slice().iter().all(|p| !p.matches(&tool)));
                }
                Decision::OfferedNoAllowList => {
                    prop_assert!(excluded_hit.is_none());
                    prop_assert!(policy.available_tools().is_none());
                }
                other => prop_assert!(false, "a decision this test does not know: {other:?}"),
            }
            prop_assert_eq!(policy.decide(&tool).is_offered(), policy.offers(&tool));
        }
    }
}

#[test]
fn catalog_constants_are_the_catalog() {
    assert_eq!(constants::BASH.as_str(), "bash");
    assert_eq!(BUILTIN_TOOLS.len(), 32);
}
