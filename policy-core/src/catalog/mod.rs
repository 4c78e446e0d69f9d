//! Pinned data: what the real runtimes were seen to offer, read from the pinned CLIs.
//!
//! Data only: names, aliases, removed names, default sets and the CLI versions they came
//! from. The rules that use them live in the subject folders.

pub mod claude_code;
pub mod copilot;
