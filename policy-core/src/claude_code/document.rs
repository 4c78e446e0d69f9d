//! What a Claude Code document answers ([`RuntimeDocument`]): the arguments the CLI receives,
//! what the main agent or one of its agents is offered and why, what changes between two
//! documents, and what a transcript's `init` messages say against it.

use std::borrow::Cow;

use super::agents::{AgentRule, ClaudeAgent, McpRules, mcp_offered_to, offered_when};
use super::args::ClaudeCodeArgs;
use super::attest::{Judge, attest_claude_code};
use super::builtin_agents::{BUILTIN_AGENTS, BuiltinAgent};
use super::catalog::{ClaudeTool, DEFAULT_OFFERED, RUNTIME, Start};
use super::diff::{diff_claude_agents, diff_selections};
use super::mcp;
use super::observed::{ClaudeCall, read_claude_transcript};
use super::places::{MACRO, MACRO_AGENT, PLACES};
use super::read::{ClaudeCodeDocument, load_claude_code_with};
use super::selection::ClaudeCodeSelection;
use crate::error::{Error, Located, Warning};
use crate::portable::McpTools;
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::review::attest::{Attestation, Host, Violation};
use crate::review::diff::{PolicyDiff, diff_entries};
use crate::review::hook::{HookCall, command_hook, optional_string_at, string_at};
use crate::review::document::{AttestError, Explanation, Help, HostOptions, Output, RuntimeDocument};
use crate::seen::Seen;
use crate::selection::{NO_SELECTION, NameLookup};
use crate::text::Shown;

impl RuntimeDocument for ClaudeCodeDocument {
    const HELP: Help = Help {
        resolve: "FILE is a selection ({\"disable\": \"*\"}, {\"disable\": [..]}, {\"only\": [..]};\n\
            `disable` takes MCP rules too: `mcp__server`, `mcp__server__tool`, `mcp__*`)\n\
            or an object holding one under `builtin_tools` (`null` there: no selection); prints\n\
            {\"args\": [..], \"cliVersion\"}; `agents` beside `builtin_tools` (custom agents, each\n\
            with `description`, `prompt` and optional `tools`, `disallowedTools`, `model`,\n\
            `mcpServers`) becomes one more argument, `--agents=<json>`, and `agent_only` names the\n\
            built-ins the selection takes away that the agents may still list. An input with no\n\
            selection at all is an error.",
        explain: "TOOL is a Claude Code tool name (`Read`) or an MCP tool\n\
            (`mcp__server__tool`); with --agent NAME, says what the definition's custom agent NAME\n\
            is offered (`agents` beside `builtin_tools`).",
        attest: "OBSERVED is a `--output-format stream-json --verbose` transcript, or its `init`\n\
            line. --mcp-server NAME declares a server the host passed with --mcp-config.",
        gate: "the payload of a `PreToolUse` command hook: `tool_name`; a sub-agent's\n\
            call (`agent_id` set) is judged by what its agent (`agent_type`) is offered.",
    };
    const HOST_OPTIONS: HostOptions = HostOptions { attest_mcp_servers: true, gate: true, ..HostOptions::NONE };

