//! What the Gemini CLI receives (SPEC §5): a settings fragment for an allow-list, a policy
//! file of `deny` rules for a deny-list, and the flag that passes the file.

use std::fmt::Write as _;

use serde::ser::SerializeStruct;
use serde_json::{Map, Value};

use super::names::GeminiName;
use super::selection::GeminiSelection;
use crate::gemini_cli::catalog::{CLI_VERSION, CORE_ALSO};
use crate::seen::Seen;
use crate::selection::SelectionShape;

/// The priority of every rule the library writes: the highest a policy file can give, so a
/// rule outranks every rule the CLI makes from settings (`tools.core` allows at 250,
/// `tools.exclude` at 400, excluded MCP servers at 900) in the same (user) tier.
pub const RULE_PRIORITY: u16 = 999;

/// The policy file's name in [`GeminiCliConfig::args`] unless the host names another.
pub const DEFAULT_POLICY_FILE: &str = "tool-policy.toml";

/// What a host writes and passes to the Gemini CLI for a selection; `None`: no selection,
/// nothing to write. What `tool-policy resolve --runtime gemini-cli` prints:
/// `{"settings": {...}, "policy": "TOML" | null, "args": [...], "cliVersion": "0.61.0"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeminiCliConfig {
    selection: Option<GeminiSelection>,
    policy_file: String,
}

impl GeminiCliConfig {
    /// The configuration of `selection`, its policy file named [`DEFAULT_POLICY_FILE`].
    pub fn new(selection: Option<GeminiSelection>) -> GeminiCliConfig {
        GeminiCliConfig { selection, policy_file: DEFAULT_POLICY_FILE.to_owned() }
    }

    /// The path the host writes [`GeminiCliConfig::policy`] to, as `--policy` will name it.
    #[must_use]
    pub fn with_policy_file(mut self, path: impl Into<String>) -> GeminiCliConfig {
        self.policy_file = path.into();
        self
    }

    /// The selection.
    pub fn selection(&self) -> Option<&GeminiSelection> {
        self.selection.as_ref()
    }

    /// The settings fragment: `{"tools": {"core": [...]}}` for `only` (the MCP entries it
    /// lists included, since `tools.core` governs MCP tools too; `update_topic` with its
    /// registration name `UpdateTopicTool`) and for `disable: "*"` (`[]`); `{}` otherwise. Merge it with [`GeminiCliConfig::merged_settings`].
    pub fn settings(&self) -> Value {
        match self.core() {
            Some(core) => serde_json::json!({ "tools": { "core": core } }),
            None => Value::Object(Map::new()),
        }
    }

    /// `tools.core`: each name, and for a tool the CLI registers by another name
    /// ([`CORE_ALSO`]) that name after it.
    fn core(&self) -> Option<Vec<&str>> {
        let names = match self.selection.as_ref()?.shape() {
            SelectionShape::DisableAll => return Some(Vec::new()),
            SelectionShape::Only(names) => names,
            SelectionShape::Disable(_) => return None,
        };
        let mut core = Vec::with_capacity(names.len() + 1);
        for name in names {
            core.push(name.as_str());
            if let GeminiName::Builtin(tool) = name {
                core.extend(CORE_ALSO.iter().filter(|(t, _)| t == tool).map(|(_, also)| *also));
            }
        }
        Some(core)
    }

    /// The user's settings with this fragment applied, never wider than they were: where
    /// the user's `tools.core` is a list, the result keeps only the names both lists give
    /// (compared as written); every other setting, `tools.exclude` included, stays.
    pub fn merged_settings(&self, user: &Value) -> Value {
        let mut merged = user.clone();
        let Some(mut core) = self.core() else { return merged };
        let theirs = user.pointer("/tools/core").and_then(Value::as_array);
        if let Some(theirs) = theirs {
            let theirs = Seen::of(theirs.iter().filter_map(Value::as_str));
            core.retain(|name| theirs.contains(name));
        }
        let core = Value::from(core);
        match merged.as_object_mut() {
            Some(root) => match root.entry("tools").or_insert_with(|| Value::Object(Map::new())) {
                Value::Object(tools) => {
                    tools.insert("core".to_owned(), core);
                }
                other => *other = serde_json::json!({ "core": core }),
            },
            None => merged = serde_json::json!({ "tools": { "core": core } }),
        }
        merged
    }

