//! A Claude Code or Gemini CLI selection read from JSON (SPEC §2, §5): the selection itself
//! (`{"only": [...]}`), or an agent object holding it under `builtin_tools`, where `null`
//! says "no selection". One reader for both CLI runtimes, parameterised by the runtime's
//! catalog and the keys beside the holder that the runtime never gets; each runtime's folder
//! reads its own document over it.

use std::borrow::Cow;

use serde::de::{Deserialize, Deserializer};

use crate::error::{At, Error, Located, Report, Warning};
use crate::names::vocab::{CAPABILITIES_KEY, DISABLE_KEY, HOLDER_KEY, MCP_TOOLS_KEY, ONLY_KEY, SELECTION_KEYS};
use crate::portable::read::portable;
use crate::portable::{McpRef, McpTools, Portable, PortableShape};
use crate::reader::closed::{Place, Verdict};
use crate::reader::misplaced::nested_policies;
use crate::reader::options::{LoadError, Options};
use crate::reader::stored::read_stored;
use crate::reader::tree::{self as reader, Node, Ptr, Sink, tool_names, unique_keys, wrong_type};
use crate::selection::{CatalogName, Selection, SelectionDraft, ShapeDraft, lint_selection};
use crate::text::did_you_mean;

/// A read selection document of a runtime whose folder adds nothing to it (the Gemini CLI,
/// OpenCode, the Codex CLI): the selection, the portable policy it came from, and the
/// warnings.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SelectionDocument<T: CatalogName> {
    /// The selection; `None` only when the document says `"builtin_tools": null`.
    pub selection: Option<Selection<T>>,
    /// The portable policy the selection was resolved from (SPEC §7), when the document gave
    /// one under `capabilities`.
    pub portable: Option<Portable>,
    /// What is valid but probably not meant (at most
    /// [`Report::MAX_WARNINGS`](crate::Report::MAX_WARNINGS)).
    pub warnings: Vec<Located<Warning>>,
    /// How many warnings there were beyond `warnings`.
    pub omitted_warnings: usize,
}

impl<T: CatalogName> SelectionDocument<T> {
    /// Reads `text` as `T`'s selection document, its holder's other keys classified by
    /// `holder` and values passed through searched by `passed`.
    pub(crate) fn read_document(
        text: &str,
        options: Options,
        holder: &Place,
        passed: &Place,
    ) -> Result<Self, LoadError> {
        let (Held { selection, portable, .. }, report) = read_with(text, options, holder, passed, |_, held, _| held)?;
        Ok(SelectionDocument {
            selection,
            portable,
            warnings: report.warnings,
            omitted_warnings: report.omitted_warnings,
        })
    }
}

