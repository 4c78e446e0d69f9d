//! The sub-agent router (SPEC §3): resolution, exact error texts, the allow-list on tool
//! calls only, the cleanup contract, lock discipline and concurrent use.

use std::sync::Arc;
use std::thread;

use tool_policy::subagents::{CustomAgent, RoutedSession, RouterError, SubagentRouter};

fn router() -> SubagentRouter {
    let router = SubagentRouter::new();
    router.register_session(
        "parent",
        vec![
            CustomAgent::new("investigator", Some(vec!["run_bash".into()])),
            CustomAgent::new("anything", None),
            CustomAgent::new("nothing", Some(vec![])),
        ],
    );
    router.on_subagent_started("parent", "child-1", "investigator", "call-1");
    router.on_subagent_started("parent", "child-2", "anything", "call-2");
    router.on_subagent_started("parent", "child-3", "nothing", "call-3");
    router
}

#[test]
fn direct_and_child_resolution() {
    let router = router();
    assert_eq!(router.resolve_session("parent"), Ok(RoutedSession { parent_id: "parent".into(), child: false }));
    assert_eq!(router.resolve_session("child-1"), Ok(RoutedSession { parent_id: "parent".into(), child: true }));
    assert_eq!(router.resolve_session("nobody").unwrap_err().to_string(), "unknown session nobody");
}

#[test]
fn allow_list_applies_to_tool_calls_only() {
    let router = router();
    assert!(router.check_tool_call("child-1", "run_bash").is_ok());
    assert_eq!(
        router.check_tool_call("child-1", "rm_rf").unwrap_err().to_string(),
        "Tool 'rm_rf' is not supported by this client instance."
    );
    assert!(router.check_tool_call("child-2", "rm_rf").is_ok(), "tools: null allows all");
    assert!(router.check_tool_call("child-3", "run_bash").is_err(), "tools: [] allows none");
    assert!(router.resolve_session("child-3").is_ok(), "permission/hooks/user input resolve without the list");
    assert!(router.check_tool_call("parent", "rm_rf").is_ok(), "the parent itself is not restricted");
    router.on_subagent_started("parent", "child-4", "unconfigured", "call-4");
    assert!(
        router.check_tool_call("child-4", "run_bash").is_err(),
        "an agent the parent did not configure fails closed"
    );
}

#[test]
fn late_requests_after_completion_still_resolve() {
    let router = router();
    router.on_subagent_ended("parent", "call-1");
    assert!(router.instances("parent").iter().all(|i| i.tool_call_id != "call-1"));
    assert!(router.check_tool_call("child-1", "run_bash").is_ok());
    assert!(router.check_tool_call("child-1", "other").is_err(), "still gated");
}

#[test]
fn removing_the_parent_removes_its_children_only() {
    let router = router();
    router.register_session("other", vec![CustomAgent::new("x", None)]);
    router.on_subagent_started("other", "other-child", "x", "call-9");
    router.remove_session("parent");
    assert_eq!(router.resolve_session("parent"), Err(RouterError::UnknownSession { id: "parent".into() }));
    assert_eq!(router.resolve_session("child-1"), Err(RouterError::UnknownSession { id: "child-1".into() }));
    assert!(router.instances("parent").is_empty());
    assert!(router.resolve_session("other-child").is_ok());
    router.stop();
    assert!(router.resolve_session("other").is_err());
    assert!(router.resolve_session("other-child").is_err());
    assert!(router.instances("other").is_empty());
}

#[test]
fn a_child_whose_parent_is_gone() {
    let router = SubagentRouter::new();
    router.on_subagent_started("ghost", "orphan", "a", "call");
    assert_eq!(
        router.resolve_session("orphan").unwrap_err().to_string(),
        "parent session ghost for child orphan not found"
    );
    assert_eq!(
        router.check_tool_call("orphan", "t").unwrap_err().to_string(),
        "parent session ghost for child orphan not found"
    );
}

#[test]
fn no_lock_is_held_while_a_handler_runs() {
    let router = router();
    let result = router.dispatch_tool_call("child-1", "run_bash", |resolved| {
        // Calls back into the router: with the lock held this would deadlock.
        router.register_session("spawned", Vec::new());
        router.on_subagent_started(&resolved.parent_id, "child-5", "anything", "call-5");
        router.check_tool_call("child-5", "x").map(|r| r.parent_id)
    });
    assert_eq!(result, Ok(Ok("parent".to_owned())));
    assert!(router.dispatch_tool_call("child-1", "denied", |_| ()).is_err());
}

#[test]
fn many_threads() {
    const THREADS: usize = 8;
    const ROUNDS: usize = 500;
    let router = Arc::new(SubagentRouter::new());
    router.register_session("p", vec![CustomAgent::new("a", Some(vec!["ok".into()]))]);
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let router = Arc::clone(&router);
            thread::spawn(move || {
                for round in 0..ROUNDS {
                    let child = format!("c-{t}-{round}");
                    let call = format!("call-{t}-{round}");
                    router.on_subagent_started("p", &child, "a", &call);
                    assert_eq!(router.check_tool_call(&child, "ok").map(|r| r.child), Ok(true));
                    assert!(router.check_tool_call(&child, "no").is_err());
                    router.on_subagent_ended("p", &call);
                    assert!(router.check_tool_call(&child, "ok").is_ok());
                }
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
    assert!(router.instances("p").is_empty());
    assert!(router.resolve_session(&format!("c-{}-{}", THREADS - 1, ROUNDS - 1)).is_ok());
}

#[test]
fn the_router_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<SubagentRouter>();
}
