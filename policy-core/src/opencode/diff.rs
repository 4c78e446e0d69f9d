//! What changes between two OpenCode selections: each built-in of the pinned catalog, each
//! MCP tool either lists, built-ins a newer OpenCode adds and MCP tools neither names.

use crate::opencode::catalog::OpenCodeTool;
use crate::opencode::names::OpenCodeName;
use crate::opencode::selection::OpenCodeSelection;
use crate::review::diff::PolicyDiff;
use crate::selection::diff_listed;

/// What changes from one OpenCode selection to another (`None`: no selection).
#[must_use]
pub fn diff_opencode_selections(old: Option<&OpenCodeSelection>, new: Option<&OpenCodeSelection>) -> PolicyDiff {
    diff_listed(old, new, OpenCodeTool::NAMES, |name| matches!(name, OpenCodeName::Mcp(_)), OpenCodeSelection::decider)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::NameLookup;

    #[test]
    fn opencode_selections() {
        let names = |written: &[&str]| -> Vec<OpenCodeName> {
            written.iter().map(|w| OpenCodeName::lookup(w).map(NameLookup::tool).unwrap()).collect()
        };
        let old = OpenCodeSelection::only(names(&["glob", "probe_*"]));
        let new = OpenCodeSelection::disable(names(&["bash"]));
        let lines = diff_opencode_selections(Some(&old), Some(&new)).to_string();
        assert!(lines.contains("+ grep (was not listed in only, now not disabled)\n"), "{lines}");
        assert!(lines.contains("+ built-ins the pinned catalog (OpenCode 1.18.33) does not know"), "{lines}");
        assert!(!lines.contains("probe_*"), "offered on both sides: {lines}");
        assert!(!lines.contains("bash"), "offered on neither side: {lines}");
        assert!(diff_opencode_selections(Some(&old), Some(&old)).is_empty());
    }
}
