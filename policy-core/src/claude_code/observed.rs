//! What a Claude Code session reports, read for attestation: the `init` messages of a
//! stream-json transcript (what it offers) and its assistant messages' `tool_use` blocks (what
//! its model called), through the same reader and closed-world table as every document.

use std::borrow::Cow;

use super::places::{ASSISTANT, CONTENT_BLOCK, INIT};
use crate::error::Error;
use crate::reader::misplaced::refuse_strays;
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{self as reader, Node, Ptr, Sink, tool_names};
use crate::seen::first_of_each;

/// A tool a Claude Code transcript shows the model calling (an assistant message's
/// `tool_use`), whether the CLI ran it or refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaudeCall {
    /// The name the model called.
    pub name: String,
    /// Whether a sub-agent called it (the message has a `parent_tool_use_id`).
    pub in_subagent: bool,
}

/// What a stream-json transcript says of a session: the tools its `init` messages offer, and
/// the tools its model called.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClaudeTranscript {
    /// Every `init` message's tools, each name once, in the order first offered.
    pub offered: Vec<String>,
    /// Every `tool_use` of every assistant message, in order.
    pub calls: Vec<ClaudeCall>,
}

/// The tools of every `{"type": "system", "subtype": "init"}` message of a Claude Code
/// stream-json transcript (one JSON message per line), or of that message alone, each name
/// once, in the order first offered: a restarted agent's init counts as much as the first.
/// Every line is read, and a key given twice anywhere is refused.
pub fn read_claude_init(text: &str) -> Result<Vec<String>, LoadError> {
    read_claude_transcript(text).map(|transcript| transcript.offered)
}

/// [`read_claude_init`], and the tools the model called: each assistant message's `tool_use`
/// blocks (`{"type": "assistant", "message": {"content": [{"type": "tool_use", "name": ..}]}}`).
pub fn read_claude_transcript(text: &str) -> Result<ClaudeTranscript, LoadError> {
    let mut transcript = ClaudeTranscript::default();
    let mut offered: Vec<String> = Vec::new();
    let mut inits = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let doc = reader::parse(line)?;
        let message = Node::root(&doc);
        let mut sink = Sink::reading(message, Options::default()).stop_on_errors()?;
        let Some(fields) = message.object() else { continue };
        refuse_strays(&fields, &INIT, Ptr::Root, &mut sink);
        let mut sink = sink.stop_on_errors()?;
        let field = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
        let text_of = |key: &str| field(key).and_then(Node::string);
        if text_of("type").as_deref() == Some("assistant") {
            let in_subagent = field("parent_tool_use_id").is_some_and(|parent| !parent.is_null());
            let names = calls(field("message"), Ptr::Root.key("message"), &mut sink);
            sink.finish()?;
            transcript.calls.extend(names.into_iter().map(|name| ClaudeCall { name, in_subagent }));
            continue;
        }
        if text_of("type").as_deref() != Some("system") || text_of("subtype").as_deref() != Some("init") {
            continue;
        }
        inits += 1;
        let tools = fields.iter().find(|(k, _)| k == "tools").map(|(_, v)| *v);
        let names = if let Some(items) = tools.and_then(Node::array) {
            tool_names(&items, Ptr::Root.key("tools"), &mut sink)
        } else {
            sink.error(
                Ptr::Root.key("tools"),
                Error::NotAttestable { reason: "the init message has no `tools` list".into() },
            );
            Vec::new()
        };
        sink.finish()?;
        offered.extend(names.into_iter().flatten().map(Cow::into_owned));
    }
    if inits == 0 {
        return Err(Error::NotAttestable {
            reason: "no `init` message: run the CLI with `--output-format stream-json --verbose` and pass its output"
                .into(),
        }
        .into());
    }
    transcript.offered = first_of_each(offered, String::as_str);
    Ok(transcript)
}

/// The names of an assistant message's `tool_use` blocks, read closed-world as every other
/// place: a key that only reads as `content`, `type` or `name` is refused, and so is a
/// `tool_use` without a tool name, which would hide what the model called. A message without
/// content calls nothing.
fn calls(message: Option<Node<'_>>, at: Ptr<'_>, sink: &mut Sink) -> Vec<String> {
    let Some(fields) = message.and_then(Node::object) else { return Vec::new() };
    refuse_strays(&fields, &ASSISTANT, at, sink);
    let content_at = at.key("content");
    let content = fields.iter().find(|(key, _)| key == "content").and_then(|(_, content)| content.array());
    let mut names = Vec::new();
    for (i, fields) in content.into_iter().flatten().enumerate().filter_map(|(i, block)| Some((i, block.object()?))) {
        let here = content_at.index(i);
        refuse_strays(&fields, &CONTENT_BLOCK, here, sink);
        let get = |key: &str| fields.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.string());
        if get("type").as_deref() == Some("tool_use") {
            if let Some(name) = get("name") {
                names.push(name.into_owned());
            } else {
                let reason = "a `tool_use` without a tool name hides what the model called".into();
                sink.error(here.key("name"), Error::NotAttestable { reason });
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claude_init_line() {
        let transcript = concat!(
            r#"{"type":"system","subtype":"hook","x":1}"#,
            "\n",
            r#"{"type":"system","subtype":"init","tools":["Task","Read","mcp__host__echo"],"model":"m"}"#,
            "\n",
            r#"{"type":"assistant"}"#
        );
        assert_eq!(read_claude_init(transcript).unwrap(), ["Task", "Read", "mcp__host__echo"]);
        assert!(read_claude_init(r#"{"type":"assistant"}"#).is_err());
    }

    #[test]
    fn a_call_that_cannot_be_read_is_refused() {
        let init = r#"{"type":"system","subtype":"init","tools":["Read"]}"#;
        let with = |assistant: &str| read_claude_transcript(&format!("{init}\n{assistant}"));
        let called = with(
            r#"{"type":"assistant","message":{"content":[{"type":"text","text":"t"},{"type":"tool_use","name":"Bash"}]}}"#,
        );
        assert_eq!(called.unwrap().calls, [ClaudeCall { name: "Bash".into(), in_subagent: false }]);
        for hidden in [
            r#"{"type":"assistant","message":{"content":[{"type":"tool_use","name":7}]}}"#,
            r#"{"type":"assistant","message":{"content":[{"type":"tool_use"}]}}"#,
            r#"{"type":"assistant","message":{"content":[{"type":"tool_use","Name":"Bash"}]}}"#,
            r#"{"type":"assistant","message":{"content":[{"tуpe":"tool_use","name":"Bash"}]}}"#,
            r#"{"type":"assistant","message":{"Content":[{"type":"tool_use","name":"Bash"}]}}"#,
            r#"{"type":"assistant","Message":{"content":[{"type":"tool_use","name":"Bash"}]}}"#,
        ] {
            assert!(with(hidden).is_err(), "{hidden}");
        }
    }
}
