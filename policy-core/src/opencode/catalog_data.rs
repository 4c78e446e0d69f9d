// Generated from `policy-core/catalogs/opencode.json` by `tests/catalog.rs`: edit the data and run
// `UPDATE_CATALOG=1 cargo test --test catalog`, never this file.

/// The builds of the CLI this catalog covers, the pinned one first.
pub const BUILDS: &[&str] = &["1.18.33"];

/// The CLI version the library pins: its live tests and its arguments are this build's.
pub const CLI_VERSION: &str = "1.18.33";

catalog! {
    /// A built-in tool of the OpenCode catalog.
    OpenCodeTool;
    ApplyPatch = "apply_patch",
    Bash = "bash",
    Edit = "edit",
    Glob = "glob",
    Grep = "grep",
    ListMcpResourceTemplates = "list_mcp_resource_templates",
    ListMcpResources = "list_mcp_resources",
    Lsp = "lsp",
    PlanExit = "plan_exit",
    Question = "question",
    Read = "read",
    ReadMcpResource = "read_mcp_resource",
    Skill = "skill",
    Task = "task",
    Todowrite = "todowrite",
    Webfetch = "webfetch",
    Websearch = "websearch",
    Write = "write",
}

/// One row per built-in, in catalog order.
pub const ROWS: &[Row<OpenCodeTool, OpenCode>] = &[
    Row { tool: OpenCodeTool::ApplyPatch, aliases: &[], shows: &[C::Edit], hides: &[], because: "Use the `apply_patch` tool to edit files", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Gated("a model whose id starts with `gpt-`, instead of `edit` and `write`"), permission: "edit" } },
    Row { tool: OpenCodeTool::Bash, aliases: &[], shows: &[C::Execute, C::Read, C::Edit, C::Search, C::Web], hides: &[], because: "Executes a given bash command in a persistent shell session", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "bash" } },
    Row { tool: OpenCodeTool::Edit, aliases: &[], shows: &[C::Edit], hides: &[], because: "Performs exact string replacements in files", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "edit" } },
    Row { tool: OpenCodeTool::Glob, aliases: &[], shows: &[C::Search], hides: &[], because: "Fast file pattern matching tool that works with any codebase size", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "glob" } },
    Row { tool: OpenCodeTool::Grep, aliases: &[], shows: &[C::Search, C::Read], hides: &[], because: "Fast content search tool that works with any codebase size", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "grep" } },
    Row { tool: OpenCodeTool::ListMcpResourceTemplates, aliases: &[], shows: &[C::Mcp], hides: &[], because: "Lists resource templates provided by connected MCP servers", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Gated("an MCP server that offers resources"), permission: "read" } },
    Row { tool: OpenCodeTool::ListMcpResources, aliases: &[], shows: &[C::Mcp], hides: &[], because: "Lists resources provided by connected MCP servers", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Gated("an MCP server that offers resources"), permission: "read" } },
    Row { tool: OpenCodeTool::Lsp, aliases: &[], shows: &[C::Read, C::Search], hides: &[], because: "Interact with Language Server Protocol (LSP) servers to get code intelligence features", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Gated("OPENCODE_EXPERIMENTAL_LSP_TOOL"), permission: "lsp" } },
    Row { tool: OpenCodeTool::PlanExit, aliases: &[], shows: &[C::Plan], hides: &[], because: "Use this tool when you have completed the planning phase and are ready to exit plan agent", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Gated("OPENCODE_EXPERIMENTAL_PLAN_MODE, in the plan agent"), permission: "plan_exit" } },
    Row { tool: OpenCodeTool::Question, aliases: &[], shows: &[C::Ask], hides: &[], because: "Use this tool when you need to ask the user questions during execution", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Gated("a client that answers questions, or OPENCODE_ENABLE_QUESTION_TOOL"), permission: "question" } },
    Row { tool: OpenCodeTool::Read, aliases: &[], shows: &[C::Read], hides: &[], because: "Read a file or directory from the local filesystem", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "read" } },
    Row { tool: OpenCodeTool::ReadMcpResource, aliases: &[], shows: &[C::Mcp], hides: &[], because: "Read a specific resource from an MCP server using the server name and resource URI", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Gated("an MCP server that offers resources"), permission: "read" } },
    Row { tool: OpenCodeTool::Skill, aliases: &[], shows: &[C::Skill], hides: &[], because: "Load a specialized skill when the task at hand matches one of the skills listed in the system prompt", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "skill" } },
    Row { tool: OpenCodeTool::Task, aliases: &[], shows: &[C::Agent], hides: &[], because: "Launch a new agent to handle complex, multistep tasks autonomously", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "task" } },
    Row { tool: OpenCodeTool::Todowrite, aliases: &[], shows: &[C::Todo], hides: &[], because: "Create and maintain a structured task list for the current coding session", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "todowrite" } },
    Row { tool: OpenCodeTool::Webfetch, aliases: &[], shows: &[C::Web], hides: &[], because: "Fetches content from a specified URL", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "webfetch" } },
    Row { tool: OpenCodeTool::Websearch, aliases: &[], shows: &[C::Web], hides: &[], because: "Search the web using the session's web search provider", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Gated("the opencode provider, or OPENCODE_ENABLE_EXA or OPENCODE_ENABLE_PARALLEL"), permission: "websearch" } },
    Row { tool: OpenCodeTool::Write, aliases: &[], shows: &[C::Edit], hides: &[], because: "Writes a file to the local filesystem", builds: &[], undecided: false, runtime: OpenCode { offered: Offered::Default, permission: "edit" } },
];

/// Names earlier CLIs had and no build of the catalog knows.
pub const REMOVED: &[&str] = &["list", "patch", "multiedit", "todoread", "codesearch"];

/// Offered by default to the `build` agent of `opencode run` with a provider of the host's
/// own (the rows offered `default`).
pub const DEFAULT_OFFERED: &[OpenCodeTool] = &[OpenCodeTool::Bash, OpenCodeTool::Edit, OpenCodeTool::Glob, OpenCodeTool::Grep, OpenCodeTool::Read, OpenCodeTool::Skill, OpenCodeTool::Task, OpenCodeTool::Todowrite, OpenCodeTool::Webfetch, OpenCodeTool::Write];
