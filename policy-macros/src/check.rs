//! Checks an invocation with policy-core's validation and resolution, turning each
//! `policy_core::At` place back into the span of the token that wrote it.

use policy_core::claude::{ClaudeCodeSelection, SelectionDraft, ShapeDraft};
use policy_core::{At, ClientMode, EntryDraft, Error, ResolvedPolicy, Slot, SlotDraft, Warning};
use proc_macro2::Span;

use crate::parse::{Entry, Invocation, Item, Value};

/// What the invocation resolved to.
pub enum Checked {
    Copilot(ResolvedPolicy),
    ClaudeCode {
        selection: ClaudeCodeSelection,
        /// Legacy names rewritten, to be reported as warnings.
        warnings: Vec<(Span, Warning)>,
    },
}

const COPILOT_KEYS: &[&str] = &["available_tools", "excluded_tools", "client_mode", "runtime"];
const CLAUDE_KEYS: &[&str] = &["runtime", "only", "disable"];
const RUNTIMES: &[&str] = &["copilot", "claude_code"];

/// Every error of one invocation, combined into one.
#[derive(Default)]
struct Errors(Option<syn::Error>);

impl Errors {
    fn push(&mut self, span: Span, error: &Error) {
        let error = syn::Error::new(span, error);
        match &mut self.0 {
            Some(all) => all.combine(error),
            None => self.0 = Some(error),
        }
    }

    /// Adds a last error and returns them all.
    fn fail(mut self, span: Span, error: &Error) -> syn::Error {
        self.push(span, error);
        self.0.unwrap_or_else(|| syn::Error::new(span, error))
    }

