//! The OpenCode catalog (`opencode-ai` 1.18.33): its data (`catalog_data.rs`, generated from
//! `policy-core/catalogs/opencode.json`: one row per built-in with how it is offered, the
//! permission that governs it, its capabilities), and the rules that read a tool's row.
//!
//! Read from the CLI itself: the tools of the first model request of `opencode run` against
//! a fake model (`tests/live`), each gate opened in turn, and the permission each tool asks
//! for in the bundled source (`edit` for `edit`, `write` and `apply_patch`; `read` for `read`
//! and the three MCP-resource tools; its own name for every other tool).

use crate::capability::Capability as C;
use crate::capability::{Capabilities, Row};

/// The runtime, as messages name it.
pub const RUNTIME: &str = "OpenCode";

include!("catalog_data.rs");

/// OpenCode's own columns of a built-in's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenCode {
    /// Whether the `build` agent of `opencode run` is offered it with a provider of the
    /// host's own.
    pub offered: Offered,
    /// The key of the `permission` map that governs it.
    pub permission: &'static str,
}

/// How a built-in is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// With no configuration.
    Default,
    /// Only behind what opens its gate (a model, a provider, a flag): the library predicts
    /// the pinned setting, where it is closed.
    Gated(&'static str),
}

impl OpenCodeTool {
    /// This built-in's row of the catalog.
    pub const fn row(self) -> &'static Row<OpenCodeTool, OpenCode> {
        &ROWS[self as usize]
    }

    /// What this built-in lets the model do.
    pub const fn capabilities(self) -> Capabilities {
        self.row().capabilities()
    }

    /// The key of the `permission` map that governs it.
    pub const fn permission(self) -> &'static str {
        self.row().runtime.permission
    }

    /// Every built-in the same permission governs, this one among them, in catalog order.
    pub fn governed_with(self) -> impl Iterator<Item = OpenCodeTool> {
        let permission = self.permission();
        OpenCodeTool::ALL.iter().copied().filter(move |tool| tool.permission() == permission)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_has_18_names() {
        crate::capability::assert_covers(ROWS, OpenCodeTool::ALL);
        assert_eq!(OpenCodeTool::ALL.len(), 18);
        let mut sorted = OpenCodeTool::NAMES.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, OpenCodeTool::NAMES, "catalog order is name order");
        assert_eq!(DEFAULT_OFFERED.len(), 10);
        let edit: Vec<&str> = OpenCodeTool::Write.governed_with().map(OpenCodeTool::name).collect();
        assert_eq!(edit, ["apply_patch", "edit", "write"]);
        let read: Vec<&str> = OpenCodeTool::Read.governed_with().map(OpenCodeTool::name).collect();
        assert_eq!(read, ["list_mcp_resource_templates", "list_mcp_resources", "read", "read_mcp_resource"]);
        assert_eq!(OpenCodeTool::Bash.governed_with().count(), 1);
    }
}
