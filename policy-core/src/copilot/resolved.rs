//! The resolved policy: the exact fields a Copilot runtime receives (SPEC §1.5), and the
//! library's model of how the runtime decides one tool (SPEC §1.6).

use std::borrow::Cow;
use std::fmt;

use serde::ser::{SerializeSeq, SerializeStruct};

use crate::error::{At, EMPTY_MODE_NEEDS_ALLOW_LIST, Error, Errors};
use crate::names::vocab::{CLIENT_MODE_FIELD, PRECEDENCE_FIELD, Slot};
use crate::names::wire::{Source, Tool, WireError, WireName};
use crate::seen::{Seen, repeats};

/// A set filter list: every entry source-qualified, in the order the runtime receives them.
///
/// An empty list is a real value: as `availableTools` it offers nothing, as `excludedTools`
/// it removes nothing. "Unset" is the absence of a `ToolList` (`None`).
#[derive(Clone)]
pub struct ToolList {
    names: Cow<'static, [WireName]>,
}

impl ToolList {
    /// Macro plumbing: a list from `'static` qualified names.
    ///
    /// # Panics
    ///
    /// When a name is bare; in a `const` item that is a compile error.
    #[doc(hidden)]
    #[track_caller]
    pub const fn __from_static(names: &'static [WireName]) -> ToolList {
        let mut i = 0;
        while i < names.len() {
            assert!(
                names[i].source().is_some(),
                "a resolved tool list holds source-qualified names only (`builtin:bash`, not `bash`)"
            );
            i += 1;
        }
        ToolList { names: Cow::Borrowed(names) }
    }

    /// A list read back from storage, held to what resolution gives: every name
    /// source-qualified and each tool once.
    pub(crate) fn checked(names: Vec<WireName>, slot: Slot) -> Result<ToolList, Errors> {
        let mut errors = Vec::new();
        for (i, name) in names.iter().enumerate().filter(|(_, name)| !name.is_qualified()) {
            errors.push((At::Tool(slot, i), Error::BareNameInResolved { name: name.as_str().to_owned() }));
        }
        check_duplicates(slot, None, &names, &mut errors);
        if errors.is_empty() { Ok(ToolList::from_qualified(names)) } else { Err(errors.into()) }
    }

    pub(crate) fn from_qualified(names: Vec<WireName>) -> ToolList {
        debug_assert!(names.iter().all(WireName::is_qualified));
        ToolList { names: Cow::Owned(names) }
    }

    /// The entries.
    pub fn as_slice(&self) -> &[WireName] {
        &self.names
    }

    /// The entries as the runtime receives them.
    pub fn to_strings(&self) -> Vec<String> {
        self.names.iter().map(|n| n.as_str().to_owned()).collect()
    }

    /// Whether the list has no entry.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// The first pattern, in list order, matching `tool` (SPEC §1.6).
    pub fn find(&self, tool: &Tool<'_>) -> Option<&WireName> {
        self.names.iter().find(|pattern| pattern.matches(tool))
    }

    /// The list indexed for many look-ups: [`ListIndex::find`] answers as [`ToolList::find`]
    /// does, in constant time.
    pub(crate) fn index(&self) -> ListIndex<'_> {
        let names = std::array::from_fn(|_| Seen::with_capacity(0));
        let mut index = ListIndex { names, wildcards: [None; 3], list: self };
        for (i, pattern) in self.names.iter().enumerate() {
            match pattern.source() {
                Some(source) if pattern.is_wildcard() => {
                    index.wildcards[source as usize].get_or_insert(i);
                }
                // A bare `*` matches no tool ([`WireName::matches`]).
                None if pattern.is_wildcard() => {}
                source => {
                    index.names[source.map_or(BARE, |source| source as usize)].repeat(pattern.name(), i);
                }
            }
        }
        index
    }

    /// Whether `pattern` is an entry of this list.
    pub fn contains(&self, pattern: &WireName) -> bool {
        self.names.contains(pattern)
    }

    /// Appends names.
    pub(crate) fn extend(&mut self, names: Vec<WireName>) {
        self.names.to_mut().extend(names);
    }
}

/// Where [`ListIndex`] keeps bare names, after the three sources.
const BARE: usize = 3;

