//! The JSON front door: agent definitions and single entries (SPEC §1.3, §4).
//!
//! Every error of a document is reported at once, each at its RFC 6901 pointer. Documents
//! are bounded: at most [`MAX_DOCUMENT_BYTES`] bytes and [`MAX_NESTING`] levels.

use serde_json::Value;

use crate::entry::{ClientMode, EntryDraft, PolicyEntry, SlotDraft};
use crate::error::{At, Error, Located, Report, Slot, Warning};
use crate::policy::ResolvedPolicy;
use crate::subagents::{self, CustomAgentConfig};
use crate::suggest::did_you_mean;

/// The `kind` of a Copilot policy entry.
pub const ENTRY_KIND: &str = "github-cli-builtin-tools";
/// The keys a policy entry accepts.
pub const ENTRY_KEYS: &[&str] =
    &["kind", "name", "description", "bindings", "available-tools", "excluded-tools", "client-mode"];
/// The keys a selector accepts.
pub const SELECTOR_KEYS: &[&str] = &["tools", "isolated"];
/// The largest document accepted, in bytes.
pub const MAX_DOCUMENT_BYTES: usize = 4 * 1024 * 1024;
/// The deepest nesting accepted (the recursion limit of `serde_json`).
pub const MAX_NESTING: usize = 128;

/// Why a document was not loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The text is not JSON (the CLI's exit code 2).
    NotJson(String),
    /// The document is JSON but breaks rules; every error is in the report (exit code 1).
    Invalid(Report),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotJson(message) => write!(f, "not JSON: {message}"),
            LoadError::Invalid(report) => report.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}

/// A loaded agent definition or single entry.
#[derive(Clone, Debug)]
pub struct Loaded {
    entry: Option<PolicyEntry>,
    policy: ResolvedPolicy,
    warnings: Vec<Located<Warning>>,
    custom_agents: Option<Vec<CustomAgentConfig>>,
    document: Value,
    policy_index: Option<usize>,
}

impl Loaded {
    /// The policy entry as authored; `None` when the definition has none.
    pub fn entry(&self) -> Option<&PolicyEntry> {
        self.entry.as_ref()
    }

    /// The resolved policy (the default policy when the definition has no entry).
    pub fn policy(&self) -> &ResolvedPolicy {
        &self.policy
    }

    /// Takes the resolved policy.
    pub fn into_policy(self) -> ResolvedPolicy {
        self.policy
    }

    /// Valid, but probably not meant: unknown built-in names, near-miss kinds.
    pub fn warnings(&self) -> &[Located<Warning>] {
        &self.warnings
    }

    /// The definition's `customAgents`, validated; `None` when it has none.
    pub fn custom_agents(&self) -> Option<&[CustomAgentConfig]> {
        self.custom_agents.as_deref()
    }

    /// The definition's other tool entries, untouched, for the code that builds the agent's
    /// tools. The policy entry is never among them.
    pub fn other_tools(&self) -> impl Iterator<Item = &Value> {
        let tools = self.document.get("tools").and_then(Value::as_array);
        let skip = self.policy_index;
        tools.into_iter().flatten().enumerate().filter(move |(i, _)| Some(*i) != skip).map(|(_, tool)| tool)
    }

    /// The whole document as it was read.
    pub fn document(&self) -> &Value {
        &self.document
    }
}

/// Loads a document: a single entry when its top-level `kind` is
/// `github-cli-builtin-tools`, otherwise an agent definition.
pub fn load(text: &str) -> Result<Loaded, LoadError> {
    load_value(parse(text)?)
}

/// Loads an agent definition (`{"tools": [...], ...}`).
pub fn load_definition(text: &str) -> Result<Loaded, LoadError> {
    load_definition_value(parse(text)?)
}

/// Loads a single policy entry.
pub fn load_entry(text: &str) -> Result<Loaded, LoadError> {
    load_entry_value(parse(text)?)
}

