//! The authored Copilot policy entry (SPEC §1.2–1.3): two optional selector slots and a
//! client mode, validated once, by [`EntryDraft::check`], for every front door.

use super::resolved::{ClientMode, check_duplicates};

use serde::ser::SerializeMap;

use super::names::ISOLATED_QUALIFIED;
use super::resolved::{ResolvedPolicy, ToolList};
use crate::copilot::catalog as copilot;
use crate::error::{At, Error, Errors, Warning};
use crate::names::vocab::{CLIENT_MODE_KEY, ENTRY_KIND, ISOLATED, KIND_KEY, Slot};
use crate::names::wire::{Source, WireName};

/// A validated selector: the isolated set, or exactly these names (possibly none).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Selector {
    /// `{"isolated": true}`: the SDK's isolated set.
    Isolated,
    /// `{"tools": [...]}`: these entries, in the author's order. May be empty.
    Tools(Vec<WireName>),
}

/// A validated Copilot policy entry, as its author wrote it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PolicyEntry {
    client_mode: ClientMode,
    available: Option<Selector>,
    excluded: Option<Selector>,
}

impl PolicyEntry {
    /// Validates an entry built in code: duplicates after qualification and the empty-mode
    /// interlock, with the same errors as the JSON loader.
    pub fn new(
        client_mode: ClientMode,
        available: Option<Selector>,
        excluded: Option<Selector>,
    ) -> Result<PolicyEntry, Errors> {
        let mut errors = Vec::new();
        for (slot, selector) in [(Slot::Available, &available), (Slot::Excluded, &excluded)] {
            if let Some(Selector::Tools(names)) = selector {
                check_duplicates(slot, None, names, &mut errors);
            }
        }
        let given = available.as_ref().map_or(AllowListState::Absent, AllowListState::of);
        errors.extend(interlock(client_mode, given));
        if errors.is_empty() { Ok(PolicyEntry { client_mode, available, excluded }) } else { Err(errors.into()) }
    }

    /// An entry whose rules the caller's types already guarantee (the builder).
    pub(crate) fn trusted(
        client_mode: ClientMode,
        available: Option<Selector>,
        excluded: Option<Selector>,
    ) -> PolicyEntry {
        PolicyEntry { client_mode, available, excluded }
    }

    /// The client mode.
    pub fn client_mode(&self) -> ClientMode {
        self.client_mode
    }

    /// The `available-tools` selector, if given.
    pub fn available(&self) -> Option<&Selector> {
        self.available.as_ref()
    }

    /// The `excluded-tools` selector, if given.
    pub fn excluded(&self) -> Option<&Selector> {
        self.excluded.as_ref()
    }

    /// Resolution, SPEC §1.4: the exact fields the runtime receives.
    #[must_use]
    pub fn resolve(&self) -> ResolvedPolicy {
        let available = self.available.as_ref().and_then(|selector| match selector {
            Selector::Isolated => Some(allow_list(ISOLATED_QUALIFIED.to_vec(), true)),
            Selector::Tools(names) => {
                // Rule 1: in copilot-cli mode, exactly ["*"] leaves the field unset.
                let only_star = matches!(names.as_slice(), [n] if !n.is_qualified() && n.is_wildcard());
                if self.client_mode == ClientMode::CopilotCli && only_star {
                    return None;
                }
                let governs_builtins_only = names.iter().all(|n| !n.is_qualified());
                Some(allow_list(names.iter().map(WireName::qualify).collect(), governs_builtins_only))
            }
        });
        let excluded = self.excluded.as_ref().map(|selector| match selector {
            Selector::Isolated => ToolList::from_qualified(ISOLATED_QUALIFIED.to_vec()),
            Selector::Tools(names) => ToolList::from_qualified(names.iter().map(WireName::qualify).collect()),
        });
        ResolvedPolicy::from_parts(self.client_mode, available, excluded)
    }

