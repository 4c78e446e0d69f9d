//! What OpenCode receives (SPEC §10): a `permission` map of whole-tool actions, for the
//! project's `opencode.json` or for an agent's own `permission`.

use std::collections::BTreeSet;
use std::ops::Bound;

use serde::ser::{SerializeMap, SerializeStruct};
use serde_json::{Map, Value};

use super::agents::{LIMITED_AGENTS, OpenCodeAgent};
use super::names::{CLI, McpName, OpenCodeName};
use super::selection::OpenCodeSelection;
use crate::error::Error;
use crate::opencode::catalog::CLI_VERSION;
use crate::seen::Seen;
use crate::selection::{CatalogName, SelectionShape, part_of_groups};
use crate::text::Shown;

/// The action of a whole-tool rule: `"deny"` takes a tool out of the model's request,
/// `"allow"` keeps it there.
const DENY: &str = "deny";
const ALLOW: &str = "allow";

/// What a host writes into OpenCode's configuration for a selection; `None`: no selection,
/// nothing to write. What `tool-policy resolve --runtime opencode` prints:
/// `{"permission": {...}, "cliVersion": "1.18.33"}`.
///
/// The map's rules, in the order OpenCode reads them (the last rule whose key matches a
/// tool's permission decides): for `only`, `"*": "deny"`, then `"allow"` for each permission
/// it keeps; for `disable`, `"deny"` for each; for `disable: "*"`, `"*": "deny"`. Every other
/// key of a rule is a name, so a key's place in sorted order is its place here too (`*` sorts
/// before every letter, digit, `_` and `-`), and a JSON object of any order reads the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenCodeConfig {
    selection: Option<OpenCodeSelection>,
    /// `<server>_*` of each server the host names, checked: what `*_*` is written as.
    server_keys: Vec<McpName>,
}

impl OpenCodeConfig {
    /// The configuration of `selection` for a host that names no MCP server; see
    /// [`OpenCodeConfig::for_host`].
    pub fn new(selection: Option<OpenCodeSelection>) -> Result<OpenCodeConfig, Error> {
        OpenCodeConfig::for_host(selection, Vec::<String>::new())
    }

    /// The configuration of `selection` for a host whose MCP servers are `servers` (as named
    /// in its `mcp` settings): `*_*` is written as each one's `<server>_*`. Refused: a
    /// selection naming part of a permission's tools ([`Error::PartOfGroup`]: OpenCode
    /// cannot take part of it); a server OpenCode would read as a built-in too (`plan`, whose
    /// `plan_*` matches `plan_exit`), or named with `*` or a control character; and a
    /// `disable` of `*_*` (see [`CatalogName::cannot_disable`]).
    pub fn for_host<S: Into<String>>(
        selection: Option<OpenCodeSelection>,
        servers: impl IntoIterator<Item = S>,
    ) -> Result<OpenCodeConfig, Error> {
        if let Some(SelectionShape::Only(names) | SelectionShape::Disable(names)) =
            selection.as_ref().map(|s| s.shape())
        {
            if let Some((_, error)) = part_of_groups(names).into_iter().next() {
                return Err(error);
            }
        }
        OpenCodeConfig::checked(selection, &servers.into_iter().map(Into::into).collect::<Vec<String>>())
    }

    /// A selection the reader checked (every group whole), for `servers`.
    pub(crate) fn checked(selection: Option<OpenCodeSelection>, servers: &[String]) -> Result<OpenCodeConfig, Error> {
        let keys = McpKeys::of(selection.as_ref());
        let server_keys: Vec<McpName> =
            servers.iter().map(|server| McpName::of_host_server(server)).collect::<Result<_, _>>()?;
        for (server, own) in servers.iter().zip(&server_keys) {
            if let Some(key) = keys.reaching(own) {
                return Err(Error::CannotSay {
                    runtime: CLI,
                    what: format!("the MCP server `{}` beside `{key}`", Shown(server)),
                    why: "OpenCode names a tool `<server>_<tool>`, so the key written for another server would also match this server's tools (`gh_*` matches the tools of `gh` and of `gh_x`); rename the server".into(),
                });
            }
        }
        if let Some(SelectionShape::Disable(names)) = selection.as_ref().map(|s| s.shape()) {
            if let Some(error) = names.iter().find_map(CatalogName::cannot_disable) {
                return Err(error);
            }
        }
        Ok(OpenCodeConfig { selection, server_keys })
    }

