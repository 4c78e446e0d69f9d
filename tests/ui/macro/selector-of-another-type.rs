// A selector is a list of names or `isolated`: a boolean is named as what it is.
const POLICY: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    available_tools: true,
};

fn main() {}
