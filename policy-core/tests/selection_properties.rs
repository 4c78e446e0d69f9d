//! Properties of the CLI runtimes' selections over generated ones: what the library says a
//! session offers is never a tool the selection takes away (Gemini CLI, every approval mode),
//! a sub-agent that passes the checks is offered nothing the main selection takes away but
//! what `agent_only` leaves it, and every selection reads back from its own JSON.

use policy_core::claude_code::catalog::{ClaudeTool, DEFAULT_OFFERED};
use policy_core::claude_code::{ClaudeAgents, offered_to};
use policy_core::gemini_cli::catalog::GeminiTool;
use policy_core::gemini_cli::{ApprovalMode, GeminiName, McpEntry, offered};
use policy_core::{AgentRule, ClaudeAgent, ClaudeCodeSelection, GeminiSelection, Selection};
use proptest::prelude::*;

const MCP_TOOLS: &[&str] = &["mcp_docs_search", "mcp_docs_fetch", "mcp_echo_echo", "mcp_echo_ping_tool"];
const MCP_ENTRIES: &[&str] = &["mcp_docs_*", "mcp_echo_*", "mcp_docs_search", "mcp_echo_ping_tool", "mcp_other_x"];

fn gemini_name() -> impl Strategy<Value = GeminiName> {
    prop_oneof![
        4 => proptest::sample::select(GeminiTool::ALL).prop_map(GeminiName::Builtin),
        1 => proptest::sample::select(MCP_ENTRIES).prop_map(|e| GeminiName::Mcp(McpEntry::new(e).unwrap())),
    ]
}

/// Generated lists keep each name once, as the constructors do.
fn shape<T: policy_core::CatalogName + 'static>(
    name: impl Strategy<Value = T> + 'static,
) -> impl Strategy<Value = Selection<T>> {
    prop_oneof![
        1 => Just(Selection::disable_all()),
        3 => prop::collection::vec(name, 0..8).prop_flat_map(|names| {
            prop_oneof![Just(Selection::only(names.clone())), Just(Selection::disable(names))]
        }),
    ]
}

fn mode() -> impl Strategy<Value = ApprovalMode> {
    proptest::sample::select(ApprovalMode::ALL.to_vec())
}

fn claude_tool() -> impl Strategy<Value = ClaudeTool> {
    proptest::sample::select(ClaudeTool::ALL)
}

fn agent() -> impl Strategy<Value = ClaudeAgent> {
    (
        prop::option::of(prop::collection::vec(claude_tool(), 0..6)),
        prop::option::of(prop::collection::vec(claude_tool(), 0..4)),
    )
        .prop_map(|(tools, denied)| {
            let mut agent = ClaudeAgent::new("a", "d", "p");
            if let Some(tools) = tools {
                agent = agent.tools(dedup(tools).into_iter().map(AgentRule::Tool));
            }
            if let Some(denied) = denied {
                agent = agent.disallowed_tools(dedup(denied).into_iter().map(AgentRule::Tool));
            }
            agent
        })
}

fn dedup(tools: Vec<ClaudeTool>) -> Vec<ClaudeTool> {
    let mut kept = Vec::new();
    for tool in tools {
        if !kept.contains(&tool) {
            kept.push(tool);
        }
    }
    kept
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Fail closed: in every approval mode, a tool the model is offered is one the selection
    /// permits; and the selection reads back from its JSON and its stored form unchanged.
    #[test]
    fn gemini_offers_only_what_the_selection_permits(selection in shape(gemini_name()), mode in mode()) {
        for name in offered(Some(&selection), mode, MCP_TOOLS) {
            prop_assert!(selection.decide(&name).is_permitted(), "{name} offered in {mode} under {selection:?}");
        }
        let text = serde_json::to_string(&selection).unwrap();
        let read = policy_core::json::load_gemini_cli(&text).unwrap().selection;
        prop_assert_eq!(read.as_ref(), Some(&selection));
        prop_assert_eq!(serde_json::from_str::<GeminiSelection>(&text).unwrap(), selection);
    }

    /// The main selection bounds every sub-agent: when the agents pass the checks, an agent is
    /// offered no built-in the main selection takes away, except what `agent_only` leaves it.
    #[test]
    fn agents_that_pass_stay_within_the_main_selection(
        main in shape(claude_tool()),
        agent in agent(),
        left in prop::collection::vec(proptest::sample::select(reaching_agent_lists()), 0..2),
    ) {
        let agents = ClaudeAgents::new([agent.clone()]).agent_only(dedup(left.clone()));
        if agents.check(Some(&main)).0.is_empty() {
            for tool in offered_to(&agent, Some(&main), DEFAULT_OFFERED) {
                prop_assert!(
                    main.decide(tool).is_permitted() || left.contains(&tool),
                    "{tool} offered to the agent though {main:?} takes it away"
                );
            }
        }
        let text = serde_json::to_string(&main).unwrap();
        prop_assert_eq!(serde_json::from_str::<ClaudeCodeSelection>(&text).unwrap(), main);
    }
}

/// The built-ins a sub-agent's list reaches beyond the main selection (their rows say so).
fn reaching_agent_lists() -> Vec<ClaudeTool> {
    ClaudeTool::ALL.iter().copied().filter(|tool| tool.reaches_agent_lists()).collect()
}
