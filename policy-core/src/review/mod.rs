//! What every runtime's review aids report, below the runtimes: the changes of a diff
//! ([`Change`], [`PolicyDiff`]) and the outcome of an attestation ([`Attestation`],
//! [`Violation`], with what the host and the session say: [`Host`], [`OfferedTool`]). Each
//! runtime's folder computes its own (its `diff`, `attest` and `lints` files); `json::Document`
//! asks the right one.

pub(crate) mod attest;
pub(crate) mod diff;
pub(crate) mod document;
pub(crate) mod gate;
pub(crate) mod hook;

pub use attest::{Attestation, Host, OfferedTool, Violation};
pub use diff::{Change, PolicyDiff};
pub use document::{AttestError, Explanation, Help, HostOptions, Output, RuntimeDocument, ToolDecision};
pub use gate::{GateAnswer, unjudged};
pub use hook::{HookCall, failing_closed};
