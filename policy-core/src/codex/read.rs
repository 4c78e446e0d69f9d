//! A Codex CLI selection document (SPEC §11): the selection, or an object holding it under
//! `builtin_tools`; what the CLI cannot say is refused at its pointer.

use super::names::CodexName;
use super::places::{HOLDER, PASSED};
use super::selection::CodexSelection;
use crate::error::{Located, Warning};
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{self as reader, Node, Sink};
use crate::selection::read::{Held, document};

/// A read Codex CLI selection.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CodexDocument {
    /// The selection; `None` only when the document says `"builtin_tools": null`.
    pub selection: Option<CodexSelection>,
    /// What is valid but probably not meant (at most
    /// [`Report::MAX_WARNINGS`](crate::Report::MAX_WARNINGS)).
    pub warnings: Vec<Located<Warning>>,
    /// How many warnings there were beyond `warnings`.
    pub omitted_warnings: usize,
}

/// Reads a Codex CLI selection, or an object holding one under `builtin_tools`.
pub fn load_codex(text: &str) -> Result<CodexDocument, LoadError> {
    load_codex_with(text, Options::default())
}

/// [`load_codex`] with options (strict mode refuses lints). The CLI has no allow-list of
/// built-ins: `only` and `disable: "*"` are refused, and so is a built-in no switch takes
/// away or one its switch takes with others the list leaves out. A portable `disable` is the
/// switches of the built-ins it takes, each whole.
pub fn load_codex_with(text: &str, options: Options) -> Result<CodexDocument, LoadError> {
    let doc = reader::parse(text)?;
    let root = Node::root(&doc);
    let mut sink = Sink::reading(root, options);
    // A portable policy is its deny switches (SPEC §11), or refused by the shared reader.
    let Held { selection, .. } = document::<CodexName>(root, &HOLDER, &PASSED, &mut sink);
    let report = sink.finish()?;
    Ok(CodexDocument { selection, warnings: report.warnings, omitted_warnings: report.omitted_warnings })
}

impl CodexSelection {
    /// Reads a selection, or an object holding one under `builtin_tools`: see [`load_codex`].
    pub fn from_json(text: &str) -> Result<CodexDocument, LoadError> {
        load_codex(text)
    }
}
