//! The Copilot forms stored and read back (`Deserialize`): a policy entry, read as a single
//! entry is, and a resolved policy, held to what resolution can give.

use serde::de::{Deserialize, Deserializer};

use super::entry::{AllowListState, PolicyEntry, interlock};
use super::places::RESOLVED;
use super::read::single_entry;
use super::resolved::{ClientMode, ResolvedPolicy, ToolList};
use crate::error::{At, Error};
use crate::names::vocab::{CLIENT_MODE_FIELD, PRECEDENCE_FIELD, Slot, TOOL_FILTER_PRECEDENCE};
use crate::names::wire::WireName;
use crate::reader::closed::Verdict;
use crate::reader::stored::read_stored;
use crate::reader::tree::{Node, Ptr, Sink, tool_names, unique_keys, wrong_type};

impl<'de> Deserialize<'de> for PolicyEntry {
    /// The entry's JSON form (SPEC §1.3), read as `json::load_entry` reads it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PolicyEntry, D::Error> {
        read_stored(deserializer, single_entry)
    }
}

impl<'de> Deserialize<'de> for ResolvedPolicy {
    /// The form the runtime receives (SPEC §1.5), held to what resolution can give: every
    /// name source-qualified and listed once, precedence `excluded`, and an empty-mode policy
    /// with a non-empty allow-list.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ResolvedPolicy, D::Error> {
        read_stored(deserializer, resolved)
    }
}

/// A resolved policy's form, every key accounted for.
fn resolved(root: Node<'_>, sink: &mut Sink) -> Option<ResolvedPolicy> {
    let Some(fields) = root.object() else {
        sink.error(Ptr::Root, wrong_type("a resolved policy object", root));
        return None;
    };
    let (fields, _) = unique_keys(fields);
    let (mut mode, mut lists, mut precedence) = (None, [None, None], false);
    let mut valid = true;
    for (key, value) in &fields {
        let at = Ptr::Root.key(key);
        match RESOLVED.classify(key) {
            Verdict::Read(CLIENT_MODE_FIELD) => match value.str().map(ClientMode::parse_json) {
                Some(Ok(read)) => mode = Some(read),
                Some(Err(error)) => sink.error(at, error),
                None => sink.error(at, wrong_type("`\"copilot-cli\"` or `\"empty\"`", *value)),
            },
            Verdict::Read(PRECEDENCE_FIELD) => match value.str() {
                Some(TOOL_FILTER_PRECEDENCE) => precedence = true,
                Some(found) => sink.error(at, Error::WrongPrecedence { found: found.to_owned() }),
                None => sink.error(at, wrong_type("a string", *value)),
            },
            Verdict::Read(list_key) => {
                let slot = if list_key == Slot::Available.resolved_key() { Slot::Available } else { Slot::Excluded };
                match stored_list(*value, slot, at, sink) {
                    Some(list) => lists[usize::from(slot == Slot::Excluded)] = Some(list),
                    None => valid = false,
                }
            }
            Verdict::Refuse(error) => {
                sink.error(at, error);
                valid = false;
            }
            Verdict::PassThrough => {}
        }
    }
    for (key, present) in [(CLIENT_MODE_FIELD, mode.is_some()), (PRECEDENCE_FIELD, precedence)] {
        if !present && !fields.iter().any(|(k, _)| k == key) {
            sink.error(Ptr::Root, Error::MissingKey { key });
        }
    }
    let mode = mode?;
    let [available, excluded] = lists;
    let state = match &available {
        _ if !valid => AllowListState::Broken,
        None => AllowListState::Absent,
        Some(list) if list.is_empty() => AllowListState::Empty,
        Some(_) => AllowListState::NonEmpty,
    };
    if let Some((place, error)) = interlock(mode, state) {
        let at = if place == At::ClientMode { Ptr::Root } else { Ptr::Root.key(Slot::Available.resolved_key()) };
        sink.error(at, error);
        valid = false;
    }
    (valid && precedence).then(|| ResolvedPolicy::from_parts(mode, available, excluded))
}

/// One stored list: every name a wire name, source-qualified, and listed once; `None` (with
/// every error in `sink`) otherwise.
fn stored_list(value: Node<'_>, slot: Slot, at: Ptr<'_>, sink: &mut Sink) -> Option<ToolList> {
    let Some(items) = value.array() else {
        sink.error(at, wrong_type("an array of tool names", value));
        return None;
    };
    let names = tool_names(&items, at, sink);
    let mut parsed = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        match name.as_deref().map(WireName::parse) {
            Some(Ok(name)) => parsed.push(name),
            Some(Err(error)) => sink.error(at.index(i), Error::Wire(error)),
            None => {}
        }
    }
    if parsed.len() != names.len() {
        return None;
    }
    ToolList::checked(parsed, slot)
        .map_err(|errors| {
            for (place, error) in errors.into_vec() {
                match place {
                    At::Tool(_, i) => sink.error(at.index(i), error),
                    _ => sink.error(at, error),
                }
            }
        })
        .ok()
}
