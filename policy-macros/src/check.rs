//! Checks an invocation with policy-core's validation and resolution, turning each
//! `policy_core::At` place back into the span of the token that wrote it.

use policy_core::claude_code::catalog::ClaudeTool;
use policy_core::claude_code::{AgentPlace, AgentRule, ClaudeAgent, ClaudeAgents, check_rules};
use policy_core::error::Stray;
use policy_core::names::vocab::{
    AGENT_MACRO_FIELDS, AGENT_ONLY_KEY, AGENTS_KEY, ALLOW_MACRO_KEY, CLAUDE_MACRO_KEYS, CLIENT_MODE_MACRO_KEY,
    COPILOT_MACRO_KEYS, DISABLE_KEY, GEMINI_MACRO_KEYS, ISOLATED, ONLY_KEY, RUNTIME_MACRO_KEY, STRICT_MACRO_KEY,
};
use policy_core::runtime::{Runtime, Spelling};
use policy_core::text::reads_as as near_miss;
use policy_core::{
    At, CatalogName, ClientMode, EntryDraft, Error, GeminiName, Lint, Lints, ResolvedPolicy, Selection, SelectionDraft,
    Selector, ShapeDraft, ShapeValue, Slot, SlotDraft, Warning, builtin_warning, lint_entry, lint_selection,
};
use proc_macro2::Span;

use crate::parse::{Entry, Invocation, Item, Value};

/// What the invocation resolved to.
pub enum Checked {
    Copilot(ResolvedPolicy),
    ClaudeCode(CliChecked<ClaudeTool>),
    /// A Claude Code selection with custom agents.
    ClaudeAgents(CliChecked<ClaudeTool>, ClaudeAgents),
    GeminiCli(CliChecked<GeminiName>),
}

/// A checked Claude Code or Gemini CLI selection.
pub struct CliChecked<T: CatalogName> {
    pub selection: Selection<T>,
    /// Legacy names rewritten, to be reported as warnings.
    pub warnings: Vec<(Span, Warning)>,
}

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

pub fn check(invocation: &Invocation) -> syn::Result<Checked> {
    let mut errors = Errors::default();
    let runtime = runtime(invocation, &mut errors);
    let Some(runtime) = runtime else {
        return Err(errors.0.unwrap_or_else(|| syn::Error::new(Span::call_site(), "unknown runtime")));
    };
    let (keys, other_keys, other_runtime) = match runtime {
        Runtime::ClaudeCode => (CLAUDE_MACRO_KEYS, COPILOT_MACRO_KEYS, Runtime::Copilot),
        Runtime::GeminiCli => (GEMINI_MACRO_KEYS, COPILOT_MACRO_KEYS, Runtime::Copilot),
        _ => (COPILOT_MACRO_KEYS, CLAUDE_MACRO_KEYS, Runtime::ClaudeCode),
    };
    let other_runtime = other_runtime.spelled(Spelling::Macro);
    let mut seen: Vec<&Entry> = Vec::new();
    for entry in &invocation.entries {
        let key = entry.key.to_string();
        if seen.iter().any(|e| e.key == entry.key) {
            errors.push(entry.key.span(), &Error::DuplicateKey { key });
        } else if keys.contains(&key.as_str()) {
            seen.push(entry);
        } else if let Some(exact) = other_keys.iter().find(|other| **other == key) {
            let why = Stray::OtherRuntime { runtime: other_runtime };
            errors.push(entry.key.span(), &Error::StrayKey { key, exact, why });
        } else {
            errors.push(entry.key.span(), &Error::UnknownKey { key, expected: keys });
        }
    }
    let get = |name: &str| seen.iter().find(|e| e.key == name).copied();
    let strict = strict(get(STRICT_MACRO_KEY), &mut errors);
    let allowed = allowed(get(ALLOW_MACRO_KEY), &mut errors);
    // Lints are compile errors in the strict form; a stable proc macro cannot warn.
    let strict = strict.then_some(allowed);
    match runtime {
        Runtime::ClaudeCode if get(AGENTS_KEY).is_some() || get(AGENT_ONLY_KEY).is_some() => {
            claude_agents(&get, strict, errors)
        }
        Runtime::ClaudeCode => cli_selection(&get, strict, errors).map(Checked::ClaudeCode),
        Runtime::GeminiCli => cli_selection(&get, strict, errors).map(Checked::GeminiCli),
        _ => copilot(&get, strict, errors),
    }
}

