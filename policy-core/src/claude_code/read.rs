//! A Claude Code selection document (SPEC §2): the selection, or an object holding it under
//! `builtin_tools` with custom agents beside it (`agents`, `agent_only`).

use super::agents::ClaudeAgents;
use super::catalog::ClaudeTool;
use super::places::{HOLDER, PASSED};
use super::selection::ClaudeCodeSelection;
use crate::error::{Located, Warning};
use crate::portable::{McpTools, Portable};
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{Node, Sink};
use crate::selection::read::{Held, read_with};

/// A read Claude Code selection.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClaudeCodeDocument {
    /// The selection; `None` only when the document says `"builtin_tools": null`.
    pub selection: Option<ClaudeCodeSelection>,
    /// The portable policy the selection was resolved from (SPEC §7), when the document gave
    /// one under `capabilities`.
    pub portable: Option<Portable>,
    /// What becomes of MCP tools: the portable policy's `mcp_tools`, or the MCP rules of the
    /// selection's `disable` (`mcp__<server>`, `mcp__<server>__<tool>`, `mcp__*`), which
    /// become deny rules beside the built-ins'.
    pub mcp: McpTools,
    /// The custom agents beside `builtin_tools` (`agents`, `agent_only`).
    pub agents: ClaudeAgents,
    /// Legacy names rewritten (at most [`Report::MAX_WARNINGS`](crate::Report::MAX_WARNINGS)).
    pub warnings: Vec<Located<Warning>>,
    /// How many warnings there were beyond `warnings`.
    pub omitted_warnings: usize,
}

/// Reads a Claude Code selection, or an object holding one under `builtin_tools`.
pub fn load_claude_code(text: &str) -> Result<ClaudeCodeDocument, LoadError> {
    load_claude_code_with(text, Options::default())
}

/// [`load_claude_code`] with options (strict mode refuses legacy aliases). Beside
/// `builtin_tools`, `agents` holds custom agents and `agent_only` the built-ins left to them.
pub fn load_claude_code_with(text: &str, options: Options) -> Result<ClaudeCodeDocument, LoadError> {
    fn agents(root: Node<'_>, held: Held<ClaudeTool>, sink: &mut Sink) -> (Held<ClaudeTool>, ClaudeAgents) {
        let agents = super::read_agents::agents(root, held.selection.as_ref(), &held.mcp, sink);
        (held, agents)
    }
    let ((Held { selection, portable, mcp }, agents), report) = read_with(text, options, &HOLDER, &PASSED, agents)?;
    let (warnings, omitted_warnings) = (report.warnings, report.omitted_warnings);
    Ok(ClaudeCodeDocument { selection, portable, mcp, agents, warnings, omitted_warnings })
}

