//! The JSON front door: agent definitions and single entries (SPEC §1.3, §4).
//!
//! Every error of a document is reported at once, each at its RFC 6901 pointer. Documents
//! are bounded: at most [`MAX_DOCUMENT_BYTES`] bytes and [`MAX_NESTING`] levels.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

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

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotJson(message) => write!(f, "not JSON: {message}"),
            LoadError::Invalid(report) => report.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}

/// A loaded agent definition or single entry. It keeps the document's text, so other tool
/// entries pass through byte for byte.
#[derive(Clone, Debug)]
pub struct Loaded {
    entry: Option<PolicyEntry>,
    policy: ResolvedPolicy,
    warnings: Vec<Located<Warning>>,
    custom_agents: Option<Vec<CustomAgentConfig>>,
    text: Box<str>,
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

    /// The definition's other tool entries, exactly as written, for the code that builds the
    /// agent's tools. The policy entry is never among them.
    pub fn other_tools(&self) -> Vec<&RawValue> {
        let Ok(root) = serde_json::from_str::<&RawValue>(&self.text) else { return Vec::new() };
        let tools = Node(root)
            .object()
            .and_then(|fields| fields.into_iter().find(|(key, _)| key == "tools").and_then(|(_, tools)| tools.array()));
        let skip = self.policy_index;
        tools
            .unwrap_or_default()
            .into_iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != skip)
            .map(|(_, item)| item.0)
            .collect()
    }

    /// The whole document as it was read.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The whole document, parsed.
    pub fn document(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or(Value::Null)
    }
}

/// What a document is loaded as.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// A single entry when the top-level `kind` is `github-cli-builtin-tools`, else a definition.
    Either,
    Definition,
    Entry,
}

/// Loads a document: a single entry when its top-level `kind` is
/// `github-cli-builtin-tools`, otherwise an agent definition.
pub fn load(text: &str) -> Result<Loaded, LoadError> {
    load_as(text, Expect::Either)
}

/// Loads an agent definition (`{"tools": [...], ...}`).
pub fn load_definition(text: &str) -> Result<Loaded, LoadError> {
    load_as(text, Expect::Definition)
}

/// Loads a single policy entry.
pub fn load_entry(text: &str) -> Result<Loaded, LoadError> {
    load_as(text, Expect::Entry)
}

/// [`load`] for a parsed document.
pub fn load_value(document: &Value) -> Result<Loaded, LoadError> {
    load(&document.to_string())
}

/// [`load_entry`] for a parsed document.
pub fn load_entry_value(document: &Value) -> Result<Loaded, LoadError> {
    load_entry(&document.to_string())
}

/// [`load_definition`] for a parsed document.
pub fn load_definition_value(document: &Value) -> Result<Loaded, LoadError> {
    load_definition(&document.to_string())
}

fn load_as(text: &str, expect: Expect) -> Result<Loaded, LoadError> {
    check_size(text)?;
    let root: Root<'_> = serde_json::from_str(text).map_err(|error| LoadError::NotJson(error.to_string()))?;
    if nesting_exceeds(text.as_bytes(), MAX_NESTING) {
        return Err(invalid_document(Error::TooDeep { limit: MAX_NESTING }));
    }
    let mut sink = Sink::default();
    let (policy, custom_agents) = match root {
        Root::Object(fields) => {
            let single = match expect {
                Expect::Entry => true,
                Expect::Definition => false,
                Expect::Either => fields.iter().any(|(key, value)| {
                    key == "kind"
                        && matches!(value, RootValue::Raw(raw) if Node(raw).string().as_deref() == Some(ENTRY_KIND))
                }),
            };
            if single {
                let fields = fields.into_iter().map(|(key, value)| (key, value.node()));
                (entry(fields, Ptr::Root, true, &mut sink).map(|entry| (None, entry)), None)
            } else {
                definition(fields, &mut sink)
            }
        }
        Root::Other(found) => {
            let expected = if expect == Expect::Entry { "a policy entry object" } else { "an agent definition object" };
            sink.error(Ptr::Root, Error::WrongType { expected, found });
            (None, None)
        }
    };
    sink.finish(text, policy, custom_agents)
}

