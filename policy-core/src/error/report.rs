//! Errors with their places: a place in a policy built in code ([`At`], [`Errors`]), a JSON
//! pointer ([`Located`]), and every error and warning of a document ([`Report`]).

use std::fmt;

use super::rule::Error;
use super::warning::Warning;
use crate::names::vocab::Slot;
use crate::text::{Shown, lines};

/// A place inside one policy entry or selection, independent of the front door that wrote
/// it. The JSON loader turns it into a JSON pointer, the macro into a span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum At {
    /// The entry as a whole.
    Entry,
    /// The client mode's value.
    ClientMode,
    /// A selector (`available-tools` / `excluded-tools`).
    Selector(Slot),
    /// A selector's `tools` list.
    Tools(Slot),
    /// One item of a selector's `tools` list.
    Tool(Slot, usize),
    /// One name of a Claude Code or Gemini CLI selection's list.
    SelectionTool(usize),
    /// One entry of a sub-agent's `tools` list.
    AgentTool(usize),
}

impl fmt::Display for At {
    /// The place, relative to the entry, selection or list it is in.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::Entry => f.write_str("the entry"),
            At::ClientMode => f.write_str(crate::names::vocab::CLIENT_MODE_KEY),
            At::Selector(slot) => f.write_str(slot.json_key()),
            At::Tools(slot) => write!(f, "{}/tools", slot.json_key()),
            At::Tool(slot, i) => write!(f, "{}/tools/{i}", slot.json_key()),
            At::SelectionTool(i) | At::AgentTool(i) => write!(f, "item {i}"),
        }
    }
}

/// Every error of a policy built in code, each with its place. `Display` gives one
/// `<place>: <message>` line per error; it is a `std::error::Error + Send + Sync`, so `?`
/// into `Box<dyn Error>` or `anyhow` keeps them all.
#[derive(Clone, PartialEq, Eq)]
pub struct Errors(Vec<(At, Error)>);

impl Errors {
    /// The errors, in the order they were found.
    pub fn into_vec(self) -> Vec<(At, Error)> {
        self.0
    }
}

impl From<Vec<(At, Error)>> for Errors {
    fn from(errors: Vec<(At, Error)>) -> Errors {
        Errors(errors)
    }
}

impl std::ops::Deref for Errors {
    type Target = [(At, Error)];

    fn deref(&self) -> &[(At, Error)] {
        &self.0
    }
}

impl<const N: usize> PartialEq<[(At, Error); N]> for Errors {
    fn eq(&self, other: &[(At, Error); N]) -> bool {
        self.0 == other
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        lines(f, self.0.iter().map(|(at, error)| Located { pointer: at.to_string(), item: error }))
    }
}

debug_is_display!(Errors);

impl std::error::Error for Errors {}

/// An error or warning at a JSON pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// The RFC 6901 pointer (`""` for the whole document), exactly as it addresses the value.
    pub pointer: String,
    /// What is wrong there.
    pub item: T,
}

impl<T: fmt::Display> fmt::Display for Located<T> {
    /// `<pointer>: <message>` on one line; the pointer is shown escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", Shown(&self.pointer), self.item)
    }
}

/// Every error of a document at once, and its warnings.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// The errors, in document order, at most [`Report::MAX_ERRORS`] of them.
    pub errors: Vec<Located<Error>>,
    /// How many more errors there were than [`Report::errors`] holds.
    pub omitted_errors: usize,
    /// The warnings, in document order, at most [`Report::MAX_WARNINGS`] of them.
    pub warnings: Vec<Located<Warning>>,
    /// How many more warnings there were than [`Report::warnings`] holds.
    pub omitted_warnings: usize,
}

impl Report {
    /// The most warnings one report keeps; the rest are counted.
    pub const MAX_WARNINGS: usize = 100;
    /// The most errors one report keeps; the rest are counted, so a hostile document's
    /// output stays bounded (one line each, every line bounded by [`Shown`]).
    pub const MAX_ERRORS: usize = 100;

    /// Whether there is no error (warnings do not count).
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// Whether the report holds [`Report::MAX_ERRORS`] errors, so that another is only
    /// counted: a reader need not render its pointer.
    pub fn errors_full(&self) -> bool {
        self.errors.len() >= Report::MAX_ERRORS
    }

    /// Adds an error, or counts it once the report holds [`Report::MAX_ERRORS`].
    pub fn error(&mut self, pointer: String, error: Error) {
        if self.errors_full() {
            self.omitted_errors += 1;
        } else {
            self.errors.push(Located { pointer, item: error });
        }
    }

    /// Adds a warning, or counts it once the report holds [`Report::MAX_WARNINGS`].
    pub fn warn(&mut self, pointer: impl FnOnce() -> String, warning: impl FnOnce() -> Warning) {
        if self.warnings.len() < Report::MAX_WARNINGS {
            self.warnings.push(Located { pointer: pointer(), item: warning() });
        } else {
            self.omitted_warnings += 1;
        }
    }
}

impl fmt::Display for Report {
    /// One `<pointer>: <message>` line per error, then how many more there were.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        lines(f, &self.errors)?;
        if self.omitted_errors > 0 {
            write!(f, "\n{} more errors not shown", self.omitted_errors)?;
        }
        Ok(())
    }
}

debug_is_display!(Report);

impl std::error::Error for Report {}