    /// The selection.
    pub fn selection(&self) -> Option<&OpenCodeSelection> {
        self.selection.as_ref()
    }

    /// The `permission` map's rules, in order: `(key, action)`.
    pub fn permission(&self) -> Vec<(String, &'static str)> {
        let Some(selection) = &self.selection else { return Vec::new() };
        let (names, action) = match selection.shape() {
            SelectionShape::DisableAll => return vec![(String::from("*"), DENY)],
            SelectionShape::Only(names) => (names, ALLOW),
            SelectionShape::Disable(names) => (names, DENY),
        };
        let mut rules = Vec::with_capacity(names.len() + 1);
        if action == ALLOW {
            rules.push((String::from("*"), DENY));
        }
        let mut keys: Vec<String> = Vec::with_capacity(names.len());
        for name in names {
            match name {
                OpenCodeName::Builtin(tool) => keys.push(tool.permission().to_owned()),
                OpenCodeName::Mcp(entry) if *entry == McpName::EVERY => {
                    keys.extend(self.server_keys.iter().map(|key| key.as_str().to_owned()));
                }
                OpenCodeName::Mcp(entry) => keys.push(entry.as_str().to_owned()),
            }
        }
        let mut seen = Seen::with_capacity(keys.len());
        for (i, key) in keys.iter().enumerate() {
            if seen.repeat(key, i).is_none() {
                rules.push((key.clone(), action));
            }
        }
        rules
    }

    /// The `permission` map as a JSON object.
    pub fn permission_map(&self) -> Value {
        let rules = self.permission().into_iter().map(|(key, action)| (key, Value::from(action)));
        Value::Object(rules.collect::<Map<String, Value>>())
    }

    /// The `agent` entries that keep OpenCode's limited agents within their own limits
    /// beside an `only` (SPEC §14, [`OpenCodeAgent::intersection`]): `(name, rules)`.
    pub fn agent_limits(&self) -> Vec<(&'static str, Map<String, Value>)> {
        let Some(selection) = &self.selection else { return Vec::new() };
        LIMITED_AGENTS
            .iter()
            .filter_map(|agent| agent.intersection(selection).map(|rules| (agent.name, rules)))
            .filter(|(_, rules)| !rules.is_empty())
            .collect()
    }

    /// `{"explore": {"permission": {...}}, ...}` of [`OpenCodeConfig::agent_limits`]; `None`
    /// when there are none.
    fn agents(&self) -> Option<Value> {
        let limits = self.agent_limits();
        let agents =
            limits.into_iter().map(|(name, rules)| (name.to_owned(), serde_json::json!({"permission": rules})));
        let agents: Map<String, Value> = agents.collect();
        (!agents.is_empty()).then_some(Value::Object(agents))
    }

    /// The fragment of a project's `opencode.json`: `{"permission": {...}}`, and beside an
    /// `only` `{"agent": {"explore": {"permission": {...}}, ...}}`, each limited agent's own
    /// limits again ([`OpenCodeConfig::agent_limits`]); `{}` with no selection.
    pub fn project(&self) -> Value {
        if self.selection.is_none() {
            return Value::Object(Map::new());
        }
        let mut project = serde_json::json!({ "permission": self.permission_map() });
        if let Some(agents) = self.agents() {
            project["agent"] = agents;
        }
        project
    }

