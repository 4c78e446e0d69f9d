//! A runtime is a cargo feature (SPEC §12): a build without one refuses it, naming the
//! feature, in every front door. Runs in a build with `copilot` alone, as `.ci/run` builds it:
//! `cargo test --no-default-features --features copilot --test features`.
#![cfg(all(
    feature = "copilot",
    not(feature = "claude-code"),
    not(feature = "gemini-cli"),
    not(feature = "opencode"),
    not(feature = "codex")
))]

use tool_policy::json::{Document, LoadError, Options};
use tool_policy::{Error, Runtime, Spelling};

#[test]
fn a_runtime_left_out_is_refused_with_its_feature() {
    let left_out = [
        (Runtime::ClaudeCode, "claude-code"),
        (Runtime::GeminiCli, "gemini-cli"),
        (Runtime::OpenCode, "opencode"),
        (Runtime::Codex, "codex"),
    ];
    for (runtime, feature) in left_out {
        let error = Runtime::from_name(runtime.as_str(), Spelling::Cli).unwrap_err();
        assert_eq!(error, Error::RuntimeNotCompiled { runtime: runtime.as_str(), feature });
        assert!(error.to_string().ends_with(&format!("enable its cargo feature `{feature}`")), "{error}");
        let Err(LoadError::Invalid(report)) = Document::load(runtime, r#"{"only": []}"#, Options::LENIENT) else {
            panic!("{runtime:?} is not compiled in")
        };
        assert_eq!(report.errors[0].item, Error::RuntimeNotCompiled { runtime: runtime.as_str(), feature });
    }
    assert!(Document::load(Runtime::Copilot, r#"{"tools": []}"#, Options::LENIENT).is_ok());
}

#[test]
fn the_macro_names_the_feature() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/features/*.rs");
}
