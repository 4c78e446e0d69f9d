//! The call-time sub-agent router (SPEC §3): maps sub-agents' child sessions to their
//! parents, and gates each child's tool calls by its agent's list, failing closed.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::SystemTime;

use super::agents::CustomAgent;

/// The session a request belongs to, as the router found it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoutedSession {
    /// The parent session that owns the handlers.
    pub parent_id: String,
    /// Whether the id was a sub-agent's child session.
    pub child: bool,
}

/// Why the router refused a request. `Display` is the exact protocol text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RouterError {
    /// Neither a registered session nor a known child.
    UnknownSession {
        /// The id asked for.
        id: String,
    },
    /// A known child whose parent is no longer registered.
    ParentNotFound {
        /// The parent's id.
        parent_id: String,
        /// The child's id.
        child_id: String,
    },
    /// A child's tool call for a tool its agent does not list.
    ToolNotSupported {
        /// The tool's name.
        name: String,
    },
}

impl fmt::Display for RouterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RouterError::UnknownSession { id } => write!(f, "unknown session {id}"),
            RouterError::ParentNotFound { parent_id, child_id } => {
                write!(f, "parent session {parent_id} for child {child_id} not found")
            }
            RouterError::ToolNotSupported { name } => {
                write!(f, "Tool '{name}' is not supported by this client instance.")
            }
        }
    }
}

impl std::error::Error for RouterError {}

/// One running sub-agent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubagentInstance {
    /// The custom agent's name.
    pub agent_name: String,
    /// The tool call that launched it.
    pub tool_call_id: String,
    /// Its child session id.
    pub child_session_id: String,
    /// When `subagent.started` arrived.
    pub started_at: SystemTime,
}

/// What the router knows of a session id.
#[derive(Debug)]
enum Known {
    /// A registered parent session and its custom agents.
    Parent(Arc<[CustomAgent]>),
    /// A sub-agent's child session: its parent's id and its agent's name.
    Child { parent: String, agent: String },
}

/// One map from session id (a registered parent wins over a child of the same id), and the
/// running instances with their parents' ids: few at a time, so a list.
#[derive(Debug, Default)]
struct RouterState {
    sessions: HashMap<String, Known>,
    instances: Vec<(String, SubagentInstance)>,
}

impl RouterState {
    fn agents(&self, parent_id: &str) -> Option<&[CustomAgent]> {
        match self.sessions.get(parent_id) {
            Some(Known::Parent(agents)) => Some(agents),
            _ => None,
        }
    }
}

/// Maps sub-agents' child sessions to their parents and gates their tool calls (the
/// protocol of SPEC §3). `Send + Sync`; its lock is held only for map access, never while a
/// caller's handler runs (see [`SubagentRouter::dispatch_tool_call`]).
#[derive(Debug, Default)]
pub struct SubagentRouter {
    state: Mutex<RouterState>,
}

impl SubagentRouter {
    /// An empty router.
    pub fn new() -> SubagentRouter {
        SubagentRouter::default()
    }

    fn lock(&self) -> MutexGuard<'_, RouterState> {
        // The state is consistent after every statement, so a panic elsewhere leaves
        // nothing half-written: recover rather than propagate the poison.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A parent session (from `createSession` / `resumeSession`) and its custom agents.
    pub fn register_session(&self, parent_id: &str, agents: Vec<CustomAgent>) {
        self.lock().sessions.insert(parent_id.to_owned(), Known::Parent(agents.into()));
    }

    /// `subagent.started` on `parent_id`'s event stream.
    pub fn on_subagent_started(&self, parent_id: &str, child_id: &str, agent_name: &str, tool_call_id: &str) {
        let instance = SubagentInstance {
            agent_name: agent_name.to_owned(),
            tool_call_id: tool_call_id.to_owned(),
            child_session_id: child_id.to_owned(),
            started_at: SystemTime::now(),
        };
        let mut state = self.lock();
        if state.agents(child_id).is_none() {
            let child = Known::Child { parent: parent_id.to_owned(), agent: agent_name.to_owned() };
            state.sessions.insert(child_id.to_owned(), child);
        }
        state.instances.retain(|(parent, i)| !(parent == parent_id && i.tool_call_id == tool_call_id));
        state.instances.push((parent_id.to_owned(), instance));
    }

    /// `subagent.completed` or `subagent.failed`: removes only the instance record, so
    /// requests still in flight from the child keep resolving.
    pub fn on_subagent_ended(&self, parent_id: &str, tool_call_id: &str) {
        self.lock().instances.retain(|(parent, i)| !(parent == parent_id && i.tool_call_id == tool_call_id));
    }

    /// A parent session was deleted or destroyed: it, its children and its instances go.
    pub fn remove_session(&self, parent_id: &str) {
        let mut state = self.lock();
        state.sessions.retain(|id, known| match known {
            Known::Parent(_) => id != parent_id,
            Known::Child { parent, .. } => parent != parent_id,
        });
        state.instances.retain(|(parent, _)| parent != parent_id);
    }

    /// The client stopped: everything goes.
    pub fn stop(&self) {
        let mut state = self.lock();
        state.sessions.clear();
        state.instances.clear();
    }

    /// The running instances of `parent_id`, in the order they started.
    pub fn instances(&self, parent_id: &str) -> Vec<SubagentInstance> {
        self.lock().instances.iter().filter(|(parent, _)| parent == parent_id).map(|(_, i)| i.clone()).collect()
    }

    /// Resolves an incoming session id: a registered session directly, then a child through
    /// its parent. For `permission.request`, `hooks.invoke` and `userInput.request`.
    pub fn resolve_session(&self, session_id: &str) -> Result<RoutedSession, RouterError> {
        route(&self.lock(), session_id)
    }

