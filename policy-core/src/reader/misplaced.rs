//! Policies in the wrong place (SPEC §6): a policy entry, or what reads as one, where no
//! reader applies it.

use super::tree::{Node, Ptr, Sink};
use crate::error::Error;
use crate::names::vocab::{ENTRY_KIND, HOLDER_KEY, KIND_KEY, SELECTION_OWNER};
use crate::text::{did_you_mean, is_or_reads_as, near_miss};

/// Whether `kind` is the policy entry's kind or reads as it.
pub(crate) fn is_entry_kind(kind: &str) -> bool {
    kind == ENTRY_KIND || did_you_mean(kind, [ENTRY_KIND]).is_some() || near_miss(kind, [ENTRY_KIND]).is_some()
}

/// Every object under `value`, a value `runtime` is passed through, that holds a policy: a
/// `kind` that is, or reads as, the policy entry's, or a key that is or reads as a selection
/// holder (`builtin_tools`). Each is an error: nothing reads a policy there.
pub(crate) fn nested_policies(value: Node<'_>, at: Ptr<'_>, runtime: &'static str, sink: &mut Sink) {
    for (i, (key, child)) in value.children().enumerate() {
        match key {
            Some(KIND_KEY) if child.string().is_some_and(|kind| is_entry_kind(&kind)) => {
                sink.error(at, Error::NestedPolicy);
            }
            Some(key) if is_or_reads_as(key, &[HOLDER_KEY]).is_some() => {
                let (exact, owner) = (HOLDER_KEY, SELECTION_OWNER);
                sink.error(at.key(key), Error::NotReadByRuntime { key: key.to_owned(), exact, owner, runtime });
            }
            Some(key) => nested_policies(child, at.key(key), runtime, sink),
            None => nested_policies(child, at.index(i), runtime, sink),
        }
    }
}
