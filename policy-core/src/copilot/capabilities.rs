//! What each built-in of the Copilot catalog lets the model do (SPEC §7): its row's
//! capabilities, chosen from the tool's own description in the CLI
//! (`session.tools.getBuiltinDescriptors`, the row's `because`) and from what it can do: a
//! tool gets every capability it can exercise, and where unsure, the wider set.

use super::catalog::{self as copilot, ROWS};
use super::entry::{PolicyEntry, Selector};
use super::resolved::{ClientMode, ResolvedPolicy};
use crate::capability::{Capabilities, Row};
use crate::error::Error;
use crate::names::wire::WireName;
use crate::portable::{McpRef, McpTools, Portable, cannot_say};

/// Why a whole MCP server cannot be said in a Copilot tool filter.
const WHOLE_SERVER: &str = "its tool filters name one MCP tool (`mcp:<server>-<tool>`) or every one (`mcp:*`), and no pattern names one server's; list the server's tools one by one, or leave the server out of the host's `mcpServers`";

/// What the built-in `name` lets the model do; `None` for a name the pinned catalog does not
/// have.
pub fn capabilities(name: &str) -> Option<Capabilities> {
    copilot::row(name).map(Row::capabilities)
}

impl PolicyEntry {
    /// A portable policy (SPEC §7) as the entry a Copilot author would write by hand, from the
    /// catalog (Windows' shell family too): an allow-list of the built-ins it grants, by bare
    /// name, so custom and MCP tools are kept as SPEC §1.4 keeps them; `disable` too (SPEC §9:
    /// written as the built-ins it keeps, a built-in a newer CLI adds is not offered until the
    /// catalog knows it); `disable: "*"` is an empty allow-list. Without MCP tools, the
    /// allow-list names `custom:*` beside the built-ins, so no MCP tool is offered; with only
    /// some, it names them (`mcp:<server>-<tool>`) too; every one but some is the excluded
    /// list of those.
    ///
    /// # Errors
    /// A whole server under `mcp_tools`: Copilot's patterns name one MCP tool or all of them.
    pub fn from_portable(portable: &Portable) -> Result<PolicyEntry, Error> {
        let mut names: Vec<WireName> = portable.built_ins(ROWS, true).map(WireName::from_static).collect();
        let tools = |listed: &[McpRef]| -> Result<Vec<WireName>, Error> {
            listed
                .iter()
                .map(|reference| match reference.tool() {
                    Some(tool) => Ok(WireName::mcp(reference.server(), tool)),
                    None => Err(cannot_say(copilot::RUNTIME, portable.mcp(), WHOLE_SERVER)),
                })
                .collect()
        };
        let mut excluded = None;
        match portable.mcp() {
            McpTools::Keep => {}
            McpTools::None => names.push(WireName::from_static("custom:*")),
            McpTools::Only(listed) => {
                names.push(WireName::from_static("custom:*"));
                names.extend(tools(listed)?);
            }
            McpTools::Disable(listed) => excluded = Some(Selector::Tools(tools(listed)?)),
        }
        Ok(PolicyEntry::trusted(ClientMode::CopilotCli, Some(Selector::Tools(names)), excluded))
    }
}

impl ResolvedPolicy {
    /// What a Copilot session receives for a portable policy (SPEC §7): the resolution of
    /// [`PolicyEntry::from_portable`], as `resolve --runtime copilot` of
    /// `{"capabilities": ..}` prints it.
    ///
    /// # Errors
    /// As [`PolicyEntry::from_portable`].
    pub fn from_portable(portable: &Portable) -> Result<ResolvedPolicy, Error> {
        PolicyEntry::from_portable(portable).map(|entry| entry.resolve())
    }
}
