//! What an OpenCode document answers ([`RuntimeDocument`]): the `permission` map OpenCode
//! receives, what its `build` agent is offered and why, and what changes between two
//! selections. A session cannot be attested: `opencode run` reports no list of tools.

use super::agents::OpenCodeAgent;
use super::catalog::{CLI_VERSION, Offered, OpenCodeTool, RUNTIME};
use super::config::OpenCodeConfig;
use super::diff::diff_opencode_selections;
use super::names::OpenCodeName;
use super::places::{MACRO, PLACES};
use super::read::{OpenCodeDocument, load_opencode_with};
use super::selection::offered;
use crate::error::{Error, Located, Warning};
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::review::attest::{Attestation, Host};
use crate::review::diff::PolicyDiff;
use crate::review::hook::{HookCall, optional_string_at, string_at};
use crate::review::document::{AttestError, Explanation, Help, HostOptions, Output, RuntimeDocument};
use crate::selection::{NO_SELECTION, SelectionDecision};

impl RuntimeDocument for OpenCodeDocument {
    const HELP: Help = Help {
        resolve: "FILE is a selection, or an object holding one under `builtin_tools`, of names\n\
            from OpenCode's catalog or MCP tools (`<server>_<tool>`, `<server>_*`, `*_*`); prints\n\
            {\"permission\": {..}, \"cliVersion\"}: write `permission` into opencode.json, or an\n\
            agent's own `permission`. --mcp-server NAME names a server the host configures, whose\n\
            tools `*_*` keeps.",
        explain: "TOOL is an OpenCode tool name (`read`) or an MCP tool (`server_tool`).",
        attest: "refused: `opencode run` reports no list of tools.",
        gate: "the payload the plugin `resolve --gate` writes sends for\n\
            `tool.execute.before`: `tool_name` (the hook names no agent, so the selection judges\n\
            every call; a host's own payload may add `agent`: one OpenCode limits, within its limits).",
    };
    const HOST_OPTIONS: HostOptions = HostOptions { resolve_mcp_servers: true, gate: true, ..HostOptions::NONE };

