//! The front door's one job: tokens into the document the JSON reader reads. Each `key: value`
//! becomes the key of the runtime's JSON form (`available_tools: [..]` is
//! `"available-tools": {"tools": [..]}`, `isolated` is `{"isolated": true}`), each written
//! token keeps its span at the JSON pointer it wrote, and whatever JSON cannot say (a word
//! where a list belongs, a non-string item) is refused here, on its token, with core's
//! message. Every rule of the document itself is core's, read by core's reader.

#[cfg(feature = "copilot")]
use policy_core::ClientMode;
use policy_core::error::{Error, Lint, Lints};
use policy_core::json::Document;
use policy_core::json::closed_world::{Place, Verdict};
use policy_core::names::vocab::{
    AGENT_ONLY_KEY, AGENTS_KEY, ALLOW_MACRO_KEY, CAPABILITIES_KEY, CLIENT_MODE_KEY, CLIENT_MODE_MACRO_KEY, DISABLE_KEY,
    ENTRY_KIND, HOLDER_KEY, ISOLATED, KIND_KEY, MACRO_SPELLINGS, ONLY_KEY, RUNTIME_MACRO_KEY, STRICT_MACRO_KEY, Slot,
    TOOLS_KEY,
};
use policy_core::runtime::{Runtime, Spelling};
use policy_core::{ShapeDraft, ShapeValue};
use proc_macro2::Span;

use crate::parse::{Entry, Invocation, Item, Value};

/// Every error of one invocation, combined; it must be checked before it is dropped (as
/// `serde_derive`'s `Ctxt`), so no error found is ever lost.
#[derive(Default)]
pub struct Errors(Option<syn::Error>);

impl Errors {
    pub fn push(&mut self, span: Span, error: impl std::fmt::Display) {
        let error = syn::Error::new(span, error);
        match &mut self.0 {
            Some(all) => all.combine(error),
            None => self.0 = Some(error),
        }
    }

    /// The errors, or `Ok` when there are none.
    pub fn check(mut self) -> syn::Result<()> {
        self.0.take().map_or(Ok(()), Err)
    }
}

impl Drop for Errors {
    fn drop(&mut self) {
        assert!(self.0.is_none() || std::thread::panicking(), "errors of an invocation were dropped unchecked");
    }
}

/// A JSON value as the macro writes it, each part with the token that wrote it.
enum Json {
    Null,
    Bool(bool),
    Str(String),
    List(Vec<(Json, Span)>),
    Object(Vec<(String, Json, Span)>),
}

/// The invocation as the document core reads.
pub struct Written {
    pub runtime: Runtime,
    pub strict: bool,
    pub allowed: Lints,
    /// The document's text.
    pub text: String,
    /// Each pointer written, with its token.
    spans: Vec<(String, Span)>,
    /// Pointers already refused here: core's errors at or under them say it again.
    refused: Vec<String>,
    /// The keys the document holds that the invocation did not write (`builtin_tools`, the
    /// entry's kind), each with the invocation's key that made it.
    stand_ins: Vec<(&'static str, &'static str)>,
}

impl Written {
    /// `error` in the invocation's words: a key the document holds only because the
    /// invocation wrote another is named as the key it wrote.
    pub fn in_its_words(&self, error: &Error) -> Error {
        let mut error = error.clone();
        if let Error::TwoPolicies { first, second } = &mut error {
            for key in [first, second] {
                if let Some((_, written)) = self.stand_ins.iter().find(|(document, _)| document == key) {
                    *key = written;
                }
            }
        }
        error
    }

    /// The token that wrote `pointer`, or the nearest enclosing one.
    pub fn span(&self, pointer: &str) -> Span {
        let mut pointer = pointer;
        loop {
            if let Some((_, span)) = self.spans.iter().find(|(written, _)| written == pointer) {
                return *span;
            }
            match pointer.rfind('/') {
                Some(end) => pointer = &pointer[..end],
                None => return Span::call_site(),
            }
        }
    }

