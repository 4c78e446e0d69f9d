//! What is valid but probably not meant ([`Warning`]), and the lints by their stable names.

use std::borrow::Cow;
use std::fmt;

use crate::names::vocab::ENTRY_KIND;
use crate::text::{Shown, hint};

/// How to keep a deny-list the `open-to-new-builtins` lint refuses in strict mode, in one
/// step: the fix every runtime's message of it ends with.
pub(crate) const KEEP_THE_DENY_LIST: &str = "to keep this deny-list in strict mode, allow the lint (`allow: [\"open-to-new-builtins\"]` in the macro, `--allow open-to-new-builtins` on the command line); or write it as `capabilities`, whose `disable` is an allow-list";

/// Something valid but probably not what the author meant. Strict mode refuses each one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// A built-in name the pinned Copilot catalog does not have. Not an error by default:
    /// runtimes gain tools between versions.
    UnknownBuiltin {
        /// The name.
        name: String,
        /// The nearest catalog name.
        suggestion: Option<&'static str>,
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// The CLI version of the catalog.
        cli_version: &'static str,
    },
    /// A tool entry whose `kind` is one typo away from `github-cli-builtin-tools`: it passes
    /// through as another kind and restricts nothing.
    NearMissKind {
        /// The kind written.
        kind: String,
    },
    /// A rule that does nothing, or a policy open to new tools (see [`Lint`]).
    Lint {
        /// Which lint.
        lint: Lint,
        /// The name or pattern it is about; `None` for the policy as a whole.
        subject: Option<String>,
        /// What it does not do, and the fix.
        detail: Cow<'static, str>,
    },
    /// A built-in only a newer build of the catalog knows than the pinned one: the pinned
    /// CLI drops it from a list, so it neither offers nor takes away anything there.
    NewerBuild {
        /// The name.
        name: String,
        /// The runtime, as messages name it.
        runtime: &'static str,
        /// The first build that knows it.
        build: &'static str,
        /// The pinned build.
        pinned: &'static str,
    },
    /// A legacy tool name, rewritten to its canonical name.
    LegacyAlias {
        /// The legacy name written.
        alias: String,
        /// The canonical name it became.
        canonical: String,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::UnknownBuiltin { name, suggestion, runtime, cli_version } => write!(
                f,
                "`{}` is not a built-in tool of {runtime} {cli_version}{}; it matches no built-in there",
                Shown(name),
                hint(*suggestion)
            ),
            Warning::NearMissKind { kind } => write!(
                f,
                "`kind` is `{}`, not `{ENTRY_KIND}`: this entry is passed through as another tool kind and restricts nothing (did you mean `{ENTRY_KIND}`?)",
                Shown(kind)
            ),
            Warning::Lint { lint, subject: Some(subject), detail } => {
                write!(f, "{lint}: `{}`: {detail}", Shown(subject))
            }
            Warning::Lint { lint, subject: None, detail } => write!(f, "{lint}: {detail}"),
            Warning::NewerBuild { name, runtime, build, pinned } => write!(
                f,
                "`{}` is a built-in of {runtime} {build}, not of the pinned {pinned}: that CLI ignores it here, a {build} one reads it",
                Shown(name)
            ),
            Warning::LegacyAlias { alias, canonical } => write!(
                f,
                "`{}` is a legacy name of `{canonical}` and is read as `{canonical}`; write `{canonical}`",
                Shown(alias)
            ),
        }
    }
}

/// A lint, by its stable name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Lint {
    /// A name in the allow-list that the deny-list removes anyway.
    DeadAllow,
    /// An excluded pattern the allow-list never offers.
    DeadDeny,
    /// A custom tool named like a built-in (`custom:view`).
    ShadowsBuiltin,
    /// A policy that only takes tools away, so every built-in a newer CLI adds is offered.
    OpenToNewBuiltins,
    /// A sub-agent list naming a tool the session never offers.
    UnreachableAgentTool,
    /// An allow-list granting a capability through a tool whose family it did not name
    /// (`only: ["Read", "Monitor"]` grants `execute` without `Bash`).
    HiddenCapability,
    /// A sub-agent with no list of its own, in a session that keeps MCP tools: it reaches
    /// every one of them.
    AgentInheritsMcp,
}

impl Warning {
    /// The `agent-inherits-mcp` lint of the agent `name`, which lacks `what`.
    pub(crate) fn inherits_mcp(name: &str, what: &str) -> Warning {
        let detail = format!(
            "it has no {what}, so it reaches every MCP tool the session keeps, whatever each can do; list its tools, or take MCP tools away from it"
        );
        Warning::Lint { lint: Lint::AgentInheritsMcp, subject: Some(format!("agent {name}")), detail: detail.into() }
    }
}

impl Lint {
    /// Every lint.
    pub const ALL: [Lint; 7] = [
        Lint::DeadAllow,
        Lint::DeadDeny,
        Lint::ShadowsBuiltin,
        Lint::OpenToNewBuiltins,
        Lint::UnreachableAgentTool,
        Lint::HiddenCapability,
        Lint::AgentInheritsMcp,
    ];

    /// Every name, in the order of [`Lint::ALL`]: the one spelling of each, for messages,
    /// `--allow` and did-you-mean.
    pub const NAMES: &'static [&'static str] = &[
        "dead-allow",
        "dead-deny",
        "shadows-builtin",
        "open-to-new-builtins",
        "unreachable-agent-tool",
        "hidden-capability",
        "agent-inherits-mcp",
    ];

    /// The stable name, as `--allow` takes it.
    pub const fn name(self) -> &'static str {
        Lint::NAMES[self as usize]
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

string_form!(Lint, |lint: &Lint| lint.name());

/// A set of lints (the allowed ones).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lints(u8);

impl Lints {
    /// No lint.
    pub const NONE: Lints = Lints(0);

    /// This set and `lint`.
    #[must_use]
    pub const fn with(self, lint: Lint) -> Lints {
        Lints(self.0 | lint.bit())
    }

    /// Whether `lint` is in the set.
    pub const fn contains(self, lint: Lint) -> bool {
        self.0 & lint.bit() != 0
    }
}

impl Warning {
    /// The lint this warning reports, if it is one.
    pub fn lint(&self) -> Option<Lint> {
        match self {
            Warning::Lint { lint, .. } => Some(*lint),
            _ => None,
        }
    }
}
