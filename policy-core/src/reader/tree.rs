//! The one reader every document kind goes through. `serde_json` parses the text into a
//! small tree that keeps every object's keys in document order, a key given twice included,
//! within the size and nesting limits; the readers walk that tree with RFC 6901 pointers and a
//! sink that collects every error of a document at once.
//!
//! A tree, rather than a `DeserializeSeed` walk straight over the text: a reader looks at an
//! object's keys together before it reads any value (whether a definition has `tools`, whether
//! an item's `kind` makes it the policy, which keys are repeated), so the walk would have to
//! buffer each object anyway. The same tree is built by any serde deserializer, which is how
//! the stored forms (`Deserialize`) run through this reader too.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::options::{LoadError, Options, invalid_document};
use crate::error::{Error, Lints, Report, Warning};
use crate::seen::{Seen, repeats};
use crate::shape::ShapeValue;

/// The largest document accepted, in bytes.
pub const MAX_DOCUMENT_BYTES: usize = 4 * 1024 * 1024;
/// The deepest nesting accepted: a document whose arrays and objects nest exactly this deep is
/// read, one level deeper is refused, whatever the document kind. It sits below
/// `serde_json`'s own recursion limit (128), so every text this reader takes, `serde_json`
/// takes too.
pub const MAX_NESTING: usize = 100;

/// A JSON value as the readers see it: strings borrowed from the text where they hold no
/// escape, objects as their fields in document order, repeated keys kept.
#[derive(Debug)]
pub(crate) enum Value<'a> {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(Cow<'a, str>),
    Array(Vec<Value<'a>>),
    Object(Vec<(Cow<'a, str>, Value<'a>)>),
}

/// Checks the size, then parses `text` with `serde_json` into a [`Value`] nesting at most
/// [`MAX_NESTING`] deep. What `serde_json` refuses is not JSON.
pub(crate) fn parse(text: &str) -> Result<Value<'_>, LoadError> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(invalid_document(Error::DocumentTooLarge { size: text.len(), limit: MAX_DOCUMENT_BYTES }));
    }
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let parsed = Levels(MAX_NESTING).deserialize(&mut deserializer).and_then(|value| {
        deserializer.end()?;
        Ok(value)
    });
    parsed.map_err(|error| match error.classify() {
        // The tree takes every JSON value, so its only data error is the nesting limit.
        serde_json::error::Category::Data => invalid_document(Error::TooDeep { limit: MAX_NESTING }),
        _ => LoadError::NotJson(error),
    })
}

impl<'de> Deserialize<'de> for Value<'de> {
    /// Any self-describing input, as the readers see it; nesting deeper than [`MAX_NESTING`]
    /// is refused.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value<'de>, D::Error> {
        Levels(MAX_NESTING).deserialize(deserializer)
    }
}

/// A value, with how many levels of arrays and objects it may still open.
#[derive(Clone, Copy)]
struct Levels(usize);

impl Levels {
    fn enter<E: de::Error>(self) -> Result<Levels, E> {
        match self.0.checked_sub(1) {
            Some(left) => Ok(Levels(left)),
            None => Err(E::custom(Error::TooDeep { limit: MAX_NESTING })),
        }
    }
}

impl<'de> DeserializeSeed<'de> for Levels {
    type Value = Value<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Levels {
    type Value = Value<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value<'de>, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value<'de>, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value<'de>, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Value<'de>, E> {
        serde_json::Number::from_f64(value).map(Value::Number).ok_or_else(|| E::custom("a number beyond JSON"))
    }

    fn visit_borrowed_str<E>(self, value: &'de str) -> Result<Value<'de>, E> {
        Ok(Value::String(Cow::Borrowed(value)))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value<'de>, E> {
        Ok(Value::String(Cow::Owned(value.to_owned())))
    }

    fn visit_string<E>(self, value: String) -> Result<Value<'de>, E> {
        Ok(Value::String(Cow::Owned(value)))
    }

    fn visit_unit<E>(self) -> Result<Value<'de>, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value<'de>, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value<'de>, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value<'de>, A::Error> {
        let inner = self.enter()?;
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(4).min(64));
        while let Some(item) = seq.next_element_seed(inner)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value<'de>, A::Error> {
        let inner = self.enter()?;
        let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(4).min(64));
        while let Some(key) = map.next_key_seed(Key)? {
            fields.push((key, map.next_value_seed(inner)?));
        }
        Ok(Value::Object(fields))
    }
}

/// An object's key, borrowed from the text where it holds no escape.
struct Key;

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Cow<'de, str>, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }

    fn visit_borrowed_str<E>(self, value: &'de str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed(value))
    }

    fn visit_str<E>(self, value: &str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(value))
    }
}

