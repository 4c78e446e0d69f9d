//! The call-time sub-agent router wired to the SDK: a session's `subagent.*` events feed it,
//! and a [`GatedToolHandler`] asks it before any handler runs.
//!
//! The runtime runs a sub-agent inside its parent's session and marks what the sub-agent
//! does with an `agentId`: on its events (`subagent.started` included) and on its tool
//! calls (`ToolInvocation::agent_id`). The router takes that id as the child's.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use github_copilot_sdk::session::Session;
use github_copilot_sdk::session_events::{SubagentCompletedData, SubagentFailedData, SubagentStartedData};
use github_copilot_sdk::subscription::{EventSubscription, RecvErrorKind};
use github_copilot_sdk::tool::ToolHandler;
use github_copilot_sdk::{
    CustomAgentConfig as SdkCustomAgent, SessionEvent, Tool as SdkTool, ToolInvocation, ToolResult, ToolResultExpanded,
};

use crate::copilot::agents::CustomAgent;
use crate::copilot::router::SubagentRouter;

const STARTED: &str = "subagent.started";
const COMPLETED: &str = "subagent.completed";
const FAILED: &str = "subagent.failed";

impl SubagentRouter {
    /// Registers a session the SDK created or resumed, with the custom agents it was given
    /// (`SessionConfig::custom_agents`): each agent's name and `tools` list.
    pub fn register_sdk_session(&self, session_id: &str, agents: Option<&[SdkCustomAgent]>) {
        let agents = agents.unwrap_or_default().iter().map(|a| CustomAgent::new(&a.name, a.tools.clone()));
        self.register_session(session_id, agents.collect());
    }

    /// Feeds one event of `parent_id`'s stream: `subagent.started` maps the event's `agentId`
    /// to its parent and agent; `subagent.completed` and `subagent.failed` remove only the
    /// instance record. Every other event is ignored. A `subagent.started` without an
    /// `agentId` maps nothing, so that sub-agent's calls are refused (fail closed).
    pub fn observe_event(&self, parent_id: &str, event: &SessionEvent) {
        let child = event.agent_id.as_deref().filter(|id| !id.is_empty());
        match event.event_type.as_str() {
            STARTED => {
                if let (Some(child), Some(data)) = (child, event.typed_data::<SubagentStartedData>()) {
                    self.on_subagent_started(parent_id, child, &data.agent_name, &data.tool_call_id);
                }
            }
            COMPLETED => {
                if let Some(data) = event.typed_data::<SubagentCompletedData>() {
                    self.on_subagent_ended(parent_id, &data.tool_call_id);
                }
            }
            FAILED => {
                if let Some(data) = event.typed_data::<SubagentFailedData>() {
                    self.on_subagent_ended(parent_id, &data.tool_call_id);
                }
            }
            _ => {}
        }
    }

    /// Feeds every event of `parent_id`'s stream until it closes. Start it right after
    /// `create_session` or `resume_session` and [`SubagentRouter::register_sdk_session`], on
    /// the host's runtime (the future owns what it needs, so it can be spawned):
    ///
    /// ```no_run
    /// # async fn run(session: github_copilot_sdk::session::Session,
    /// #              router: std::sync::Arc<policy_core::subagents::SubagentRouter>) {
    /// let (id, events) = (session.id().to_string(), session.subscribe());
    /// let follow = async move { router.follow_events(&id, events).await };
    /// // tokio::spawn(follow);
    /// # follow.await;
    /// # }
    /// ```
    ///
    /// Events a slow reader misses are skipped: a sub-agent whose start was missed stays
    /// unknown, and its calls are refused.
    pub async fn follow_events(&self, parent_id: &str, mut events: EventSubscription) {
        loop {
            match events.recv().await {
                Ok(event) => self.observe_event(parent_id, &event),
                Err(error) if matches!(error.kind(), RecvErrorKind::Lagged { .. }) => {}
                Err(_) => return,
            }
        }
    }

    /// [`SubagentRouter::follow_events`] for `session`, borrowing it.
    pub async fn follow_session(&self, session: &Session) {
        self.follow_events(session.id().as_ref(), session.subscribe()).await;
    }
}

