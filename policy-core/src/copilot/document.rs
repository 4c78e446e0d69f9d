//! What a Copilot document answers ([`RuntimeDocument`]): the resolved policy the session
//! receives, what it offers and why, what changes between two definitions, and what a
//! session's `getCurrentMetadata` says against it.

use super::capabilities::capabilities;
use super::catalog::{self as copilot, BUILTIN_TOOLS, RUNTIME};
use super::diff::diff_copilot_agents;
use super::names::suggest;
use super::observed::read_copilot_tools;
use super::places::{MACRO, PLACES};
use super::read::{CopilotDocument, load_with};
use crate::error::{Error, Located, Warning};
use crate::names::wire::{Source, Tool};
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::review::attest::{Attestation, Host};
use crate::review::diff::PolicyDiff;
use crate::review::document::{AttestError, Explanation, Output, RuntimeDocument};
use crate::text::Shown;

impl RuntimeDocument for CopilotDocument {
    const RUNTIME: &'static str = RUNTIME;
    const PLACES: &'static [&'static Place] = PLACES;
    const MACRO: &'static Place = &MACRO;

    fn read(text: &str, options: Options) -> Result<CopilotDocument, LoadError> {
        load_with(text, options)
    }

    fn warnings(&self) -> (&[Located<Warning>], usize) {
        (CopilotDocument::warnings(self), self.omitted_warnings())
    }

    /// The resolved policy: `{"clientMode", "availableTools"?, "excludedTools"?,
    /// "toolFilterPrecedence"}`.
    fn resolved(&self, _: &Output) -> serde_json::Value {
        serde_json::to_value(self.policy()).unwrap_or_default()
    }

    /// Each tool as `source:name` (a bare name is a built-in); a built-in the pinned catalog
    /// does not know is a warning, refused in strict mode. Copilot's agents are explained
    /// by name in their own lists, not here.
    fn explain(&self, tools: &[String], agent: Option<&str>, options: Options) -> Result<Explanation, Error> {
        if let Some(name) = agent {
            return Err(Error::UnknownAgent { name: name.to_owned() });
        }
        let catalog: Vec<String> = BUILTIN_TOOLS.iter().map(|name| format!("builtin:{name}")).collect();
        let mut explanation = Explanation::default();
        let mut permitted = Vec::new();
        for text in if tools.is_empty() { &catalog } else { tools } {
            let tool = Tool::parse(text)?;
            let capabilities = (tool.source() == Source::Builtin).then(|| capabilities(tool.name())).flatten();
            if let Some(capabilities) = capabilities.filter(|_| self.policy().offers(&tool)) {
                permitted.push((tool.name(), capabilities));
            }
            if tool.source() == Source::Builtin && !copilot::is_builtin(tool.name()) {
                let warning = Warning::UnknownBuiltin {
                    name: tool.name().to_owned(),
                    suggestion: suggest(tool.name()),
                    cli_version: copilot::CLI_VERSION,
                };
                if options.strict {
                    let pointer = Shown(text).to_string();
                    explanation.refused.push(Located { pointer, item: Error::Strict(warning) });
                    continue;
                }
                explanation.warnings.push(warning);
            }
            explanation.lines.push(format!("{}: {}", Shown(&tool.to_string()), self.policy().decide(&tool)));
        }
        if tools.is_empty() {
            explanation.grants(permitted);
        }
        Ok(explanation)
    }

    fn diff(&self, new: &CopilotDocument) -> PolicyDiff {
        let tool_capabilities = |subject: &str| subject.strip_prefix("builtin:").and_then(capabilities);
        let mut changes = self.policy().diff(new.policy()).with_capabilities(tool_capabilities);
        changes.extend(diff_copilot_agents(
            (self.custom_agents(), self.default_agent()),
            (new.custom_agents(), new.default_agent()),
        ));
        changes
    }

    fn rust_source(&self, private: &str) -> String {
        self.policy().rust_source(private)
    }

    /// `observed` is the `session.tools.getCurrentMetadata` result.
    fn attest(&self, observed: &str, host: &Host, strict: bool) -> Result<Attestation, AttestError> {
        let offered = read_copilot_tools(observed).map_err(AttestError::Observed)?;
        Ok(self.policy().attest(&offered, host, strict))
    }
}
