//! Policies in the wrong place (SPEC §6): a policy entry, or what reads as one, where no
//! reader applies it.

use std::borrow::Cow;

use super::closed::{Place, Verdict};
use super::tree::{Node, Ptr, Sink};
use crate::error::{Error, Stray};
use crate::names::vocab::{ENTRY_KIND, KIND_KEY};
use crate::text::reads_as;

/// Whether `kind` is the policy entry's kind or reads as it.
pub(crate) fn is_entry_kind(kind: &str) -> bool {
    kind == ENTRY_KIND || reads_as(kind, [ENTRY_KIND]).is_some()
}

/// Every object under `value`, a value passed through to the host, that holds a policy: a
/// `kind` that is, or reads as, the policy entry's (under a key that is, or reads as,
/// `kind`), or a key `passed` (the runtime's table row for what it passes through) refuses,
/// such as a selection holder or any other governing word. Each is an error: nothing reads a
/// policy there. A nested entry is one error, at the object.
pub(crate) fn nested_policies(value: Node<'_>, at: Ptr<'_>, passed: &Place, sink: &mut Sink) {
    let entry = value.children().any(|(key, child)| {
        key.is_some_and(|key| key == KIND_KEY || reads_as(key, [KIND_KEY]).is_some())
            && child.str().is_some_and(is_entry_kind)
    });
    if entry {
        let error = Error::StrayKey { key: KIND_KEY.to_owned(), exact: ENTRY_KIND, why: Stray::Nested };
        sink.error(at, error);
        return;
    }
    for (i, (key, child)) in value.children().enumerate() {
        let Some(key) = key else {
            nested_policies(child, at.index(i), passed, sink);
            continue;
        };
        match passed.classify(key) {
            Verdict::Refuse(error) => sink.error(at.key(key), error),
            // A word the row passes (an MCP server's own `tools` list) holding a map of tools
            // to `true` or `false`: a runtime's own restriction, read from nowhere here.
            _ => match passed.refuse_passed_value(key, child.object().is_some()) {
                Some(error) => sink.error(at.key(key), error),
                None => nested_policies(child, at.key(key), passed, sink),
            },
        }
    }
}

/// Every key of `fields` that `place` refuses, each an error at its pointer: for readers that
/// look at a few keys of an object and pass the rest (what a runtime reports).
pub(crate) fn refuse_strays(fields: &[(Cow<'_, str>, Node<'_>)], place: &Place, at: Ptr<'_>, sink: &mut Sink) {
    for (key, _) in fields {
        if let Verdict::Refuse(error) = place.classify(key) {
            sink.error(at.key(key), error);
        }
    }
}
