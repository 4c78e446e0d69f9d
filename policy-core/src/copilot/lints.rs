//! The Copilot entry's and custom agents' lints: rules that read as restrictions but do
//! nothing, and policies that let new tools through. Each has a stable name, shown in its
//! message, and can be allowed by name; they are warnings, and errors in strict mode.

use std::borrow::Cow;

use super::agents::{CustomAgent, alias_members};
use super::catalog as copilot;
use super::entry::{PolicyEntry, Selector};
use super::resolved::{ResolvedPolicy, ToolList};
use crate::error::{At, Lint, Warning};
use crate::names::vocab::Slot;
use crate::names::wire::{Source, Tool, WireName};

/// The names of a selector written as a list (none for `isolated` or an absent one).
fn listed(selector: Option<&Selector>) -> &[WireName] {
    match selector {
        Some(Selector::Tools(names)) => names,
        _ => &[],
    }
}

/// A lint about one authored name, shown in its qualified form.
fn lint_warning(lint: Lint, pattern: &WireName, detail: Cow<'static, str>) -> Warning {
    Warning::Lint { lint, subject: Some(pattern.qualify().as_str().to_owned()), detail }
}

/// Whether `excluded` removes every tool `pattern` (qualified) can match.
fn covers(excluded: &WireName, pattern: &WireName) -> bool {
    let (source, name) = pattern.tool_key();
    let (excluded_source, excluded_name) = excluded.tool_key();
    source == excluded_source && (excluded.is_wildcard() || (!pattern.is_wildcard() && excluded_name == name))
}

/// Whether the allow-list `available` (resolved) can offer any tool `pattern` matches.
fn reaches(available: &[WireName], pattern: &WireName) -> bool {
    let (source, name) = pattern.tool_key();
    available.iter().any(|allowed| {
        let (allowed_source, allowed_name) = allowed.tool_key();
        allowed_source == source && (allowed.is_wildcard() || pattern.is_wildcard() || allowed_name == name)
    })
}

/// The lints of one entry, each at its place: `dead-allow`, `dead-deny`, `shadows-builtin`,
/// `open-to-new-builtins`. `policy` is the entry resolved (the caller has it already).
pub fn lint_entry(entry: &PolicyEntry, policy: &ResolvedPolicy) -> Vec<(At, Warning)> {
    let mut found = Vec::new();
    // The authored names, compared by the tool they stand for; a name is qualified (and its
    // message built) only when a lint fires, so a clean entry costs no allocation here.
    let (allowed, excluded) = (listed(entry.available()), listed(entry.excluded()));
    let excluded_resolved = policy.excluded_tools().map(ToolList::as_slice).unwrap_or_default();
    for (i, pattern) in allowed.iter().enumerate() {
        if let Some(by) = excluded_resolved.iter().find(|e| covers(e, pattern)) {
            let detail = format!("the deny-list removes it anyway (`{by}`); remove it from the allow-list");
            found.push((At::Tool(Slot::Available, i), lint_warning(Lint::DeadAllow, pattern, detail.into())));
        }
    }
    if let Some(available) = policy.available_tools() {
        for (i, pattern) in excluded.iter().enumerate() {
            if !reaches(available.as_slice(), pattern) {
                let detail = "the allow-list never offers it, so excluding it does nothing";
                found.push((At::Tool(Slot::Excluded, i), lint_warning(Lint::DeadDeny, pattern, detail.into())));
            }
        }
    }
    for (slot, list) in [(Slot::Available, allowed), (Slot::Excluded, excluded)] {
        for (i, pattern) in list.iter().enumerate() {
            if pattern.source() == Some(Source::Custom) && copilot::is_builtin(pattern.name()) {
                let detail = format!(
                    "a custom tool named like the built-in `{}` is refused by the runtime on the first turn unless it overrides the built-in",
                    pattern.name()
                );
                found.push((At::Tool(slot, i), lint_warning(Lint::ShadowsBuiltin, pattern, detail.into())));
            }
        }
    }
    if entry.excluded().is_some() && policy.offers(&Tool::unnamed(Source::Builtin)) {
        let detail = format!(
            "the policy only takes tools away: every built-in a CLI newer than {} adds is offered; add an allow-list, or attest the session",
            copilot::CLI_VERSION
        );
        found.push((
            At::Selector(Slot::Excluded),
            Warning::Lint { lint: Lint::OpenToNewBuiltins, subject: None, detail: detail.into() },
        ));
    }
    found
}

/// The `unreachable-agent-tool` lints of a definition's custom agents under the session's
/// policy: `(agent, item, warning)` for each list entry the session never offers.
pub fn lint_agents(agents: &[CustomAgent], session: &ResolvedPolicy) -> Vec<(usize, usize, Warning)> {
    let mut found = Vec::new();
    for (a, agent) in agents.iter().enumerate() {
        for (t, entry) in agent.tools().unwrap_or_default().iter().enumerate() {
            if !session_can_offer(session, entry) {
                let detail = "the session never offers it, so the sub-agent cannot use it".into();
                found.push((
                    a,
                    t,
                    Warning::Lint { lint: Lint::UnreachableAgentTool, subject: Some(entry.clone()), detail },
                ));
            }
        }
    }
    found
}

/// Whether a sub-agent list entry can select anything the session offers.
fn session_can_offer(session: &ResolvedPolicy, entry: &str) -> bool {
    if entry == "*" {
        return true;
    }
    if let Some(server) = entry.strip_suffix("/*") {
        let prefix = format!("mcp:{server}-");
        return session.offers(&Tool::unnamed(Source::Mcp))
            || session
                .available_tools()
                .is_some_and(|list| list.as_slice().iter().any(|p| p.as_str().starts_with(&prefix)))
                && !session.excluded_tools().is_some_and(|list| list.as_slice().iter().any(|p| p.as_str() == "mcp:*"));
    }
    let members = alias_members(entry);
    if !members.is_empty() {
        return members.iter().any(|member| session.offers(&Tool::builtin(member)));
    }
    [Tool::builtin(entry), Tool::custom(entry), Tool::mcp(entry)].iter().any(|tool| session.offers(tool))
}
