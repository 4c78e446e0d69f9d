//! Composing policies in code, per tenant, with the typestate builder. Illegal states (a
//! slot set twice, empty mode without a non-empty allow-list) do not compile.

use tool_policy::{Policy, ResolvedPolicy, copilot, wire};

/// A tenant's agent: read-only tools for everyone, the shell only where it is allowed.
fn tenant_policy(shell_allowed: bool) -> ResolvedPolicy {
    let builder =
        Policy::builder().excluded_tools([copilot::WEB_FETCH, wire!("builtin:fetch_copilot_cli_documentation")]);
    if shell_allowed {
        builder.available_tools([copilot::VIEW, copilot::GREP, copilot::GLOB, copilot::BASH]).build()
    } else {
        builder.available_tools([copilot::VIEW, copilot::GREP, copilot::GLOB]).build()
    }
}

fn main() {
    for shell in [false, true] {
        let policy = tenant_policy(shell);
        println!("shell allowed: {shell}\n{}\n", serde_json::to_string_pretty(&policy).unwrap());
    }
    let locked = Policy::builder().client_mode_empty().available_tools([wire!("mcp:*")]).excluded_isolated().build();
    println!("locked down:\n{}", serde_json::to_string_pretty(&locked).unwrap());
}