/// `allow: ["dead-deny", ...]`: lints the strict form does not report.
fn allowed(entry: Option<&Entry>, errors: &mut Errors) -> Lints {
    let mut allowed = Lints::NONE;
    match entry.map(|e| &e.value) {
        None => {}
        Some(Value::List { items, span }) => {
            for (index, name) in strings(items, errors).into_iter().enumerate() {
                match name.map(|name| name.parse::<Lint>()) {
                    Some(Ok(lint)) => allowed = allowed.with(lint),
                    Some(Err(error)) => errors.push(item_span(items, index, *span), &error),
                    None => {}
                }
            }
        }
        Some(other) => errors.push(
            other.span(),
            &Error::WrongType { expected: "a list of lint names such as `[\"dead-deny\"]`", found: found(other) },
        ),
    }
    allowed
}

/// `strict: true` turns every warning into a compile error; the default is `false`.
fn strict(entry: Option<&Entry>, errors: &mut Errors) -> bool {
    match entry.map(|e| &e.value) {
        None => false,
        Some(Value::Bool(lit)) => lit.value,
        Some(other) => {
            errors.push(other.span(), &Error::WrongType { expected: "`true` or `false`", found: found(other) });
            false
        }
    }
}

fn runtime(invocation: &Invocation, errors: &mut Errors) -> Option<Runtime> {
    let Some(entry) = invocation.entries.iter().find(|e| e.key == RUNTIME_MACRO_KEY) else {
        return Some(Runtime::Copilot);
    };
    let value = match &entry.value {
        Value::Word(word) => word.to_string(),
        // A runtime is an identifier; a string is refused, quoted, with the fix.
        Value::Str(lit) => format!("{:?}", lit.value()),
        other => found(other).to_owned(),
    };
    // policy-core decides which runtimes exist and which can honour a selection.
    match Runtime::from_name(&value, Spelling::Macro) {
        Ok(runtime @ (Runtime::Copilot | Runtime::ClaudeCode | Runtime::GeminiCli)) => Some(runtime),
        Ok(other) => {
            // A runtime policy-core supports but this macro has no grammar for yet.
            let error = Error::UnsupportedRuntime {
                runtime: other.spelled(Spelling::Macro),
                supported: Runtime::SUPPORTED_MACRO,
            };
            errors.push(entry.value.span(), &error);
            None
        }
        Err(error) => {
            errors.push(entry.value.span(), &error);
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
        Value::Bool(_) => "a boolean",
        Value::Object { .. } => "an object",
        Value::Other(_) => "an expression",
    }
}

fn copilot<'e>(
    get: &impl Fn(&str) -> Option<&'e Entry>,
    strict: Option<Lints>,
    mut errors: Errors,
) -> syn::Result<Checked> {
    let mut draft = EntryDraft::default();
    let mode_entry = get(CLIENT_MODE_MACRO_KEY);
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
    let slots = Slot::BOTH.map(|slot| (slot, get(slot.macro_key())));
    let mut values: [Vec<Option<String>>; 2] = [Vec::new(), Vec::new()];
    let mut shapes = [None, None];
    for (i, (_, entry)) in slots.iter().enumerate() {
        let Some(entry) = entry else { continue };
        shapes[i] = Some(match &entry.value {
            Value::List { items, .. } => {
                values[i] = strings(items, &mut errors);
                true
            }
            Value::Word(word) if word == ISOLATED => false,
            Value::Word(word) => {
                errors.push(word.span(), &Error::UnknownSelector { value: word.to_string() });
                continue;
            }
            Value::Str(lit) => {
                errors.push(lit.span(), &Error::SelectorString { value: lit.value() });
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
    // The token each place of the entry was written with.
    let value_span = |slot: Slot| {
        let index = usize::from(slot == Slot::Excluded);
        slots[index].1.map_or_else(Span::call_site, |e| e.value.span())
    };
    let span_at = |place: At| match place {
        At::ClientMode => mode_entry.map_or_else(Span::call_site, |e| e.value.span()),
        At::Selector(slot) | At::Tools(slot) => value_span(slot),
        At::Tool(slot, index) => match slots[usize::from(slot == Slot::Excluded)].1.map(|e| &e.value) {
            Some(Value::List { items, span }) => item_span(items, index, *span),
            _ => value_span(slot),
        },
        _ => Span::call_site(),
    };
    for (place, error) in found_errors {
        errors.push(span_at(place), &error);
    }
    if let (Some(allowed), Some(entry)) = (strict, &entry) {
        // Strict: a built-in name the pinned catalog does not have is an error on its token.
        for (i, selector) in [entry.available(), entry.excluded()].into_iter().enumerate() {
            let (Some(Selector::Tools(names)), Some(Value::List { items, span })) =
                (selector, slots[i].1.map(|e| &e.value))
            else {
                continue;
            };
            for (index, warning) in names.iter().enumerate().filter_map(|(n, name)| Some((n, builtin_warning(name)?))) {
                errors.push(item_span(items, index, *span), &Error::Strict(warning));
            }
        }
        for (place, warning) in lint_entry(entry, &entry.resolve()) {
            if warning.lint().is_some_and(|lint| allowed.contains(lint)) {
                continue;
            }
            errors.push(span_at(place), &Error::Strict(warning));
        }
    }
    errors.finish(|| entry.map_or(ResolvedPolicy::DEFAULT, |entry| entry.resolve())).map(Checked::Copilot)
}

fn cli_selection<'e, T: CatalogName>(
    get: &impl Fn(&str) -> Option<&'e Entry>,
    strict: Option<Lints>,
    mut errors: Errors,
) -> syn::Result<CliChecked<T>> {
    let (only, disable) = (get(ONLY_KEY), get(DISABLE_KEY));
    let shape_error = Error::BadShape { runtime: T::RUNTIME };
    if let Err(error) = ShapeDraft::one_key(only.is_some(), disable.is_some(), T::RUNTIME) {
        // Entries live in one Vec, so address order is the order they were written.
        let span = match (only, disable) {
            (Some(a), Some(b)) => std::cmp::max_by_key(a, b, |e| std::ptr::from_ref(*e)).key.span(),
            _ => Span::call_site(),
        };
        return Err(errors.fail(span, &error));
    }
    let Some(entry) = only.or(disable) else {
        return Err(errors.fail(Span::call_site(), &shape_error));
    };
    let text = match &entry.value {
        Value::Str(lit) => Some(lit.value()),
        _ => None,
    };
    let value = match (&entry.value, &text) {
        (_, Some(text)) => ShapeValue::Str(text),
        (Value::List { .. }, None) => ShapeValue::List,
        (other, None) => ShapeValue::Other(found(other)),
    };
    let shape = match ShapeDraft::of(&entry.key.to_string(), value) {
        Ok(shape) => shape,
        Err(error) => return Err(errors.fail(entry.value.span(), &error)),
    };
    let (items, values) = match &entry.value {
        Value::List { items, .. } => (items.as_slice(), strings(items, &mut errors)),
        _ => (&[][..], Vec::new()),
    };
    let draft = SelectionDraft { shape, names: values.iter().map(Option::as_deref).collect() };
    let (mut found_errors, mut found_warnings) = (Vec::new(), Vec::new());
    let selection = draft.check::<T>(&mut found_errors, &mut found_warnings);
    let span_of = |place: At| match place {
        At::SelectionTool(index) => item_span(items, index, entry.value.span()),
        _ => entry.value.span(),
    };
    for (place, error) in found_errors {
        errors.push(span_of(place), &error);
    }
    let mut warnings = Vec::new();
    if let (Some(allowed), Some(selection)) = (strict, &selection) {
        for (item, warning) in lint_selection(selection) {
            if !warning.lint().is_some_and(|l| allowed.contains(l)) {
                let span = item.map_or_else(|| entry.value.span(), |i| item_span(items, i, entry.value.span()));
                errors.push(span, &Error::Strict(warning));
            }
        }
    }
    for (place, warning) in found_warnings {
        if strict.is_some() {
            errors.push(span_of(place), &Error::Strict(warning));
        } else {
            warnings.push((span_of(place), warning));
        }
    }
    match (errors.0, selection) {
        (Some(error), _) => Err(error),
        (None, Some(selection)) => Ok(CliChecked { selection, warnings }),
        (None, None) => Err(syn::Error::new(entry.value.span(), shape_error)),
    }
}

/// `runtime: claude_code` with `agents: { name: { description: "..", prompt: "..", tools: [..],
/// disallowed_tools: [..], model: ".." }, .. }` and `agent_only: [..]`: every name checked
/// against the catalog, and the agents against the main selection, each error on its token.
fn claude_agents<'e>(
    get: &impl Fn(&str) -> Option<&'e Entry>,
    strict: Option<Lints>,
    errors: Errors,
) -> syn::Result<Checked> {
    let mut errors = errors;
    // The agents' own checks first, so that every error of the invocation is reported.
    let mut spans: Vec<AgentSpans> = Vec::new();
    let mut agents = ClaudeAgents::default();
    let mut warnings = Vec::new();
    if let Some(entry) = get(AGENTS_KEY) {
        match &entry.value {
            Value::Object { entries, .. } => {
                for (i, agent) in entries.iter().enumerate() {
                    let name = agent.key.to_string();
                    if entries[..i].iter().any(|e| e.key == agent.key) {
                        errors.push(agent.key.span(), &Error::DuplicateKey { key: name });
                        continue;
                    }
                    if let Some((agent, agent_spans)) =
                        claude_agent(agent, strict.is_some(), &mut errors, &mut warnings)
                    {
                        agents.agents.push(agent);
                        spans.push(agent_spans);
                    }
                }
            }
            other => errors.push(
                other.span(),
                &Error::WrongType {
                    expected: "`{ name: { description: \"..\", prompt: \"..\" }, .. }`",
                    found: found(other),
                },
            ),
        }
    }
    let mut only_spans = Vec::new();
    if let Some(entry) = get(AGENT_ONLY_KEY) {
        for (span, rule) in rule_list(&entry.value, strict.is_some(), &mut errors, &mut warnings) {
            match rule {
                AgentRule::Tool(tool) => {
                    agents.agent_only.push(tool);
                    only_spans.push(span);
                }
                AgentRule::Mcp(_) => {
                    errors.push(span, &Error::WrongType { expected: "a built-in tool name", found: "an MCP rule" });
                }
            }
        }
    }
    let selection = cli_selection::<ClaudeTool>(get, strict, Errors::default());
    let selection = match selection {
        Ok(selection) => selection,
        Err(error) => {
            match &mut errors.0 {
                Some(all) => all.combine(error),
                None => errors.0 = Some(error),
            }
            return Err(errors.0.unwrap_or_else(|| syn::Error::new(Span::call_site(), "invalid")));
        }
    };
    let (found_errors, lints) = agents.check(Some(&selection.selection));
    let span_of = |place: AgentPlace| match place {
        AgentPlace::Tools(a, t) => spans[a].tools.get(t).copied().unwrap_or_else(Span::call_site),
        AgentPlace::Disallowed(a, t) => spans[a].disallowed.get(t).copied().unwrap_or_else(Span::call_site),
        AgentPlace::AgentOnly(i) => only_spans.get(i).copied().unwrap_or_else(Span::call_site),
    };
    for (place, error) in found_errors {
        errors.push(span_of(place), &error);
    }
    if let Some(allowed) = strict {
        for (place, warning) in lints {
            if !warning.lint().is_some_and(|l| allowed.contains(l)) {
                errors.push(span_of(place), &Error::Strict(warning));
            }
        }
    }
    let mut selection = selection;
    selection.warnings.extend(warnings);
    errors.finish(|| Checked::ClaudeAgents(selection, agents))
}

/// The token of each list item of one agent, for errors found after it is built.
struct AgentSpans {
    tools: Vec<Span>,
    disallowed: Vec<Span>,
}

/// One agent of `agents: { .. }`.
fn claude_agent(
    entry: &Entry,
    strict: bool,
    errors: &mut Errors,
    warnings: &mut Vec<(Span, Warning)>,
) -> Option<(ClaudeAgent, AgentSpans)> {
    let Value::Object { entries, span } = &entry.value else {
        errors.push(
            entry.value.span(),
            &Error::WrongType { expected: "`{ description: \"..\", prompt: \"..\" }`", found: found(&entry.value) },
        );
        return None;
    };
    let mut agent = ClaudeAgent::new(entry.key.to_string(), "", "");
    let mut spans = AgentSpans { tools: Vec::new(), disallowed: Vec::new() };
    let mut seen: Vec<String> = Vec::new();
    for field in entries {
        let key = field.key.to_string();
        if seen.contains(&key) {
            errors.push(field.key.span(), &Error::DuplicateKey { key });
            continue;
        }
        seen.push(key.clone());
        match key.as_str() {
            "description" | "prompt" | "model" => match &field.value {
                Value::Str(lit) if key == "description" => agent.description = lit.value(),
                Value::Str(lit) if key == "prompt" => agent.prompt = lit.value(),
                Value::Str(lit) => agent.model = Some(lit.value()),
                other => {
                    errors.push(other.span(), &Error::WrongType { expected: "a string literal", found: found(other) });
                }
            },
            "tools" | "disallowed_tools" => {
                let rules = rule_list(&field.value, strict, errors, warnings);
                let (item_spans, rules): (Vec<Span>, Vec<AgentRule>) = rules.into_iter().unzip();
                if key == "tools" {
                    agent.tools = Some(rules);
                    spans.tools = item_spans;
                } else {
                    agent.disallowed_tools = Some(rules);
                    spans.disallowed = item_spans;
                }
            }
            other => {
                let error = match near_miss(other, AGENT_MACRO_FIELDS.iter().copied()) {
                    Some(exact) => Error::StrayKey { key: other.to_owned(), exact, why: Stray::NearMiss },
                    None => Error::UnknownKey { key: other.to_owned(), expected: AGENT_MACRO_FIELDS },
                };
                errors.push(field.key.span(), &error);
            }
        }
    }
    for required in ["description", "prompt"] {
        if !seen.iter().any(|k| k == required) {
            errors.push(*span, &Error::MissingKey { key: required });
        }
    }
    // Even with errors of its own, the agent is checked against the main selection, so that
    // every error of the invocation is reported at once.
    Some((agent, spans))
}

/// A list of agent tool rules, each with its token, checked by `check_rules` (the JSON
/// reader's check); names refused are reported on their tokens and left out.
fn rule_list(
    value: &Value,
    strict: bool,
    errors: &mut Errors,
    warnings: &mut Vec<(Span, Warning)>,
) -> Vec<(Span, AgentRule)> {
    let Value::List { items, .. } = value else {
        errors.push(value.span(), &Error::WrongType { expected: "a list of tool names", found: found(value) });
        return Vec::new();
    };
    let names = strings(items, errors);
    let names: Vec<Option<&str>> = names.iter().map(Option::as_deref).collect();
    let (mut found_errors, mut found_warnings) = (Vec::new(), Vec::new());
    let kept = check_rules(&names, &mut found_errors, &mut found_warnings);
    let span = |i: usize| item_span(items, i, value.span());
    for (i, error) in found_errors {
        errors.push(span(i), &error);
    }
    for (i, warning) in found_warnings {
        if strict {
            errors.push(span(i), &Error::Strict(warning));
        } else {
            warnings.push((span(i), warning));
        }
    }
    kept.into_iter().map(|(i, rule)| (span(i), rule)).collect()
}
