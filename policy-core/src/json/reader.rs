//! The one reader every document kind goes through: the size and nesting limits, raw values
//! read one level at a time and borrowed from the text, duplicate keys refused, RFC 6901
//! pointers, and a sink that collects every error of a document at once.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use super::{LoadError, Options};
use crate::model::vocab::TOOLS_KEY;
use crate::model::{Error, Lints, Located, Report, Warning};

/// The largest document accepted, in bytes.
pub const MAX_DOCUMENT_BYTES: usize = 4 * 1024 * 1024;
/// The deepest nesting accepted: a document whose arrays and objects nest exactly this deep is
/// read, one level deeper is refused, whatever the document kind.
pub const MAX_NESTING: usize = 128;

/// Checks the limits, then parses `text` as `T` (a [`Node`] or the definition's one-pass
/// [`Root`]). The limits come first, so every kind refuses the same documents.
#[inline]
pub(crate) fn parse<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, LoadError> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(invalid_document(Error::DocumentTooLarge { size: text.len(), limit: MAX_DOCUMENT_BYTES }));
    }
    if text.starts_with('\u{feff}') {
        return Err(LoadError::NotJson(String::from(
            "the text starts with a byte order mark (U+FEFF); save the file as UTF-8 without a BOM",
        )));
    }
    if nesting_exceeds(text.as_bytes(), MAX_NESTING) {
        return Err(invalid_document(Error::TooDeep { limit: MAX_NESTING }));
    }
    serde_json::from_str(text).map_err(|error| LoadError::NotJson(error.to_string()))
}

#[inline]
pub(crate) fn invalid_document(error: Error) -> LoadError {
    LoadError::Invalid(Report { errors: vec![Located { pointer: String::new(), item: error }], ..Report::default() })
}

/// Whether brackets outside strings nest deeper than `limit`. Strings in invalid text may
/// be misread; such text is refused as not JSON anyway.
#[inline]
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

impl<'de: 'a, 'a> Deserialize<'de> for Node<'a> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <&'a RawValue>::deserialize(deserializer).map(Node)
    }
}

/// An object's fields in document order, duplicates included.
pub(crate) type Fields<'a> = Vec<(Cow<'a, str>, Node<'a>)>;

impl<'a> Node<'a> {
    #[inline]
    pub(crate) fn first(&self) -> u8 {
        self.0.get().as_bytes().first().copied().unwrap_or(b'n')
    }

    /// The JSON type, as an error message says it.
    #[inline]
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

    #[inline]
    pub(crate) fn object(&self) -> Option<Fields<'a>> {
        if self.first() != b'{' {
            return None;
        }
        serde_json::from_str::<RawObject<'a>>(self.0.get()).ok().map(|o| o.0)
    }

    #[inline]
    pub(crate) fn array(&self) -> Option<Vec<Node<'a>>> {
        if self.first() != b'[' {
            return None;
        }
        serde_json::from_str::<Vec<&'a RawValue>>(self.0.get()).ok().map(|items| items.into_iter().map(Node).collect())
    }

    #[inline]
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

    #[inline]
    pub(crate) fn is_true(&self) -> bool {
        self.0.get() == "true"
    }

    #[inline]
    pub(crate) fn is_null(&self) -> bool {
        self.0.get() == "null"
    }
}

/// A string, borrowed from the text when it has no escapes.
struct CowStr<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for CowStr<'de> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CowStr<'de>;
            #[inline]
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            #[inline]
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<CowStr<'de>, E> {
                Ok(CowStr(Cow::Borrowed(v)))
            }
            #[inline]
            fn visit_str<E: de::Error>(self, v: &str) -> Result<CowStr<'de>, E> {
                Ok(CowStr(Cow::Owned(v.to_owned())))
            }
            #[inline]
            fn visit_string<E: de::Error>(self, v: String) -> Result<CowStr<'de>, E> {
                Ok(CowStr(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(V)
    }
}

/// An object's fields, each value raw, in document order.
#[inline]
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
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawObject<'de>;
            #[inline]
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            #[inline]
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawObject<'de>, A::Error> {
                read_fields(map).map(RawObject)
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// The document's top level, read in one pass: the `tools` array down to each entry's own
/// fields, everything else raw.
pub(crate) enum Root<'a> {
    Object(Vec<(Cow<'a, str>, RootValue<'a>)>),
    Other(&'static str),
}

pub(crate) enum RootValue<'a> {
    Tools(Tools<'a>),
    Raw(&'a RawValue),
}

impl<'a> RootValue<'a> {
    /// The value as a node; `None` for `tools`, which was read as items (only an unknown key
    /// of a single entry gets here, and its value is never looked at).
    #[inline]
    pub(crate) fn node(self) -> Option<Node<'a>> {
        match self {
            RootValue::Raw(raw) => Some(Node(raw)),
            RootValue::Tools(_) => None,
        }
    }
}

