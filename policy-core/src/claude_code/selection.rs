//! The Claude Code `builtin_tools` selection (SPEC §2): its three shapes, the checks every
//! front door shares, what it says of one tool, and the library's model of what the CLI
//! then offers. The arguments the CLI receives are built in
//! [`ClaudeCodeArgs`](crate::claude_code::ClaudeCodeArgs).

use std::borrow::Cow;
use std::fmt;

use crate::catalog::claude_code::{ADDED_WITHOUT_BASH, ALIASES, CLI_VERSION, ClaudeTool, REMOVED, RUN_CODE_WITH_BASH};
use crate::error::{At, Error, Warning};
use crate::names::vocab::{DISABLE_ALL, DISABLE_KEY};
use crate::text::did_you_mean;

/// How a written name resolves against the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameLookup {
    /// A canonical name.
    Canonical(ClaudeTool),
    /// A legacy alias of this tool.
    Alias(ClaudeTool),
}

impl NameLookup {
    /// The tool, whichever way it was named.
    pub fn tool(self) -> ClaudeTool {
        match self {
            NameLookup::Canonical(tool) | NameLookup::Alias(tool) => tool,
        }
    }
}

impl ClaudeTool {
    /// Looks a written name up: canonical, alias, or an error with a did-you-mean.
    pub fn lookup(name: &str) -> Result<NameLookup, Error> {
        if let Some(tool) = ClaudeTool::from_canonical(name) {
            return Ok(NameLookup::Canonical(tool));
        }
        if let Some((_, tool)) = ALIASES.iter().find(|(alias, _)| *alias == name) {
            return Ok(NameLookup::Alias(*tool));
        }
        let removed = REMOVED.contains(&name);
        // A wrong-case alias (`task`) suggests the tool it stands for (`Agent`).
        let candidates = ClaudeTool::NAMES.iter().copied().chain(ALIASES.iter().map(|(alias, _)| *alias));
        let suggestion = if removed { None } else { did_you_mean(name, candidates) };
        let suggestion = suggestion.map(|s| ALIASES.iter().find(|(alias, _)| *alias == s).map_or(s, |(_, t)| t.name()));
        Err(Error::ClaudeUnknownTool {
            name: name.to_owned(),
            suggestion,
            removed,
            catalog: ClaudeTool::NAMES,
            cli_version: CLI_VERSION,
        })
    }
}

impl fmt::Display for ClaudeTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ClaudeTool {
    type Err = Error;

    /// A canonical name or a legacy alias; anything else is refused with a did-you-mean.
    fn from_str(name: &str) -> Result<ClaudeTool, Error> {
        ClaudeTool::lookup(name).map(NameLookup::tool)
    }
}

