//! What each built-in of the Copilot catalog lets the model do (SPEC §7): its row's
//! capabilities, chosen from the tool's own description in the CLI
//! (`session.tools.getBuiltinDescriptors`, the row's `because`) and from what it can do: a
//! tool gets every capability it can exercise, and where unsure, the wider set.

use super::catalog::{self as copilot, ROWS};
use super::entry::{PolicyEntry, Selector};
use super::resolved::{ClientMode, ResolvedPolicy};
use crate::capability::{Capabilities, Row};
use crate::names::wire::WireName;
use crate::portable::Portable;

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
    /// allow-list names `custom:*` beside the built-ins, so no MCP tool is offered.
    pub fn from_portable(portable: &Portable) -> PolicyEntry {
        let mut names: Vec<WireName> = portable.built_ins(ROWS, true).map(WireName::from_static).collect();
        if !portable.keeps_mcp() {
            names.push(WireName::from_static("custom:*"));
        }
        PolicyEntry::trusted(ClientMode::CopilotCli, Some(Selector::Tools(names)), None)
    }
}

impl ResolvedPolicy {
    /// What a Copilot session receives for a portable policy (SPEC §7): the resolution of
    /// [`PolicyEntry::from_portable`], as `resolve --runtime copilot` of
    /// `{"capabilities": ..}` prints it.
    pub fn from_portable(portable: &Portable) -> ResolvedPolicy {
        PolicyEntry::from_portable(portable).resolve()
    }
}