    /// The fragment that gives the agent `name` (`build` is `opencode run`'s) this
    /// selection as its own `permission`, which OpenCode reads after the project's: `{"agent":
    /// {name: {"permission": {...}}}}`. For an agent OpenCode limits (`explore`), the map is
    /// the selection's and the agent's own limits read together, so it keeps both.
    pub fn agent(&self, name: &str) -> Value {
        let Some(selection) = &self.selection else { return Value::Object(Map::new()) };
        let limits = OpenCodeAgent::from_name(name).and_then(|agent| agent.intersection(selection));
        let map = match limits {
            Some(limits) => {
                let rules = self.permission().into_iter().map(|(key, action)| (key, Value::from(action)));
                read_together(rules.chain(limits))
            }
            None => self.permission_map(),
        };
        serde_json::json!({ "agent": { name: { "permission": map } } })
    }
}

/// One `permission` object that OpenCode reads as it would read `rules` in order: the last
/// rule whose key is a permission's, or `*`, decides, so a `*` rule drops every rule before
/// it, and a key keeps its last rule after that (`*` sorts first in any order of keys).
fn read_together(rules: impl Iterator<Item = (String, Value)>) -> Value {
    let mut map = Map::new();
    for (key, value) in rules {
        if key == "*" {
            map.clear();
        }
        map.insert(key, value);
    }
    Value::Object(map)
}

/// The keys a selection writes for MCP servers and tools (`*_*` aside), indexed by text.
struct McpKeys<'a>(BTreeSet<&'a str>);

impl<'a> McpKeys<'a> {
    fn of(selection: Option<&'a OpenCodeSelection>) -> McpKeys<'a> {
        let names = match selection.map(OpenCodeSelection::shape) {
            Some(SelectionShape::Only(names) | SelectionShape::Disable(names)) => names,
            _ => &[],
        };
        let mcp = names.iter().filter_map(|name| match name {
            OpenCodeName::Mcp(entry) if *entry != McpName::EVERY => Some(entry.as_str()),
            _ => None,
        });
        McpKeys(mcp.collect())
    }

    /// A key that also matches the tools of the host's server whose own key is `own`
    /// (`gh_x_*` for `gh.x`) though it names another server: only a server name holding `_`
    /// once written can be reached so, by a shorter server's key (`gh_*`) or by a key that
    /// starts as its tools do (`gh_x_y_*`, `gh_x_tool`).
    fn reaching(&self, own: &McpName) -> Option<&'a str> {
        let prefix = own.prefix()?;
        if !prefix.strip_suffix('_')?.contains('_') {
            return None;
        }
        let shorter = prefix.match_indices('_').map(|(i, _)| &prefix[..=i]).filter(|start| *start != prefix);
        let shorter = shorter.into_iter().find_map(|start| self.0.get(format!("{start}*").as_str()).copied());
        let longer = || {
            let from = (Bound::Included(prefix), Bound::Unbounded);
            let starting = self.0.range::<str, _>(from).take_while(|key| key.starts_with(prefix));
            starting.copied().find(|key| key.strip_suffix('*') != Some(prefix))
        };
        shorter.or_else(longer)
    }
}

/// The rules, in order, as a JSON object.
struct Rules<'a>(&'a [(String, &'static str)]);

impl serde::Serialize for Rules<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, action) in self.0 {
            map.serialize_entry(key, action)?;
        }
        map.end()
    }
}

impl serde::Serialize for OpenCodeConfig {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("OpenCodeConfig", 3)?;
        let rules = self.permission();
        match self.selection {
            Some(_) => out.serialize_field("permission", &Rules(&rules))?,
            None => out.serialize_field("permission", &Option::<()>::None)?,
        }
        if let Some(agents) = self.agents() {
            out.serialize_field("agent", &agents)?;
        }
        out.serialize_field("cliVersion", CLI_VERSION)?;
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opencode::catalog::OpenCodeTool;
    use crate::selection::NameLookup;

