// A server or tool of `mcp_tools` is `<server>` or `<server>/<tool>`, checked on its token;
// and what the runtime cannot say is refused with the reason (Claude Code has no allow-list
// of MCP tools). A Claude Code MCP rule naming a server as the host gives it (`echo.v2`) gets
// the rule the CLI matches (`echo_v2`).
fn main() {
    let _no_mail: tool_policy::ClaudeCodeArgs = tool_policy::builtin_tools! {
        runtime: claude_code,
        capabilities: { only: [read], mcp_tools: { disable: ["mail/send/now"] } },
    };
    let _only_github: tool_policy::ClaudeCodeArgs = tool_policy::builtin_tools! {
        runtime: claude_code,
        capabilities: { only: [read], mcp_tools: { only: ["github"] } },
    };
    let _no_ping: tool_policy::ClaudeCodeArgs = tool_policy::builtin_tools! {
        runtime: claude_code,
        disable: ["Bash", "mcp__echo.v2__ping_tool"],
    };
}
