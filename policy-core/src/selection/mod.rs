//! The built-in tool selection of the CLI runtimes, Claude Code (SPEC §2) and the Gemini CLI
//! (SPEC §5): its three shapes and the checks every front door shares, for any runtime's
//! catalog. What a selection means to one runtime (what its CLI then offers, and the
//! configuration it receives) lives in that runtime's folder.

use std::borrow::Cow;
use std::fmt;
use std::hash::Hash;

use crate::capability::{Faces, hidden_grants, hidden_warning};
use crate::error::{At, Error, KEEP_THE_DENY_LIST, Lint, Warning};
use crate::names::vocab::{DISABLE_ALL, DISABLE_KEY, ONLY_KEY};
use crate::portable::{McpRef, Portable, PortableShape};
use crate::seen::{Seen, first_of_each};
use crate::text::did_you_mean;

pub(crate) mod read;

pub use read::SelectionDocument;

/// A name of a CLI runtime's catalog, as a selection lists it.
pub trait CatalogName: Clone + Eq + Hash + fmt::Debug + fmt::Display + serde::Serialize + 'static {
    /// The runtime, as messages name it (`Claude Code`).
    const RUNTIME: &'static str;

    /// The pinned CLI version the catalog was read from.
    const CLI_VERSION: &'static str;

    /// Looks a written name up: canonical, alias, or an error with a did-you-mean.
    fn lookup(name: &str) -> Result<NameLookup<Self>, Error>;

    /// The name the CLI knows it by.
    fn name(&self) -> &str;

    /// The name of the selection type over this catalog in `__private` (`ClaudeCodeSelection`),
    /// for the macro's expansion.
    const SELECTION_TYPE: &'static str;

    /// The name of this type in `__private` (`ClaudeTool`), likewise.
    const NAME_TYPE: &'static str;

    /// Whether the runtime has an allow-list of built-ins (`only`); without one, a deny-list
    /// is all a selection can be.
    const ALLOW_LIST: bool = true;

    /// The name as Rust source building it through `__private` (`p::ClaudeTool::Read`), for
    /// the macro's expansion.
    fn rust_source(&self, private: &str) -> String;

    /// The selection of the built-ins `portable` grants (SPEC §7, §9), from this catalog's
    /// capability table, as the runtime can say them. An error for what
    /// [`CatalogName::refuse_portable`] refuses, or when the runtime cannot say the policy's
    /// `mcp_tools` exactly.
    fn portable_selection(portable: &Portable) -> Result<Selection<Self>, Error>;

    /// What this name lets the model do, for a built-in of the catalog; `None` for another
    /// name (an MCP entry).
    fn built_in_capabilities(&self) -> Option<Faces>;

    /// Whether the CLI never offers this tool to a headless session's model, so a list
    /// naming it changes nothing (the `dead-allow` / `dead-deny` lints).
    fn never_offered(&self) -> bool {
        false
    }

    /// For a built-in only a build newer than the pinned one knows, the first such build.
    fn newer_build(&self) -> Option<&'static str> {
        None
    }

    /// For a built-in that one setting of the runtime governs together with others (one
    /// permission for every tool that edits files), that group: a selection lists all of it
    /// or none of it, since the runtime cannot take part of it.
    fn group(&self) -> Option<Group> {
        None
    }

    /// Why the runtime cannot take a list of this shape (`only` where it has no allow-list,
    /// `disable: "*"` where some built-in has no switch), if it cannot.
    fn refuse_shape(_shape: ShapeDraft) -> Option<Error> {
        None
    }

    /// Why the runtime cannot say what a portable policy of this shape says of built-ins (a
    /// portable `only` where it has no allow-list, a capability of a tool no switch takes
    /// away), if it cannot: the reader reports it at the shape's key, and
    /// [`CatalogName::portable_selection`] refuses it too.
    fn refuse_portable(_shape: PortableShape) -> Option<Error> {
        None
    }

    /// Why the runtime cannot take this name in a list (a built-in no switch takes away), if
    /// it cannot.
    fn cannot_list(&self) -> Option<Error> {
        None
    }

    /// Why the runtime cannot take this name in a `disable` list (OpenCode's `*_*`, which it
    /// would read as any name holding `_`, built-ins among them), if it cannot.
    fn cannot_disable(&self) -> Option<Error> {
        None
    }

    /// An MCP rule a `disable` list of this runtime takes beside its built-ins although the
    /// selection holds built-ins only (Claude Code's `mcp__<server>__<tool>`, which becomes a
    /// deny rule of its own): `None` for any other name; inside, `None` for every MCP tool.
    fn mcp_rule(_name: &str) -> Option<Result<Option<McpRef>, Error>> {
        None
    }
}