    fn finish<T>(self, value: impl FnOnce() -> T) -> syn::Result<T> {
        match self.0 {
            Some(error) => Err(error),
            None => Ok(value()),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Runtime {
    Copilot,
    ClaudeCode,
}

pub fn check(invocation: &Invocation) -> syn::Result<Checked> {
    let mut errors = Errors::default();
    let runtime = runtime(invocation, &mut errors);
    let Some(runtime) = runtime else {
        return Err(errors.0.unwrap_or_else(|| syn::Error::new(Span::call_site(), "unknown runtime")));
    };
    let (keys, other_keys, other_runtime) = match runtime {
        Runtime::Copilot => (COPILOT_KEYS, CLAUDE_KEYS, "claude_code"),
        Runtime::ClaudeCode => (CLAUDE_KEYS, COPILOT_KEYS, "copilot"),
    };
    let mut seen: Vec<&Entry> = Vec::new();
    for entry in &invocation.entries {
        let key = entry.key.to_string();
        if seen.iter().any(|e| e.key == entry.key) {
            errors.push(entry.key.span(), &Error::DuplicateKey { key });
        } else if keys.contains(&key.as_str()) {
            seen.push(entry);
        } else if other_keys.contains(&key.as_str()) {
            errors.push(entry.key.span(), &Error::KeyOfOtherRuntime { key, runtime: other_runtime });
        } else {
            errors.push(entry.key.span(), &Error::UnknownKey { key, expected: keys });
        }
    }
    let get = |name: &str| seen.iter().find(|e| e.key == name).copied();
    match runtime {
        Runtime::Copilot => copilot(&get, errors),
        Runtime::ClaudeCode => claude_code(&get, errors),
    }
}

fn runtime(invocation: &Invocation, errors: &mut Errors) -> Option<Runtime> {
    let Some(entry) = invocation.entries.iter().find(|e| e.key == "runtime") else {
        return Some(Runtime::Copilot);
    };
    let value = match &entry.value {
        Value::Word(word) => word.to_string(),
        Value::Str(lit) => format!("{:?}", lit.value()),
        _ => String::from("…"),
    };
    // The macro spells runtimes as identifiers (`claude_code`); policy-core decides which
    // runtimes exist and which can honour a selection.
    let Some(runtime) = policy_core::runtime::Runtime::parse(&value.replace('_', "-")) else {
        errors.push(entry.value.span(), &Error::UnknownRuntime { value, expected: RUNTIMES });
        return None;
    };
    match (runtime, runtime.capabilities()) {
        (_, Err(error)) => {
            errors.push(entry.value.span(), &error);
            None
        }
        (policy_core::runtime::Runtime::Copilot, Ok(_)) => Some(Runtime::Copilot),
        (policy_core::runtime::Runtime::ClaudeCode, Ok(_)) => Some(Runtime::ClaudeCode),
        // A runtime policy-core supports but this macro has no grammar for yet.
        (other, Ok(_)) => {
            errors.push(entry.value.span(), &Error::UnsupportedRuntime { runtime: other.as_str().to_owned() });
            None
        }
    }
}

/// The string values of a list; `None` for items that are not string literals (reported).
fn strings(items: &[Item], errors: &mut Errors) -> Vec<Option<String>> {
    items
        .iter()
        .map(|item| match item {
            Item::Str(lit) => Some(lit.value()),
            Item::Other { found, span } => {
                errors.push(*span, &Error::WrongType { expected: "a string literal", found });
                None
            }
        })
        .collect()
}

fn item_span(items: &[Item], index: usize, fallback: Span) -> Span {
    match items.get(index) {
        Some(Item::Str(lit)) => lit.span(),
        Some(Item::Other { span, .. }) => *span,
        None => fallback,
    }
}

fn found(value: &Value) -> &'static str {
    match value {
        Value::List { .. } => "a list",
        Value::Word(_) => "an identifier",
        Value::Str(_) => "a string literal",
        Value::Other(_) => "an expression",
    }
}

fn copilot<'e>(get: &impl Fn(&str) -> Option<&'e Entry>, mut errors: Errors) -> syn::Result<Checked> {
    let mut draft = EntryDraft::default();
    let mode_entry = get("client_mode");
    if let Some(entry) = mode_entry {
        match &entry.value {
            Value::Word(word) => match ClientMode::parse_macro(&word.to_string()) {
                Ok(mode) => draft.client_mode = Some(mode),
                Err(error) => {
                    errors.push(word.span(), &error);
                    draft.client_mode_invalid = true;
                }
            },
            other => {
                errors.push(
                    other.span(),
                    &Error::WrongType { expected: "`empty` or `copilot_cli`", found: found(other) },
                );
                draft.client_mode_invalid = true;
            }
        }
    }
    let slots = [(Slot::Available, get("available_tools")), (Slot::Excluded, get("excluded_tools"))];
    let mut values: [Vec<Option<String>>; 2] = [Vec::new(), Vec::new()];
    let mut shapes = [None, None];
    for (i, (_, entry)) in slots.iter().enumerate() {
        let Some(entry) = entry else { continue };
        shapes[i] = Some(match &entry.value {
            Value::List { items, .. } => {
                values[i] = strings(items, &mut errors);
                true
            }
            Value::Word(word) if word == "isolated" => false,
            Value::Word(word) => {
                errors.push(word.span(), &Error::UnknownSelector { value: word.to_string() });
                continue;
            }
            other => {
                errors.push(other.span(), &Error::UnknownSelector { value: found(other).to_owned() });
                continue;
            }
        });
    }
    for (i, shape) in shapes.iter().enumerate() {
        let slot = match i {
            0 => &mut draft.available,
            _ => &mut draft.excluded,
        };
        *slot = match (shape, slots[i].1) {
            (Some(true), _) => SlotDraft::Tools(values[i].iter().map(Option::as_deref).collect()),
            (Some(false), _) => SlotDraft::Isolated,
            (None, Some(_)) => SlotDraft::Invalid,
            (None, None) => SlotDraft::Absent,
        };
    }
    let mut found_errors = Vec::new();
    let entry = draft.check(&mut found_errors);
    for (place, error) in found_errors {
        let value_span = |slot: Slot| {
            let index = usize::from(slot == Slot::Excluded);
            slots[index].1.map_or_else(Span::call_site, |e| e.value.span())
        };
        let span = match place {
            At::ClientMode => mode_entry.map_or_else(Span::call_site, |e| e.value.span()),
            At::Selector(slot) | At::Tools(slot) => value_span(slot),
            At::Tool(slot, index) => {
                let entry = slots[usize::from(slot == Slot::Excluded)].1;
                match entry.map(|e| &e.value) {
                    Some(Value::List { items, span }) => item_span(items, index, *span),
                    _ => value_span(slot),
                }
            }
            At::Entry | At::ClaudeTool(_) => Span::call_site(),
        };
        errors.push(span, &error);
    }
    errors.finish(|| entry.map_or(ResolvedPolicy::DEFAULT, |entry| entry.resolve())).map(Checked::Copilot)
}

fn claude_code<'e>(get: &impl Fn(&str) -> Option<&'e Entry>, mut errors: Errors) -> syn::Result<Checked> {
    let (entry, shape) = match (get("only"), get("disable")) {
        (Some(only), None) => (only, ShapeDraft::Only),
        (None, Some(disable)) => (disable, ShapeDraft::Disable),
        (Some(a), Some(b)) => {
            // Entries live in one Vec, so address order is the order they were written.
            let second = if std::ptr::from_ref(a) < std::ptr::from_ref(b) { b } else { a };
            return Err(errors.fail(second.key.span(), &Error::ClaudeShape));
        }
        (None, None) => {
            return Err(errors.fail(Span::call_site(), &Error::ClaudeShape));
        }
    };
    let (shape, items, values) = match (&entry.value, shape) {
        (Value::Str(lit), ShapeDraft::Disable) if lit.value() == "*" => (ShapeDraft::DisableAll, &[][..], Vec::new()),
        (Value::Str(lit), ShapeDraft::Disable) => {
            return Err(errors.fail(lit.span(), &Error::ClaudeDisableString { value: lit.value() }));
        }
        (Value::List { items, .. }, _) => (shape, items.as_slice(), strings(items, &mut errors)),
        (other, _) => {
            let expected = if shape == ShapeDraft::Disable { "`\"*\"` or a list of names" } else { "a list of names" };
            return Err(errors.fail(other.span(), &Error::WrongType { expected, found: found(other) }));
        }
    };
    let draft = SelectionDraft { shape, names: values.iter().map(Option::as_deref).collect() };
    let (mut found_errors, mut found_warnings) = (Vec::new(), Vec::new());
    let selection = draft.check(&mut found_errors, &mut found_warnings);
    let span_of = |place: At| match place {
        At::ClaudeTool(index) => item_span(items, index, entry.value.span()),
        _ => entry.value.span(),
    };
    for (place, error) in found_errors {
        errors.push(span_of(place), &error);
    }
    let warnings = found_warnings.into_iter().map(|(place, w)| (span_of(place), w)).collect();
    match (errors.0, selection) {
        (Some(error), _) => Err(error),
        (None, Some(selection)) => Ok(Checked::ClaudeCode { selection, warnings }),
        (None, None) => Err(syn::Error::new(entry.value.span(), "invalid Claude Code selection")),
    }
}
