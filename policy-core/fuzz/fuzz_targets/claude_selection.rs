//! The Claude Code selection loader on arbitrary bytes: never panics, and an accepted
//! selection's arguments are always `--flag=value` with catalog names only.
#![no_main]

use libfuzzer_sys::fuzz_target;
use policy_core::catalog::claude_code::ClaudeTool;
use policy_core::ClaudeCodeArgs;
use policy_core::ClaudeCodeSelection;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(loaded) = ClaudeCodeSelection::from_json(text) {
        let args = ClaudeCodeArgs(loaded.selection).args();
        for arg in &args {
            assert!(arg.starts_with("--"));
            if let Some(value) = arg.strip_prefix("--tools=").or_else(|| arg.strip_prefix("--disallowedTools=")) {
                for name in value.split(',').filter(|n| !n.is_empty()) {
                    assert!(ClaudeTool::from_canonical(name).is_some(), "{name}");
                }
            } else {
                assert_eq!(arg, "--strict-mcp-config");
            }
        }
    }
});
