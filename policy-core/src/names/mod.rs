//! The words of every document and front door, and wire names with their grammar
//! (SPEC §1.1).

pub mod vocab;
pub(crate) mod wire;

pub use vocab::Slot;
pub use wire::{
    Source, Tool, WireError, WireErrorKind, WireName, check as check_wire_name, is_name_byte, mcp_tool_name,
};