impl ClaudeCodeSelection {
    /// Reads a selection, or an object holding one under `builtin_tools`: see
    /// [`load_claude_code`].
    pub fn from_json(text: &str) -> Result<ClaudeCodeDocument, LoadError> {
        load_claude_code(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ClaudeCodeSelection;
    use crate::claude_code::catalog::ClaudeTool;
    use crate::reader::options::LoadError;

    fn load(text: &str) -> Result<ClaudeCodeDocument, Vec<(String, String)>> {
        load_claude_code(text).map_err(|e| match e {
            LoadError::Invalid(report) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
            LoadError::NotJson(m) => vec![(String::from("<not json>"), m.to_string())],
        })
    }

    fn ptrs(text: &str) -> Vec<String> {
        load(text).unwrap_err().into_iter().map(|(p, _)| p).collect()
    }

    #[test]
    fn unknown_names_are_refused_with_a_suggestion() {
        let errors = load(r#"{"builtin_tools": {"only": ["Read", "Glob2", "read"]}}"#).unwrap_err();
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].0, "/builtin_tools/only/1");
        assert!(errors[0].1.starts_with("'Glob2' is not one of ['Agent', 'Artifact', "));
        assert!(errors[0].1.ends_with("did you mean `Glob`?"));
        assert_eq!(errors[1].0, "/builtin_tools/only/2");
        assert!(errors[1].1.ends_with("did you mean `Read`?"));
        let errors = load(r#"{"disable": ["MultiEdit"]}"#).unwrap_err();
        assert_eq!(errors[0].0, "/disable/0");
        assert!(errors[0].1.contains("removed"));
    }

    #[test]
    fn aliases_are_rewritten_with_a_warning() {
        // `Bash` beside `TaskStop`, which stops what a shell started (else `hidden-capability`).
        let loaded = load(r#"{"only": ["Task", "KillShell", "Bash"]}"#).unwrap();
        let canonical = [ClaudeTool::Agent, ClaudeTool::TaskStop, ClaudeTool::Bash];
        assert_eq!(loaded.selection, Some(ClaudeCodeSelection::only(canonical)));
        assert_eq!(loaded.warnings.len(), 2);
        assert_eq!(loaded.warnings[0].pointer, "/only/0");
        assert!(loaded.warnings[0].item.to_string().contains("`Task` is a legacy name of `Agent`"));
        let strict = load_claude_code_with(r#"{"only": ["Task"]}"#, Options::STRICT);
        let Err(LoadError::Invalid(report)) = strict else { panic!("strict refuses aliases") };
        assert_eq!(report.errors[0].pointer, "/only/0");
    }

    #[test]
    fn duplicates_after_aliases() {
        let errors = load(r#"{"only": ["Agent", "Task"]}"#).unwrap_err();
        assert_eq!(errors[0].0, "/only/1");
        assert!(errors[0].1.contains("`Agent` is listed twice (first at item 0"));
    }

    #[test]
    fn shapes() {
        assert_eq!(ptrs(r#"{"disable": "*", "only": []}"#), [""]);
        assert_eq!(ptrs(r#"{"builtin_tools": {}}"#), ["/builtin_tools"]);
        assert_eq!(ptrs(r#"{"disable": "all"}"#), ["/disable"]);
        assert_eq!(ptrs(r#"{"only": "*"}"#), ["/only"]);
        assert_eq!(ptrs(r#"{"only": [1]}"#), ["/only/0"]);
        assert_eq!(ptrs(r#"{"only": [], "extra": 1}"#), ["/extra"]);
        assert_eq!(ptrs(r#"{"builtin_tools": "*"}"#), ["/builtin_tools"]);
        assert_eq!(ptrs(r#"{"disabel": "*"}"#), ["/disabel"]);
        assert_eq!(ptrs(r#"{"builtin_tool": {"disable": "*"}}"#), ["/builtin_tool"]);
        assert_eq!(ptrs("[]"), [""]);
    }

    #[test]
    fn a_key_given_twice_is_refused_at_the_second() {
        assert_eq!(ptrs(r#"{"only":["Read"],"only":["Bash","Write"]}"#), ["/only"]);
        assert_eq!(ptrs(r#"{"builtin_tools":{"disable":"*"},"builtin_tools":null}"#), ["/builtin_tools"]);
        assert_eq!(ptrs(r#"{"builtin_tools":{"only":["Read"],"only":[]}}"#), ["/builtin_tools/only"]);
        let message = &load(r#"{"only":["Read"],"only":[]}"#).unwrap_err()[0].1;
        assert_eq!(message, "`only` is given twice; give each key once");
    }

    #[test]
    fn no_selection_is_an_error_unless_said_with_null() {
        for text in [r#"{"tools":["Read"]}"#, "{}", r#"{"id": "agent", "type": "deploy_agent"}"#] {
            let errors = load(text).unwrap_err();
            assert_eq!(errors.len(), 1, "{text}");
            assert_eq!(errors[0].0, "");
            assert!(errors[0].1.starts_with("no Claude Code selection: expected `disable`, `only` or `builtin_tools`"));
        }
        assert_eq!(load(r#"{"builtin_tools": null}"#).unwrap().selection, None);
        assert_eq!(ptrs(r#"{"builtin_tools": null, "disable": "*"}"#), ["/disable"]);
        assert_eq!(ptrs(r#"{"builtin_tools": {"only": []}, "only": ["Bash"]}"#), ["/only"]);
    }
}