fn check_size(text: &str) -> Result<(), LoadError> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(invalid_document(Error::DocumentTooLarge { size: text.len(), limit: MAX_DOCUMENT_BYTES }));
    }
    Ok(())
}

/// Parses text into a [`Value`] with the size and depth limits.
pub fn parse(text: &str) -> Result<Value, LoadError> {
    check_size(text)?;
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

/// Whether brackets outside strings nest deeper than `limit`. The text is valid JSON, so
/// strings are well formed.
fn nesting_exceeds(bytes: &[u8], limit: usize) -> bool {
    // Depth never exceeds the number of opening brackets; counting them vectorizes, and
    // nearly every document stops here.
    let opening: usize = bytes
        .chunks(255)
        .map(|chunk| usize::from(chunk.iter().fold(0u8, |n, &b| n + u8::from(b == b'[') + u8::from(b == b'{'))))
        .sum();
    if opening <= limit {
        return false;
    }
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for &b in bytes {
        match (in_string, escaped, b) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') | (false, _, b'"') => in_string = !in_string,
            (false, _, b'[' | b'{') => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            (false, _, b']' | b'}') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// A JSON value not yet looked into: its raw text, read one level at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'a>(pub(crate) &'a RawValue);

/// An object's fields in document order, duplicates included.
pub(crate) type Fields<'a> = Vec<(Cow<'a, str>, Node<'a>)>;

impl<'a> Node<'a> {
    fn first(&self) -> u8 {
        self.0.get().as_bytes().first().copied().unwrap_or(b'n')
    }

    /// The JSON type, as an error message says it.
    pub(crate) fn type_name(&self) -> &'static str {
        match self.first() {
            b'{' => "an object",
            b'[' => "an array",
            b'"' => "a string",
            b't' | b'f' => "a boolean",
            b'n' => "null",
            _ => "a number",
        }
    }

    pub(crate) fn object(&self) -> Option<Fields<'a>> {
        if self.first() != b'{' {
            return None;
        }
        serde_json::from_str::<RawObject<'a>>(self.0.get()).ok().map(|o| o.0)
    }

    pub(crate) fn array(&self) -> Option<Vec<Node<'a>>> {
        if self.first() != b'[' {
            return None;
        }
        serde_json::from_str::<Vec<&'a RawValue>>(self.0.get()).ok().map(|items| items.into_iter().map(Node).collect())
    }

    pub(crate) fn string(&self) -> Option<Cow<'a, str>> {
        let text = self.0.get();
        if self.first() != b'"' {
            return None;
        }
        // The text is a validated JSON string: without a backslash its content is exactly
        // what lies between the quotes.
        if !text.contains('\\') && text.len() >= 2 {
            return Some(Cow::Borrowed(&text[1..text.len() - 1]));
        }
        serde_json::from_str::<CowStr<'a>>(text).ok().map(|s| s.0)
    }

    pub(crate) fn is_true(&self) -> bool {
        self.0.get() == "true"
    }

    pub(crate) fn is_null(&self) -> bool {
        self.0.get() == "null"
    }
}

