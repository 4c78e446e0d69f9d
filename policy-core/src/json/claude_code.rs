//! Claude Code and Gemini CLI selections (SPEC §2, §5): the selection itself
//! (`{"only": [...]}`), or an agent object holding it under `builtin_tools`, where `null`
//! says "no selection". One reader for both, parameterised by the runtime's catalog.

use std::borrow::Cow;

use crate::claude_code::ClaudeAgents;
use crate::claude_code::catalog::ClaudeTool;
use crate::claude_code::selection::ClaudeCodeSelection;
use crate::error::{At, Error, Located, Warning};
use crate::gemini_cli::{GeminiName, GeminiSelection};
use crate::names::vocab::{
    AGENT_ONLY_KEY, AGENTS_KEY, CLAUDE_AGENTS_OWNER, CLAUDE_CODE_CLI_KEYS, CLAUDE_CODE_CLI_OWNER, COPILOT_ENTRY_OWNER,
    DISABLE_KEY, GEMINI_CLI_SETTINGS_KEYS, GEMINI_CLI_SETTINGS_OWNER, HOLDER_KEY, ONLY_KEY, POLICY_KEYS,
    SELECTION_KEYS,
};
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{self as reader, Node, Ptr, Sink, tool_names, unique_keys, wrong_type};
use crate::selection::lint_selection;
use crate::selection::{CatalogName, Selection, SelectionDraft, ShapeDraft, ShapeValue};
use crate::text::{did_you_mean, is_or_reads_as, near_miss};

/// A read Claude Code or Gemini CLI selection.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SelectionDocument<T: CatalogName> {
    /// The selection; `None` only when the document says `"builtin_tools": null`.
    pub selection: Option<Selection<T>>,
    /// Claude Code only: the custom agents beside `builtin_tools` (`agents`, `agent_only`).
    pub agents: ClaudeAgents,
    /// Legacy names rewritten (at most [`Report::MAX_WARNINGS`](crate::Report::MAX_WARNINGS)).
    pub warnings: Vec<Located<Warning>>,
    /// How many warnings there were beyond `warnings`.
    pub omitted_warnings: usize,
}

/// A read Claude Code selection.
pub type ClaudeCodeDocument = SelectionDocument<ClaudeTool>;

/// A read Gemini CLI selection.
pub type GeminiDocument = SelectionDocument<GeminiName>;

/// Reads a Claude Code selection, or an object holding one under `builtin_tools`.
pub fn load_claude_code(text: &str) -> Result<ClaudeCodeDocument, LoadError> {
    load_claude_code_with(text, Options::default())
}

/// [`load_claude_code`] with options (strict mode refuses legacy aliases). Beside
/// `builtin_tools`, `agents` holds custom agents and `agent_only` the built-ins left to them.
pub fn load_claude_code_with(text: &str, options: Options) -> Result<ClaudeCodeDocument, LoadError> {
    let doc = reader::parse(text)?;
    let root = Node::root(&doc);
    let mut sink = Sink::reading(root, options);
    let selection = document(root, CLAUDE_CODE_NOT_READ, &mut sink);
    let agents = super::claude_agents::agents(root, selection.as_ref(), &mut sink);
    let report = sink.finish()?;
    Ok(SelectionDocument { selection, agents, warnings: report.warnings, omitted_warnings: report.omitted_warnings })
}

/// Reads a Gemini CLI selection, or an object holding one under `builtin_tools`.
pub fn load_gemini_cli(text: &str) -> Result<GeminiDocument, LoadError> {
    load_gemini_cli_with(text, Options::default())
}

/// [`load_gemini_cli`] with options (strict mode refuses legacy aliases and lints). The
/// Gemini CLI takes no sub-agent definitions: Claude Code's `agents` and `agent_only` beside
/// the selection, or a key that reads as one, would restrict nothing and are errors.
pub fn load_gemini_cli_with(text: &str, options: Options) -> Result<GeminiDocument, LoadError> {
    let doc = reader::parse(text)?;
    let root = Node::root(&doc);
    let mut sink = Sink::reading(root, options);
    let selection = document(root, GEMINI_CLI_NOT_READ, &mut sink);
    let report = sink.finish()?;
    let agents = ClaudeAgents::default();
    Ok(SelectionDocument { selection, agents, warnings: report.warnings, omitted_warnings: report.omitted_warnings })
}

impl ClaudeCodeSelection {
    /// Reads a selection, or an object holding one under `builtin_tools`: see
    /// [`load_claude_code`].
    pub fn from_json(text: &str) -> Result<ClaudeCodeDocument, LoadError> {
        load_claude_code(text)
    }
}

impl GeminiSelection {
    /// Reads a selection, or an object holding one under `builtin_tools`: see
    /// [`load_gemini_cli`].
    pub fn from_json(text: &str) -> Result<GeminiDocument, LoadError> {
        load_gemini_cli(text)
    }
}

