//! Claude Code (SPEC §2): the `builtin_tools` selection, the pinned catalog of CLI 2.1.332
//! and the exact arguments the CLI receives.
//!
//! Arguments are built from typed values ([`ClaudeTool`]), always in `--flag=value` form, so
//! a tool name can never be read as a flag and the variadic flags never swallow a prompt.

use std::borrow::Cow;
use std::fmt;

use serde::ser::SerializeStruct;
use serde_json::Value;

use crate::error::{At, Error, Located, Report, Warning};
use crate::json::{LoadError, Ptr};
use crate::suggest::did_you_mean;

/// The Claude Code CLI version the catalog was read from.
pub const CLI_VERSION: &str = "2.1.332";

macro_rules! catalog {
    ($($variant:ident = $name:literal,)*) => {
        /// A canonical built-in tool of the pinned Claude Code CLI.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[allow(missing_docs)]
        pub enum ClaudeTool {
            $($variant,)*
        }

        impl ClaudeTool {
            /// Every canonical tool, in catalog order.
            pub const ALL: &'static [ClaudeTool] = &[$(ClaudeTool::$variant,)*];

            /// The name the CLI knows it by.
            pub const fn name(self) -> &'static str {
                match self {
                    $(ClaudeTool::$variant => $name,)*
                }
            }

            /// The tool with exactly this canonical name (case-sensitive).
            pub fn from_canonical(name: &str) -> Option<ClaudeTool> {
                match name {
                    $($name => Some(ClaudeTool::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

catalog! {
    Agent = "Agent",
    Artifact = "Artifact",
    AskUserQuestion = "AskUserQuestion",
    Bash = "Bash",
    ClaudeDesign = "ClaudeDesign",
    CronCreate = "CronCreate",
    CronDelete = "CronDelete",
    CronList = "CronList",
    Edit = "Edit",
    EndConversation = "EndConversation",
    EnterPlanMode = "EnterPlanMode",
    EnterWorktree = "EnterWorktree",
    ExitPlanMode = "ExitPlanMode",
    ExitWorktree = "ExitWorktree",
    Glob = "Glob",
    Grep = "Grep",
    ListAgents = "ListAgents",
    ListMcpResourcesTool = "ListMcpResourcesTool",
    Lsp = "LSP",
    Monitor = "Monitor",
    NotebookEdit = "NotebookEdit",
    OfferChromeSetup = "OfferChromeSetup",
    PowerShell = "PowerShell",
    Projects = "Projects",
    ProposeSkills = "propose_skills",
    PushNotification = "PushNotification",
    Read = "Read",
    ReadMcpResourceDirTool = "ReadMcpResourceDirTool",
    ReadMcpResourceTool = "ReadMcpResourceTool",
    ReadNotifications = "ReadNotifications",
    RemoteTrigger = "RemoteTrigger",
    ReportFindings = "ReportFindings",
    ScheduleWakeup = "ScheduleWakeup",
    SendFeedback = "SendFeedback",
    SendMessage = "SendMessage",
    SendUserFile = "SendUserFile",
    SendUserMessage = "SendUserMessage",
    SetGoal = "SetGoal",
    ShareOnboardingGuide = "ShareOnboardingGuide",
    ShowOnboardingRolePicker = "ShowOnboardingRolePicker",
    Skill = "Skill",
    SubagentHandback = "SubagentHandback",
    TaskCreate = "TaskCreate",
    TaskGet = "TaskGet",
    TaskList = "TaskList",
    TaskStop = "TaskStop",
    TaskUpdate = "TaskUpdate",
    TodoWrite = "TodoWrite",
    ToolSearch = "ToolSearch",
    WaitForMcpServers = "WaitForMcpServers",
    WebFetch = "WebFetch",
    WebSearch = "WebSearch",
    Workflow = "Workflow",
    Write = "Write",
}

/// Legacy names every flag still honours, with the canonical tool each stands for.
pub const ALIASES: [(&str, ClaudeTool); 9] = [
    ("Task", ClaudeTool::Agent),
    ("KillShell", ClaudeTool::TaskStop),
    ("KillBash", ClaudeTool::TaskStop),
    ("ListPeers", ClaudeTool::ListAgents),
    ("Brief", ClaudeTool::SendUserMessage),
    ("ListMcpResources", ClaudeTool::ListMcpResourcesTool),
    ("ReadMcpResource", ClaudeTool::ReadMcpResourceTool),
    ("ReadMcpResourceDir", ClaudeTool::ReadMcpResourceDirTool),
    ("ProposeGoal", ClaudeTool::SetGoal),
];

/// Names earlier CLIs had and 2.1.332 no longer knows.
pub const REMOVED: [&str; 14] = [
    "Frame",
    "FrameRead",
    "TeamCreate",
    "TeamDelete",
    "SuggestBackgroundPR",
    "AutofixPr",
    "TaskOutput",
    "AgentOutputTool",
    "BashOutputTool",
    "AgentOutput",
    "BashOutput",
    "MultiEdit",
    "LS",
    "TodoRead",
];

/// Offered by default in `-p` with an API key (the model and settings can add more).
pub const DEFAULT_OFFERED: [ClaudeTool; 21] = [
    ClaudeTool::Agent,
    ClaudeTool::Bash,
    ClaudeTool::CronCreate,
    ClaudeTool::CronDelete,
    ClaudeTool::CronList,
    ClaudeTool::Edit,
    ClaudeTool::EnterWorktree,
    ClaudeTool::ExitWorktree,
    ClaudeTool::ListAgents,
    ClaudeTool::Monitor,
    ClaudeTool::NotebookEdit,
    ClaudeTool::Read,
    ClaudeTool::ReportFindings,
    ClaudeTool::ScheduleWakeup,
    ClaudeTool::SendMessage,
    ClaudeTool::Skill,
    ClaudeTool::TaskStop,
    ClaudeTool::WebFetch,
    ClaudeTool::WebSearch,
    ClaudeTool::Workflow,
    ClaudeTool::Write,
];

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
        let candidates = ClaudeTool::ALL.iter().map(|t| t.name());
        Err(Error::ClaudeUnknownTool {
            name: name.to_owned(),
            suggestion: if removed { None } else { did_you_mean(name, candidates) },
            removed,
        })
    }
}

impl fmt::Display for ClaudeTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A Claude Code `builtin_tools` selection: exactly one of three shapes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClaudeCodeSelection {
    /// `{"disable": "*"}`: no built-in tool.
    DisableAll,
    /// `{"disable": [names]}`: the CLI's defaults less these.
    Disable(Cow<'static, [ClaudeTool]>),
    /// `{"only": [names]}`: exactly these (`[]`: none).
    Only(Cow<'static, [ClaudeTool]>),
}

/// Constructors for code that composes selections.
pub struct ClaudeCode;

impl ClaudeCode {
    /// `{"disable": "*"}`.
    pub const fn disable_all() -> ClaudeCodeSelection {
        ClaudeCodeSelection::DisableAll
    }

    /// `{"only": [...]}`. Duplicates are collapsed to their first occurrence, which
    /// changes nothing the CLI offers; [`ClaudeCodeSelection::from_json`] refuses them.
    pub fn only(tools: impl IntoIterator<Item = ClaudeTool>) -> ClaudeCodeSelection {
        ClaudeCodeSelection::Only(dedup(tools).into())
    }

    /// `{"disable": [...]}`, duplicates collapsed as for [`ClaudeCode::only`].
    pub fn disable(tools: impl IntoIterator<Item = ClaudeTool>) -> ClaudeCodeSelection {
        ClaudeCodeSelection::Disable(dedup(tools).into())
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
pub enum ClaudeDecision {
    /// Listed in `only`.
    PermittedByOnly,
    /// Not named in `disable`; the CLI's own defaults decide whether it appears.
    PermittedNotDisabled,
    /// `disable: "*"`.
    DisabledByWildcard,
    /// Named in `disable`.
    Disabled,
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
            ClaudeDecision::NotInOnly => "not permitted (not listed in `only`)",
        })
    }
}

impl ClaudeCodeSelection {
    /// The CLI arguments (SPEC §2), always `--flag=value`.
    pub fn args(&self) -> Vec<String> {
        let join = |tools: &[ClaudeTool]| tools.iter().map(|t| t.name()).collect::<Vec<_>>().join(",");
        let mut args = match self {
            ClaudeCodeSelection::DisableAll => vec![String::from("--tools=")],
            ClaudeCodeSelection::Only(tools) => vec![format!("--tools={}", join(tools))],
            // An empty deny-list removes nothing; no flag, so the CLI never sees an empty
            // variadic value.
            ClaudeCodeSelection::Disable(tools) if tools.is_empty() => Vec::new(),
            ClaudeCodeSelection::Disable(tools) => vec![format!("--disallowedTools={}", join(tools))],
        };
        args.push(String::from("--strict-mcp-config"));
        args
    }

    /// What the selection says of `tool`.
    pub fn decide(&self, tool: ClaudeTool) -> ClaudeDecision {
        match self {
            ClaudeCodeSelection::DisableAll => ClaudeDecision::DisabledByWildcard,
            ClaudeCodeSelection::Disable(tools) if tools.contains(&tool) => ClaudeDecision::Disabled,
            ClaudeCodeSelection::Disable(_) => ClaudeDecision::PermittedNotDisabled,
            ClaudeCodeSelection::Only(tools) if tools.contains(&tool) => ClaudeDecision::PermittedByOnly,
            ClaudeCodeSelection::Only(_) => ClaudeDecision::NotInOnly,
        }
    }

    /// The library's model of the built-ins the CLI offers under this selection, given the
    /// tools it offers with no selection in the same environment (`defaults`, such as
    /// [`DEFAULT_OFFERED`]). Besides the selection itself it applies the CLI's own rule: when
    /// Bash is denied, the tools that run code the way Bash does (Monitor, PowerShell) go with
    /// it, and Glob and Grep appear.
    pub fn offered(&self, defaults: &[ClaudeTool]) -> Vec<ClaudeTool> {
        offered(Some(self), defaults)
    }

    /// Reads a selection, or an object holding one under `builtin_tools` (`Ok(None)`: no
    /// selection there).
    pub fn from_json(text: &str) -> Result<Loaded, LoadError> {
        from_value(&crate::json::parse(text)?)
    }
}

/// [`ClaudeCodeSelection::offered`] for an optional selection (`None`: the defaults).
pub fn offered(selection: Option<&ClaudeCodeSelection>, defaults: &[ClaudeTool]) -> Vec<ClaudeTool> {
    let mut tools: Vec<ClaudeTool> = match selection {
        None => defaults.to_vec(),
        Some(ClaudeCodeSelection::DisableAll) => Vec::new(),
        Some(ClaudeCodeSelection::Only(only)) => only.to_vec(),
        Some(ClaudeCodeSelection::Disable(disabled)) => {
            let bash_denied = disabled.contains(&ClaudeTool::Bash);
            let runs_code = |t: &ClaudeTool| matches!(t, ClaudeTool::Monitor | ClaudeTool::PowerShell);
            let mut kept: Vec<ClaudeTool> =
                defaults.iter().copied().filter(|t| !(disabled.contains(t) || (bash_denied && runs_code(t)))).collect();
            if bash_denied {
                for extra in [ClaudeTool::Glob, ClaudeTool::Grep] {
                    if !disabled.contains(&extra) && !kept.contains(&extra) {
                        kept.push(extra);
                    }
                }
            }
            kept
        }
    };
    tools.sort_unstable();
    tools
}

/// What `tool-policy resolve --runtime claude-code` prints:
/// `{"args": [...], "cliVersion": "2.1.332"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaudeCodeArgs(pub Option<ClaudeCodeSelection>);

impl ClaudeCodeArgs {
    /// The arguments; none without a selection.
    pub fn args(&self) -> Vec<String> {
        self.0.as_ref().map(ClaudeCodeSelection::args).unwrap_or_default()
    }
}

impl serde::Serialize for ClaudeCodeArgs {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("ClaudeCodeArgs", 2)?;
        s.serialize_field("args", &self.args())?;
        s.serialize_field("cliVersion", CLI_VERSION)?;
        s.end()
    }
}

/// Which shape a selection was written in, before its names are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeDraft {
    /// `disable: "*"`.
    DisableAll,
    /// `disable: [...]`.
    Disable,
    /// `only: [...]`.
    Only,
}

/// A selection as a front door read it; `None` marks a name already refused (non-string).
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
            return Some(ClaudeCodeSelection::DisableAll);
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
            ShapeDraft::Disable => ClaudeCodeSelection::Disable(tools.into()),
            _ => ClaudeCodeSelection::Only(tools.into()),
        })
    }
}

