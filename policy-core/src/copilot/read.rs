//! Copilot agent definitions (`{"tools": [...], "customAgents": [...], ...}`) and single
//! `github-cli-builtin-tools` entries (SPEC §1.3).

use std::borrow::Cow;
use std::collections::HashMap;

use serde_json::value::RawValue;

use super::places::{DEFINITION, ENTRY, OTHER_TOOL, PASSED, SELECTOR};
use super::read_agents as custom_agents;
use crate::copilot::agents::{CustomAgent, DefaultAgent};
use crate::copilot::entry::{
    EntryDraft, PolicyEntry, Selector, SlotDraft, is_unknown_builtin, unknown_builtin_warning,
};
use crate::copilot::lints::{lint_agents, lint_entry};
use crate::copilot::resolved::{ClientMode, ResolvedPolicy};
use crate::error::{At, Error, Located, Stray, Warning};
use crate::names::vocab::{
    CAPABILITIES_KEY, CLIENT_MODE_KEY, CUSTOM_AGENTS_KEY, DEFAULT_AGENT_KEY, ENTRY_KIND, KIND_KEY, MCP_TOOLS_KEY, Slot,
    TOOLS_KEY,
};
use crate::portable::Portable;
use crate::portable::read::portable;
use crate::reader::closed::Verdict;
use crate::reader::misplaced::{is_entry_kind, nested_policies};
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{self as reader, Fields, Node, Ptr, Sink, tool_names, unique_keys, wrong_type};

/// A read Copilot agent definition or single entry. It keeps the document's text, so other
/// tool entries pass through byte for byte.
#[derive(Clone, Debug)]
pub struct CopilotDocument {
    entry: Option<PolicyEntry>,
    portable: Option<Portable>,
    policy: ResolvedPolicy,
    warnings: Vec<Located<Warning>>,
    omitted_warnings: usize,
    custom_agents: Option<Vec<CustomAgent>>,
    default_agent: Option<DefaultAgent>,
    text: Box<str>,
    policy_index: Option<usize>,
}

impl CopilotDocument {
    /// The policy entry as authored; `None` when the definition has none.
    pub fn entry(&self) -> Option<&PolicyEntry> {
        self.entry.as_ref()
    }

    /// The portable policy (SPEC §7) the entry was resolved from, when the definition gave
    /// one under `capabilities` instead of a policy entry.
    pub fn portable(&self) -> Option<&Portable> {
        self.portable.as_ref()
    }

    /// The resolved policy (the default policy when a definition has no entry).
    pub fn policy(&self) -> &ResolvedPolicy {
        &self.policy
    }

    /// Takes the resolved policy.
    pub fn into_policy(self) -> ResolvedPolicy {
        self.policy
    }

    /// Valid, but probably not meant: unknown built-in names, near-miss kinds. At most
    /// [`Report::MAX_WARNINGS`](crate::Report::MAX_WARNINGS).
    pub fn warnings(&self) -> &[Located<Warning>] {
        &self.warnings
    }

    /// How many warnings there were beyond [`CopilotDocument::warnings`].
    pub fn omitted_warnings(&self) -> usize {
        self.omitted_warnings
    }

    /// The definition's `customAgents`, checked; `None` when it has none.
    pub fn custom_agents(&self) -> Option<&[CustomAgent]> {
        self.custom_agents.as_deref()
    }

    /// The definition's `defaultAgent`, checked: the tools hidden from the main agent and
    /// left to the custom agents that list them. `None` when it has none.
    pub fn default_agent(&self) -> Option<&DefaultAgent> {
        self.default_agent.as_ref()
    }

    /// The definition's other tool entries, exactly as written, for the code that builds the
    /// agent's tools. The policy entry is never among them.
    pub fn other_tools(&self) -> Vec<&str> {
        // The document was read: it is an object whose `tools`, given once, is an array.
        let fields: HashMap<Cow<'_, str>, &RawValue> = serde_json::from_str(&self.text).unwrap_or_default();
        let tools: Vec<&RawValue> =
            fields.get(TOOLS_KEY).and_then(|tools| serde_json::from_str(tools.get()).ok()).unwrap_or_default();
        let skip = self.policy_index;
        tools.into_iter().enumerate().filter(|(i, _)| Some(*i) != skip).map(|(_, item)| item.get()).collect()
    }

