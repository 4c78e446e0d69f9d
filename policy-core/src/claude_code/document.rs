//! What a Claude Code document answers ([`RuntimeDocument`]): the arguments the CLI receives,
//! what the main agent or one of its agents is offered and why, what changes between two
//! documents, and what a transcript's `init` messages say against it.

use super::agents::{AgentRule, ClaudeAgent, offered_to};
use super::args::ClaudeCodeArgs;
use super::attest::attest_claude_code;
use super::catalog::{ClaudeTool, DEFAULT_OFFERED, RUNTIME};
use super::diff::{diff_claude_agents, diff_selections};
use super::observed::read_claude_init;
use super::places::{MACRO, MACRO_AGENT, PLACES};
use super::read::{ClaudeCodeDocument, load_claude_code_with};
use super::selection::ClaudeCodeSelection;
use crate::error::{Error, Located, Warning};
use crate::portable::{McpTools, Portable};
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::review::attest::{Attestation, Host};
use crate::review::diff::PolicyDiff;
use crate::review::document::{AttestError, Explanation, Output, RuntimeDocument};
use crate::selection::NO_SELECTION;
use crate::text::Shown;

impl RuntimeDocument for ClaudeCodeDocument {
    const RUNTIME: &'static str = RUNTIME;
    const PLACES: &'static [&'static Place] = PLACES;
    const MACRO: &'static Place = &MACRO;
    const MACRO_AGENT: Option<&'static Place> = Some(&MACRO_AGENT);

    fn read(text: &str, options: Options) -> Result<ClaudeCodeDocument, LoadError> {
        load_claude_code_with(text, options)
    }

    fn warnings(&self) -> (&[Located<Warning>], usize) {
        (&self.warnings, self.omitted_warnings)
    }

    /// `{"args": [...], "cliVersion"}`: the selection's arguments, then `--agents=<json>`.
    fn resolved(&self, _: &Output) -> serde_json::Value {
        serde_json::to_value(self.args()).unwrap_or_default()
    }

    /// Each tool by its Claude Code name; with `agent`, what that custom agent is offered.
    fn explain(&self, tools: &[String], agent: Option<&str>, _: Options) -> Result<Explanation, Error> {
        let agent = match agent {
            Some(name) => Some(self.agents.get(name).ok_or_else(|| Error::UnknownAgent { name: name.to_owned() })?),
            None => None,
        };
        let catalog: Vec<String> = ClaudeTool::NAMES.iter().map(|name| (*name).to_owned()).collect();
        let mut explanation = Explanation::default();
        let mut permitted = Vec::new();
        for text in if tools.is_empty() { &catalog } else { tools } {
            let tool: ClaudeTool = text.parse()?;
            let main = match &self.selection {
                Some(selection) => selection.decide(tool).to_string(),
                None => NO_SELECTION.to_owned(),
            };
            let (verdict, granted) = match agent {
                Some(agent) => agent_verdict(agent, self.selection.as_ref(), tool, &main),
                None => (main, self.selection.as_ref().is_none_or(|selection| selection.decide(tool).is_permitted())),
            };
            explanation.lines.push(format!("{tool}: {verdict}"));
            permitted.extend(granted.then(|| (tool.name(), tool.capabilities())));
        }
        if tools.is_empty() {
            explanation.grants(permitted);
        }
        Ok(explanation)
    }

    fn diff(&self, new: &ClaudeCodeDocument) -> PolicyDiff {
        let tool_capabilities = |name: &str| name.parse::<ClaudeTool>().ok().map(ClaudeTool::capabilities);
        let mut changes =
            diff_selections(self.selection.as_ref(), new.selection.as_ref()).with_capabilities(tool_capabilities);
        changes
            .extend(diff_claude_agents((self.selection.as_ref(), &self.agents), (new.selection.as_ref(), &new.agents)));
        changes
    }

    fn rust_source(&self, private: &str) -> String {
        self.args().rust_source(private)
    }

    /// `observed` is a `--output-format stream-json --verbose` transcript, or its `init` line.
    fn attest(&self, observed: &str, host: &Host, strict: bool) -> Result<Attestation, AttestError> {
        let offered = read_claude_init(observed).map_err(AttestError::Observed)?;
        Ok(attest_claude_code(self.selection.as_ref(), &offered, host, strict))
    }
}

impl ClaudeCodeDocument {
    /// The arguments the CLI receives for this document: its selection, its agents, and what
    /// becomes of MCP tools.
    pub fn args(&self) -> ClaudeCodeArgs {
        let mcp = self.portable.as_ref().map_or(McpTools::Keep, Portable::mcp);
        ClaudeCodeArgs::new(self.selection.clone()).with_agents(self.agents.clone()).with_mcp(mcp)
    }
}

/// What a custom agent is offered of `tool`, and why.
fn agent_verdict(
    agent: &ClaudeAgent,
    main: Option<&ClaudeCodeSelection>,
    tool: ClaudeTool,
    main_verdict: &str,
) -> (String, bool) {
    let offered = offered_to(agent, main, DEFAULT_OFFERED).contains(&tool);
    let rule = AgentRule::Tool(tool);
    let why = if agent.disallowed_tools.iter().flatten().any(|r| *r == rule) {
        String::from("listed in its `disallowedTools`")
    } else if let Some(tools) = &agent.tools {
        String::from(if tools.contains(&rule) { "listed in its `tools`" } else { "not listed in its `tools`" })
    } else {
        format!("no `tools` of its own: as the main agent, {main_verdict}")
    };
    let verdict =
        format!("{} to agent `{}` ({why})", if offered { "offered" } else { "not offered" }, Shown(&agent.name));
    (verdict, offered)
}
