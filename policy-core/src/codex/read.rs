//! A Codex CLI selection document (SPEC §11): the selection, or an object holding it under
//! `builtin_tools`; what the CLI cannot say is refused at its pointer.

use super::names::CodexName;
use super::places::{HOLDER, PASSED};
use super::selection::CodexSelection;
use crate::reader::options::{LoadError, Options};
use crate::selection::SelectionDocument;

/// A read Codex CLI selection.
pub type CodexDocument = SelectionDocument<CodexName>;

/// Reads a Codex CLI selection, or an object holding one under `builtin_tools`.
pub fn load_codex(text: &str) -> Result<CodexDocument, LoadError> {
    load_codex_with(text, Options::default())
}

/// [`load_codex`] with options (strict mode refuses lints). The CLI has no allow-list of
/// built-ins: `only` and `disable: "*"` are refused, and so is a built-in no switch takes
/// away or one its switch takes with others the list leaves out. A portable `disable` is the
/// switches of the built-ins it takes, each whole.
pub fn load_codex_with(text: &str, options: Options) -> Result<CodexDocument, LoadError> {
    SelectionDocument::read_document(text, options, &HOLDER, &PASSED)
}

impl CodexSelection {
    /// Reads a selection, or an object holding one under `builtin_tools`: see [`load_codex`].
    pub fn from_json(text: &str) -> Result<CodexDocument, LoadError> {
        load_codex(text)
    }
}