    const RUNTIME: &'static str = RUNTIME;
    const PLACES: &'static [&'static Place] = PLACES;
    const MACRO: &'static Place = &MACRO;
    const MACRO_AGENT: Option<&'static Place> = Some(&MACRO_AGENT);

    fn read(text: &str, options: Options) -> Result<ClaudeCodeDocument, LoadError> {
        load_claude_code_with(text, options)
    }

    fn warnings(&self) -> (&[Located<Warning>], usize) {
        (&self.warnings, self.omitted_warnings)
    }

    /// `{"args": [...], "cliVersion"}`: the selection's arguments, then `--agents=<json>`,
    /// then, with a gate, `--settings=<json>` holding its `PreToolUse` hook.
    fn resolved(&self, output: &Output) -> Result<serde_json::Value, Error> {
        let mut resolved = serde_json::to_value(self.args()).unwrap_or_default();
        if let (Some(command), Some(args)) = (&output.gate, resolved["args"].as_array_mut()) {
            let settings = serde_json::json!({"hooks": command_hook("PreToolUse", command)});
            args.push(format!("--settings={settings}").into());
        }
        Ok(resolved)
    }

    /// Each tool by its Claude Code name; with `agent`, what that agent is offered: a custom
    /// agent of the document, else a built-in one (a custom agent of its name replaces it),
    /// started in the background or the foreground.
    fn explain(&self, tools: &[String], agent: Option<&str>, _: Options) -> Result<Explanation, Error> {
        let agent = match agent {
            Some(name) => {
                Some(Subject::named(self, name).ok_or_else(|| Error::UnknownAgent { name: name.to_owned() })?)
            }
            None => None,
        };
        let catalog: Vec<String> = ClaudeTool::NAMES.iter().map(|name| (*name).to_owned()).collect();
        let deny_list = mcp_deny_list(&self.mcp);
        let mcp_rules = McpRules::of(Some(&deny_list), true);
        let mut explanation = Explanation::default();
        let mut permitted = Vec::new();
        for text in if tools.is_empty() { &catalog } else { tools } {
            if mcp::is_mcp_tool(text) {
                let main = mcp_decide(&mcp_rules, text);
                let main_permitted = mcp_rules.rule(text).is_none();
                let (line, permitted) = match &agent {
                    Some(agent) => agent.mcp_verdict(text, main_permitted, &main),
                    None => (main, main_permitted),
                };
                explanation.decided(text.as_str(), permitted, line);
                continue;
            }
            let tool: ClaudeTool = text.parse()?;
            let main = match &self.selection {
                Some(selection) => selection.decide(tool).to_string(),
                None => NO_SELECTION.to_owned(),
            };
            let (verdict, granted) = match &agent {
                Some(agent) => agent.verdict(self.selection.as_ref(), tool, &main),
                None => (main, self.selection.as_ref().is_none_or(|selection| selection.decide(tool).is_permitted())),
            };
            explanation.decided(tool.name(), granted, verdict);
            permitted.extend(granted.then(|| (tool.name(), tool.capabilities())));
        }
        if tools.is_empty() {
            explanation.grants(permitted);
        }
        Ok(explanation)
    }

    /// A `PreToolUse` payload: `tool_name`, and `agent_type` when `agent_id` says a
    /// sub-agent makes the call (the main agent's payload has no `agent_id`).
    fn hook_call(payload: &serde_json::Value) -> Result<HookCall, String> {
        let tool = string_at(payload, "tool_name")?;
        let agent = match optional_string_at(payload, "agent_id")? {
            Some(_) => Some(string_at(payload, "agent_type")?.to_owned()),
            None => None,
        };
        Ok(HookCall::by(tool, agent))
    }

    fn diff(&self, new: &ClaudeCodeDocument) -> PolicyDiff {
        // A tool of the main selection (`Read`) or of an agent (`agent reviewer: Read`).
        let tool_capabilities = |subject: &str| {
            let name = subject.rsplit(": ").next().unwrap_or(subject);
            name.parse::<ClaudeTool>().ok().map(ClaudeTool::capabilities)
        };
        let mut changes = diff_selections(self.selection.as_ref(), new.selection.as_ref());
        // MCP tools are taken away by deny rules (`mcp__*`, a server's, a tool's): a line each.
        let (was, now) = (mcp::deny_rules(&self.mcp), mcp::deny_rules(&new.mcp));
        let (was, now): (Vec<&str>, Vec<&str>) =
            (was.iter().map(String::as_str).collect(), now.iter().map(String::as_str).collect());
        let state =
            |listed: bool| (!listed, String::from(if listed { "removed by its deny rule" } else { "no deny rule" }));
        diff_entries(&mut changes, &was, &now, str::to_owned, state);
        changes
            .extend(diff_claude_agents((self.selection.as_ref(), &self.agents), (new.selection.as_ref(), &new.agents)));
        changes.with_capabilities(tool_capabilities)
    }

    fn rust_source(&self, private: &str) -> String {
        self.args().rust_source(private)
    }

    /// `observed` is a `--output-format stream-json --verbose` transcript, or its `init` line:
    /// what its `init` messages offer, and what its model called (each `tool_use`), whatever
    /// was offered.
    fn attest(&self, observed: &str, host: &Host, strict: bool) -> Result<Attestation, AttestError> {
        let transcript = read_claude_transcript(observed).map_err(AttestError::Observed)?;
        let mut attestation = attest_claude_code(self.selection.as_ref(), &transcript.offered, host, strict);
        let deny_list = mcp_deny_list(&self.mcp);
        let mcp_rules = McpRules::of(Some(&deny_list), true);
        refuse_mcp(&mcp_rules, &mut attestation);
        // Every call is judged once against one index of the host's servers: a sub-agent's
        // only when it names a delegation of this transcript the main agent was permitted
        // to make, against what some agent can reach; any other call is the main agent's.
        let judge = Judge::new(self.selection.as_ref(), host, strict);
        let reached = self.reached_by_agents();
        let delegations = self.delegations(&transcript.calls);
        for call in &transcript.calls {
            let in_subagent = call.parent.as_deref().is_some_and(|parent| delegations.contains(parent));
            let tool = ClaudeTool::lookup(&call.name).map(NameLookup::tool);
            if in_subagent && tool.is_ok_and(|tool| reached[tool as usize]) {
                continue;
            }
            let mut verdict = Attestation::default();
            judge.judge(&call.name, &mut verdict);
            refuse_mcp(&mcp_rules, &mut verdict);
            let called = verdict.violations.into_iter().map(|violation| Violation { called: true, ..violation });
            attestation.violations.extend(called);
        }
        Ok(attestation)
    }
}

