//! A definition's `customAgents` (SPEC §3): each agent a `name` and a `tools` list that is
//! `null` (or absent: every tool), `[]` (none) or unprefixed runtime names.

use super::places::{CUSTOM_AGENT, DEFAULT_AGENT, PASSED};
use crate::copilot::agents::{AgentTools, CustomAgent, DefaultAgent};
use crate::error::{At, Error, Errors};
use crate::names::vocab::{AGENT_NAME_KEY, DEFAULT_AGENT_EXCLUDED_KEY, TOOLS_KEY};
use crate::reader::closed::Verdict;
use crate::reader::misplaced::nested_policies;
use crate::reader::tree::{Node, Ptr, Sink, tool_names, unique_keys, wrong_type};
use crate::seen::Seen;

/// Reads `customAgents` at `at`, reporting every problem to `sink`; `None` when any agent
/// is invalid.
pub(crate) fn read(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<Vec<CustomAgent>> {
    let Some(agents) = value.array() else {
        sink.error(at, wrong_type("an array of custom agents", value));
        return None;
    };
    let mut configs = Vec::with_capacity(agents.len());
    let mut names = Seen::with_capacity(agents.len());
    let mut ok = true;
    for (a, agent) in agents.iter().enumerate() {
        let agent_at = at.index(a);
        let Some(fields) = agent.object() else {
            sink.error(agent_at, wrong_type("a custom agent object", *agent));
            ok = false;
            continue;
        };
        let (fields, duplicated) = unique_keys(fields);
        ok &= !duplicated;
        let (mut name, mut tools) = (None, Some(None));
        let mut has_name = false;
        for (key, value) in &fields {
            match key.as_ref() {
                AGENT_NAME_KEY => {
                    has_name = true;
                    match value.str() {
                        Some(text) => {
                            let first = if text.trim().is_empty() { None } else { names.repeat(text, a) };
                            if text.trim().is_empty() || first.is_some() {
                                let error = Error::AgentNameNotOwn { name: text.to_owned(), first };
                                sink.error(agent_at.key(AGENT_NAME_KEY), error);
                            } else {
                                name = Some(text.to_owned());
                            }
                        }
                        None => sink.error(agent_at.key(AGENT_NAME_KEY), wrong_type("a string", *value)),
                    }
                }
                TOOLS_KEY => tools = agent_tools(*value, agent_at.key(TOOLS_KEY), sink),
                // The agent's other SDK fields pass through; one that reads as `name` or
                // `tools`, or a filter the agent does not have, would leave it every tool.
                key => match CUSTOM_AGENT.classify(key) {
                    Verdict::Refuse(error) => {
                        sink.error(agent_at.key(key), error);
                        ok = false;
                    }
                    _ => nested_policies(*value, agent_at.key(key), &PASSED, sink),
                },
            }
        }
        if !has_name {
            sink.error(agent_at, Error::WrongType { expected: "a custom agent with a `name`", found: "none" });
        }
        match (name, tools) {
            (Some(name), Some(tools)) => configs.push(CustomAgent::new(name, tools)),
            _ => ok = false,
        }
    }
    ok.then_some(configs)
}

/// Reads `defaultAgent` at `at`: an object whose `excludedTools` is an array of unprefixed
/// names, checked like a sub-agent's list. An object without `excludedTools` holds nothing the
/// author could have meant, so it is refused; other keys pass through. `None` when invalid.
pub(crate) fn read_default_agent(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<DefaultAgent> {
    let Some(fields) = value.object() else {
        sink.error(at, wrong_type("a default agent object", value));
        return None;
    };
    let (fields, duplicated) = unique_keys(fields);
    let mut near = false;
    for (key, value) in &fields {
        match DEFAULT_AGENT.classify(key) {
            Verdict::Read(_) => {}
            Verdict::Refuse(error) => {
                sink.error(at.key(key), error);
                near = true;
            }
            Verdict::PassThrough => nested_policies(*value, at.key(key), &PASSED, sink),
        }
    }
    let Some((_, excluded)) = fields.iter().find(|(key, _)| key == DEFAULT_AGENT_EXCLUDED_KEY) else {
        if near {
            return None;
        }
        sink.error(at, Error::WrongType { expected: "a default agent with `excludedTools`", found: "none" });
        return None;
    };
    let excluded_at = at.key(DEFAULT_AGENT_EXCLUDED_KEY);
    let Some(items) = excluded.array() else {
        sink.error(excluded_at, wrong_type("an array of tool names", *excluded));
        return None;
    };
    let (places, names) = list_names(&items, excluded_at, sink);
    let checked = DefaultAgent::try_excluding(&names);
    report_list_errors(checked.as_ref().err(), &places, excluded_at, sink);
    checked.ok().filter(|_| names.len() == items.len() && !duplicated)
}

/// One agent's `tools`: `Some(None)` for null, `Some(Some(list))` for a valid list, `None`
/// when invalid (reported).
#[allow(clippy::option_option)] // null, a list, or refused: three outcomes the caller keeps apart
fn agent_tools(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<Option<Vec<String>>> {
    if value.is_null() {
        return Some(None);
    }
    let Some(items) = value.array() else {
        sink.error(at, wrong_type("null or an array of tool names", value));
        return None;
    };
    let (places, names) = list_names(&items, at, sink);
    let checked = AgentTools::parse(Some(&names));
    report_list_errors(checked.as_ref().err(), &places, at, sink);
    (checked.is_ok() && names.len() == items.len()).then_some(Some(names))
}

/// The strings of a list of tool names, and where each stands: the names are checked even
/// when another item is not a string (reported), so every error is reported at once.
fn list_names(items: &[Node<'_>], at: Ptr<'_>, sink: &mut Sink) -> (Vec<usize>, Vec<String>) {
    tool_names(items, at, sink).into_iter().enumerate().filter_map(|(t, name)| Some((t, name?.into_owned()))).unzip()
}

/// Reports a list check's errors at the items they name (`places` maps a checked name back
/// to its item).
fn report_list_errors(errors: Option<&Errors>, places: &[usize], at: Ptr<'_>, sink: &mut Sink) {
    for (place, error) in errors.iter().flat_map(|errors| errors.iter()) {
        let At::AgentTool(t) = place else { continue };
        sink.error(at.index(places[*t]), error.clone());
    }
}

#[cfg(test)]
mod tests {
    use crate::json::{LoadError, load};

    fn pointers(text: &str) -> Vec<String> {
        match load(text) {
            Err(LoadError::Invalid(report)) => report.errors.into_iter().map(|e| e.pointer).collect(),
            other => panic!("expected invalid, got {other:?}"),
        }
    }

    #[test]
    fn custom_agents_are_read_strictly() {
        let ok =
            load(r#"{"tools": [], "customAgents": [{"name": "a", "tools": null}, {"name": "b", "tools": ["view"]}]}"#)
                .unwrap();
        let agents = ok.custom_agents().unwrap();
        assert_eq!(agents[0].tools(), None);
        assert_eq!(agents[1].tools(), Some(&["view".to_owned()][..]));
        assert_eq!(
            pointers(r#"{"tools": [], "customAgents": [{"name": "a", "name": "b"}]}"#),
            ["/customAgents/0/name"]
        );
        assert_eq!(
            pointers(r#"{"tools": [], "customAgents": [{"name": "a", "tools": [], "tools": null}]}"#),
            ["/customAgents/0/tools"]
        );
        assert_eq!(
            pointers(r#"{"tools": [], "customAgents": [{"name": "a", "tools": ["builtin:view", 3]}]}"#),
            ["/customAgents/0/tools/1", "/customAgents/0/tools/0"]
        );
        assert_eq!(pointers(r#"{"tools": [], "customAgents": {}}"#), ["/customAgents"]);
        assert_eq!(pointers(r#"{"tools": [], "customAgents": [{"tools": null}]}"#), ["/customAgents/0"]);
    }

    #[test]
    fn the_default_agent_is_read_strictly() {
        let ok = load(
            r#"{"tools": [], "defaultAgent": {"excludedTools": ["review_tool", "echo/*"]},
                "customAgents": [{"name": "reviewer", "tools": ["review_tool"]}]}"#,
        )
        .unwrap();
        let default = ok.default_agent().unwrap();
        let names: Vec<&str> = default.excluded_tools().iter().map(crate::AgentToolName::as_str).collect();
        assert_eq!(names, ["review_tool", "echo/*"]);
        assert!(default.hides(&crate::Tool::custom("review_tool"), None));
        assert!(default.hides(&crate::Tool::mcp("echo-echo"), Some("echo")));
        assert!(!default.hides(&crate::Tool::builtin("view"), None));
        assert!(load(r#"{"tools": []}"#).unwrap().default_agent().is_none());
        // An empty list excludes nothing, as written.
        let empty = load(r#"{"tools": [], "defaultAgent": {"excludedTools": []}}"#).unwrap();
        assert!(empty.default_agent().unwrap().excluded_tools().is_empty());
        // Each way of writing nothing, or something that matches nothing, is refused where it is.
        for (text, pointer) in [
            (r#"{"tools": [], "defaultAgent": {}}"#, "/defaultAgent"),
            (r#"{"tools": [], "defaultAgent": {"excludedTool": ["x"]}}"#, "/defaultAgent/excludedTool"),
            (r#"{"tools": [], "defaultAgent": {"excludedTools": null}}"#, "/defaultAgent/excludedTools"),
            (r#"{"tools": [], "defaultAgent": {"excludedTools": "x"}}"#, "/defaultAgent/excludedTools"),
            (r#"{"tools": [], "defaultAgent": {"excludedTools": ["builtin:view"]}}"#, "/defaultAgent/excludedTools/0"),
            (r#"{"tools": [], "defaultAgent": {"excludedTools": ["a", "a"]}}"#, "/defaultAgent/excludedTools/1"),
            (
                r#"{"tools": [], "defaultAgent": {"excludedTools": [], "excludedTools": ["a"]}}"#,
                "/defaultAgent/excludedTools",
            ),
            (r#"{"tools": [], "defaultAgent": []}"#, "/defaultAgent"),
        ] {
            assert_eq!(pointers(text), [pointer], "{text}");
        }
    }
}
