//! How a document is read, and why it was not.

use crate::error::{Error, Lint, Lints, Located, Report};
use std::fmt;

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

/// Why a document was not loaded. Its `Debug` is its `Display`, one line per error, so a
/// `main` that returns it prints the errors as the CLI does.
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

debug_is_display!(LoadError);

impl std::error::Error for LoadError {}

impl From<Error> for LoadError {
    /// A whole-document error, at the root pointer.
    fn from(error: Error) -> LoadError {
        invalid_document(error)
    }
}

/// A whole-document error, at the root pointer.
pub(crate) fn invalid_document(error: Error) -> LoadError {
    LoadError::Invalid(Report { errors: vec![Located { pointer: String::new(), item: error }], ..Report::default() })
}
