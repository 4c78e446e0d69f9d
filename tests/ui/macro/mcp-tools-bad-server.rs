// A server or tool of `mcp_tools` is `<server>` or `<server>/<tool>`, checked on its token;
// and what the runtime cannot say is refused with the reason (Claude Code has no allow-list
// of MCP tools).
fn main() {
    let _no_mail: tool_policy::ClaudeCodeArgs = tool_policy::builtin_tools! {
        runtime: claude_code,
        capabilities: { only: [read], mcp_tools: { disable: ["mail/send/now"] } },
    };
    let _only_github: tool_policy::ClaudeCodeArgs = tool_policy::builtin_tools! {
        runtime: claude_code,
        capabilities: { only: [read], mcp_tools: { only: ["github"] } },
    };
}