    /// Resolves the session of a `tool.call` and, for a child, checks its agent's list.
    /// An agent the parent did not configure is refused (fail closed).
    pub fn check_tool_call(&self, session_id: &str, tool_name: &str) -> Result<RoutedSession, RouterError> {
        let state = self.lock();
        let resolved = route(&state, session_id)?;
        if let Some(Known::Child { agent, .. }) = state.sessions.get(session_id) {
            let allowed = state
                .agents(&resolved.parent_id)
                .and_then(|agents| agents.iter().find(|a| a.name() == agent))
                .is_some_and(|agent| agent.allows_call(tool_name));
            if !allowed {
                return Err(RouterError::ToolNotSupported { name: tool_name.to_owned() });
            }
        }
        Ok(resolved)
    }

    /// [`SubagentRouter::check_tool_call`], then `handler` with the lock released, so a
    /// handler may call back into the router.
    pub fn dispatch_tool_call<R>(
        &self,
        session_id: &str,
        tool_name: &str,
        handler: impl FnOnce(&RoutedSession) -> R,
    ) -> Result<R, RouterError> {
        let resolved = self.check_tool_call(session_id, tool_name)?;
        Ok(handler(&resolved))
    }
}

fn route(state: &RouterState, session_id: &str) -> Result<RoutedSession, RouterError> {
    match state.sessions.get(session_id) {
        Some(Known::Parent(_)) => Ok(RoutedSession { parent_id: session_id.to_owned(), child: false }),
        Some(Known::Child { parent, .. }) if state.agents(parent).is_some() => {
            Ok(RoutedSession { parent_id: parent.clone(), child: true })
        }
        Some(Known::Child { parent, .. }) => {
            Err(RouterError::ParentNotFound { parent_id: parent.clone(), child_id: session_id.to_owned() })
        }
        None => Err(RouterError::UnknownSession { id: session_id.to_owned() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn router_resolution_and_errors() {
        let router = SubagentRouter::new();
        router.register_session("p", vec![CustomAgent::new("inv", Some(vec!["run_bash".into()]))]);
        router.on_subagent_started("p", "c", "inv", "call-1");
        assert_eq!(router.resolve_session("p"), Ok(RoutedSession { parent_id: "p".into(), child: false }));
        assert_eq!(router.resolve_session("c"), Ok(RoutedSession { parent_id: "p".into(), child: true }));
        assert_eq!(router.resolve_session("x").unwrap_err().to_string(), "unknown session x");
        assert!(router.check_tool_call("c", "run_bash").is_ok());
        assert_eq!(
            router.check_tool_call("c", "other").unwrap_err().to_string(),
            "Tool 'other' is not supported by this client instance."
        );
        assert!(router.check_tool_call("p", "other").is_ok(), "the parent is not restricted");
        assert!(router.resolve_session("c").is_ok(), "other requests are not gated by the list");
        router.on_subagent_ended("p", "call-1");
        assert!(router.instances("p").is_empty());
        assert!(router.check_tool_call("c", "run_bash").is_ok(), "late requests still resolve");
        router.on_subagent_started("gone", "orphan", "inv", "call-2");
        assert_eq!(
            router.resolve_session("orphan").unwrap_err().to_string(),
            "parent session gone for child orphan not found"
        );
        router.remove_session("p");
        assert_eq!(router.resolve_session("c").unwrap_err(), RouterError::UnknownSession { id: "c".into() });
        router.stop();
        assert_eq!(router.resolve_session("orphan").unwrap_err(), RouterError::UnknownSession { id: "orphan".into() });
    }

    #[test]
    fn instances_and_removal() {
        let router = SubagentRouter::new();
        let agents = || vec![CustomAgent::new("inv", Some(vec!["run_bash".into()]))];
        router.register_session("p", agents());
        router.register_session("q", agents());
        router.on_subagent_started("p", "c1", "inv", "call-1");
        router.on_subagent_started("q", "d1", "inv", "call-1");
        router.on_subagent_started("p", "c2", "inv", "call-2");
        let ids = |parent: &str| router.instances(parent).into_iter().map(|i| i.child_session_id).collect::<Vec<_>>();
        assert_eq!(ids("p"), ["c1", "c2"], "a parent's instances, in the order they started");
        assert_eq!(ids("q"), ["d1"]);
        router.on_subagent_started("p", "c3", "inv", "call-1");
        assert_eq!(ids("p"), ["c2", "c3"], "a tool call id starts one instance at a time");
        router.on_subagent_ended("p", "call-1");
        assert_eq!(ids("p"), ["c2"]);
        assert_eq!(ids("q"), ["d1"], "ending p's call-1 leaves q's alone");

        // A child id that is also a registered parent stays a parent: never gated as a child.
        router.on_subagent_started("p", "q", "inv", "call-9");
        assert_eq!(router.resolve_session("q"), Ok(RoutedSession { parent_id: "q".into(), child: false }));

        router.remove_session("p");
        assert!(ids("p").is_empty());
        for child in ["c1", "c2", "c3"] {
            assert_eq!(router.resolve_session(child).unwrap_err(), RouterError::UnknownSession { id: child.into() });
        }
        assert_eq!(router.resolve_session("d1"), Ok(RoutedSession { parent_id: "q".into(), child: true }));
        assert_eq!(ids("q"), ["d1"], "removing p leaves q's instances");
        assert!(router.check_tool_call("d1", "run_bash").is_ok());
        assert!(router.check_tool_call("d1", "view").is_err());
    }
}
