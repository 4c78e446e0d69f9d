// Generated from `policy-core/catalogs/codex.json` by `tests/catalog.rs`: edit the data and run
// `UPDATE_CATALOG=1 cargo test --test catalog`, never this file.

/// The builds of the CLI this catalog covers, the pinned one first.
pub const BUILDS: &[&str] = &["0.171.0"];

/// The CLI version the library pins: its live tests and its arguments are this build's.
pub const CLI_VERSION: &str = "0.171.0";

catalog! {
    /// A built-in tool of the Codex CLI catalog.
    CodexTool;
    ApplyPatch = "apply_patch",
    CloseAgent = "close_agent",
    CreateGoal = "create_goal",
    ExecCommand = "exec_command",
    GetGoal = "get_goal",
    ListMcpResourceTemplates = "list_mcp_resource_templates",
    ListMcpResources = "list_mcp_resources",
    ReadMcpResource = "read_mcp_resource",
    RequestUserInput = "request_user_input",
    ResumeAgent = "resume_agent",
    SendInput = "send_input",
    SpawnAgent = "spawn_agent",
    ToolSearch = "tool_search",
    UpdateGoal = "update_goal",
    ViewImage = "view_image",
    WaitAgent = "wait_agent",
    WebSearch = "web_search",
    WriteStdin = "write_stdin",
}

/// One row per built-in, in catalog order.
pub const ROWS: &[Row<CodexTool, Codex>] = &[
    Row { tool: CodexTool::ApplyPatch, aliases: &[], shows: &[C::Edit], hides: &[], because: "The `apply_patch` tool can be used to edit files", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &[] } },
    Row { tool: CodexTool::CloseAgent, aliases: &[], shows: &[C::Agent], hides: &[], because: "Close an agent and any open descendants", builds: &[], undecided: false, runtime: Codex { offered: Offered::Gated("a model whose catalog entry has no multi-agent version of its own (an unknown slug)"), switch: &["--disable", "multi_agent"] } },
    Row { tool: CodexTool::CreateGoal, aliases: &[], shows: &[C::Todo], hides: &[], because: "Create a goal only when explicitly requested", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &["--disable", "goals"] } },
    Row { tool: CodexTool::ExecCommand, aliases: &[], shows: &[C::Execute, C::Read, C::Edit, C::Search, C::Web], hides: &[], because: "Runs a command in a PTY", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &["--disable", "shell_tool"] } },
    Row { tool: CodexTool::GetGoal, aliases: &[], shows: &[C::Todo], hides: &[], because: "Get the current goal for this thread", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &["--disable", "goals"] } },
    Row { tool: CodexTool::ListMcpResourceTemplates, aliases: &[], shows: &[C::Mcp], hides: &[], because: "Lists resource templates provided by MCP servers", builds: &[], undecided: false, runtime: Codex { offered: Offered::Gated("an enabled MCP server"), switch: &[] } },
    Row { tool: CodexTool::ListMcpResources, aliases: &[], shows: &[C::Mcp], hides: &[], because: "Lists resources provided by MCP servers", builds: &[], undecided: false, runtime: Codex { offered: Offered::Gated("an enabled MCP server"), switch: &[] } },
    Row { tool: CodexTool::ReadMcpResource, aliases: &[], shows: &[C::Mcp], hides: &[], because: "Read a specific resource from an MCP server", builds: &[], undecided: false, runtime: Codex { offered: Offered::Gated("an enabled MCP server"), switch: &[] } },
    Row { tool: CodexTool::RequestUserInput, aliases: &[], shows: &[C::Ask], hides: &[], because: "Request user input for one to three short questions", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &[] } },
    Row { tool: CodexTool::ResumeAgent, aliases: &[], shows: &[C::Agent], hides: &[], because: "Resume a previously closed agent", builds: &[], undecided: false, runtime: Codex { offered: Offered::Gated("a model whose catalog entry has no multi-agent version of its own (an unknown slug)"), switch: &["--disable", "multi_agent"] } },
    Row { tool: CodexTool::SendInput, aliases: &[], shows: &[C::Agent], hides: &[], because: "Send a message to an existing agent", builds: &[], undecided: false, runtime: Codex { offered: Offered::Gated("a model whose catalog entry has no multi-agent version of its own (an unknown slug)"), switch: &["--disable", "multi_agent"] } },
    Row { tool: CodexTool::SpawnAgent, aliases: &[], shows: &[C::Agent], hides: &[], because: "a tool of the multi_agent_v1 namespace that starts an agent (its description lists the models it may run)", builds: &[], undecided: false, runtime: Codex { offered: Offered::Gated("a model whose catalog entry has no multi-agent version of its own (an unknown slug)"), switch: &["--disable", "multi_agent"] } },
    Row { tool: CodexTool::ToolSearch, aliases: &[], shows: &[C::Meta], hides: &[C::Agent, C::Mcp], because: "Searches over deferred tool metadata and exposes matching tools for the next model call", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &[] } },
    Row { tool: CodexTool::UpdateGoal, aliases: &[], shows: &[C::Todo], hides: &[], because: "Update the existing goal", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &["--disable", "goals"] } },
    Row { tool: CodexTool::ViewImage, aliases: &[], shows: &[C::Read], hides: &[], because: "View a local image file from the filesystem", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &["--disable", "view_image"] } },
    Row { tool: CodexTool::WaitAgent, aliases: &[], shows: &[C::Agent], hides: &[], because: "Wait for agents to reach a final status", builds: &[], undecided: false, runtime: Codex { offered: Offered::Gated("a model whose catalog entry has no multi-agent version of its own (an unknown slug)"), switch: &["--disable", "multi_agent"] } },
    Row { tool: CodexTool::WebSearch, aliases: &[], shows: &[C::Web], hides: &[], because: "a hosted tool that searches the web", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &["-c", "web_search=\"disabled\""] } },
    Row { tool: CodexTool::WriteStdin, aliases: &[], shows: &[C::Execute], hides: &[], because: "Writes characters to an existing unified exec session", builds: &[], undecided: false, runtime: Codex { offered: Offered::Default, switch: &["--disable", "shell_tool"] } },
];

/// The model the catalog's offered sets are of: what is offered depends on the model's entry
/// in the CLI's own model catalog.
pub const MODEL: &str = "gpt-5.5";

/// Models whose tools sit behind one code-mode tool, which no switch is shown to reach.
pub const CODE_MODE_MODELS: &[&str] = &["gpt-6.2-sol"];

/// Names earlier CLIs had and no build of the catalog knows.
pub const REMOVED: &[&str] = &[];

/// Offered by default to `codex exec` with [`MODEL`] (the rows offered `default`).
pub const DEFAULT_OFFERED: &[CodexTool] = &[CodexTool::ApplyPatch, CodexTool::CreateGoal, CodexTool::ExecCommand, CodexTool::GetGoal, CodexTool::RequestUserInput, CodexTool::ToolSearch, CodexTool::UpdateGoal, CodexTool::ViewImage, CodexTool::WebSearch, CodexTool::WriteStdin];
