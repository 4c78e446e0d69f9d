//! A portable policy read from JSON: the value of `capabilities`, closed-world like every
//! other form (`{"only": [..]}`, `{"disable": [..]}` or `{"disable": "*"}`, and `mcp_tools`).

use super::policy::{McpTools, Portable, PortableShape};
use crate::capability::{Capabilities, Capability};
use crate::error::Error;
use crate::names::vocab::{DISABLE_KEY, MCP_TOOLS_KEY, MCP_TOOLS_NONE, ONLY_KEY, PORTABLE_KEYS};
use crate::reader::closed::{Place, Verdict};
use crate::reader::tree::{Node, Ptr, Sink, tool_names, unique_keys, wrong_type};
use crate::seen::Seen;
use crate::shape::ShapeDraft;

/// A portable policy: its keys, and no other.
pub(crate) const PORTABLE: Place = Place::strict("a portable policy", PORTABLE_KEYS);

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

/// `mcp_tools`: `"none"`, the one value it takes.
fn mcp_tools(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) -> Option<McpTools> {
    match value.str() {
        Some(MCP_TOOLS_NONE) => return Some(McpTools::None),
        Some(other) => sink.error(at, Error::UnknownMcpTools { value: other.to_owned() }),
        None => sink.error(at, wrong_type("`\"none\"` (MCP tools are kept unless it says so)", value)),
    }
    None
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
    let words = tool_names(&items, at, sink);
    let mut seen = Seen::with_capacity(words.len());
    let mut listed = Capabilities::NONE;
    let mut complete = true;
    for (i, word) in words.iter().enumerate() {
        let Some(word) = word else {
            complete = false;
            continue;
        };
        match Capability::parse(word) {
            Ok(capability) => listed = listed.with(capability),
            Err(error) => {
                sink.error(at.index(i), error);
                complete = false;
            }
        }
        if let Some(first) = seen.repeat(word, i) {
            sink.error(at.index(i), Error::SubagentDuplicateName { entry: word.to_string(), first });
            complete = false;
        }
    }
    complete.then_some(if key == ONLY_KEY { PortableShape::Only(listed) } else { PortableShape::Disable(listed) })
}
