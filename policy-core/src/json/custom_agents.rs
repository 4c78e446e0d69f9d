//! A definition's `customAgents` (SPEC §3): each agent a `name` and a `tools` list that is
//! `null` (or absent: every tool), `[]` (none) or unprefixed runtime names.

use super::reader::{Node, Ptr, Sink, tool_names, unique_keys, wrong_type};
use crate::model::vocab::{AGENT_NAME_KEY, TOOLS_KEY};
use crate::model::{AgentTools, At, CustomAgentConfig, Error};

/// Reads `customAgents` at `at`, reporting every problem to `sink`; `None` when any agent
/// is invalid.
pub(crate) fn read(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<Vec<CustomAgentConfig>> {
    let Some(agents) = value.array() else {
        sink.error(at, wrong_type("an array of custom agents", value));
        return None;
    };
    let mut configs = Vec::with_capacity(agents.len());
    let mut ok = true;
    for (a, agent) in agents.iter().enumerate() {
        let agent_at = at.index(a);
        let Some(fields) = agent.object() else {
            sink.error(agent_at, wrong_type("a custom agent object", *agent));
            ok = false;
            continue;
        };
        let (fields, duplicated) = unique_keys(fields, agent_at, sink);
        ok &= !duplicated;
        let (mut name, mut tools) = (None, Some(None));
        let mut has_name = false;
        for (key, value) in &fields {
            match key.as_ref() {
                AGENT_NAME_KEY => {
                    has_name = true;
                    match value.string() {
                        Some(text) => name = Some(text.into_owned()),
                        None => sink.error(agent_at.key(AGENT_NAME_KEY), wrong_type("a string", *value)),
                    }
                }
                TOOLS_KEY => tools = agent_tools(*value, agent_at.key(TOOLS_KEY), sink),
                _ => {}
            }
        }
        if !has_name {
            sink.error(agent_at, Error::WrongType { expected: "a custom agent with a `name`", found: "none" });
        }
        match (name, tools) {
            (Some(name), Some(tools)) => configs.push(CustomAgentConfig::new(name, tools)),
            _ => ok = false,
        }
    }
    ok.then_some(configs)
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
    // The strings, and where each stands: the names are checked even when another item is
    // not a string, so every error is reported at once.
    let (places, names): (Vec<usize>, Vec<String>) = tool_names(&items, at, sink)
        .into_iter()
        .enumerate()
        .filter_map(|(t, name)| Some((t, name?.into_owned())))
        .unzip();
    let checked = AgentTools::parse(Some(&names));
    if let Err(errors) = &checked {
        for (place, error) in errors.iter() {
            let At::AgentTool(t) = place else { continue };
            sink.error(at.index(places[*t]), error.clone());
        }
    }
    (checked.is_ok() && names.len() == items.len()).then_some(Some(names))
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
}
