//! The runtimes a built-in tool selection can target, and what each can express. A runtime
//! this library knows of but cannot yet apply a selection to is refused, never ignored.

use std::fmt;

use crate::error::Error;

/// An agent runtime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Runtime {
    /// The GitHub Copilot CLI, through its SDK (`github-cli-builtin-tools`).
    Copilot,
    /// The Claude Code CLI (`builtin_tools`).
    ClaudeCode,
    /// The Codex CLI: not supported yet.
    Codex,
    /// The Gemini CLI: not supported yet.
    Gemini,
}

/// What a runtime's built-in tool selection can say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)]
pub struct Capabilities {
    /// An allow-list of built-ins.
    pub allow_list: bool,
    /// A deny-list of built-ins.
    pub deny_list: bool,
    /// Allow and deny together, deny winning.
    pub allow_and_deny: bool,
    /// Patterns over other sources (`mcp:*`, `custom:*`).
    pub source_patterns: bool,
    /// A named isolated set.
    pub isolated_set: bool,
    /// A client mode that offers nothing by default.
    pub empty_client_mode: bool,
}

impl Runtime {
    /// The runtimes, in the order `--runtime` lists them.
    pub const ALL: [Runtime; 4] = [Runtime::Copilot, Runtime::ClaudeCode, Runtime::Codex, Runtime::Gemini];

    /// The command-line spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            Runtime::Copilot => "copilot",
            Runtime::ClaudeCode => "claude-code",
            Runtime::Codex => "codex",
            Runtime::Gemini => "gemini",
        }
    }

    /// The runtime spelled `name`.
    pub fn parse(name: &str) -> Option<Runtime> {
        Runtime::ALL.into_iter().find(|r| r.as_str() == name)
    }

    /// What the runtime can express, or the refusal for a runtime not supported yet.
    pub fn capabilities(self) -> Result<Capabilities, Error> {
        match self {
            Runtime::Copilot => Ok(Capabilities {
                allow_list: true,
                deny_list: true,
                allow_and_deny: true,
                source_patterns: true,
                isolated_set: true,
                empty_client_mode: true,
            }),
            Runtime::ClaudeCode => Ok(Capabilities {
                allow_list: true,
                deny_list: true,
                allow_and_deny: false,
                source_patterns: false,
                isolated_set: false,
                empty_client_mode: false,
            }),
            Runtime::Codex | Runtime::Gemini => Err(Error::UnsupportedRuntime { runtime: self.as_str().to_owned() }),
        }
    }
}

impl fmt::Display for Runtime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsupported_runtimes_refuse() {
        assert!(Runtime::Copilot.capabilities().unwrap().source_patterns);
        assert!(!Runtime::ClaudeCode.capabilities().unwrap().allow_and_deny);
        let error = Runtime::Codex.capabilities().unwrap_err();
        assert_eq!(
            error.to_string(),
            "runtime `codex` cannot honour a built-in tool selection yet; supported runtimes are `copilot` and `claude-code`"
        );
        assert!(Runtime::Gemini.capabilities().is_err());
        assert_eq!(Runtime::parse("claude-code"), Some(Runtime::ClaudeCode));
        assert_eq!(Runtime::parse("claude"), None);
    }
}