/// A loaded Claude Code selection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The selection; `None` when the document holds none.
    pub selection: Option<ClaudeCodeSelection>,
    /// Aliases rewritten.
    pub warnings: Vec<Located<Warning>>,
}

/// The keys of a selection.
pub const SELECTION_KEYS: &[&str] = &["disable", "only"];
/// The key a holder object keeps its selection under.
pub const HOLDER_KEY: &str = "builtin_tools";

/// [`ClaudeCodeSelection::from_json`] for a parsed document.
pub fn from_value(document: &Value) -> Result<Loaded, LoadError> {
    let mut report = Report::default();
    let root = Ptr::Root;
    let holder_at = root.key(HOLDER_KEY);
    let (value, at) = match document {
        Value::Object(map) if map.contains_key(HOLDER_KEY) => (&map[HOLDER_KEY], holder_at),
        Value::Object(map) if SELECTION_KEYS.iter().any(|k| map.contains_key(*k)) => (document, root),
        Value::Object(map) => {
            // A holder without a selection. A key one typo from a selection key fails
            // closed rather than silently meaning "no selection".
            for key in map.keys() {
                if let Some(near) = did_you_mean(key, [HOLDER_KEY, "disable", "only"]) {
                    let expected: &'static [&'static str] = match near {
                        HOLDER_KEY => &[HOLDER_KEY],
                        _ => SELECTION_KEYS,
                    };
                    push(&mut report, root.key(key), At::Entry, Error::UnknownKey { key: key.clone(), expected });
                }
            }
            return finish(report, None);
        }
        other => {
            push(
                &mut report,
                root,
                At::Entry,
                Error::WrongType {
                    expected: "a selection object or an object with `builtin_tools`",
                    found: crate::json::type_name(other),
                },
            );
            return finish(report, None);
        }
    };
    if value.is_null() && !std::ptr::eq(value, document) {
        return finish(report, None);
    }
    let selection = selection(value, at, &mut report);
    finish(report, selection)
}

