//! Copilot's rows of the closed-world table (SPEC §6): every object its readers enter, and
//! what each makes of a key.

use crate::copilot::catalog::RUNTIME;
use crate::error::Stray;
use crate::names::vocab::RESOLVED_KEYS;
use crate::names::vocab::{
    AGENT_NAME_KEY, AGENT_ONLY_KEY, AGENTS_KEY, ALLOWED_TOOLS_KEY, CAPABILITIES_KEY, COPILOT_MACRO_KEYS,
    CUSTOM_AGENTS_KEY, DEFAULT_AGENT_EXCLUDED_KEY, DEFAULT_AGENT_KEY, DISABLE_KEY, ENTRY_KEYS, HOLDER_KEY, KIND_KEY,
    NOT_CUSTOM_AGENT_FILTERS, NOT_DEFAULT_AGENT_FILTERS, ONLY_KEY, POLICY_KEYS, SELECTION_OWNER, SELECTOR_KEYS,
    TOOLS_KEY,
};
use crate::portable::read::{MCP_POLICY, PORTABLE};
use crate::reader::closed::{Elsewhere, Others, Passes, Place};

/// An agent definition's top level: its own fields pass through.
pub(crate) const DEFINITION: Place = Place {
    name: "a Copilot agent definition",
    reads: &[TOOLS_KEY, CAPABILITIES_KEY, CUSTOM_AGENTS_KEY, DEFAULT_AGENT_KEY, KIND_KEY],
    governing: &[TOOLS_KEY, CAPABILITIES_KEY, CUSTOM_AGENTS_KEY, DEFAULT_AGENT_KEY],
    passes: &[],
    elsewhere: &[
        Elsewhere { keys: POLICY_KEYS, why: Stray::EntryKeyOutside },
        Elsewhere { keys: &[HOLDER_KEY], why: Stray::NotRead { owner: SELECTION_OWNER, runtime: RUNTIME } },
    ],
    others: Others::PassThrough,
};

/// An item of a definition's `tools` of another kind: its keys are its own, but a key that
/// reads as `kind`, and policy keys without the exact kind, restrict nothing.
pub(crate) const OTHER_TOOL: Place = Place {
    name: "a Copilot tool entry of another kind",
    reads: &[KIND_KEY],
    governing: &[KIND_KEY],
    passes: &[Passes {
        keys: &[ALLOWED_TOOLS_KEY],
        why: "an MCP tool entry's own list of its server's tools",
        map_governs: None,
    }],
    elsewhere: &[Elsewhere { keys: POLICY_KEYS, why: Stray::WithoutKind }],
    others: Others::PassThrough,
};

/// A policy entry: its keys, and no other.
pub(crate) const ENTRY: Place = Place::strict("a Copilot policy entry", ENTRY_KEYS);

/// A resolved policy stored and read back: its fields, and no other.
pub(crate) const RESOLVED: Place = Place::strict("a Copilot resolved policy", RESOLVED_KEYS);

/// A selector: `tools` or `isolated`.
pub(crate) const SELECTOR: Place = Place::strict("a Copilot selector", SELECTOR_KEYS);

/// What a Copilot document passes through to the host (a definition's own fields, another
/// tool's, an agent's other SDK fields): a selection holder there restricts nothing.
pub(crate) const PASSED: Place = passed_place!("a value a Copilot definition passes through", RUNTIME);

/// A custom agent: its other SDK fields pass through; a key that reads as `name` or `tools`,
/// or a filter the agent does not have, would leave it every tool.
pub(crate) const CUSTOM_AGENT: Place = Place {
    name: "a Copilot custom agent",
    reads: &[AGENT_NAME_KEY, TOOLS_KEY],
    governing: &[AGENT_NAME_KEY, TOOLS_KEY],
    passes: &[],
    elsewhere: &[
        Elsewhere {
            keys: NOT_CUSTOM_AGENT_FILTERS,
            why: Stray::NotAnAgentFilter { agent: "a custom agent", filter: TOOLS_KEY },
        },
        Elsewhere { keys: &[CAPABILITIES_KEY], why: Stray::NoExactForm { agent: "a custom agent", filter: TOOLS_KEY } },
    ],
    others: Others::PassThrough,
};

/// `defaultAgent`: its one filter is `excludedTools`; its other keys pass through.
pub(crate) const DEFAULT_AGENT: Place = Place {
    name: "a Copilot default agent",
    reads: &[DEFAULT_AGENT_EXCLUDED_KEY],
    governing: &[DEFAULT_AGENT_EXCLUDED_KEY],
    passes: &[],
    elsewhere: &[Elsewhere {
        keys: NOT_DEFAULT_AGENT_FILTERS,
        why: Stray::NotAnAgentFilter { agent: "the default agent", filter: DEFAULT_AGENT_EXCLUDED_KEY },
    }],
    others: Others::PassThrough,
};

/// A `getCurrentMetadata` result, or the JSON-RPC response holding it.
pub(crate) const METADATA: Place = Place {
    name: "a Copilot getCurrentMetadata result",
    reads: &["result", TOOLS_KEY],
    governing: &["result", TOOLS_KEY],
    passes: &[],
    elsewhere: &[],
    others: Others::PassThrough,
};

/// One offered tool of a `getCurrentMetadata` result.
pub(crate) const OFFERED_TOOL: Place = Place {
    name: "a tool a Copilot session reports",
    reads: &["name", "mcpServerName"],
    governing: &["name", "mcpServerName"],
    passes: &[],
    elsewhere: &[],
    others: Others::PassThrough,
};

/// `builtin_tools! { .. }` for Copilot: a Claude Code or Gemini CLI key needs `runtime:`.
pub(crate) const MACRO: Place = Place {
    name: "builtin_tools! for Copilot",
    reads: COPILOT_MACRO_KEYS,
    governing: &[],
    passes: &[],
    elsewhere: &[Elsewhere {
        keys: &[ONLY_KEY, DISABLE_KEY, AGENTS_KEY, AGENT_ONLY_KEY],
        why: Stray::OtherRuntime { runtime: "claude_code" },
    }],
    others: Others::Refuse,
};

/// Every object Copilot's readers enter.
pub(crate) const PLACES: &[&Place] = &[
    &DEFINITION,
    &PORTABLE,
    &MCP_POLICY,
    &OTHER_TOOL,
    &ENTRY,
    &SELECTOR,
    &RESOLVED,
    &PASSED,
    &CUSTOM_AGENT,
    &DEFAULT_AGENT,
    &METADATA,
    &OFFERED_TOOL,
];
