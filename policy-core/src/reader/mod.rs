//! The one reader every document kind goes through, below every runtime: `serde_json` parses
//! the text into a small tree (`tree`: limits, pointers, the error sink, strict mode, the
//! document-wide repeated-key rule), read with options (`options`: strictness, allowed
//! lints, load errors); policies in the wrong place (`misplaced`). Each runtime's folder reads
//! its own documents over it; it knows no runtime's rules.

#[macro_use]
pub mod closed;
pub(crate) mod misplaced;
pub(crate) mod options;
pub(crate) mod stored;
pub(crate) mod tree;
