//! A runtime's pre-call hook, as the library meets it: the call one payload names
//! ([`HookCall`], read by each runtime's document), and the hook entry `resolve --gate` writes,
//! its command failing closed.

/// The call one hook payload names: the tool, as the runtime's `explain` names it, and the
/// agent that makes it, where the payload says (else the main agent).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct HookCall {
    /// The tool called.
    pub tool: String,
    /// The sub-agent that calls it, by the name the document or the runtime gives it.
    pub agent: Option<String>,
}

impl HookCall {
    /// A call of `tool` by the main agent.
    #[must_use]
    pub fn main(tool: impl Into<String>) -> HookCall {
        HookCall { tool: tool.into(), agent: None }
    }

    /// A call of `tool` by `agent`.
    #[must_use]
    pub fn by(tool: impl Into<String>, agent: Option<String>) -> HookCall {
        HookCall { tool: tool.into(), agent }
    }
}

/// A hook entry that runs `command` before every tool, as Claude Code's and the Gemini
/// CLI's settings write it under `hooks`: `{"<event>": [{"matcher": "*", "hooks": [{"type":
/// "command", "command": ...}]}]}`, the command [`failing_closed`].
pub(crate) fn command_hook(event: &str, command: &str) -> serde_json::Value {
    let command = failing_closed(command);
    let entry = serde_json::json!([{"matcher": "*", "hooks": [{"type": "command", "command": command}]}]);
    serde_json::json!({ event: entry })
}

/// `command` as a hook's shell runs it so that any failure blocks: `<command> || exit 2`.
/// Claude Code lets a call through when its hook exits with anything but 0 or 2 (a command
/// not found is 127, a crash 128 and more), the Gemini CLI when it exits 1: every exit but 0
/// becomes 2, the code each runtime reads as "block" (the shell's own message, such as `not
/// found`, is the reason on stderr).
pub fn failing_closed(command: &str) -> String {
    format!("{command} || exit 2")
}

/// The string at `key` of a hook payload, if any: absent or `null` is none, any other type an
/// error.
pub(crate) fn optional_string_at<'a>(payload: &'a serde_json::Value, key: &str) -> Result<Option<&'a str>, String> {
    match payload.get(key) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(_) => string_at(payload, key).map(Some),
    }
}

/// The string at `key` of a hook payload, for a runtime's
/// [`RuntimeDocument::hook_call`](super::document::RuntimeDocument::hook_call).
pub(crate) fn string_at<'a>(payload: &'a serde_json::Value, key: &str) -> Result<&'a str, String> {
    match payload.get(key) {
        Some(serde_json::Value::String(text)) => Ok(text),
        Some(_) => Err(format!("the hook payload's `{key}` is not a string")),
        None => Err(format!("the hook payload has no `{key}`")),
    }
}
