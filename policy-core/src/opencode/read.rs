//! An OpenCode selection document (SPEC §10): the selection, or an object holding it under
//! `builtin_tools`. Sub-agents are not read yet: OpenCode's own agents take no selection from
//! the library.

use super::names::OpenCodeName;
use super::places::{HOLDER, PASSED};
use super::selection::OpenCodeSelection;
use crate::error::{Located, Warning};
use crate::portable::Portable;
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{self as reader, Node, Sink};
use crate::selection::read::{Held, document};

/// A read OpenCode selection.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct OpenCodeDocument {
    /// The selection; `None` only when the document says `"builtin_tools": null`.
    pub selection: Option<OpenCodeSelection>,
    /// The portable policy the selection was resolved from (SPEC §7), when the document gave
    /// one under `capabilities`.
    pub portable: Option<Portable>,
    /// What is valid but probably not meant (at most
    /// [`Report::MAX_WARNINGS`](crate::Report::MAX_WARNINGS)).
    pub warnings: Vec<Located<Warning>>,
    /// How many warnings there were beyond `warnings`.
    pub omitted_warnings: usize,
}

/// Reads an OpenCode selection, or an object holding one under `builtin_tools`.
pub fn load_opencode(text: &str) -> Result<OpenCodeDocument, LoadError> {
    load_opencode_with(text, Options::default())
}

/// [`load_opencode`] with options (strict mode refuses lints). A name of a permission that
/// governs other tools too is refused unless the list names them all.
pub fn load_opencode_with(text: &str, options: Options) -> Result<OpenCodeDocument, LoadError> {
    let doc = reader::parse(text)?;
    let root = Node::root(&doc);
    let mut sink = Sink::reading(root, options);
    let Held { selection, portable, .. } = document::<OpenCodeName>(root, &HOLDER, &PASSED, &mut sink);
    let report = sink.finish()?;
    Ok(OpenCodeDocument { selection, portable, warnings: report.warnings, omitted_warnings: report.omitted_warnings })
}

impl OpenCodeSelection {
    /// Reads a selection, or an object holding one under `builtin_tools`: see
    /// [`load_opencode`].
    pub fn from_json(text: &str) -> Result<OpenCodeDocument, LoadError> {
        load_opencode(text)
    }
}
