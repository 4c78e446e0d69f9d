//! OpenCode's rows of the closed-world table (SPEC §6): every object its reader enters, and
//! what each makes of a key.

use crate::names::vocab::{OPENCODE_SETTINGS_KEYS, OPENCODE_SETTINGS_OWNER};
use crate::opencode::catalog::RUNTIME;
use crate::portable::read::{MCP_POLICY, PORTABLE};
use crate::reader::closed::Place;
use crate::selection::read::SELECTION;

/// An object holding the selection under `builtin_tools`: the row every runtime with a
/// selection alone shares, with its own settings for a restriction.
pub(crate) const HOLDER: Place =
    selection_holder_place!("an OpenCode selection holder", RUNTIME, OPENCODE_SETTINGS_KEYS, OPENCODE_SETTINGS_OWNER);

/// What an OpenCode document passes through (the holder's other keys): a selection there
/// restricts nothing.
pub(crate) const PASSED: Place = passed_place!("a value an OpenCode document passes through", RUNTIME);

/// `builtin_tools! { runtime: opencode, .. }`.
pub(crate) const MACRO: Place = selection_macro_place!("builtin_tools! for OpenCode");

/// Every object OpenCode's reader enters.
pub(crate) const PLACES: &[&Place] = &[&HOLDER, &SELECTION, &PORTABLE, &MCP_POLICY, &PASSED];
