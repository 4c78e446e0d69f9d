//! The second layer on every runtime (SPEC §13): the runtime's own pre-call hook, answered
//! from the decision `explain` prints, so that what a session is offered and what a call may
//! do cannot disagree. Each runtime's document reads its hook's payload
//! ([`RuntimeDocument::hook_call`]); everything else is shared, and every doubt refuses.

use super::document::RuntimeDocument;
use super::hook::HookCall;
use crate::error::Error;
use crate::reader::options::Options;
use crate::text::{Shown, one_line};

/// The gate's answer to one call.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GateAnswer {
    /// The call may run: the hook prints nothing (the answer every runtime expects) and exits
    /// 0.
    Permit,
    /// The call must not run: why, on one line; the hook prints it on stderr and exits 2.
    Refuse(String),
}

impl GateAnswer {
    /// A refusal, its reason made one line.
    #[must_use]
    pub fn refuse(reason: impl AsRef<str>) -> GateAnswer {
        GateAnswer::Refuse(one_line(reason.as_ref()))
    }
}

/// Why the gate refuses a call it cannot judge (a payload it cannot read, a policy that does
/// not load): `tool-policy refuses the call: <why>`, on one line.
#[must_use]
pub fn unjudged(why: impl std::fmt::Display) -> String {
    one_line(&format!("tool-policy refuses the call: {why}"))
}

/// The answer of `document`'s gate to the hook payload `payload` (the runtime's own JSON):
/// the decision `explain` gives for the call's tool, from its agent; a payload that cannot
/// be read, a tool the runtime's names do not know, or any other error refuses.
pub(crate) fn answer<D: RuntimeDocument>(document: &D, payload: &str) -> GateAnswer {
    let call = match serde_json::from_str(payload) {
        Ok(value) => D::hook_call(&value),
        Err(error) => Err(format!("the hook payload is not JSON: {error}")),
    };
    let call = match call {
        Ok(call) => call,
        Err(why) => return GateAnswer::Refuse(unjudged(why)),
    };
    decide(document, &call)
}

/// The answer to `call`: its agent's decision, or the main agent's when the document and the
/// runtime know no agent of that name (never more than the main agent's then). `explain` runs
/// strictly: a built-in the pinned catalog does not know is refused, never let through by a
/// deny-list.
fn decide<D: RuntimeDocument>(document: &D, call: &HookCall) -> GateAnswer {
    let tools = [call.tool.clone()];
    let explained = match document.explain(&tools, call.agent.as_deref(), Options::STRICT) {
        Err(Error::UnknownAgent { .. }) => document.explain(&tools, None, Options::STRICT),
        other => other,
    };
    let refused =
        |why: &dyn std::fmt::Display| GateAnswer::refuse(format!("tool-policy refuses `{}`: {why}", Shown(&call.tool)));
    match explained {
        Err(error) => refused(&error),
        Ok(explanation) => match (explanation.refused.first(), explanation.decisions.first()) {
            (Some(refusal), _) => refused(&refusal.item),
            (None, Some(decision)) if decision.permitted => GateAnswer::Permit,
            (None, Some(decision)) => refused(&format!("{} policy does not permit it: {}", D::RUNTIME, decision.why)),
            (None, None) => refused(&"the policy gave no decision"),
        },
    }
}
