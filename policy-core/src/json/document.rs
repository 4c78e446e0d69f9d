//! A document read for the runtime it is given for: what the CLI works on. Each runtime's
//! folder answers for its own document ([`RuntimeDocument`]); this is the one list of them.

#[cfg(feature = "claude-code")]
use crate::claude_code::read::ClaudeCodeDocument;
#[cfg(feature = "codex")]
use crate::codex::read::CodexDocument;
#[cfg(feature = "copilot")]
use crate::copilot::read::CopilotDocument;
use crate::error::{Error, Located, Warning};
#[cfg(feature = "gemini-cli")]
use crate::gemini_cli::read::GeminiDocument;
#[cfg(feature = "opencode")]
use crate::opencode::read::OpenCodeDocument;
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::review::{AttestError, Attestation, Explanation, Host, Output, PolicyDiff, RuntimeDocument};
use crate::runtime::Runtime;

/// A document read for one runtime: what `resolve`, `check`, `explain`, `diff` and `attest`
/// work on.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Document {
    /// A Copilot agent definition or single entry.
    #[cfg(feature = "copilot")]
    Copilot(Box<CopilotDocument>),
    /// A Claude Code selection, or an object holding one.
    #[cfg(feature = "claude-code")]
    ClaudeCode(ClaudeCodeDocument),
    /// A Gemini CLI selection, or an object holding one.
    #[cfg(feature = "gemini-cli")]
    GeminiCli(GeminiDocument),
    /// An OpenCode selection, or an object holding one.
    #[cfg(feature = "opencode")]
    OpenCode(OpenCodeDocument),
    /// A Codex CLI selection, or an object holding one.
    #[cfg(feature = "codex")]
    Codex(CodexDocument),
}

/// `$body` with `$document` bound to the runtime's own document, whichever it is.
macro_rules! each {
    ($self:expr, $document:ident => $body:expr) => {
        match $self {
            #[cfg(feature = "copilot")]
            Document::Copilot(boxed) => {
                let $document: &CopilotDocument = boxed;
                $body
            }
            #[cfg(feature = "claude-code")]
            Document::ClaudeCode($document) => $body,
            #[cfg(feature = "gemini-cli")]
            Document::GeminiCli($document) => $body,
            #[cfg(feature = "opencode")]
            Document::OpenCode($document) => $body,
            #[cfg(feature = "codex")]
            Document::Codex($document) => $body,
        }
    };
}

impl Document {
    /// Reads `text` as a document for `runtime`.
    pub fn load(runtime: Runtime, text: &str, options: Options) -> Result<Document, LoadError> {
        match runtime {
            #[cfg(feature = "copilot")]
            Runtime::Copilot => {
                CopilotDocument::read(text, options).map(|document| Document::Copilot(Box::new(document)))
            }
            #[cfg(feature = "claude-code")]
            Runtime::ClaudeCode => ClaudeCodeDocument::read(text, options).map(Document::ClaudeCode),
            #[cfg(feature = "gemini-cli")]
            Runtime::GeminiCli => GeminiDocument::read(text, options).map(Document::GeminiCli),
            #[cfg(feature = "opencode")]
            Runtime::OpenCode => OpenCodeDocument::read(text, options).map(Document::OpenCode),
            #[cfg(feature = "codex")]
            Runtime::Codex => CodexDocument::read(text, options).map(Document::Codex),
            #[allow(unreachable_patterns)] // every runtime compiled in
            other => Err(other.refused(crate::runtime::Spelling::Cli))?,
        }
    }

    /// What the runtime receives, as `tool-policy resolve` prints it.
    pub fn resolved(&self, output: &Output) -> Result<serde_json::Value, Error> {
        each!(self, document => document.resolved(output))
    }

    /// Whether each tool is offered (the pinned catalog when `tools` is empty), to the main
    /// agent or to `agent`, and what decided.
    pub fn explain(&self, tools: &[String], agent: Option<&str>, options: Options) -> Result<Explanation, Error> {
        each!(self, document => document.explain(tools, agent, options))
    }

