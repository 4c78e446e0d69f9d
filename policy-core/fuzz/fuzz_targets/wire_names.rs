//! The wire-name and sub-agent name parsers: never panic, agree with the grammar, and a
//! parsed name decides like its qualified form for built-ins.
#![no_main]

use libfuzzer_sys::fuzz_target;
use policy_core::AgentToolName;
use policy_core::{Tool, WireName, check_wire_name};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let checked = check_wire_name(text.as_bytes());
    match WireName::parse(text) {
        Ok(name) => {
            assert_eq!(checked, Ok(name.source()));
            assert_eq!(name.as_str(), text);
            let qualified = name.qualify();
            assert!(qualified.is_qualified());
            if !name.is_wildcard() {
                let tool = Tool::builtin(name.name());
                assert!(name.matches(&tool) || name.source().is_some());
                assert!(qualified.matches(&tool) || name.source().is_some());
            }
        }
        Err(error) => {
            assert_eq!(checked, Err(error.kind()));
            assert!(!error.to_string().is_empty());
        }
    }
    let _ = AgentToolName::parse(text).map(|n| assert_eq!(n.as_str(), text));
    let _ = Tool::parse(text);
});
