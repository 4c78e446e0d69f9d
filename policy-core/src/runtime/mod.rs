//! What each runtime receives, and the adapters a host calls at run time: Copilot session
//! fields and client keys, Claude Code arguments, the call-time sub-agent router, and (feature
//! `copilot-sdk`) the official Rust SDK's config types.

pub mod claude_code;
pub mod copilot;
#[cfg(feature = "copilot-sdk")]
#[cfg_attr(docsrs, doc(cfg(feature = "copilot-sdk")))]
pub mod copilot_sdk;
pub mod router;

pub use crate::model::runtime::Runtime;
