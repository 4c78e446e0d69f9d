//! Every rule a policy can break, with one message per rule, shared by the JSON reader, the
//! builder's fallible path and the proc macro. The error type knows no catalog: a message
//! about a runtime's names carries the names it needs as data.
//!
//! Every piece of document text a message prints goes through [`Shown`](crate::text::Shown),
//! so one error is always one line and no document can forge output. The enum is in `rule`,
//! each rule with its message; why a key restricts nothing, with its words, in `stray`;
//! warnings and lints in `warning`; errors with their places in `report`.

mod report;
mod rule;
mod stray;
mod warning;

pub use crate::names::vocab::Slot;
pub use report::{At, Errors, Located, Report};
pub use rule::{EMPTY_MODE_EMPTY_ALLOW_LIST, EMPTY_MODE_NEEDS_ALLOW_LIST, Error, SUBAGENT_TOOL_NAMES};
pub(crate) use stray::BESIDE_HOLDER;
pub use stray::Stray;
pub(crate) use warning::KEEP_THE_DENY_LIST;
pub use warning::{Lint, Lints, Warning};
