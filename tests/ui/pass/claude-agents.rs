// Custom agents from the macro are the ones the JSON reader makes.
use tool_policy::claude::ClaudeCodeArgs;
use tool_policy::builtin_tools;

fn main() {
    let lead: ClaudeCodeArgs = builtin_tools! {
        runtime: claude_code,
        only: ["Agent", "Read", "Bash"],
        agent_only: ["Grep", "Glob"],
        agents: {
            reviewer: {
                description: "Reviews a change and reports findings.",
                prompt: "You review code. Read, search, report; change nothing.",
                tools: ["Read", "Grep", "Glob"],
            },
            tester: {
                description: "Runs the test suite and reports failures.",
                prompt: "You run the tests with Bash and report what failed.",
                tools: ["Bash", "Read"],
                model: "sonnet",
            },
        },
    };
    let text = include_str!("../../../examples/claude/with-agents.json");
    let read = tool_policy::json::load_claude_code(text).unwrap();
    assert_eq!(lead, ClaudeCodeArgs::new(read.selection).with_agents(read.agents).unwrap());
}
