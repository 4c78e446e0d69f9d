// The JSON spelling of a client mode: named as written, with the macro's spelling as the fix.
const POLICY: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    client_mode: copilot-cli,
};

fn main() {}
