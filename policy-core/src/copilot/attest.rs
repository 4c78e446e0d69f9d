//! Attesting a Copilot session (`getCurrentMetadata`) against its resolved policy, and the
//! host's custom-tool rule: a custom tool named like a pinned built-in is the built-in unless
//! the host declares it as an override.

use std::collections::HashSet;

use crate::copilot::catalog as copilot;
use crate::copilot::resolved::{Decision, ResolvedPolicy, ToolList};
use crate::names::wire::{Source, Tool, mcp_tool_name};
use crate::review::attest::{Attestation, Host, OfferedTool, Violation, malformed};
use crate::seen::Seen;

impl Host {
    /// Whether the host registered `name` as a custom tool the runtime offers as custom: a
    /// name of a pinned built-in only when declared as an override.
    pub fn is_custom(&self, name: &str) -> bool {
        self.declared().is_custom(name)
    }

    /// The declared custom tools named like a pinned built-in but not declared as overrides:
    /// each is taken as the built-in.
    pub fn undeclared_overrides(&self) -> impl Iterator<Item = &str> {
        let declared = self.declared();
        self.custom_tools.iter().map(String::as_str).filter(move |name| declared.shadows_builtin(name))
    }

    /// The declarations indexed once, for many names.
    fn declared(&self) -> Declared<'_> {
        Declared {
            custom: Seen::of(self.custom_tools.iter().map(String::as_str)),
            overrides: Seen::of(self.builtin_overrides.iter().map(String::as_str)),
        }
    }
}

/// A policy's answer to the calls of a session: the policy's lists, the host's declarations
/// and its MCP servers indexed once, for many calls.
struct Calls<'a> {
    decide: Box<dyn Fn(&Tool<'_>) -> Decision<'a> + 'a>,
    declared: Declared<'a>,
    /// The MCP servers the host passed, as their tools' names begin (`<server>-`, the server's
    /// name sanitized as [`mcp_tool_name`] does), without the `-`.
    servers: HashSet<String>,
}

impl<'a> Calls<'a> {
    fn of(policy: &'a ResolvedPolicy, host: &'a Host) -> Calls<'a> {
        let prefix = |server: &String| {
            let mut prefix = mcp_tool_name(server, "");
            prefix.pop();
            prefix
        };
        let servers = host.mcp_servers.iter().flatten().map(prefix).collect();
        Calls { decide: Box::new(policy.decider()), declared: host.declared(), servers }
    }

    /// Why the policy refuses a call of `name`; `None` when it permits it.
    fn refuses(&self, name: &str) -> Option<String> {
        if let Some(violation) = malformed(name) {
            return Some(violation.why);
        }
        // `<server>-<tool>`: a server's name may hold a `-` itself, so each `-` is tried.
        let source = if name.match_indices('-').any(|(i, _)| self.servers.contains(&name[..i])) {
            Source::Mcp
        } else if self.declared.is_custom(name) {
            Source::Custom
        } else {
            Source::Builtin
        };
        let tool = Tool::new(source, name);
        match (self.decide)(&tool) {
            Decision::OfferedNoAllowList | Decision::OfferedBy(_) => None,
            decision => Some(format!("`{tool}` is not in this session's tool policy: {decision}")),
        }
    }
}

/// Whether `name` is a tool of MCP server `server` as the runtime names one: the server's
/// name sanitized, `-`, then a tool's name.
fn mcp_tool_of(name: &str, server: &str) -> bool {
    let prefix = mcp_tool_name(server, "");
    name.strip_prefix(prefix.as_str()).is_some_and(|tool| !tool.is_empty())
}

/// What a [`Host`] declared, indexed: the one text of the custom-tool rule.
struct Declared<'a> {
    custom: Seen<'a>,
    overrides: Seen<'a>,
}

impl Declared<'_> {
    /// Registered as custom, and not a pinned built-in's name unless declared as its override.
    fn is_custom(&self, name: &str) -> bool {
        self.custom.contains(name) && !self.shadows_builtin(name)
    }

    /// A pinned built-in's name not declared as an override: the offered tool is the built-in.
    fn shadows_builtin(&self, name: &str) -> bool {
        copilot::is_builtin(name) && !self.overrides.contains(name)
    }
}

impl ResolvedPolicy {
    /// Why this policy refuses a call of `name`, as a `preToolUse` hook or the session's tool
    /// events show it; `None` when it permits it. The name is classified as attestation
    /// classifies, fail closed: a tool of an MCP server the host passed (`<server>-<tool>`,
    /// [`Host::mcp_servers`]), a custom tool it declared, else a built-in. The same policy
    /// as the session's filter, so the two layers cannot disagree.
    pub fn refuses_call(&self, name: &str, host: &Host) -> Option<String> {
        Calls::of(self, host).refuses(name)
    }

