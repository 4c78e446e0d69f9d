//! The Copilot entry's and custom agents' lints: rules that read as restrictions but do
//! nothing, and policies that let new tools through. Each has a stable name, shown in its
//! message, and can be allowed by name; they are warnings, and errors in strict mode.

use std::borrow::Cow;

use super::agents::{CustomAgent, alias_members};
use super::catalog as copilot;
use super::catalog::row as catalog_row;
use super::entry::{PolicyEntry, Selector};
use super::resolved::{Decision, ResolvedPolicy, ToolList};
use crate::capability::{Faces, Row, hidden_grants, hidden_warning};
use crate::error::{At, KEEP_THE_DENY_LIST, Lint, Warning};
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

/// The lints of one entry, each at its place: `dead-allow`, `dead-deny`, `hidden-capability`,
/// `shadows-builtin`, `open-to-new-builtins`. `policy` is the entry resolved (the caller has it already).
pub fn lint_entry(entry: &PolicyEntry, policy: &ResolvedPolicy) -> Vec<(At, Warning)> {
    let mut found = Vec::new();
    // The authored names, compared by the tool they stand for; a name is qualified (and its
    // message built) only when a lint fires, so a clean entry costs no allocation here.
    let (allowed, excluded) = (listed(entry.available()), listed(entry.excluded()));
    let excluded_index = policy.excluded_tools().map(ToolList::index);
    for (i, pattern) in allowed.iter().enumerate() {
        if let Some(by) = excluded_index.as_ref().and_then(|index| index.covering(&pattern.qualify())) {
            let detail = format!("the deny-list removes it anyway (`{by}`); remove it from the allow-list");
            found.push((At::Tool(Slot::Available, i), lint_warning(Lint::DeadAllow, pattern, detail.into())));
        }
    }
    if let Some(available) = policy.available_tools().map(ToolList::index) {
        for (i, pattern) in excluded.iter().enumerate() {
            if !available.reaches(&pattern.qualify()) {
                let detail = "the allow-list never offers it, so excluding it does nothing";
                found.push((At::Tool(Slot::Excluded, i), lint_warning(Lint::DeadDeny, pattern, detail.into())));
            }
        }
    }
    // Built-ins by bare or `builtin:` name; another source's tool has no capabilities.
    let faces: Vec<Option<Faces>> = allowed
        .iter()
        .map(|pattern| match pattern.source() {
            None | Some(Source::Builtin) => catalog_row(pattern.name()).map(Row::faces),
            Some(_) => None,
        })
        .collect();
    for (i, unsaid) in hidden_grants(&faces) {
        found.push((At::Tool(Slot::Available, i), hidden_warning(allowed[i].qualify().as_str(), unsaid)));
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
            "the policy only takes tools away: every built-in a CLI newer than {} adds is offered; add an allow-list, or attest the session; {KEEP_THE_DENY_LIST}",
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
/// policy: `(agent, Some(item), warning)` for each list entry the session never offers; and
/// `agent-inherits-mcp`, `(agent, None, warning)`, for an agent with no `tools` of its own
/// (`null` or left out) while the session keeps MCP tools: it reaches every one of them.
pub fn lint_agents(agents: &[CustomAgent], session: &ResolvedPolicy) -> Vec<(usize, Option<usize>, Warning)> {
    let reach = Reach::of(session);
    let mut found = Vec::new();
    let keeps_mcp = reach.offers(&Tool::unnamed(Source::Mcp)) || !reach.mcp_named.is_empty() && !reach.no_mcp;
    for (a, agent) in agents.iter().enumerate() {
        if agent.tools().is_none() && keeps_mcp {
            found.push((a, None, Warning::inherits_mcp(agent.name(), "`tools` of its own")));
        }
        for (t, entry) in agent.tools().unwrap_or_default().iter().enumerate() {
            if !reach.can_offer(entry) {
                let detail = "the session never offers it, so the sub-agent cannot use it".into();
                found.push((
                    a,
                    Some(t),
                    Warning::Lint { lint: Lint::UnreachableAgentTool, subject: Some(entry.clone()), detail },
                ));
            }
        }
    }
    found
}

/// What a session's policy can offer, indexed once for every entry of every agent's list.
struct Reach<'p> {
    decide: Box<dyn Fn(&Tool<'_>) -> Decision<'p> + 'p>,
    /// The MCP tools the allow-list names one by one, sorted, for a server's prefix.
    mcp_named: Vec<&'p str>,
    /// Whether the deny-list takes every MCP tool away.
    no_mcp: bool,
}

impl<'p> Reach<'p> {
    fn of(session: &'p ResolvedPolicy) -> Reach<'p> {
        let named = session.available_tools().map(ToolList::as_slice).unwrap_or_default();
        let mut mcp_named: Vec<&str> =
            named.iter().filter(|p| p.source() == Some(Source::Mcp) && !p.is_wildcard()).map(WireName::name).collect();
        mcp_named.sort_unstable();
        let every_mcp = WireName::from_static("mcp:*");
        let no_mcp = session.excluded_tools().is_some_and(|list| list.contains(&every_mcp));
        Reach { decide: Box::new(session.decider()), mcp_named, no_mcp }
    }

    fn offers(&self, tool: &Tool<'_>) -> bool {
        (self.decide)(tool).is_offered()
    }

    /// Whether a sub-agent list entry can select anything the session offers.
    fn can_offer(&self, entry: &str) -> bool {
        if entry == "*" {
            return true;
        }
        if let Some(server) = entry.strip_suffix("/*") {
            let prefix = format!("{server}-");
            let first = self.mcp_named.partition_point(|name| *name < prefix.as_str());
            let named = self.mcp_named.get(first).is_some_and(|name| name.starts_with(&prefix));
            return self.offers(&Tool::unnamed(Source::Mcp)) || named && !self.no_mcp;
        }
        let members = alias_members(entry);
        if !members.is_empty() {
            return members.iter().any(|member| self.offers(&Tool::builtin(member)));
        }
        [Tool::builtin(entry), Tool::custom(entry), Tool::mcp(entry)].iter().any(|tool| self.offers(tool))
    }
}