/// Built-ins one setting of a runtime governs together ([`CatalogName::group`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The setting, in a sentence's words (`` `edit` permission ``).
    pub setting: String,
    /// Every built-in it governs, in catalog order.
    pub members: Vec<&'static str>,
}

/// Each group a list names only part of, at the first of its members the list names
/// ([`Error::PartOfGroup`]).
pub fn part_of_groups<T: CatalogName>(names: &[T]) -> Vec<(usize, Error)> {
    let listed = Seen::of(names.iter().map(CatalogName::name));
    // A catalog has few groups: the ones reported are a short list.
    let mut reported: Vec<String> = Vec::new();
    let mut found = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let Some(Group { setting, members }) = name.group() else { continue };
        if members.iter().all(|member| listed.contains(member)) || reported.contains(&setting) {
            continue;
        }
        reported.push(setting.clone());
        let missing = members.iter().copied().filter(|member| !listed.contains(member)).collect();
        found.push((
            i,
            Error::PartOfGroup { runtime: T::RUNTIME, name: name.name().to_owned(), setting, members, missing },
        ));
    }
    found
}

/// The warning for a name of a built-in only a newer build knows, when it is one.
pub(crate) fn newer_build_warning<T: CatalogName>(tool: &T) -> Option<Warning> {
    let build = tool.newer_build()?;
    Some(Warning::NewerBuild { name: tool.name().to_owned(), runtime: T::RUNTIME, build, pinned: T::CLI_VERSION })
}

/// How a written name resolves against a catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameLookup<T> {
    /// A canonical name.
    Canonical(T),
    /// A legacy alias of this tool.
    Alias(T),
}

impl<T> NameLookup<T> {
    /// The tool, whichever way it was named.
    pub fn tool(self) -> T {
        match self {
            NameLookup::Canonical(tool) | NameLookup::Alias(tool) => tool,
        }
    }

    /// The same lookup of the tool as another type holds it.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> NameLookup<U> {
        match self {
            NameLookup::Canonical(tool) => NameLookup::Canonical(f(tool)),
            NameLookup::Alias(tool) => NameLookup::Alias(f(tool)),
        }
    }
}

/// A runtime's pinned names, as a lookup reads them.
pub(crate) struct Pinned<T: 'static> {
    /// The runtime, as messages name it.
    pub runtime: &'static str,
    /// The CLI version the names were read from.
    pub cli_version: &'static str,
    /// The canonical names.
    pub names: &'static [&'static str],
    /// Legacy names, with the tool each stands for.
    pub aliases: &'static [(&'static str, T)],
    /// Names earlier CLIs had.
    pub removed: &'static [&'static str],
}

impl<T: Copy> Pinned<T> {
    /// `name` as a canonical name (`canonical`, already looked up), an alias, or an error
    /// with a did-you-mean; a wrong-case alias (`task`) suggests the tool it stands for.
    pub(crate) fn lookup(
        &self,
        name: &str,
        canonical: Option<T>,
        name_of: fn(T) -> &'static str,
    ) -> Result<NameLookup<T>, Error> {
        if let Some(tool) = canonical {
            return Ok(NameLookup::Canonical(tool));
        }
        if let Some((_, tool)) = self.aliases.iter().find(|(alias, _)| *alias == name) {
            return Ok(NameLookup::Alias(*tool));
        }
        let removed = self.removed.contains(&name);
        let candidates = self.names.iter().copied().chain(self.aliases.iter().map(|(alias, _)| *alias));
        let suggestion = if removed { None } else { did_you_mean(name, candidates) };
        let alias_of = |s: &'static str| self.aliases.iter().find(|(alias, _)| *alias == s).map(|(_, t)| name_of(*t));
        Err(Error::UnknownCliTool {
            runtime: self.runtime,
            name: name.to_owned(),
            suggestion: suggestion.map(|s| alias_of(s).unwrap_or(s)),
            removed,
            catalog: self.names,
            cli_version: self.cli_version,
        })
    }
}