    /// The tools a session's model called (the names its `tool.execution_start` events, or
    /// a `preToolUse` hook, saw), against this policy: each call the policy does not permit is
    /// a violation (`called`), whatever the session offered.
    #[must_use]
    pub fn attest_calls(&self, called: &[String], host: &Host) -> Attestation {
        let calls = Calls::of(self, host);
        let mut attestation = Attestation::default();
        for name in called {
            match calls.refuses(name) {
                Some(why) => attestation.violations.push(Violation { tool: name.clone(), why, called: true }),
                None => attestation.allowed.push(name.clone()),
            }
        }
        attestation
    }

    /// Checks what a Copilot session offers (`getCurrentMetadata` after
    /// `initializeAndValidate`) against this policy.
    #[must_use]
    pub fn attest(&self, offered: &[OfferedTool], host: &Host, strict: bool) -> Attestation {
        let mut attestation = Attestation::default();
        let (decide, declared) = (self.decider(), host.declared());
        for reported in offered {
            if let Some(violation) = malformed(&reported.name) {
                attestation.violations.push(violation);
                continue;
            }
            let source = match reported.mcp_server.as_deref() {
                // A server without a name cannot be told from a built-in: never MCP.
                Some("") => {
                    let why = "it is marked as an MCP tool of a server with an empty name, so it cannot be classified";
                    attestation.violations.push(Violation::offered(&reported.name, why));
                    continue;
                }
                // The runtime names an MCP tool `<server>-<tool>`, the server sanitized: a
                // tool whose name is not its server's cannot be told from a built-in.
                Some(server) if mcp_tool_of(&reported.name, server) => Source::Mcp,
                Some(server) => {
                    let why = format!(
                        "it is marked as a tool of MCP server `{}`, but its name is not that server's `{}<tool>`, so it cannot be classified",
                        crate::text::Shown(server),
                        mcp_tool_name(server, "")
                    );
                    attestation.violations.push(Violation::offered(&reported.name, why));
                    continue;
                }
                None if declared.is_custom(&reported.name) => Source::Custom,
                None => Source::Builtin,
            };
            let tool = Tool::new(source, &reported.name);
            let why = match decide(&tool) {
                Decision::ExcludedBy(pattern) => format!("the policy excludes it (`{pattern}`)"),
                Decision::NotInAllowList => String::from("no allow-list pattern matches it"),
                _ if source == Source::Builtin && !copilot::is_builtin(&reported.name) => {
                    let cli = format!("{} {}", copilot::RUNTIME, copilot::CLI_VERSION);
                    attestation.drifted(tool.to_string(), &cli, strict);
                    continue;
                }
                _ => {
                    attestation.allowed.push(tool.to_string());
                    continue;
                }
            };
            attestation.violations.push(Violation::offered(tool.to_string(), why));
        }
        attestation.not_offered = self.not_offered(offered, host, &declared);
        attestation
    }

