//! A document read for the runtime it is given for: what the CLI works on.

use crate::claude_code::read::{ClaudeCodeDocument, load_claude_code_with};
use crate::claude_code::{diff_claude_agents, diff_selections};
use crate::copilot::diff_copilot_agents;
use crate::copilot::read::{CopilotDocument, load_with};
use crate::error::{Error, Located, Warning};
use crate::gemini_cli::diff_gemini_selections;
use crate::gemini_cli::read::{GeminiDocument, load_gemini_cli_with};
use crate::reader::options::{LoadError, Options};
use crate::review::PolicyDiff;
use crate::runtime::Runtime;

/// A document read for one runtime: what `resolve`, `check` and `explain` work on.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Document {
    /// A Copilot agent definition or single entry.
    Copilot(Box<CopilotDocument>),
    /// A Claude Code selection, or an object holding one.
    ClaudeCode(ClaudeCodeDocument),
    /// A Gemini CLI selection, or an object holding one.
    GeminiCli(GeminiDocument),
}

impl Document {
    /// Reads `text` as a document for `runtime`.
    pub fn load(runtime: Runtime, text: &str, options: Options) -> Result<Document, LoadError> {
        match runtime {
            Runtime::ClaudeCode => load_claude_code_with(text, options).map(Document::ClaudeCode),
            Runtime::GeminiCli => load_gemini_cli_with(text, options).map(Document::GeminiCli),
            Runtime::Copilot => load_with(text, options).map(|document| Document::Copilot(Box::new(document))),
            other => Err(Error::UnsupportedRuntime { runtime: other.as_str(), supported: Runtime::SUPPORTED_CLI })?,
        }
    }

    /// What changes from this document to `new`, read for the same runtime (`None` when
    /// they are not): the selection's or the session policy's tools, then what each agent
    /// gains or loses, custom and default agents included.
    pub fn diff(&self, new: &Document) -> Option<PolicyDiff> {
        Some(match (self, new) {
            (Document::Copilot(old), Document::Copilot(new)) => {
                let mut changes = old.policy().diff(new.policy());
                changes.extend(diff_copilot_agents(
                    (old.custom_agents(), old.default_agent()),
                    (new.custom_agents(), new.default_agent()),
                ));
                changes
            }
            (Document::ClaudeCode(old), Document::ClaudeCode(new)) => {
                let mut changes = diff_selections(old.selection.as_ref(), new.selection.as_ref());
                changes.extend(diff_claude_agents(
                    (old.selection.as_ref(), &old.agents),
                    (new.selection.as_ref(), &new.agents),
                ));
                changes
            }
            (Document::GeminiCli(old), Document::GeminiCli(new)) => {
                diff_gemini_selections(old.selection.as_ref(), new.selection.as_ref())
            }
            _ => return None,
        })
    }

    /// Valid, but probably not meant.
    pub fn warnings(&self) -> &[Located<Warning>] {
        match self {
            Document::Copilot(document) => document.warnings(),
            Document::ClaudeCode(document) => &document.warnings,
            Document::GeminiCli(document) => &document.warnings,
        }
    }

    /// How many warnings there were beyond those kept.
    pub fn omitted_warnings(&self) -> usize {
        match self {
            Document::Copilot(document) => document.omitted_warnings(),
            Document::ClaudeCode(document) => document.omitted_warnings,
            Document::GeminiCli(document) => document.omitted_warnings,
        }
    }
}