/// Keys of other runtimes' policies, by whose they are, that a holder's runtime never gets:
/// beside `builtin_tools` each restricts nothing, so each (or a key that reads as one) is an
/// error. Claude Code reads its own `agents` beside the holder; the Gemini CLI has none.
type NotRead = &'static [(&'static [&'static str], &'static str)];
/// The runtime's own words for a restriction, written beside the holder, are refused the same
/// way: a user who writes the CLI's flag or setting name expects it to count.
const CLAUDE_CODE_NOT_READ: NotRead =
    &[(POLICY_KEYS, COPILOT_ENTRY_OWNER), (CLAUDE_CODE_CLI_KEYS, CLAUDE_CODE_CLI_OWNER)];
const GEMINI_CLI_NOT_READ: NotRead = &[
    (POLICY_KEYS, COPILOT_ENTRY_OWNER),
    (&[AGENTS_KEY, AGENT_ONLY_KEY], CLAUDE_AGENTS_OWNER),
    (GEMINI_CLI_SETTINGS_KEYS, GEMINI_CLI_SETTINGS_OWNER),
];

fn document<T: CatalogName>(root: Node<'_>, not_read: NotRead, sink: &mut Sink) -> Option<Selection<T>> {
    let Some(fields) = root.object() else {
        sink.error(Ptr::Root, wrong_type("a selection object or an object with `builtin_tools`", root));
        return None;
    };
    let (fields, _) = unique_keys(fields);
    let holder = fields.iter().find(|(key, _)| key == HOLDER_KEY).map(|(_, value)| *value);
    let top_level = fields.iter().any(|(key, _)| SELECTION_KEYS.contains(&key.as_ref()));
    match holder {
        Some(holder) => {
            for (key, _) in fields.iter().filter(|(key, _)| SELECTION_KEYS.contains(&key.as_ref())) {
                sink.error(Ptr::Root.key(key), Error::SelectionBesideHolder { key: key.clone().into_owned() });
            }
            // The holder's other keys pass through; one that reads as a selection key would
            // be a selection the runtime never gets, and another runtime's keys restrict
            // nothing here.
            for (key, _) in &fields {
                if let Some(exact) = near_miss(key, [HOLDER_KEY, ONLY_KEY, DISABLE_KEY]) {
                    sink.error(Ptr::Root.key(key), Error::NearMissKey { key: key.clone().into_owned(), exact });
                    continue;
                }
                let theirs = not_read.iter().find_map(|(keys, owner)| Some((is_or_reads_as(key, keys)?, *owner)));
                if let Some((exact, owner)) = theirs {
                    let error =
                        Error::NotReadByRuntime { key: key.clone().into_owned(), exact, owner, runtime: T::RUNTIME };
                    sink.error(Ptr::Root.key(key), error);
                }
            }
            if holder.is_null() { None } else { selection(holder, Ptr::Root.key(HOLDER_KEY), sink) }
        }
        None if top_level => selection_fields(&fields, Ptr::Root, sink),
        None => {
            // No selection anywhere. A key one typo from a selection key says where; the
            // document is refused either way, never read as "no restriction".
            let mut near = false;
            for (key, _) in &fields {
                if let Some(found) = did_you_mean(key, [HOLDER_KEY, SELECTION_KEYS[0], SELECTION_KEYS[1]]) {
                    let expected: &'static [&'static str] =
                        if found == HOLDER_KEY { &[HOLDER_KEY] } else { SELECTION_KEYS };
                    sink.error(Ptr::Root.key(key), Error::UnknownKey { key: key.clone().into_owned(), expected });
                    near = true;
                }
            }
            if !near {
                sink.error(Ptr::Root, Error::NoSelection { runtime: T::RUNTIME });
            }
            None
        }
    }
}

