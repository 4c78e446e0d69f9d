//! Policies read back from storage (`Deserialize`). Reading is a front door like the others:
//! each form goes through the same checks and resolution rules, with the same messages, and
//! refuses a repeated or unknown key. A refusal is one serde error whose message holds every
//! error found, `; `-separated.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::claude_code::{ClaudeCodeSelection, SelectionDraft, ShapeDraft, ShapeValue};
use super::entry::{ClientMode, EntryDraft, PolicyEntry, SlotDraft};
use super::error::{Error, Errors, Slot};
use super::resolved::{ResolvedPolicy, TOOL_FILTER_PRECEDENCE, ToolList};
use super::vocab::{
    CLIENT_MODE_KEY, ENTRY_KEYS, ENTRY_KIND, ISOLATED, KIND_KEY, ONLY_KEY, SELECTION_KEYS, SELECTOR_KEYS,
};
use super::wire::WireName;
use crate::catalog::claude_code::ClaudeTool;

/// The next key of a map, once: a key outside `allowed` or given twice is refused.
fn next_key<'de, A: MapAccess<'de>>(
    map: &mut A,
    allowed: &'static [&'static str],
    seen: &mut Vec<&'static str>,
) -> Result<Option<&'static str>, A::Error> {
    let Some(key) = map.next_key::<String>()? else { return Ok(None) };
    let Some(known) = allowed.iter().copied().find(|k| *k == key) else {
        return Err(de::Error::custom(Error::UnknownKey { key, expected: allowed }));
    };
    if seen.contains(&known) {
        return Err(de::Error::custom(Error::DuplicateKey { key }));
    }
    seen.push(known);
    Ok(Some(known))
}

/// Every error, one serde error.
fn refuse<E: de::Error>(errors: &Errors) -> E {
    E::custom(errors.to_string().replace('\n', "; "))
}

impl<'de> Deserialize<'de> for WireName {
    /// A wire name, checked by the one grammar.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<WireName, D::Error> {
        let text = String::deserialize(deserializer)?;
        WireName::parse(&text).map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for ClientMode {
    /// `"copilot-cli"` or `"empty"`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ClientMode, D::Error> {
        let text = String::deserialize(deserializer)?;
        ClientMode::parse_json(&text).map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for ClaudeTool {
    /// A canonical name, or a legacy alias read as its canonical tool.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ClaudeTool, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}

/// `"*"` or a list of names, as a selection key's value.
enum Names {
    Text(String),
    List(Vec<String>),
}

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Names, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Names;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"*\" or a list of tool names")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Names, E> {
                Ok(Names::Text(text.to_owned()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Names, A::Error> {
                let mut names = Vec::with_capacity(seq.size_hint().unwrap_or(8));
                while let Some(name) = seq.next_element::<String>()? {
                    names.push(name);
                }
                Ok(Names::List(names))
            }
        }
        deserializer.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for ClaudeCodeSelection {
    /// `{"only": [...]}`, `{"disable": [...]}` or `{"disable": "*"}`, checked as the JSON
    /// reader checks it (unknown, removed and repeated names are refused).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ClaudeCodeSelection, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ClaudeCodeSelection;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a Claude Code selection object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ClaudeCodeSelection, A::Error> {
                let mut seen = Vec::new();
                let mut given = None;
                while let Some(key) = next_key(&mut map, SELECTION_KEYS, &mut seen)? {
                    given = Some((key, map.next_value::<Names>()?));
                }
                let only = seen.contains(&ONLY_KEY);
                ShapeDraft::one_key(only, seen.len() == 2 || (seen.len() == 1 && !only)).map_err(de::Error::custom)?;
                let Some((key, names)) = given else { return Err(de::Error::custom(Error::ClaudeShape)) };
                let value = match &names {
                    Names::Text(text) => ShapeValue::Str(text),
                    Names::List(_) => ShapeValue::List,
                };
                let shape = ShapeDraft::of(key, value).map_err(de::Error::custom)?;
                let names: Vec<Option<&str>> = match &names {
                    Names::List(names) => names.iter().map(|n| Some(n.as_str())).collect(),
                    Names::Text(_) => Vec::new(),
                };
                let (mut errors, mut warnings) = (Vec::new(), Vec::new());
                match (SelectionDraft { shape, names }).check(&mut errors, &mut warnings) {
                    Some(selection) if errors.is_empty() => Ok(selection),
                    _ => Err(refuse(&Errors::from(errors))),
                }
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// A selector's form, read once: `{"tools": [...]}` or `{"isolated": true}`.
enum SelectorRead {
    Isolated,
    Tools(Vec<String>),
}

impl<'de> Deserialize<'de> for SelectorRead {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SelectorRead, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = SelectorRead;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a selector object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SelectorRead, A::Error> {
                let mut seen = Vec::new();
                let mut read = None;
                while let Some(key) = next_key(&mut map, SELECTOR_KEYS, &mut seen)? {
                    read = Some(if key == ISOLATED {
                        if !map.next_value::<bool>()? {
                            return Err(de::Error::custom(Error::IsolatedNotTrue));
                        }
                        SelectorRead::Isolated
                    } else {
                        SelectorRead::Tools(map.next_value()?)
                    });
                }
                match (seen.len(), read) {
                    (1, Some(read)) => Ok(read),
                    (0, _) => Err(de::Error::custom(Error::EmptySelector)),
                    _ => Err(de::Error::custom(Error::BothSelectorKeys)),
                }
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// The slot a selector read gives the entry's checks.
fn draft_of(read: Option<&SelectorRead>) -> SlotDraft<'_> {
    match read {
        None => SlotDraft::Absent,
        Some(SelectorRead::Isolated) => SlotDraft::Isolated,
        Some(SelectorRead::Tools(names)) => SlotDraft::Tools(names.iter().map(|n| Some(n.as_str())).collect()),
    }
}

/// A binding: an object, whatever it holds.
struct Binding;

impl<'de> Deserialize<'de> for Binding {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Binding, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Binding;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a binding object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Binding, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Binding)
            }
        }
        deserializer.deserialize_map(V)
    }
}

impl<'de> Deserialize<'de> for PolicyEntry {
    /// The entry's JSON form (SPEC §1.3), with the same checks as the JSON reader: the exact
    /// `kind`, known keys once each, the selector shapes, names, duplicates and the interlock.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<PolicyEntry, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PolicyEntry;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a policy entry object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PolicyEntry, A::Error> {
                let mut seen = Vec::new();
                let (mut available, mut excluded, mut mode) = (None, None, None);
                while let Some(key) = next_key(&mut map, ENTRY_KEYS, &mut seen)? {
                    match key {
                        KIND_KEY => {
                            let kind: String = map.next_value()?;
                            if kind != ENTRY_KIND {
                                return Err(de::Error::custom(Error::WrongKind { found: kind }));
                            }
                        }
                        "name" | "description" => drop(map.next_value::<String>()?),
                        "bindings" => drop(map.next_value::<Vec<Binding>>()?),
                        CLIENT_MODE_KEY => mode = Some(map.next_value::<ClientMode>()?),
                        _ if key == Slot::Available.json_key() => available = Some(map.next_value::<SelectorRead>()?),
                        _ => excluded = Some(map.next_value::<SelectorRead>()?),
                    }
                }
                if !seen.contains(&KIND_KEY) {
                    return Err(de::Error::custom(Error::MissingKind));
                }
                let draft = EntryDraft {
                    client_mode: mode,
                    client_mode_invalid: false,
                    available: draft_of(available.as_ref()),
                    excluded: draft_of(excluded.as_ref()),
                };
                let mut errors = Vec::new();
                match draft.check(&mut errors) {
                    Some(entry) => Ok(entry),
                    None => Err(refuse(&Errors::from(errors))),
                }
            }
        }
        deserializer.deserialize_map(V)
    }
}

