//! The JSON front door (SPEC §4): Copilot agent definitions and single entries, and Claude
//! Code selections, all through one reader with one discipline.
//!
//! Every error of a document is reported at once, each at its RFC 6901 pointer; a key given
//! twice is an error at the second; documents are bounded by [`MAX_DOCUMENT_BYTES`] and
//! [`MAX_NESTING`]; an input that holds no policy where one is expected is an error. With
//! [`Options::strict`], every warning is an error at the same pointer.

mod claude_code;
mod copilot;
mod custom_agents;
mod observed;
mod reader;
pub mod schema;
mod stored;

use std::fmt;

pub use claude_code::{ClaudeCodeDocument, load_claude_code, load_claude_code_with};
pub use copilot::{CopilotDocument, load, load_definition, load_entry, load_with};
pub use copilot::{load_definition_value, load_entry_value, load_value};
pub use observed::{read_claude_init, read_copilot_tools};
pub use reader::{MAX_DOCUMENT_BYTES, MAX_NESTING};

use crate::model::runtime::Runtime;
use crate::model::{Error, Lint, Lints, Located, Report, Warning};

/// The Copilot document type under its earlier name.
pub type Loaded = CopilotDocument;

/// How strictly a document is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Every warning is an error at the same pointer: unknown built-in names, near-miss
    /// kinds, legacy aliases, lints.
    pub strict: bool,
    /// Lints not reported at all.
    pub allowed: Lints,
}

impl Options {
    /// Warnings stay warnings.
    pub const LENIENT: Options = Options { strict: false, allowed: Lints::NONE };
    /// Every warning is an error.
    pub const STRICT: Options = Options { strict: true, allowed: Lints::NONE };

    /// These options, with `lint` not reported.
    #[must_use]
    pub const fn allow(self, lint: Lint) -> Options {
        Options { strict: self.strict, allowed: self.allowed.with(lint) }
    }
}

/// Why a document was not loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum LoadError {
    /// The text is not JSON: what `serde_json` refuses, with its line and column (the CLI's
    /// exit code 2).
    NotJson(serde_json::Error),
    /// The document is JSON but breaks rules; every error is in the report (exit code 1).
    Invalid(Report),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotJson(error) => write!(f, "not JSON: {error}"),
            LoadError::Invalid(report) => report.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}

impl From<Error> for LoadError {
    /// A whole-document error, at the root pointer.
    fn from(error: Error) -> LoadError {
        reader::invalid_document(error)
    }
}

/// A document read for one runtime: what `resolve`, `check` and `explain` work on.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Document {
    /// A Copilot agent definition or single entry.
    Copilot(Box<CopilotDocument>),
    /// A Claude Code selection, or an object holding one.
    ClaudeCode(ClaudeCodeDocument),
}

impl Document {
    /// Reads `text` as a document for `runtime`.
    pub fn load(runtime: Runtime, text: &str, options: Options) -> Result<Document, LoadError> {
        match runtime {
            Runtime::ClaudeCode => load_claude_code_with(text, options).map(Document::ClaudeCode),
            Runtime::Copilot => load_with(text, options).map(|document| Document::Copilot(Box::new(document))),
            other => Err(Error::UnsupportedRuntime { runtime: other.as_str(), supported: Runtime::SUPPORTED_CLI })?,
        }
    }

    /// Valid, but probably not meant.
    pub fn warnings(&self) -> &[Located<Warning>] {
        match self {
            Document::Copilot(document) => document.warnings(),
            Document::ClaudeCode(document) => &document.warnings,
        }
    }

    /// How many warnings there were beyond those kept.
    pub fn omitted_warnings(&self) -> usize {
        match self {
            Document::Copilot(document) => document.omitted_warnings(),
            Document::ClaudeCode(document) => document.omitted_warnings,
        }
    }
}
