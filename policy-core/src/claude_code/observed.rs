//! What a Claude Code session reports, read for attestation: the `init` messages of a
//! stream-json transcript (what it offers) and its assistant messages' `tool_use` blocks (what
//! its model called), through the same reader and closed-world table as every document.
//!
//! Every line is read closed-world, its values' types included: a line that is not an
//! object, a `type` or `subtype` that is not a string or only reads as one the reader acts
//! on (`"INIT"`, `"init "`), a tool list outside an `init`, a `content` or a `message` of
//! another type, a block that is not an object: each is an error, never a line skipped.

use std::borrow::Cow;

use super::places::{ASSISTANT, CONTENT_BLOCK, INIT};
use crate::error::Error;
use crate::reader::misplaced::refuse_strays;
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{self as reader, Fields, Node, Ptr, Sink, tool_names, wrong_type};
use crate::seen::{Seen, first_of_each};
use crate::text::{Shown, reads_as};

/// The message types the reader acts on: a value that only reads as one of them is refused.
const MESSAGE_TYPES: &[&str] = &["system", "assistant", "user", "result", STREAM_EVENT];
/// A line of a partial message (`--include-partial-messages`): a block it starts may be a
/// call.
const STREAM_EVENT: &str = "stream_event";
/// The `system` subtype that offers tools.
const INIT_SUBTYPE: &str = "init";
/// The content block type of a call.
const TOOL_USE: &str = "tool_use";

/// A tool a Claude Code transcript shows the model calling (an assistant message's
/// `tool_use`), whether the CLI ran it or refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaudeCall {
    /// The name the model called.
    pub name: String,
    /// The call's own id (`tool_use.id`), by which a sub-agent's messages name it.
    pub id: Option<String>,
    /// The id of the call the message says it belongs to (`parent_tool_use_id`): a sub-agent
    /// started by that call, when the transcript holds such a delegation.
    pub parent: Option<String>,
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
        let Some(fields) = message.object() else {
            sink.error(Ptr::Root, wrong_type("a stream-json message object", message));
            sink.finish()?;
            continue;
        };
        refuse_strays(&fields, &INIT, Ptr::Root, &mut sink);
        let mut sink = sink.stop_on_errors()?;
        let field = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
        let kind = kind_of(field("type"), &mut sink);
        let subtype = match kind {
            Some("system") => word(field("subtype"), Ptr::Root.key("subtype"), &[INIT_SUBTYPE], &mut sink),
            _ => None,
        };
        match (kind, subtype) {
            // A call is a call wherever a message holds it: a `tool_use` block of a user
            // message, or of a partial message's block, is read as an assistant's is.
            (Some(kind @ ("assistant" | "user" | STREAM_EVENT)), _) => {
                let parent = parent(field("parent_tool_use_id"), &mut sink);
                let called = match kind {
                    STREAM_EVENT => event_call(field("event"), Ptr::Root.key("event"), &mut sink).into_iter().collect(),
                    _ => calls(field("message"), Ptr::Root.key("message"), &mut sink),
                };
                sink.finish()?;
                let with_parent = |(name, id)| ClaudeCall { name, id, parent: parent.clone() };
                transcript.calls.extend(called.into_iter().map(with_parent));
            }
            (Some("system"), Some(INIT_SUBTYPE)) => {
                inits += 1;
                let names = init_tools(field("tools"), &mut sink);
                sink.finish()?;
                offered.extend(names);
            }
            _ => {
                if field("tools").is_some() {
                    let reason = "a tool list outside an `init` message (`\"type\": \"system\", \"subtype\": \"init\"`) cannot be attested".into();
                    sink.error(Ptr::Root.key("tools"), Error::NotAttestable { reason });
                }
                sink.finish()?;
            }
        }
    }
    if inits == 0 {
        let reason = "no `init` message: run the CLI with `--output-format stream-json --verbose` and pass its output";
        return Err(Error::NotAttestable { reason: reason.into() }.into());
    }
    transcript.offered = first_of_each(offered, String::as_str);
    transcript.calls = once_each(std::mem::take(&mut transcript.calls));
    Ok(transcript)
}