    /// The whole document as it was read.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The whole document, parsed.
    pub fn document(&self) -> serde_json::Value {
        serde_json::from_str(&self.text).unwrap_or(serde_json::Value::Null)
    }
}

/// What a document is read as.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// A definition when the object has `tools`, else a single entry.
    Either,
    Definition,
    Entry,
}

/// Reads a document: an agent definition when the object has a `tools` or a `capabilities`
/// key, otherwise a single entry, whose `kind` must then be exactly
/// `github-cli-builtin-tools`.
pub fn load(text: &str) -> Result<CopilotDocument, LoadError> {
    load_as(text, Expect::Either, Options::default())
}

/// [`load`] with options (strict mode).
pub fn load_with(text: &str, options: Options) -> Result<CopilotDocument, LoadError> {
    load_as(text, Expect::Either, options)
}

/// Reads an agent definition (`{"tools": [...], ...}`).
pub fn load_definition(text: &str) -> Result<CopilotDocument, LoadError> {
    load_as(text, Expect::Definition, Options::default())
}

/// Reads a single policy entry.
pub fn load_entry(text: &str) -> Result<CopilotDocument, LoadError> {
    load_as(text, Expect::Entry, Options::default())
}

/// [`load`] for a parsed document.
pub fn load_value(document: &serde_json::Value) -> Result<CopilotDocument, LoadError> {
    load(&document.to_string())
}

/// [`load_entry`] for a parsed document.
pub fn load_entry_value(document: &serde_json::Value) -> Result<CopilotDocument, LoadError> {
    load_entry(&document.to_string())
}

/// [`load_definition`] for a parsed document.
pub fn load_definition_value(document: &serde_json::Value) -> Result<CopilotDocument, LoadError> {
    load_definition(&document.to_string())
}

/// The document's root as `expect` says: a single entry, or a definition (`tools` or
/// `capabilities` at its root, where either is taken).
fn read_root(root: Node<'_>, expect: Expect, sink: &mut Sink) -> Found {
    let Some(fields) = root.object() else {
        let expected = if expect == Expect::Entry { "a policy entry object" } else { "an agent definition object" };
        sink.error(Ptr::Root, wrong_type(expected, root));
        return (None, Agents::default());
    };
    let single = match expect {
        Expect::Entry => true,
        Expect::Definition => false,
        Expect::Either => !fields.iter().any(|(key, _)| key == TOOLS_KEY || key == CAPABILITIES_KEY),
    };
    if single {
        (entry(fields, Ptr::Root, true, sink).map(|entry| (None, entry)), Agents::default())
    } else {
        definition(fields, sink)
    }
}

fn load_as(text: &str, expect: Expect, options: Options) -> Result<CopilotDocument, LoadError> {
    let doc = reader::parse(text)?;
    let root = Node::root(&doc);
    let mut sink = Sink::reading(root, options);
    let (policy, Agents { custom: custom_agents, default: default_agent, portable }) = read_root(root, expect, &mut sink);
    let (policy_index, entry) = match (policy, &portable) {
        (Some((index, entry)), _) => (index, Some(entry)),
        (None, Some(portable)) => match PolicyEntry::from_portable(portable) {
            Ok(entry) => (None, Some(entry)),
            Err(error) => {
                sink.error(Ptr::Root.key(CAPABILITIES_KEY).key(MCP_TOOLS_KEY), error);
                (None, None)
            }
        },
        (None, None) => (None, None),
    };
    let policy = entry.as_ref().map_or(ResolvedPolicy::DEFAULT, PolicyEntry::resolve);
    if let Some(entry) = &entry {
        // Linted here, where the entry is resolved once: at the document's root, at its
        // place in the definition's tools, or at the portable policy it came from.
        let tools = Ptr::Root.key(TOOLS_KEY);
        let at = policy_index.map_or(Ptr::Root, |i| tools.index(i));
        for (place, warning) in lint_entry(entry, &policy) {
            // A portable policy names no tool: only its lints as a whole apply.
            match (&portable, place) {
                (Some(_), At::Tool(..)) => {}
                (Some(_), _) => sink.lint(|| Ptr::Root.key(CAPABILITIES_KEY).render(), warning),
                (None, _) => sink.lint(|| entry_pointer(at, place), warning),
            }
        }
    }
    for (a, t, warning) in lint_agents(custom_agents.as_deref().unwrap_or_default(), &policy) {
        match t {
            Some(t) => sink.lint(|| format!("/{CUSTOM_AGENTS_KEY}/{a}/{TOOLS_KEY}/{t}"), warning),
            None => sink.lint(|| format!("/{CUSTOM_AGENTS_KEY}/{a}"), warning),
        }
    }
    let report = sink.finish()?;
    Ok(CopilotDocument {
        policy,
        entry,
        portable,
        warnings: report.warnings,
        omitted_warnings: report.omitted_warnings,
        custom_agents,
        default_agent,
        text: text.into(),
        policy_index,
    })
}