    /// The policy file for `disable: [...]`: one `deny` rule without an argument pattern per
    /// name (such a rule hides the tool from the model), at [`RULE_PRIORITY`]; `None` for
    /// the other shapes.
    pub fn policy(&self) -> Option<String> {
        let SelectionShape::Disable(names) = self.selection.as_ref()?.shape() else { return None };
        if names.is_empty() {
            return None;
        }
        let mut text = format!(
            "# Gemini CLI {CLI_VERSION} deny rules from tool-policy. Pass this file with --policy (user tier);\n# a workspace-tier file (.gemini/policies) does nothing.\n"
        );
        for name in names {
            // Names are checked: built-ins and MCP entries hold no quote or backslash.
            // Writing to a `String` cannot fail.
            let _ =
                write!(text, "\n[[rule]]\ntoolName = \"{name}\"\ndecision = \"deny\"\npriority = {RULE_PRIORITY}\n");
        }
        Some(text)
    }

    /// The CLI arguments: `--policy=<file>` when there is a policy file, always in
    /// `--flag=value` form (`--policy` takes a list and would swallow a following prompt).
    pub fn args(&self) -> Vec<String> {
        match self.policy() {
            Some(_) => vec![format!("--policy={}", self.policy_file)],
            None => Vec::new(),
        }
    }
}

impl serde::Serialize for GeminiCliConfig {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("GeminiCliConfig", 4)?;
        s.serialize_field("settings", &self.settings())?;
        s.serialize_field("policy", &self.policy())?;
        s.serialize_field("args", &self.args())?;
        s.serialize_field("cliVersion", CLI_VERSION)?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gemini_cli::catalog::GeminiTool;
    use crate::gemini_cli::{GeminiName, GeminiSelection, McpEntry};
    use serde_json::json;

    #[test]
    fn what_each_shape_becomes() {
        let only = GeminiCliConfig::new(Some(GeminiSelection::only([
            GeminiTool::ReadFile.into(),
            GeminiName::Mcp(McpEntry::new("mcp_probe_*").unwrap()),
        ])));
        assert_eq!(only.settings(), json!({"tools": {"core": ["read_file", "mcp_probe_*"]}}));
        assert_eq!((only.policy(), only.args()), (None, Vec::<String>::new()));
        let topic = GeminiCliConfig::new(Some(GeminiSelection::only([GeminiTool::UpdateTopic.into()])));
        assert_eq!(topic.settings(), json!({"tools": {"core": ["update_topic", "UpdateTopicTool"]}}));
        let none = GeminiCliConfig::new(Some(GeminiSelection::disable_all()));
        assert_eq!(none.settings(), json!({"tools": {"core": []}}));
        let deny = GeminiCliConfig::new(Some(GeminiSelection::disable([GeminiTool::RunShellCommand.into()])))
            .with_policy_file("/run/p.toml");
        assert_eq!(deny.settings(), json!({}));
        let policy = deny.policy().unwrap();
        assert!(
            policy.ends_with("\n[[rule]]\ntoolName = \"run_shell_command\"\ndecision = \"deny\"\npriority = 999\n")
        );
        assert_eq!(deny.args(), ["--policy=/run/p.toml"]);
        let empty = GeminiCliConfig::new(Some(GeminiSelection::disable([])));
        assert_eq!((empty.policy(), empty.args()), (None, Vec::<String>::new()));
        let out = serde_json::to_value(GeminiCliConfig::new(None)).unwrap();
        assert_eq!(out, json!({"settings": {}, "policy": null, "args": [], "cliVersion": "0.61.0"}));
    }

    #[test]
    fn merging_never_widens() {
        let only = GeminiCliConfig::new(Some(GeminiSelection::only([
            GeminiTool::ReadFile.into(),
            GeminiTool::RunShellCommand.into(),
        ])));
        let user = json!({"tools": {"core": ["read_file", "glob"], "exclude": ["web_fetch"]}, "model": {"name": "x"}});
        let merged = only.merged_settings(&user);
        assert_eq!(merged, json!({"tools": {"core": ["read_file"], "exclude": ["web_fetch"]}, "model": {"name": "x"}}));
        assert_eq!(only.merged_settings(&json!({})), json!({"tools": {"core": ["read_file", "run_shell_command"]}}));
        let deny = GeminiCliConfig::new(Some(GeminiSelection::disable([GeminiTool::Glob.into()])));
        assert_eq!(deny.merged_settings(&user), user);
    }
}