    /// Built-in names outside the pinned catalog (bare names and `builtin:<name>`), with the
    /// place each stands.
    pub fn warnings(&self) -> Vec<(At, Warning)> {
        let mut warnings = Vec::new();
        for (slot, selector) in [(Slot::Available, &self.available), (Slot::Excluded, &self.excluded)] {
            let Some(Selector::Tools(names)) = selector else { continue };
            for (i, name) in names.iter().enumerate() {
                if let Some(warning) = builtin_warning(name) {
                    warnings.push((At::Tool(slot, i), warning));
                }
            }
        }
        warnings
    }
}

impl serde::Serialize for Selector {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        match self {
            Selector::Isolated => map.serialize_entry(ISOLATED, &true)?,
            Selector::Tools(names) => map.serialize_entry("tools", names)?,
        }
        map.end()
    }
}

impl serde::Serialize for PolicyEntry {
    /// The entry in its JSON form (`client-mode` only when `empty`); reading it gives this
    /// entry back.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry(KIND_KEY, ENTRY_KIND)?;
        if self.client_mode == ClientMode::Empty {
            map.serialize_entry(CLIENT_MODE_KEY, &self.client_mode)?;
        }
        for (slot, selector) in Slot::BOTH.into_iter().zip([&self.available, &self.excluded]) {
            if let Some(selector) = selector {
                map.serialize_entry(slot.json_key(), selector)?;
            }
        }
        map.end()
    }
}

/// SPEC §1.4 rule 3: when the author named built-ins only, other sources stay.
fn allow_list(mut names: Vec<WireName>, governs_builtins_only: bool) -> ToolList {
    if governs_builtins_only {
        names.push(WireName::from_static("custom:*"));
        names.push(WireName::from_static("mcp:*"));
    }
    ToolList::from_qualified(names)
}

/// Whether `name` stands for a built-in the pinned catalog does not have.
pub(crate) fn is_unknown_builtin(name: &WireName) -> bool {
    let builtin = matches!(name.source(), None | Some(Source::Builtin));
    builtin && !name.is_wildcard() && !copilot::is_builtin(name.name())
}

/// A warning for a built-in name outside the pinned catalog.
pub(crate) fn builtin_warning(name: &WireName) -> Option<Warning> {
    is_unknown_builtin(name).then(|| unknown_builtin_warning(name, true))
}

/// The warning for `name`, a built-in the pinned catalog does not have; `suggest` says whether
/// to spend work on a did-you-mean (the JSON reader caps that per document).
pub(crate) fn unknown_builtin_warning(name: &WireName, suggest: bool) -> Warning {
    Warning::UnknownBuiltin {
        name: name.as_str().to_owned(),
        suggestion: if suggest { super::names::suggest(name.name()) } else { None },
        runtime: copilot::RUNTIME,
        cli_version: copilot::CLI_VERSION,
    }
}

/// An entry as the reader read it, before the rules of SPEC §1.1–1.3 are checked: the reader
/// reports structural problems (JSON types) and hands over what it could read;
/// [`EntryDraft::check`] does everything else.
#[derive(Clone, Debug, Default)]
pub(crate) struct EntryDraft<'a> {
    /// The client mode, if one was given and spelled correctly.
    pub(crate) client_mode: Option<ClientMode>,
    /// Whether a client mode was given but could not be read (already reported).
    pub(crate) client_mode_invalid: bool,
    /// The `available-tools` slot.
    pub(crate) available: SlotDraft<'a>,
    /// The `excluded-tools` slot.
    pub(crate) excluded: SlotDraft<'a>,
}

/// One selector slot as the reader read it.
#[derive(Clone, Debug, Default)]
pub(crate) enum SlotDraft<'a> {
    /// Not given.
    #[default]
    Absent,
    /// Given, but malformed; the front door has reported why.
    Invalid,
    /// `isolated`.
    Isolated,
    /// A list; `None` marks an item the front door already refused (a non-string).
    Tools(Vec<Option<&'a str>>),
}