/// A [`ToolList`] indexed by what each pattern matches: the first position of each named
/// pattern (`builtin:bash`, or a bare `bash` for every source) and of each source's wildcard.
pub(crate) struct ListIndex<'a> {
    /// The first position of each name, per source, then for bare names ([`BARE`]).
    names: [Seen<'a>; 4],
    wildcards: [Option<usize>; 3],
    list: &'a ToolList,
}

impl<'a> ListIndex<'a> {
    /// The first pattern, in list order, that matches every tool `pattern` (qualified) can
    /// match: the same source's wildcard, or, for a named pattern, the same name.
    pub(crate) fn covering(&self, pattern: &WireName) -> Option<&'a WireName> {
        let (source, name) = pattern.tool_key();
        let wildcard = self.wildcards[source as usize];
        let named = if pattern.is_wildcard() { None } else { self.names[source as usize].first(name) };
        [named, wildcard].into_iter().flatten().min().map(|i| &self.list.names[i])
    }

    /// Whether any pattern can match a tool `pattern` (qualified) matches: a pattern of the
    /// same source, for a wildcard; else the same name or the source's wildcard.
    pub(crate) fn reaches(&self, pattern: &WireName) -> bool {
        let (source, name) = pattern.tool_key();
        let at = source as usize;
        self.wildcards[at].is_some()
            || if pattern.is_wildcard() { !self.names[at].is_empty() } else { self.names[at].contains(name) }
    }

    /// The first pattern, in list order, matching `tool`: as [`ToolList::find`].
    pub(crate) fn find(&self, tool: &Tool<'_>) -> Option<&'a WireName> {
        let named = |at: usize| self.names[at].first(tool.name());
        [named(tool.source() as usize), named(BARE), self.wildcards[tool.source() as usize]]
            .into_iter()
            .flatten()
            .min()
            .map(|i| &self.list.names[i])
    }
}

impl PartialEq for ToolList {
    fn eq(&self, other: &ToolList) -> bool {
        self.names == other.names
    }
}

impl Eq for ToolList {}

impl std::hash::Hash for ToolList {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.names.hash(state);
    }
}

impl fmt::Debug for ToolList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names.iter().map(WireName::as_str)).finish()
    }
}

impl serde::Serialize for ToolList {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.names.len()))?;
        for name in self.names.iter() {
            seq.serialize_element(name.as_str())?;
        }
        seq.end()
    }
}

/// What a Copilot runtime receives for one agent: the client mode and the two filter lists.
///
/// All three front doors produce this type through the same resolution code: the
/// `builtin_tools!` macro (as a `const`), the builder and the JSON loader. It serializes to
/// exactly SPEC §1.5:
///
/// ```
/// # use policy_core::ResolvedPolicy;
/// let json = serde_json::to_string(&ResolvedPolicy::DEFAULT).unwrap();
/// assert_eq!(json, r#"{"clientMode":"copilot-cli","toolFilterPrecedence":"excluded"}"#);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ResolvedPolicy {
    client_mode: ClientMode,
    available_tools: Option<ToolList>,
    excluded_tools: Option<ToolList>,
}

/// Why a tool is or is not offered, naming the deciding pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Decision<'p> {
    /// Offered: no allow-list is set and no excluded pattern matches.
    OfferedNoAllowList,
    /// Offered: this allow-list pattern matches and no excluded pattern does.
    OfferedBy(&'p WireName),
    /// Not offered: this excluded pattern matches (exclusion always wins).
    ExcludedBy(&'p WireName),
    /// Not offered: an allow-list is set and no pattern in it matches.
    NotInAllowList,
}

impl Decision<'_> {
    /// Whether the session offers the tool.
    pub fn is_offered(&self) -> bool {
        matches!(self, Decision::OfferedNoAllowList | Decision::OfferedBy(_))
    }
}

impl fmt::Display for Decision<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::OfferedNoAllowList => f.write_str("offered (no allow-list is set, no excluded pattern matches)"),
            Decision::OfferedBy(p) => write!(f, "offered (allowed by `{p}`, no excluded pattern matches)"),
            Decision::ExcludedBy(p) => write!(f, "not offered (excluded by `{p}`)"),
            Decision::NotInAllowList => f.write_str("not offered (no allow-list pattern matches)"),
        }
    }
}