/// The calls, a call reported by its partial message and again whole once: the same id, name
/// and parent (a repeated id with another name is another call, and is kept).
fn once_each(calls: Vec<ClaudeCall>) -> Vec<ClaudeCall> {
    let key = |call: &ClaudeCall| {
        let parent = call.parent.as_deref().unwrap_or("");
        call.id.as_ref().map(|id| format!("{id}\u{0}{}\u{0}{parent}", call.name))
    };
    let keys: Vec<Option<String>> = calls.iter().map(key).collect();
    let mut seen = Seen::with_capacity(calls.len());
    let repeated: Vec<bool> = keys
        .iter()
        .enumerate()
        .map(|(i, key)| key.as_deref().is_some_and(|key| seen.repeat(key, i).is_some()))
        .collect();
    calls.into_iter().zip(repeated).filter(|(_, repeated)| !repeated).map(|(call, _)| call).collect()
}

/// A message's `type`: refused when absent, since the message cannot be told apart.
fn kind_of<'a>(value: Option<Node<'a>>, sink: &mut Sink) -> Option<&'a str> {
    if value.is_none() {
        let reason = "a message without `type` cannot be told apart".into();
        sink.error(Ptr::Root, Error::NotAttestable { reason });
    }
    word(value, Ptr::Root.key("type"), MESSAGE_TYPES, sink)
}

/// A message's `type` or `subtype`: a string; one that only reads as a word the reader acts
/// on (`known`) is refused, as it would hide a message the reader must see. `None` when
/// absent, refused, or another word (a message the reader has no need of).
fn word<'a>(value: Option<Node<'a>>, at: Ptr<'_>, known: &[&'static str], sink: &mut Sink) -> Option<&'a str> {
    let value = value?;
    let Some(text) = value.str() else {
        sink.error(at, wrong_type("a string", value));
        return None;
    };
    if known.contains(&text) {
        return Some(text);
    }
    if let Some(exact) = reads_as(text, known.iter().copied()) {
        let reason = format!("`{}` only reads as `{exact}`, so the message cannot be told apart", Shown(text));
        sink.error(at, Error::NotAttestable { reason: reason.into() });
    }
    None
}

/// `parent_tool_use_id`: `null` or absent (the main agent's message), or the id of the call
/// it belongs to.
fn parent(value: Option<Node<'_>>, sink: &mut Sink) -> Option<String> {
    let value = value.filter(|value| !value.is_null())?;
    let id = value.str();
    if id.is_none() {
        sink.error(Ptr::Root.key("parent_tool_use_id"), wrong_type("null or a tool call's id string", value));
    }
    id.map(str::to_owned)
}

/// An `init` message's `tools`: a list of names.
fn init_tools(tools: Option<Node<'_>>, sink: &mut Sink) -> Vec<String> {
    let at = Ptr::Root.key("tools");
    let Some(items) = tools.and_then(Node::array) else {
        let reason = match tools {
            Some(other) => format!("the init message's `tools` is {}, not a list", other.type_name()).into(),
            None => "the init message has no `tools` list".into(),
        };
        sink.error(at, Error::NotAttestable { reason });
        return Vec::new();
    };
    tool_names(&items, at, sink).into_iter().flatten().map(Cow::into_owned).collect()
}