/// A Claude Code `builtin_tools` selection: exactly one of three shapes, never naming a
/// tool twice. Only the checks of a front door (the macro, [`ClaudeCode`], the JSON reader,
/// `Deserialize`) make one; [`ClaudeCodeSelection::shape`] reads it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClaudeCodeSelection(Repr);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    DisableAll,
    Disable(Cow<'static, [ClaudeTool]>),
    Only(Cow<'static, [ClaudeTool]>),
}

/// What a selection says: one of its three shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelectionShape<'a> {
    /// `{"disable": "*"}`: no built-in tool.
    DisableAll,
    /// `{"disable": [names]}`: the CLI's defaults less these.
    Disable(&'a [ClaudeTool]),
    /// `{"only": [names]}`: exactly these (`[]`: none).
    Only(&'a [ClaudeTool]),
}

impl ClaudeCodeSelection {
    /// `{"disable": "*"}`.
    pub const DISABLE_ALL: ClaudeCodeSelection = ClaudeCodeSelection(Repr::DisableAll);

    /// The selection's shape and names.
    pub fn shape(&self) -> SelectionShape<'_> {
        match &self.0 {
            Repr::DisableAll => SelectionShape::DisableAll,
            Repr::Disable(tools) => SelectionShape::Disable(tools),
            Repr::Only(tools) => SelectionShape::Only(tools),
        }
    }

    /// Macro plumbing: `{"only": tools}` from the macro's checked list.
    ///
    /// # Panics
    ///
    /// When a tool is listed twice (the macro never emits that); in a `const` item that is a
    /// compile error.
    #[doc(hidden)]
    #[track_caller]
    pub const fn __only(tools: &'static [ClaudeTool]) -> ClaudeCodeSelection {
        assert!(listed_once(tools), "a Claude Code selection names each tool once");
        ClaudeCodeSelection(Repr::Only(Cow::Borrowed(tools)))
    }

    /// Macro plumbing: `{"disable": tools}`; see [`ClaudeCodeSelection::__only`].
    #[doc(hidden)]
    #[track_caller]
    pub const fn __disable(tools: &'static [ClaudeTool]) -> ClaudeCodeSelection {
        assert!(listed_once(tools), "a Claude Code selection names each tool once");
        ClaudeCodeSelection(Repr::Disable(Cow::Borrowed(tools)))
    }
}

impl serde::Serialize for ClaudeCodeSelection {
    /// Its own JSON form: `{"only": [...]}`, `{"disable": [...]}` or `{"disable": "*"}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use crate::names::vocab::ONLY_KEY;
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(1))?;
        match self.shape() {
            SelectionShape::DisableAll => map.serialize_entry(DISABLE_KEY, DISABLE_ALL)?,
            SelectionShape::Disable(tools) => map.serialize_entry(DISABLE_KEY, tools)?,
            SelectionShape::Only(tools) => map.serialize_entry(ONLY_KEY, tools)?,
        }
        map.end()
    }
}

impl serde::Serialize for ClaudeTool {
    /// The canonical name.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// Whether no tool stands twice in `tools`.
const fn listed_once(tools: &[ClaudeTool]) -> bool {
    let mut i = 0;
    while i < tools.len() {
        let mut j = i + 1;
        while j < tools.len() {
            if tools[i] as usize == tools[j] as usize {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

/// Constructors for code that composes selections.
pub struct ClaudeCode;

impl ClaudeCode {
    /// `{"disable": "*"}`.
    pub const fn disable_all() -> ClaudeCodeSelection {
        ClaudeCodeSelection::DISABLE_ALL
    }

    /// `{"only": [...]}`. Duplicates are collapsed to their first occurrence, which
    /// changes nothing the CLI offers; [`ClaudeCodeSelection::from_json`] refuses them.
    pub fn only(tools: impl IntoIterator<Item = ClaudeTool>) -> ClaudeCodeSelection {
        ClaudeCodeSelection(Repr::Only(dedup(tools).into()))
    }

    /// `{"disable": [...]}`, duplicates collapsed as for [`ClaudeCode::only`].
    pub fn disable(tools: impl IntoIterator<Item = ClaudeTool>) -> ClaudeCodeSelection {
        ClaudeCodeSelection(Repr::Disable(dedup(tools).into()))
    }
}

fn dedup(tools: impl IntoIterator<Item = ClaudeTool>) -> Vec<ClaudeTool> {
    let mut out: Vec<ClaudeTool> = Vec::new();
    for tool in tools {
        if !out.contains(&tool) {
            out.push(tool);
        }
    }
    out
}

/// What the selection says of one tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ClaudeDecision {
    /// Listed in `only`.
    PermittedByOnly,
    /// Not named in `disable`; the CLI's own defaults decide whether it appears.
    PermittedNotDisabled,
    /// `disable: "*"`.
    DisabledByWildcard,
    /// Named in `disable`.
    Disabled,
    /// Not named, but `disable` names `Bash`, and the CLI removes the tools that run code the
    /// way Bash does with it (`Monitor`, `PowerShell`).
    DisabledWithBash,
    /// `only` does not list it.
    NotInOnly,
}

impl ClaudeDecision {
    /// Whether the selection lets the tool through.
    pub fn is_permitted(self) -> bool {
        matches!(self, ClaudeDecision::PermittedByOnly | ClaudeDecision::PermittedNotDisabled)
    }
}

impl fmt::Display for ClaudeDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ClaudeDecision::PermittedByOnly => "permitted (listed in `only`)",
            ClaudeDecision::PermittedNotDisabled => {
                "permitted (not disabled; offered when the CLI offers it by default)"
            }
            ClaudeDecision::DisabledByWildcard => "not permitted (`disable: \"*\"`)",
            ClaudeDecision::Disabled => "not permitted (listed in `disable`)",
            ClaudeDecision::DisabledWithBash => {
                "not permitted (`disable` names `Bash`, and the CLI removes the tools that run code the way Bash does with it)"
            }
            ClaudeDecision::NotInOnly => "not permitted (not listed in `only`)",
        })
    }
}