impl ResolvedPolicy {
    /// No policy: `copilot-cli` mode, no filter. What `builtin_tools! {}` gives.
    pub const DEFAULT: ResolvedPolicy =
        ResolvedPolicy { client_mode: ClientMode::CopilotCli, available_tools: None, excluded_tools: None };

    /// Macro plumbing: a policy from lists the macro resolved at expansion time.
    ///
    /// # Panics
    ///
    /// When a list holds a bare name, or an empty-mode policy has no non-empty allow-list
    /// (the macro never emits either); in a `const` that is a compile error.
    #[doc(hidden)]
    #[track_caller]
    pub const fn __from_static(
        client_mode: ClientMode,
        available_tools: Option<ToolList>,
        excluded_tools: Option<ToolList>,
    ) -> ResolvedPolicy {
        if let ClientMode::Empty = client_mode {
            match &available_tools {
                Some(ToolList { names: Cow::Borrowed(names), .. }) if !names.is_empty() => {}
                _ => panic!("{}", EMPTY_MODE_NEEDS_ALLOW_LIST),
            }
        }
        ResolvedPolicy { client_mode, available_tools, excluded_tools }
    }

    /// The policy as Rust source of a `const` expression built through `private` (`__private`
    /// of the facade): each list a `const` array, checked again by `__from_static`.
    #[doc(hidden)]
    pub fn rust_source(&self, private: &str) -> String {
        if *self == ResolvedPolicy::DEFAULT {
            return format!("{private}::ResolvedPolicy::DEFAULT");
        }
        let list = |name: &str, list: Option<&ToolList>| match list {
            Some(list) => {
                let names: Vec<String> = list
                    .as_slice()
                    .iter()
                    .map(|n| format!("{private}::WireName::from_static({:?})", n.as_str()))
                    .collect();
                let item = format!("const {name}: &[{private}::WireName; {}] = &[{}];", names.len(), names.join(", "));
                (item, format!("{private}::Some({private}::ToolList::__from_static({name}))"))
            }
            None => (String::new(), format!("{private}::None")),
        };
        let (available_item, available) = list("AVAILABLE", self.available_tools.as_ref());
        let (excluded_item, excluded) = list("EXCLUDED", self.excluded_tools.as_ref());
        let mode = match self.client_mode {
            ClientMode::CopilotCli => "CopilotCli",
            ClientMode::Empty => "Empty",
        };
        format!(
            "{{ {available_item} {excluded_item} const {{ {private}::ResolvedPolicy::__from_static({private}::ClientMode::{mode}, {available}, {excluded}) }} }}"
        )
    }

    pub(crate) fn from_parts(
        client_mode: ClientMode,
        available_tools: Option<ToolList>,
        excluded_tools: Option<ToolList>,
    ) -> ResolvedPolicy {
        debug_assert!(
            client_mode == ClientMode::CopilotCli || available_tools.as_ref().is_some_and(|l| !l.is_empty()),
            "resolution never gives an empty-mode policy without an allow-list"
        );
        ResolvedPolicy { client_mode, available_tools, excluded_tools }
    }

    /// The client mode (a client property, never sent on a session).
    pub const fn client_mode(&self) -> ClientMode {
        self.client_mode
    }

    /// `availableTools`, or `None` when unset (every tool, SDK default).
    pub fn available_tools(&self) -> Option<&ToolList> {
        self.available_tools.as_ref()
    }

    /// `excludedTools`, or `None` when unset.
    pub fn excluded_tools(&self) -> Option<&ToolList> {
        self.excluded_tools.as_ref()
    }

