//! What a Gemini CLI document answers ([`RuntimeDocument`]): the settings, policy file and
//! arguments the CLI receives, what it offers in each approval mode and why, and what changes
//! between two selections. A session cannot be attested: its `init` line lists no tools.

use super::catalog::{CLI_VERSION, GeminiTool, RUNTIME};
use super::config::GeminiCliConfig;
use super::diff::diff_gemini_selections;
use super::names::GeminiName;
use super::places::{MACRO, PLACES};
use super::read::{GeminiDocument, load_gemini_cli_with};
use super::selection::{ApprovalMode, GeminiAgent, offered};
use crate::error::{Error, Located, Warning};
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::review::attest::{Attestation, Host};
use crate::review::diff::PolicyDiff;
use crate::review::hook::command_hook;
use crate::review::document::{AttestError, Explanation, Help, HostOptions, Output, RuntimeDocument};
use crate::selection::NO_SELECTION;

impl RuntimeDocument for GeminiDocument {
    const HELP: Help = Help {
        resolve: "FILE is a selection, or an object holding one under `builtin_tools`, of names\n\
            from the Gemini CLI's catalog or MCP entries (`mcp_<server>_<tool>`, `mcp_<server>_*`);\n\
            prints {\"settings\": {..}, \"policy\": \"TOML\" | null, \"args\": [..], \"cliVersion\"}: merge\n\
            `settings` into the CLI's settings, write `policy` to the file --policy-file names\n\
            (default tool-policy.toml), and pass `args`.",
        explain: "TOOL is a Gemini CLI tool name (`read_file`) or an MCP tool\n\
            (`mcp_server_tool`); says too in which approval modes a headless session offers it;\n\
            with --agent NAME, in which modes the CLI's own agent NAME (`codebase_investigator`,\n\
            `cli_help`, `generalist`) is offered it.",
        attest: "refused: the CLI's `init` line lists no tools, so nothing can be attested.",
        gate: "the payload of a `BeforeTool` hook: `tool_name`; every call is judged by the\n\
            selection.",
    };
    const HOST_OPTIONS: HostOptions = HostOptions { policy_file: true, gate: true, ..HostOptions::NONE };