impl EntryDraft<'_> {
    /// Checks every rule and returns the entry, or pushes every error found.
    pub(crate) fn check(&self, errors: &mut Vec<(At, Error)>) -> Option<PolicyEntry> {
        let before = errors.len();
        let available = check_slot(Slot::Available, &self.available, errors);
        let excluded = check_slot(Slot::Excluded, &self.excluded, errors);
        if !self.client_mode_invalid {
            let mode = self.client_mode.unwrap_or_default();
            let state = match (&self.available, &available) {
                (SlotDraft::Absent, _) => AllowListState::Absent,
                (_, Some(selector)) => AllowListState::of(selector),
                (_, None) => AllowListState::Broken,
            };
            errors.extend(interlock(mode, state));
        }
        // A slot that was written but did not check (an invalid item the front door already
        // reported) makes no entry: an entry never silently lacks a slot its author wrote.
        let lost = |draft: &SlotDraft<'_>, checked: &Option<Selector>| {
            !matches!(draft, SlotDraft::Absent) && checked.is_none()
        };
        let broken = self.client_mode_invalid || lost(&self.available, &available) || lost(&self.excluded, &excluded);
        (errors.len() == before && !broken).then(|| PolicyEntry {
            client_mode: self.client_mode.unwrap_or_default(),
            available,
            excluded,
        })
    }
}

/// Parses a slot's names; `None` when the slot is absent or broken.
fn check_slot(slot: Slot, draft: &SlotDraft<'_>, errors: &mut Vec<(At, Error)>) -> Option<Selector> {
    match draft {
        SlotDraft::Absent | SlotDraft::Invalid => None,
        SlotDraft::Isolated => Some(Selector::Isolated),
        SlotDraft::Tools(items) => {
            // The names that parse, with the position and text the author wrote: duplicates
            // are reported among them even when another item is broken.
            let mut names = Vec::with_capacity(items.len());
            let mut texts = Vec::with_capacity(items.len());
            let mut complete = true;
            for (i, item) in items.iter().enumerate() {
                match item.map(|text| (text, WireName::parse(text))) {
                    Some((text, Ok(name))) => {
                        names.push(name);
                        texts.push((i, text));
                    }
                    Some((_, Err(error))) => {
                        errors.push((At::Tool(slot, i), Error::Wire(error)));
                        complete = false;
                    }
                    None => complete = false,
                }
            }
            check_duplicates(slot, Some(&texts), &names, errors);
            complete.then_some(Selector::Tools(names))
        }
    }
}

/// The allow-list as the interlock sees it: what every form of a policy (an entry, a stored
/// resolved policy) tells it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum AllowListState {
    /// Not given.
    Absent,
    /// Given but malformed: already reported, so the interlock says nothing more.
    Broken,
    /// Given, with no entry (`{"tools": []}`, `"availableTools": []`).
    Empty,
    /// Given, with entries or as the isolated set.
    NonEmpty,
}

impl AllowListState {
    fn of(selector: &Selector) -> AllowListState {
        match selector {
            Selector::Tools(names) if names.is_empty() => AllowListState::Empty,
            _ => AllowListState::NonEmpty,
        }
    }
}

