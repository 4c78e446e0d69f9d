//! Claude Code's built-in agents, started by the fake model through `Agent` in the background
//! (the default) and in the foreground (`run_in_background: false`): the tools of the agent's
//! own first model request must be the library's prediction for that built-in
//! (`BuiltinAgent::offered`), or, for a custom agent started in the foreground, for it.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tool_policy::McpTools;
use tool_policy::claude::{self, BuiltinAgent, ClaudeAgents, ClaudeCodeArgs, ClaudeCodeSelection, Start};

use crate::claude::{Case, answer_call, offered, run_args};
use crate::{Outcome, http};

/// The text every started agent's prompt carries, so its model requests can be told apart.
pub const STARTED: &str = "BUILTIN-AGENT-CONFORMANCE";

/// One case: the main selection, the custom agents, and the agent the fake model starts.
#[derive(Clone)]
pub struct BuiltinCase {
    pub name: String,
    pub selection: Option<ClaudeCodeSelection>,
    pub agents: ClaudeAgents,
    pub start: String,
    pub how: Start,
}

/// The texts of a request's messages.
pub fn texts(body: &Value) -> Vec<String> {
    let mut texts = Vec::new();
    for message in body["messages"].as_array().into_iter().flatten() {
        match &message["content"] {
            Value::String(s) => texts.push(s.clone()),
            Value::Array(blocks) => texts.extend(blocks.iter().filter_map(|b| b["text"].as_str().map(str::to_owned))),
            _ => {}
        }
    }
    texts
}

/// Whether a request is a started agent's: its first message carries the mark (a fork's
/// carries the CLI's fork boilerplate instead).
pub fn started_agent(body: &Value) -> bool {
    let first = body["messages"][0].to_string();
    first.contains(STARTED) || texts(body).iter().any(|t| t.contains("<fork-boilerplate>"))
}

/// Whether a request answers a tool call already.
pub fn answers_a_call(body: &Value) -> bool {
    body["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|m| m["content"].as_array().into_iter().flatten().any(|b| b["type"] == "tool_result"))
}

/// The `Agent` call that starts `agent`, so.
pub fn start_call(agent: &str, how: Start) -> Value {
    let mut call =
        json!({"description": "conformance", "prompt": format!("{STARTED} Say ok."), "subagent_type": agent});
    if how == Start::Foreground {
        call["run_in_background"] = json!(false);
    }
    call
}

/// What the library predicts the started agent is offered: a custom agent of the name
/// first (it replaces the built-in), else the built-in.
fn expected(case: &BuiltinCase) -> BTreeSet<String> {
    let tools = match case.agents.get(&case.start) {
        Some(agent) => claude::offered_when(agent, case.selection.as_ref(), claude::DEFAULT_OFFERED, case.how),
        None => {
            BuiltinAgent::named(&case.start).map(|b| b.offered(case.selection.as_ref(), case.how)).unwrap_or_default()
        }
    };
    tools.iter().map(|tool| tool.name().to_owned()).filter(|name| name != "ToolSearch").collect()
}

/// Runs every case once.
pub fn run(cli: &Path, me: &Path, scratch: &Path, cases: &[BuiltinCase]) -> Vec<Outcome> {
    let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
    let start: Arc<Mutex<Option<(String, Start)>>> = Arc::default();
    let (recorder, starter) = (Arc::clone(&requests), Arc::clone(&start));
    let port = match http::serve(move |method, path, body| {
        let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        if method != "POST" || !path.split('?').next().unwrap_or("").ends_with("/v1/messages") {
            return (200, "application/json", json!({"input_tokens": 10}).to_string());
        }
        recorder.lock().unwrap().push(body.clone());
        let offers_agent = body["tools"].as_array().into_iter().flatten().any(|t| t["name"] == "Agent");
        let main_turn = !started_agent(&body) && offers_agent && !answers_a_call(&body);
        let call = starter.lock().unwrap().clone().filter(|_| main_turn).map(|(agent, how)| start_call(&agent, how));
        (200, "text/event-stream", answer_call(&body, call.as_ref().map(|c| ("Agent", "toolu_start", c))))
    }) {
        Ok(port) => port,
        Err(e) => return vec![Outcome::failed("builtin-agents: fake API", format!("cannot listen: {e}"))],
    };
    let mut outcomes = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        requests.lock().unwrap().clear();
        *start.lock().unwrap() = Some((case.start.clone(), case.how));
        let run = Case {
            name: case.name.clone(),
            selection: case.selection.clone(),
            model: None,
            host_mcp: None,
            own_mcp: false,
            mcp: McpTools::Keep,
        };
        let arguments = ClaudeCodeArgs::new(case.selection.clone())
            .with_agents(case.agents.clone())
            .expect("the case's agents stay within its selection");
        let observed =
            run_args(cli, me, &scratch.join(format!("builtin-{i}")), &run, port, &arguments, &[]).and_then(|_| {
                std::thread::sleep(Duration::from_millis(50));
                let seen = requests.lock().unwrap();
                let first = seen.iter().find(|body| started_agent(body));
                first.map(offered).ok_or_else(|| format!("agent `{}` sent no model request", case.start))
            });
        outcomes.push(match observed {
            Ok(observed) => Outcome::compare(&case.name, expected(case), observed),
            Err(why) => Outcome::failed(&case.name, why),
        });
    }
    *start.lock().unwrap() = None;
    outcomes
}