    /// Named in the allow-list, or declared by the host, and allowed, but not offered: each
    /// tool once.
    fn not_offered(&self, offered: &[OfferedTool], host: &Host, declared: &Declared<'_>) -> Vec<String> {
        let decide = self.decider();
        // What was reported, not marked as MCP and marked as MCP.
        let reported = [false, true]
            .map(|mcp| Seen::of(offered.iter().filter(|o| o.mcp_server.is_some() == mcp).map(|o| o.name.as_str())));
        let was_offered = |tool: &Tool<'_>| reported[usize::from(tool.source() == Source::Mcp)].contains(tool.name());
        let named = self.available_tools().map(ToolList::as_slice).unwrap_or_default();
        let mut expected: Vec<Tool<'_>> = named
            .iter()
            .filter(|p| !p.is_wildcard())
            .map(|p| {
                let (source, name) = p.tool_key();
                Tool::new(source, name)
            })
            .collect();
        expected
            .extend(host.custom_tools.iter().filter(|name| declared.is_custom(name)).map(|name| Tool::custom(name)));
        // A tool is its source and name: one record of names per source.
        let mut seen: [Seen<'_>; 3] = std::array::from_fn(|_| Seen::with_capacity(0));
        let mut not_offered = Vec::new();
        for (i, tool) in expected.iter().enumerate() {
            let first = seen[tool.source() as usize].repeat(tool.name(), i).is_none();
            if decide(tool).is_offered() && !was_offered(tool) && first {
                not_offered.push(tool.to_string());
            }
        }
        not_offered
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ClientMode, PolicyEntry, Selector, WireName};

    fn policy(available: Option<&[&'static str]>, excluded: Option<&[&'static str]>) -> ResolvedPolicy {
        let selector =
            |names: &[&'static str]| Selector::Tools(names.iter().map(|n| WireName::from_static(n)).collect());
        PolicyEntry::new(ClientMode::CopilotCli, available.map(selector), excluded.map(selector)).unwrap().resolve()
    }

    #[test]
    fn a_called_name_is_classified_by_the_servers_the_host_passed() {
        let host = Host { mcp_servers: Some(vec!["a-b".into(), "x y".into()]), ..Host::default() };
        let calls =
            policy(Some(&["mcp:*"]), None).attest_calls(&["a-b-t", "x-y-t", "a-t", "a-b"].map(String::from), &host);
        // A server's name may hold `-`; its name as its tools carry it is sanitized.
        assert_eq!(calls.allowed, ["a-b-t", "x-y-t"]);
        let refused: Vec<&str> = calls.violations.iter().map(|v| v.tool.as_str()).collect();
        assert_eq!(refused, ["a-t", "a-b"], "no server `a`, and a server's name alone is no tool of it");
    }

    #[test]
    fn offered_tools_are_classified_fail_closed() {
        let mcp_only = policy(Some(&["mcp:*", "custom:lookup"]), None);
        let host = Host { custom_tools: vec!["lookup".into()], ..Host::default() };
        let offered =
            [OfferedTool::mcp("echo-ping", "echo"), OfferedTool::new("lookup"), OfferedTool::new("my_helper")];
        let attestation = mcp_only.attest(&offered, &host, false);
        assert_eq!(attestation.allowed, ["mcp:echo-ping", "custom:lookup"]);
        // Not declared by the host and not marked MCP: a built-in, so it cannot pass as custom.
        assert_eq!(attestation.violations.len(), 1);
        assert_eq!(
            attestation.violations[0].to_string(),
            "builtin:my_helper: offered, but no allow-list pattern matches it"
        );
        assert!(attestation.ok().is_err());
    }

    #[test]
    fn an_mcp_mark_holds_only_for_the_servers_own_names() {
        let excludes_builtins = policy(None, Some(&["builtin:*"]));
        let offered = [
            OfferedTool::mcp("gh-list", "gh"),
            OfferedTool::mcp("odd-srv-echo", "odd.srv"),
            OfferedTool::mcp("bash", "gh"),
            OfferedTool::mcp("gh-", "gh"),
            OfferedTool::mcp("odd.srv-echo", "odd.srv"),
            OfferedTool::mcp("ghx-list", "gh"),
        ];
        let attestation = excludes_builtins.attest(&offered, &Host::default(), false);
        assert_eq!(attestation.allowed, ["mcp:gh-list", "mcp:odd-srv-echo"]);
        let refused: Vec<&str> = attestation.violations.iter().map(|v| v.tool.as_str()).collect();
        assert_eq!(refused, ["bash", "gh-", "odd.srv-echo", "ghx-list"]);
        assert!(attestation.violations[0].why.contains("not that server's `gh-<tool>`"), "{attestation}");
    }

    #[test]
    fn a_dropped_filter_is_caught_and_drift_is_reported() {
        let no_shell = policy(None, Some(&["bash"]));
        let offered = [OfferedTool::new("bash"), OfferedTool::new("view"), OfferedTool::new("shiny_new_tool")];
        let attestation = no_shell.attest(&offered, &Host::default(), false);
        assert_eq!(
            attestation.violations[0].to_string(),
            "builtin:bash: offered, but the policy excludes it (`builtin:bash`)"
        );
        assert_eq!(attestation.drift, ["builtin:shiny_new_tool"]);
        let strict = no_shell.attest(&offered[1..], &Host::default(), true);
        assert_eq!(
            strict.violations[0].to_string(),
            "builtin:shiny_new_tool: offered, but it is unknown to the catalog of Copilot CLI 1.0.102 (strict mode refuses drift)"
        );
        let fine = no_shell.attest(&[OfferedTool::new("view")], &Host::default(), true);
        assert!(fine.is_attested());
        assert_eq!(fine.to_string(), "attested: 1 tools offered, all allowed");
    }

    #[test]
    fn allowed_but_not_offered_is_information() {
        let review = policy(Some(&["view", "grep"]), None);
        let attestation = review.attest(&[OfferedTool::new("view")], &Host::default(), false);
        assert!(attestation.is_attested());
        assert_eq!(attestation.not_offered, ["builtin:grep"]);
    }
}
