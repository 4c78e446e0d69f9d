//! What the Codex CLI receives (SPEC §11): arguments. Each switch the selection takes whole
//! (`--disable FEATURE`, `-c web_search="disabled"`), each MCP server taken whole
//! (`-c mcp_servers.<server>.enabled=false`) or by tool (`disabled_tools`), and
//! `--strict-config`, so a key the CLI does not know fails the run instead of doing nothing.

use serde::ser::SerializeStruct;

use super::names::{CodexMcpName, CodexName};
use super::selection::CodexSelection;
use crate::codex::catalog::{CLI_VERSION, CODE_MODE_MODELS, MODEL, RUNTIME, disable_all_refused, only_refused};
use crate::error::Error;
use crate::seen::{Seen, first_of_each};
use crate::selection::{CatalogName, SelectionShape, part_of_groups};
use crate::text::Shown;

/// The Codex CLI's arguments for a selection; `None`: no selection, no arguments. What
/// `tool-policy resolve --runtime codex` prints: `{"args": [...], "model": "gpt-5.5",
/// "cliVersion": "0.171.0"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodexArgs {
    selection: Option<CodexSelection>,
}

impl CodexArgs {
    /// The arguments of `selection`, or why the CLI cannot say it: no allow-list of built-ins
    /// exists, so `only` and `disable: "*"` are refused, and so is a built-in no switch takes
    /// away or one its switch takes with others the list leaves out.
    pub fn new(selection: Option<CodexSelection>) -> Result<CodexArgs, Error> {
        if let Some(selection) = &selection {
            let names = match selection.shape() {
                SelectionShape::Only(_) => return Err(only_refused()),
                SelectionShape::DisableAll => return Err(disable_all_refused()),
                SelectionShape::Disable(names) => names,
            };
            if let Some(error) = names.iter().find_map(CatalogName::cannot_list) {
                return Err(error);
            }
            if let Some((_, error)) = part_of_groups(names).into_iter().next() {
                return Err(error);
            }
        }
        Ok(CodexArgs { selection })
    }

    /// The selection.
    pub fn selection(&self) -> Option<&CodexSelection> {
        self.selection.as_ref()
    }

    /// The arguments, to pass after `codex exec`: empty with no selection.
    pub fn args(&self) -> Vec<String> {
        let Some(SelectionShape::Disable(names)) = self.selection.as_ref().map(CodexSelection::shape) else {
            return Vec::new();
        };
        let mut args = vec![String::from("--strict-config")];
        let switches = names.iter().filter_map(|name| match name {
            CodexName::Builtin(tool) => tool.switch(),
            CodexName::Mcp(_) => None,
        });
        // A switch is an argument and its value; its value names it.
        let switches = first_of_each(switches.collect(), |switch| switch[switch.len() - 1]);
        args.extend(switches.into_iter().flatten().map(|arg| (*arg).to_owned()));
        // Each server once, in the order first named: taken whole (`enabled = false`), or its
        // tools taken by name (`disabled_tools`), grouped through one index.
        let mcp = names.iter().filter_map(|name| if let CodexName::Mcp(entry) = name { Some(entry) } else { None });
        let whole: Vec<&str> = mcp.clone().filter(|entry| entry.tool().is_none()).map(CodexMcpName::server).collect();
        let whole = first_of_each(whole, |server| server);
        for server in &whole {
            args.extend([String::from("-c"), format!("mcp_servers.{server}.enabled=false")]);
        }
        let whole = Seen::of(whole);
        let (mut by_server, mut at): (Vec<(&str, Vec<String>)>, Seen<'_>) = (Vec::new(), Seen::with_capacity(0));
        for entry in mcp.filter(|entry| !whole.contains(entry.server())) {
            let Some(tool) = entry.tool() else { continue };
            match at.repeat(entry.server(), by_server.len()) {
                Some(first) => by_server[first].1.push(format!("{tool:?}")),
                None => by_server.push((entry.server(), vec![format!("{tool:?}")])),
            }
        }
        for (server, tools) in by_server {
            args.extend([String::from("-c"), format!("mcp_servers.{server}.disabled_tools=[{}]", tools.join(","))]);
        }
        args
    }

    /// Whether the library can predict what `model` offers: a code-mode model nests every tool
    /// behind one, which no switch is shown to reach, and is refused.
    pub fn check_model(model: &str) -> Result<(), Error> {
        if CODE_MODE_MODELS.contains(&model) {
            return Err(Error::CannotSay {
                runtime: RUNTIME,
                what: format!("what model `{}` is offered", Shown(model)),
                why: "a code-mode model calls every tool through one `exec`, which no switch is shown to reach; pass another model".into(),
            });
        }
        Ok(())
    }
}

impl serde::Serialize for CodexArgs {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("CodexArgs", 3)?;
        out.serialize_field("args", &self.args())?;
        out.serialize_field("model", MODEL)?;
        out.serialize_field("cliVersion", CLI_VERSION)?;
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codex::catalog::CodexTool;
    use crate::selection::NameLookup;

    fn disable(written: &[&str]) -> CodexSelection {
        CodexSelection::disable(written.iter().map(|w| CodexName::lookup(w).map(NameLookup::tool).unwrap()))
    }

    #[test]
    fn arguments() {
        let args = CodexArgs::new(Some(disable(&[
            "exec_command",
            "write_stdin",
            "web_search",
            "mcp__probe__*",
            "mcp__docs__search",
            "mcp__docs__fetch",
            "mcp__probe__echo",
        ])))
        .unwrap();
        assert_eq!(
            args.args(),
            [
                "--strict-config",
                "--disable",
                "shell_tool",
                "-c",
                "web_search=\"disabled\"",
                "-c",
                "mcp_servers.probe.enabled=false",
                "-c",
                "mcp_servers.docs.disabled_tools=[\"search\",\"fetch\"]"
            ]
        );
        assert!(CodexArgs::new(None).unwrap().args().is_empty());
        assert!(CodexArgs::new(Some(disable(&[]))).unwrap().args() == ["--strict-config"]);
        assert_eq!(
            serde_json::to_string(&CodexArgs::new(Some(disable(&["view_image"]))).unwrap()).unwrap(),
            r#"{"args":["--strict-config","--disable","view_image"],"model":"gpt-5.5","cliVersion":"0.171.0"}"#
        );
    }

    #[test]
    fn what_the_cli_cannot_say_is_refused() {
        let message = |selection: CodexSelection| CodexArgs::new(Some(selection)).unwrap_err().to_string();
        assert!(
            message(CodexSelection::only([CodexTool::ViewImage.into()]))
                .starts_with("the Codex CLI cannot say `only`: it has no allow-list")
        );
        assert!(
            message(CodexSelection::disable_all())
                .contains("no switch takes away `apply_patch`, `list_mcp_resource_templates`")
        );
        assert_eq!(
            message(disable(&["apply_patch"])),
            "the Codex CLI cannot say `disable` of `apply_patch`: no switch of CLI 0.171.0 takes it away; leave it out"
        );
        assert!(message(disable(&["write_stdin"])).starts_with("`write_stdin` cannot be listed alone: Codex CLI's `shell_tool` feature governs `exec_command`, `write_stdin` together"));
        assert!(CodexArgs::check_model("gpt-6.2-sol").is_err() && CodexArgs::check_model("gpt-5.5").is_ok());
    }
}