/// Parses `text` and reads it as `T`'s selection document ([`document`]), then `more`, which
/// reads what the runtime keeps beside the selection from the root; every error found in
/// either, or what `more` made and the warnings.
pub(crate) fn read_with<T: CatalogName, R>(
    text: &str,
    options: Options,
    holder: &Place,
    passed: &Place,
    more: impl FnOnce(Node<'_>, Held<T>, &mut Sink) -> R,
) -> Result<(R, Report), LoadError> {
    let tree = reader::parse(text)?;
    let root = Node::root(&tree);
    let mut sink = Sink::reading(root, options);
    let held = document::<T>(root, holder, passed, &mut sink);
    let read = more(root, held, &mut sink);
    Ok((read, sink.finish()?))
}

/// A selection object: `only` or `disable`, and no other key.
pub(crate) const SELECTION: Place = Place::strict("a selection", SELECTION_KEYS);

/// A selection document as read: the selection, and the portable policy it was resolved from
/// when the document gave one.
pub(crate) struct Held<T: CatalogName> {
    /// The selection; `None` for `"builtin_tools": null`, or when there were errors.
    pub(crate) selection: Option<Selection<T>>,
    /// The portable policy of `capabilities`, when the document gave one.
    pub(crate) portable: Option<Portable>,
    /// What becomes of MCP tools: the portable policy's `mcp_tools`, or the MCP rules a
    /// `disable` list gave ([`CatalogName::mcp_rule`]).
    pub(crate) mcp: McpTools,
}

/// Reads a selection document: the selection itself, or an object holding it under
/// `builtin_tools`, or a portable policy under `capabilities` (SPEC §7), whose other keys the
/// runtime's `holder` row classifies (another runtime's policy keys, its own words for a
/// restriction, near misses: each an error; the host's keys pass through, their values
/// searched by `passed`).
pub(crate) fn document<T: CatalogName>(
    root: Node<'_>,
    holder_place: &Place,
    passed: &Place,
    sink: &mut Sink,
) -> Held<T> {
    let mut held = Held { selection: None, portable: None, mcp: McpTools::Keep };
    let mut rules = Vec::new();
    let Some(fields) = root.object() else {
        sink.error(Ptr::Root, wrong_type("a selection object or an object with `builtin_tools`", root));
        return held;
    };
    let (fields, _) = unique_keys(fields);
    let find = |wanted: &str| fields.iter().position(|(key, _)| key == wanted);
    let (holder, capabilities) = (find(HOLDER_KEY), find(CAPABILITIES_KEY));
    if holder.is_none() && capabilities.is_none() {
        if fields.iter().any(|(key, _)| SELECTION_KEYS.contains(&key.as_ref())) {
            held.selection = selection_fields(&fields, Ptr::Root, sink, Some(&mut rules));
            held.mcp = mcp_of(rules);
        } else {
            no_selection::<T>(&fields, sink);
        }
        return held;
    }
    for (key, value) in &fields {
        match holder_place.classify(key) {
            Verdict::Refuse(error) => sink.error(Ptr::Root.key(key), error),
            Verdict::PassThrough => nested_policies(*value, Ptr::Root.key(key), passed, sink),
            Verdict::Read(_) => {}
        }
    }
    match (holder, capabilities) {
        (Some(first), Some(second)) => {
            let (first, second) = (first.min(second), first.max(second));
            let names = |i: usize| if fields[i].0 == HOLDER_KEY { HOLDER_KEY } else { CAPABILITIES_KEY };
            let error = Error::TwoPolicies { first: names(first), second: names(second) };
            sink.error(Ptr::Root.key(&fields[second].0), error);
        }
        (Some(at), None) if fields[at].1.is_null() => {}
        (Some(at), None) => {
            held.selection = selection_with(fields[at].1, Ptr::Root.key(HOLDER_KEY), sink, Some(&mut rules));
            held.mcp = mcp_of(rules);
        }
        (None, Some(at)) => held = portable_held(fields[at].1, sink),
        (None, None) => {}
    }
    held
}

/// A portable policy under `capabilities` (SPEC §7), as the runtime's selection and what
/// becomes of MCP tools. What the runtime cannot say of built-ins is refused at the shape's
/// key; what it cannot say of MCP tools, at `mcp_tools`.
fn portable_held<T: CatalogName>(value: Node<'_>, sink: &mut Sink) -> Held<T> {
    let at = Ptr::Root.key(CAPABILITIES_KEY);
    let mut held = Held { selection: None, portable: portable(value, at, sink), mcp: McpTools::Keep };
    let Some(policy) = held.portable.as_ref() else { return held };
    if let Some(error) = T::refuse_portable(policy.shape()) {
        let key = if matches!(policy.shape(), PortableShape::Only(_)) { ONLY_KEY } else { DISABLE_KEY };
        sink.error(at.key(key), error);
        return held;
    }
    match T::portable_selection(policy) {
        Ok(selection) => {
            lint_shaped(&selection, at, None, sink);
            held.mcp = policy.mcp().clone();
            held.selection = Some(selection);
        }
        Err(error) => sink.error(at.key(MCP_TOOLS_KEY), error),
    }
    held
}

/// No selection anywhere. A key one typo from a selection key says where; the document is
/// refused either way, never read as "no restriction".
fn no_selection<T: CatalogName>(fields: &[(Cow<'_, str>, Node<'_>)], sink: &mut Sink) {
    let mut near = false;
    for (key, _) in fields {
        if let Some(found) = did_you_mean(key, [HOLDER_KEY, CAPABILITIES_KEY, SELECTION_KEYS[0], SELECTION_KEYS[1]]) {
            let expected: &'static [&'static str] = match found {
                HOLDER_KEY => &[HOLDER_KEY],
                CAPABILITIES_KEY => &[CAPABILITIES_KEY],
                _ => SELECTION_KEYS,
            };
            sink.error(Ptr::Root.key(key), Error::UnknownKey { key: key.clone().into_owned(), expected });
            near = true;
        }
    }
    if !near {
        sink.error(Ptr::Root, Error::NoSelection { runtime: T::RUNTIME });
    }
}

/// What the MCP rules of a `disable` list say: every MCP tool when one is `mcp__*`.
fn mcp_of(rules: Vec<Option<McpRef>>) -> McpTools {
    if rules.is_empty() {
        McpTools::Keep
    } else if rules.iter().any(Option::is_none) {
        McpTools::None
    } else {
        McpTools::Disable(rules.into_iter().flatten().collect())
    }
}

