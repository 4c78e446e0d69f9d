//! The catalogs record the CLI versions they were read from; every place in the repository
//! that pins a CLI version (live tests, scripts) must name the same one.

use std::path::Path;

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if path.is_dir() {
            files(&path, out);
        } else if ["rs", "sh", "json", "md", "toml", "mjs", "py"].iter().any(|ext| name.ends_with(ext)) {
            out.push(path);
        }
    }
}

/// Every `<package>@<version>` in the repository's text files.
fn pins(package: &str) -> Vec<(String, String)> {
    let mut all = Vec::new();
    files(Path::new(env!("CARGO_MANIFEST_DIR")), &mut all);
    let needle = format!("{package}@");
    let mut found = Vec::new();
    for path in all {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        for (i, _) in text.match_indices(&needle) {
            let version: String =
                text[i + needle.len()..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let version = version.trim_end_matches('.').to_owned();
            if !version.is_empty() {
                found.push((path.display().to_string(), version));
            }
        }
    }
    found
}

#[test]
fn claude_code_pins_match_the_catalog() {
    let found = pins("@anthropic-ai/claude-code");
    assert!(!found.is_empty(), "tests/live/run.sh pins the Claude Code CLI it runs");
    for (file, version) in found {
        assert_eq!(
            version,
            tool_policy::claude::CLI_VERSION,
            "{file} pins Claude Code {version}, but the catalog was read from {}: update the catalog with the pin",
            tool_policy::claude::CLI_VERSION
        );
    }
}

#[test]
fn copilot_pins_match_the_catalog() {
    for package in ["@github/copilot", "@github/copilot-linux-x64"] {
        let found = pins(package);
        assert!(!found.is_empty(), "tests/live/run.sh pins {package}");
        for (file, version) in found {
            assert_eq!(
                version,
                tool_policy::copilot::CLI_VERSION,
                "{file} pins {package} {version}, but the catalog was read from {}",
                tool_policy::copilot::CLI_VERSION
            );
        }
    }
}

#[test]
fn the_schema_twin_clause_covers_the_catalog() {
    let schema: serde_json::Value = serde_json::from_str(tool_policy::schema::SCHEMA).unwrap();
    let twins = schema["$defs"]["qualifiedTwins"]["anyOf"].as_array().unwrap();
    let names: Vec<&str> = twins.iter().map(|t| t["allOf"][0]["contains"]["const"].as_str().unwrap()).collect();
    for name in tool_policy::copilot::BUILTIN_TOOLS.iter().chain(tool_policy::copilot::WINDOWS_TOOLS).chain(&["*"]) {
        assert!(names.contains(name), "the schema's qualifiedTwins clause lacks `{name}`");
    }
}

#[test]
fn gemini_cli_pins_match_the_catalog() {
    let found = pins("@google/gemini-cli");
    assert!(!found.is_empty(), "tests/live/run.sh pins the Gemini CLI it runs");
    for (file, version) in found {
        assert_eq!(
            version,
            tool_policy::gemini::CLI_VERSION,
            "{file} pins the Gemini CLI {version}, but the catalog was read from {}: update the catalog with the pin",
            tool_policy::gemini::CLI_VERSION
        );
    }
}