/// [`load`] for a parsed document.
pub fn load_value(document: Value) -> Result<Loaded, LoadError> {
    if document.get("kind").and_then(Value::as_str) == Some(ENTRY_KIND) {
        load_entry_value(document)
    } else {
        load_definition_value(document)
    }
}

/// [`load_entry`] for a parsed document.
pub fn load_entry_value(document: Value) -> Result<Loaded, LoadError> {
    let mut sink = Sink::default();
    let entry = entry(&document, Ptr::Root, true, &mut sink);
    sink.finish(document, entry.map(|e| (None, e)), None)
}

/// [`load_definition`] for a parsed document.
pub fn load_definition_value(document: Value) -> Result<Loaded, LoadError> {
    let mut sink = Sink::default();
    let Some(map) = document.as_object() else {
        sink.error(Ptr::Root, wrong_type("an agent definition object", &document));
        return sink.finish(document, None, None);
    };
    let mut found: Option<(usize, Option<PolicyEntry>)> = None;
    if let Some(tools) = map.get("tools") {
        let at = Ptr::Root.key("tools");
        match tools {
            Value::Array(tools) => {
                for (i, tool) in tools.iter().enumerate() {
                    let at = at.index(i);
                    let Some(object) = tool.as_object() else {
                        sink.error(at, wrong_type("a tool entry object", tool));
                        continue;
                    };
                    match object.get("kind").and_then(Value::as_str) {
                        Some(ENTRY_KIND) => {
                            let loaded = entry(tool, at, false, &mut sink);
                            match &found {
                                Some((first, _)) => sink.error(at, Error::SecondPolicyEntry { first: *first }),
                                None => found = Some((i, loaded)),
                            }
                        }
                        Some(kind) if did_you_mean(kind, [ENTRY_KIND]).is_some() => {
                            sink.warn(at.key("kind"), Warning::NearMissKind { kind: kind.to_owned() });
                        }
                        _ => {}
                    }
                }
            }
            other => sink.error(at, wrong_type("an array of tool entries", other)),
        }
    }
    let custom_agents = map.get("customAgents").map(|agents| {
        subagents::load_custom_agents(agents, |i, error| {
            let at = Ptr::Root.key("customAgents");
            match i {
                subagents::AgentAt::List => sink.error(at, error),
                subagents::AgentAt::Agent(a) => sink.error(at.index(a), error),
                subagents::AgentAt::Key(a, key) => sink.error(at.index(a).key(key), error),
                subagents::AgentAt::Tool(a, t) => sink.error(at.index(a).key("tools").index(t), error),
            }
        })
    });
    let (index, entry) = match found {
        Some((i, Some(entry))) => (Some(i), Some(entry)),
        Some((i, None)) => (Some(i), None),
        None => (None, None),
    };
    let policy = entry.map(|e| (index, e));
    sink.finish(document, policy, custom_agents.flatten())
}

/// Parses text with the size and depth limits.
pub fn parse(text: &str) -> Result<Value, LoadError> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(invalid_document(Error::DocumentTooLarge { size: text.len(), limit: MAX_DOCUMENT_BYTES }));
    }
    serde_json::from_str(text).map_err(|error| {
        if nesting_exceeds(text.as_bytes(), MAX_NESTING) {
            invalid_document(Error::TooDeep { limit: MAX_NESTING })
        } else {
            LoadError::NotJson(error.to_string())
        }
    })
}

fn invalid_document(error: Error) -> LoadError {
    LoadError::Invalid(Report { errors: vec![Located { pointer: String::new(), item: error }], warnings: Vec::new() })
}

