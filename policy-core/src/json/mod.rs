//! The JSON front door (SPEC §4): Copilot agent definitions and single entries, and Claude
//! Code and Gemini CLI selections, all through one reader with one discipline.
//!
//! Every error of a document is reported at once, each at its RFC 6901 pointer; a key given
//! twice is an error at the second; documents are bounded by [`MAX_DOCUMENT_BYTES`] and
//! [`MAX_NESTING`]; an input that holds no policy where one is expected is an error. With
//! [`Options::strict`], every warning is an error at the same pointer.

mod document;
#[cfg(feature = "copilot")]
pub mod schema;

/// The closed-world table (SPEC §6): each object a reader enters, the keys it reads, the
/// keys a near miss must not pass as, the keys of other places it refuses, and what becomes
/// of any other key. Each runtime's rows are its `PLACES`.
pub mod closed_world {
    pub use crate::names::vocab::{GOVERNING, Governing};
    pub use crate::reader::closed::{Elsewhere, Others, Passes, Place, Verdict};

    /// Every place of every runtime compiled in, with the runtime's name.
    pub fn places() -> impl Iterator<Item = (&'static str, &'static Place)> {
        crate::Runtime::ALL
            .into_iter()
            .filter_map(super::Document::places)
            .flat_map(|(runtime, places)| places.iter().map(move |place| (runtime, *place)))
    }
}

#[cfg(feature = "claude-code")]
pub use crate::claude_code::read::{ClaudeCodeDocument, load_claude_code, load_claude_code_with};
#[cfg(feature = "claude-code")]
pub use crate::claude_code::{read_claude_init, read_claude_transcript};
#[cfg(feature = "copilot")]
pub use crate::copilot::read::{CopilotDocument, load, load_definition, load_entry, load_with};
#[cfg(feature = "copilot")]
pub use crate::copilot::read::{load_definition_value, load_entry_value, load_value};
#[cfg(feature = "copilot")]
pub use crate::copilot::read_copilot_tools;
#[cfg(feature = "gemini-cli")]
pub use crate::gemini_cli::read::{GeminiDocument, load_gemini_cli, load_gemini_cli_with};
pub use crate::reader::options::{LoadError, Options};
pub use crate::reader::tree::{MAX_DOCUMENT_BYTES, MAX_NESTING};
pub use document::Document;

/// The Copilot document type under its earlier name.
#[cfg(feature = "copilot")]
pub type Loaded = CopilotDocument;
