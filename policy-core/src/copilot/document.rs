//! What a Copilot document answers ([`RuntimeDocument`]): the resolved policy the session
//! receives, what it offers and why, what changes between two definitions, and what a
//! session's `getCurrentMetadata` says against it.

use super::agents::AgentTools;
use super::builtin_agents::TaskAgent;
use super::capabilities::capabilities;
use super::catalog::{self as copilot, BUILTIN_TOOLS, CLI_VERSION, RUNTIME};
use super::diff::diff_copilot_agents;
use super::names::suggest;
use super::observed::read_copilot_tools;
use super::places::{MACRO, PLACES};
use super::read::{CopilotDocument, load_with};
use super::resolved::ResolvedPolicy;
use crate::error::{Error, Located, Warning};
use crate::names::vocab::{AGENT_NAME_KEY, CUSTOM_AGENTS_KEY, ENTRY_KIND, KIND_KEY, TOOLS_KEY};
use crate::names::wire::{Source, Tool};
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::review::attest::{Attestation, Host};
use crate::review::diff::{PolicyDiff, diff_named};
use crate::review::hook::{HookCall, string_at};
use crate::review::document::{AttestError, Explanation, Help, HostOptions, Output, RuntimeDocument};
use crate::text::Shown;

impl RuntimeDocument for CopilotDocument {
    const HELP: Help = Help {
        resolve: "FILE is an agent definition (an object with `tools`) or a single\n\
            `github-cli-builtin-tools` entry (an object without `tools`, whose `kind` must be exactly\n\
            that); prints {\"clientMode\", \"availableTools\"?, \"excludedTools\"?, \"toolFilterPrecedence\"}.",
        explain: "TOOL is `source:name` (`builtin:bash`, `custom:my_tool`, `mcp:server-tool`);\n\
            a bare name is a built-in.",
        attest: "OBSERVED is the `session.tools.getCurrentMetadata` result, asked right after\n\
            `session.tools.initializeAndValidate` (after create, after resume; after an options update,\n\
            after the next turn). --custom NAME declares a custom tool the host registered: any other\n\
            name the runtime does not mark as MCP is taken as a built-in. A custom tool named like a\n\
            built-in is declared with --override NAME (it overrides the built-in).",
        gate: "the payload of a `preToolUse` hook: `toolName`, a built-in's name.",
    };
    const HOST_OPTIONS: HostOptions = HostOptions { custom_tools: true, ..HostOptions::NONE };

    /// A custom tool named like a pinned built-in says it overrides it: else the declaration
    /// would talk a built-in into "custom".
    fn refuse_host(host: &Host) -> Option<String> {
        let name = Shown(host.undeclared_overrides().next()?);
        Some(format!(
            "--custom {name} names a built-in of {RUNTIME} {CLI_VERSION}; a custom tool of that name overrides it: pass --override {name}"
        ))
    }

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
    fn resolved(&self, _: &Output) -> Result<serde_json::Value, Error> {
        Ok(serde_json::to_value(self.policy()).unwrap_or_default())
    }

