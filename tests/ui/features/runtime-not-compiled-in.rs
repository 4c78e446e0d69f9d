// A build with `copilot` alone: the Gemini CLI's form names the feature that compiles it in.
const READER: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    runtime: gemini_cli,
    only: ["read_file"],
};

fn main() {}
