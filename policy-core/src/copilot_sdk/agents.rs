//! A definition's checked agents as the SDK's `custom_agents` and `default_agent`.

use std::fmt;

use github_copilot_sdk::{
    CustomAgentConfig as SdkCustomAgent, DefaultAgentConfig as SdkDefaultAgent, ResumeSessionConfig, SessionConfig,
};
use serde_json::Value;

use crate::copilot::agents::{AgentToolName, CustomAgent, DefaultAgent};
use crate::json::CopilotDocument;
use crate::names::vocab::CUSTOM_AGENTS_KEY;
use crate::text::Shown;

impl CustomAgent {
    /// The SDK's custom agent with this agent's name and checked list, which keeps its three
    /// meanings: `None` (every tool), `Some([])` (none), or exactly these names.
    pub fn to_sdk(&self, prompt: impl Into<String>) -> SdkCustomAgent {
        let mut agent = SdkCustomAgent::new(self.name(), prompt);
        agent.tools = self.tools().map(<[String]>::to_vec);
        agent
    }
}

impl DefaultAgent {
    /// The SDK's `default_agent`: these tools hidden from the main agent.
    pub fn to_sdk(&self) -> SdkDefaultAgent {
        let names = self.excluded_tools().iter().map(AgentToolName::as_str).map(str::to_owned);
        SdkDefaultAgent { excluded_tools: Some(names.collect()) }
    }
}

/// Why a definition's custom agent cannot become the SDK's: a field the SDK needs (such as
/// `prompt`) is missing or of the wrong type. The tool lists were checked when the
/// definition was read; this is about the agent's other fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentError {
    /// Where, as a JSON pointer (`/customAgents/0`).
    pub pointer: String,
    /// Why, as the SDK's reader said it.
    pub message: String,
}

impl fmt::Display for AgentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pointer, Shown(&self.message))
    }
}

impl std::error::Error for AgentError {}

impl CopilotDocument {
    /// The definition's `customAgents` as the SDK's structs, or `None` when it has none.
    /// Every field the SDK knows (`prompt`, `description`, `mcpServers`, …) is read from the
    /// document; `tools` is the list the reader checked.
    pub fn sdk_custom_agents(&self) -> Result<Option<Vec<SdkCustomAgent>>, AgentError> {
        let Some(checked) = self.custom_agents() else { return Ok(None) };
        // The agents checked are the agents sent: the same text, read again for the SDK's
        // other fields. Were it ever to read differently, the definition is refused, never
        // sent without its agents.
        let written = match self.document()[CUSTOM_AGENTS_KEY].take() {
            Value::Array(written) if written.len() == checked.len() => written,
            _ => {
                return Err(AgentError {
                    pointer: format!("/{CUSTOM_AGENTS_KEY}"),
                    message: String::from("the custom agents could not be read again for the SDK"),
                });
            }
        };
        let agents = written.into_iter().zip(checked).enumerate().map(|(a, (value, agent))| {
            let mut sdk: SdkCustomAgent = serde_json::from_value(value)
                .map_err(|e| AgentError { pointer: format!("/{CUSTOM_AGENTS_KEY}/{a}"), message: e.to_string() })?;
            sdk.tools = agent.tools().map(<[String]>::to_vec);
            Ok(sdk)
        });
        agents.collect::<Result<_, _>>().map(Some)
    }

    /// The definition's `defaultAgent` as the SDK's, or `None` when it has none.
    pub fn sdk_default_agent(&self) -> Option<SdkDefaultAgent> {
        self.default_agent().map(DefaultAgent::to_sdk)
    }

    /// `config` with everything this definition says about tools: the policy's filter
    /// ([`ResolvedPolicy::apply_to_session`](crate::ResolvedPolicy::apply_to_session)),
    /// and its custom agents and default agent, which replace any the config carried (a
    /// definition without them clears them, so no agent of another definition stays).
    pub fn apply_to_session(&self, config: SessionConfig) -> Result<SessionConfig, AgentError> {
        let mut config = self.policy().apply_to_session(config);
        config.custom_agents = self.sdk_custom_agents()?;
        config.default_agent = self.sdk_default_agent();
        Ok(config)
    }

