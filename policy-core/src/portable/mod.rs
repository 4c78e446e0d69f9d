//! The portable policy (SPEC §7): one policy for every runtime, in capabilities rather than a
//! runtime's tool names. `{"capabilities": {"only": [..]}}` offers a built-in iff every one of
//! its capabilities is listed; `{"disable": [..]}` removes a built-in iff any of them is;
//! `{"disable": "*"}` removes every built-in. MCP and custom tools are not capabilities and
//! are kept, unless the policy says otherwise under `mcp_tools`: `"none"`, or
//! `{"only": [..]}` / `{"disable": [..]}` of servers (`github`) and tools
//! (`github/create_issue`).
//!
//! The rule is [`Portable::grants`]; each runtime's folder applies it to its own catalog and
//! capability table, once, and gives its own value (the Copilot resolved policy, the Claude
//! Code arguments, the Gemini CLI settings and policy file): every runtime says every portable
//! policy exactly, in its own names. Nothing is decided at run time.

mod mcp;
mod policy;
pub(crate) mod read;

pub(crate) use mcp::cannot_say;
pub use mcp::{McpRef, McpTools};
pub use policy::{Portable, PortableShape};
