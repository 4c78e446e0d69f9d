//! OpenCode's rows of the closed-world table (SPEC §6): every object its reader enters, and
//! what each makes of a key.

use crate::error::{BESIDE_HOLDER, Stray};
use crate::names::vocab::{
    AGENT_ONLY_KEY, AGENTS_KEY, CAPABILITIES_KEY, CLAUDE_AGENTS_OWNER, COPILOT_ENTRY_OWNER, COPILOT_ONLY_MACRO_KEYS,
    DISABLE_KEY, HOLDER_KEY, ONLY_KEY, OPENCODE_SETTINGS_KEYS, OPENCODE_SETTINGS_OWNER, POLICY_KEYS, SELECTION_KEYS,
    SELECTION_MACRO_KEYS,
};
use crate::opencode::catalog::RUNTIME;
use crate::portable::read::PORTABLE;
use crate::reader::closed::{Elsewhere, Others, Place};
use crate::selection::read::SELECTION;

/// An object holding the selection under `builtin_tools`. A Copilot entry's keys, Claude
/// Code's sub-agents, and OpenCode's own `permission` and `tools` (which OpenCode would read,
/// and the library never checks there) restrict nothing here.
pub(crate) const HOLDER: Place = Place {
    name: "an OpenCode selection holder",
    reads: &[HOLDER_KEY, CAPABILITIES_KEY],
    governing: &[HOLDER_KEY, CAPABILITIES_KEY, ONLY_KEY, DISABLE_KEY],
    passes: &[],
    elsewhere: &[
        Elsewhere { keys: SELECTION_KEYS, why: BESIDE_HOLDER },
        Elsewhere { keys: POLICY_KEYS, why: Stray::NotRead { owner: COPILOT_ENTRY_OWNER, runtime: RUNTIME } },
        Elsewhere {
            keys: &[AGENTS_KEY, AGENT_ONLY_KEY],
            why: Stray::NotRead { owner: CLAUDE_AGENTS_OWNER, runtime: RUNTIME },
        },
        Elsewhere {
            keys: OPENCODE_SETTINGS_KEYS,
            why: Stray::NotRead { owner: OPENCODE_SETTINGS_OWNER, runtime: RUNTIME },
        },
    ],
    others: Others::PassThrough,
};

/// What an OpenCode document passes through (the holder's other keys): a selection there
/// restricts nothing.
pub(crate) const PASSED: Place = passed_place!("a value an OpenCode document passes through", RUNTIME);

/// `builtin_tools! { runtime: opencode, .. }`: a Copilot key needs the Copilot form.
pub(crate) const MACRO: Place = Place {
    name: "builtin_tools! for OpenCode",
    reads: SELECTION_MACRO_KEYS,
    governing: &[],
    passes: &[],
    elsewhere: &[Elsewhere { keys: COPILOT_ONLY_MACRO_KEYS, why: Stray::OtherRuntime { runtime: "copilot" } }],
    others: Others::Refuse,
};

/// Every object OpenCode's reader enters.
pub(crate) const PLACES: &[&Place] = &[&HOLDER, &SELECTION, &PORTABLE, &PASSED];