    fn selection(only: bool, written: &[&str]) -> OpenCodeSelection {
        let names = written.iter().map(|w| OpenCodeName::lookup(w).map(NameLookup::tool).unwrap());
        if only { OpenCodeSelection::only(names) } else { OpenCodeSelection::disable(names) }
    }

    /// OpenCode's own reading of a map (its `disabled`): a tool leaves the request when the
    /// last rule whose key matches its permission is a whole-tool `deny`; keys are patterns
    /// where `*` matches any text.
    fn removed(map: &Value, permission: &str) -> bool {
        let matches = |pattern: &str| match pattern.strip_suffix('*') {
            Some(prefix) => permission.starts_with(prefix),
            None => pattern == permission,
        };
        let rules = map.as_object().unwrap();
        rules.iter().rfind(|(key, _)| matches(key)).is_some_and(|(_, action)| action == DENY)
    }

    #[test]
    fn the_map_says_exactly_what_the_selection_says() {
        let mcp = ["probe_echo", "other_tool", "my_srv_x"];
        let selections = [
            selection(
                true,
                &["read", "list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource", "grep"],
            ),
            selection(true, &["edit", "write", "apply_patch", "probe_*"]),
            selection(true, &["bash", "other_tool", "*_*"]),
            selection(false, &["bash", "webfetch", "probe_*"]),
            selection(false, &["edit", "write", "apply_patch", "other_tool"]),
            OpenCodeSelection::disable_all(),
            selection(true, &[]),
        ];
        for selection in selections {
            let config = OpenCodeConfig::for_host(Some(selection.clone()), ["probe", "my.srv", "other"]).unwrap();
            // Read back as JSON, whose object keys are sorted: the order OpenCode would see
            // after any tool that rewrites the file.
            let map = config.permission_map();
            for tool in OpenCodeTool::ALL {
                let permitted = selection.decide(tool.name()).is_permitted();
                assert_eq!(removed(&map, tool.permission()), !permitted, "{} under {selection:?}: {map}", tool.name());
            }
            for name in mcp {
                let permitted = selection.decide(name).is_permitted();
                assert_eq!(removed(&map, name), !permitted, "{name} under {selection:?}: {map}");
            }
        }
    }

    #[test]
    fn outputs() {
        let config = OpenCodeConfig::new(Some(selection(
            true,
            &["read", "list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource", "grep"],
        )))
        .unwrap();
        let explore = serde_json::json!({"permission": {"*": "deny", "grep": "allow", "read": "allow"}});
        let general = serde_json::json!({"permission": {"todowrite": "deny"}});
        assert_eq!(
            config.project(),
            serde_json::json!({"permission": {"*": "deny", "read": "allow", "grep": "allow"}, "agent": {"explore": explore, "general": general}})
        );
        assert_eq!(
            serde_json::to_string(&config).unwrap(),
            r#"{"permission":{"*":"deny","read":"allow","grep":"allow"},"agent":{"explore":{"permission":{"*":"deny","grep":"allow","read":"allow"}},"general":{"permission":{"todowrite":"deny"}}},"cliVersion":"1.18.33"}"#
        );
        // An agent OpenCode limits, given the selection as its own map, keeps its limits.
        assert_eq!(
            config.agent("explore"),
            serde_json::json!({"agent": {"explore": {"permission": {"*": "deny", "read": "allow", "grep": "allow"}}}})
        );
        let deny = OpenCodeConfig::new(Some(selection(false, &["bash"]))).unwrap();
        assert_eq!(deny.agent("build"), serde_json::json!({"agent": {"build": {"permission": {"bash": "deny"}}}}));
        assert_eq!(OpenCodeConfig::new(None).unwrap().project(), serde_json::json!({}));
        let part = OpenCodeConfig::new(Some(selection(true, &["write"]))).unwrap_err().to_string();
        assert_eq!(
            part,
            "`write` cannot be listed alone: OpenCode's `edit` permission governs `apply_patch`, `edit`, `write` together; add `apply_patch`, `edit`, or list none of them"
        );
    }
}