/// A document that is one policy entry, as a stored form is read.
pub(crate) fn single_entry(root: Node<'_>, sink: &mut Sink) -> Option<PolicyEntry> {
    if let Some(fields) = root.object() {
        entry(fields, Ptr::Root, true, sink)
    } else {
        sink.error(Ptr::Root, wrong_type("a policy entry object", root));
        None
    }
}

/// What a definition holds beside its policy entry: its custom agents, its default agent,
/// and the portable policy given instead of an entry.
#[derive(Default)]
struct Agents {
    custom: Option<Vec<CustomAgent>>,
    default: Option<DefaultAgent>,
    portable: Option<Portable>,
}

type Found = (Option<(Option<usize>, PolicyEntry)>, Agents);

/// An agent definition's top level.
fn definition(fields: Fields<'_>, sink: &mut Sink) -> Found {
    let (fields, _) = unique_keys(fields);
    let mut found: Option<(usize, Option<PolicyEntry>)> = None;
    let mut agents = Agents::default();
    for (key, value) in &fields {
        let (key_at, value) = (Ptr::Root.key(key), *value);
        match DEFINITION.classify(key) {
            Verdict::Read(TOOLS_KEY) => tool_items(value, key_at, &mut found, sink),
            Verdict::Read(CAPABILITIES_KEY) => agents.portable = portable(value, key_at, sink),
            Verdict::Read(CUSTOM_AGENTS_KEY) => agents.custom = custom_agents::read(value, key_at, sink),
            Verdict::Read(DEFAULT_AGENT_KEY) => agents.default = custom_agents::read_default_agent(value, key_at, sink),
            Verdict::Read(_) if value.str().is_some_and(is_entry_kind) => sink.error(
                key_at,
                Error::StrayKey { key: KIND_KEY.to_owned(), exact: KIND_KEY, why: Stray::EntryKeyOutside },
            ),
            Verdict::Read(_) => {}
            Verdict::Refuse(error) => sink.error(key_at, error),
            // The definition's own fields pass through; a policy inside them would restrict
            // nothing.
            Verdict::PassThrough => nested_policies(value, key_at, &PASSED, sink),
        }
    }
    if found.is_some() && fields.iter().any(|(key, _)| key == CAPABILITIES_KEY) {
        let error = Error::TwoPolicies { first: ENTRY_KIND, second: CAPABILITIES_KEY };
        sink.error(Ptr::Root.key(CAPABILITIES_KEY), error);
        agents.portable = None;
    }
    let policy = match found {
        Some((i, Some(entry))) => Some((Some(i), entry)),
        _ => None,
    };
    (policy, agents)
}