/// The keys of a resolved policy's form (SPEC §1.5).
const RESOLVED_KEYS: &[&str] = &["clientMode", "availableTools", "excludedTools", "toolFilterPrecedence"];

impl<'de> Deserialize<'de> for ResolvedPolicy {
    /// The form the runtime receives (SPEC §1.5), held to what resolution can give: every
    /// name source-qualified and listed once, precedence `excluded`, and an empty-mode policy
    /// with a non-empty allow-list.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ResolvedPolicy, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ResolvedPolicy;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a resolved policy object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ResolvedPolicy, A::Error> {
                let mut seen = Vec::new();
                let (mut mode, mut available, mut excluded) = (None, None, None);
                while let Some(key) = next_key(&mut map, RESOLVED_KEYS, &mut seen)? {
                    match key {
                        "clientMode" => mode = Some(map.next_value::<ClientMode>()?),
                        "availableTools" => available = Some(map.next_value::<Vec<WireName>>()?),
                        "excludedTools" => excluded = Some(map.next_value::<Vec<WireName>>()?),
                        _ => {
                            let precedence: String = map.next_value()?;
                            if precedence != TOOL_FILTER_PRECEDENCE {
                                return Err(de::Error::custom(format_args!(
                                    "`toolFilterPrecedence` is `{}`; a resolved policy always sends `{TOOL_FILTER_PRECEDENCE}` (deny wins)",
                                    crate::text::Shown(&precedence)
                                )));
                            }
                        }
                    }
                }
                for required in ["clientMode", "toolFilterPrecedence"] {
                    if !seen.contains(&required) {
                        return Err(de::Error::missing_field(required));
                    }
                }
                let mode = mode.unwrap_or_default();
                let list = |names: Option<Vec<WireName>>, slot: Slot| -> Result<Option<ToolList>, A::Error> {
                    let Some(names) = names else { return Ok(None) };
                    ToolList::checked(names, slot).map(Some).map_err(|errors| refuse(&errors))
                };
                let available = list(available, Slot::Available)?;
                let excluded = list(excluded, Slot::Excluded)?;
                if mode == ClientMode::Empty {
                    match &available {
                        None => return Err(de::Error::custom(Error::EmptyModeNeedsAllowList)),
                        Some(list) if list.is_empty() => return Err(de::Error::custom(Error::EmptyModeEmptyAllowList)),
                        Some(_) => {}
                    }
                }
                Ok(ResolvedPolicy::from_parts(mode, available, excluded))
            }
        }
        deserializer.deserialize_map(V)
    }
}
