//! A second layer for hosts who want one (SPEC §8): a `preToolUse` hook that denies every call
//! the session's policy does not permit, from the same resolved policy as the filter.
//!
//! Measured live on CLI 1.0.102: the runtime already refuses a call of a tool its filter took
//! away (`Tool 'bash' does not exist`), at lookup, before the permission handler is asked;
//! the `preToolUse` hook sees every call first (a sub-agent's too, and names that exist
//! nowhere), and its denial reaches the model (`Denied by preToolUse hook: <reason>`). So the
//! gate adds nothing while the filter holds, and holds where a filter was lost (a resume
//! without it, a client of another mode, a runtime that offers what it should not).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use github_copilot_sdk::hooks::{HookContext, PreToolUseInput, PreToolUseOutput, SessionHooks};
use github_copilot_sdk::{ResumeSessionConfig, SessionConfig};

use crate::copilot::resolved::ResolvedPolicy;
use crate::review::attest::Host;

/// The `preToolUse` hook of a policy: denies, with the reason, every call the policy does not
/// permit; passes every other call on unchanged.
#[derive(Clone, Debug)]
pub struct PreToolUseGate {
    policy: ResolvedPolicy,
    host: Host,
}

impl ResolvedPolicy {
    /// The gate of this policy, for a host that registers `host.custom_tools` and passes
    /// `host.mcp_servers` (how a called name is classified: [`ResolvedPolicy::refuses_call`]).
    pub fn pre_tool_use_gate(&self, host: Host) -> PreToolUseGate {
        PreToolUseGate { policy: self.clone(), host }
    }
}

impl PreToolUseGate {
    /// The hook's answer to a call of `tool_name`: a denial with its reason, or `None`.
    pub fn check(&self, tool_name: &str) -> Option<PreToolUseOutput> {
        self.policy.refuses_call(tool_name, &self.host).map(|reason| PreToolUseOutput {
            permission_decision: Some(String::from("deny")),
            permission_decision_reason: Some(reason),
            ..PreToolUseOutput::default()
        })
    }

    /// The session's configuration with this gate as its hooks (a host with hooks of its own
    /// calls [`PreToolUseGate::check`] from its `on_pre_tool_use` instead).
    pub fn apply_to_session(&self, config: SessionConfig) -> SessionConfig {
        config.with_hooks(Arc::new(self.clone()))
    }

    /// The same for a resumed session.
    pub fn apply_to_resume(&self, config: ResumeSessionConfig) -> ResumeSessionConfig {
        config.with_hooks(Arc::new(self.clone()))
    }
}

impl SessionHooks for PreToolUseGate {
    // The trait is declared with `async_trait`; this is its expanded signature.
    fn on_pre_tool_use<'life0, 'async_trait>(
        &'life0 self,
        input: PreToolUseInput,
        _: HookContext,
    ) -> Pin<Box<dyn Future<Output = Option<PreToolUseOutput>> + Send + 'async_trait>>
    where
        'life0: 'async_trait,
        Self: 'async_trait,
    {
        let answer = self.check(&input.tool_name);
        Box::pin(async move { answer })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::load_entry;

    #[test]
    fn denies_what_the_policy_does_not_permit() {
        let policy =
            load_entry(r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["view", "mcp:*"]}}"#)
                .unwrap()
                .into_policy();
        let host = Host {
            custom_tools: vec![String::from("my_tool")],
            mcp_servers: Some(vec![String::from("echo")]),
            ..Host::default()
        };
        let gate = policy.pre_tool_use_gate(host);
        assert!(gate.check("view").is_none());
        assert!(gate.check("echo-echo").is_none(), "an MCP tool of a server the host passed");
        for name in ["bash", "Bash", "shell", "functions_bash", "my_tool", "other-echo"] {
            let denied = gate.check(name).unwrap_or_else(|| panic!("{name} passes"));
            assert_eq!(denied.permission_decision.as_deref(), Some("deny"));
            assert!(
                denied.permission_decision_reason.unwrap().contains("is not in this session's tool policy"),
                "{name}"
            );
        }
        assert!(ResolvedPolicy::DEFAULT.pre_tool_use_gate(Host::default()).check("bash").is_none());
    }
}