/// SPEC §1.3, the one text of the interlock: `empty` requires an allow-list, and not an empty
/// one. The error, and where it is (the client mode, or the allow-list).
pub(crate) fn interlock(mode: ClientMode, available: AllowListState) -> Option<(At, Error)> {
    match (mode, available) {
        (ClientMode::Empty, AllowListState::Absent) => Some((At::ClientMode, Error::EmptyModeNeedsAllowList)),
        (ClientMode::Empty, AllowListState::Empty) => {
            Some((At::Tools(Slot::Available), Error::EmptyModeEmptyAllowList))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[allow(clippy::unnecessary_wraps)] // a slot is an `Option<Selector>`
    fn tools(names: &[&'static str]) -> Option<Selector> {
        Some(Selector::Tools(names.iter().map(|n| WireName::from_static(n)).collect()))
    }

    fn resolve(mode: ClientMode, available: Option<Selector>, excluded: Option<Selector>) -> serde_json::Value {
        let entry = PolicyEntry::new(mode, available, excluded).unwrap();
        serde_json::to_value(entry.resolve()).unwrap()
    }

    fn field(value: &serde_json::Value, key: &str) -> Option<Vec<String>> {
        value.get(key).map(|v| serde_json::from_value(v.clone()).unwrap())
    }

    const CLI: ClientMode = ClientMode::CopilotCli;

    #[test]
    fn spec_examples_available() {
        let cases: [(&[&'static str], Option<&[&str]>); 6] = [
            (&["read_agent", "list_agents"], Some(&["builtin:read_agent", "builtin:list_agents", "custom:*", "mcp:*"])),
            (&[], Some(&["custom:*", "mcp:*"])),
            (&["mcp:*"], Some(&["mcp:*"])),
            (&["bash", "mcp:*"], Some(&["builtin:bash", "mcp:*"])),
            (&["*"], None),
            (&["builtin:*"], Some(&["builtin:*"])),
        ];
        for (input, expected) in cases {
            let value = resolve(CLI, tools(input), None);
            let expected = expected.map(|e| e.iter().map(|s| (*s).to_owned()).collect());
            assert_eq!(field(&value, "availableTools"), expected, "{input:?}");
            assert_eq!(field(&value, "excludedTools"), None);
        }
    }

    #[test]
    fn spec_examples_excluded() {
        let value = resolve(CLI, None, tools(&["*"]));
        assert_eq!(field(&value, "excludedTools").unwrap(), ["builtin:*"]);
        let value = resolve(CLI, None, tools(&[]));
        assert_eq!(field(&value, "excludedTools").unwrap(), Vec::<String>::new());
        let value = resolve(CLI, None, Some(Selector::Isolated));
        let expected: Vec<String> = copilot::ISOLATED.iter().map(|n| format!("builtin:{n}")).collect();
        assert_eq!(field(&value, "excludedTools").unwrap(), expected);
    }

    #[test]
    fn isolated_allow_list_keeps_other_sources() {
        let value = resolve(CLI, Some(Selector::Isolated), None);
        let mut expected: Vec<String> = copilot::ISOLATED.iter().map(|n| format!("builtin:{n}")).collect();
        expected.extend(["custom:*".to_owned(), "mcp:*".to_owned()]);
        assert_eq!(field(&value, "availableTools").unwrap(), expected);
    }

    #[test]
    fn empty_mode_star_is_not_unset() {
        let value = resolve(ClientMode::Empty, tools(&["*"]), None);
        assert_eq!(field(&value, "availableTools").unwrap(), ["builtin:*", "custom:*", "mcp:*"]);
        assert_eq!(value["clientMode"], "empty");
    }

    #[test]
    fn interlock() {
        let errors = PolicyEntry::new(ClientMode::Empty, None, None).unwrap_err();
        assert_eq!(errors, [(At::ClientMode, Error::EmptyModeNeedsAllowList)]);
        let errors = PolicyEntry::new(ClientMode::Empty, tools(&[]), None).unwrap_err();
        assert_eq!(errors, [(At::Tools(Slot::Available), Error::EmptyModeEmptyAllowList)]);
        assert!(PolicyEntry::new(ClientMode::Empty, Some(Selector::Isolated), None).is_ok());
        assert!(PolicyEntry::new(ClientMode::Empty, tools(&["mcp:*"]), None).is_ok());
        // Excluded-only in empty mode is refused too: the allow-list is what it needs.
        assert!(PolicyEntry::new(ClientMode::Empty, None, tools(&["bash"])).is_err());
    }

    #[test]
    fn duplicates_after_qualification_name_both_positions() {
        let errors = PolicyEntry::new(CLI, tools(&["bash", "view", "builtin:bash"]), None).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].0, At::Tool(Slot::Available, 2));
        assert_eq!(
            errors[0].1.to_string(),
            "`builtin:bash` is listed twice, as `bash` (item 0) and `builtin:bash` (item 2); remove one"
        );
        assert!(PolicyEntry::new(CLI, None, tools(&["*", "builtin:*"])).is_err());
        assert!(PolicyEntry::new(CLI, None, tools(&["mcp:x", "mcp:x"])).is_err());
        // Different sources are different tools.
        assert!(PolicyEntry::new(CLI, tools(&["custom:bash", "bash"]), None).is_ok());
    }

    #[test]
    fn duplicates_after_a_broken_item_keep_the_positions_written() {
        let draft = EntryDraft {
            available: SlotDraft::Tools(vec![Some("bash*"), None, Some("bash"), Some("builtin:bash")]),
            ..EntryDraft::default()
        };
        let mut errors = Vec::new();
        assert!(draft.check(&mut errors).is_none());
        let (at, error) = errors.last().unwrap();
        assert_eq!(*at, At::Tool(Slot::Available, 3));
        assert_eq!(
            error.to_string(),
            "`builtin:bash` is listed twice, as `bash` (item 2) and `builtin:bash` (item 3); remove one"
        );
    }

    #[test]
    fn draft_reports_every_error() {
        let draft = EntryDraft {
            client_mode: Some(ClientMode::Empty),
            available: SlotDraft::Tools(vec![Some("foo:bar"), Some("bash*"), None]),
            excluded: SlotDraft::Tools(vec![Some("bash"), Some("builtin:bash")]),
            ..EntryDraft::default()
        };
        let mut errors = Vec::new();
        assert!(draft.check(&mut errors).is_none());
        let places: Vec<At> = errors.iter().map(|(at, _)| *at).collect();
        assert_eq!(places, [At::Tool(Slot::Available, 0), At::Tool(Slot::Available, 1), At::Tool(Slot::Excluded, 1)]);
    }

    #[test]
    fn a_slot_with_an_item_already_refused_makes_no_entry() {
        // `{"tools": [null]}`: the front door reported the item; the entry must not come back
        // without its allow-list (empty mode with no allow-list at all).
        let draft = EntryDraft {
            client_mode: Some(ClientMode::Empty),
            available: SlotDraft::Tools(vec![None]),
            ..EntryDraft::default()
        };
        let mut errors = Vec::new();
        assert!(draft.check(&mut errors).is_none());
        let deny = EntryDraft { excluded: SlotDraft::Tools(vec![Some("bash"), None]), ..EntryDraft::default() };
        assert!(deny.check(&mut errors).is_none(), "a deny-list is never dropped either");
    }

    #[test]
    fn draft_does_not_claim_a_missing_allow_list_when_it_is_broken() {
        let draft =
            EntryDraft { client_mode: Some(ClientMode::Empty), available: SlotDraft::Invalid, ..EntryDraft::default() };
        let mut errors = Vec::new();
        assert!(draft.check(&mut errors).is_none());
        assert!(errors.is_empty(), "the broken slot was already reported: {errors:?}");
    }

    #[test]
    fn warnings_for_names_outside_the_catalog() {
        let entry =
            PolicyEntry::new(CLI, tools(&["bsah", "mcp:whatever", "custom:x"]), tools(&["builtin:vew", "*"])).unwrap();
        let warnings = entry.warnings();
        assert_eq!(warnings.len(), 2);
        assert_eq!(warnings[0].0, At::Tool(Slot::Available, 0));
        assert!(warnings[0].1.to_string().contains("did you mean `bash`?"));
        assert_eq!(warnings[1].0, At::Tool(Slot::Excluded, 0));
    }
}