pub(super) fn selection<T: CatalogName>(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<Selection<T>> {
    let Some(fields) = value.object() else {
        sink.error(at, Error::BadShape { runtime: T::RUNTIME });
        return None;
    };
    let (fields, _) = unique_keys(fields);
    selection_fields(&fields, at, sink)
}

/// A selection object's fields, duplicates already refused.
fn selection_fields<T: CatalogName>(
    fields: &[(Cow<'_, str>, Node<'_>)],
    at: Ptr<'_>,
    sink: &mut Sink,
) -> Option<Selection<T>> {
    let mut shape_ok = true;
    for (key, _) in fields.iter().filter(|(key, _)| !SELECTION_KEYS.contains(&key.as_ref())) {
        sink.error(at.key(key), Error::UnknownKey { key: key.clone().into_owned(), expected: SELECTION_KEYS });
        shape_ok = false;
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
    let list_at = at.key(key);
    let text = value.string();
    let shape_value = match &text {
        Some(text) => ShapeValue::Str(text),
        None if value.is_array() => ShapeValue::List,
        None => ShapeValue::Other(value.type_name()),
    };
    let shape = match ShapeDraft::of(key, shape_value) {
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
    let selection = draft.check::<T>(&mut errors, &mut warnings);
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
        for (item, warning) in lint_selection(selection) {
            match item {
                Some(i) => sink.lint(|| list_at.index(i).render(), warning),
                None => sink.lint(|| at.render(), warning),
            }
        }
    }
    if shape_ok { selection } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ClaudeCode;
    use crate::claude_code::catalog::ClaudeTool;

    fn load(text: &str) -> Result<ClaudeCodeDocument, Vec<(String, String)>> {
        load_claude_code(text).map_err(|e| match e {
            LoadError::Invalid(report) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
            LoadError::NotJson(m) => vec![(String::from("<not json>"), m.to_string())],
        })
    }

    fn ptrs(text: &str) -> Vec<String> {
        load(text).unwrap_err().into_iter().map(|(p, _)| p).collect()
    }

    #[test]
    fn unknown_names_are_refused_with_a_suggestion() {
        let errors = load(r#"{"builtin_tools": {"only": ["Read", "Glob2", "read"]}}"#).unwrap_err();
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].0, "/builtin_tools/only/1");
        assert!(errors[0].1.starts_with("'Glob2' is not one of ['Agent', 'Artifact', "));
        assert!(errors[0].1.ends_with("did you mean `Glob`?"));
        assert_eq!(errors[1].0, "/builtin_tools/only/2");
        assert!(errors[1].1.ends_with("did you mean `Read`?"));
        let errors = load(r#"{"disable": ["MultiEdit"]}"#).unwrap_err();
        assert_eq!(errors[0].0, "/disable/0");
        assert!(errors[0].1.contains("removed"));
    }

    #[test]
    fn aliases_are_rewritten_with_a_warning() {
        let loaded = load(r#"{"only": ["Task", "KillShell"]}"#).unwrap();
        assert_eq!(loaded.selection, Some(ClaudeCode::only([ClaudeTool::Agent, ClaudeTool::TaskStop])));
        assert_eq!(loaded.warnings.len(), 2);
        assert_eq!(loaded.warnings[0].pointer, "/only/0");
        assert!(loaded.warnings[0].item.to_string().contains("`Task` is a legacy name of `Agent`"));
        let strict = load_claude_code_with(r#"{"only": ["Task"]}"#, Options::STRICT);
        let Err(LoadError::Invalid(report)) = strict else { panic!("strict refuses aliases") };
        assert_eq!(report.errors[0].pointer, "/only/0");
    }

    #[test]
    fn duplicates_after_aliases() {
        let errors = load(r#"{"only": ["Agent", "Task"]}"#).unwrap_err();
        assert_eq!(errors[0].0, "/only/1");
        assert!(errors[0].1.contains("`Agent` is listed twice (first at item 0"));
    }

    #[test]
    fn shapes() {
        assert_eq!(ptrs(r#"{"disable": "*", "only": []}"#), [""]);
        assert_eq!(ptrs(r#"{"builtin_tools": {}}"#), ["/builtin_tools"]);
        assert_eq!(ptrs(r#"{"disable": "all"}"#), ["/disable"]);
        assert_eq!(ptrs(r#"{"only": "*"}"#), ["/only"]);
        assert_eq!(ptrs(r#"{"only": [1]}"#), ["/only/0"]);
        assert_eq!(ptrs(r#"{"only": [], "extra": 1}"#), ["/extra"]);
        assert_eq!(ptrs(r#"{"builtin_tools": "*"}"#), ["/builtin_tools"]);
        assert_eq!(ptrs(r#"{"disabel": "*"}"#), ["/disabel"]);
        assert_eq!(ptrs(r#"{"builtin_tool": {"disable": "*"}}"#), ["/builtin_tool"]);
        assert_eq!(ptrs("[]"), [""]);
    }

    #[test]
    fn a_key_given_twice_is_refused_at_the_second() {
        assert_eq!(ptrs(r#"{"only":["Read"],"only":["Bash","Write"]}"#), ["/only"]);
        assert_eq!(ptrs(r#"{"builtin_tools":{"disable":"*"},"builtin_tools":null}"#), ["/builtin_tools"]);
        assert_eq!(ptrs(r#"{"builtin_tools":{"only":["Read"],"only":[]}}"#), ["/builtin_tools/only"]);
        let message = &load(r#"{"only":["Read"],"only":[]}"#).unwrap_err()[0].1;
        assert_eq!(message, "`only` is given twice; give each key once");
    }

    #[test]
    fn no_selection_is_an_error_unless_said_with_null() {
        for text in [r#"{"tools":["Read"]}"#, "{}", r#"{"id": "agent", "type": "deploy_agent"}"#] {
            let errors = load(text).unwrap_err();
            assert_eq!(errors.len(), 1, "{text}");
            assert_eq!(errors[0].0, "");
            assert!(errors[0].1.starts_with("no Claude Code selection: expected `disable`, `only` or `builtin_tools`"));
        }
        assert_eq!(load(r#"{"builtin_tools": null}"#).unwrap().selection, None);
        assert_eq!(ptrs(r#"{"builtin_tools": null, "disable": "*"}"#), ["/disable"]);
        assert_eq!(ptrs(r#"{"builtin_tools": {"only": []}, "only": ["Bash"]}"#), ["/only"]);
    }
}
