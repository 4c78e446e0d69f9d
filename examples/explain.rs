//! Loads an agent definition and shows what a Copilot session built from it receives and
//! offers: `cargo run --example explain -- examples/agents/review-only.json`.

use tool_policy::copilot::{BUILTIN_TOOLS, DEFAULT_OFFERED};
use tool_policy::json::{LoadError, load};
use tool_policy::{Tool, WireName};

fn main() -> std::process::ExitCode {
    let path = std::env::args().nth(1).unwrap_or_else(|| String::from("examples/agents/review-only.json"));
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("cannot read {path}: {error}");
            return std::process::ExitCode::from(2);
        }
    };
    let loaded = match load(&text) {
        Ok(loaded) => loaded,
        Err(LoadError::Invalid(report)) => {
            eprintln!("{report}");
            return std::process::ExitCode::from(1);
        }
        Err(error) => {
            eprintln!("{path}: {error}");
            return std::process::ExitCode::from(2);
        }
    };
    for warning in loaded.warnings() {
        eprintln!("warning: {warning}");
    }
    let policy = loaded.policy();
    println!("client mode: {}", policy.client_mode());
    println!("session.create / session.resume fields: {}", serde_json::to_string(&policy.session_create()).unwrap());
    println!("\nbuilt-in tools of Copilot CLI {}:", tool_policy::copilot::CLI_VERSION);
    for name in BUILTIN_TOOLS {
        let by_default = if DEFAULT_OFFERED.contains(name) { "" } else { " (not offered by default)" };
        println!("  {name:32} {}{by_default}", policy.decide(&Tool::builtin(name)));
    }
    let mcp = WireName::mcp("github", "list_issues");
    println!("\n  {mcp:32} {}", policy.decide(&Tool::mcp(mcp.name())));
    println!("  {:32} {}", "custom:my_tool", policy.decide(&Tool::custom("my_tool")));
    println!("\nother tool entries, untouched: {}", loaded.other_tools().len());
    std::process::ExitCode::SUCCESS
}