    /// Whether this side already refused what is at `pointer`.
    pub fn refused(&self, pointer: &str) -> bool {
        self.refused.iter().any(|refused| {
            pointer.strip_prefix(refused.as_str()).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        })
    }
}

/// What a value's token is, as a message says it.
fn found(value: &Value) -> &'static str {
    match value {
        Value::List { .. } => "a list",
        Value::Word(_) => "an identifier",
        Value::Tagged { .. } => "an identifier before a value",
        Value::Str(_) => "a string literal",
        Value::Bool(_) => "a boolean",
        Value::Object { .. } => "an object",
        Value::Other(_) => "an expression",
    }
}

/// The runtime the invocation is for (`runtime: claude_code`; Copilot when absent).
fn runtime(invocation: &Invocation, errors: &mut Errors) -> Option<Runtime> {
    let Some(entry) = invocation.entries.iter().find(|e| e.key == RUNTIME_MACRO_KEY) else {
        // No `runtime:`, the default runtime's form: refused where it is not compiled in.
        if !Runtime::DEFAULT.compiled_in() {
            errors.push(Span::call_site(), Runtime::DEFAULT.refused(Spelling::Macro));
            return None;
        }
        return Some(Runtime::DEFAULT);
    };
    let value = match &entry.value {
        Value::Word(word) => word.to_string(),
        // A runtime is an identifier; a string is refused, quoted, with the fix.
        Value::Str(lit) => format!("{:?}", lit.value()),
        other => found(other).to_owned(),
    };
    match Runtime::from_name(&value, Spelling::Macro) {
        Ok(runtime) => Some(runtime),
        Err(error) => {
            errors.push(entry.value.span(), error);
            None
        }
    }
}

