//! A portable policy's `mcp_tools` (SPEC §7) over generated servers, tools and rules: each
//! runtime's own value offers exactly the MCP tools the rule offers, read back through that
//! runtime's own matcher (Copilot's patterns, Claude Code's deny rules, the Gemini CLI's and
//! OpenCode's names); what a runtime cannot say is refused, and only that; a tool of a server
//! the host passed is attested by the name the runtime gives it; and the policy's JSON reads
//! back as the same policy.

use policy_core::json::{load_claude_code, load_gemini_cli};
use policy_core::{
    AgentRule, Capability, ClaudeCodeArgs, Error, GeminiSelection, Host, McpRef, McpTools, OpenCodeSelection, Portable,
    ResolvedPolicy, Tool, attest_claude_code, mcp_tool_name,
};
use proptest::prelude::*;

const SERVERS: &[&str] = &["github", "mail", "a-b", "docs", "my.server"];
const TOOLS: &[&str] = &["create_issue", "send", "list", "x-y"];

fn reference() -> impl Strategy<Value = McpRef> {
    (proptest::sample::select(SERVERS), prop::option::of(proptest::sample::select(TOOLS))).prop_map(|(server, tool)| {
        match tool {
            Some(tool) => McpRef::parse(&format!("{server}/{tool}")).unwrap(),
            None => McpRef::parse(server).unwrap(),
        }
    })
}

fn mcp_tools() -> impl Strategy<Value = McpTools> {
    let listed = || {
        prop::collection::vec(reference(), 0..5).prop_map(|mut refs| {
            // Each once: a repeat is refused by the reader.
            refs.sort();
            refs.dedup();
            refs
        })
    };
    prop_oneof![
        1 => Just(McpTools::Keep),
        1 => Just(McpTools::None),
        3 => listed().prop_map(McpTools::Only),
        3 => listed().prop_map(McpTools::Disable),
    ]
}

fn portable() -> impl Strategy<Value = Portable> {
    (any::<bool>(), mcp_tools()).prop_map(|(only, mcp)| {
        let base = if only { Portable::only([Capability::Read]) } else { Portable::disable([Capability::Web]) };
        base.with_mcp(mcp)
    })
}

/// A name as Claude Code and OpenCode write it in a tool's name: a character but a letter, a
/// digit, `_` and `-` becomes `_`.
fn sanitized(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '-') { c } else { '_' }).collect()
}

/// Whether `rules` (Claude Code's `--disallowedTools` value) take `name` away.
fn denied(rules: &str, name: &str) -> bool {
    rules.split(',').any(|rule| AgentRule::parse(rule).is_ok_and(|rule| rule.tool().matches(name)))
}

fn refused_for_the_reason<T: std::fmt::Debug>(result: &Result<T, Error>, why: &str) {
    match result {
        Err(Error::CannotSay { why: given, .. }) => assert!(given.contains(why), "{given}"),
        other => panic!("expected a refusal ({why}), got {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    /// Every runtime that can say the policy offers exactly what the rule offers; the others
    /// refuse it, each for its own reason.
    #[test]
    fn each_runtime_offers_what_the_rule_offers(portable in portable()) {
        let mcp = portable.mcp().clone();
        let whole_server = mcp.listed().iter().any(|r| r.tool().is_none());
        let copilot = ResolvedPolicy::from_portable(&portable);
        let claude = ClaudeCodeArgs::from_portable(&portable);
        let gemini = GeminiSelection::from_portable(&portable);
        let opencode = OpenCodeSelection::from_portable(&portable);
        match &mcp {
            McpTools::Only(_) | McpTools::Disable(_) if whole_server => {
                refused_for_the_reason(&copilot, "no pattern names one server's");
            }
            _ => prop_assert!(copilot.is_ok()),
        }
        match &mcp {
            McpTools::Only(_) => refused_for_the_reason(&claude, "never limits MCP tools"),
            _ => prop_assert!(claude.is_ok()),
        }
        // OpenCode writes `my.server` as `my_server`, which its names cannot tell apart.
        let underscored = mcp.listed().iter().any(|r| sanitized(r.server()).contains('_'));
        match &mcp {
            McpTools::Disable(_) => {
                refused_for_the_reason(&gemini, "`tools.core`");
                refused_for_the_reason(&opencode, "`\"*\": \"deny\"`");
            }
            McpTools::Only(_) if underscored => {
                prop_assert!(gemini.is_ok());
                refused_for_the_reason(&opencode, "cannot be told apart");
            }
            _ => prop_assert!(gemini.is_ok() && opencode.is_ok()),
        }
        // The host passes every server, by the names it gives them.
        let host = Host { mcp_servers: Some(SERVERS.iter().map(|s| (*s).to_owned()).collect()), ..Host::default() };
        for server in SERVERS {
            for tool in TOOLS.iter().chain(&["other"]) {
                let offered = mcp.offers(server, tool);
                if let Ok(copilot) = &copilot {
                    let name = mcp_tool_name(server, tool);
                    prop_assert_eq!(copilot.offers(&Tool::mcp(&name)), offered, "Copilot {}/{}", server, tool);
                }
                if let Ok(claude) = &claude {
                    let args = claude.args();
                    let rules = args.iter().find_map(|a| a.strip_prefix("--disallowedTools=")).unwrap_or("");
                    let name = format!("mcp__{}__{}", sanitized(server), sanitized(tool));
                    prop_assert_eq!(!denied(rules, &name), offered, "Claude Code {} under {}", name, rules);
                    let attestation = attest_claude_code(claude.selection.as_ref(), std::slice::from_ref(&name), &host, false);
                    prop_assert!(attestation.is_attested(), "Claude Code {} of a server the host passed: {}", name, attestation);
                }
                if let Ok(gemini) = &gemini {
                    let name = format!("mcp_{server}_{tool}");
                    prop_assert_eq!(gemini.decide(&name).is_permitted(), offered, "Gemini CLI {}", name);
                }
                if let Ok(opencode) = &opencode {
                    let name = format!("{}_{}", sanitized(server), sanitized(tool));
                    prop_assert_eq!(opencode.decide(&name).is_permitted(), offered, "OpenCode {}", name);
                }
            }
        }
    }

    /// The policy's own JSON reads back as the same policy, through a runtime that can say it.
    #[test]
    fn the_json_reads_back(portable in portable()) {
        let text = serde_json::json!({"capabilities": portable}).to_string();
        let read = match portable.mcp() {
            McpTools::Only(_) => load_gemini_cli(&text).map(|d| d.portable),
            _ => load_claude_code(&text).map(|d| d.portable),
        };
        prop_assert_eq!(read.unwrap_or_else(|e| panic!("{text}: {e}")), Some(portable));
    }
}