    /// Each tool as `source:name` (a bare name is a built-in); a built-in the pinned catalog
    /// does not know is a warning, refused in strict mode. With `agent`, what that custom
    /// agent of the definition, else that built-in agent (`task`'s `agent_type`), is offered.
    fn explain(&self, tools: &[String], agent: Option<&str>, options: Options) -> Result<Explanation, Error> {
        let agent = match agent {
            Some(name) => {
                Some(AgentSubject::named(self, name).ok_or_else(|| Error::UnknownAgent { name: name.to_owned() })?)
            }
            None => None,
        };
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
                    runtime: RUNTIME,
                    cli_version: CLI_VERSION,
                };
                if options.strict {
                    let pointer = Shown(text).to_string();
                    explanation.refused.push(Located { pointer, item: Error::Strict(warning) });
                    continue;
                }
                explanation.warnings.push(warning);
            }
            let (verdict, permitted) = match &agent {
                Some(agent) => agent.verdict(self.policy(), &tool),
                None => (self.policy().decide(&tool).to_string(), self.policy().offers(&tool)),
            };
            explanation.decided(Shown(&tool.to_string()).to_string(), permitted, verdict);
        }
        if tools.is_empty() {
            explanation.grants(permitted);
        }
        Ok(explanation)
    }

    /// A `preToolUse` payload, the SDK's and the CLI's: `toolName`, a built-in's name.
    fn hook_call(payload: &serde_json::Value) -> Result<HookCall, String> {
        string_at(payload, "toolName").map(HookCall::main)
    }

    fn diff(&self, new: &CopilotDocument) -> PolicyDiff {
        let tool_capabilities = |subject: &str| subject.strip_prefix("builtin:").and_then(capabilities);
        let mut changes = self.policy().diff(new.policy()).with_capabilities(tool_capabilities);
        changes.extend(diff_copilot_agents(
            (self.custom_agents(), self.default_agent()),
            (new.custom_agents(), new.default_agent()),
        ));
        changes.extend(diff_host_values(&self.document(), &new.document()));
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

/// What the definitions give the host beside the policy, which reaches tools of its own: each
/// other tool entry (by its kind and name) and each custom agent's MCP servers.
fn diff_host_values(old: &serde_json::Value, new: &serde_json::Value) -> PolicyDiff {
    type Named = Vec<(String, serde_json::Value)>;
    fn entries(document: &serde_json::Value) -> Named {
        let items = document[TOOLS_KEY].as_array().map(Vec::as_slice).unwrap_or_default();
        let other = items.iter().enumerate().filter(|(_, item)| item[KIND_KEY] != ENTRY_KIND);
        let named = |(i, item): (usize, &serde_json::Value)| {
            let text = |key: &str| item[key].as_str().map(str::to_owned);
            let name = text(KIND_KEY).zip(text(AGENT_NAME_KEY)).map(|(kind, name)| format!("{kind} {name}"));
            (format!("tool entry {}", name.unwrap_or_else(|| format!("at {i}"))), item.clone())
        };
        other.map(named).collect()
    }
    fn servers(document: &serde_json::Value) -> Named {
        let agents = document[CUSTOM_AGENTS_KEY].as_array().map(Vec::as_slice).unwrap_or_default();
        let mut named = Vec::new();
        for agent in agents {
            let name = agent[AGENT_NAME_KEY].as_str().unwrap_or_default();
            for (server, value) in agent["mcpServers"].as_object().into_iter().flatten() {
                named.push((format!("agent {name}: MCP server {server}"), value.clone()));
            }
        }
        named
    }
    fn borrowed(named: &Named) -> Vec<(&str, &serde_json::Value)> {
        named.iter().map(|(name, value)| (name.as_str(), value)).collect()
    }
    let mut diff = PolicyDiff::default();
    for of in [entries, servers] {
        let (was, now) = (of(old), of(new));
        diff_named(&mut diff, &borrowed(&was), &borrowed(&now), str::to_owned);
    }
    diff
}

/// The agent `explain --agent` answers for: a custom agent of the definition (its list
/// parsed), else a built-in agent.
struct AgentSubject<'a> {
    name: &'a str,
    tools: AgentTools,
    builtin: Option<&'static TaskAgent>,
}

impl<'a> AgentSubject<'a> {
    fn named(document: &'a CopilotDocument, name: &'a str) -> Option<AgentSubject<'a>> {
        let custom = document.custom_agents().unwrap_or_default().iter().find(|agent| agent.name() == name);
        match custom {
            // A checked definition's lists parse.
            Some(agent) => {
                AgentTools::parse(agent.tools()).ok().map(|tools| AgentSubject { name, tools, builtin: None })
            }
            None => TaskAgent::named(name).map(|builtin| AgentSubject {
                name,
                tools: builtin.tools(),
                builtin: Some(builtin),
            }),
        }
    }

    /// What the agent is offered of `tool` under the session's `policy`, and why.
    fn verdict(&self, policy: &ResolvedPolicy, tool: &Tool<'_>) -> (String, bool) {
        let extra = self
            .builtin
            .is_some_and(|builtin| tool.source() == Source::Builtin && builtin.extra.contains(&tool.name()));
        let listed = extra || self.tools.selects(tool, None);
        let builtin = if self.builtin.is_some() { "the built-in agent; " } else { "" };
        let decision = policy.decide(tool);
        let offered = listed && policy.offers(tool);
        let why = match (listed, &self.tools) {
            (false, _) => String::from("not in its tools"),
            (true, AgentTools::All) if !extra => format!("every tool the session offers: {decision}"),
            (true, _) => format!("in its tools; the session: {decision}"),
        };
        let shown = if offered { "offered" } else { "not offered" };
        (format!("{shown} to agent `{}` ({builtin}{why})", Shown(self.name)), offered)
    }
}