impl ClaudeCodeSelection {
    /// What the selection says of `tool`.
    pub fn decide(&self, tool: ClaudeTool) -> ClaudeDecision {
        match self.shape() {
            SelectionShape::DisableAll => ClaudeDecision::DisabledByWildcard,
            SelectionShape::Disable(tools) if tools.contains(&tool) => ClaudeDecision::Disabled,
            SelectionShape::Disable(tools)
                if tools.contains(&ClaudeTool::Bash) && RUN_CODE_WITH_BASH.contains(&tool) =>
            {
                ClaudeDecision::DisabledWithBash
            }
            SelectionShape::Disable(_) => ClaudeDecision::PermittedNotDisabled,
            SelectionShape::Only(tools) if tools.contains(&tool) => ClaudeDecision::PermittedByOnly,
            SelectionShape::Only(_) => ClaudeDecision::NotInOnly,
        }
    }

    /// The library's model of the built-ins the CLI offers under this selection, given the
    /// tools it offers with no selection in the same environment (`defaults`, such as
    /// [`DEFAULT_OFFERED`](crate::catalog::claude_code::DEFAULT_OFFERED)). Besides the selection itself it applies the CLI's own rule: when
    /// Bash is denied, the tools that run code the way Bash does (Monitor, PowerShell) go with
    /// it, and Glob and Grep appear.
    pub fn offered(&self, defaults: &[ClaudeTool]) -> Vec<ClaudeTool> {
        offered(Some(self), defaults)
    }
}

/// [`ClaudeCodeSelection::offered`] for an optional selection (`None`: the defaults), in
/// catalog order.
pub fn offered(selection: Option<&ClaudeCodeSelection>, defaults: &[ClaudeTool]) -> Vec<ClaudeTool> {
    let shape = selection.map(ClaudeCodeSelection::shape);
    let is_offered = |tool: &ClaudeTool| match &shape {
        None => defaults.contains(tool),
        Some(SelectionShape::DisableAll) => false,
        Some(SelectionShape::Only(only)) => only.contains(tool),
        Some(SelectionShape::Disable(disabled)) => {
            let bash_denied = disabled.contains(&ClaudeTool::Bash);
            if disabled.contains(tool) {
                false
            } else if bash_denied && ADDED_WITHOUT_BASH.contains(tool) {
                true
            } else {
                defaults.contains(tool) && !(bash_denied && RUN_CODE_WITH_BASH.contains(tool))
            }
        }
    };
    ClaudeTool::ALL.iter().copied().filter(is_offered).collect()
}

/// Front-door plumbing: which shape a selection was written in, before its names are checked.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeDraft {
    /// `disable: "*"`.
    DisableAll,
    /// `disable: [...]`.
    Disable,
    /// `only: [...]`.
    Only,
}