    /// SPEC §1.6: whether the session offers `tool`, and the deciding pattern. Excluded
    /// patterns always win (the library always sends `toolFilterPrecedence: "excluded"`).
    #[must_use]
    pub fn decide(&self, tool: &Tool<'_>) -> Decision<'_> {
        if let Some(pattern) = self.excluded_tools.as_ref().and_then(|list| list.find(tool)) {
            return Decision::ExcludedBy(pattern);
        }
        match &self.available_tools {
            None => Decision::OfferedNoAllowList,
            Some(list) => list.find(tool).map_or(Decision::NotInAllowList, Decision::OfferedBy),
        }
    }

    /// [`ResolvedPolicy::decide`] for many tools: the lists are indexed once, and each tool
    /// is then decided in constant time.
    pub(crate) fn decider<'p>(&'p self) -> impl Fn(&Tool<'_>) -> Decision<'p> + 'p {
        let excluded = self.excluded_tools.as_ref().map(ToolList::index);
        let available = self.available_tools.as_ref().map(ToolList::index);
        move |tool| {
            if let Some(pattern) = excluded.as_ref().and_then(|list| list.find(tool)) {
                return Decision::ExcludedBy(pattern);
            }
            match &available {
                None => Decision::OfferedNoAllowList,
                Some(list) => list.find(tool).map_or(Decision::NotInAllowList, Decision::OfferedBy),
            }
        }
    }

    /// Whether the session offers `tool`.
    pub fn offers(&self, tool: &Tool<'_>) -> bool {
        self.decide(tool).is_offered()
    }

    /// The policy for a session that also offers tools added at invocation (handoff
    /// transfer tools, SPEC §3): when the allow-list is set and lacks `custom:*`, each name is
    /// added as `custom:<name>` (else the agent could not hand off). The deny-list is
    /// untouched, so an excluded tool stays excluded.
    #[must_use = "the extended policy is returned; the original is unchanged"]
    pub fn with_invocation_tools<'n>(
        &self,
        names: impl IntoIterator<Item = &'n str>,
    ) -> Result<ResolvedPolicy, WireError> {
        let mut policy = self.clone();
        let wildcard = WireName::from_static("custom:*");
        if let Some(list) = policy.available_tools.as_mut().filter(|list| !list.contains(&wildcard)) {
            let patterns = names
                .into_iter()
                .map(|name| WireName::with_source(Source::Custom, name))
                .collect::<Result<Vec<_>, _>>()?;
            let added: Vec<WireName> = {
                let listed = Seen::of(list.as_slice().iter().map(WireName::as_str));
                let repeated = repeats(patterns.iter().map(WireName::as_str));
                let new = |pattern: &WireName| !pattern.is_wildcard() && !listed.contains(pattern.as_str());
                patterns
                    .iter()
                    .zip(repeated)
                    .filter(|(p, repeated)| !repeated && new(p))
                    .map(|(p, _)| p.clone())
                    .collect()
            };
            list.extend(added);
        }
        Ok(policy)
    }
}

impl Default for ResolvedPolicy {
    fn default() -> ResolvedPolicy {
        ResolvedPolicy::DEFAULT
    }
}

impl fmt::Debug for ResolvedPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ResolvedPolicy")
            .field("client_mode", &self.client_mode)
            .field("available_tools", &self.available_tools)
            .field("excluded_tools", &self.excluded_tools)
            .finish()
    }
}

pub use crate::names::vocab::TOOL_FILTER_PRECEDENCE;

impl serde::Serialize for ResolvedPolicy {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let len = 2 + usize::from(self.available_tools.is_some()) + usize::from(self.excluded_tools.is_some());
        let mut s = serializer.serialize_struct("ResolvedPolicy", len)?;
        s.serialize_field(CLIENT_MODE_FIELD, &self.client_mode)?;
        serialize_filter(&mut s, self)?;
        s.end()
    }
}

/// The session fields of a policy: the lists when set, and the precedence.
pub(crate) fn serialize_filter<S: SerializeStruct>(s: &mut S, policy: &ResolvedPolicy) -> Result<(), S::Error> {
    for (slot, list) in [(Slot::Available, &policy.available_tools), (Slot::Excluded, &policy.excluded_tools)] {
        match list {
            Some(list) => s.serialize_field(slot.resolved_key(), list)?,
            None => s.skip_field(slot.resolved_key())?,
        }
    }
    s.serialize_field(PRECEDENCE_FIELD, TOOL_FILTER_PRECEDENCE)
}

/// The Copilot SDK client mode: a property of the client, never sent on a session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClientMode {
    /// The CLI's defaults: every tool unless a filter says otherwise.
    #[default]
    CopilotCli,
    /// Nothing is offered unless the session's allow-list names it.
    Empty,
}