/// The calls of an assistant message's `tool_use` blocks (name, and id when given), read
/// closed-world as every other place: a key that only reads as `content`, `type`, `name` or
/// `id` is refused, a value of another type is refused, and so is a `tool_use` without a tool
/// name, which would hide what the model called. A message without content calls nothing.
fn calls(message: Option<Node<'_>>, at: Ptr<'_>, sink: &mut Sink) -> Vec<(String, Option<String>)> {
    let Some(message) = message else { return Vec::new() };
    let Some(fields) = message.object() else {
        sink.error(at, wrong_type("an assistant message object", message));
        return Vec::new();
    };
    refuse_strays(&fields, &ASSISTANT, at, sink);
    let content_at = at.key("content");
    let Some(content) = fields.iter().find(|(key, _)| key == "content").map(|(_, content)| *content) else {
        return Vec::new();
    };
    // A message's content is a list of blocks, or one text.
    if content.str().is_some() {
        return Vec::new();
    }
    let Some(blocks) = content.array() else {
        sink.error(content_at, wrong_type("a list of content blocks", content));
        return Vec::new();
    };
    let mut called = Vec::new();
    for (i, block) in blocks.into_iter().enumerate() {
        let here = content_at.index(i);
        let Some(fields) = block.object() else {
            sink.error(here, wrong_type("a content block object", block));
            continue;
        };
        called.extend(call(&fields, here, sink));
    }
    called
}

/// A partial message's `event`: a `content_block_start` whose block is a `tool_use` is a
/// call; any other event calls nothing. A value of another type is refused.
fn event_call(event: Option<Node<'_>>, at: Ptr<'_>, sink: &mut Sink) -> Option<(String, Option<String>)> {
    let event = event?;
    let Some(fields) = event.object() else {
        sink.error(at, wrong_type("a stream event object", event));
        return None;
    };
    refuse_strays(&fields, &CONTENT_BLOCK, at, sink);
    let field = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
    word(field("type"), at.key("type"), &["content_block_start"], sink)?;
    let block = field("content_block")?;
    let Some(block_fields) = block.object() else {
        sink.error(at.key("content_block"), wrong_type("a content block object", block));
        return None;
    };
    call(&block_fields, at.key("content_block"), sink)
}