pub(crate) fn selection<T: CatalogName>(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<Selection<T>> {
    selection_with(value, at, sink, None)
}

/// A selection object at `at`; MCP rules of its `disable` list go to `mcp` when given.
fn selection_with<T: CatalogName>(
    value: Node<'_>,
    at: Ptr<'_>,
    sink: &mut Sink,
    mcp: Option<&mut Vec<Option<McpRef>>>,
) -> Option<Selection<T>> {
    let Some(fields) = value.object() else {
        sink.error(at, Error::BadShape { runtime: T::RUNTIME });
        return None;
    };
    let (fields, _) = unique_keys(fields);
    selection_fields(&fields, at, sink, mcp)
}

/// A selection object's fields, duplicates already refused.
fn selection_fields<T: CatalogName>(
    fields: &[(Cow<'_, str>, Node<'_>)],
    at: Ptr<'_>,
    sink: &mut Sink,
    mcp: Option<&mut Vec<Option<McpRef>>>,
) -> Option<Selection<T>> {
    let mut shape_ok = true;
    for (key, _) in fields {
        if let Verdict::Refuse(error) = SELECTION.classify(key) {
            sink.error(at.key(key), error);
            shape_ok = false;
        }
    }
    let given: Vec<&(Cow<'_, str>, Node<'_>)> =
        fields.iter().filter(|(key, _)| SELECTION_KEYS.contains(&key.as_ref())).collect();
    let only = given.iter().any(|(key, _)| key == ONLY_KEY);
    if let Err(error) = ShapeDraft::one_key(only, given.len() - usize::from(only) == 1, T::RUNTIME) {
        if shape_ok || fields.is_empty() {
            sink.error(at, error);
        }
        return None;
    }
    let (key, value) = given[0];
    let selection = shaped::<T>(key, *value, at, sink, mcp);
    if shape_ok { selection } else { None }
}

/// The selection `key` (`only` or `disable`) gives `value`, in the object at `at`: its shape,
/// its names checked against `T`'s catalog, its lints.
fn shaped<T: CatalogName>(
    key: &str,
    value: Node<'_>,
    at: Ptr<'_>,
    sink: &mut Sink,
    mcp: Option<&mut Vec<Option<McpRef>>>,
) -> Option<Selection<T>> {
    let list_at = at.key(key);
    let shape = match ShapeDraft::of(key, value.shape_value()) {
        Ok(shape) => shape,
        Err(error) => {
            sink.error(list_at, error);
            return None;
        }
    };
    let items = if shape == ShapeDraft::DisableAll { Vec::new() } else { value.array().unwrap_or_default() };
    let names = tool_names(&items, list_at, sink);
    let draft = SelectionDraft { shape, names: names.iter().map(Option::as_deref).collect() };
    let (mut errors, mut warnings) = (Vec::new(), Vec::new());
    let selection = draft.check::<T>(&mut errors, &mut warnings, mcp);
    let place = |place: At| match place {
        At::SelectionTool(i) => list_at.index(i).render(),
        _ => list_at.render(),
    };
    for (at, error) in errors {
        sink.error_at(&|| place(at), error);
    }
    for (at, warning) in warnings {
        sink.warn_at(|| place(at), |_| warning);
    }
    if let Some(selection) = &selection {
        lint_shaped(selection, at, Some(list_at), sink);
    }
    selection
}

/// A selection's lints: about the selection as a whole at `at`, about an item under `list_at`.
/// A portable policy (no `list_at`) names no tool, so only its lints as a whole apply: a
/// tool it reaches through a capability is not a name its author wrote.
fn lint_shaped<T: CatalogName>(selection: &Selection<T>, at: Ptr<'_>, list_at: Option<Ptr<'_>>, sink: &mut Sink) {
    for (item, warning) in lint_selection(selection) {
        match (item, list_at) {
            (Some(i), Some(list_at)) => sink.lint(|| list_at.index(i).render(), warning),
            (Some(_), None) => {}
            (None, _) => sink.lint(|| at.render(), warning),
        }
    }
}

impl<'de, T: CatalogName> Deserialize<'de> for Selection<T> {
    /// `{"only": [...]}`, `{"disable": [...]}` or `{"disable": "*"}`, read as
    /// `json::load_claude_code` and `json::load_gemini_cli` read a selection (aliases are read
    /// as their canonical tool).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Selection<T>, D::Error> {
        read_stored(deserializer, |root, sink| selection(root, Ptr::Root, sink))
    }
}