    const RUNTIME: &'static str = RUNTIME;
    const PLACES: &'static [&'static Place] = PLACES;
    const MACRO: &'static Place = &MACRO;

    fn read(text: &str, options: Options) -> Result<OpenCodeDocument, LoadError> {
        load_opencode_with(text, options)
    }

    fn warnings(&self) -> (&[Located<Warning>], usize) {
        (&self.warnings, self.omitted_warnings)
    }

    /// `{"permission", "cliVersion"}`, `*_*` written for each MCP server the host names; with
    /// a gate, `gatePlugin`: the plugin file to write, `{"file", "source"}`.
    fn resolved(&self, output: &Output) -> Result<serde_json::Value, Error> {
        let config = OpenCodeConfig::checked(self.selection.clone(), &output.mcp_servers)?;
        let mut resolved = serde_json::to_value(config).unwrap_or_default();
        if let (Some(command), Some(object)) = (&output.gate, resolved.as_object_mut()) {
            let plugin = serde_json::json!({"file": GATE_PLUGIN_FILE, "source": gate_plugin(command)});
            object.insert(String::from("gatePlugin"), plugin);
        }
        Ok(resolved)
    }

    /// Each tool by its OpenCode name, or one MCP tool (`<server>_<tool>`), with whether the
    /// `build` agent of `opencode run` is offered it; with `agent`, one of the agents OpenCode
    /// limits (`explore`, `plan`, `general`), whether that agent is, within its own limits.
    fn explain(&self, tools: &[String], agent: Option<&str>, _: Options) -> Result<Explanation, Error> {
        // `build`, `opencode run`'s agent, is the session; an agent OpenCode limits keeps its
        // own limits too (SPEC §14).
        let limited = match agent {
            None | Some("build") => None,
            Some(name) => {
                Some(OpenCodeAgent::from_name(name).ok_or_else(|| Error::UnknownAgent { name: name.to_owned() })?)
            }
        };
        let keeps = |permission: &str| limited.is_none_or(|agent| agent.keeps(permission));
        let catalog: Vec<String> = OpenCodeTool::NAMES.iter().map(|name| (*name).to_owned()).collect();
        let mut explanation = Explanation::default();
        let mut permitted = Vec::new();
        for text in if tools.is_empty() { &catalog } else { tools } {
            let name: OpenCodeName = text.parse()?;
            if matches!(&name, OpenCodeName::Mcp(entry) if entry.prefix().is_some()) {
                return Err(Error::WrongType { expected: "one MCP tool (`<server>_<tool>`)", found: "a whole server" });
            }
            let shown = name.as_str();
            let decision = self.selection.as_ref().map(|selection| selection.decide(shown));
            let verdict = decision.map_or_else(|| NO_SELECTION.to_owned(), |decision| decision.to_string());
            let permission = match &name {
                OpenCodeName::Builtin(tool) => tool.permission(),
                OpenCodeName::Mcp(_) => shown,
            };
            let is_offered = offered(self.selection.as_ref(), &[shown]).iter().any(|n| n == shown) && keeps(permission);
            let is_permitted = decision.is_none_or(SelectionDecision::is_permitted);
            let how = match &name {
                OpenCodeName::Builtin(tool) => {
                    if is_permitted && keeps(permission) {
                        permitted.push((tool.name(), tool.capabilities()));
                    }
                    match tool.row().runtime.offered {
                        _ if is_permitted && !keeps(permission) => {
                            format!("not offered: the agent's own rules take `{permission}` away")
                        }
                        Offered::Gated(gate) if is_permitted => {
                            format!("offered only behind its gate ({gate})")
                        }
                        _ if is_offered => String::from("offered"),
                        _ => String::from("not offered"),
                    }
                }
                OpenCodeName::Mcp(_) if is_offered => String::from("offered when its server is configured"),
                OpenCodeName::Mcp(_) => String::from("not offered"),
            };
            explanation.decided(shown, is_permitted && keeps(permission), format!("{verdict}; {how}"));
        }
        if tools.is_empty() {
            explanation.grants(permitted);
        }
        Ok(explanation)
    }

    /// The payload the gate plugin sends for `tool.execute.before`: `tool_name` (the hook's
    /// `input.tool`, which names no agent); a host that knows the calling agent adds `agent`.
    fn hook_call(payload: &serde_json::Value) -> Result<HookCall, String> {
        let agent = optional_string_at(payload, "agent")?.map(str::to_owned);
        Ok(HookCall::by(string_at(payload, "tool_name")?, agent))
    }

    fn diff(&self, new: &OpenCodeDocument) -> PolicyDiff {
        let tool_capabilities = |name: &str| OpenCodeTool::from_canonical(name).map(OpenCodeTool::capabilities);
        diff_opencode_selections(self.selection.as_ref(), new.selection.as_ref()).with_capabilities(tool_capabilities)
    }

    fn rust_source(&self, private: &str) -> String {
        match &self.selection {
            Some(selection) => selection.rust_source(private),
            None => format!("{private}::OpenCodeSelection::DISABLE_ALL"),
        }
    }

    fn attest(&self, _: &str, _: &Host, _: bool) -> Result<Attestation, AttestError> {
        Err(AttestError::Refused(Error::NotAttestable {
            reason: format!(
                "an OpenCode session cannot be attested: `opencode run` {CLI_VERSION} reports no list of the tools it offers; check the model requests the host sees instead"
            )
            .into(),
        }))
    }
}

/// Where a project's plugin is loaded from: OpenCode loads every file of `.opencode/plugin/`.
const GATE_PLUGIN_FILE: &str = ".opencode/plugin/tool-policy-gate.js";

/// The plugin that asks `command` (the gate) before every call (`tool.execute.before`),
/// sending `{"tool_name"}` on its standard input; any exit but 0, or no exit at all, throws,
/// which refuses the call.
fn gate_plugin(command: &str) -> String {
    let command = serde_json::Value::from(command);
    format!(
        "// Written by `tool-policy resolve --gate`: every tool call asks the gate first.\n\
         import {{ spawnSync }} from \"node:child_process\";\n\
         const COMMAND = {command};\n\
         export const ToolPolicyGate = async () => ({{\n\
         \x20 \"tool.execute.before\": async (input) => {{\n\
         \x20   const payload = JSON.stringify({{ tool_name: input.tool }});\n\
         \x20   const run = spawnSync(\"/bin/sh\", [\"-c\", COMMAND], {{ input: payload, encoding: \"utf8\", timeout: 60000 }});\n\
         \x20   if (run.status !== 0) {{\n\
         \x20     throw new Error((run.stderr || \"\").trim() || `the tool-policy gate did not answer (${{run.error ?? run.status}})`);\n\
         \x20   }}\n\
         \x20 }},\n\
         }});\n"
    )
}