    /// The same for `session.resume`: the runtime keeps neither the filter nor the agents
    /// across a resume.
    pub fn apply_to_resume(&self, config: ResumeSessionConfig) -> Result<ResumeSessionConfig, AgentError> {
        let mut config = self.policy().apply_to_resume(config);
        config.custom_agents = self.sdk_custom_agents()?;
        config.default_agent = self.sdk_default_agent();
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::load;

    const DEFINITION: &str = r#"{
        "tools": [{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["builtin:bash"]}}],
        "customAgents": [
            {"name": "all", "prompt": "p1", "tools": null, "description": "every tool"},
            {"name": "none", "prompt": "p2", "tools": []},
            {"name": "some", "prompt": "p3", "tools": ["view", "my_tool", "echo/*"], "infer": false},
            {"name": "absent", "prompt": "p4"}
        ],
        "defaultAgent": {"excludedTools": ["my_tool"]}
    }"#;

    #[test]
    fn a_definitions_agents_become_the_sdks_with_the_same_lists() {
        let document = load(DEFINITION).unwrap();
        let agents = document.sdk_custom_agents().unwrap().unwrap();
        let lists: Vec<Option<Vec<String>>> = agents.iter().map(|a| a.tools.clone()).collect();
        let checked: Vec<Option<Vec<String>>> =
            document.custom_agents().unwrap().iter().map(|a| a.tools().map(<[String]>::to_vec)).collect();
        assert_eq!(lists, checked);
        assert_eq!(lists[0], None, "null stays every tool");
        assert_eq!(lists[1], Some(vec![]), "[] stays none");
        assert_eq!(lists[2].as_deref(), Some(&["view".to_owned(), "my_tool".into(), "echo/*".into()][..]));
        assert_eq!(lists[3], None, "no tools key is every tool, as the runtime reads it");
        assert_eq!(agents[0].description.as_deref(), Some("every tool"));
        assert_eq!(agents[2].prompt, "p3");
        assert_eq!(agents[2].infer, Some(false));
        let wire = serde_json::to_value(&agents).unwrap();
        assert_eq!(wire[1]["tools"], serde_json::json!([]));
        assert!(wire[0].get("tools").is_none(), "every tool is the field left out");

        let config = document.apply_to_session(SessionConfig::default()).unwrap();
        assert_eq!(config.custom_agents.as_ref().map(Vec::len), Some(4));
        assert_eq!(config.default_agent.unwrap().excluded_tools.unwrap(), ["my_tool"]);
        assert_eq!(config.excluded_tools.unwrap(), ["builtin:bash"]);
        let resume = document.apply_to_resume(ResumeSessionConfig::new("s".into())).unwrap();
        assert_eq!(resume.custom_agents.as_ref().map(Vec::len), Some(4));
        assert_eq!(resume.default_agent.unwrap().excluded_tools.unwrap(), ["my_tool"]);
    }

    #[test]
    fn a_definition_without_agents_clears_stale_ones() {
        let document = load(r#"{"tools": []}"#).unwrap();
        let stale = SessionConfig::default()
            .with_custom_agents([SdkCustomAgent::new("old", "p")])
            .with_default_agent(SdkDefaultAgent { excluded_tools: Some(vec!["x".into()]) });
        let config = document.apply_to_session(stale).unwrap();
        assert!(config.custom_agents.is_none() && config.default_agent.is_none());
    }

    #[test]
    fn an_agent_the_sdk_cannot_read_is_an_error_at_its_pointer() {
        let document =
            load(r#"{"tools": [], "customAgents": [{"name": "a", "prompt": "p"}, {"name": "b\u001b[2J"}]}"#).unwrap();
        let error = document.sdk_custom_agents().unwrap_err();
        assert_eq!(error.pointer, "/customAgents/1");
        assert!(error.message.contains("prompt"), "{error}");
        assert!(document.apply_to_session(SessionConfig::default()).is_err());
    }

    #[test]
    fn code_built_agents_keep_their_lists() {
        let agent = CustomAgent::try_new("r", Some(vec!["view".into()])).unwrap().to_sdk("review");
        assert_eq!((agent.name.as_str(), agent.prompt.as_str()), ("r", "review"));
        assert_eq!(agent.tools.unwrap(), ["view"]);
        assert_eq!(CustomAgent::new("n", Some(vec![])).to_sdk("p").tools, Some(vec![]));
        assert_eq!(CustomAgent::new("a", None).to_sdk("p").tools, None);
        let default = DefaultAgent::try_excluding(&["my_tool".into()]).unwrap().to_sdk();
        assert_eq!(default.excluded_tools.unwrap(), ["my_tool"]);
    }
}
