//! The pinned Claude Code catalog (CLI 2.1.332): 54 canonical names, legacy aliases,
//! removed names and the default set.

/// The Claude Code CLI version the catalog was read from.
pub const CLI_VERSION: &str = "2.1.332";
/// The runtime, as messages name it.
pub const RUNTIME: &str = "Claude Code";

catalog! {
    /// A canonical built-in tool of the pinned Claude Code CLI.
    ClaudeTool;
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
pub const ALIASES: &[(&str, ClaudeTool)] = &[
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
pub const REMOVED: &[&str] = &[
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

/// The tools that run code the way Bash does: denying Bash removes them too (probe p6).
pub const RUN_CODE_WITH_BASH: &[ClaudeTool] = &[ClaudeTool::Monitor, ClaudeTool::PowerShell];

/// The tools the CLI adds when Bash is denied (probe p6).
pub const ADDED_WITHOUT_BASH: &[ClaudeTool] = &[ClaudeTool::Glob, ClaudeTool::Grep];

/// Never offered to a sub-agent's model, even when its `tools` lists them (live cases
/// `claude-code-subagents`).
pub const MAIN_AGENT_ONLY: &[ClaudeTool] = &[
    ClaudeTool::CronCreate,
    ClaudeTool::CronDelete,
    ClaudeTool::CronList,
    ClaudeTool::ListAgents,
    ClaudeTool::ReportFindings,
    ClaudeTool::ScheduleWakeup,
    ClaudeTool::Workflow,
];

/// How the model started a sub-agent: the CLI offers them different sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// `run_in_background: true`, the default.
    Background,
    /// `run_in_background: false`.
    Foreground,
}

impl Start {
    /// Both, background first.
    pub const BOTH: [Start; 2] = [Start::Background, Start::Foreground];

    /// Whether a sub-agent started so is never offered `tool`, whatever its lists say.
    pub fn withholds(self, tool: ClaudeTool) -> bool {
        match self {
            Start::Background => MAIN_AGENT_ONLY.contains(&tool),
            Start::Foreground => NEVER_TO_A_SUB_AGENT.contains(&tool),
        }
    }
}

/// Never offered to a sub-agent, however it was started.
pub const NEVER_TO_A_SUB_AGENT: &[ClaudeTool] = &[ClaudeTool::ScheduleWakeup, ClaudeTool::Workflow];

/// Offered to a sub-agent whose `tools` lists them even when the main selection takes them
/// away; every other built-in a main selection takes away a sub-agent never gets (live cases
/// `claude-code-subagents: control: ...`).
pub const AGENT_LIST_REACHES: &[ClaudeTool] = &[ClaudeTool::Glob, ClaudeTool::Grep];

/// Offered by default in `-p` with an API key (the model and settings can add more).
pub const DEFAULT_OFFERED: &[ClaudeTool] = &[
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

/// What `--tools` can offer beyond the default set: a built-in outside both is not offered
/// however it is listed (measured with all 54 names in `--tools`, `-p` with an API key; the
/// others need a permission host, MCP resources, settings or another entry point).
pub const LISTED_BEYOND_DEFAULT: &[ClaudeTool] = &[
    ClaudeTool::Glob,
    ClaudeTool::Grep,
    ClaudeTool::TaskCreate,
    ClaudeTool::TaskGet,
    ClaudeTool::TaskList,
    ClaudeTool::TaskUpdate,
];

/// Whether `--tools` can offer `tool` (the default set, or [`LISTED_BEYOND_DEFAULT`]).
pub fn offered_when_listed(tool: ClaudeTool) -> bool {
    DEFAULT_OFFERED.contains(&tool) || LISTED_BEYOND_DEFAULT.contains(&tool)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_beyond_the_default_set() {
        assert!(LISTED_BEYOND_DEFAULT.iter().all(|tool| !DEFAULT_OFFERED.contains(tool)));
        assert_eq!(ClaudeTool::ALL.iter().filter(|tool| offered_when_listed(**tool)).count(), 27);
    }

    #[test]
    fn catalog_has_54_names() {
        assert_eq!(ClaudeTool::ALL.len(), 54);
        assert_eq!(ClaudeTool::NAMES.len(), 54);
        for (tool, name) in ClaudeTool::ALL.iter().zip(ClaudeTool::NAMES) {
            assert_eq!(tool.name(), *name);
            assert_eq!(ClaudeTool::from_canonical(name), Some(*tool));
        }
        for (alias, _) in ALIASES {
            assert!(ClaudeTool::from_canonical(alias).is_none());
        }
    }
}