/// How a front door saw the value of `only` or `disable`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub enum ShapeValue<'a> {
    /// A string.
    Str(&'a str),
    /// A list.
    List,
    /// Anything else, named as the front door names it.
    Other(&'static str),
}

impl ShapeDraft {
    /// The shape rule of SPEC §2, for the one key given (`only` or `disable`): `disable`
    /// takes `"*"` or a list, `only` a list. That exactly one key is given is checked by
    /// [`ShapeDraft::one_key`].
    pub fn of(key: &str, value: ShapeValue<'_>) -> Result<ShapeDraft, Error> {
        let disable = key == DISABLE_KEY;
        match value {
            ShapeValue::Str(DISABLE_ALL) if disable => Ok(ShapeDraft::DisableAll),
            ShapeValue::Str(other) if disable => Err(Error::ClaudeDisableString { value: other.to_owned() }),
            ShapeValue::List if disable => Ok(ShapeDraft::Disable),
            ShapeValue::List => Ok(ShapeDraft::Only),
            ShapeValue::Str(_) | ShapeValue::Other(_) => Err(Error::WrongType {
                expected: if disable { "`\"*\"` or a list of tool names" } else { "a list of tool names" },
                found: match value {
                    ShapeValue::Other(found) => found,
                    _ => "a string",
                },
            }),
        }
    }

    /// Exactly one of `only` and `disable` (SPEC §2), given whether each was written.
    pub fn one_key(only: bool, disable: bool) -> Result<(), Error> {
        if only == disable { Err(Error::ClaudeShape) } else { Ok(()) }
    }
}

/// Front-door plumbing: a selection as a front door read it; `None` marks a name already
/// refused (non-string).
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct SelectionDraft<'a> {
    /// The shape.
    pub shape: ShapeDraft,
    /// The names, for the list shapes.
    pub names: Vec<Option<&'a str>>,
}

impl SelectionDraft<'_> {
    /// Checks every name against the catalog: unknown and removed names and duplicates are
    /// errors, aliases are rewritten with a warning.
    pub fn check(
        &self,
        errors: &mut Vec<(At, Error)>,
        warnings: &mut Vec<(At, Warning)>,
    ) -> Option<ClaudeCodeSelection> {
        if self.shape == ShapeDraft::DisableAll {
            return Some(ClaudeCodeSelection::DISABLE_ALL);
        }
        let before = errors.len();
        let mut tools: Vec<ClaudeTool> = Vec::with_capacity(self.names.len());
        let mut first_index: Vec<usize> = Vec::with_capacity(self.names.len());
        let mut complete = true;
        for (i, name) in self.names.iter().enumerate() {
            let Some(name) = name else {
                complete = false;
                continue;
            };
            match ClaudeTool::lookup(name) {
                Ok(found) => {
                    let tool = found.tool();
                    if let NameLookup::Alias(canonical) = found {
                        warnings.push((
                            At::ClaudeTool(i),
                            Warning::ClaudeAlias { alias: (*name).to_owned(), canonical: canonical.name() },
                        ));
                    }
                    if let Some(at) = tools.iter().position(|t| *t == tool) {
                        errors.push((
                            At::ClaudeTool(i),
                            Error::ClaudeDuplicateTool { canonical: tool.name(), first: first_index[at] },
                        ));
                    } else {
                        tools.push(tool);
                        first_index.push(i);
                    }
                }
                Err(error) => errors.push((At::ClaudeTool(i), error)),
            }
        }
        if errors.len() != before || !complete {
            return None;
        }
        Some(match self.shape {
            ShapeDraft::Disable => ClaudeCodeSelection(Repr::Disable(tools.into())),
            _ => ClaudeCodeSelection(Repr::Only(tools.into())),
        })
    }
}

impl<'de> serde::Deserialize<'de> for ClaudeTool {
    /// A canonical name, or a legacy alias read as its canonical tool.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<ClaudeTool, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::claude_code::DEFAULT_OFFERED;

