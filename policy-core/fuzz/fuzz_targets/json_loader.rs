//! The JSON loader on arbitrary bytes: it never panics, an accepted document resolves, and
//! a rejected one reports at least one error with a well-formed pointer, and a text refused
//! as not JSON is one serde_json refuses too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use policy_core::json::{LoadError, load, load_definition, load_entry};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for result in [load(text), load_definition(text), load_entry(text)] {
        match result {
            Ok(loaded) => {
                let json = serde_json::to_value(loaded.policy()).expect("a resolved policy serializes");
                assert_eq!(json["toolFilterPrecedence"], "excluded");
                if let Some(entry) = loaded.entry() {
                    // Round trip: the authored form loads back to the same entry.
                    let authored = serde_json::to_value(entry).expect("an entry serializes");
                    let again = policy_core::json::load_entry_value(&authored).expect("round trip");
                    assert_eq!(again.entry(), Some(entry));
                }
            }
            Err(LoadError::Invalid(report)) => {
                assert!(!report.errors.is_empty());
                for error in &report.errors {
                    assert!(error.pointer.is_empty() || error.pointer.starts_with('/'));
                    assert!(!error.item.to_string().is_empty());
                }
            }
            Err(LoadError::NotJson(error)) => {
                assert!(error.line() >= 1);
                // What serde_json refuses is not JSON, and nothing else is.
                assert!(serde_json::from_str::<serde_json::Value>(text).is_err(), "{error}");
            }
            Err(other) => panic!("a load error this target does not know: {other}"),
        }
    }
});
