//! The JSON front door (SPEC §4): Copilot agent definitions and single entries, and Claude
//! Code and Gemini CLI selections, all through one reader with one discipline.
//!
//! Every error of a document is reported at once, each at its RFC 6901 pointer; a key given
//! twice is an error at the second; documents are bounded by [`MAX_DOCUMENT_BYTES`] and
//! [`MAX_NESTING`]; an input that holds no policy where one is expected is an error. With
//! [`Options::strict`], every warning is an error at the same pointer.

mod document;
mod observed;
pub mod schema;
mod stored;

pub use crate::claude_code::read::{ClaudeCodeDocument, load_claude_code, load_claude_code_with};
pub use crate::copilot::read::{CopilotDocument, load, load_definition, load_entry, load_with};
pub use crate::copilot::read::{load_definition_value, load_entry_value, load_value};
pub use crate::gemini_cli::read::{GeminiDocument, load_gemini_cli, load_gemini_cli_with};
pub use crate::reader::options::{LoadError, Options};
pub use crate::reader::tree::{MAX_DOCUMENT_BYTES, MAX_NESTING};
pub use document::Document;
pub use observed::{read_claude_init, read_copilot_tools};

/// The Copilot document type under its earlier name.
pub type Loaded = CopilotDocument;
