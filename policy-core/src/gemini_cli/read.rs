//! A Gemini CLI selection document (SPEC §5): the selection, or an object holding it under
//! `builtin_tools`. The Gemini CLI takes no sub-agent definitions.

use super::names::GeminiName;
use super::places::{HOLDER, PASSED};
use super::selection::GeminiSelection;
use crate::error::{Located, Warning};
use crate::portable::Portable;
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{self as reader, Node, Sink};
use crate::selection::read::{Held, document};

/// A read Gemini CLI selection.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GeminiDocument {
    /// The selection; `None` only when the document says `"builtin_tools": null`.
    pub selection: Option<GeminiSelection>,
    /// The portable policy the selection was resolved from (SPEC §7), when the document gave
    /// one under `capabilities`.
    pub portable: Option<Portable>,
    /// Legacy names rewritten (at most [`Report::MAX_WARNINGS`](crate::Report::MAX_WARNINGS)).
    pub warnings: Vec<Located<Warning>>,
    /// How many warnings there were beyond `warnings`.
    pub omitted_warnings: usize,
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
    let Held { selection, portable, .. } = document::<GeminiName>(root, &HOLDER, &PASSED, &mut sink);
    let report = sink.finish()?;
    Ok(GeminiDocument { selection, portable, warnings: report.warnings, omitted_warnings: report.omitted_warnings })
}

impl GeminiSelection {
    /// Reads a selection, or an object holding one under `builtin_tools`: see
    /// [`load_gemini_cli`].
    pub fn from_json(text: &str) -> Result<GeminiDocument, LoadError> {
        load_gemini_cli(text)
    }
}
