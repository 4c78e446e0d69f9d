// `strict: true`: a built-in name the pinned catalog does not have is a compile error (a
// deny-list naming `bahs` would remove nothing).
const P: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {
    strict: true,
    excluded_tools: ["bahs", "bash", "builtin:vew"],
};
fn main() {}