impl ClaudeCodeDocument {
    /// Each built-in some agent the session can start is offered (a custom agent of the
    /// document, or a built-in one it does not replace), however started, by catalog index:
    /// a sub-agent's call of one is its agent's.
    fn reached_by_agents(&self) -> Vec<bool> {
        let mut reached = vec![false; ClaudeTool::ALL.len()];
        let main = self.selection.as_ref();
        let builtins = BUILTIN_AGENTS.iter().filter(|builtin| self.agents.get(builtin.name).is_none());
        for start in Start::BOTH {
            let custom = self.agents.agents.iter().flat_map(|agent| offered_when(agent, main, DEFAULT_OFFERED, start));
            for tool in custom.chain(builtins.clone().flat_map(|builtin| builtin.offered(main, start))) {
                reached[tool as usize] = true;
            }
        }
        reached
    }

    /// The ids of the calls that started a sub-agent: the main agent's calls of `Agent`
    /// that its selection permits.
    fn delegations<'a>(&self, calls: &'a [ClaudeCall]) -> Seen<'a> {
        let permitted = self.selection.as_ref().is_none_or(|s| s.decide(ClaudeTool::Agent).is_permitted());
        let delegating = |call: &&'a ClaudeCall| {
            permitted
                && call.parent.is_none()
                && ClaudeTool::lookup(&call.name).is_ok_and(|tool| tool.tool() == ClaudeTool::Agent)
        };
        Seen::of(calls.iter().filter(delegating).filter_map(|call| call.id.as_deref()))
    }

    /// The arguments the CLI receives for this document: its selection, its agents, and what
    /// becomes of MCP tools.
    pub fn args(&self) -> ClaudeCodeArgs {
        // The reader held the agents to the selection, and checked the MCP rules.
        ClaudeCodeArgs::new(self.selection.clone())
            .__with_checked_agents(self.agents.clone())
            .__with_checked_mcp(self.mcp.clone())
    }
}

/// The deny rules of `mcp` ([`mcp::deny_rules`]) as a list's rules, for [`McpRules::of`] to
/// index once and match each offered tool as the CLI does.
fn mcp_deny_list(mcp: &McpTools) -> Vec<AgentRule> {
    mcp::deny_rules(mcp).into_iter().map(AgentRule::Mcp).collect()
}

/// What the deny rules `rules` say of the offered MCP tool `offered`
/// (`mcp__<server>__<tool>`, as the CLI names it), and by which rule, for `explain` and
/// `attest`.
fn mcp_decide(rules: &McpRules<'_>, offered: &str) -> String {
    match rules.rule(offered) {
        Some(rule) => format!("removed by the deny rule `{rule}`"),
        None => String::from("offered: no deny rule names it"),
    }
}