/// A definition's `tools`: the policy entry (the first; a second is an error) into `found`,
/// every other item checked as another kind of tool.
fn tool_items(value: Node<'_>, key_at: Ptr<'_>, found: &mut Option<(usize, Option<PolicyEntry>)>, sink: &mut Sink) {
    let Some(items) = value.array() else {
        sink.error(key_at, wrong_type("an array of tool entries", value));
        return;
    };
    for (i, item) in items.into_iter().enumerate() {
        let at = key_at.index(i);
        let Some(fields) = item.object() else {
            sink.error(at, wrong_type("a tool entry object", item));
            continue;
        };
        // A second `kind` could hide a policy entry: like every repeated key, the sink has
        // refused it; the item is read no further.
        let (fields, duplicated) = unique_keys(fields);
        if duplicated {
            continue;
        }
        let kind_value = fields.iter().find(|(k, _)| k == KIND_KEY).map(|(_, v)| *v);
        if let Some(value) = kind_value.filter(|value| value.str().is_none()) {
            sink.error(at.key(KIND_KEY), wrong_type("a tool kind string", value));
        }
        let kind = kind_value.and_then(Node::str);
        if kind == Some(ENTRY_KIND) {
            let read = entry(fields, at, false, sink);
            match found {
                Some((first, _)) => sink.error(at, Error::SecondPolicyEntry { first: *first }),
                None => *found = Some((i, read)),
            }
        } else {
            other_tool(&fields, kind, at, sink);
        }
    }
}

/// An item of `tools` of another kind ([`OTHER_TOOL`]): policy keys without the exact kind
/// are one error at the item, a near-miss `kind` an error at its key, and a policy entry
/// nested in its fields an error where it stands. A kind one typo from the entry's is a
/// warning (an error when strict) when the item holds no policy key.
fn other_tool(fields: &[(Cow<'_, str>, Node<'_>)], kind: Option<&str>, at: Ptr<'_>, sink: &mut Sink) {
    let mut without_kind = None;
    for (key, value) in fields {
        match OTHER_TOOL.classify(key) {
            Verdict::Read(_) => {}
            Verdict::Refuse(error @ Error::StrayKey { why: Stray::WithoutKind, .. }) => {
                without_kind.get_or_insert(error);
            }
            Verdict::Refuse(error) => sink.error(at.key(key), error),
            Verdict::PassThrough => nested_policies(*value, at.key(key), &PASSED, sink),
        }
    }
    match (without_kind, kind) {
        (Some(error), _) => sink.error(at, error),
        (None, Some(kind)) if is_entry_kind(kind) => {
            sink.warn(at.key(KIND_KEY), Warning::NearMissKind { kind: kind.to_owned() });
        }
        _ => {}
    }
}

/// A selector as read, its strings kept for the draft to borrow.
enum SelectorRead<'a> {
    Absent,
    Invalid,
    Isolated,
    Tools(Vec<Option<Cow<'a, str>>>),
}

impl SelectorRead<'_> {
    fn draft(&self) -> SlotDraft<'_> {
        match self {
            SelectorRead::Absent => SlotDraft::Absent,
            SelectorRead::Invalid => SlotDraft::Invalid,
            SelectorRead::Isolated => SlotDraft::Isolated,
            SelectorRead::Tools(items) => SlotDraft::Tools(items.iter().map(Option::as_deref).collect()),
        }
    }
}

/// One policy entry's fields. `single` when the entry is the whole document: then `kind` is
/// required and must be exactly the entry kind (in a definition it was what selected this
/// entry).
fn entry(fields: Fields<'_>, at: Ptr<'_>, single: bool, sink: &mut Sink) -> Option<PolicyEntry> {
    let (fields, _) = unique_keys(fields);
    let (mut available, mut excluded) = (SelectorRead::Absent, SelectorRead::Absent);
    let mut draft = EntryDraft::default();
    if single && !fields.iter().any(|(key, _)| key == KIND_KEY) {
        sink.error(at, Error::MissingKind);
    }
    for (key, value) in fields {
        let key_at = at.key(&key);
        if let Verdict::Refuse(error) = ENTRY.classify(&key) {
            sink.error(key_at, error);
            continue;
        }
        match key.as_ref() {
            KIND_KEY => match value.string().as_deref() {
                Some(ENTRY_KIND) => {}
                Some(kind) => sink.error(key_at, Error::WrongKind { found: kind.to_owned() }),
                None => sink.error(key_at, wrong_type("a string", value)),
            },
            "name" | "description" if value.string().is_none() => {
                sink.error(key_at, wrong_type("a string", value));
            }
            "bindings" => bindings(value, key_at, sink),
            "available-tools" => available = selector(value, key_at, sink),
            "excluded-tools" => excluded = selector(value, key_at, sink),
            CLIENT_MODE_KEY => {
                draft.client_mode = client_mode(value, key_at, sink);
                draft.client_mode_invalid = draft.client_mode.is_none();
            }
            _ => {}
        }
    }
    draft.available = available.draft();
    draft.excluded = excluded.draft();
    let mut errors = Vec::new();
    let entry = draft.check(&mut errors);
    for (place, error) in errors {
        sink.error_at(&|| entry_pointer(at, place), error);
    }
    if let Some(entry) = &entry {
        warn_unknown_builtins(entry, at, sink);
    }
    entry
}

