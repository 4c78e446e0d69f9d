//! What a Copilot session reports it offers, read for attestation: the
//! `session.tools.getCurrentMetadata` result, through the same reader as every document.

use super::places::{METADATA, OFFERED_TOOL};
use crate::error::Error;
use crate::reader::misplaced::refuse_strays;
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{self as reader, Node, Ptr, Sink, unique_keys, wrong_type};
use crate::review::attest::OfferedTool;

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
        Error::NotAttestable { reason: "`tools` is null: the session's tools are not initialized yet; call `session.tools.initializeAndValidate` first".into() }
        .into()
    })
}

fn copilot_tools(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<Vec<OfferedTool>> {
    let Some(fields) = value.object() else {
        sink.error(at, wrong_type("a `getCurrentMetadata` result object", value));
        return None;
    };
    let (fields, _) = unique_keys(fields);
    refuse_strays(&fields, &METADATA, at, sink);
    if let Some((_, result)) = fields.iter().find(|(key, _)| key == "result") {
        if fields.iter().any(|(key, _)| key == "tools") {
            sink.error(
                at,
                Error::NotAttestable { reason: "both `result` and `tools`: a result holds one tool list".into() },
            );
            return None;
        }
        return copilot_tools(*result, at.key("result"), sink);
    }
    let Some((_, tools)) = fields.iter().find(|(key, _)| key == "tools") else {
        sink.error(at, Error::NotAttestable { reason: "no `tools`: expected a `getCurrentMetadata` result".into() });
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
    Some(items.iter().enumerate().filter_map(|(i, item)| offered_tool(*item, at.index(i), sink)).collect())
}

/// One tool of the list: its `name`, and its MCP server when the runtime marks it as MCP.
fn offered_tool(item: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<OfferedTool> {
    let Some(fields) = item.object() else {
        sink.error(at, wrong_type("a tool object", item));
        return None;
    };
    let (fields, _) = unique_keys(fields);
    refuse_strays(&fields, &OFFERED_TOOL, at, sink);
    let field = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
    let Some(name_value) = field("name") else {
        sink.error(at, Error::NotAttestable { reason: "a tool without a `name`".into() });
        return None;
    };
    let Some(name) = name_value.str() else {
        sink.error(at.key("name"), wrong_type("a string", name_value));
        return None;
    };
    let server = field("mcpServerName").filter(|value| !value.is_null());
    let mcp_server = server.map(|value| value.str().ok_or(value));
    if let Some(Err(value)) = mcp_server {
        sink.error(at.key("mcpServerName"), wrong_type("a string", value));
        return None;
    }
    let mcp_server = mcp_server.and_then(Result::ok).map(str::to_owned);
    Some(OfferedTool { name: name.to_owned(), mcp_server })
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
}
