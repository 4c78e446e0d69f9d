//! The rules of tool-policy: everything that runs.
//!
//! Wire names ([`WireName`]), selectors and authored entries ([`PolicyEntry`]), resolution
//! to what the runtime receives ([`ResolvedPolicy`]), deciding one tool
//! ([`ResolvedPolicy::decide`]), the JSON front door ([`json`]), the schema ([`schema`]), the
//! Claude Code selection ([`claude`]), sub-agents ([`subagents`]) and the typestate builder
//! ([`builder`]). The `tool-policy` crate re-exports all of it, with the macros.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod builder;
pub mod claude;
pub mod copilot;
#[cfg(feature = "copilot-sdk")]
pub mod copilot_sdk;
mod entry;
mod error;
pub mod json;
mod policy;
pub mod runtime;
pub mod schema;
pub mod subagents;
mod suggest;
mod wire;

pub use entry::{ClientMode, EntryDraft, PolicyEntry, Selector, SlotDraft, builtin_warning};
pub use error::{At, EMPTY_MODE_EMPTY_ALLOW_LIST, EMPTY_MODE_NEEDS_ALLOW_LIST, Error, Located, Report, Slot, Warning};
pub use policy::{
    ClientKey, ClientStorage, Decision, ResolvedPolicy, SessionToolFilter, TOOL_FILTER_PRECEDENCE, ToolList,
};
pub use suggest::did_you_mean;
pub use wire::{Source, Tool, WireError, WireErrorKind, WireName, check as check_wire_name, mcp_tool_name};