    /// What changes from this document to `new`, read for the same runtime (`None` when
    /// they are not): the selection's or the session policy's tools, then what each agent
    /// gains or loses, custom and default agents included.
    pub fn diff(&self, new: &Document) -> Option<PolicyDiff> {
        Some(match (self, new) {
            #[cfg(feature = "copilot")]
            (Document::Copilot(old), Document::Copilot(new)) => old.diff(new),
            #[cfg(feature = "claude-code")]
            (Document::ClaudeCode(old), Document::ClaudeCode(new)) => old.diff(new),
            #[cfg(feature = "gemini-cli")]
            (Document::GeminiCli(old), Document::GeminiCli(new)) => old.diff(new),
            #[cfg(feature = "opencode")]
            (Document::OpenCode(old), Document::OpenCode(new)) => old.diff(new),
            #[cfg(feature = "codex")]
            (Document::Codex(old), Document::Codex(new)) => old.diff(new),
            #[allow(unreachable_patterns)]
            _ => return None,
        })
    }

    /// The value `builtin_tools!` expands to, as Rust source built through `private`.
    #[doc(hidden)]
    pub fn rust_source(&self, private: &str) -> String {
        each!(self, document => document.rust_source(private))
    }

    /// The rows of the closed-world table for `builtin_tools!` in `runtime`'s form: its keys,
    /// and one custom agent of its `agents` where the form takes agents.
    #[doc(hidden)]
    pub fn macro_places(runtime: Runtime) -> Option<(&'static Place, Option<&'static Place>)> {
        Some(match runtime {
            #[cfg(feature = "copilot")]
            Runtime::Copilot => (CopilotDocument::MACRO, CopilotDocument::MACRO_AGENT),
            #[cfg(feature = "claude-code")]
            Runtime::ClaudeCode => (ClaudeCodeDocument::MACRO, ClaudeCodeDocument::MACRO_AGENT),
            #[cfg(feature = "gemini-cli")]
            Runtime::GeminiCli => (GeminiDocument::MACRO, GeminiDocument::MACRO_AGENT),
            #[cfg(feature = "opencode")]
            Runtime::OpenCode => (OpenCodeDocument::MACRO, OpenCodeDocument::MACRO_AGENT),
            #[cfg(feature = "codex")]
            Runtime::Codex => (CodexDocument::MACRO, CodexDocument::MACRO_AGENT),
            #[allow(unreachable_patterns)] // every runtime compiled in
            _ => return None,
        })
    }

    /// `runtime`'s rows of the closed-world table (SPEC §6), with its name in messages;
    /// `None` when this build was compiled without it.
    pub(crate) fn places(runtime: Runtime) -> Option<(&'static str, &'static [&'static Place])> {
        Some(match runtime {
            #[cfg(feature = "copilot")]
            Runtime::Copilot => (crate::copilot::catalog::RUNTIME, crate::copilot::PLACES),
            #[cfg(feature = "claude-code")]
            Runtime::ClaudeCode => (crate::claude_code::catalog::RUNTIME, crate::claude_code::PLACES),
            #[cfg(feature = "gemini-cli")]
            Runtime::GeminiCli => (crate::gemini_cli::catalog::RUNTIME, crate::gemini_cli::PLACES),
            #[cfg(feature = "opencode")]
            Runtime::OpenCode => (crate::opencode::catalog::RUNTIME, crate::opencode::PLACES),
            #[cfg(feature = "codex")]
            Runtime::Codex => (crate::codex::catalog::RUNTIME, crate::codex::PLACES),
            #[allow(unreachable_patterns)] // every runtime compiled in
            _ => return None,
        })
    }

    /// What a running session reported, checked against this document.
    pub fn attest(&self, observed: &str, host: &Host, strict: bool) -> Result<Attestation, AttestError> {
        each!(self, document => document.attest(observed, host, strict))
    }

    /// Valid, but probably not meant.
    pub fn warnings(&self) -> &[Located<Warning>] {
        each!(self, document => RuntimeDocument::warnings(document).0)
    }

    /// How many warnings there were beyond those kept.
    pub fn omitted_warnings(&self) -> usize {
        each!(self, document => RuntimeDocument::warnings(document).1)
    }
}
