//! A Gemini CLI selection document (SPEC §5): the selection, or an object holding it under
//! `builtin_tools`. The Gemini CLI takes no sub-agent definitions.

use super::names::GeminiName;
use super::places::{HOLDER, PASSED};
use super::selection::GeminiSelection;
use crate::reader::options::{LoadError, Options};
use crate::selection::SelectionDocument;

/// A read Gemini CLI selection.
pub type GeminiDocument = SelectionDocument<GeminiName>;

/// Reads a Gemini CLI selection, or an object holding one under `builtin_tools`.
pub fn load_gemini_cli(text: &str) -> Result<GeminiDocument, LoadError> {
    load_gemini_cli_with(text, Options::default())
}

/// [`load_gemini_cli`] with options (strict mode refuses legacy aliases and lints). The
/// Gemini CLI takes no sub-agent definitions: Claude Code's `agents` and `agent_only` beside
/// the selection, or a key that reads as one, would restrict nothing and are errors.
pub fn load_gemini_cli_with(text: &str, options: Options) -> Result<GeminiDocument, LoadError> {
    SelectionDocument::read_document(text, options, &HOLDER, &PASSED)
}

impl GeminiSelection {
    /// Reads a selection, or an object holding one under `builtin_tools`: see
    /// [`load_gemini_cli`].
    pub fn from_json(text: &str) -> Result<GeminiDocument, LoadError> {
        load_gemini_cli(text)
    }
}