/// A built-in tool selection for the runtime whose catalog `T` names: exactly one of three
/// shapes, never naming a tool twice. Only the checks of a front door (the macro, the
/// constructors, the JSON reader, `Deserialize`) make one; [`Selection::shape`] reads it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Selection<T: CatalogName>(Repr<T>);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr<T: CatalogName> {
    DisableAll,
    Disable(Cow<'static, [T]>),
    Only(Cow<'static, [T]>),
}

/// What a selection says: one of its three shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelectionShape<'a, T> {
    /// `{"disable": "*"}`: no built-in tool.
    DisableAll,
    /// `{"disable": [names]}`: the CLI's defaults less these.
    Disable(&'a [T]),
    /// `{"only": [names]}`: exactly these (`[]`: none).
    Only(&'a [T]),
}

impl<T: CatalogName> Selection<T> {
    /// `{"disable": "*"}`.
    pub const DISABLE_ALL: Selection<T> = Selection(Repr::DisableAll);

    /// The selection's shape and names.
    pub fn shape(&self) -> SelectionShape<'_, T> {
        match &self.0 {
            Repr::DisableAll => SelectionShape::DisableAll,
            Repr::Disable(tools) => SelectionShape::Disable(tools),
            Repr::Only(tools) => SelectionShape::Only(tools),
        }
    }

    /// The selection of a portable policy (SPEC §7, §9): the built-ins it grants, from the
    /// pinned catalog's capability table, as the runtime can say them (an allow-list where it
    /// has one; where a switch or permission governs tools together, it is kept only when the
    /// policy grants all of them); as `resolve` of `{"capabilities": ..}` gives.
    ///
    /// # Errors
    /// What the runtime cannot say of the policy exactly, with the reason.
    pub fn from_portable(portable: &Portable) -> Result<Selection<T>, Error> {
        T::portable_selection(portable)
    }

    /// `{"disable": "*"}`.
    pub const fn disable_all() -> Selection<T> {
        Selection::DISABLE_ALL
    }

    /// `{"only": [...]}`. Duplicates are collapsed to their first occurrence, which changes
    /// nothing the CLI offers; the JSON reader and the macro refuse them.
    pub fn only(tools: impl IntoIterator<Item = T>) -> Selection<T> {
        Selection(Repr::Only(first_of_each(tools.into_iter().collect(), CatalogName::name).into()))
    }

    /// `{"disable": [...]}`, duplicates collapsed as for [`Selection::only`].
    pub fn disable(tools: impl IntoIterator<Item = T>) -> Selection<T> {
        Selection(Repr::Disable(first_of_each(tools.into_iter().collect(), CatalogName::name).into()))
    }

    /// The selection as Rust source of a `const` expression built through `private`
    /// (`__private` of the facade), for the macro's expansion.
    #[doc(hidden)]
    pub fn rust_source(&self, private: &str) -> String {
        let ty = format!("{private}::{}", T::SELECTION_TYPE);
        let list = |only: bool, tools: &[T]| {
            let tools: Vec<String> = tools.iter().map(|tool| tool.rust_source(private)).collect();
            format!(
                "{{ const TOOLS: &[{private}::{}] = &[{}]; const SELECTION: {ty} = {ty}::__checked({only}, TOOLS); SELECTION }}",
                T::NAME_TYPE,
                tools.join(", ")
            )
        };
        match self.shape() {
            SelectionShape::DisableAll => format!("{ty}::DISABLE_ALL"),
            SelectionShape::Disable(tools) => list(false, tools),
            SelectionShape::Only(tools) => list(true, tools),
        }
    }

    /// Macro plumbing: a list the macro checked, duplicates included, taken as it is.
    #[doc(hidden)]
    pub const fn __checked(only: bool, tools: &'static [T]) -> Selection<T> {
        if only { Selection(Repr::Only(Cow::Borrowed(tools))) } else { Selection(Repr::Disable(Cow::Borrowed(tools))) }
    }

    /// What the selection says of a tool, given whether its list names it.
    pub fn decide_by(&self, listed: impl Fn(&T) -> bool) -> SelectionDecision {
        self.decide_by_name(|| match self.shape() {
            SelectionShape::Disable(tools) | SelectionShape::Only(tools) => tools.iter().any(&listed),
            SelectionShape::DisableAll => false,
        })
    }

    /// [`Selection::decide_by`], told by `listed` whether the selection lists the tool.
    pub(crate) fn decide_by_name(&self, listed: impl Fn() -> bool) -> SelectionDecision {
        match self.shape() {
            SelectionShape::DisableAll => SelectionDecision::DisabledByWildcard,
            SelectionShape::Disable(_) if listed() => SelectionDecision::Disabled,
            SelectionShape::Disable(_) => SelectionDecision::PermittedNotDisabled,
            SelectionShape::Only(_) if listed() => SelectionDecision::PermittedByOnly,
            SelectionShape::Only(_) => SelectionDecision::NotInOnly,
        }
    }
}

impl<T: CatalogName> serde::Serialize for Selection<T> {
    /// Its own JSON form: `{"only": [...]}`, `{"disable": [...]}` or `{"disable": "*"}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
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

/// What a selection says of one tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SelectionDecision {
    /// Listed in `only`.
    PermittedByOnly,
    /// Not named in `disable`; the CLI's own defaults decide whether it appears.
    PermittedNotDisabled,
    /// `disable: "*"`.
    DisabledByWildcard,
    /// Named in `disable`.
    Disabled,
    /// Not named, but `disable` names `Bash`, and Claude Code removes the tools that run
    /// code the way Bash does with it (`Monitor`, `PowerShell`).
    DisabledWithBash,
    /// `only` does not list it.
    NotInOnly,
}

impl SelectionDecision {
    /// Whether the selection lets the tool through.
    pub fn is_permitted(self) -> bool {
        matches!(self, SelectionDecision::PermittedByOnly | SelectionDecision::PermittedNotDisabled)
    }
}

impl fmt::Display for SelectionDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SelectionDecision::PermittedByOnly => "permitted (listed in `only`)",
            SelectionDecision::PermittedNotDisabled => {
                "permitted (not disabled; offered when the CLI offers it by default)"
            }
            SelectionDecision::DisabledByWildcard => "not permitted (`disable: \"*\"`)",
            SelectionDecision::Disabled => "not permitted (listed in `disable`)",
            SelectionDecision::DisabledWithBash => {
                "not permitted (`disable` names `Bash`, and the CLI removes the tools that run code the way Bash does with it)"
            }
            SelectionDecision::NotInOnly => "not permitted (not listed in `only`)",
        })
    }
}

