//! What changes between two Gemini CLI selections: each built-in of the pinned catalog, each MCP
//! entry either lists, built-ins a newer CLI adds and MCP tools neither names.

use crate::gemini_cli::catalog::GeminiTool;
use crate::gemini_cli::names::GeminiName;
use crate::gemini_cli::selection::GeminiSelection;
use crate::review::diff::PolicyDiff;
use crate::selection::diff_listed;

/// What changes from one Gemini CLI selection to another (`None`: no selection): each
/// built-in of the pinned catalog, each MCP entry either selection lists, then built-ins a
/// newer CLI adds and MCP tools neither selection names.
#[must_use]
pub fn diff_gemini_selections(old: Option<&GeminiSelection>, new: Option<&GeminiSelection>) -> PolicyDiff {
    diff_listed(old, new, GeminiTool::NAMES, |name| matches!(name, GeminiName::Mcp(_)), GeminiSelection::decider)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gemini_cli_selections() {
        use crate::gemini_cli::McpEntry;
        let server = GeminiName::Mcp(McpEntry::new("mcp_probe_*").unwrap());
        let old = GeminiSelection::only([GeminiTool::ReadFile.into(), server]);
        let new = GeminiSelection::disable([GeminiTool::RunShellCommand.into()]);
        let lines = diff_gemini_selections(Some(&old), Some(&new)).to_string();
        assert!(lines.contains("+ glob (was not listed in only, now not disabled)\n"), "{lines}");
        assert!(
            lines.contains("+ MCP tools neither selection names (was not listed in only, now not disabled)"),
            "{lines}"
        );
        assert!(!lines.contains("mcp_probe_*"), "offered on both sides: {lines}");
        assert!(!lines.contains("run_shell_command"), "offered on neither side: {lines}");
        assert!(lines.contains("+ built-ins the pinned catalog (Gemini CLI 0.61.0) does not know"), "{lines}");
        let back = diff_gemini_selections(Some(&new), Some(&GeminiSelection::disable_all())).to_string();
        assert!(back.contains("- MCP tools neither selection names (was not disabled, now disable: *)"), "{back}");
        assert!(back.contains("- read_file (was not disabled, now disable: *)"), "{back}");
        assert!(diff_gemini_selections(Some(&old), Some(&old)).is_empty());
    }
}
