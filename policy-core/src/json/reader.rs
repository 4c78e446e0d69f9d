//! The one reader every document kind goes through: the size and nesting limits, the text
//! checked once ([`syntax`]), values read one level at a time and borrowed from the text,
//! duplicate keys refused, RFC 6901 pointers, and a sink that collects every error of a
//! document at once.

use std::borrow::Cow;

use super::syntax::{self, Checked, Refused, Span};
use super::{LoadError, Options, SyntaxError};
use crate::model::{Error, Lints, Located, Report, Warning};

/// The largest document accepted, in bytes.
pub const MAX_DOCUMENT_BYTES: usize = 4 * 1024 * 1024;
/// The deepest nesting accepted: a document whose arrays and objects nest exactly this deep is
/// read, one level deeper is refused, whatever the document kind.
pub const MAX_NESTING: usize = 128;

/// Checks the size, then that `text` is JSON nesting at most [`MAX_NESTING`] deep, for
/// [`Node::root`] to read. A limit wins over a syntax error wherever that lies, so every kind
/// refuses the same documents.
#[inline]
pub(crate) fn parse(text: &str) -> Result<Checked<'_>, LoadError> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(invalid_document(Error::DocumentTooLarge { size: text.len(), limit: MAX_DOCUMENT_BYTES }));
    }
    if text.starts_with('\u{feff}') {
        return Err(LoadError::NotJson(SyntaxError::at_start(
            "the text starts with a byte order mark (U+FEFF); save the file as UTF-8 without a BOM",
        )));
    }
    let too_deep = || invalid_document(Error::TooDeep { limit: MAX_NESTING });
    match syntax::check(text, MAX_NESTING) {
        Ok(doc) => Ok(doc),
        Err(Refused::TooDeep) => Err(too_deep()),
        // The limit comes before the syntax: a text nesting too deep past its first syntax
        // error is refused as too deep too. Only a refused text pays for this second scan.
        Err(Refused::Syntax(_)) if nesting_exceeds(text.as_bytes(), MAX_NESTING) => Err(too_deep()),
        Err(Refused::Syntax(error)) => Err(LoadError::NotJson(error)),
    }
}

#[inline]
pub(crate) fn invalid_document(error: Error) -> LoadError {
    LoadError::Invalid(Report { errors: vec![Located { pointer: String::new(), item: error }], ..Report::default() })
}

/// Whether brackets outside strings nest deeper than `limit`, read past any syntax error.
/// Strings in invalid text may be misread; such text is refused either way.
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

/// A checked JSON value not yet looked into, read one level at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'a> {
    doc: &'a Checked<'a>,
    span: Span,
}

/// An object's fields in document order, duplicates included.
pub(crate) type Fields<'a> = Vec<(Cow<'a, str>, Node<'a>)>;

impl<'a> Node<'a> {
    /// The document's top-level value.
    #[inline]
    pub(crate) fn root(doc: &'a Checked<'a>) -> Node<'a> {
        Node { doc, span: doc.root() }
    }

    /// The value's text, exactly as written.
    #[inline]
    pub(crate) fn text(&self) -> &'a str {
        &self.doc.text()[self.span.0..self.span.1]
    }

    /// Where the value starts and ends in the document's text.
    #[inline]
    pub(crate) fn span(&self) -> Span {
        self.span
    }

    #[inline]
    pub(crate) fn first(&self) -> u8 {
        self.doc.text().as_bytes()[self.span.0]
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
        let doc = self.doc;
        (self.first() == b'{')
            .then(|| doc.fields(self.span.0).map(|(key, span)| (syntax::decode(key), Node { doc, span })).collect())
    }

    #[inline]
    pub(crate) fn array(&self) -> Option<Vec<Node<'a>>> {
        (self.first() == b'[').then(|| self.doc.items(self.span.0).map(|span| Node { doc: self.doc, span }).collect())
    }

    #[inline]
    pub(crate) fn string(&self) -> Option<Cow<'a, str>> {
        (self.first() == b'"').then(|| syntax::decode(self.text()))
    }

    #[inline]
    pub(crate) fn is_true(&self) -> bool {
        self.text() == "true"
    }

    #[inline]
    pub(crate) fn is_null(&self) -> bool {
        self.text() == "null"
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

/// An error for a value of the wrong JSON type.
#[inline]
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
