//! What each built-in of the Gemini CLI catalog lets the model do (SPEC §7): its row's
//! capabilities, chosen from the tool's own description in the CLI (the row's `because`) and
//! from what it can do: a tool gets every capability it can exercise (`read_background_output`
//! reads what a command runs), and where unsure, the wider set.

use super::catalog::GeminiTool;
use crate::capability::Capabilities;

impl GeminiTool {
    /// What this built-in lets the model do.
    pub fn capabilities(self) -> Capabilities {
        self.row().capabilities()
    }
}