pub use crate::shape::{ShapeDraft, ShapeValue};

/// A selection as the reader read it; `None` marks a name already refused (non-string).
#[derive(Clone, Debug)]
pub(crate) struct SelectionDraft<'a> {
    /// The shape.
    pub(crate) shape: ShapeDraft,
    /// The names, for the list shapes.
    pub(crate) names: Vec<Option<&'a str>>,
}

impl SelectionDraft<'_> {
    /// Checks every name against `T`'s catalog: unknown and removed names and duplicates
    /// are errors, aliases are rewritten with a warning.
    ///
    /// In a `disable` list, the runtime's MCP rules ([`CatalogName::mcp_rule`]) go to `mcp`
    /// when the caller holds them (each once); without `mcp` they are names like any other.
    pub(crate) fn check<T: CatalogName>(
        &self,
        errors: &mut Vec<(At, Error)>,
        warnings: &mut Vec<(At, Warning)>,
        mut mcp: Option<&mut Vec<Option<McpRef>>>,
    ) -> Option<Selection<T>> {
        if let Some(error) = T::refuse_shape(self.shape) {
            errors.push((At::Entry, error));
            return None;
        }
        if self.shape == ShapeDraft::DisableAll {
            return Some(Selection::DISABLE_ALL);
        }
        // Each name looked up, then the canonical names checked for repeats in one pass;
        // the errors stand in item order.
        let mut found: Vec<(usize, T)> = Vec::with_capacity(self.names.len());
        let mut failed: Vec<(usize, Error)> = Vec::new();
        let mut complete = true;
        // Each MCP rule once, by what it names (`mcp__x` and `mcp__x__*` are one server).
        let mut rules: std::collections::HashMap<Option<McpRef>, usize> = std::collections::HashMap::new();
        for (i, name) in self.names.iter().enumerate() {
            let Some(name) = name else {
                complete = false;
                continue;
            };
            let rule = mcp.as_mut().filter(|_| self.shape == ShapeDraft::Disable).and_then(|held| {
                let rule = T::mcp_rule(name)?;
                Some(rule.and_then(|rule| {
                    if let Some(&first) = rules.get(&rule) {
                        return Err(Error::DuplicateCliTool { canonical: (*name).to_owned(), first });
                    }
                    rules.insert(rule.clone(), i);
                    held.push(rule);
                    Ok(())
                }))
            });
            if let Some(result) = rule {
                failed.extend(result.err().map(|error| (i, error)));
                continue;
            }
            match self.built_in::<T>(i, name, warnings) {
                Ok(tool) => found.push((i, tool)),
                Err(error) => failed.push((i, error)),
            }
        }
        let tools: Vec<T> = found.iter().map(|(_, tool)| tool.clone()).collect();
        failed.extend(refused_together(&found, &tools));
        if !failed.is_empty() || !complete {
            failed.sort_by_key(|(i, _)| *i);
            errors.extend(failed.into_iter().map(|(i, error)| (At::SelectionTool(i), error)));
            return None;
        }
        Some(match self.shape {
            ShapeDraft::Disable => Selection(Repr::Disable(tools.into())),
            _ => Selection(Repr::Only(tools.into())),
        })
    }

    /// `name`, item `i`, as a built-in of `T`'s catalog: an alias is rewritten with a
    /// warning, and a name only a newer build knows is warned of; a name that cannot be
    /// listed (or, in a `disable`, disabled) alone is an error.
    fn built_in<T: CatalogName>(&self, i: usize, name: &str, warnings: &mut Vec<(At, Warning)>) -> Result<T, Error> {
        let looked_up = T::lookup(name)?;
        if let NameLookup::Alias(canonical) = &looked_up {
            let canonical = canonical.name().to_owned();
            warnings.push((At::SelectionTool(i), Warning::LegacyAlias { alias: name.to_owned(), canonical }));
        }
        let tool = looked_up.tool();
        warnings.extend(newer_build_warning(&tool).map(|warning| (At::SelectionTool(i), warning)));
        let disabled = || (self.shape == ShapeDraft::Disable).then(|| tool.cannot_disable()).flatten();
        match tool.cannot_list().or_else(disabled) {
            Some(error) => Err(error),
            None => Ok(tool),
        }
    }
}

