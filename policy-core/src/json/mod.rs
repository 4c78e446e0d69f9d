//! The JSON front door (SPEC §4): Copilot agent definitions and single entries, and Claude
//! Code and Gemini CLI selections, all through one reader with one discipline.
//!
//! Every error of a document is reported at once, each at its RFC 6901 pointer; a key given
//! twice is an error at the second; documents are bounded by [`MAX_DOCUMENT_BYTES`] and
//! [`MAX_NESTING`]; an input that holds no policy where one is expected is an error. With
//! [`Options::strict`], every warning is an error at the same pointer.

mod claude_agents;
mod claude_code;
mod copilot;
mod custom_agents;
mod document;
mod misplaced;
mod observed;
mod options;
mod reader;
pub mod schema;
mod stored;

pub use claude_code::{
    ClaudeCodeDocument, GeminiDocument, SelectionDocument, load_claude_code, load_claude_code_with, load_gemini_cli,
    load_gemini_cli_with,
};
pub use copilot::{CopilotDocument, load, load_definition, load_entry, load_with};
pub use copilot::{load_definition_value, load_entry_value, load_value};
pub use document::Document;
pub use observed::{read_claude_init, read_copilot_tools};
pub use options::{LoadError, Options};
pub use reader::{MAX_DOCUMENT_BYTES, MAX_NESTING};

/// The Copilot document type under its earlier name.
pub type Loaded = CopilotDocument;