/// Whether brackets outside strings nest deeper than `limit` (only read after a parse
/// error, to tell "too deep" from "not JSON").
fn nesting_exceeds(bytes: &[u8], limit: usize) -> bool {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for &b in bytes {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// One policy entry object. `single` when the entry is the whole document (then `kind` is
/// required and checked; in a definition it was what selected this entry).
fn entry(value: &Value, at: Ptr<'_>, single: bool, sink: &mut Sink) -> Option<PolicyEntry> {
    let Some(map) = value.as_object() else {
        sink.error(at, wrong_type("a policy entry object", value));
        return None;
    };
    let mut draft = EntryDraft::default();
    for (key, value) in map {
        let key_at = at.key(key);
        match key.as_str() {
            "kind" => match value.as_str() {
                Some(ENTRY_KIND) => {}
                Some(kind) => sink.error(key_at, Error::WrongKind { found: kind.to_owned(), expected: ENTRY_KIND }),
                None => sink.error(key_at, wrong_type("a string", value)),
            },
            "name" | "description" => {
                if !value.is_string() {
                    sink.error(key_at, wrong_type("a string", value));
                }
            }
            "bindings" => match value.as_array() {
                Some(bindings) => {
                    for (i, binding) in bindings.iter().enumerate() {
                        if !binding.is_object() {
                            sink.error(key_at.index(i), wrong_type("a binding object", binding));
                        }
                    }
                }
                None => sink.error(key_at, wrong_type("an array of binding objects", value)),
            },
            "available-tools" => draft.available = selector(value, key_at, sink),
            "excluded-tools" => draft.excluded = selector(value, key_at, sink),
            "client-mode" => match value.as_str().map(ClientMode::parse_json) {
                Some(Ok(mode)) => draft.client_mode = Some(mode),
                Some(Err(error)) => {
                    sink.error(key_at, error);
                    draft.client_mode_invalid = true;
                }
                None => {
                    sink.error(key_at, wrong_type("`\"copilot-cli\"` or `\"empty\"`", value));
                    draft.client_mode_invalid = true;
                }
            },
            _ => sink.error(key_at, Error::UnknownKey { key: key.clone(), expected: ENTRY_KEYS }),
        }
    }
    if single && !map.contains_key("kind") {
        sink.error(at, Error::MissingKind);
    }
    let mut errors = Vec::new();
    let entry = draft.check(&mut errors);
    for (place, error) in errors {
        sink.error_at(at, place, error);
    }
    if let Some(entry) = &entry {
        for (place, warning) in entry.warnings() {
            let pointer = entry_pointer(at, place);
            sink.report.warnings.push(Located { pointer, item: warning });
        }
    }
    entry
}

/// One selector object.
fn selector<'v>(value: &'v Value, at: Ptr<'_>, sink: &mut Sink) -> SlotDraft<'v> {
    let Some(map) = value.as_object() else {
        sink.error(at, wrong_type("a selector object (`{\"tools\": [...]}` or `{\"isolated\": true}`)", value));
        return SlotDraft::Invalid;
    };
    let mut valid = true;
    for key in map.keys().filter(|k| !SELECTOR_KEYS.contains(&k.as_str())) {
        sink.error(at.key(key), Error::UnknownKey { key: key.clone(), expected: SELECTOR_KEYS });
        valid = false;
    }
    let tools = map.get("tools").map(|tools| {
        let at = at.key("tools");
        let Some(items) = tools.as_array() else {
            sink.error(at, wrong_type("an array of tool names", tools));
            return None;
        };
        let items: Vec<Option<&str>> = items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let name = item.as_str();
                if name.is_none() {
                    sink.error(at.index(i), wrong_type("a tool name string", item));
                }
                name
            })
            .collect();
        Some(items)
    });
    let isolated = map.get("isolated").map(|isolated| {
        let ok = isolated == &Value::Bool(true);
        if !ok {
            sink.error(at.key("isolated"), Error::IsolatedNotTrue);
        }
        ok
    });
    match (tools, isolated) {
        (Some(_), Some(_)) => {
            sink.error(at, Error::BothSelectorKeys);
            SlotDraft::Invalid
        }
        (None, None) => {
            if valid {
                sink.error(at, Error::EmptySelector);
            }
            SlotDraft::Invalid
        }
        (Some(Some(items)), None) if valid => SlotDraft::Tools(items),
        (None, Some(true)) if valid => SlotDraft::Isolated,
        _ => SlotDraft::Invalid,
    }
}

