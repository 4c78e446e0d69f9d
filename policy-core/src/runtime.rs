//! The runtimes a built-in tool selection can target, and what each can express. A runtime
//! this library knows of but cannot yet apply a selection to is refused, never ignored.

use crate::error::Error;

/// How a front door spells runtime names: `claude-code` on the command line, `claude_code`
/// in the macro.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// `--runtime claude-code`.
    Cli,
    /// `runtime: claude_code`.
    Macro,
}

/// The enum and its spellings, from the one list of runtimes (`runtimes!` in the crate root).
macro_rules! declare_runtimes {
    ($($(#[$meta:meta])* $variant:ident = $module:ident { cli: $cli:literal, macro_name: $macro_name:literal, $($row:tt)* })*) => {
        /// An agent runtime.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Runtime {
            $($(#[$meta])* $variant,)*
        }

        impl Runtime {
            /// Every runtime this library knows of, in the order messages list them.
            pub const ALL: [Runtime; [$($cli),*].len()] = [$(Runtime::$variant),*];

            /// The runtimes a selection can be applied to, on the command line.
            pub const SUPPORTED_CLI: &'static [&'static str] = &[$($cli),*];

            /// The runtimes a selection can be applied to, in the macro.
            pub const SUPPORTED_MACRO: &'static [&'static str] = &[$($macro_name),*];

            /// The name in a front door's spelling.
            pub const fn spelled(self, spelling: Spelling) -> &'static str {
                match (self, spelling) {
                    $(
                        (Runtime::$variant, Spelling::Cli) => $cli,
                        (Runtime::$variant, Spelling::Macro) => $macro_name,
                    )*
                }
            }

            /// Whether this build was compiled with the runtime's feature.
            pub const fn compiled_in(self) -> bool {
                match self {
                    $(Runtime::$variant => cfg!(feature = $cli),)*
                }
            }
        }
    };
}

runtimes!(declare_runtimes);

impl Runtime {
    /// The runtime a front door reads when none is named (the macro with no `runtime:`,
    /// the command with no `--runtime`): the first of the list.
    pub const DEFAULT: Runtime = Runtime::ALL[0];

    /// The command-line spelling.
    pub const fn as_str(self) -> &'static str {
        self.spelled(Spelling::Cli)
    }

    /// The supported runtimes in a front door's spelling, for messages and did-you-mean.
    pub const fn supported(spelling: Spelling) -> &'static [&'static str] {
        match spelling {
            Spelling::Cli => Runtime::SUPPORTED_CLI,
            Spelling::Macro => Runtime::SUPPORTED_MACRO,
        }
    }

    /// The runtime spelled `name` (command-line spelling), if there is one.
    pub fn parse(name: &str) -> Option<Runtime> {
        Runtime::ALL.into_iter().find(|r| r.as_str() == name)
    }

    /// The runtime spelled `name` in `spelling`. An unknown name is refused with a
    /// did-you-mean among the runtimes of the list; one this build was compiled without names
    /// the cargo feature that compiles it in.
    pub fn from_name(name: &str, spelling: Spelling) -> Result<Runtime, Error> {
        let supported = Runtime::supported(spelling);
        let Some(runtime) = Runtime::ALL.into_iter().find(|r| r.spelled(spelling) == name) else {
            return Err(Error::UnknownRuntime { value: name.to_owned(), expected: supported });
        };
        if runtime.compiled_in() { Ok(runtime) } else { Err(runtime.refused(spelling)) }
    }

    /// Why this runtime cannot be read here: this build was compiled without it.
    pub fn refused(self, spelling: Spelling) -> Error {
        Error::RuntimeNotCompiled { runtime: self.spelled(spelling), feature: self.feature() }
    }

    /// The cargo feature that compiles this runtime in (SPEC §12): its command-line spelling.
    pub const fn feature(self) -> &'static str {
        self.as_str()
    }
}

// A supported runtime in its command-line spelling.
string_form!(Runtime, |runtime: &Runtime| runtime.as_str(), parse: |name| Runtime::from_name(name, Spelling::Cli), error: Error);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_runtime_parses_by_its_name() {
        assert_eq!(Runtime::parse("gemini-cli"), Some(Runtime::GeminiCli));
        assert_eq!(Runtime::parse("opencode"), Some(Runtime::OpenCode));
        assert_eq!(Runtime::parse("codex"), Some(Runtime::Codex));
        assert_eq!(Runtime::parse("claude-code"), Some(Runtime::ClaudeCode));
        assert_eq!(Runtime::parse("claude"), None);
    }

    #[test]
    fn a_runtime_compiles_in_by_its_feature() {
        for runtime in Runtime::ALL {
            match Runtime::from_name(runtime.as_str(), Spelling::Cli) {
                Ok(found) => assert!(found == runtime && runtime.compiled_in()),
                Err(error) => {
                    assert!(!runtime.compiled_in());
                    let feature = runtime.as_str();
                    assert_eq!(error, Error::RuntimeNotCompiled { runtime: feature, feature });
                }
            }
        }
    }

    #[test]
    #[cfg(feature = "claude-code")]
    fn names_suggest_supported_runtimes_only() {
        assert_eq!(Runtime::from_name("claude_code", Spelling::Macro), Ok(Runtime::ClaudeCode));
        assert_eq!("claude-code".parse::<Runtime>(), Ok(Runtime::ClaudeCode));
        // Every runtime of the list, in its order, each in the front door's spelling.
        let listed = |spelling| {
            let names: Vec<String> = Runtime::ALL.iter().map(|r| format!("`{}`", r.spelled(spelling))).collect();
            let (last, rest) = names.split_last().unwrap();
            format!("{} or {last}", rest.join(", "))
        };
        let unknown = Runtime::from_name("cursor", Spelling::Cli).unwrap_err().to_string();
        assert_eq!(unknown, format!("unknown runtime `cursor`; expected {}", listed(Spelling::Cli)));
        assert!(unknown.starts_with("unknown runtime `cursor`; expected `copilot`, `claude-code`, `gemini-cli`"));
        let unknown = Runtime::from_name("claude-code", Spelling::Macro).unwrap_err().to_string();
        let expected = format!(
            "unknown runtime `claude-code`; expected {} (did you mean `claude_code`?)",
            listed(Spelling::Macro)
        );
        assert_eq!(unknown, expected);
    }
}