/// A value not yet looked into, read one level at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'a>(&'a Value<'a>);

/// An object's fields in document order, duplicates included.
pub(crate) type Fields<'a> = Vec<(Cow<'a, str>, Node<'a>)>;

impl<'a> Node<'a> {
    /// The document's top-level value.
    pub(crate) fn root(value: &'a Value<'a>) -> Node<'a> {
        Node(value)
    }

    /// The JSON type, as an error message says it.
    pub(crate) fn type_name(self) -> &'static str {
        match self.0 {
            Value::Object(_) => "an object",
            Value::Array(_) => "an array",
            Value::String(_) => "a string",
            Value::Bool(_) => "a boolean",
            Value::Null => "null",
            Value::Number(_) => "a number",
        }
    }

    pub(crate) fn object(self) -> Option<Fields<'a>> {
        match self.0 {
            Value::Object(fields) => {
                Some(fields.iter().map(|(key, value)| (Cow::Borrowed(&**key), Node(value))).collect())
            }
            _ => None,
        }
    }

    /// An object's fields, or an array's items under no key, without collecting them.
    pub(crate) fn children(self) -> impl Iterator<Item = (Option<&'a str>, Node<'a>)> {
        let (fields, items): (&'a [(Cow<'a, str>, Value<'a>)], &'a [Value<'a>]) = match self.0 {
            Value::Object(fields) => (fields, &[]),
            Value::Array(items) => (&[], items),
            _ => (&[], &[]),
        };
        let fields = fields.iter().map(|(key, value)| (Some(&**key), Node(value)));
        fields.chain(items.iter().map(|item| (None, Node(item))))
    }

    pub(crate) fn is_object(self) -> bool {
        matches!(self.0, Value::Object(_))
    }

    pub(crate) fn array(self) -> Option<Vec<Node<'a>>> {
        match self.0 {
            Value::Array(items) => Some(items.iter().map(Node).collect()),
            _ => None,
        }
    }

    pub(crate) fn is_array(self) -> bool {
        matches!(self.0, Value::Array(_))
    }

    /// The value as the shape rule sees the value of `only` or `disable` ([`ShapeDraft::of`](crate::shape::ShapeDraft::of)).
    pub(crate) fn shape_value(self) -> ShapeValue<'a> {
        match self.str() {
            Some(text) => ShapeValue::Str(text),
            None if self.is_array() => ShapeValue::List,
            None => ShapeValue::Other(self.type_name()),
        }
    }

    /// A string's text, borrowed from the tree.
    pub(crate) fn str(self) -> Option<&'a str> {
        match self.0 {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    /// [`Node::str`], as the readers that also hold owned text take it.
    pub(crate) fn string(self) -> Option<Cow<'a, str>> {
        self.str().map(Cow::Borrowed)
    }

    pub(crate) fn is_true(self) -> bool {
        matches!(self.0, Value::Bool(true))
    }

    pub(crate) fn is_null(self) -> bool {
        matches!(self.0, Value::Null)
    }

    /// The value as `serde_json` holds it, for a field passed through as it is written
    /// (repeated keys already refused by the reader).
    pub(crate) fn to_json(self) -> serde_json::Value {
        match self.0 {
            Value::Null => serde_json::Value::Null,
            Value::Bool(value) => (*value).into(),
            Value::Number(value) => serde_json::Value::Number(value.clone()),
            Value::String(text) => text.as_ref().into(),
            Value::Array(items) => items.iter().map(|item| Node(item).to_json()).collect(),
            Value::Object(fields) => {
                fields.iter().map(|(key, value)| (key.to_string(), Node(value).to_json())).collect()
            }
        }
    }
}

/// The fields of an object with each key's first occurrence only, and whether a key was
/// repeated. The repeats are already errors: [`Sink::reading`] refuses every repeated key of
/// the document, so this only keeps a reader from reading a later occurrence.
pub(crate) fn unique_keys<V>(fields: Vec<(Cow<'_, str>, V)>) -> (Vec<(Cow<'_, str>, V)>, bool) {
    if first_repeats(&fields).next().is_none() {
        return (fields, false);
    }
    let repeated = repeats(fields.iter().map(|(key, _)| key.as_ref()));
    let unique = fields.into_iter().zip(repeated).filter(|(_, repeated)| !repeated);
    (unique.map(|(field, _)| field).collect(), true)
}

