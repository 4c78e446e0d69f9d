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
//! Features `serde` (the JSON reader and the serde forms) and `api` (the builder and the
//! runtime adapters) are on by default; the proc macro turns both off, so its build on the
//! host compiles only the rules it calls. The JSON reader is this crate's own and needs no
//! `serde_json`; feature `serde_json` adds the functions typed with it (`json::load_value`
//! and its kin, `CopilotDocument::document`, `SessionToolFilter::apply_to`). Feature
//! `copilot-sdk` adds the official Rust SDK's config types.
//!
//! Every function is `#[inline]`, so that, like generic code, its machine code is generated in
//! the crate that calls it, not in every build of policy-core: the macro's checks are compiled
//! in the proc macro, and a program compiles only the functions it calls. A crate that only
//! writes `builtin_tools!` compiles none of the reader, the builder or the runtime adapters.
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
