//! Compile-time errors of `builtin_tools!`, the builder and `wire!`, one rule per file,
//! and the pass cases (hygiene, a renamed crate; lint cleanliness is `tests/lint_clean.rs`).
//!
//! Bless with `TRYBUILD=overwrite cargo test --test ui` and review the `.stderr` files; the
//! compiler that blessed them is recorded in `tests/ui/RUSTC_VERSION`.

use std::process::Command;

#[test]
fn ui() {
    let blessed = include_str!("ui/RUSTC_VERSION").trim();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| String::from("rustc"));
    let output = Command::new(rustc).arg("-V").output().expect("rustc -V runs");
    let current = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    if current != blessed {
        // Compiler messages differ between versions, so the .stderr files hold for one
        // compiler only; `.ci/run` refuses any other, so CI always runs them.
        eprintln!(
            "skipping the ui tests: their .stderr files were blessed with `{blessed}`, this is `{current}`. \
             To run them on this compiler, re-bless with `TRYBUILD=overwrite cargo test --test ui`, review the \
             diff, and write `rustc -V` to tests/ui/RUSTC_VERSION"
        );
        return;
    }
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/macro/*.rs");
    cases.compile_fail("tests/ui/builder/*.rs");
    cases.compile_fail("tests/ui/wire/*.rs");
    cases.compile_fail("tests/ui/catalog/*.rs");
    cases.pass("tests/ui/pass/*.rs");
}