    const RUNTIME: &'static str = RUNTIME;
    const PLACES: &'static [&'static Place] = PLACES;
    const MACRO: &'static Place = &MACRO;

    fn read(text: &str, options: Options) -> Result<GeminiDocument, LoadError> {
        load_gemini_cli_with(text, options)
    }

    fn warnings(&self) -> (&[Located<Warning>], usize) {
        (&self.warnings, self.omitted_warnings)
    }

    /// `{"settings", "policy", "args", "cliVersion"}`, the policy file named as the host asks;
    /// with a gate, `settings` holds its `BeforeTool` hook.
    fn resolved(&self, output: &Output) -> Result<serde_json::Value, Error> {
        let config = GeminiCliConfig::new(self.selection.clone());
        let config = match &output.policy_file {
            Some(path) => config.with_policy_file(path.clone()),
            None => config,
        };
        let mut resolved = serde_json::to_value(config).unwrap_or_default();
        if let (Some(command), Some(settings)) = (&output.gate, resolved["settings"].as_object_mut()) {
            settings.insert(String::from("hooks"), command_hook("BeforeTool", command));
        }
        Ok(resolved)
    }

    /// Each tool by its Gemini CLI name, or one MCP tool (`mcp_<server>_<tool>`), with the
    /// approval modes in which a headless session offers it.
    fn explain(&self, tools: &[String], agent: Option<&str>, _: Options) -> Result<Explanation, Error> {
        if let Some(name) = agent {
            let agent = GeminiAgent::from_name(name).ok_or_else(|| Error::UnknownAgent { name: name.to_owned() })?;
            return self.explain_agent(tools, agent);
        }
        let catalog: Vec<String> = GeminiTool::NAMES.iter().map(|name| (*name).to_owned()).collect();
        let mut explanation = Explanation::default();
        let mut permitted = Vec::new();
        for text in if tools.is_empty() { &catalog } else { tools } {
            let name = one_tool(text)?;
            let shown = name.as_str();
            let verdict = match &self.selection {
                Some(selection) => selection.decide(shown).to_string(),
                None => NO_SELECTION.to_owned(),
            };
            let is_permitted = self.selection.as_ref().is_none_or(|selection| selection.decide(shown).is_permitted());
            if let GeminiName::Builtin(tool) = &name {
                if is_permitted {
                    permitted.push((tool.name(), tool.capabilities()));
                }
            }
            let modes: Vec<&str> = ApprovalMode::ALL
                .into_iter()
                .filter(|mode| offered(self.selection.as_ref(), *mode, &[shown]).iter().any(|n| n == shown))
                .map(ApprovalMode::as_str)
                .collect();
            let offered = if modes.is_empty() { String::from("no approval mode") } else { modes.join(", ") };
            explanation.decided(shown, is_permitted, format!("{verdict}; a headless session offers it in {offered}"));
        }
        if tools.is_empty() {
            explanation.grants(permitted);
        }
        Ok(explanation)
    }

    fn diff(&self, new: &GeminiDocument) -> PolicyDiff {
        let tool_capabilities = |name: &str| GeminiTool::from_canonical(name).map(GeminiTool::capabilities);
        diff_gemini_selections(self.selection.as_ref(), new.selection.as_ref()).with_capabilities(tool_capabilities)
    }

    fn rust_source(&self, private: &str) -> String {
        match &self.selection {
            Some(selection) => selection.rust_source(private),
            None => format!("{private}::GeminiSelection::DISABLE_ALL"),
        }
    }

    fn attest(&self, _: &str, _: &Host, _: bool) -> Result<Attestation, AttestError> {
        Err(AttestError::Refused(Error::NotAttestable {
            reason: format!(
                "a Gemini CLI session cannot be attested: the `init` line of Gemini CLI {CLI_VERSION} lists no tools, and no other output does; check the model requests the host sees instead"
            )
            .into(),
        }))
    }
}

impl GeminiDocument {
    /// `explain --agent NAME` for one of the CLI's own agents: for each tool (every built-in of
    /// the catalog when none is given), the approval modes in which the agent is offered it,
    /// then the modes in which the CLI does not start it.
    fn explain_agent(&self, tools: &[String], agent: GeminiAgent) -> Result<Explanation, Error> {
        let catalog: Vec<String> = GeminiTool::NAMES.iter().map(|name| (*name).to_owned()).collect();
        let mut explanation = Explanation::default();
        for text in if tools.is_empty() { &catalog } else { tools } {
            let name = one_tool(text)?;
            let shown = name.as_str();
            let offered_in = |mode: &ApprovalMode| {
                agent
                    .offered(self.selection.as_ref(), *mode, &[shown])
                    .is_some_and(|names| names.iter().any(|n| n == shown))
            };
            let modes: Vec<&str> =
                ApprovalMode::ALL.iter().filter(|mode| offered_in(mode)).map(|mode| mode.as_str()).collect();
            let why = if modes.is_empty() {
                format!("not offered to agent `{}` in any approval mode", agent.name())
            } else {
                format!("offered to agent `{}` in {}", agent.name(), modes.join(", "))
            };
            explanation.decided(shown, !modes.is_empty(), why);
        }
        let unstarted: Vec<&str> = ApprovalMode::ALL
            .iter()
            .filter(|mode| agent.offered(self.selection.as_ref(), **mode, &[]).is_none())
            .map(|mode| mode.as_str())
            .collect();
        if !unstarted.is_empty() {
            explanation.lines.push(format!("agent `{}` is not started in {}", agent.name(), unstarted.join(", ")));
        }
        Ok(explanation)
    }
}

/// A tool `explain` asks about: a built-in or one MCP tool, not a whole server.
fn one_tool(text: &str) -> Result<GeminiName, Error> {
    let name: GeminiName = text.parse()?;
    if matches!(&name, GeminiName::Mcp(entry) if entry.tool().is_none()) {
        return Err(Error::WrongType { expected: "one MCP tool (`mcp_<server>_<tool>`)", found: "a whole server" });
    }
    Ok(name)
}