/// The `tools` value: an array of items, or something else (its type).
pub(crate) enum Tools<'a> {
    Array(Vec<ToolItem<'a>>),
    Other(&'static str),
}

/// One item of `tools`: an object's fields, or something else (its type).
pub(crate) enum ToolItem<'a> {
    Object(Fields<'a>),
    Other(&'static str),
}

/// A visitor that names the type of anything but the one shape it reads.
macro_rules! other_types {
    ($value:ty, $other:path) => {
        #[inline]
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<$value, E> {
            Ok($other("a boolean"))
        }
        #[inline]
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<$value, E> {
            Ok($other("a number"))
        }
        #[inline]
        fn visit_u64<E: de::Error>(self, _: u64) -> Result<$value, E> {
            Ok($other("a number"))
        }
        #[inline]
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<$value, E> {
            Ok($other("a number"))
        }
        #[inline]
        fn visit_str<E: de::Error>(self, _: &str) -> Result<$value, E> {
            Ok($other("a string"))
        }
        #[inline]
        fn visit_unit<E: de::Error>(self) -> Result<$value, E> {
            Ok($other("null"))
        }
    };
}

impl<'de> Deserialize<'de> for Root<'de> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Root<'de>;
            #[inline]
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON document")
            }
            #[inline]
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Root<'de>, A::Error> {
                let mut fields = Vec::with_capacity(8);
                while let Some(key) = map.next_key::<CowStr<'de>>()? {
                    let value = if key.0 == TOOLS_KEY {
                        RootValue::Tools(map.next_value::<Tools<'de>>()?)
                    } else {
                        RootValue::Raw(map.next_value::<&'de RawValue>()?)
                    };
                    fields.push((key.0, value));
                }
                Ok(Root::Object(fields))
            }
            #[inline]
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
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Tools<'de>;
            #[inline]
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value")
            }
            #[inline]
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tools<'de>, A::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(16));
                while let Some(item) = seq.next_element::<ToolItem<'de>>()? {
                    items.push(item);
                }
                Ok(Tools::Array(items))
            }
            #[inline]
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
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ToolItem<'de>;
            #[inline]
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON value")
            }
            #[inline]
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ToolItem<'de>, A::Error> {
                read_fields(map).map(ToolItem::Object)
            }
            #[inline]
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ToolItem<'de>, A::Error> {
                while seq.next_element::<de::IgnoredAny>()?.is_some() {}
                Ok(ToolItem::Other("an array"))
            }
            other_types!(ToolItem<'de>, ToolItem::Other);
        }
        deserializer.deserialize_any(V)
    }
}

/// The fields of an object with each key's first occurrence only; each later occurrence is
/// an error at its own pointer. A reader that kept the last one would see a different
/// document than a reviewer does, so every object the reader looks into goes through here.
/// The second value says whether there was a duplicate.
#[inline]
pub(crate) fn unique_keys<'a, V>(
    fields: Vec<(Cow<'a, str>, V)>,
    at: Ptr<'_>,
    sink: &mut Sink,
) -> (Vec<(Cow<'a, str>, V)>, bool) {
    let mut unique: Vec<(Cow<'a, str>, V)> = Vec::with_capacity(fields.len());
    let mut duplicated = false;
    for (key, value) in fields {
        if unique.iter().any(|(k, _)| *k == key) {
            sink.error(at.key(&key), Error::DuplicateKey { key: key.clone().into_owned() });
            duplicated = true;
        } else {
            unique.push((key, value));
        }
    }
    (unique, duplicated)
}

/// A list's items as tool names: each a string, or `None` where an item is not a string
/// (an error at that item's pointer).
#[inline]
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

/// An error for a value of the wrong JSON type. A string where a string is expected was
/// refused for not being text.
#[inline]
pub(crate) fn wrong_type(expected: &'static str, found: Node<'_>) -> Error {
    if found.first() == b'"' && expected.contains("string") {
        return Error::NotText;
    }
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
    #[inline]
    pub(crate) fn key(&'a self, key: &'a str) -> Ptr<'a> {
        Ptr::Key(self, key)
    }

    #[inline]
    pub(crate) fn index(&'a self, index: usize) -> Ptr<'a> {
        Ptr::Index(self, index)
    }

    /// RFC 6901: `~` as `~0`, `/` as `~1`; the root is the empty string.
    #[inline]
    pub(crate) fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(&mut out);
        out
    }

    #[inline]
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
    #[inline]
    pub(crate) fn new(options: Options) -> Sink {
        Sink {
            report: Report::default(),
            strict: options.strict,
            allowed: options.allowed,
            suggestions_left: Report::MAX_WARNINGS,
        }
    }

    #[inline]
    pub(crate) fn error(&mut self, at: Ptr<'_>, error: Error) {
        self.error_at(at.render(), error);
    }

    #[inline]
    pub(crate) fn error_at(&mut self, pointer: String, error: Error) {
        self.report.errors.push(Located { pointer, item: error });
    }

    /// A warning at `pointer`; `warning` is told whether it may spend work on a suggestion.
    #[inline]
    pub(crate) fn warn_at(&mut self, pointer: impl FnOnce() -> String, warning: impl FnOnce(bool) -> Warning) {
        let suggest = self.suggestions_left > 0;
        self.suggestions_left = self.suggestions_left.saturating_sub(1);
        if self.strict {
            self.report.errors.push(Located { pointer: pointer(), item: Error::Strict(warning(suggest)) });
        } else {
            self.report.warn(pointer, || warning(suggest));
        }
    }

    /// A lint at `pointer`, unless it is allowed.
    #[inline]
    pub(crate) fn lint(&mut self, pointer: impl FnOnce() -> String, warning: Warning) {
        if !warning.lint().is_some_and(|lint| self.allowed.contains(lint)) {
            self.warn_at(pointer, |_| warning);
        }
    }

    #[inline]
    pub(crate) fn warn(&mut self, at: Ptr<'_>, warning: Warning) {
        self.warn_at(|| at.render(), |_| warning);
    }

    /// The warnings, or every error.
    #[inline]
    pub(crate) fn finish(self) -> Result<Report, LoadError> {
        if self.report.errors.is_empty() { Ok(self.report) } else { Err(LoadError::Invalid(self.report)) }
    }
}
