// `mcp_tools` has one value, `none`: another word is named, with what to do instead.
const OFFLINE: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    capabilities: { disable: [web], mcp_tools: all },
};

fn main() {}
