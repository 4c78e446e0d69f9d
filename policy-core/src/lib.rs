//! The rules of tool-policy: everything that runs.
//!
//! The modules are layers, and each imports only from the layers before it:
//!
//! 1. [`text`]: did-you-mean and safe display of document text;
//! 2. [`catalog`]: the pinned data of each runtime (names, aliases, default sets);
//! 3. [`model`]: wire names, entries and their checks, resolution, resolved values,
//!    decisions, the Claude Code selection, sub-agent lists, errors;
//! 4. [`json`]: the one reader for every document kind, and the schema; [`builder`]: the
//!    typestate builder;
//! 5. [`runtime`]: what each runtime receives (session fields, client keys, arguments), the
//!    sub-agent router, and the SDK adapter.
//!
//! The `tool-policy` crate re-exports all of it, with the macros.
//!
//! Feature `copilot-sdk` adds the official Rust SDK's config types.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod text;

pub mod catalog;

pub mod model;

pub mod builder;
pub mod json;

pub mod runtime;

pub use model::*;
pub use runtime::copilot::SessionToolFilter;
pub use runtime::copilot::{ClientKey, ClientStorage};
pub use text::did_you_mean;