/// Each client mode with its two spellings, JSON (`copilot-cli`) and `builtin_tools!`
/// (`copilot_cli`): the one place they are written.
const CLIENT_MODES: [(ClientMode, &str, &str); 2] =
    [(ClientMode::CopilotCli, "copilot-cli", "copilot_cli"), (ClientMode::Empty, "empty", "empty")];

impl ClientMode {
    /// The JSON spellings, in the order error messages list them.
    pub const JSON_NAMES: &'static [&'static str] = &[CLIENT_MODES[0].1, CLIENT_MODES[1].1];
    /// The `builtin_tools!` spellings.
    pub const MACRO_NAMES: &'static [&'static str] = &[CLIENT_MODES[0].2, CLIENT_MODES[1].2];

    /// The wire spelling: `copilot-cli` or `empty`.
    pub const fn as_str(self) -> &'static str {
        CLIENT_MODES[self as usize].1
    }

    /// Parses a JSON spelling.
    pub fn parse_json(text: &str) -> Result<ClientMode, Error> {
        let found = CLIENT_MODES.iter().find(|(_, json, _)| *json == text).map(|(mode, _, _)| *mode);
        found.ok_or_else(|| Error::UnknownClientMode { value: text.to_owned(), expected: ClientMode::JSON_NAMES })
    }

    /// Parses a `builtin_tools!` spelling.
    pub fn parse_macro(text: &str) -> Result<ClientMode, Error> {
        let found = CLIENT_MODES.iter().find(|(_, _, spelled)| *spelled == text).map(|(mode, _, _)| *mode);
        found.ok_or_else(|| Error::UnknownClientMode { value: text.to_owned(), expected: ClientMode::MACRO_NAMES })
    }
}

// The JSON spelling: `copilot-cli` or `empty`.
string_form!(ClientMode, |mode: &ClientMode| mode.as_str(), parse: ClientMode::parse_json, error: Error, serde);