/// The position of each field whose key an earlier field already has, in one pass.
fn first_repeats<'f, V>(fields: &'f [(Cow<'_, str>, V)]) -> impl Iterator<Item = usize> + 'f {
    let mut seen = Seen::with_capacity(fields.len());
    fields.iter().enumerate().filter_map(move |(i, (key, _))| seen.repeat(key.as_ref(), i).map(|_| i))
}

/// Every key given twice in any object under `value`, each an error at its pointer. A reader
/// that kept the last one would see a different document than a reviewer does, and so would
/// a runtime given a value the library passes through (an agent's `mcpServers`, another
/// tool's fields), so the whole document is walked, not only the objects a reader enters.
fn repeated_keys(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) {
    if let Some(items) = value.array() {
        for (i, item) in items.into_iter().enumerate() {
            repeated_keys(item, at.index(i), sink);
        }
    } else if let Some(fields) = value.object() {
        let mut repeats = first_repeats(&fields).peekable();
        for (i, (key, value)) in fields.iter().enumerate() {
            if repeats.next_if_eq(&i).is_some() {
                sink.error(at.key(key), Error::DuplicateKey { key: key.to_string() });
            } else {
                repeated_keys(*value, at.key(key), sink);
            }
        }
    }
}

/// A list's items as tool names: each a string, or `None` where an item is not a string
/// (an error at that item's pointer).
pub(crate) fn tool_names<'a>(items: &[Node<'a>], at: Ptr<'_>, sink: &mut Sink) -> Vec<Option<Cow<'a, str>>> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let name = item.string();
            if name.is_none() {
                sink.error(at.index(i), wrong_type("a tool name string", *item));
            }
            name
        })
        .collect()
}

/// An error for a value of the wrong JSON type.
pub(crate) fn wrong_type(expected: &'static str, found: Node<'_>) -> Error {
    Error::WrongType { expected, found: found.type_name() }
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

/// Collects every error and warning of one document, each at its pointer. In strict mode a
/// warning is an error at the same pointer. Warnings are capped ([`Report::MAX_WARNINGS`]),
/// and so is the work spent on did-you-means: past the cap a warning is counted, not built.
#[derive(Debug, Default)]
pub(crate) struct Sink {
    report: Report,
    strict: bool,
    allowed: Lints,
    suggestions_left: usize,
}

impl Sink {
    /// A sink for reading the document `root`, with every repeated key of the whole tree
    /// already refused at its pointer: the one place that rule is checked.
    pub(crate) fn reading(root: Node<'_>, options: Options) -> Sink {
        let mut sink = Sink::new(options);
        repeated_keys(root, Ptr::Root, &mut sink);
        sink
    }

    fn new(options: Options) -> Sink {
        Sink {
            report: Report::default(),
            strict: options.strict,
            allowed: options.allowed,
            suggestions_left: Report::MAX_WARNINGS,
        }
    }

    /// An error at `at`, its pointer rendered only if the error is kept
    /// ([`Report::MAX_ERRORS`]).
    pub(crate) fn error(&mut self, at: Ptr<'_>, error: Error) {
        self.error_at(&|| at.render(), error);
    }

    /// An error at `pointer`, rendered only if the error is kept.
    pub(crate) fn error_at(&mut self, pointer: &dyn Fn() -> String, error: Error) {
        let pointer = if self.report.errors_full() { String::new() } else { pointer() };
        self.report.error(pointer, error);
    }

    /// A warning at `pointer`; `warning` is told whether it may spend work on a suggestion.
    pub(crate) fn warn_at(&mut self, pointer: impl FnOnce() -> String, warning: impl FnOnce(bool) -> Warning) {
        let suggest = self.suggestions_left > 0;
        self.suggestions_left = self.suggestions_left.saturating_sub(1);
        if self.strict {
            let pointer = if self.report.errors_full() { String::new() } else { pointer() };
            self.report.error(pointer, Error::Strict(warning(suggest)));
        } else {
            self.report.warn(pointer, || warning(suggest));
        }
    }

    /// A lint at `pointer`, unless it is allowed.
    pub(crate) fn lint(&mut self, pointer: impl FnOnce() -> String, warning: Warning) {
        if !warning.lint().is_some_and(|lint| self.allowed.contains(lint)) {
            self.warn_at(pointer, |_| warning);
        }
    }

    pub(crate) fn warn(&mut self, at: Ptr<'_>, warning: Warning) {
        self.warn_at(|| at.render(), |_| warning);
    }

    /// Every error so far, or the sink to go on with when there is none.
    pub(crate) fn stop_on_errors(self) -> Result<Sink, LoadError> {
        if self.report.errors.is_empty() { Ok(self) } else { Err(LoadError::Invalid(self.report)) }
    }

    /// The warnings, or every error.
    pub(crate) fn finish(self) -> Result<Report, LoadError> {
        if self.report.errors.is_empty() { Ok(self.report) } else { Err(LoadError::Invalid(self.report)) }
    }
}
