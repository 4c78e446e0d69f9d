//! The Claude Code and Gemini CLI selection loaders on arbitrary bytes: never panic; an
//! accepted Claude Code selection's arguments are always `--flag=value` with catalog names
//! only (its agents one `--agents=` token of JSON); an accepted Gemini CLI selection's policy
//! file names only catalog tools and MCP entries.
#![no_main]

use libfuzzer_sys::fuzz_target;
use policy_core::claude_code::catalog::ClaudeTool;
use policy_core::{ClaudeCodeArgs, ClaudeCodeSelection, GeminiCliConfig, GeminiName, GeminiSelection};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(loaded) = ClaudeCodeSelection::from_json(text) {
        // The loader held the agents to the selection, so the same check passes here.
        let args = ClaudeCodeArgs::new(loaded.selection)
            .with_agents(loaded.agents)
            .expect("an accepted definition's agents pass the check again")
            .args();
        for arg in &args {
            assert!(arg.starts_with("--"));
            if let Some(value) = arg.strip_prefix("--tools=").or_else(|| arg.strip_prefix("--disallowedTools=")) {
                for name in value.split(',').filter(|n| !n.is_empty()) {
                    assert!(ClaudeTool::from_canonical(name).is_some(), "{name}");
                }
            } else if let Some(agents) = arg.strip_prefix("--agents=") {
                assert!(serde_json::from_str::<serde_json::Value>(agents).is_ok_and(|v| v.is_object()));
            } else {
                assert_eq!(arg, "--strict-mcp-config");
            }
        }
    }
    if let Ok(loaded) = GeminiSelection::from_json(text) {
        let policy = GeminiCliConfig::new(loaded.selection).policy().unwrap_or_default();
        for line in policy.lines().filter_map(|l| l.strip_prefix("toolName = \"")) {
            let name = line.strip_suffix('"').expect("one quoted name a line");
            assert!(name.parse::<GeminiName>().is_ok(), "{name}");
        }
    }
});