/// SPEC §1.2: a list naming the same tool twice after qualification. `texts` pairs each
/// name's position with what the author wrote; `None` when each name is its own text, at
/// its own position.
pub(crate) fn check_duplicates(
    slot: Slot,
    texts: Option<&[(usize, &str)]>,
    names: &[WireName],
    errors: &mut Vec<(At, Error)>,
) {
    let key = WireName::tool_key;
    if names.len() < 2 {
        return;
    }
    let text = |i: usize| texts.map_or((i, names[i].as_str()), |texts| texts[i]);
    let mut report = |first: usize, second: usize| {
        let (source, name) = key(&names[second]);
        errors.push((
            At::Tool(slot, text(second).0),
            Error::DuplicateTool {
                qualified: format!("{source}:{name}"),
                first: (text(first).0, text(first).1.to_owned()),
                second: (text(second).0, text(second).1.to_owned()),
            },
        ));
    };
    // A tool is its source and name: one record of names per source.
    let mut seen: [Seen<'_>; 3] = std::array::from_fn(|_| Seen::with_capacity(0));
    for (second, name) in names.iter().enumerate() {
        let (source, name) = key(name);
        if let Some(first) = seen[source as usize].repeat(name, second) {
            report(first, second);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_answers_as_the_list_does() {
        let patterns =
            ["custom:x", "bash", "builtin:*", "mcp:s-t", "*", "builtin:bash", "mcp:*", "custom:*", "view", "x"];
        let tools: Vec<Tool<'_>> = ["bash", "view", "x", "s-t", "other", "*"]
            .iter()
            .flat_map(|name| Source::ALL.map(|source| Tool::new(source, name)))
            .collect();
        // Every window of the patterns, so each pattern is first, last and between others.
        for start in 0..patterns.len() {
            for end in start..=patterns.len() {
                let list = ToolList {
                    names: Cow::Owned(patterns[start..end].iter().map(|p| WireName::parse(p).unwrap()).collect()),
                };
                let index = list.index();
                for tool in &tools {
                    assert_eq!(index.find(tool), list.find(tool), "{:?} in {:?}", tool, &patterns[start..end]);
                }
                // A resolved list is qualified: `covering` and `reaches` answer as a search of
                // it does, for every qualified pattern (seeded once with `covering` ignoring
                // the source's wildcard, and this failed).
                if patterns[start..end].iter().any(|p| !p.contains(':')) {
                    continue;
                }
                for pattern in patterns.iter().map(|p| WireName::parse(p).unwrap().qualify()) {
                    let (source, name) = pattern.tool_key();
                    let same = |e: &WireName| e.tool_key().0 == source;
                    let covers =
                        |e: &&WireName| same(e) && (e.is_wildcard() || (!pattern.is_wildcard() && e.name() == name));
                    let reaches =
                        |e: &WireName| same(e) && (e.is_wildcard() || pattern.is_wildcard() || e.name() == name);
                    assert_eq!(index.covering(&pattern), list.as_slice().iter().find(covers), "{pattern}");
                    assert_eq!(index.reaches(&pattern), list.as_slice().iter().any(reaches), "{pattern}");
                }
            }
        }
    }

    #[test]
    fn client_modes_stand_in_their_order() {
        for (i, (mode, json, spelled)) in CLIENT_MODES.into_iter().enumerate() {
            assert_eq!(mode as usize, i, "as_str indexes the table by the variant");
            assert_eq!(
                (mode.as_str(), ClientMode::parse_json(json), ClientMode::parse_macro(spelled)),
                (json, Ok(mode), Ok(mode))
            );
        }
    }

    const AVAILABLE: &[WireName; 2] = &[WireName::from_static("mcp:*"), WireName::from_static("builtin:view")];
    const EXCLUDED: &[WireName; 2] = &[WireName::from_static("builtin:bash"), WireName::from_static("mcp:echo-ping")];
    const LOCKED: ResolvedPolicy = ResolvedPolicy::__from_static(
        ClientMode::Empty,
        Some(ToolList::__from_static(AVAILABLE)),
        Some(ToolList::__from_static(EXCLUDED)),
    );

    #[test]
    fn find_returns_the_first_match_in_list_order() {
        let list = ToolList::from_qualified(
            ["custom:a", "builtin:bash", "mcp:*", "builtin:*", "custom:bash", "builtin:bash"]
                .map(|n| WireName::parse(n).unwrap())
                .to_vec(),
        );
        let found = |tool: Tool<'_>| list.find(&tool).map(WireName::as_str);
        assert_eq!(found(Tool::builtin("bash")), Some("builtin:bash"));
        assert_eq!(found(Tool::builtin("view")), Some("builtin:*"));
        assert_eq!(found(Tool::custom("bash")), Some("custom:bash"));
        assert_eq!(found(Tool::custom("a")), Some("custom:a"));
        assert_eq!(found(Tool::custom("b")), None);
        assert_eq!(found(Tool::mcp("x-y")), Some("mcp:*"));
    }

    #[test]
    fn serializes_exactly() {
        let json = serde_json::to_string(&LOCKED).unwrap();
        assert_eq!(
            json,
            r#"{"clientMode":"empty","availableTools":["mcp:*","builtin:view"],"excludedTools":["builtin:bash","mcp:echo-ping"],"toolFilterPrecedence":"excluded"}"#
        );
    }

    #[test]
    fn decisions_name_their_pattern() {
        let echo = Tool::mcp("echo-echo");
        let ping = Tool::mcp("echo-ping");
        let view = Tool::builtin("view");
        let bash = Tool::builtin("bash");
        let custom = Tool::custom("mine");
        assert_eq!(LOCKED.decide(&echo), Decision::OfferedBy(&WireName::from_static("mcp:*")));
        assert_eq!(LOCKED.decide(&ping), Decision::ExcludedBy(&WireName::from_static("mcp:echo-ping")));
        assert_eq!(LOCKED.decide(&view), Decision::OfferedBy(&WireName::from_static("builtin:view")));
        assert_eq!(LOCKED.decide(&bash), Decision::ExcludedBy(&WireName::from_static("builtin:bash")));
        assert_eq!(LOCKED.decide(&custom), Decision::NotInAllowList);
        assert_eq!(ResolvedPolicy::DEFAULT.decide(&bash), Decision::OfferedNoAllowList);
        assert!(!Decision::NotInAllowList.is_offered());
        assert_eq!(Tool::new(Source::Mcp, "echo-ping"), ping);
    }
}