/// An allowed MCP tool a deny rule of the document (`rules`) takes away is a violation.
fn refuse_mcp(rules: &McpRules<'_>, attestation: &mut Attestation) {
    let allowed = std::mem::take(&mut attestation.allowed);
    for name in allowed {
        if mcp::is_mcp_tool(&name) && rules.rule(&name).is_some() {
            let why = format!("the policy takes it away: {}", mcp_decide(rules, &name));
            attestation.violations.push(Violation::offered(name, why));
        } else {
            attestation.allowed.push(name);
        }
    }
}

/// The agent `explain --agent` answers for: a custom agent of the document, or a built-in
/// with the custom agent of its lists.
struct Subject<'a> {
    agent: Cow<'a, ClaudeAgent>,
    builtin: Option<&'static BuiltinAgent>,
}

impl Subject<'_> {
    /// The document's custom agent `name`, else the built-in of that name.
    fn named<'a>(document: &'a ClaudeCodeDocument, name: &str) -> Option<Subject<'a>> {
        match document.agents.get(name) {
            Some(agent) => Some(Subject { agent: Cow::Borrowed(agent), builtin: None }),
            None => BuiltinAgent::named(name)
                .map(|builtin| Subject { agent: Cow::Owned(builtin.as_custom()), builtin: Some(builtin) }),
        }
    }

    /// What the agent is offered when started so.
    fn offered(&self, main: Option<&ClaudeCodeSelection>, start: Start) -> Vec<ClaudeTool> {
        match self.builtin {
            Some(builtin) => builtin.offered(main, start),
            None => offered_when(&self.agent, main, DEFAULT_OFFERED, start),
        }
    }

    /// What the agent is offered of the MCP tool `name` (`mcp__<server>__<tool>`) the main
    /// agent is offered or not (`main`, `main_verdict`), by the agent's own MCP rules; and
    /// whether it is offered.
    fn mcp_verdict(&self, name: &str, main: bool, main_verdict: &str) -> (String, bool) {
        let agent = &self.agent;
        let offered = main && !mcp_offered_to(agent, &[name]).is_empty();
        let why = if !main {
            format!("the main agent is not: {main_verdict}")
        } else if agent.disallowed_tools.iter().flatten().any(|rule| rule.matches(name)) {
            String::from("a rule of its `disallowedTools` names it")
        } else if let Some(tools) = &agent.tools {
            let listed = tools.iter().any(|rule| rule.matches(name));
            String::from(if listed { "a rule of its `tools` names it" } else { "no rule of its `tools` names it" })
        } else {
            String::from("no `tools` of its own: it reaches every MCP tool of the session")
        };
        let shown = if offered { "offered" } else { "not offered" };
        (format!("{shown} to agent `{}` ({why})", Shown(&agent.name)), offered)
    }

    /// What the agent is offered of `tool`, and why; and whether it is offered at all.
    fn verdict(&self, main: Option<&ClaudeCodeSelection>, tool: ClaudeTool, main_verdict: &str) -> (String, bool) {
        let agent = &self.agent;
        let [background, foreground] = Start::BOTH.map(|start| self.offered(main, start).contains(&tool));
        let rule = AgentRule::Tool(tool);
        let why = if self.builtin.is_some_and(|builtin| builtin.main_set) {
            format!("it has exactly what the main agent has: {main_verdict}")
        } else if agent.disallowed_tools.iter().flatten().any(|r| *r == rule) {
            String::from("listed in its `disallowedTools`")
        } else if let Some(tools) = &agent.tools {
            String::from(if tools.contains(&rule) { "listed in its `tools`" } else { "not listed in its `tools`" })
        } else {
            format!("no `tools` of its own: as the main agent, {main_verdict}")
        };
        let offered = match (background, foreground) {
            (true, _) => "offered",
            (false, true) => "offered, when started in the foreground only,",
            (false, false) => "not offered",
        };
        let builtin = if self.builtin.is_some() { "the built-in agent; " } else { "" };
        (format!("{offered} to agent `{}` ({builtin}{why})", Shown(&agent.name)), background || foreground)
    }
}
