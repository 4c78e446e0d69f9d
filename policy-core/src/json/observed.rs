//! What a running session reports it offers, read for attestation: the Copilot
//! `session.tools.getCurrentMetadata` result, and a Claude Code stream-json transcript (or its
//! `init` line). Read through the same reader as every policy document.

use std::borrow::Cow;

use crate::claude_code::places::INIT;
use crate::copilot::places::{METADATA, OFFERED_TOOL};
use crate::error::Error;
use crate::reader::closed::{Place, Verdict};
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{self as reader, Node, Ptr, Sink, tool_names, unique_keys, wrong_type};
use crate::review::attest::OfferedTool;
use crate::seen::first_of_each;

/// The tools of a `getCurrentMetadata` result: `{"tools": [...]}`, or the JSON-RPC response
/// holding it under `result`. `"tools": null` (tools not initialized) is refused: call
/// `session.tools.initializeAndValidate` first.
pub fn read_copilot_tools(text: &str) -> Result<Vec<OfferedTool>, LoadError> {
    let doc = reader::parse(text)?;
    let root = Node::root(&doc);
    // A repeated key anywhere is refused, never read one way: the runtime's own reader
    // could take the other.
    let mut sink = Sink::reading(root, Options::default()).stop_on_errors()?;
    let tools = copilot_tools(root, Ptr::Root, &mut sink);
    sink.finish()?;
    tools.ok_or_else(|| {
        Error::NotAttestable {
            reason: "`tools` is null: the session's tools are not initialized yet; call `session.tools.initializeAndValidate` first",
        }
        .into()
    })
}

fn copilot_tools(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<Vec<OfferedTool>> {
    let Some(fields) = value.object() else {
        sink.error(at, wrong_type("a `getCurrentMetadata` result object", value));
        return None;
    };
    let (fields, _) = unique_keys(fields);
    near_misses(&fields, &METADATA, at, sink);
    if let Some((_, result)) = fields.iter().find(|(key, _)| key == "result") {
        if fields.iter().any(|(key, _)| key == "tools") {
            sink.error(at, Error::NotAttestable { reason: "both `result` and `tools`: a result holds one tool list" });
            return None;
        }
        return copilot_tools(*result, at.key("result"), sink);
    }
    let Some((_, tools)) = fields.iter().find(|(key, _)| key == "tools") else {
        sink.error(at, Error::NotAttestable { reason: "no `tools`: expected a `getCurrentMetadata` result" });
        return None;
    };
    let at = at.key("tools");
    if tools.is_null() {
        return None;
    }
    let Some(items) = tools.array() else {
        sink.error(at, wrong_type("an array of tools", *tools));
        return None;
    };
    let mut offered = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let item_at = at.index(i);
        let Some(fields) = item.object() else {
            sink.error(item_at, wrong_type("a tool object", *item));
            continue;
        };
        let (fields, _) = unique_keys(fields);
        near_misses(&fields, &OFFERED_TOOL, item_at, sink);
        let text = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| (*v, v.string()));
        let name = match text("name") {
            Some((_, Some(name))) => name.into_owned(),
            Some((value, None)) => {
                sink.error(item_at.key("name"), wrong_type("a string", value));
                continue;
            }
            None => {
                sink.error(item_at, Error::NotAttestable { reason: "a tool without a `name`" });
                continue;
            }
        };
        let server = match text("mcpServerName") {
            Some((value, _)) if value.is_null() => None,
            Some((_, Some(server))) => Some(server.into_owned()),
            Some((value, None)) => {
                sink.error(item_at.key("mcpServerName"), wrong_type("a string", value));
                continue;
            }
            None => None,
        };
        offered.push(OfferedTool { name, mcp_server: server });
    }
    Some(offered)
}

/// The tools of every `{"type": "system", "subtype": "init"}` message of a Claude Code
/// stream-json transcript (one JSON message per line), or of that message alone, each name
/// once, in the order first offered: a restarted agent's init counts as much as the first.
/// Every line is read, and a key given twice anywhere is refused.
pub fn read_claude_init(text: &str) -> Result<Vec<String>, LoadError> {
    let mut offered: Vec<String> = Vec::new();
    let mut inits = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let doc = reader::parse(line)?;
        let message = Node::root(&doc);
        let mut sink = Sink::reading(message, Options::default()).stop_on_errors()?;
        let Some(fields) = message.object() else { continue };
        near_misses(&fields, &INIT, Ptr::Root, &mut sink);
        let mut sink = sink.stop_on_errors()?;
        let field = |key: &str| fields.iter().find(|(k, _)| k == key).and_then(|(_, v)| v.string());
        if field("type").as_deref() != Some("system") || field("subtype").as_deref() != Some("init") {
            continue;
        }
        inits += 1;
        let tools = fields.iter().find(|(k, _)| k == "tools").map(|(_, v)| *v);
        let names = if let Some(items) = tools.and_then(Node::array) {
            tool_names(&items, Ptr::Root.key("tools"), &mut sink)
        } else {
            sink.error(Ptr::Root.key("tools"), Error::NotAttestable { reason: "the init message has no `tools` list" });
            Vec::new()
        };
        sink.finish()?;
        offered.extend(names.into_iter().flatten().map(Cow::into_owned));
    }
    if inits == 0 {
        return Err(Error::NotAttestable {
            reason: "no `init` message: run the CLI with `--output-format stream-json --verbose` and pass its output",
        }
        .into());
    }
    Ok(first_of_each(offered, String::as_str))
}

/// A key that only reads as one the runtime's report is read by (`Tools`, `mcpservername`):
/// an error, so that nothing the runtime says is read past.
fn near_misses(fields: &[(Cow<'_, str>, Node<'_>)], place: &Place, at: Ptr<'_>, sink: &mut Sink) {
    for (key, _) in fields {
        if let Verdict::Refuse(error) = place.classify(key) {
            sink.error(at.key(key), error);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copilot_metadata() {
        let tools = read_copilot_tools(
            r#"{"tools": [{"name": "view", "description": "d"}, {"name": "echo-ping", "mcpServerName": "echo", "mcpToolName": "ping"}]}"#,
        )
        .unwrap();
        assert_eq!(tools, [OfferedTool::new("view"), OfferedTool::mcp("echo-ping", "echo")]);
        assert_eq!(read_copilot_tools(r#"{"result": {"tools": []}}"#).unwrap(), []);
        let Err(LoadError::Invalid(report)) = read_copilot_tools(r#"{"tools": null}"#) else { panic!() };
        assert!(report.errors[0].item.to_string().contains("initializeAndValidate"));
        let Err(LoadError::Invalid(report)) = read_copilot_tools(r#"{"tools": [{"name": "a", "name": "b"}]}"#) else {
            panic!()
        };
        assert_eq!(report.errors[0].pointer, "/tools/0/name", "a repeated key is refused here too");
    }

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
