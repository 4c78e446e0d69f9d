//! A portable policy read from JSON: the value of `capabilities`, closed-world like every
//! other form (`{"only": [..]}`, `{"disable": [..]}` or `{"disable": "*"}`, and `mcp_tools`).

use super::mcp::{McpRef, McpTools};
use super::policy::{Portable, PortableShape};
use crate::capability::{Capabilities, Capability};
use crate::error::Error;
use crate::names::vocab::{DISABLE_KEY, MCP_TOOLS_KEY, MCP_TOOLS_NONE, ONLY_KEY, PORTABLE_KEYS, SELECTION_KEYS};
use crate::reader::closed::{Place, Verdict};
use crate::reader::tree::{Fields, Node, Ptr, Sink, tool_names, unique_keys, wrong_type};
use crate::seen::Seen;
use crate::shape::ShapeDraft;

/// A portable policy: its keys, and no other.
pub(crate) const PORTABLE: Place = Place::strict("a portable policy", PORTABLE_KEYS);

/// A portable policy's `mcp_tools` object: `only` or `disable`, and no other key.
pub(crate) const MCP_POLICY: Place = Place::strict("a portable policy's `mcp_tools`", SELECTION_KEYS);

/// The runtime a portable policy's shape message names.
const RUNTIME: &str = "portable";

/// Reads the portable policy at `at`; `None` (every error in `sink`) when it is not one.
pub(crate) fn portable(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<Portable> {
    let Some(fields) = value.object() else {
        sink.error(at, wrong_type("a portable policy object such as `{\"only\": [\"read\", \"search\"]}`", value));
        return None;
    };
    let (fields, _) = unique_keys(fields);
    let (mut shape, mut mcp, mut valid) = (None, Some(McpTools::Keep), true);
    for (key, value) in &fields {
        let here = at.key(key);
        match PORTABLE.classify(key) {
            Verdict::Read(MCP_TOOLS_KEY) => mcp = mcp_tools(*value, here, sink),
            Verdict::Read(key) => shape = shaped(key, *value, here, sink),
            Verdict::Refuse(error) => {
                sink.error(here, error);
                valid = false;
            }
            Verdict::PassThrough => {}
        }
    }
    // Exactly one of `only` and `disable`, as a selection.
    let given = |key: &str| fields.iter().any(|(written, _)| written == key);
    if let Err(error) = ShapeDraft::one_key(given(ONLY_KEY), given(DISABLE_KEY), RUNTIME) {
        if valid {
            sink.error(at, error);
        }
        return None;
    }
    Some(Portable::new(shape?, mcp?)).filter(|_| valid)
}

/// `mcp_tools`: `"none"`, or `{"only": [..]}` / `{"disable": [..]}` of servers and tools.
fn mcp_tools(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<McpTools> {
    if let Some(fields) = value.object() {
        return mcp_listed(fields, at, sink);
    }
    match value.str() {
        Some(MCP_TOOLS_NONE) => return Some(McpTools::None),
        Some(other) => sink.error(at, Error::UnknownMcpTools { value: other.to_owned() }),
        None => sink.error(
            at,
            wrong_type(
                "`\"none\"`, `{\"only\": [..]}` or `{\"disable\": [..]}` (MCP tools are kept unless it says so)",
                value,
            ),
        ),
    }
    None
}

/// `{"only": [..]}` or `{"disable": [..]}` of `mcp_tools`: each item a server or a tool, once.
fn mcp_listed(fields: Fields<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<McpTools> {
    let (fields, _) = unique_keys(fields);
    let mut valid = true;
    for (key, _) in &fields {
        if let Verdict::Refuse(error) = MCP_POLICY.classify(key) {
            sink.error(at.key(key), error);
            valid = false;
        }
    }
    let given: Vec<_> = fields.iter().filter(|(key, _)| SELECTION_KEYS.contains(&key.as_ref())).collect();
    let only = given.iter().any(|(key, _)| key == ONLY_KEY);
    if let Err(error) = ShapeDraft::one_key(only, given.len() - usize::from(only) == 1, RUNTIME) {
        if valid {
            sink.error(at, error);
        }
        return None;
    }
    let (key, list) = given[0];
    let list_at = at.key(key);
    let Some(items) = list.array() else {
        sink.error(list_at, wrong_type("a list of MCP servers and tools such as `[\"github/create_issue\"]`", *list));
        return None;
    };
    let listed = each_once(&items, list_at, sink, McpRef::parse);
    let listed = listed.filter(|_| valid)?;
    Some(if key == ONLY_KEY { McpTools::Only(listed) } else { McpTools::Disable(listed) })
}

/// The shape `key` (`only` or `disable`) gives `value`: its words checked, each once.
fn shaped(key: &str, value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<PortableShape> {
    let shape = match ShapeDraft::of(key, value.shape_value()) {
        Ok(shape) => shape,
        Err(error) => {
            // The shape rule's own message, in words rather than tool names.
            let error = match error {
                Error::WrongType { found, .. } if key == ONLY_KEY => {
                    Error::WrongType { expected: "a list of capability words", found }
                }
                Error::WrongType { found, .. } => {
                    Error::WrongType { expected: "`\"*\"` or a list of capability words", found }
                }
                other => other,
            };
            sink.error(at, error);
            return None;
        }
    };
    if shape == ShapeDraft::DisableAll {
        return Some(PortableShape::DisableAll);
    }
    let items = value.array().unwrap_or_default();
    let listed: Capabilities = each_once(&items, at, sink, Capability::parse)?.into_iter().collect();
    Some(if key == ONLY_KEY { PortableShape::Only(listed) } else { PortableShape::Disable(listed) })
}

/// The strings of the list at `at`, each read by `parse` and each written once; `None` (every
/// error in `sink`, at its item) when one is not.
fn each_once<T>(
    items: &[Node<'_>],
    at: Ptr<'_>,
    sink: &mut Sink,
    parse: impl Fn(&str) -> Result<T, Error>,
) -> Option<Vec<T>> {
    let written = tool_names(items, at, sink);
    let mut seen = Seen::with_capacity(written.len());
    let mut read = Vec::with_capacity(written.len());
    let mut complete = true;
    for (i, text) in written.iter().enumerate() {
        let Some(text) = text else {
            complete = false;
            continue;
        };
        match parse(text) {
            Ok(value) => read.push(value),
            Err(error) => {
                sink.error(at.index(i), error);
                complete = false;
            }
        }
        if let Some(first) = seen.repeat(text, i) {
            sink.error(at.index(i), Error::SubagentDuplicateName { entry: text.to_string(), first });
            complete = false;
        }
    }
    complete.then_some(read)
}