    #[test]
    fn lookup_rewrites_aliases_and_suggests() {
        assert_eq!(ClaudeTool::lookup("Read"), Ok(NameLookup::Canonical(ClaudeTool::Read)));
        assert_eq!(ClaudeTool::lookup("Task"), Ok(NameLookup::Alias(ClaudeTool::Agent)));
        let suggestion = |name: &str| match ClaudeTool::lookup(name) {
            Err(Error::ClaudeUnknownTool { suggestion, .. }) => suggestion,
            other => panic!("{other:?}"),
        };
        assert_eq!(suggestion("Glob2"), Some("Glob"));
        assert_eq!(suggestion("read"), Some("Read"));
        assert_eq!(suggestion("task"), Some("Agent"), "a wrong-case alias suggests its canonical tool");
        assert_eq!(suggestion("killshell"), Some("TaskStop"));
        assert_eq!(suggestion("MultiEdit"), None, "removed names are said to be removed");
        assert_eq!("Task".parse::<ClaudeTool>(), Ok(ClaudeTool::Agent));
        assert!("Bogus".parse::<ClaudeTool>().is_err());
    }

    #[test]
    fn the_shape_rule() {
        assert_eq!(ShapeDraft::of("disable", ShapeValue::Str("*")), Ok(ShapeDraft::DisableAll));
        assert_eq!(ShapeDraft::of("disable", ShapeValue::List), Ok(ShapeDraft::Disable));
        assert_eq!(ShapeDraft::of("only", ShapeValue::List), Ok(ShapeDraft::Only));
        assert_eq!(
            ShapeDraft::of("disable", ShapeValue::Str("all")),
            Err(Error::ClaudeDisableString { value: "all".into() })
        );
        assert!(matches!(
            ShapeDraft::of("only", ShapeValue::Str("*")),
            Err(Error::WrongType { found: "a string", .. })
        ));
        assert!(matches!(ShapeDraft::of("only", ShapeValue::Other("a number")), Err(Error::WrongType { .. })));
        assert_eq!(ShapeDraft::one_key(true, true), Err(Error::ClaudeShape));
        assert_eq!(ShapeDraft::one_key(false, false), Err(Error::ClaudeShape));
        assert!(ShapeDraft::one_key(true, false).is_ok());
    }

    #[test]
    fn decisions_and_the_offered_model() {
        let only = ClaudeCode::only([ClaudeTool::Read, ClaudeTool::TaskList]);
        assert_eq!(only.decide(ClaudeTool::Read), ClaudeDecision::PermittedByOnly);
        assert_eq!(only.decide(ClaudeTool::Bash), ClaudeDecision::NotInOnly);
        assert_eq!(only.offered(DEFAULT_OFFERED), [ClaudeTool::Read, ClaudeTool::TaskList]);
        assert!(ClaudeCode::disable_all().offered(DEFAULT_OFFERED).is_empty());
        let no_web = ClaudeCode::disable([ClaudeTool::WebFetch]);
        assert_eq!(no_web.offered(DEFAULT_OFFERED).len(), 20);
        let no_bash = ClaudeCode::disable([ClaudeTool::Bash]).offered(DEFAULT_OFFERED);
        assert!(no_bash.contains(&ClaudeTool::Glob) && no_bash.contains(&ClaudeTool::Grep));
        assert!(!no_bash.contains(&ClaudeTool::Bash));
        assert!(!no_bash.contains(&ClaudeTool::Monitor), "Monitor runs code the way Bash does");
        assert_eq!(no_bash.len(), 21, "probe p6: Bash and Monitor gone, Glob and Grep added");
        // `decide` says what `offered` does, for every tool of the catalog.
        for selection in [no_web, ClaudeCode::disable([ClaudeTool::Bash]), ClaudeCode::disable_all(), only] {
            let offered = selection.offered(ClaudeTool::ALL);
            for tool in ClaudeTool::ALL {
                let permitted = selection.decide(*tool).is_permitted();
                assert_eq!(permitted, offered.contains(tool), "{selection:?} {tool}");
            }
        }
        let no_bash = ClaudeCode::disable([ClaudeTool::Bash]);
        assert_eq!(no_bash.decide(ClaudeTool::Monitor), ClaudeDecision::DisabledWithBash);
        assert_eq!(no_bash.decide(ClaudeTool::PowerShell), ClaudeDecision::DisabledWithBash);
    }
}
