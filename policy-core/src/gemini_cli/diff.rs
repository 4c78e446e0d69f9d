//! What changes between two Gemini CLI selections: each built-in of the pinned catalog, each MCP
//! entry either lists, built-ins a newer CLI adds and MCP tools neither names.

use crate::gemini_cli::catalog::{self as gemini_cli, GeminiTool};
use crate::gemini_cli::names::GeminiName;
use crate::gemini_cli::selection::GeminiSelection;
use crate::review::diff::PolicyDiff;
use crate::seen::first_of_each;
use crate::selection::{SelectionShape, open_to_new, selection_reason};

/// What changes from one Gemini CLI selection to another (`None`: no selection): each
/// built-in of the pinned catalog, each MCP entry either selection lists, then built-ins a
/// newer CLI adds and MCP tools neither selection names.
#[must_use]
pub fn diff_gemini_selections(old: Option<&GeminiSelection>, new: Option<&GeminiSelection>) -> PolicyDiff {
    let mut diff = PolicyDiff::default();
    let reason = |s: Option<&GeminiSelection>, name: &str| selection_reason(s.map(|s| s.decide(name)));
    for tool in GeminiTool::ALL {
        diff.push(tool.name().to_owned(), true, reason(old, tool.name()), reason(new, tool.name()));
    }
    let mut entries: Vec<&str> = Vec::new();
    for selection in [old, new].into_iter().flatten() {
        if let SelectionShape::Only(names) | SelectionShape::Disable(names) = selection.shape() {
            entries.extend(names.iter().filter(|n| matches!(n, GeminiName::Mcp(_))).map(GeminiName::as_str));
        }
    }
    let (was, now) = (old.map(GeminiSelection::decider), new.map(GeminiSelection::decider));
    for entry in first_of_each(entries, |entry| entry) {
        let was_decided = selection_reason(was.as_ref().map(|decide| decide(entry)));
        diff.push(entry.to_owned(), true, was_decided, selection_reason(now.as_ref().map(|decide| decide(entry))));
    }
    let subject = format!("built-ins the pinned catalog (Gemini CLI {}) does not know", gemini_cli::CLI_VERSION);
    diff.push(subject, false, open_to_new(old), open_to_new(new));
    let unnamed = |s: Option<&GeminiSelection>| selection_reason(s.map(|s| s.decide_by(|_| false)));
    diff.push(String::from("MCP tools neither selection names"), false, unnamed(old), unnamed(new));
    diff
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
