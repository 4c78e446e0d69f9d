//! What a Claude Code session reports it offers, read for attestation: the `init` messages of
//! a stream-json transcript, through the same reader as every document.

use std::borrow::Cow;

use super::places::INIT;
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
            transcript.calls.extend(calls(field("message")).map(|name| ClaudeCall { name, in_subagent }));
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

/// The names of an assistant message's `tool_use` blocks.
fn calls(message: Option<Node<'_>>) -> impl Iterator<Item = String> + '_ {
    let content = message.and_then(Node::object).and_then(|fields| {
        fields.into_iter().find(|(key, _)| key == "content").and_then(|(_, content)| content.array())
    });
    content.into_iter().flatten().filter_map(|block| {
        let fields = block.object()?;
        let get = |key: &str| fields.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.string());
        (get("type").as_deref() == Some("tool_use")).then(|| get("name")).flatten().map(Cow::into_owned)
    })
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
}