fn wrong_type(expected: &'static str, found: &Value) -> Error {
    Error::WrongType { expected, found: type_name(found) }
}

/// The JSON type of a value, as an error message says it.
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A JSON pointer under construction, rendered only when something is reported.
#[derive(Clone, Copy)]
pub(crate) enum Ptr<'a> {
    Root,
    Key(&'a Ptr<'a>, &'a str),
    Index(&'a Ptr<'a>, usize),
}

impl<'a> Ptr<'a> {
    pub(crate) fn key(&'a self, key: &'a str) -> Ptr<'a> {
        Ptr::Key(self, key)
    }

    pub(crate) fn index(&'a self, index: usize) -> Ptr<'a> {
        Ptr::Index(self, index)
    }

    /// RFC 6901: `~` as `~0`, `/` as `~1`; the root is the empty string.
    pub(crate) fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(&mut out);
        out
    }

    fn render_into(&self, out: &mut String) {
        match self {
            Ptr::Root => {}
            Ptr::Key(parent, key) => {
                parent.render_into(out);
                out.push('/');
                for c in key.chars() {
                    match c {
                        '~' => out.push_str("~0"),
                        '/' => out.push_str("~1"),
                        c => out.push(c),
                    }
                }
            }
            Ptr::Index(parent, index) => {
                parent.render_into(out);
                out.push('/');
                out.push_str(&index.to_string());
            }
        }
    }
}

/// The pointer of a place inside an entry located at `entry`.
fn entry_pointer(entry: Ptr<'_>, place: At) -> String {
    let slot_at = |slot: Slot| entry.render() + "/" + slot.json_key();
    match place {
        At::Entry | At::ClaudeList | At::ClaudeTool(_) => entry.render(),
        At::ClientMode => entry.render() + "/client-mode",
        At::Selector(slot) => slot_at(slot),
        At::Tools(slot) => slot_at(slot) + "/tools",
        At::Tool(slot, i) => format!("{}/tools/{i}", slot_at(slot)),
    }
}

#[derive(Default)]
struct Sink {
    report: Report,
}

impl Sink {
    fn error(&mut self, at: Ptr<'_>, error: Error) {
        self.report.errors.push(Located { pointer: at.render(), item: error });
    }

    fn error_at(&mut self, entry: Ptr<'_>, place: At, error: Error) {
        self.report.errors.push(Located { pointer: entry_pointer(entry, place), item: error });
    }

    fn warn(&mut self, at: Ptr<'_>, warning: Warning) {
        self.report.warnings.push(Located { pointer: at.render(), item: warning });
    }