/// What the names `found` (each with its item) refuse together: a name given twice (aliases
/// counted as their canonical name), and part of a group listed without the rest.
fn refused_together<T: CatalogName>(found: &[(usize, T)], tools: &[T]) -> Vec<(usize, Error)> {
    let mut refused = Vec::new();
    let mut seen = Seen::with_capacity(found.len());
    for (i, tool) in found {
        if let Some(first) = seen.repeat(tool.name(), *i) {
            refused.push((*i, Error::DuplicateCliTool { canonical: tool.name().to_owned(), first }));
        }
    }
    refused.extend(part_of_groups(tools).into_iter().map(|(at, error)| (found[at].0, error)));
    refused
}

/// The lints of a Claude Code or Gemini CLI selection, each with the list item it is about
/// (`None`: the selection as a whole): `open-to-new-builtins` for `disable: [...]`, which
/// lets every built-in a newer CLI adds through; `dead-allow` / `dead-deny` for a name the
/// CLI never offers a headless session's model, so listing it changes nothing.
pub fn lint_selection<T: CatalogName>(selection: &Selection<T>) -> Vec<(Option<usize>, Warning)> {
    let mut found = Vec::new();
    let (names, lint) = match selection.shape() {
        SelectionShape::Disable(names) => {
            let detail = if T::ALLOW_LIST {
                format!(
                    "`disable` only takes tools away: every built-in that {} adds after {} is offered; use `only`, or attest the session; {KEEP_THE_DENY_LIST}",
                    T::RUNTIME,
                    T::CLI_VERSION
                )
            } else {
                format!(
                    "`disable` only takes tools away: every built-in that {} adds after {} is offered, and the CLI has no allow-list to close it; check the model requests the host sees; to keep this deny-list in strict mode, allow the lint (`allow: [\"open-to-new-builtins\"]` in the macro, `--allow open-to-new-builtins` on the command line)",
                    T::RUNTIME,
                    T::CLI_VERSION
                )
            };
            found.push((None, Warning::Lint { lint: Lint::OpenToNewBuiltins, subject: None, detail: detail.into() }));
            (names, Lint::DeadDeny)
        }
        SelectionShape::Only(names) => {
            let faces: Vec<_> = names.iter().map(CatalogName::built_in_capabilities).collect();
            for (i, unsaid) in hidden_grants(&faces) {
                found.push((Some(i), hidden_warning(names[i].name(), unsaid)));
            }
            (names, Lint::DeadAllow)
        }
        _ => return found,
    };
    for (i, name) in names.iter().enumerate() {
        if name.never_offered() {
            let detail = format!(
                "{} {} never offers it to a headless session's model, so this changes nothing",
                T::RUNTIME,
                T::CLI_VERSION
            );
            found.push((Some(i), Warning::Lint { lint, subject: Some(name.name().to_owned()), detail: detail.into() }));
        }
    }
    found
}

