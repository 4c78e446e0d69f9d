//! An OpenCode selection document (SPEC §10): the selection, or an object holding it under
//! `builtin_tools`. Sub-agents are not read yet: OpenCode's own agents take no selection from
//! the library.

use super::names::OpenCodeName;
use super::places::{HOLDER, PASSED};
use super::selection::OpenCodeSelection;
use crate::reader::options::{LoadError, Options};
use crate::selection::SelectionDocument;

/// A read OpenCode selection.
pub type OpenCodeDocument = SelectionDocument<OpenCodeName>;

/// Reads an OpenCode selection, or an object holding one under `builtin_tools`.
pub fn load_opencode(text: &str) -> Result<OpenCodeDocument, LoadError> {
    load_opencode_with(text, Options::default())
}

/// [`load_opencode`] with options (strict mode refuses lints). A name of a permission that
/// governs other tools too is refused unless the list names them all.
pub fn load_opencode_with(text: &str, options: Options) -> Result<OpenCodeDocument, LoadError> {
    SelectionDocument::read_document(text, options, &HOLDER, &PASSED)
}

impl OpenCodeSelection {
    /// Reads a selection, or an object holding one under `builtin_tools`: see
    /// [`load_opencode`].
    pub fn from_json(text: &str) -> Result<OpenCodeDocument, LoadError> {
        load_opencode(text)
    }
}