/// A tool handler that asks a [`SubagentRouter`] first (SPEC §3): a call from a sub-agent
/// whose agent does not list the tool, from an unknown sub-agent, or in a session the router
/// does not know is refused with the protocol's text, and the wrapped handler never runs.
/// The router's lock is released before it does.
///
/// A call without an `agentId` is the main agent's, and no agent's list applies to it. CLI
/// 1.0.102 marks every sub-agent call with its `agentId` (held live); a runtime that does not
/// would make a sub-agent's calls look like the main agent's, and only its own filtering of
/// the sub-agent's tools would then hold.
pub struct GatedToolHandler {
    router: Arc<SubagentRouter>,
    inner: Arc<dyn ToolHandler>,
}

impl GatedToolHandler {
    /// `inner`, gated by `router`.
    pub fn new(router: Arc<SubagentRouter>, inner: Arc<dyn ToolHandler>) -> GatedToolHandler {
        GatedToolHandler { router, inner }
    }

    /// `tools` with every handler gated by `router`; a tool without a handler is left as it is.
    pub fn gate_all(router: &Arc<SubagentRouter>, tools: Vec<SdkTool>) -> Vec<SdkTool> {
        tools
            .into_iter()
            .map(|tool| match tool.handler().cloned() {
                Some(inner) => tool.with_handler(Arc::new(GatedToolHandler::new(Arc::clone(router), inner))),
                None => tool,
            })
            .collect()
    }

    async fn gated(&self, invocation: ToolInvocation) -> Result<ToolResult, github_copilot_sdk::Error> {
        let caller = invocation.agent_id.as_deref().filter(|id| !id.is_empty()).unwrap_or(&invocation.session_id);
        match self.router.check_tool_call(caller, &invocation.tool_name) {
            Ok(_) => self.inner.call(invocation).await,
            Err(refused) => Ok(ToolResult::Expanded(ToolResultExpanded::new(refused.to_string(), "failure"))),
        }
    }
}

impl std::fmt::Debug for GatedToolHandler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GatedToolHandler").field("router", &self.router).finish_non_exhaustive()
    }
}

impl ToolHandler for GatedToolHandler {
    // The trait is declared with `async_trait`; this is its expanded signature.
    fn call<'life0, 'async_trait>(
        &'life0 self,
        invocation: ToolInvocation,
    ) -> Pin<Box<dyn Future<Output = Result<ToolResult, github_copilot_sdk::Error>> + Send + 'async_trait>>
    where
        'life0: 'async_trait,
        Self: 'async_trait,
    {
        Box::pin(self.gated(invocation))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::task::{Context, Poll, Waker};

    use serde_json::json;

    use super::*;

    /// Counts its calls and answers `ran`.
    #[derive(Default)]
    struct Counting(AtomicUsize);

    impl ToolHandler for Counting {
        fn call<'life0, 'async_trait>(
            &'life0 self,
            _: ToolInvocation,
        ) -> Pin<Box<dyn Future<Output = Result<ToolResult, github_copilot_sdk::Error>> + Send + 'async_trait>>
        where
            'life0: 'async_trait,
            Self: 'async_trait,
        {
            self.0.fetch_add(1, Ordering::SeqCst);
            Box::pin(std::future::ready(Ok(ToolResult::Text("ran".into()))))
        }
    }

    /// Polls a future that is ready at once (every handler here is).
    fn now<F: Future>(future: F) -> F::Output {
        let mut future = std::pin::pin!(future);
        match future.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
            Poll::Ready(output) => output,
            Poll::Pending => panic!("the gate must not wait"),
        }
    }

    fn event(kind: &str, agent_id: Option<&str>, data: &serde_json::Value) -> SessionEvent {
        serde_json::from_value(json!({"id": "e", "timestamp": "t", "parentId": null, "agentId": agent_id,
                                      "type": kind, "data": data.clone()}))
        .unwrap()
    }

    fn call(handler: &GatedToolHandler, agent_id: Option<&str>, tool: &str) -> String {
        let invocation: ToolInvocation = serde_json::from_value(json!({
            "sessionId": "parent", "toolCallId": "c", "toolName": tool, "arguments": {}, "agentId": agent_id
        }))
        .unwrap();
        match now(handler.call(invocation)).unwrap() {
            ToolResult::Text(text) => text,
            ToolResult::Expanded(result) => format!("{}: {}", result.result_type, result.text_result_for_llm),
            other => panic!("an unexpected result {other:?}"),
        }
    }

    fn started(agent_name: &str, tool_call_id: &str, child: Option<&str>) -> SessionEvent {
        let data = json!({"agentName": agent_name, "agentDisplayName": agent_name, "agentDescription": "",
                          "toolCallId": tool_call_id});
        event(STARTED, child, &data)
    }