/// Each entry once, classified by `place`: the keys `place` reads, in the order written.
fn entries<'e>(entries: &'e [Entry], place: &Place, errors: &mut Errors) -> Vec<(&'static str, &'e Entry)> {
    let mut read: Vec<(&'static str, &Entry)> = Vec::new();
    for entry in entries {
        let key = entry.key.to_string();
        match place.classify(&key) {
            Verdict::Read(_) if read.iter().any(|(_, seen)| seen.key == entry.key) => {
                errors.push(entry.key.span(), Error::DuplicateKey { key });
            }
            Verdict::Read(exact) => read.push((exact, entry)),
            Verdict::Refuse(error) => errors.push(entry.key.span(), error),
            Verdict::PassThrough => {}
        }
    }
    read
}

/// The JSON key a macro key stands for.
fn json_key(key: &'static str) -> &'static str {
    MACRO_SPELLINGS.iter().find(|(spelled, _)| *spelled == key).map_or(key, |(_, json)| *json)
}

/// Writes the invocation; `None` when its runtime cannot be read (the error is in `errors`).
pub fn write(invocation: &Invocation, errors: &mut Errors) -> Option<Written> {
    let runtime = runtime(invocation, errors)?;
    let (place, agent_place) = Document::macro_places(runtime)?;
    let read = entries(&invocation.entries, place, errors);
    let get = |key: &str| read.iter().find(|(k, _)| *k == key).map(|(_, e)| *e);
    let mut writer = Writer { refused: Vec::new(), base: String::new() };
    let strict = get(STRICT_MACRO_KEY).is_some_and(|entry| strict(entry, errors));
    let allowed = get(ALLOW_MACRO_KEY).map_or(Lints::NONE, |entry| allowed(entry, errors));
    let document = match runtime {
        #[cfg(feature = "copilot")]
        Runtime::Copilot => writer.copilot(&read, errors),
        _ => writer.selection(&read, agent_place, errors),
    };
    let mut text = String::new();
    let mut spans = Vec::new();
    render(&document, "", &mut text, &mut spans);
    // The holder of a selection and a Copilot entry's kind stand for the first key of theirs
    // the invocation wrote.
    let first_of = |keys: &[&'static str]| read.iter().map(|(key, _)| *key).find(|key| keys.contains(key));
    let selection = first_of(&[ONLY_KEY, DISABLE_KEY]).map(|key| (HOLDER_KEY, key));
    let entry_keys = [Slot::Available.macro_key(), Slot::Excluded.macro_key(), CLIENT_MODE_MACRO_KEY];
    let entry = first_of(&entry_keys).map(|key| (ENTRY_KIND, key));
    let stand_ins = selection.into_iter().chain(entry).collect();
    Some(Written { runtime, strict, allowed, text, spans, refused: writer.refused, stand_ins })
}

/// `strict: true` turns every warning into a compile error; the default is `false`.
fn strict(entry: &Entry, errors: &mut Errors) -> bool {
    match &entry.value {
        Value::Bool(lit) => lit.value,
        other => {
            errors.push(other.span(), Error::WrongType { expected: "`true` or `false`", found: found(other) });
            false
        }
    }
}

/// `allow: ["dead-deny", ...]`: lints the strict form does not report.
fn allowed(entry: &Entry, errors: &mut Errors) -> Lints {
    let Value::List { items, .. } = &entry.value else {
        let expected = "a list of lint names such as `[\"dead-deny\"]`";
        errors.push(entry.value.span(), Error::WrongType { expected, found: found(&entry.value) });
        return Lints::NONE;
    };
    let mut names = Vec::new();
    for item in items {
        match item {
            Item::Str(lit) => names.push(lit),
            Item::Word(word) => {
                errors.push(word.span(), Error::WrongType { expected: "a string literal", found: "an identifier" });
            }
            Item::Other { found, span } => errors.push(*span, Error::WrongType { expected: "a string literal", found }),
        }
    }
    let mut allowed = Lints::NONE;
    for name in names {
        match name.value().parse::<Lint>() {
            Ok(lint) => allowed = allowed.with(lint),
            Err(error) => errors.push(name.span(), error),
        }
    }
    allowed
}

/// What refuses parts of the invocation while it is written.
struct Writer {
    refused: Vec<String>,
    /// Where the Copilot entry stands: the root, or `/tools/0` in a definition.
    base: String,
}

impl Writer {
    /// `null` for a value refused here, at `pointer`.
    fn refuse(&mut self, pointer: String) -> Json {
        self.refused.push(pointer);
        Json::Null
    }

    /// A list of string literals; an item that is not one is refused on its token.
    fn strings(&mut self, items: &[Item], pointer: &str, errors: &mut Errors) -> Json {
        let items = items.iter().enumerate().map(|(i, item)| match item {
            Item::Str(lit) => (Json::Str(lit.value()), lit.span()),
            Item::Word(word) => {
                errors.push(word.span(), Error::WrongType { expected: "a string literal", found: "an identifier" });
                (self.refuse(format!("{pointer}/{i}")), word.span())
            }
            Item::Other { found, span } => {
                errors.push(*span, Error::WrongType { expected: "a string literal", found });
                (self.refuse(format!("{pointer}/{i}")), *span)
            }
        });
        Json::List(items.collect())
    }

    /// The Copilot form: a single `github-cli-builtin-tools` entry; with `capabilities`, a
    /// definition holding the portable policy (and the entry, when keys of one are given too,
    /// for core to refuse the pair).
    #[cfg(feature = "copilot")]
    fn copilot(&mut self, read: &[(&'static str, &Entry)], errors: &mut Errors) -> Json {
        let capabilities = read.iter().find(|(key, _)| *key == CAPABILITIES_KEY).map(|(_, entry)| *entry);
        let entry_keys = read.iter().any(|(key, _)| Slot::BOTH.iter().any(|slot| slot.macro_key() == *key))
            || read.iter().any(|(key, _)| *key == CLIENT_MODE_MACRO_KEY);
        let Some(capabilities) = capabilities else { return self.copilot_entry(read, errors) };
        let span = capabilities.value.span();
        let mut fields = vec![(
            CAPABILITIES_KEY.to_owned(),
            self.capabilities(&capabilities.value, &format!("/{CAPABILITIES_KEY}"), errors),
            span,
        )];
        if entry_keys {
            self.base = format!("/{TOOLS_KEY}/0");
            let entry = self.copilot_entry(read, errors);
            fields.push((TOOLS_KEY.to_owned(), Json::List(vec![(entry, Span::call_site())]), Span::call_site()));
        }
        Json::Object(fields)
    }

    /// The `github-cli-builtin-tools` entry of the invocation's keys.
    #[cfg(feature = "copilot")]
    fn copilot_entry(&mut self, read: &[(&'static str, &Entry)], errors: &mut Errors) -> Json {
        let mut fields = vec![(KIND_KEY.to_owned(), Json::Str(ENTRY_KIND.to_owned()), Span::call_site())];
        for (key, entry) in read {
            let span = entry.value.span();
            let value = match *key {
                CLIENT_MODE_MACRO_KEY => self.client_mode(&entry.value, errors),
                key if Slot::BOTH.iter().any(|slot| slot.macro_key() == key) => {
                    let pointer = format!("{}/{}", self.base, json_key(key));
                    self.selector(&entry.value, &pointer, errors)
                }
                _ => continue,
            };
            fields.push((json_key(key).to_owned(), value, span));
        }
        Json::Object(fields)
    }

    /// `capabilities: only [read, search]`, `disable [web]`, `disable "*"`, or the object form
    /// `{ only: [read], mcp_tools: none }` (or `mcp_tools: { disable: ["github/create_issue"] }`),
    /// as the portable policy's JSON; each word becomes a string for core to check.
    fn capabilities(&mut self, value: &Value, pointer: &str, errors: &mut Errors) -> Json {
        let pointer = pointer.to_owned();
        let fields: Vec<(String, &Value, Span)> = match value {
            Value::Tagged { tag, value } => vec![(tag.to_string(), value, tag.span())],
            Value::Object { entries, .. } => {
                entries.iter().map(|e| (e.key.to_string(), &e.value, e.key.span())).collect()
            }
            other => {
                let expected =
                    "`only [read, search]`, `disable [web]`, `disable \"*\"` or `{ only: [..], mcp_tools: none }`";
                errors.push(other.span(), Error::WrongType { expected, found: found(other) });
                return self.refuse(pointer);
            }
        };
        let mut written = Vec::new();
        for (key, value, span) in fields {
            let at = format!("{pointer}/{key}");
            let json = match value {
                Value::List { items, .. } => self.words(items, &at, errors),
                Value::Str(lit) => Json::Str(lit.value()),
                Value::Word(word) => Json::Str(word.to_string()),
                // `mcp_tools: { disable: ["github/create_issue"] }`: servers and tools, as
                // strings, for core to check.
                Value::Object { entries, .. } => {
                    let fields = entries.iter().map(|entry| {
                        let at = format!("{at}/{}", entry.key);
                        let list = match &entry.value {
                            Value::List { items, .. } => self.strings(items, &at, errors),
                            other => {
                                let expected = "a list of MCP servers and tools such as `[\"github/create_issue\"]`";
                                errors.push(other.span(), Error::WrongType { expected, found: found(other) });
                                self.refuse(at)
                            }
                        };
                        (entry.key.to_string(), list, entry.key.span())
                    });
                    Json::Object(fields.collect())
                }
                other => {
                    let expected = "a list of capability words such as `[read, search]`";
                    errors.push(other.span(), Error::WrongType { expected, found: found(other) });
                    self.refuse(at)
                }
            };
            written.push((key, json, span));
        }
        Json::Object(written)
    }

    /// A list of words (capabilities); an item that is not one is refused on its token.
    fn words(&mut self, items: &[Item], pointer: &str, errors: &mut Errors) -> Json {
        let expected = "a capability word such as `read`";
        let items = items.iter().enumerate().map(|(i, item)| match item {
            Item::Word(word) => (Json::Str(word.to_string()), word.span()),
            Item::Str(lit) => {
                errors.push(lit.span(), Error::WrongType { expected, found: "a string literal" });
                (self.refuse(format!("{pointer}/{i}")), lit.span())
            }
            Item::Other { found, span } => {
                errors.push(*span, Error::WrongType { expected, found });
                (self.refuse(format!("{pointer}/{i}")), *span)
            }
        });
        Json::List(items.collect())
    }

    #[cfg(feature = "copilot")]
    fn client_mode(&mut self, value: &Value, errors: &mut Errors) -> Json {
        let pointer = format!("{}/{CLIENT_MODE_KEY}", self.base);
        match value {
            Value::Word(word) => match ClientMode::parse_macro(&word.text) {
                Ok(mode) => Json::Str(mode.as_str().to_owned()),
                Err(error) => {
                    errors.push(word.span, error);
                    self.refuse(pointer)
                }
            },
            other => {
                errors
                    .push(other.span(), Error::WrongType { expected: "`empty` or `copilot_cli`", found: found(other) });
                self.refuse(pointer)
            }
        }
    }

    /// `[ "name", .. ]` or `isolated`, as a selector object.
    #[cfg(feature = "copilot")]
    fn selector(&mut self, value: &Value, pointer: &str, errors: &mut Errors) -> Json {
        match value {
            Value::List { items, span } => {
                let list = self.strings(items, &format!("{pointer}/{TOOLS_KEY}"), errors);
                Json::Object(vec![(TOOLS_KEY.to_owned(), list, *span)])
            }
            Value::Word(word) if word.text == ISOLATED => {
                Json::Object(vec![(ISOLATED.to_owned(), Json::Bool(true), word.span)])
            }
            Value::Word(word) => {
                errors.push(word.span, Error::UnknownSelector { value: word.to_string() });
                self.refuse(pointer.to_owned())
            }
            Value::Str(lit) => {
                errors.push(lit.span(), Error::SelectorString { value: lit.value() });
                self.refuse(pointer.to_owned())
            }
            other => {
                let expected = "a list of tool names (`[\"bash\", ..]`) or `isolated`";
                errors.push(other.span(), Error::WrongType { expected, found: found(other) });
                self.refuse(pointer.to_owned())
            }
        }
    }

    /// The selection form, held under `builtin_tools` (so a missing or second shape key is
    /// the holder's error, at the second key's token), with the agents beside it.
    fn selection(&mut self, read: &[(&'static str, &Entry)], agent_place: Option<&Place>, errors: &mut Errors) -> Json {
        let holder = format!("/{HOLDER_KEY}");
        let mut selection = Vec::new();
        let mut second = Span::call_site();
        for (key, entry) in read.iter().filter(|(key, _)| [ONLY_KEY, DISABLE_KEY].contains(key)) {
            let value = match &entry.value {
                Value::List { items, .. } => self.strings(items, &format!("{holder}/{key}"), errors),
                Value::Str(lit) => Json::Str(lit.value()),
                other => {
                    if let Err(error) = ShapeDraft::of(key, ShapeValue::Other(found(other))) {
                        errors.push(other.span(), error);
                    }
                    self.refuse(holder.clone())
                }
            };
            second = entry.key.span();
            selection.push(((*key).to_owned(), value, entry.value.span()));
        }
        // The holder's errors (a second shape key, a lint of the whole selection) stand on the
        // second key, or on the one value.
        let span = match selection.as_slice() {
            [] => Span::call_site(),
            [(_, _, value)] => *value,
            _ => second,
        };
        let portable = read.iter().any(|(key, _)| *key == CAPABILITIES_KEY);
        let mut fields = Vec::new();
        if !selection.is_empty() || !portable {
            fields.push((HOLDER_KEY.to_owned(), Json::Object(selection), span));
        }
        for (key, entry) in read {
            let value = match *key {
                CAPABILITIES_KEY => self.capabilities(&entry.value, &format!("/{CAPABILITIES_KEY}"), errors),
                AGENTS_KEY => self.agents(&entry.value, agent_place, errors),
                AGENT_ONLY_KEY => match &entry.value {
                    Value::List { items, .. } => self.strings(items, &format!("/{AGENT_ONLY_KEY}"), errors),
                    other => {
                        let error = Error::WrongType { expected: "a list of built-in tool names", found: found(other) };
                        errors.push(other.span(), error);
                        self.refuse(format!("/{AGENT_ONLY_KEY}"))
                    }
                },
                _ => continue,
            };
            fields.push(((*key).to_owned(), value, entry.value.span()));
        }
        Json::Object(fields)
    }

    /// `agents: { name: { description: "..", prompt: "..", tools: [..], .. }, .. }`.
    fn agents(&mut self, value: &Value, place: Option<&Place>, errors: &mut Errors) -> Json {
        let pointer = format!("/{AGENTS_KEY}");
        let (Value::Object { entries: agents, .. }, Some(place)) = (value, place) else {
            let expected = "`{ name: { description: \"..\", prompt: \"..\" }, .. }`";
            errors.push(value.span(), Error::WrongType { expected, found: found(value) });
            return self.refuse(pointer);
        };
        let mut written: Vec<(String, Json, Span)> = Vec::new();
        for agent in agents {
            let name = agent.key.to_string();
            if written.iter().any(|(seen, _, _)| *seen == name) {
                errors.push(agent.key.span(), Error::DuplicateKey { key: name });
                continue;
            }
            let at = format!("{pointer}/{name}");
            let fields = match &agent.value {
                Value::Object { entries, .. } => self.agent(entries, place, &at, errors),
                other => {
                    let expected = "`{ description: \"..\", prompt: \"..\" }`";
                    errors.push(other.span(), Error::WrongType { expected, found: found(other) });
                    self.refuse(at.clone())
                }
            };
            written.push((name, fields, agent.value.span()));
        }
        Json::Object(written)
    }

    /// One agent's fields, each key as the CLI spells it.
    fn agent(&mut self, fields: &[Entry], place: &Place, at: &str, errors: &mut Errors) -> Json {
        let mut written = Vec::new();
        for (key, field) in entries(fields, place, errors) {
            let json = json_key(key);
            let value = match &field.value {
                _ if key == CAPABILITIES_KEY => self.capabilities(&field.value, &format!("{at}/{json}"), errors),
                Value::List { items, .. } if key == TOOLS_KEY || json != key => {
                    self.strings(items, &format!("{at}/{json}"), errors)
                }
                Value::Str(lit) if key != TOOLS_KEY && json == key => Json::Str(lit.value()),
                other => {
                    let expected =
                        if key == TOOLS_KEY || json != key { "a list of tool names" } else { "a string literal" };
                    errors.push(other.span(), Error::WrongType { expected, found: found(other) });
                    self.refuse(format!("{at}/{json}"))
                }
            };
            written.push((json.to_owned(), value, field.value.span()));
        }
        Json::Object(written)
    }
}

/// Writes `json` at `pointer`, recording the span of every part.
fn render(json: &Json, pointer: &str, out: &mut String, spans: &mut Vec<(String, Span)>) {
    match json {
        Json::Null => out.push_str("null"),
        Json::Bool(value) => out.push_str(if *value { "true" } else { "false" }),
        Json::Str(text) => out.push_str(&serde_json::to_string(text).unwrap_or_default()),
        Json::List(items) => {
            out.push('[');
            for (i, (item, span)) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let at = format!("{pointer}/{i}");
                spans.push((at.clone(), *span));
                render(item, &at, out, spans);
            }
            out.push(']');
        }
        Json::Object(fields) => {
            out.push('{');
            for (i, (key, value, span)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(key).unwrap_or_default());
                out.push(':');
                let at = format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"));
                spans.push((at.clone(), *span));
                render(value, &at, out, spans);
            }
            out.push('}');
        }
    }
}
