//! Claude Code's rows of the closed-world table (SPEC §6): every object its readers enter,
//! and what each makes of a key.

use crate::claude_code::catalog::RUNTIME;
use crate::error::{BESIDE_HOLDER, Stray};
use crate::names::vocab::{
    AGENT_FIELDS, AGENT_MACRO_FIELDS, AGENT_ONLY_KEY, AGENTS_KEY, CAPABILITIES_KEY, CLAUDE_CODE_CLI_KEYS,
    CLAUDE_CODE_CLI_OWNER, CLAUDE_MACRO_KEYS, COPILOT_ENTRY_OWNER, COPILOT_ONLY_MACRO_KEYS, DISABLE_KEY, HOLDER_KEY,
    ONLY_KEY, POLICY_KEYS, SELECTION_KEYS,
};
use crate::portable::read::{MCP_POLICY, PORTABLE};
use crate::reader::closed::{Elsewhere, Others, Passes, Place};
use crate::selection::read::SELECTION;

/// An object holding the selection under `builtin_tools`, with the custom agents beside it.
/// A Copilot entry's keys, and the CLI's own flags and settings for a restriction (a user who
/// writes the CLI's flag name expects it to count), restrict nothing here.
pub(crate) const HOLDER: Place = Place {
    name: "a Claude Code selection holder",
    reads: &[HOLDER_KEY, CAPABILITIES_KEY, AGENTS_KEY, AGENT_ONLY_KEY],
    governing: &[HOLDER_KEY, CAPABILITIES_KEY, ONLY_KEY, DISABLE_KEY, AGENTS_KEY, AGENT_ONLY_KEY],
    passes: &[],
    elsewhere: &[
        Elsewhere { keys: SELECTION_KEYS, why: BESIDE_HOLDER },
        Elsewhere { keys: POLICY_KEYS, why: Stray::NotRead { owner: COPILOT_ENTRY_OWNER, runtime: RUNTIME } },
        Elsewhere {
            keys: CLAUDE_CODE_CLI_KEYS,
            why: Stray::NotRead { owner: CLAUDE_CODE_CLI_OWNER, runtime: RUNTIME },
        },
    ],
    others: Others::PassThrough,
};

/// A custom agent of `agents`: the CLI's own fields, and no other.
pub(crate) const AGENT: Place = Place {
    name: "a Claude Code custom agent",
    reads: AGENT_FIELDS,
    governing: AGENT_FIELDS,
    passes: &[],
    elsewhere: &[],
    others: Others::Refuse,
};

/// What a Claude Code document passes through (the holder's other keys, an agent's
/// `mcpServers`): a selection there restricts nothing.
pub(crate) const PASSED: Place = passed_place!("a value a Claude Code document passes through", RUNTIME);

/// A message of a stream-json transcript: an `init` offers tools, an assistant message holds
/// the model's calls.
pub(crate) const INIT: Place = Place {
    name: "a Claude Code stream-json message",
    reads: TRANSCRIPT_KEYS,
    governing: TRANSCRIPT_KEYS,
    passes: &[
        Passes { keys: &[AGENTS_KEY], why: "an `init` message's names of the session's agents", map_governs: None },
        Passes {
            keys: &[CAPABILITIES_KEY],
            why: "an `init` message's protocol features, the runtime's own list",
            map_governs: None,
        },
    ],
    elsewhere: &[],
    others: Others::PassThrough,
};

/// What a stream-json message reads.
const TRANSCRIPT_KEYS: &[&str] = &["type", "subtype", "tools", "message", "parent_tool_use_id"];

/// An assistant message's `message`: its `content` holds the model's calls.
pub(crate) const ASSISTANT: Place = Place {
    name: "a Claude Code assistant message",
    reads: &["content"],
    governing: &["content"],
    passes: &[],
    elsewhere: &[],
    others: Others::PassThrough,
};

/// A block of an assistant message's `content`: a `tool_use` names the tool called, and its
/// id, by which a sub-agent's messages name the call that started it.
pub(crate) const CONTENT_BLOCK: Place = Place {
    name: "a Claude Code content block",
    reads: &["type", "name", "id"],
    governing: &["type", "name", "id"],
    passes: &[],
    elsewhere: &[],
    others: Others::PassThrough,
};

/// `builtin_tools! { runtime: claude_code, .. }`: a Copilot key needs the Copilot form.
pub(crate) const MACRO: Place = Place {
    name: "builtin_tools! for Claude Code",
    reads: CLAUDE_MACRO_KEYS,
    governing: &[],
    passes: &[],
    elsewhere: &[Elsewhere { keys: COPILOT_ONLY_MACRO_KEYS, why: Stray::OtherRuntime { runtime: "copilot" } }],
    others: Others::Refuse,
};

/// A custom agent of `agents: { .. }` in `builtin_tools!`: the CLI's fields, in the macro's
/// spelling.
pub(crate) const MACRO_AGENT: Place = Place {
    name: "a Claude Code custom agent in builtin_tools!",
    reads: AGENT_MACRO_FIELDS,
    governing: AGENT_MACRO_FIELDS,
    passes: &[],
    elsewhere: &[],
    others: Others::Refuse,
};

/// Every object Claude Code's readers enter.
pub(crate) const PLACES: &[&Place] =
    &[&HOLDER, &SELECTION, &PORTABLE, &MCP_POLICY, &AGENT, &PASSED, &INIT, &ASSISTANT, &CONTENT_BLOCK];