/// An entry's `bindings`: objects the host reads, in which a policy restricts nothing.
fn bindings(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) {
    let Some(bindings) = value.array() else {
        sink.error(at, wrong_type("an array of binding objects", value));
        return;
    };
    for (i, binding) in bindings.iter().enumerate() {
        if binding.is_object() {
            nested_policies(*binding, at.index(i), &PASSED, sink);
        } else {
            sink.error(at.index(i), wrong_type("a binding object", *binding));
        }
    }
}

/// An entry's `client-mode`; `None` when it cannot be read (reported).
fn client_mode(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<ClientMode> {
    match value.str().map(ClientMode::parse_json) {
        Some(Ok(mode)) => Some(mode),
        Some(Err(error)) => {
            sink.error(at, error);
            None
        }
        None => {
            sink.error(at, wrong_type("`\"copilot-cli\"` or `\"empty\"`", value));
            None
        }
    }
}

/// Built-in names outside the pinned catalog: warnings (errors when strict), with a
/// did-you-mean while the sink still spends work on suggestions.
fn warn_unknown_builtins(entry: &PolicyEntry, at: Ptr<'_>, sink: &mut Sink) {
    for slot in Slot::BOTH {
        let selector = match slot {
            Slot::Available => entry.available(),
            Slot::Excluded => entry.excluded(),
        };
        let Some(Selector::Tools(names)) = selector else { continue };
        for (i, name) in names.iter().enumerate().filter(|(_, name)| is_unknown_builtin(name)) {
            sink.warn_at(|| entry_pointer(at, At::Tool(slot, i)), |suggest| unknown_builtin_warning(name, suggest));
        }
    }
}

/// One selector object.
fn selector<'a>(value: Node<'a>, at: Ptr<'_>, sink: &mut Sink) -> SelectorRead<'a> {
    let Some(fields) = value.object() else {
        sink.error(at, wrong_type("a selector object (`{\"tools\": [...]}` or `{\"isolated\": true}`)", value));
        return SelectorRead::Invalid;
    };
    let (fields, duplicated) = unique_keys(fields);
    let mut valid = !duplicated;
    let (mut tools, mut isolated) = (None, None);
    for (key, value) in &fields {
        match SELECTOR.classify(key) {
            Verdict::Read(TOOLS_KEY) => tools = Some(*value),
            Verdict::Read(_) => isolated = Some(*value),
            Verdict::Refuse(error) => {
                sink.error(at.key(key), error);
                valid = false;
            }
            Verdict::PassThrough => {}
        }
    }
    let tools = tools.map(|tools| {
        let at = at.key("tools");
        let Some(items) = tools.array() else {
            sink.error(at, wrong_type("an array of tool names", tools));
            return None;
        };
        Some(tool_names(&items, at, sink))
    });
    let isolated = isolated.map(|isolated| {
        let ok = isolated.is_true();
        if !ok {
            sink.error(at.key("isolated"), Error::IsolatedNotTrue);
        }
        ok
    });
    match (tools, isolated) {
        (Some(_), Some(_)) => {
            sink.error(at, Error::BothSelectorKeys);
            SelectorRead::Invalid
        }
        (None, None) => {
            if valid {
                sink.error(at, Error::EmptySelector);
            }
            SelectorRead::Invalid
        }
        (Some(Some(items)), None) if valid => SelectorRead::Tools(items),
        (None, Some(true)) if valid => SelectorRead::Isolated,
        _ => SelectorRead::Invalid,
    }
}

/// The pointer of a place inside an entry located at `entry`.
fn entry_pointer(entry: Ptr<'_>, place: At) -> String {
    let slot_at = |slot: Slot| entry.render() + "/" + slot.json_key();
    match place {
        At::Entry | At::SelectionTool(_) | At::AgentTool(_) => entry.render(),
        At::ClientMode => entry.render() + "/" + CLIENT_MODE_KEY,
        At::Selector(slot) => slot_at(slot),
        At::Tools(slot) => slot_at(slot) + "/tools",
        At::Tool(slot, i) => format!("{}/tools/{i}", slot_at(slot)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{MAX_DOCUMENT_BYTES, MAX_NESTING};
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
        assert_eq!(loaded.other_tools().len(), 1);
        assert!(loaded.entry().is_none());
    }

    #[test]
    fn policy_entry_never_reaches_other_tools() {
        let loaded = load(
            r#"{"tools": [{"kind": "mcp"}, {"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["*"]}}, {"kind": "function"}]}"#,
        )
        .unwrap();
        assert_eq!(loaded.other_tools(), [r#"{"kind": "mcp"}"#, r#"{"kind": "function"}"#], "byte for byte");
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
                "/tools/1/availableTools",
                "/tools/1/available-tools/tools/1",
                "/tools/1/excluded-tools/isolated",
                "/tools/1/client-mode",
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
            ["/name", "/description", "/bindings/0", "/client-mode"]
        );
        assert_eq!(pointers(r#"{"kind": "github-cli-builtin-tools", "bindings": {}}"#), ["/bindings"]);
        assert!(
            load(r#"{"kind": "github-cli-builtin-tools", "name": "n", "description": "d", "bindings": [{"a": 1}]}"#)
                .is_ok()
        );
    }

    #[test]
    fn duplicate_keys_are_refused() {
        assert_eq!(
            errors(
                r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bash"]}, "excluded-tools": {"tools": []}}"#
            ),
            [("/excluded-tools".to_owned(), "`excluded-tools` is given twice; give each key once".to_owned())]
        );
        assert_eq!(
            pointers(
                r#"{"tools": [{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["*"], "tools": []}}]}"#
            ),
            ["/tools/0/excluded-tools/tools"]
        );
        assert_eq!(pointers(r#"{"tools": [], "tools": [{"kind": "github-cli-builtin-tools"}]}"#), ["/tools"]);
        assert_eq!(pointers(r#"{"tools": [{"kind": "github-cli-builtin-tools", "kind": "x"}]}"#), ["/tools/0/kind"]);
    }

    #[test]
    fn escaped_strings_are_read() {
        let loaded =
            load(r#"{"kind": "github-cli-\u0062uiltin-tools", "excluded-tools": {"tools": ["b\u0061sh"]}}"#).unwrap();
        assert_eq!(loaded.policy().excluded_tools().unwrap().to_strings(), ["builtin:bash"]);
    }

    #[test]
    fn the_nesting_edge_is_the_same_for_every_kind() {
        type Read = fn(&str) -> Result<(), LoadError>;
        // Each template puts the nested arrays `outer` levels deep.
        let nest = |levels: usize| format!("{}{}", "[".repeat(levels), "]".repeat(levels));
        let mut kinds: Vec<(&str, usize, Read)> = vec![
            (r#"{"tools": [{"kind": "x", "deep": $}]}"#, 3, |t| load(t).map(drop)),
            (r#"{"kind": "github-cli-builtin-tools", "name": "n", "bindings": [{"deep": $}]}"#, 3, |t| {
                load(t).map(drop)
            }),
            (r#"{"tools": [], "customAgents": [{"name": "a", "deep": $}]}"#, 3, |t| load(t).map(drop)),
        ];
        #[cfg(feature = "claude-code")]
        kinds.push((r#"{"builtin_tools": null, "deep": $}"#, 1, |t| crate::json::load_claude_code(t).map(drop)));
        for (template, outer, read) in kinds {
            let at_limit = template.replace('$', &nest(MAX_NESTING - outer));
            assert!(read(&at_limit).is_ok(), "{MAX_NESTING} levels are read: {template}");
            let over = template.replace('$', &nest(MAX_NESTING - outer + 1));
            match read(&over) {
                Err(LoadError::Invalid(report)) => {
                    assert_eq!(report.errors[0].item, Error::TooDeep { limit: MAX_NESTING }, "{template}");
                }
                other => panic!("{} levels must be refused: {template}: {other:?}", MAX_NESTING + 1),
            }
        }
    }

    #[test]
    fn nesting_is_bounded_anywhere() {
        let deep = format!(r#"{{"tools": [{{"kind": "x", "deep": {}{}}}]}}"#, "[".repeat(200), "]".repeat(200));
        match load(&deep) {
            Err(LoadError::Invalid(report)) => assert_eq!(report.errors[0].item, Error::TooDeep { limit: MAX_NESTING }),
            other => panic!("{other:?}"),
        }
        // The first fault in the text is the one reported: a syntax error before the deep part
        // is "not JSON", one after it is never reached.
        let broken_first = format!(r#"{{"tools": [1,], "deep": {}{}}}"#, "[".repeat(200), "]".repeat(200));
        assert!(matches!(load(&broken_first), Err(LoadError::NotJson(_))));
        let broken_after = format!(r#"{{"tools": [], "deep": {}{}, 1,}}"#, "[".repeat(200), "]".repeat(200));
        assert!(matches!(load(&broken_after), Err(LoadError::Invalid(_))));
        let inner = MAX_NESTING - 3;
        let fine = format!(r#"{{"tools": [{{"kind": "x", "deep": {}{}}}]}}"#, "[".repeat(inner), "]".repeat(inner));
        assert!(load(&fine).is_ok());
        let in_strings = format!(r#"{{"tools": [], "name": "{}\"{}"}}"#, "[".repeat(300), "{".repeat(300));
        assert!(load(&in_strings).is_ok(), "brackets inside strings do not nest");
    }

    #[test]
    fn a_document_without_tools_is_an_entry_and_needs_the_exact_kind() {
        // Each of these once became "no restriction"; now each is an error at its place.
        let cases = [
            (r#"{"kind": "github-cli-builtin-tool", "excluded-tools": {"tools": ["*"]}}"#, "/kind"),
            (r#"{"excluded-tools": {"tools": ["*"]}}"#, ""),
            (r#"{"kind": "GitHub-CLI-Builtin-Tools", "excluded-tools": {"tools": ["*"]}}"#, "/kind"),
            (r#"{"kind": "github_cli_builtin_tools"}"#, "/kind"),
            (r#"{"kind": 7}"#, "/kind"),
            (r#"{"kind": "mcp"}"#, "/kind"),
            ("{}", ""),
            (r#"{"name": "agent"}"#, ""),
        ];
        for (text, pointer) in cases {
            let found = errors(text);
            assert_eq!(found[0].0, pointer, "{text}: {found:?}");
        }
        let near = errors(r#"{"kind": "github-cli-builtin-tool"}"#);
        assert!(near[0].1.contains("did you mean `github-cli-builtin-tools`?"), "{near:?}");
        let missing = errors(r#"{"excluded-tools": {"tools": ["*"]}}"#);
        assert!(missing[0].1.starts_with("no policy here:"), "{missing:?}");
        // A definition (it has `tools`) may have no policy entry: the default policy.
        assert_eq!(load(r#"{"tools": []}"#).unwrap().policy(), &ResolvedPolicy::DEFAULT);
    }

    #[test]
    fn confusing_inputs_get_messages_that_name_the_problem() {
        let surrogate = load(r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["\ud800"]}}"#);
        let Err(LoadError::NotJson(surrogate)) = surrogate else {
            panic!("a lone surrogate is refused: {surrogate:?}")
        };
        assert_eq!((surrogate.line(), surrogate.column()), (1, 74), "{surrogate}");
        // What serde_json refuses is not JSON, at its edges too: numbers beyond f64, and a
        // text nesting 128 levels (serde_json's limit) is refused, as too deep, before it.
        for number in ["1e400", "-1e309", "123e999999"] {
            let text = format!(r#"{{"tools": [], "n": {number}}}"#);
            assert!(matches!(load(&text), Err(LoadError::NotJson(_))), "{number}");
        }
        assert!(load(r#"{"tools": [], "n": 1.7976931348623157e308}"#).is_ok(), "f64::MAX is a number");
        let deep = format!(r#"{{"tools": [], "n": {}{}}}"#, "[".repeat(127), "]".repeat(127));
        let Err(LoadError::Invalid(report)) = load(&deep) else { panic!("128 levels are refused") };
        assert_eq!(report.errors[0].item, Error::TooDeep { limit: MAX_NESTING });
        let Err(LoadError::NotJson(bom)) = load("\u{feff}{\"tools\": []}") else { panic!("a BOM is refused") };
        assert_eq!((bom.line(), bom.column()), (1, 1), "{bom}");
    }

    #[test]
    fn strict_mode_turns_warnings_into_errors_at_the_same_pointer() {
        let text = r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["bahs", "bash"]}}"#;
        let lenient = load(text).unwrap();
        assert_eq!(lenient.warnings()[0].pointer, "/excluded-tools/tools/0");
        let Err(LoadError::Invalid(report)) = load_with(text, Options::STRICT) else { panic!("strict must refuse") };
        let pointers: Vec<&str> = report.errors.iter().map(|e| e.pointer.as_str()).collect();
        assert_eq!(pointers, ["/excluded-tools/tools/0", "/excluded-tools"], "the unknown name, then the open policy");
        let allowed = Options::STRICT.allow(crate::Lint::OpenToNewBuiltins);
        let Err(LoadError::Invalid(report)) = load_with(text, allowed) else { panic!("strict must refuse") };
        assert_eq!(report.errors.len(), 1, "an allowed lint is not reported");
        assert!(report.errors[0].item.to_string().ends_with("(strict mode refuses this)"));
        let near = r#"{"tools": [{"kind": "github-cli-builtin-tool"}]}"#;
        assert!(load(near).is_ok());
        assert!(load_with(near, Options::STRICT).is_err());
        let clean = r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["view"]}}"#;
        assert!(load_with(clean, Options::STRICT).unwrap().warnings().is_empty());
    }

    #[test]
    fn warnings_are_capped_and_counted() {
        let names: Vec<String> = (0..250).map(|i| format!("\"unknown{i}\"")).collect();
        let text =
            format!(r#"{{"kind": "github-cli-builtin-tools", "available-tools": {{"tools": [{}]}}}}"#, names.join(","));
        let document = load(&text).unwrap();
        assert_eq!(document.warnings().len(), crate::Report::MAX_WARNINGS);
        assert_eq!(document.omitted_warnings(), 250 - crate::Report::MAX_WARNINGS);
        let Err(LoadError::Invalid(report)) = load_with(&text, Options::STRICT) else { panic!() };
        assert_eq!(report.errors.len(), crate::Report::MAX_ERRORS, "errors are capped as warnings are");
        assert_eq!(report.omitted_errors, 250 - crate::Report::MAX_ERRORS, "and the rest counted");
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
    fn near_miss_kind_is_a_warning_and_an_error_with_policy_keys() {
        let loaded = load(r#"{"tools": [{"kind": "github-cli-builtin-tool", "name": "x"}]}"#).unwrap();
        assert_eq!(loaded.policy(), &ResolvedPolicy::DEFAULT);
        assert_eq!(loaded.warnings()[0].pointer, "/tools/0/kind");
        let with_policy = r#"{"tools": [{"kind": "github-cli-builtin-tool", "excluded-tools": {"tools": ["*"]}}]}"#;
        assert_eq!(
            errors(with_policy),
            [(
                "/tools/0".into(),
                Error::StrayKey { key: "excluded-tools".into(), exact: "excluded-tools", why: Stray::WithoutKind }
                    .to_string()
            )]
        );
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
