//! OpenCode's own agents (SPEC §14): what each one's rules take away, the intersection the
//! library writes for it beside an `only`, and what it is then offered.
//!
//! Read from the bundled source of `opencode-ai` 1.18.33: OpenCode builds an agent's rules
//! as its defaults, then the agent's own, then the project's `permission`, then the agent's
//! `agent.<name>.permission`, and the last rule that matches a tool's permission decides. The
//! project's `"*": "deny"` and one `allow` per permission (an `only`) therefore come after an
//! agent's own limits and would lift them: `explore` (`"*": "deny"` and a few reading tools)
//! would gain `edit`, `plan` (edits only to plan files, no `general` sub-agent) would edit
//! anything, `general` (no `todowrite`) would keep its todo list. The library writes each
//! one's limits again under `agent.<name>.permission`, less what the policy takes away.

use serde_json::{Map, Value};

use super::selection::OpenCodeSelection;
use crate::opencode::catalog::{DEFAULT_OFFERED, OpenCodeTool};
use crate::selection::SelectionShape;

/// What one of an agent's own rules says of its permission.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The tools leave the agent's request.
    Deny,
    /// The tools stay in the agent's request.
    Allow,
    /// The tools stay in the request, and each call is decided by its pattern (the last
    /// pattern that matches decides): `(pattern, action)`.
    Patterns(&'static [(&'static str, &'static str)]),
}

/// One of OpenCode's own agents that its rules limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenCodeAgent {
    /// Its name, a key of `agent`.
    pub name: &'static str,
    /// Its own rules that limit it, in the order OpenCode reads them.
    pub limits: &'static [(&'static str, Limit)],
}

/// The agents OpenCode limits by default, as the pinned build defines them.
pub const LIMITED_AGENTS: &[OpenCodeAgent] = &[
    OpenCodeAgent {
        name: "explore",
        limits: &[
            ("*", Limit::Deny),
            ("bash", Limit::Allow),
            ("glob", Limit::Allow),
            ("grep", Limit::Allow),
            ("list", Limit::Allow),
            ("read", Limit::Allow),
            ("webfetch", Limit::Allow),
            ("websearch", Limit::Allow),
        ],
    },
    OpenCodeAgent { name: "general", limits: &[("todowrite", Limit::Deny)] },
    OpenCodeAgent {
        name: "plan",
        limits: &[
            ("edit", Limit::Patterns(&[("*", "deny"), (".opencode/plans/*.md", "allow")])),
            ("task", Limit::Patterns(&[("general", "deny")])),
        ],
    },
];

impl OpenCodeAgent {
    /// The agent named `name`, if OpenCode limits it.
    pub fn from_name(name: &str) -> Option<OpenCodeAgent> {
        LIMITED_AGENTS.iter().copied().find(|agent| agent.name == name)
    }

    /// Whether the agent's own rules leave the tools of `permission` in its request.
    pub fn keeps(self, permission: &str) -> bool {
        let matches = |key: &str| key == "*" || key == permission;
        self.limits.iter().rev().find(|(key, _)| matches(key)).is_none_or(|(_, limit)| *limit != Limit::Deny)
    }

    /// The rules the library writes for the agent beside `selection`: for an `only` (whose
    /// `allow`s would lift the agent's limits) each limit again, an `allow` or a pattern map
    /// only where the selection permits every tool of its permission (elsewhere the project's
    /// `deny` stands); nothing for a `disable`, which only takes away.
    pub fn intersection(self, selection: &OpenCodeSelection) -> Option<Map<String, Value>> {
        if !matches!(selection.shape(), SelectionShape::Only(_)) {
            return None;
        }
        let permits = |permission: &str| {
            let mut tools = OpenCodeTool::ALL.iter().filter(|tool| tool.permission() == permission).peekable();
            tools.peek().is_some() && tools.all(|tool| selection.decide(tool.name()).is_permitted())
        };
        let mut rules = Map::new();
        for (key, limit) in self.limits {
            let value = match limit {
                Limit::Deny => Value::from("deny"),
                Limit::Allow if permits(key) => Value::from("allow"),
                Limit::Patterns(patterns) if permits(key) => {
                    Value::Object(patterns.iter().map(|(p, action)| ((*p).to_owned(), Value::from(*action))).collect())
                }
                Limit::Allow | Limit::Patterns(_) => continue,
            };
            rules.insert((*key).to_owned(), value);
        }
        Some(rules)
    }

    /// The built-ins the agent is offered under `selection` (`None`: no selection), in
    /// catalog order: those the selection permits and the agent's own rules keep.
    pub fn offered(self, selection: Option<&OpenCodeSelection>) -> Vec<&'static str> {
        DEFAULT_OFFERED
            .iter()
            .filter(|tool| {
                selection.is_none_or(|s| s.decide(tool.name()).is_permitted()) && self.keeps(tool.permission())
            })
            .map(|tool| tool.name())
            .collect()
    }

    /// Whether the agent is offered the MCP tool `name` (`<server>_<tool>`) of a server the
    /// host configures: the selection permits it and the agent's rules keep it.
    pub fn offers_mcp(self, selection: Option<&OpenCodeSelection>, name: &str) -> bool {
        selection.is_none_or(|s| s.decide(name).is_permitted()) && self.keeps(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opencode::names::OpenCodeName;
    use crate::selection::NameLookup;

    fn only(written: &[&str]) -> OpenCodeSelection {
        OpenCodeSelection::only(written.iter().map(|w| OpenCodeName::lookup(w).map(NameLookup::tool).unwrap()))
    }

    #[test]
    fn an_only_keeps_each_agent_within_its_own_limits() {
        let explore = OpenCodeAgent::from_name("explore").unwrap();
        let selection = only(&["apply_patch", "edit", "write", "grep", "task", "probe_*"]);
        let rules = explore.intersection(&selection).unwrap();
        assert_eq!(Value::Object(rules), serde_json::json!({"*": "deny", "grep": "allow"}));
        assert_eq!(explore.offered(Some(&selection)), ["grep"]);
        assert!(!explore.offers_mcp(Some(&selection), "probe_echo"));
        assert_eq!(explore.offered(None), ["bash", "glob", "grep", "read", "webfetch"]);
        let plan = OpenCodeAgent::from_name("plan").unwrap();
        assert_eq!(
            Value::Object(plan.intersection(&selection).unwrap()),
            serde_json::json!({"edit": {"*": "deny", ".opencode/plans/*.md": "allow"}, "task": {"general": "deny"}})
        );
        assert_eq!(Value::Object(plan.intersection(&only(&["bash"])).unwrap()), serde_json::json!({}));
        let general = OpenCodeAgent::from_name("general").unwrap();
        assert_eq!(
            Value::Object(general.intersection(&only(&["bash"])).unwrap()),
            serde_json::json!({"todowrite": "deny"})
        );
        assert!(general.offered(None).iter().all(|tool| *tool != "todowrite"));
        assert!(explore.intersection(&OpenCodeSelection::disable([])).is_none());
        assert!(OpenCodeAgent::from_name("build").is_none());
    }
}
