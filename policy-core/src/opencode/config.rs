//! What OpenCode receives (SPEC §10): a `permission` map of whole-tool actions, for the
//! project's `opencode.json` or for an agent's own `permission`.

use serde::ser::{SerializeMap, SerializeStruct};
use serde_json::{Map, Value};

use super::names::{McpName, OpenCodeName};
use super::selection::OpenCodeSelection;
use crate::error::Error;
use crate::names::wire::{is_name_char, written_as};
use crate::opencode::catalog::CLI_VERSION;
use crate::seen::Seen;
use crate::selection::{SelectionShape, part_of_groups};

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
    mcp_servers: Vec<String>,
}

impl OpenCodeConfig {
    /// The configuration of `selection`; a selection naming part of a permission's tools is
    /// refused ([`Error::PartOfGroup`]: OpenCode cannot take part of it).
    pub fn new(selection: Option<OpenCodeSelection>) -> Result<OpenCodeConfig, Error> {
        if let Some(SelectionShape::Only(names) | SelectionShape::Disable(names)) =
            selection.as_ref().map(|s| s.shape())
        {
            if let Some((_, error)) = part_of_groups(names).into_iter().next() {
                return Err(error);
            }
        }
        Ok(OpenCodeConfig::checked(selection))
    }

    /// A selection the reader checked: every group whole.
    pub(crate) fn checked(selection: Option<OpenCodeSelection>) -> OpenCodeConfig {
        OpenCodeConfig { selection, mcp_servers: Vec::new() }
    }

    /// The MCP servers the host configures (as named in its `mcp` settings): `*_*` stands for
    /// each one's tools. A server the host does not name keeps none of its tools under `*_*`.
    #[must_use]
    pub fn with_mcp_servers<S: Into<String>>(mut self, servers: impl IntoIterator<Item = S>) -> OpenCodeConfig {
        self.mcp_servers = servers.into_iter().map(Into::into).collect();
        self
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
                    keys.extend(self.mcp_servers.iter().map(|server| format!("{}_*", sanitized(server))));
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

    /// The fragment of a project's `opencode.json`: `{"permission": {...}}`; `{}` with no
    /// selection.
    pub fn project(&self) -> Value {
        match self.selection {
            Some(_) => serde_json::json!({ "permission": self.permission_map() }),
            None => Value::Object(Map::new()),
        }
    }

    /// The fragment that gives the agent `name` (`build` is `opencode run`'s) this
    /// selection as its own `permission`, which OpenCode reads after the project's: `{"agent":
    /// {name: {"permission": {...}}}}`.
    pub fn agent(&self, name: &str) -> Value {
        match self.selection {
            Some(_) => serde_json::json!({ "agent": { name: { "permission": self.permission_map() } } }),
            None => Value::Object(Map::new()),
        }
    }
}

/// A server's name as OpenCode writes it in its tools' names: any character but a letter,
/// a digit, `_` and `-` becomes `_`.
fn sanitized(server: &str) -> String {
    written_as(server, is_name_char, '_')
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
        let mut out = serializer.serialize_struct("OpenCodeConfig", 2)?;
        let rules = self.permission();
        match self.selection {
            Some(_) => out.serialize_field("permission", &Rules(&rules))?,
            None => out.serialize_field("permission", &Option::<()>::None)?,
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
            let config =
                OpenCodeConfig::new(Some(selection.clone())).unwrap().with_mcp_servers(["probe", "my.srv", "other"]);
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
        assert_eq!(
            config.project(),
            serde_json::json!({"permission": {"*": "deny", "read": "allow", "grep": "allow"}})
        );
        assert_eq!(
            serde_json::to_string(&config).unwrap(),
            r#"{"permission":{"*":"deny","read":"allow","grep":"allow"},"cliVersion":"1.18.33"}"#
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
