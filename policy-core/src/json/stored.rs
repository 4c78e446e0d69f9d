//! The stored forms read back (`Deserialize`): a policy entry, a Claude Code selection and a
//! resolved policy. Reading is a front door like the others and goes through this reader:
//! the input, from any self-describing deserializer, becomes the reader's tree, and the same
//! checks give the same errors as `json::load`. A refusal is one serde error that holds every
//! error found, `; `-separated, each naming the stored form's own key where it is not the
//! whole value.

use serde::de::{self, Deserialize, Deserializer};

use crate::claude_code::ClaudeAgents;
use crate::claude_code::read_agents as claude_agents;
use crate::copilot::entry::{AllowListState, PolicyEntry, interlock};
use crate::copilot::read as copilot;
use crate::copilot::resolved::{ClientMode, ResolvedPolicy, ToolList};
use crate::error::{At, Error};
use crate::names::vocab::{CLIENT_MODE_FIELD, PRECEDENCE_FIELD, RESOLVED_KEYS, Slot, TOOL_FILTER_PRECEDENCE};
use crate::names::wire::WireName;
use crate::reader::options::{LoadError, Options};
use crate::reader::tree::{Node, Ptr, Sink, Value, tool_names, unique_keys, wrong_type};
use crate::selection::read as claude_code;
use crate::selection::{CatalogName, Selection};
use crate::text::Shown;

/// Reads the deserializer's value with `read`; every error the reader found, or none.
fn read_stored<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    read: impl FnOnce(Node<'_>, &mut Sink) -> Option<T>,
) -> Result<T, D::Error> {
    let value = Value::deserialize(deserializer)?;
    let mut sink = Sink::reading(Node::root(&value), Options::default());
    let read = read(Node::root(&value), &mut sink);
    match (sink.finish(), read) {
        (Ok(_), Some(value)) => Ok(value),
        (Err(LoadError::Invalid(report)), _) => {
            let messages: Vec<String> = report
                .errors
                .iter()
                .map(|error| match error.pointer.as_str() {
                    "" => error.item.to_string(),
                    pointer => format!("{} (at {})", error.item, Shown(pointer)),
                })
                .collect();
            Err(de::Error::custom(messages.join("; ")))
        }
        // Every reader reports why it read nothing; were one not to, the value is still
        // refused.
        _ => Err(de::Error::custom("refused: the value holds no valid form")),
    }
}

impl<'de> Deserialize<'de> for PolicyEntry {
    /// The entry's JSON form (SPEC §1.3), read as `json::load_entry` reads it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PolicyEntry, D::Error> {
        read_stored(deserializer, copilot::single_entry)
    }
}

impl<'de, T: CatalogName> Deserialize<'de> for Selection<T> {
    /// `{"only": [...]}`, `{"disable": [...]}` or `{"disable": "*"}`, read as
    /// `json::load_claude_code` and `json::load_gemini_cli` read a selection (aliases are read
    /// as their canonical tool).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Selection<T>, D::Error> {
        read_stored(deserializer, |root, sink| claude_code::selection(root, Ptr::Root, sink))
    }
}

impl<'de> Deserialize<'de> for ClaudeAgents {
    /// The `--agents` object (agents keyed by name, each with the CLI's own fields), read as
    /// `json::load_claude_code` reads `agents`. Whether the agents stay within a main
    /// selection is checked where that selection is known (`ClaudeAgents::check`).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ClaudeAgents, D::Error> {
        read_stored(deserializer, |root, sink| {
            Some(ClaudeAgents::new(claude_agents::agent_map(root, Ptr::Root, sink).into_iter().map(|(agent, _)| agent)))
        })
    }
}

impl serde::Serialize for ClaudeAgents {
    /// The `--agents` object.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
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
        let slot = Slot::BOTH.into_iter().find(|slot| slot.resolved_key() == key);
        match (key.as_ref(), slot) {
            (CLIENT_MODE_FIELD, _) => match value.string().as_deref().map(ClientMode::parse_json) {
                Some(Ok(read)) => mode = Some(read),
                Some(Err(error)) => sink.error(at, error),
                None => sink.error(at, wrong_type("`\"copilot-cli\"` or `\"empty\"`", *value)),
            },
            (PRECEDENCE_FIELD, _) => match value.string() {
                Some(found) if found == TOOL_FILTER_PRECEDENCE => precedence = true,
                Some(found) => sink.error(at, Error::WrongPrecedence { found: found.into_owned() }),
                None => sink.error(at, wrong_type("a string", *value)),
            },
            (_, Some(slot)) => {
                let list = value.array().map(|items| tool_names(&items, at, sink));
                let Some(names) = list else {
                    sink.error(at, wrong_type("an array of tool names", *value));
                    valid = false;
                    continue;
                };
                let mut parsed = Vec::with_capacity(names.len());
                for (i, name) in names.iter().enumerate() {
                    match name.as_deref().map(WireName::parse) {
                        Some(Ok(name)) => parsed.push(name),
                        Some(Err(error)) => sink.error(at.index(i), Error::Wire(error)),
                        None => {}
                    }
                }
                if parsed.len() != names.len() {
                    valid = false;
                    continue;
                }
                match ToolList::checked(parsed, slot) {
                    Ok(list) => lists[usize::from(slot == Slot::Excluded)] = Some(list),
                    Err(errors) => {
                        for (place, error) in errors.into_vec() {
                            match place {
                                At::Tool(_, i) => sink.error(at.index(i), error),
                                _ => sink.error(at, error),
                            }
                        }
                        valid = false;
                    }
                }
            }
            _ => {
                sink.error(at, Error::UnknownKey { key: key.clone().into_owned(), expected: RESOLVED_KEYS });
                valid = false;
            }
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