    fn finish(
        self,
        document: Value,
        policy: Option<(Option<usize>, PolicyEntry)>,
        custom_agents: Option<Vec<CustomAgentConfig>>,
    ) -> Result<Loaded, LoadError> {
        if !self.report.errors.is_empty() {
            return Err(LoadError::Invalid(self.report));
        }
        let (policy_index, entry) = match policy {
            Some((index, entry)) => (index, Some(entry)),
            None => (None, None),
        };
        Ok(Loaded {
            policy: entry.as_ref().map_or(ResolvedPolicy::DEFAULT, PolicyEntry::resolve),
            entry,
            warnings: self.report.warnings,
            custom_agents,
            document,
            policy_index,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn errors(text: &str) -> Vec<(String, String)> {
        match load(text) {
            Err(LoadError::Invalid(report)) => {
                report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect()
            }
            other => panic!("expected invalid, got {other:?}"),
        }
    }

    fn pointers(text: &str) -> Vec<String> {
        errors(text).into_iter().map(|(p, _)| p).collect()
    }

    #[test]
    fn pointers_escape() {
        let root = Ptr::Root;
        let a = root.key("a/b~c");
        let b = a.index(3);
        assert_eq!(b.render(), "/a~1b~0c/3");
        assert_eq!(root.render(), "");
    }

    #[test]
    fn definition_without_entry_is_the_default_policy() {
        let loaded = load(r#"{"name": "x", "tools": [{"kind": "mcp", "x": 1}]}"#).unwrap();
        assert_eq!(loaded.policy(), &ResolvedPolicy::DEFAULT);
        assert_eq!(loaded.other_tools().count(), 1);
        assert!(loaded.entry().is_none());
    }

    #[test]
    fn policy_entry_never_reaches_other_tools() {
        let loaded = load(
            r#"{"tools": [{"kind": "mcp"}, {"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["*"]}}, {"kind": "function"}]}"#,
        )
        .unwrap();
        let kinds: Vec<&Value> = loaded.other_tools().map(|t| &t["kind"]).collect();
        assert_eq!(kinds, [&json!("mcp"), &json!("function")]);
        assert_eq!(
            serde_json::to_value(loaded.policy()).unwrap(),
            json!({"clientMode": "copilot-cli", "excludedTools": ["builtin:*"], "toolFilterPrecedence": "excluded"})
        );
    }

    #[test]
    fn every_error_at_once_with_pointers() {
        let found = pointers(
            r#"{"tools": [
                {"kind": "mcp"},
                {"kind": "github-cli-builtin-tools", "availableTools": {},
                 "available-tools": {"tools": ["foo:bar", 3, "bash*"]},
                 "excluded-tools": {"isolated": false}, "client-mode": "emtpy"}
            ]}"#,
        );
        assert_eq!(
            found,
            [
                "/tools/1/available-tools/tools/1",
                "/tools/1/availableTools",
                "/tools/1/client-mode",
                "/tools/1/excluded-tools/isolated",
                "/tools/1/available-tools/tools/0",
                "/tools/1/available-tools/tools/2",
            ]
        );
        let messages = errors(r#"{"kind": "github-cli-builtin-tools", "availableTools": {"tools": []}}"#);
        assert_eq!(
            messages[0].1,
            "unknown key `availableTools`; expected `kind`, `name`, `description`, `bindings`, `available-tools`, `excluded-tools` or `client-mode` (did you mean `available-tools`?)"
        );
    }

    #[test]
    fn selector_shapes() {
        let entry = |sel: &str| format!(r#"{{"kind": "github-cli-builtin-tools", "excluded-tools": {sel}}}"#);
        assert_eq!(errors(&entry("{}"))[0].1, Error::EmptySelector.to_string());
        assert_eq!(
            errors(&entry(r#"{"tools": [], "isolated": true}"#))[0],
            ("/excluded-tools".into(), Error::BothSelectorKeys.to_string())
        );
        assert_eq!(pointers(&entry(r#"{"isolated": false}"#)), ["/excluded-tools/isolated"]);
        assert_eq!(pointers(&entry(r#"{"isolated": 1}"#)), ["/excluded-tools/isolated"]);
        assert_eq!(pointers(&entry(r#"{"tools": [], "only": 1}"#)), ["/excluded-tools/only"]);
        assert_eq!(pointers(&entry(r#"{"tool": ["bash"]}"#)), ["/excluded-tools/tool"]);
        assert_eq!(pointers(&entry(r#"{"tools": "bash"}"#)), ["/excluded-tools/tools"]);
        assert_eq!(pointers(&entry("[]")), ["/excluded-tools"]);
        assert_eq!(pointers(&entry(r#"{"tools": ["bash", "builtin:bash"]}"#)), ["/excluded-tools/tools/1"]);
        assert!(load(&entry(r#"{"tools": []}"#)).is_ok());
        assert!(load(&entry(r#"{"isolated": true}"#)).is_ok());
    }

    #[test]
    fn entry_keys_and_types() {
        assert_eq!(
            pointers(
                r#"{"kind": "github-cli-builtin-tools", "name": 1, "description": [], "bindings": [1], "client-mode": 2}"#
            ),
            ["/bindings/0", "/client-mode", "/description", "/name"]
        );
        assert_eq!(pointers(r#"{"kind": "github-cli-builtin-tools", "bindings": {}}"#), ["/bindings"]);
        assert!(
            load(r#"{"kind": "github-cli-builtin-tools", "name": "n", "description": "d", "bindings": [{"a": 1}]}"#)
                .is_ok()
        );
    }

    #[test]
    fn single_entry_needs_its_kind() {
        let report = match load_entry(r#"{"available-tools": {"tools": []}}"#) {
            Err(LoadError::Invalid(report)) => report,
            other => panic!("{other:?}"),
        };
        assert_eq!(report.errors[0].pointer, "");
        assert_eq!(report.errors[0].item, Error::MissingKind);
        let report = match load_entry(r#"{"kind": "github-cli-builtin-tool"}"#) {
            Err(LoadError::Invalid(report)) => report,
            other => panic!("{other:?}"),
        };
        assert!(report.errors[0].item.to_string().contains("did you mean `github-cli-builtin-tools`?"));
    }

    #[test]
    fn interlock_pointers() {
        assert_eq!(pointers(r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty"}"#), ["/client-mode"]);
        assert_eq!(
            pointers(
                r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty", "available-tools": {"tools": []}}"#
            ),
            ["/available-tools/tools"]
        );
        assert_eq!(
            pointers(
                r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty", "excluded-tools": {"tools": ["*"]}}"#
            ),
            ["/client-mode"]
        );
    }

    #[test]
    fn second_entry_is_an_error_at_the_second() {
        let found = errors(
            r#"{"tools": [{"kind": "github-cli-builtin-tools"}, {"kind": "x"}, {"kind": "github-cli-builtin-tools"}]}"#,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, "/tools/2");
        assert!(found[0].1.contains("the first is /tools/0"));
    }

    #[test]
    fn definition_shape_errors() {
        assert_eq!(pointers("[]"), [""]);
        assert_eq!(pointers(r#"{"tools": {}}"#), ["/tools"]);
        assert_eq!(pointers(r#"{"tools": [1, "x"]}"#), ["/tools/0", "/tools/1"]);
    }

    #[test]
    fn near_miss_kind_is_a_warning() {
        let loaded =
            load(r#"{"tools": [{"kind": "github-cli-builtin-tool", "excluded-tools": {"tools": ["*"]}}]}"#).unwrap();
        assert_eq!(loaded.policy(), &ResolvedPolicy::DEFAULT);
        assert_eq!(loaded.warnings()[0].pointer, "/tools/0/kind");
    }

    #[test]
    fn unknown_builtins_warn() {
        let loaded = load(r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bsah"]}}"#).unwrap();
        assert_eq!(loaded.warnings()[0].pointer, "/excluded-tools/tools/0");
        assert!(loaded.warnings()[0].item.to_string().contains("did you mean `bash`?"));
    }

    #[test]
    fn limits() {
        let deep = "[".repeat(1000) + &"]".repeat(1000);
        match load(&deep) {
            Err(LoadError::Invalid(report)) => assert_eq!(report.errors[0].item, Error::TooDeep { limit: MAX_NESTING }),
            other => panic!("{other:?}"),
        }
        let large = format!("[{}]", "0,".repeat(MAX_DOCUMENT_BYTES / 2) + "0");
        match load(&large) {
            Err(LoadError::Invalid(report)) => {
                assert!(matches!(report.errors[0].item, Error::DocumentTooLarge { .. }));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(load("{"), Err(LoadError::NotJson(_))));
        assert!(matches!(load(r#"["\"[[[[" "#), Err(LoadError::NotJson(_))));
    }
}
