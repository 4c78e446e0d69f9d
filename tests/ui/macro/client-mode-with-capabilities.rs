// A portable policy beside a Copilot entry's key: the message names the keys written.
const REVIEWER: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    client_mode: empty,
    capabilities: only [read],
};

fn main() {}