/// One content block: a `tool_use` is a call of its `name`.
fn call(fields: &Fields<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<(String, Option<String>)> {
    refuse_strays(fields, &CONTENT_BLOCK, at, sink);
    let field = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
    word(field("type"), at.key("type"), &[TOOL_USE], sink).filter(|kind| *kind == TOOL_USE)?;
    let id = match field("id") {
        Some(value) if value.str().is_none() => {
            sink.error(at.key("id"), wrong_type("a tool call's id string", value));
            None
        }
        value => value.and_then(Node::str).map(str::to_owned),
    };
    match field("name").map(|value| (value, value.str())) {
        Some((_, Some(name))) => Some((name.to_owned(), id)),
        Some((value, None)) => {
            sink.error(at.key("name"), wrong_type("a tool name string", value));
            None
        }
        None => {
            let reason = "a `tool_use` without a tool name hides what the model called".into();
            sink.error(at.key("name"), Error::NotAttestable { reason });
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INIT_LINE: &str = r#"{"type":"system","subtype":"init","tools":["Read"]}"#;

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
        let with = |assistant: &str| read_claude_transcript(&format!("{INIT_LINE}\n{assistant}"));
        let called = with(
            r#"{"type":"assistant","message":{"content":[{"type":"text","text":"t"},{"type":"tool_use","id":"t1","name":"Bash"}]}}"#,
        );
        let bash = ClaudeCall { name: "Bash".into(), id: Some("t1".into()), parent: None };
        assert_eq!(called.unwrap().calls, [bash]);
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

    #[test]
    fn a_value_of_another_type_is_refused_never_skipped() {
        let with = |line: &str| read_claude_transcript(&format!("{INIT_LINE}\n{line}"));
        for refused in [
            r#"[{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Bash"}]}}]"#,
            r#"{"type":"assistant","message":{"content":{"type":"tool_use","name":"Bash"}}}"#,
            r#"{"type":"assistant","message":[{"content":[{"type":"tool_use","name":"Bash"}]}]}"#,
            r#"{"type":["assistant"],"message":{"content":[{"type":"tool_use","name":"Bash"}]}}"#,
            r#"{"type":"assistant","message":{"content":[{"type":7,"name":"Bash"}]}}"#,
            r#"{"type":"assistant","message":{"content":["tool_use Bash"]}}"#,
            r#"{"type":"assistant","message":{"content":[{"type":"tool_use","id":1,"name":"Bash"}]}}"#,
            r#"{"type":"assistant","parent_tool_use_id":0,"message":{"content":[{"type":"tool_use","name":"Bash"}]}}"#,
            r#"{"type":"assistant","parent_tool_use_id":false,"message":{"content":[]}}"#,
            r#"{"type":"Assistant","message":{"content":[{"type":"tool_use","name":"Bash"}]}}"#,
            r#"{"type":"assistant","message":{"content":[{"type":"tool-use","name":"Bash"}]}}"#,
            r#"{"type":"system","subtype":"init ","tools":["Bash"]}"#,
            r#"{"type":"system","subtype":"INIT","tools":["Bash"]}"#,
            r#"{"type":"sytem","subtype":"init","tools":["Bash"]}"#,
            r#"{"type":"system","subtype":7,"tools":["Bash"]}"#,
            r#"{"type":"system","subtype":"init","tools":"Bash"}"#,
            r#"{"type":"other","tools":["Bash"]}"#,
            "7",
        ] {
            assert!(with(refused).is_err(), "{refused}");
        }
        // What real transcripts hold still reads: text content, a user's tool result, a
        // sub-agent's message naming its call.
        let fine = concat!(
            r#"{"type":"user","message":{"role":"user","content":"hi"}}"#,
            "\n",
            r#"{"type":"assistant","parent_tool_use_id":"t1","message":{"content":[{"type":"tool_use","id":"t2","name":"Read","input":{}}]}}"#,
            "\n",
            r#"{"type":"result","subtype":"success","result":"ok"}"#
        );
        let calls = with(fine).unwrap().calls;
        assert_eq!(calls[0].parent.as_deref(), Some("t1"));
    }

    #[test]
    fn a_call_in_a_user_message_or_a_partial_message_counts() {
        let with = |line: &str| read_claude_transcript(&format!("{INIT_LINE}\n{line}")).unwrap().calls;
        let names = |calls: Vec<ClaudeCall>| calls.into_iter().map(|c| c.name).collect::<Vec<_>>();
        let user = r#"{"type":"user","message":{"role":"user","content":[{"tool_use_id":"t0","type":"tool_result","content":"ok"},{"type":"tool_use","id":"t1","name":"Bash","input":{}}]}}"#;
        assert_eq!(names(with(user)), ["Bash"]);
        let partial = r#"{"type":"stream_event","event":{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t2","name":"WebFetch","input":{}}},"parent_tool_use_id":null}"#;
        assert_eq!(names(with(partial)), ["WebFetch"]);
        let whole = r#"{"type":"assistant","message":{"content":[{"type":"tool_use","id":"t2","name":"WebFetch","input":{}}]}}"#;
        assert_eq!(names(with(&format!("{partial}\n{whole}"))), ["WebFetch"], "one call, reported twice");
        let other = whole.replace("WebFetch", "Bash");
        assert_eq!(
            names(with(&format!("{partial}\n{other}"))),
            ["WebFetch", "Bash"],
            "an id given twice hides no call"
        );
        let delta = r#"{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}}"#;
        assert!(with(delta).is_empty());
        for refused in [
            r#"{"type":"stream_event","event":[{"type":"content_block_start"}]}"#,
            r#"{"type":"stream_event","event":{"type":"content_block_start","content_block":"tool_use Bash"}}"#,
            r#"{"type":"stream_event","event":{"type":"content_block_start","content_block":{"type":"tool_use"}}}"#,
            r#"{"type":"stream-event","event":{"type":"content_block_start","content_block":{"type":"tool_use","name":"Bash"}}}"#,
        ] {
            assert!(read_claude_transcript(&format!("{INIT_LINE}\n{refused}")).is_err(), "{refused}");
        }
    }
}