/// What `explain` says of a tool when there is no selection.
pub(crate) const NO_SELECTION: &str = "permitted (no selection; the CLI's defaults apply)";

/// A selection's decision in a reviewer's words, and whether the tool is permitted.
pub(crate) fn selection_reason(decision: Option<SelectionDecision>) -> (bool, String) {
    let Some(decision) = decision else { return (true, String::from("permitted, no selection")) };
    let reason = match decision {
        SelectionDecision::PermittedByOnly => "listed in only",
        SelectionDecision::PermittedNotDisabled => "not disabled",
        SelectionDecision::DisabledByWildcard => "disable: *",
        SelectionDecision::Disabled => "listed in disable",
        SelectionDecision::DisabledWithBash => "disabled with Bash",
        _ => "not listed in only",
    };
    (decision.is_permitted(), String::from(reason))
}

/// Whether built-ins a newer CLI adds get through a selection, in a reviewer's words.
pub(crate) fn open_to_new<T: CatalogName>(selection: Option<&Selection<T>>) -> (bool, String) {
    match selection.map(Selection::shape) {
        None => (true, String::from("offered, no selection")),
        Some(SelectionShape::Disable(_)) => (true, String::from("offered, disable takes tools away")),
        Some(_) => (false, String::from("not offered")),
    }
}

