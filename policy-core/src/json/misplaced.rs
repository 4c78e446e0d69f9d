//! Policies in the wrong place (SPEC §6): a policy entry, or what reads as one, where no
//! reader applies it.

use super::reader::{Node, Ptr, Sink};
use crate::error::Error;
use crate::names::vocab::{ENTRY_KIND, KIND_KEY};
use crate::text::{did_you_mean, near_miss};

/// Whether `kind` is the policy entry's kind or reads as it.
pub(super) fn is_entry_kind(kind: &str) -> bool {
    kind == ENTRY_KIND || did_you_mean(kind, [ENTRY_KIND]).is_some() || near_miss(kind, [ENTRY_KIND]).is_some()
}

/// Every object under `value` whose `kind` is, or reads as, the policy entry's: an error.
pub(super) fn nested_policies(value: Node<'_>, at: Ptr<'_>, sink: &mut Sink) {
    for (i, (key, child)) in value.children().enumerate() {
        match key {
            Some(KIND_KEY) if child.string().is_some_and(|kind| is_entry_kind(&kind)) => {
                sink.error(at, Error::NestedPolicy);
            }
            Some(key) => nested_policies(child, at.key(key), sink),
            None => nested_policies(child, at.index(i), sink),
        }
    }
}
