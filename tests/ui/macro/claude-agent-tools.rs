fn main() {
    let _ = tool_policy::builtin_tools! {
        runtime: claude_code,
        only: ["Agent", "Read"],
        agents: {
            reviewer: {
                description: "Reviews",
                prompt: "You review",
                tools: ["Read", "Glob2", "read", "Read", "Bash", "Grep"],
                disallowed_tools: ["mcp__"],
                colour: "red",
            },
            tester: { prompt: "You test" },
        },
    };
}
