//! Policies in the wrong place (SPEC §6): a policy entry, or what reads as one, where no
//! reader applies it.

use std::borrow::Cow;

use super::closed::{Place, Verdict};
use super::tree::{Node, Ptr, Sink};
use crate::error::{Error, Stray};
use crate::names::vocab::{ENTRY_KIND, KIND_KEY, TOOLS_KEY};
use crate::text::reads_as;

/// Where a map of tools to `true` or `false` restricts.
const TOOLS_MAP_HOME: &str = "a runtime's own settings, as a map of tools to `true` or `false` (OpenCode's older `tools`), which `tool-policy resolve` writes as `permission`";

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
            // What is passed through under `tools` is an MCP server's own list; a map of
            // tools to `true` or `false` is a runtime's own restriction (OpenCode's older
            // `tools`), which nothing reads from here.
            Verdict::PassThrough if key == TOOLS_KEY && child.object().is_some() => {
                let why = Stray::Elsewhere { home: TOOLS_MAP_HOME };
                sink.error(at.key(key), Error::StrayKey { key: key.to_owned(), exact: TOOLS_KEY, why });
            }
            _ => nested_policies(child, at.key(key), passed, sink),
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