fn push(report: &mut Report, at: Ptr<'_>, place: At, error: Error) {
    let pointer = match place {
        At::ClaudeTool(i) => at.index(i).render(),
        _ => at.render(),
    };
    report.errors.push(Located { pointer, item: error });
}

fn finish(report: Report, selection: Option<ClaudeCodeSelection>) -> Result<Loaded, LoadError> {
    if report.errors.is_empty() {
        Ok(Loaded { selection, warnings: report.warnings })
    } else {
        Err(LoadError::Invalid(report))
    }
}

fn selection(value: &Value, at: Ptr<'_>, report: &mut Report) -> Option<ClaudeCodeSelection> {
    let Some(map) = value.as_object() else {
        push(report, at, At::Entry, Error::ClaudeShape);
        return None;
    };
    let mut shape_ok = true;
    for key in map.keys().filter(|k| !SELECTION_KEYS.contains(&k.as_str())) {
        push(report, at.key(key), At::Entry, Error::UnknownKey { key: key.clone(), expected: SELECTION_KEYS });
        shape_ok = false;
    }
    let draft = match (map.get("disable"), map.get("only")) {
        (Some(_), Some(_)) | (None, None) => {
            if shape_ok || map.is_empty() {
                push(report, at, At::Entry, Error::ClaudeShape);
            }
            return None;
        }
        (Some(Value::String(star)), None) if star == "*" => {
            SelectionDraft { shape: ShapeDraft::DisableAll, names: Vec::new() }
        }
        (Some(Value::String(other)), None) => {
            push(report, at.key("disable"), At::Entry, Error::ClaudeDisableString { value: other.clone() });
            return None;
        }
        (Some(list), None) => names(ShapeDraft::Disable, list, at.key("disable"), report)?,
        (None, Some(list)) => names(ShapeDraft::Only, list, at.key("only"), report)?,
    };
    let list_at = match draft.shape {
        ShapeDraft::Only => at.key("only"),
        _ => at.key("disable"),
    };
    let (mut errors, mut warnings) = (Vec::new(), Vec::new());
    let selection = draft.check(&mut errors, &mut warnings);
    for (place, error) in errors {
        push(report, list_at, place, error);
    }
    for (place, warning) in warnings {
        let pointer = match place {
            At::ClaudeTool(i) => list_at.index(i).render(),
            _ => list_at.render(),
        };
        report.warnings.push(Located { pointer, item: warning });
    }
    if shape_ok { selection } else { None }
}