/// What changes from one selection of a catalog-and-MCP runtime to another (`None`: no
/// selection): each built-in of the pinned catalog (`builtins`, in order), each MCP entry
/// either selection lists (those `is_mcp` picks), then built-ins a newer CLI adds and MCP
/// tools neither selection names. `decider` indexes a selection for many look-ups.
pub(crate) fn diff_listed<'a, T: CatalogName, D: Fn(&str) -> SelectionDecision>(
    old: Option<&'a Selection<T>>,
    new: Option<&'a Selection<T>>,
    builtins: &[&'static str],
    is_mcp: fn(&T) -> bool,
    decider: impl Fn(&'a Selection<T>) -> D,
) -> crate::review::diff::PolicyDiff {
    let mut diff = crate::review::diff::PolicyDiff::default();
    let (was, now) = (old.map(&decider), new.map(&decider));
    let reason = |decide: &Option<D>, name: &str| selection_reason(decide.as_ref().map(|decide| decide(name)));
    for name in builtins {
        diff.push((*name).to_owned(), true, reason(&was, name), reason(&now, name));
    }
    let mut entries: Vec<&str> = Vec::new();
    for selection in [old, new].into_iter().flatten() {
        if let SelectionShape::Only(names) | SelectionShape::Disable(names) = selection.shape() {
            entries.extend(names.iter().filter(|name| is_mcp(name)).map(CatalogName::name));
        }
    }
    for entry in first_of_each(entries, |entry| entry) {
        diff.push(entry.to_owned(), true, reason(&was, entry), reason(&now, entry));
    }
    let subject = format!("built-ins the pinned catalog ({} {}) does not know", T::RUNTIME, T::CLI_VERSION);
    diff.push(subject, false, open_to_new(old), open_to_new(new));
    let unnamed = |s: Option<&Selection<T>>| selection_reason(s.map(|s| s.decide_by(|_| false)));
    diff.push(String::from("MCP tools neither selection names"), false, unnamed(old), unnamed(new));
    diff
}

/// [`Selection::decide_by`] for many names: the selection's names indexed once by `index`
/// (a runtime's [`Listed`] of its names).
pub(crate) fn decider<'a, T: CatalogName>(
    selection: &'a Selection<T>,
    index: fn(&'a [T]) -> Listed<'a>,
) -> impl Fn(&str) -> SelectionDecision + 'a {
    let listed = match selection.shape() {
        SelectionShape::Only(names) | SelectionShape::Disable(names) => index(names),
        SelectionShape::DisableAll => index(&[]),
    };
    move |offered| selection.decide_by_name(|| listed.names(offered))
}

/// A selection's names indexed for many look-ups (a runtime's `decider`): the exact names, and
/// the prefixes of the entries that name a whole MCP server (`<prefix>*`, kept as `<prefix>`,
/// which ends at a `_`), or every MCP tool. An offered name is looked up at each of its `_`,
/// so a server's name may hold `_` too.
pub(crate) struct Listed<'a> {
    exact: Seen<'a>,
    prefixes: Seen<'a>,
    every: bool,
    is_mcp: fn(&str) -> bool,
}

impl<'a> Listed<'a> {
    /// The index of `names`: `wildcard` gives the prefix of an entry naming a whole server
    /// (`Some("")` for every MCP tool), `is_mcp` whether an offered name is an MCP tool's.
    pub(crate) fn of<T: CatalogName>(
        names: &'a [T],
        wildcard: fn(&T) -> Option<&str>,
        is_mcp: fn(&str) -> bool,
    ) -> Listed<'a> {
        let (mut exact, mut prefixes) = (Seen::with_capacity(names.len()), Seen::with_capacity(0));
        let mut every = false;
        for (i, name) in names.iter().enumerate() {
            match wildcard(name) {
                Some("") => every = true,
                Some(prefix) => {
                    prefixes.repeat(prefix, i);
                }
                None => {
                    exact.repeat(name.name(), i);
                }
            }
        }
        Listed { exact, prefixes, every, is_mcp }
    }

    /// Whether an entry names `offered`.
    pub(crate) fn names(&self, offered: &str) -> bool {
        let by_prefix = || {
            offered.match_indices('_').any(|(at, _)| at + 1 < offered.len() && self.prefixes.contains(&offered[..=at]))
        };
        self.exact.contains(offered) || (self.is_mcp)(offered) && (self.every || by_prefix())
    }
}
