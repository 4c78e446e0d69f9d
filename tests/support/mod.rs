//! What the integration tests share: running the `tool-policy` command.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tool-policy` with `args` in the package's folder, `stdin` written to its input.
pub fn tool_policy(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tool-policy"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The command may exit before reading its input (a usage error): a closed pipe is fine.
    match input.write_all(stdin.as_bytes()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => panic!("writing stdin: {error}"),
        _ => {}
    }
    drop(input);
    child.wait_with_output().unwrap()
}
