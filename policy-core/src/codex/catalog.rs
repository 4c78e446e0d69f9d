//! The Codex CLI catalog (`@openai/codex` 0.171.0, model `gpt-5.5`): its data
//! (`catalog_data.rs`, generated from `policy-core/catalogs/codex.json`: one row per built-in
//! with how it is offered, the switch that takes it away, its capabilities), and the rules
//! that read a tool's row.
//!
//! Read from the CLI itself: the tools of the first model request of `codex exec` against a
//! fake Responses API (`tests/live`), for the pinned model and an unknown slug, each switch
//! turned off in turn. The CLI has no allow-list of built-ins: a tool leaves the request only
//! through a feature switch (`--disable FEATURE`, which takes every tool of its feature) or a
//! setting (`-c web_search="disabled"`); `apply_patch`, `request_user_input` and the
//! MCP-resource tools have none.

use crate::capability::Capability as C;
use crate::capability::{Capabilities, Row};
use crate::error::Error;
use crate::text::join;

/// The runtime, as messages name it.
pub const RUNTIME: &str = "Codex CLI";

include!("catalog_data.rs");

/// The Codex CLI's own columns of a built-in's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Codex {
    /// Whether `codex exec` with [`MODEL`] is offered it.
    pub offered: Offered,
    /// The arguments that take it away (`["--disable", "shell_tool"]`); empty: none does.
    pub switch: &'static [&'static str],
}

/// How a built-in is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// With no configuration.
    Default,
    /// Only behind what opens its gate (another model, an MCP server).
    Gated(&'static str),
}

impl CodexTool {
    /// This built-in's row of the catalog.
    pub const fn row(self) -> &'static Row<CodexTool, Codex> {
        &ROWS[self as usize]
    }

    /// What this built-in lets the model do.
    pub const fn capabilities(self) -> Capabilities {
        self.row().capabilities()
    }

    /// The arguments that take it away; `None` when nothing does.
    pub const fn switch(self) -> Option<&'static [&'static str]> {
        let switch = self.row().runtime.switch;
        if switch.is_empty() { None } else { Some(switch) }
    }

    /// Every built-in its switch takes away, this one among them, in catalog order (itself
    /// alone when no switch takes it).
    pub fn governed_with(self) -> impl Iterator<Item = CodexTool> {
        let switch = self.row().runtime.switch;
        CodexTool::ALL
            .iter()
            .copied()
            .filter(move |tool| *tool == self || !switch.is_empty() && tool.row().runtime.switch == switch)
    }

    /// Its switch in a sentence's words: `` `shell_tool` feature ``, `` `web_search` setting ``.
    pub fn switch_words(self) -> String {
        match self.row().runtime.switch {
            ["--disable", feature] => format!("`{feature}` feature"),
            [_, setting] => format!("`{}` setting", setting.split('=').next().unwrap_or(setting)),
            _ => String::from("no switch"),
        }
    }
}

// What the CLI cannot say, in the words every front door gives.

/// `only` asked of the Codex CLI.
pub(crate) fn only_refused() -> Error {
    Error::CannotSay {
        runtime: RUNTIME,
        what: String::from("`only`"),
        why: format!("it has no allow-list of built-ins, and every built-in a CLI newer than {CLI_VERSION}, or another model, adds would be offered; write `disable` with the names to take away").into(),
    }
}

/// `disable: "*"` asked of the Codex CLI.
pub(crate) fn disable_all_refused() -> Error {
    let kept: Vec<&str> =
        CodexTool::ALL.iter().filter(|tool| tool.switch().is_none()).map(|tool| tool.name()).collect();
    Error::CannotSay {
        runtime: RUNTIME,
        what: String::from("`disable: \"*\"`"),
        why: format!(
            "no switch takes away {}; write `disable` with the names to take away",
            join(&mut kept.iter().copied(), "`", ", ")
        )
        .into(),
    }
}

/// A portable `only` asked of the Codex CLI.
pub(crate) fn portable_only_refused() -> Error {
    Error::CannotSay {
        runtime: RUNTIME,
        what: String::from("a portable `only`"),
        why: format!("it has no allow-list of built-ins, and every built-in a CLI newer than {CLI_VERSION}, or another model, adds would be offered; write `disable` with the capabilities to take away").into(),
    }
}

/// A portable `disable` that takes `tool`, which no switch takes away, through `listed`
/// (the capabilities of the policy it has).
pub(crate) fn portable_switchless(tool: CodexTool, listed: Capabilities) -> Error {
    let words: Vec<&str> = listed.iter().map(C::word).collect();
    Error::CannotSay {
        runtime: RUNTIME,
        what: format!("a portable `disable` of {}", join(&mut words.iter().copied(), "`", ", ")),
        why: format!(
            "it takes `{}`, which no switch of CLI {CLI_VERSION} takes away; leave {} out",
            tool.name(),
            join(&mut words.iter().copied(), "`", " and ")
        )
        .into(),
    }
}

/// A built-in no switch takes away.
pub(crate) fn switchless(tool: CodexTool) -> Option<Error> {
    tool.switch().is_none().then(|| Error::CannotSay {
        runtime: RUNTIME,
        what: format!("`disable` of `{}`", tool.name()),
        why: format!("no switch of CLI {CLI_VERSION} takes it away; leave it out").into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_has_18_names() {
        crate::capability::assert_covers(ROWS, CodexTool::ALL);
        assert_eq!(CodexTool::ALL.len(), 18);
        let mut sorted = CodexTool::NAMES.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, CodexTool::NAMES, "catalog order is name order");
        assert_eq!(DEFAULT_OFFERED.len(), 10);
        let shell: Vec<&str> = CodexTool::WriteStdin.governed_with().map(CodexTool::name).collect();
        assert_eq!(shell, ["exec_command", "write_stdin"]);
        assert_eq!(CodexTool::SpawnAgent.governed_with().count(), 5, "the multi_agent feature");
        assert_eq!(CodexTool::ToolSearch.switch(), None, "an MCP server's deferred tools keep it");
        assert_eq!(CodexTool::ApplyPatch.switch(), None);
        assert_eq!(CodexTool::ExecCommand.switch_words(), "`shell_tool` feature");
        assert_eq!(CodexTool::WebSearch.switch_words(), "`web_search` setting");
    }
}