    #[test]
    fn a_sub_agents_calls_are_gated_by_its_list() {
        let router = Arc::new(SubagentRouter::new());
        let agents = [SdkCustomAgent::new("reviewer", "p").with_tools(["my_tool"]), SdkCustomAgent::new("all", "p")];
        router.register_sdk_session("parent", Some(&agents));
        let inner = Arc::new(Counting::default());
        let gated = GatedToolHandler::new(Arc::clone(&router), inner.clone());

        router.observe_event("parent", &started("reviewer", "task-1", Some("child-1")));
        router.observe_event("parent", &started("all", "task-2", Some("child-2")));
        assert_eq!(call(&gated, Some("child-1"), "my_tool"), "ran");
        assert_eq!(
            call(&gated, Some("child-1"), "other_tool"),
            "failure: Tool 'other_tool' is not supported by this client instance."
        );
        assert_eq!(call(&gated, Some("child-2"), "other_tool"), "ran", "an agent without a list may call anything");
        assert_eq!(call(&gated, None, "other_tool"), "ran", "the main agent is not gated by any agent's list");
        assert_eq!(call(&gated, Some(""), "other_tool"), "ran", "an empty agentId is the main agent");
        assert_eq!(call(&gated, Some("child-9"), "my_tool"), "failure: unknown session child-9");
        assert_eq!(inner.0.load(Ordering::SeqCst), 4, "a refused call never reaches the handler");

        // Completion removes the instance only; the child's calls still resolve.
        router.observe_event(
            "parent",
            &event(
                COMPLETED,
                Some("child-1"),
                &json!({"agentName": "reviewer",
            "agentDisplayName": "reviewer", "toolCallId": "task-1"}),
            ),
        );
        assert_eq!(router.instances("parent").len(), 1);
        router.observe_event(
            "parent",
            &event(
                FAILED,
                Some("child-2"),
                &json!({"agentName": "all",
            "agentDisplayName": "all", "toolCallId": "task-2", "error": "boom"}),
            ),
        );
        assert!(router.instances("parent").is_empty());
        assert_eq!(call(&gated, Some("child-1"), "my_tool"), "ran");

        // The session goes: its children's calls are refused.
        router.remove_session("parent");
        assert_eq!(call(&gated, Some("child-1"), "my_tool"), "failure: unknown session child-1");
        assert_eq!(call(&gated, None, "my_tool"), "failure: unknown session parent");
    }

    #[test]
    fn a_start_the_router_cannot_read_maps_nothing() {
        let router = Arc::new(SubagentRouter::new());
        router.register_sdk_session("parent", Some(&[SdkCustomAgent::new("reviewer", "p")]));
        let gated = GatedToolHandler::new(Arc::clone(&router), Arc::new(Counting::default()));
        router.observe_event("parent", &started("reviewer", "task-1", None));
        router.observe_event("parent", &event(STARTED, Some("child-1"), &json!({"agentName": 3})));
        assert!(router.instances("parent").is_empty());
        assert_eq!(call(&gated, Some("child-1"), "my_tool"), "failure: unknown session child-1");
        // A sub-agent the session was not given is refused, even when it is mapped.
        router.observe_event("parent", &started("stranger", "task-3", Some("child-3")));
        assert!(call(&gated, Some("child-3"), "my_tool").starts_with("failure: "));
    }

    #[test]
    fn gate_all_wraps_every_handler() {
        let router = Arc::new(SubagentRouter::new());
        router.register_sdk_session(
            "parent",
            Some(&[SdkCustomAgent::new("none", "p").with_tools::<[&str; 0], &str>([])]),
        );
        router.observe_event("parent", &started("none", "t", Some("child")));
        let inner = Arc::new(Counting::default());
        let tools = vec![SdkTool::new("my_tool").with_handler(inner.clone()), SdkTool::new("declared_only")];
        let tools = GatedToolHandler::gate_all(&router, tools);
        assert!(tools[1].handler().is_none());
        let handler = tools[0].handler().unwrap();
        let invocation: ToolInvocation = serde_json::from_value(json!({
            "sessionId": "parent", "toolCallId": "c", "toolName": "my_tool", "arguments": {}, "agentId": "child"
        }))
        .unwrap();
        assert!(matches!(now(handler.call(invocation)).unwrap(), ToolResult::Expanded(_)));
        assert_eq!(inner.0.load(Ordering::SeqCst), 0);
    }
}
