//! What changes between two policies, tool by tool: for review, where a definition changes in
//! a pull request and the reviewer must know what the agent gains or loses. Each runtime's
//! folder says what changes for it (its `diff`); these are the changes they all report.

use std::fmt;

use crate::capability::{Capabilities, Capability};
use crate::seen::{Seen, first_of_each};
use crate::text::Escaped;

/// One change between two policies.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Change {
    /// `+` (now offered), `-` (no longer offered) or `~` (another change).
    pub sign: char,
    /// The tool (`builtin:bash`), or what else changed.
    pub subject: String,
    /// How the old policy decided it.
    pub was: String,
    /// How the new policy decides it.
    pub now: String,
    /// Whether the subject is one tool (sorted first) rather than another part of the policy.
    pub tool: bool,
    /// What the tool lets the model do, for a built-in of the pinned catalog (SPEC §7).
    pub capabilities: Option<Capabilities>,
}

impl fmt::Display for Change {
    /// `+ execute, read, search, edit, web: builtin:bash (was excluded by builtin:*, now
    /// offered by builtin:bash)`: a built-in's capabilities first. The subject can hold
    /// document text (a custom agent's or an MCP server's name): it is escaped, whole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.sign)?;
        if let Some(capabilities) = self.capabilities.filter(|capabilities| !capabilities.is_empty()) {
            write!(f, "{capabilities}: ")?;
        }
        write!(f, "{} (was {}, now {})", Escaped(&self.subject), self.was, self.now)
    }
}

/// Every change between two policies: tools first (Copilot tools sorted, Claude Code tools
/// in catalog order), then the other changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolicyDiff(Vec<Change>);

impl PolicyDiff {
    /// Whether nothing changes.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The changes.
    pub fn changes(&self) -> &[Change] {
        &self.0
    }

    /// Another change than a tool's (`~ client mode`), always kept.
    pub(crate) fn other(&mut self, subject: String, was: String, now: String) {
        self.0.push(Change { sign: '~', subject, was, now, tool: false, capabilities: None });
    }

    /// The same changes, each tool's with its capabilities: `of` names a built-in's from the
    /// tool as the change names it.
    #[must_use]
    pub(crate) fn with_capabilities(mut self, of: impl Fn(&str) -> Option<Capabilities>) -> PolicyDiff {
        for change in self.0.iter_mut().filter(|change| change.tool) {
            change.capabilities = of(&change.subject);
        }
        self
    }

    /// These changes, then `other`'s.
    pub fn extend(&mut self, other: PolicyDiff) {
        self.0.extend(other.0);
    }

    pub(crate) fn push(&mut self, subject: String, tool: bool, was: (bool, String), now: (bool, String)) {
        if was.0 != now.0 {
            let sign = if now.0 { '+' } else { '-' };
            self.0.push(Change { sign, subject, was: was.1, now: now.1, tool, capabilities: None });
        }
    }
}

impl fmt::Display for PolicyDiff {
    /// One line per change.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for change in &self.0 {
            writeln!(f, "{change}")?;
        }
        Ok(())
    }
}

/// A line for each entry listed on one side only, in the order first written: `state` says,
/// of being listed or not, whether the tool is offered and how the policy says it.
pub(crate) fn diff_entries(
    diff: &mut PolicyDiff,
    was: &[&str],
    now: &[&str],
    subject: impl Fn(&str) -> String,
    state: impl Fn(bool) -> (bool, String),
) {
    let (was_set, now_set) = (Seen::of(was.iter().copied()), Seen::of(now.iter().copied()));
    for entry in first_of_each(was.iter().chain(now).copied().collect(), |entry| entry) {
        diff.push(subject(entry), true, state(was_set.contains(entry)), state(now_set.contains(entry)));
    }
}

/// A line for each named value the host is given (an agent's MCP servers, a definition's other
/// tool entries) that is added (`+`: what it reaches grows), removed (`-`) or changed (`~`,
/// both values shown: its command, arguments or environment may reach anything), in the order
/// first written. The values are document text, printed escaped.
pub(crate) fn diff_named(
    diff: &mut PolicyDiff,
    was: &[(&str, &serde_json::Value)],
    now: &[(&str, &serde_json::Value)],
    subject: impl Fn(&str) -> String,
) {
    let (was_index, now_index) = (Seen::of(was.iter().map(|(name, _)| *name)), Seen::of(now.iter().map(|(n, _)| *n)));
    let names = first_of_each(was.iter().chain(now).map(|(name, _)| *name).collect(), |name| name);
    for name in names {
        let before = was_index.first(name).map(|i| was[i].1);
        let after = now_index.first(name).map(|i| now[i].1);
        let shown = crate::text::to_json_line;
        match (before, after) {
            (Some(before), Some(after)) if before != after => {
                diff.other(subject(name), shown(before), shown(after));
            }
            (Some(_), Some(_)) => {}
            (before, after) => {
                let state = |value: Option<&serde_json::Value>| {
                    (value.is_some(), value.map_or_else(|| String::from("not given"), shown))
                };
                diff.push(subject(name), false, state(before), state(after));
            }
        }
    }
}

impl serde::Serialize for Change {
    /// `{"change": "+", "tool": "builtin:bash", "was": ..., "now": ...}`; another change
    /// names `what` instead of `tool`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("change", &self.sign)?;
        map.serialize_entry(if self.tool { "tool" } else { "what" }, &self.subject)?;
        if let Some(capabilities) = self.capabilities {
            let words: Vec<&str> = capabilities.iter().map(Capability::word).collect();
            map.serialize_entry("capabilities", &words)?;
        }
        map.serialize_entry("was", &self.was)?;
        map.serialize_entry("now", &self.now)?;
        map.end()
    }
}
