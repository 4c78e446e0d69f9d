//! What each built-in of the Claude Code catalog lets the model do (SPEC §7): its row's
//! capabilities, chosen from the tool's own description in the CLI (the row's `because`) and
//! from what it can do: a tool gets every capability it can exercise (a shell reaches the
//! network; `Monitor` runs a script), and where unsure, the wider set.

use super::catalog::ClaudeTool;
use crate::capability::Capabilities;

impl ClaudeTool {
    /// What this built-in lets the model do.
    pub fn capabilities(self) -> Capabilities {
        self.row().capabilities()
    }
}
