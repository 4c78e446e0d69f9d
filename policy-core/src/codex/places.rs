//! The Codex CLI's rows of the closed-world table (SPEC §6): every object its reader enters,
//! and what each makes of a key.

use crate::codex::catalog::RUNTIME;
use crate::names::vocab::{CODEX_SETTINGS_KEYS, CODEX_SETTINGS_OWNER};
use crate::portable::read::{MCP_POLICY, PORTABLE};
use crate::reader::closed::Place;
use crate::selection::read::SELECTION;

/// An object holding the selection under `builtin_tools`: the row every runtime with a
/// selection alone shares, with its own settings for a restriction.
pub(crate) const HOLDER: Place =
    selection_holder_place!("a Codex CLI selection holder", RUNTIME, CODEX_SETTINGS_KEYS, CODEX_SETTINGS_OWNER);

/// What a Codex CLI document passes through (the holder's other keys): a selection there
/// restricts nothing.
pub(crate) const PASSED: Place = passed_place!("a value a Codex CLI document passes through", RUNTIME);

/// `builtin_tools! { runtime: codex, .. }`.
pub(crate) const MACRO: Place = selection_macro_place!("builtin_tools! for the Codex CLI");

/// Every object the Codex CLI's reader enters.
pub(crate) const PLACES: &[&Place] = &[&HOLDER, &SELECTION, &PORTABLE, &MCP_POLICY, &PASSED];
