//! What a Codex CLI document answers ([`RuntimeDocument`]): the arguments the CLI receives,
//! what `codex exec` is offered and why, and what changes between two selections. A session
//! cannot be attested: the CLI reports no list of the tools it offers.

use super::catalog::{CLI_VERSION, CodexTool, MODEL, Offered, RUNTIME};
use super::config::CodexArgs;
use super::diff::diff_codex_selections;
use super::names::CodexName;
use super::places::{MACRO, PLACES};
use super::read::{CodexDocument, load_codex_with};
use super::selection::{deferred, offered};
use crate::error::{Error, Located, Warning};
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::review::attest::{Attestation, Host};
use crate::review::diff::PolicyDiff;
use crate::review::hook::{HookCall, failing_closed, string_at};
use crate::review::document::{AttestError, Explanation, Help, HostOptions, Output, RuntimeDocument};
use crate::selection::{NO_SELECTION, SelectionDecision};

impl RuntimeDocument for CodexDocument {
    const HELP: Help = Help {
        resolve: "FILE is a selection, or an object holding one under `builtin_tools`: a `disable` of\n\
            whole switches of the Codex CLI's catalog or MCP tools (`mcp__<server>__<tool>`,\n\
            `mcp__<server>__*`): the CLI has no allow-list, so `only` and `disable \"*\"` are refused,\n\
            and a portable `disable` is the switches of the built-ins it takes, each whole; prints\n\
            {\"args\": [..], \"model\", \"cliVersion\"}: pass `args` after `codex exec`.",
        explain: "TOOL is a Codex CLI tool name (`exec_command`) or an MCP tool (`mcp__server__tool`).",
        attest: "refused: `codex exec` reports no list of tools.",
        gate: "the payload of a `PreToolUse` hook: `tool_name` (`Bash` is the CLI's\n\
            `exec_command`); every call is judged by the selection.",
    };

    const HOST_OPTIONS: HostOptions = HostOptions { gate: true, ..HostOptions::NONE };

    const RUNTIME: &'static str = RUNTIME;
    const PLACES: &'static [&'static Place] = PLACES;
    const MACRO: &'static Place = &MACRO;

    fn read(text: &str, options: Options) -> Result<CodexDocument, LoadError> {
        load_codex_with(text, options)
    }

    fn warnings(&self) -> (&[Located<Warning>], usize) {
        (&self.warnings, self.omitted_warnings)
    }

    /// `{"args", "model", "cliVersion"}`; with a gate, `args` ends with `-c` and its
    /// `PreToolUse` hook (`hooks.PreToolUse=[..]`, TOML), then `--dangerously-bypass-hook-trust`.
    fn resolved(&self, output: &Output) -> Result<serde_json::Value, Error> {
        // The reader refused what the CLI cannot say: what is left has its arguments.
        let mut resolved = serde_json::to_value(CodexArgs::new(self.selection.clone())?).unwrap_or_default();
        if let (Some(command), Some(args)) = (&output.gate, resolved["args"].as_array_mut()) {
            // A JSON string is a TOML basic string: the same escapes, none TOML lacks.
            let command = serde_json::Value::from(failing_closed(command));
            let hook = format!("hooks.PreToolUse=[{{matcher=\"*\",hooks=[{{type=\"command\",command={command}}}]}}]");
            // `codex exec` runs a hook of the command line only once trusted, or with this
            // flag, which runs every enabled hook of the invocation unreviewed.
            args.extend([serde_json::Value::from("-c"), hook.into(), BYPASS_HOOK_TRUST.into()]);
        }
        Ok(resolved)
    }

    /// Each tool by its Codex CLI name, or one MCP tool (`mcp__<server>__<tool>`), with
    /// whether `codex exec` with the catalog's model is offered it.
    fn explain(&self, tools: &[String], agent: Option<&str>, _: Options) -> Result<Explanation, Error> {
        if let Some(name) = agent {
            return Err(Error::UnknownAgent { name: name.to_owned() });
        }
        let catalog: Vec<String> = CodexTool::NAMES.iter().map(|name| (*name).to_owned()).collect();
        let mut explanation = Explanation::default();
        let mut permitted = Vec::new();
        for text in if tools.is_empty() { &catalog } else { tools } {
            let name: CodexName = text.parse()?;
            if matches!(&name, CodexName::Mcp(entry) if entry.tool().is_none()) {
                return Err(Error::WrongType {
                    expected: "one MCP tool (`mcp__<server>__<tool>`)",
                    found: "a whole server",
                });
            }
            let shown = name.as_str();
            let decision = self.selection.as_ref().map(|selection| selection.decide(shown));
            let verdict = decision.map_or_else(|| NO_SELECTION.to_owned(), |decision| decision.to_string());
            let is_permitted = decision.is_none_or(SelectionDecision::is_permitted);
            let is_offered = offered(self.selection.as_ref(), &[shown]).iter().any(|n| n == shown);
            let how = match &name {
                CodexName::Builtin(tool) => {
                    if is_permitted {
                        permitted.push((tool.name(), tool.capabilities()));
                    }
                    match tool.row().runtime.offered {
                        Offered::Gated(gate) if is_permitted => format!("offered only behind its gate ({gate})"),
                        _ if is_offered => format!("offered with model `{MODEL}`"),
                        _ => String::from("not offered"),
                    }
                }
                CodexName::Mcp(_) if !deferred(self.selection.as_ref(), &[shown]).is_empty() => {
                    String::from("deferred: `tool_search` reaches it when its server is configured")
                }
                CodexName::Mcp(_) => String::from("not offered"),
            };
            explanation.decided(shown, is_permitted, format!("{verdict}; {how}"));
        }
        if tools.is_empty() {
            explanation.grants(permitted);
        }
        Ok(explanation)
    }

    /// A `PreToolUse` payload: `tool_name`, in which the CLI names a call of its shell,
    /// `exec_command`, `Bash` (as Claude Code names its own); the payload does not say which
    /// agent calls.
    fn hook_call(payload: &serde_json::Value) -> Result<HookCall, String> {
        let tool = string_at(payload, "tool_name")?;
        Ok(HookCall::main(if tool == "Bash" { CodexTool::ExecCommand.name() } else { tool }))
    }

    fn diff(&self, new: &CodexDocument) -> PolicyDiff {
        let tool_capabilities = |name: &str| CodexTool::from_canonical(name).map(CodexTool::capabilities);
        diff_codex_selections(self.selection.as_ref(), new.selection.as_ref()).with_capabilities(tool_capabilities)
    }

    fn rust_source(&self, private: &str) -> String {
        match &self.selection {
            Some(selection) => selection.rust_source(private),
            None => format!("{private}::CodexSelection::__checked(false, &[])"),
        }
    }

    fn attest(&self, _: &str, _: &Host, _: bool) -> Result<Attestation, AttestError> {
        Err(AttestError::Refused(Error::NotAttestable {
            reason: format!(
                "a Codex CLI session cannot be attested: `codex exec` {CLI_VERSION} reports no list of the tools it offers; check the model requests the host sees instead"
            )
            .into(),
        }))
    }
}

/// The flag without which `codex exec` skips, without a word, a hook no one has trusted
/// through its `/hooks` review: the gate's hook is the library's, so `resolve --gate` passes
/// it (it also runs every other enabled hook of that invocation unreviewed).
const BYPASS_HOOK_TRUST: &str = "--dangerously-bypass-hook-trust";
