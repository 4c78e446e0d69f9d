//! The Gemini CLI's rows of the closed-world table (SPEC §6): every object its reader enters,
//! and what each makes of a key.

use crate::gemini_cli::catalog::RUNTIME;
use crate::names::vocab::{GEMINI_CLI_SETTINGS_KEYS, GEMINI_CLI_SETTINGS_OWNER};
use crate::portable::read::{MCP_POLICY, PORTABLE};
use crate::reader::closed::Place;
use crate::selection::read::SELECTION;

/// An object holding the selection under `builtin_tools`: the row every runtime with a
/// selection alone shares, with its own settings for a restriction.
pub(crate) const HOLDER: Place = selection_holder_place!(
    "a Gemini CLI selection holder",
    RUNTIME,
    GEMINI_CLI_SETTINGS_KEYS,
    GEMINI_CLI_SETTINGS_OWNER
);

/// What a Gemini CLI document passes through (the holder's other keys): a selection there
/// restricts nothing.
pub(crate) const PASSED: Place = passed_place!("a value a Gemini CLI document passes through", RUNTIME);

/// `builtin_tools! { runtime: gemini_cli, .. }`.
pub(crate) const MACRO: Place = selection_macro_place!("builtin_tools! for the Gemini CLI");

/// Every object the Gemini CLI's reader enters.
pub(crate) const PLACES: &[&Place] = &[&HOLDER, &SELECTION, &PORTABLE, &MCP_POLICY, &PASSED];
