//! The Gemini CLI catalog (CLI 0.61.0): its data (`catalog_data.rs`, generated from
//! `policy-core/catalogs/gemini-cli.json`: one row per built-in with its legacy name, the
//! approval modes whose headless session offers it, whether `codebase_investigator` is
//! offered it, its capabilities), and the rules that read a tool's row.
//!
//! Read from the package itself (`bundle/docs/reference/tools.md`, and the bundle's
//! `ALL_BUILTIN_TOOL_NAMES`, `TOOL_LEGACY_ALIASES` and the two background-shell tools it
//! registers beside them) and from a live sweep of the CLI against a fake model
//! (`tests/live`).

use crate::capability::Capability as C;
use crate::capability::Row;

/// The runtime, as messages name it.
pub const RUNTIME: &str = "Gemini CLI";

/// The prefix of every MCP tool name (`mcp_<server>_<tool>`).
pub const MCP_PREFIX: &str = "mcp_";

include!("catalog_data.rs");

/// The Gemini CLI's own columns of a built-in's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gemini {
    /// The approval modes whose headless main session is offered it with no selection.
    pub modes: &'static [ApprovalMode],
    /// Whether the CLI's own sub-agent `codebase_investigator` is offered it.
    pub investigator: bool,
    /// The name the CLI registers it under, where that is not its own (a tool class without
    /// a static name): `tools.core` must name it too.
    pub registered_as: Option<&'static str>,
}

impl GeminiTool {
    /// This built-in's row of the catalog.
    pub const fn row(self) -> &'static Row<GeminiTool, Gemini> {
        &ROWS[self as usize]
    }
}

/// The Gemini CLI's approval mode (`--approval-mode`): what a headless session offers
/// depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ApprovalMode {
    /// `default`: tools that would ask for confirmation are not offered.
    #[default]
    Default,
    /// `auto_edit`: edit tools run without asking.
    AutoEdit,
    /// `yolo`: every tool runs without asking.
    Yolo,
    /// `plan`: read-only research, then a plan.
    Plan,
}

impl ApprovalMode {
    /// Every mode.
    pub const ALL: [ApprovalMode; 4] =
        [ApprovalMode::Default, ApprovalMode::AutoEdit, ApprovalMode::Yolo, ApprovalMode::Plan];

    /// The spelling `--approval-mode` takes.
    pub const fn as_str(self) -> &'static str {
        match self {
            ApprovalMode::Default => "default",
            ApprovalMode::AutoEdit => "auto_edit",
            ApprovalMode::Yolo => "yolo",
            ApprovalMode::Plan => "plan",
        }
    }

    /// The mode spelled `name`, if there is one.
    pub fn parse(name: &str) -> Option<ApprovalMode> {
        ApprovalMode::ALL.into_iter().find(|mode| mode.as_str() == name)
    }

    /// The built-ins offered with no selection (live baseline).
    pub const fn defaults(self) -> &'static [GeminiTool] {
        match self {
            ApprovalMode::Default => offered::DEFAULT,
            ApprovalMode::AutoEdit => offered::AUTO_EDIT,
            ApprovalMode::Yolo => offered::YOLO,
            ApprovalMode::Plan => offered::PLAN,
        }
    }

    /// Whether MCP tools are offered with no selection: only where they run without asking.
    pub const fn offers_mcp(self) -> bool {
        matches!(self, ApprovalMode::Yolo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_has_29_names() {
        crate::capability::assert_covers(ROWS, GeminiTool::ALL);
        assert_eq!(GeminiTool::ALL.len(), 29);
        for (tool, name) in GeminiTool::ALL.iter().zip(GeminiTool::NAMES) {
            assert_eq!(tool.name(), *name);
            assert_eq!(GeminiTool::from_canonical(name), Some(*tool));
        }
        let mut sorted = GeminiTool::NAMES.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, GeminiTool::NAMES, "catalog order is name order");
        for (alias, _) in ALIASES {
            assert!(GeminiTool::from_canonical(alias).is_none());
        }
        assert_eq!(offered::DEFAULT.len(), 8);
        assert_eq!(offered::AUTO_EDIT.len(), 11);
        assert_eq!(offered::YOLO.len(), 16);
        assert_eq!(offered::PLAN.len(), 10);
        for tool in offered::NEVER_HEADLESS {
            assert!(!offered::YOLO.contains(tool) && !offered::PLAN.contains(tool));
        }
    }
}