/// A string, borrowed from the text when it has no escapes.
struct CowStr<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for CowStr<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CowStr<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<CowStr<'de>, E> {
                Ok(CowStr(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<CowStr<'de>, E> {
                Ok(CowStr(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<CowStr<'de>, E> {
                Ok(CowStr(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(V)
    }
}

/// An object's fields, each value raw, in document order.
fn read_fields<'de, A: MapAccess<'de>>(mut map: A) -> Result<Fields<'de>, A::Error> {
    let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(8));
    while let Some(key) = map.next_key::<CowStr<'de>>()? {
        fields.push((key.0, Node(map.next_value::<&'de RawValue>()?)));
    }
    Ok(fields)
}

/// An object's fields, each value raw.
struct RawObject<'a>(Fields<'a>);

impl<'de> Deserialize<'de> for RawObject<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawObject<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawObject<'de>, A::Error> {
                read_fields(map).map(RawObject)
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// The document's top level, read in one pass: the `tools` array down to each entry's own
/// fields, everything else raw.
enum Root<'a> {
    Object(Vec<(Cow<'a, str>, RootValue<'a>)>),
    Other(&'static str),
}

enum RootValue<'a> {
    Tools(Tools<'a>),
    Raw(&'a RawValue),
}

impl<'a> RootValue<'a> {
    /// The value as a node; `None` for `tools`, which was read as items (only an unknown key
    /// of a single entry gets here, and its value is never looked at).
    fn node(self) -> Option<Node<'a>> {
        match self {
            RootValue::Raw(raw) => Some(Node(raw)),
            RootValue::Tools(_) => None,
        }
    }
}

/// The `tools` value: an array of items, or something else (its type).
enum Tools<'a> {
    Array(Vec<ToolItem<'a>>),
    Other(&'static str),
}

/// One item of `tools`: an object's fields, or something else (its type).
enum ToolItem<'a> {
    Object(Fields<'a>),
    Other(&'static str),
}

/// A visitor that names the type of anything but the one shape it reads.
macro_rules! other_types {
    ($value:ty, $other:path) => {
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<$value, E> {
            Ok($other("a boolean"))
        }
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<$value, E> {
            Ok($other("a number"))
        }
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<$value, E> {
            Ok($other("a number"))
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<$value, E> {
            Ok($other("a number"))
        }
        fn visit_str<E: de::Error>(self, _: &str) -> Result<$value, E> {
            Ok($other("a string"))
        }
        fn visit_unit<E: de::Error>(self) -> Result<$value, E> {
            Ok($other("null"))
        }
    };
}

impl<'de> Deserialize<'de> for Root<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Root<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON document")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Root<'de>, A::Error> {
                let mut fields = Vec::with_capacity(8);
                while let Some(key) = map.next_key::<CowStr<'de>>()? {
                    let value = if key.0 == "tools" {
                        RootValue::Tools(map.next_value::<Tools<'de>>()?)
                    } else {
                        RootValue::Raw(map.next_value::<&'de RawValue>()?)
                    };
                    fields.push((key.0, value));
                }
                Ok(Root::Object(fields))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Root<'de>, A::Error> {
                while seq.next_element::<de::IgnoredAny>()?.is_some() {}
                Ok(Root::Other("an array"))
            }
            other_types!(Root<'de>, Root::Other);
        }
        deserializer.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for Tools<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Tools<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tools<'de>, A::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(16));
                while let Some(item) = seq.next_element::<ToolItem<'de>>()? {
                    items.push(item);
                }
                Ok(Tools::Array(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tools<'de>, A::Error> {
                while map.next_entry::<de::IgnoredAny, de::IgnoredAny>()?.is_some() {}
                Ok(Tools::Other("an object"))
            }
            other_types!(Tools<'de>, Tools::Other);
        }
        deserializer.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for ToolItem<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ToolItem<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ToolItem<'de>, A::Error> {
                read_fields(map).map(ToolItem::Object)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ToolItem<'de>, A::Error> {
                while seq.next_element::<de::IgnoredAny>()?.is_some() {}
                Ok(ToolItem::Other("an array"))
            }
            other_types!(ToolItem<'de>, ToolItem::Other);
        }
        deserializer.deserialize_any(V)
    }
}

/// The fields of an object with each key's first occurrence only; `duplicate` is told of
/// every later one. A reader that kept the last one would see a different document, so the
/// callers refuse duplicates.
pub(crate) fn first_of_each_key<'a, V>(
    fields: Vec<(Cow<'a, str>, V)>,
    mut duplicate: impl FnMut(&str),
) -> Vec<(Cow<'a, str>, V)> {
    let mut unique: Vec<(Cow<'a, str>, V)> = Vec::with_capacity(fields.len());
    for (key, value) in fields {
        if unique.iter().any(|(k, _)| *k == key) {
            duplicate(&key);
        } else {
            unique.push((key, value));
        }
    }
    unique
}

fn duplicate_key(key: &str) -> Error {
    Error::DuplicateKey { key: key.to_owned() }
}

type Found = (Option<(Option<usize>, PolicyEntry)>, Option<Vec<CustomAgentConfig>>);

/// An agent definition's top level.
fn definition(fields: Vec<(Cow<'_, str>, RootValue<'_>)>, sink: &mut Sink) -> Found {
    let fields = first_of_each_key(fields, |key| sink.error(Ptr::Root.key(key), duplicate_key(key)));
    let mut found: Option<(usize, Option<PolicyEntry>)> = None;
    let mut custom_agents = None;
    for (key, value) in fields {
        let key_at = Ptr::Root.key(&key);
        match (key.as_ref(), value) {
            ("tools", RootValue::Tools(Tools::Array(items))) => {
                for (i, item) in items.into_iter().enumerate() {
                    let at = key_at.index(i);
                    let fields = match item {
                        ToolItem::Object(fields) => fields,
                        ToolItem::Other(found) => {
                            sink.error(at, Error::WrongType { expected: "a tool entry object", found });
                            continue;
                        }
                    };
                    // Another tool's keys are its own business, but a second `kind` could hide
                    // a policy entry (a reader keeping the last one would apply it): refuse it.
                    let mut kinds = fields.iter().filter(|(k, _)| k == "kind");
                    let kind = kinds.next().and_then(|(_, v)| v.string());
                    if kinds.next().is_some() {
                        sink.error(at.key("kind"), duplicate_key("kind"));
                        continue;
                    }
                    match kind.as_deref() {
                        Some(ENTRY_KIND) => {
                            let loaded = entry(fields.into_iter().map(|(k, v)| (k, Some(v))), at, false, sink);
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
            ("tools", RootValue::Tools(Tools::Other(found))) => {
                sink.error(key_at, Error::WrongType { expected: "an array of tool entries", found });
            }
            ("customAgents", RootValue::Raw(raw)) => {
                let at = key_at;
                custom_agents = subagents::load_custom_agents(Node(raw), |place, error| match place {
                    subagents::AgentAt::List => sink.error(at, error),
                    subagents::AgentAt::Agent(a) => sink.error(at.index(a), error),
                    subagents::AgentAt::Key(a, key) => sink.error(at.index(a).key(key), error),
                    subagents::AgentAt::Tool(a, t) => sink.error(at.index(a).key("tools").index(t), error),
                });
            }
            _ => {}
        }
    }
    let policy = match found {
        Some((i, Some(entry))) => Some((Some(i), entry)),
        _ => None,
    };
    (policy, custom_agents)
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

/// One policy entry's fields. `single` when the entry is the whole document (then `kind` is
/// required and checked; in a definition it was what selected this entry). A field whose
/// value is `None` was not kept (see [`RootValue::node`]).
fn entry<'a>(
    fields: impl IntoIterator<Item = (Cow<'a, str>, Option<Node<'a>>)>,
    at: Ptr<'_>,
    single: bool,
    sink: &mut Sink,
) -> Option<PolicyEntry> {
    let fields = first_of_each_key(fields.into_iter().collect(), |key| sink.error(at.key(key), duplicate_key(key)));
    let (mut available, mut excluded) = (SelectorRead::Absent, SelectorRead::Absent);
    let mut draft = EntryDraft::default();
    if single && !fields.iter().any(|(key, _)| key == "kind") {
        sink.error(at, Error::MissingKind);
    }
    for (key, value) in fields {
        let key_at = at.key(&key);
        let known = ENTRY_KEYS.contains(&key.as_ref());
        match (key.as_ref(), value) {
            ("kind", Some(value)) => match value.string().as_deref() {
                Some(ENTRY_KIND) => {}
                Some(kind) => sink.error(key_at, Error::WrongKind { found: kind.to_owned(), expected: ENTRY_KIND }),
                None => sink.error(key_at, wrong_type("a string", value)),
            },
            ("name" | "description", Some(value)) if value.string().is_none() => {
                sink.error(key_at, wrong_type("a string", value));
            }
            ("bindings", Some(value)) => match value.array() {
                Some(bindings) => {
                    for (i, binding) in bindings.iter().enumerate() {
                        if binding.first() != b'{' {
                            sink.error(key_at.index(i), wrong_type("a binding object", *binding));
                        }
                    }
                }
                None => sink.error(key_at, wrong_type("an array of binding objects", value)),
            },
            ("available-tools", Some(value)) => available = selector(value, key_at, sink),
            ("excluded-tools", Some(value)) => excluded = selector(value, key_at, sink),
            ("client-mode", Some(value)) => match value.string().as_deref().map(ClientMode::parse_json) {
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
            _ if !known => {
                sink.error(key_at, Error::UnknownKey { key: key.clone().into_owned(), expected: ENTRY_KEYS });
            }
            _ => {}
        }
    }
    draft.available = available.draft();
    draft.excluded = excluded.draft();
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
fn selector<'a>(value: Node<'a>, at: Ptr<'_>, sink: &mut Sink) -> SelectorRead<'a> {
    let Some(fields) = value.object() else {
        sink.error(at, wrong_type("a selector object (`{\"tools\": [...]}` or `{\"isolated\": true}`)", value));
        return SelectorRead::Invalid;
    };
    let fields = first_of_each_key(fields, |key| sink.error(at.key(key), duplicate_key(key)));
    let mut valid = true;
    let (mut tools, mut isolated) = (None, None);
    for (key, value) in &fields {
        match key.as_ref() {
            "tools" => tools = Some(*value),
            "isolated" => isolated = Some(*value),
            _ => {
                sink.error(at.key(key), Error::UnknownKey { key: key.clone().into_owned(), expected: SELECTOR_KEYS });
                valid = false;
            }
        }
    }
    let tools = tools.map(|tools| {
        let at = at.key("tools");
        let Some(items) = tools.array() else {
            sink.error(at, wrong_type("an array of tool names", tools));
            return None;
        };
        let items: Vec<Option<Cow<'a, str>>> = items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let name = item.string();
                if name.is_none() {
                    sink.error(at.index(i), wrong_type("a tool name string", *item));
                }
                name
            })
            .collect();
        Some(items)
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

fn wrong_type(expected: &'static str, found: Node<'_>) -> Error {
    Error::WrongType { expected, found: found.type_name() }
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
        At::Entry | At::ClaudeTool(_) => entry.render(),
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
        text: &str,
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
            text: text.into(),
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
        assert_eq!(loaded.other_tools().len(), 1);
        assert!(loaded.entry().is_none());
    }

    #[test]
    fn policy_entry_never_reaches_other_tools() {
        let loaded = load(
            r#"{"tools": [{"kind": "mcp"}, {"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["*"]}}, {"kind": "function"}]}"#,
        )
        .unwrap();
        let kinds: Vec<&str> = loaded.other_tools().iter().map(|t| t.get()).collect();
        assert_eq!(kinds, [r#"{"kind": "mcp"}"#, r#"{"kind": "function"}"#], "byte for byte");
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
    fn nesting_is_bounded_anywhere() {
        let deep = format!(r#"{{"tools": [{{"kind": "x", "deep": {}{}}}]}}"#, "[".repeat(200), "]".repeat(200));
        match load(&deep) {
            Err(LoadError::Invalid(report)) => assert_eq!(report.errors[0].item, Error::TooDeep { limit: MAX_NESTING }),
            other => panic!("{other:?}"),
        }
        let fine = format!(r#"{{"tools": [{{"kind": "x", "deep": {}{}}}]}}"#, "[".repeat(100), "]".repeat(100));
        assert!(load(&fine).is_ok());
        let in_strings = format!(r#"{{"name": "{}\"{}"}}"#, "[".repeat(300), "{".repeat(300));
        assert!(load(&in_strings).is_ok(), "brackets inside strings do not nest");
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