fn names<'v>(shape: ShapeDraft, list: &'v Value, at: Ptr<'_>, report: &mut Report) -> Option<SelectionDraft<'v>> {
    let Some(items) = list.as_array() else {
        let expected =
            if shape == ShapeDraft::Disable { "`\"*\"` or an array of tool names" } else { "an array of tool names" };
        push(report, at, At::Entry, Error::WrongType { expected, found: crate::json::type_name(list) });
        return None;
    };
    let names = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let name = item.as_str();
            if name.is_none() {
                push(
                    report,
                    at.index(i),
                    At::Entry,
                    Error::WrongType { expected: "a tool name string", found: crate::json::type_name(item) },
                );
            }
            name
        })
        .collect();
    Some(SelectionDraft { shape, names })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Loaded, Vec<(String, String)>> {
        ClaudeCodeSelection::from_json(text).map_err(|e| match e {
            LoadError::Invalid(report) => report.errors.into_iter().map(|e| (e.pointer, e.item.to_string())).collect(),
            LoadError::NotJson(m) => vec![(String::from("<not json>"), m)],
        })
    }

    fn args(text: &str) -> Vec<String> {
        ClaudeCodeArgs(load(text).unwrap().selection).args()
    }

    #[test]
    fn catalog_has_54_names() {
        assert_eq!(ClaudeTool::ALL.len(), 54);
        for tool in ClaudeTool::ALL {
            assert_eq!(ClaudeTool::from_canonical(tool.name()), Some(*tool));
        }
        for (alias, _) in ALIASES {
            assert!(ClaudeTool::from_canonical(alias).is_none());
        }
    }

    #[test]
    fn spec_arguments() {
        assert_eq!(args(r#"{"disable": "*"}"#), ["--tools=", "--strict-mcp-config"]);
        assert_eq!(args(r#"{"only": ["Read", "Grep"]}"#), ["--tools=Read,Grep", "--strict-mcp-config"]);
        assert_eq!(args(r#"{"only": []}"#), ["--tools=", "--strict-mcp-config"]);
        assert_eq!(
            args(r#"{"disable": ["WebFetch", "Bash"]}"#),
            ["--disallowedTools=WebFetch,Bash", "--strict-mcp-config"]
        );
        assert_eq!(args(r#"{"disable": []}"#), ["--strict-mcp-config"]);
        assert_eq!(args(r#"{"id": "agent", "type": "deploy_agent"}"#), Vec::<String>::new());
        assert_eq!(args(r#"{"id": "agent", "builtin_tools": {"disable": "*"}}"#), ["--tools=", "--strict-mcp-config"]);
        assert_eq!(args(r#"{"builtin_tools": null}"#), Vec::<String>::new());
    }

    #[test]
    fn serializes_with_the_version() {
        let out = serde_json::to_value(ClaudeCodeArgs(Some(ClaudeCode::only([ClaudeTool::Read])))).unwrap();
        assert_eq!(out, serde_json::json!({"args": ["--tools=Read", "--strict-mcp-config"], "cliVersion": "2.1.332"}));
    }

    #[test]
    fn unknown_names_are_refused_with_a_suggestion() {
        let errors = load(r#"{"builtin_tools": {"only": ["Read", "Glob2", "read"]}}"#).unwrap_err();
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].0, "/builtin_tools/only/1");
        assert!(errors[0].1.starts_with("'Glob2' is not one of ['Agent', 'Artifact', "));
        assert!(errors[0].1.ends_with("did you mean `Glob`?"));
        assert_eq!(errors[1].0, "/builtin_tools/only/2");
        assert!(errors[1].1.ends_with("did you mean `Read`?"));
        let errors = load(r#"{"disable": ["MultiEdit"]}"#).unwrap_err();
        assert_eq!(errors[0].0, "/disable/0");
        assert!(errors[0].1.contains("removed"));
    }

    #[test]
    fn aliases_are_rewritten_with_a_warning() {
        let loaded = load(r#"{"only": ["Task", "KillShell"]}"#).unwrap();
        assert_eq!(loaded.selection, Some(ClaudeCode::only([ClaudeTool::Agent, ClaudeTool::TaskStop])));
        assert_eq!(loaded.warnings.len(), 2);
        assert_eq!(loaded.warnings[0].pointer, "/only/0");
        assert!(loaded.warnings[0].item.to_string().contains("`Task` is a legacy name of `Agent`"));
    }

    #[test]
    fn duplicates_after_aliases() {
        let errors = load(r#"{"only": ["Agent", "Task"]}"#).unwrap_err();
        assert_eq!(errors[0].0, "/only/1");
        assert!(errors[0].1.contains("`Agent` is listed twice (first at item 0"));
    }

    #[test]
    fn shapes() {
        let ptrs = |t: &str| load(t).unwrap_err().into_iter().map(|(p, _)| p).collect::<Vec<_>>();
        assert_eq!(ptrs(r#"{"disable": "*", "only": []}"#), [""]);
        assert_eq!(ptrs(r#"{"builtin_tools": {}}"#), ["/builtin_tools"]);
        assert_eq!(ptrs(r#"{"disable": "all"}"#), ["/disable"]);
        assert_eq!(ptrs(r#"{"only": "*"}"#), ["/only"]);
        assert_eq!(ptrs(r#"{"only": [1]}"#), ["/only/0"]);
        assert_eq!(ptrs(r#"{"only": [], "extra": 1}"#), ["/extra"]);
        assert_eq!(ptrs(r#"{"builtin_tools": "*"}"#), ["/builtin_tools"]);
        assert_eq!(ptrs(r#"{"disabel": "*"}"#), ["/disabel"]);
        assert_eq!(ptrs(r#"{"builtin_tool": {"disable": "*"}}"#), ["/builtin_tool"]);
        assert_eq!(ptrs("[]"), [""]);
    }

    #[test]
    fn decisions_and_the_offered_model() {
        let only = ClaudeCode::only([ClaudeTool::Read, ClaudeTool::TaskList]);
        assert_eq!(only.decide(ClaudeTool::Read), ClaudeDecision::PermittedByOnly);
        assert_eq!(only.decide(ClaudeTool::Bash), ClaudeDecision::NotInOnly);
        assert_eq!(only.offered(&DEFAULT_OFFERED), [ClaudeTool::Read, ClaudeTool::TaskList]);
        assert!(ClaudeCode::disable_all().offered(&DEFAULT_OFFERED).is_empty());
        let no_web = ClaudeCode::disable([ClaudeTool::WebFetch]);
        assert_eq!(no_web.offered(&DEFAULT_OFFERED).len(), 20);
        let no_bash = ClaudeCode::disable([ClaudeTool::Bash]).offered(&DEFAULT_OFFERED);
        assert!(no_bash.contains(&ClaudeTool::Glob) && no_bash.contains(&ClaudeTool::Grep));
        assert!(!no_bash.contains(&ClaudeTool::Bash));
        assert!(!no_bash.contains(&ClaudeTool::Monitor), "Monitor runs code the way Bash does");
        assert_eq!(no_bash.len(), 21, "probe p6: Bash and Monitor gone, Glob and Grep added");
    }
}
