// A capability word is checked on its token, with a did-you-mean; a tool name is not one.
const REVIEWER: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    capabilities: only [reed, search, "view"],
};

fn main() {}
