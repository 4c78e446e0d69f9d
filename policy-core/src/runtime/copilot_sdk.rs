//! Applying a resolved policy to the official Rust SDK, `github-copilot-sdk` (feature
//! `copilot-sdk`): its `SessionConfig`, `ResumeSessionConfig` and `ClientOptions`.
//!
//! ```
//! use github_copilot_sdk::{ClientOptions, ResumeSessionConfig, SessionConfig};
//! use policy_core::runtime::copilot_sdk::SdkClient;
//! use policy_core::json::load_entry;
//!
//! let policy = load_entry(r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty",
//!                             "available-tools": {"tools": ["mcp:*"]}}"#).unwrap().into_policy();
//! let options = match policy.client_options(ClientOptions::default()) {
//!     SdkClient::Ready(options) => options,
//!     // An empty-mode client cannot be configured without somewhere to keep its state.
//!     SdkClient::NeedsBaseDirectory(needs) => needs.base_directory("/var/lib/agent/sessions"),
//! };
//! let create = policy.apply_to_session(SessionConfig::default());
//! let resume = policy.apply_to_resume(ResumeSessionConfig::new("id".into()));
//! assert_eq!(create.available_tools, resume.available_tools);
//! assert_eq!(options.base_directory.unwrap(), std::path::Path::new("/var/lib/agent/sessions"));
//! ```

use std::path::PathBuf;

use github_copilot_sdk::{ClientMode as SdkMode, ClientOptions, ResumeSessionConfig, SessionConfig};

use github_copilot_sdk::session::Session;

use crate::model::{Attestation, ClientMode, Host, OfferedTool, ResolvedPolicy, ToolList};

/// Client options for a policy's mode, or what is still needed to build them.
#[derive(Debug)]
#[must_use = "an empty-mode client needs its base directory before it can start"]
pub enum SdkClient {
    /// Ready to start (`copilot-cli` mode, or empty mode with a base directory already set).
    Ready(ClientOptions),
    /// Empty mode without a base directory: give one with
    /// [`NeedsBaseDirectory::base_directory`].
    NeedsBaseDirectory(NeedsBaseDirectory),
}

/// Empty-mode client options that still lack a base directory.
#[derive(Debug)]
#[must_use = "an empty-mode client needs its base directory before it can start"]
pub struct NeedsBaseDirectory(ClientOptions);

impl NeedsBaseDirectory {
    /// The options, with this client's own base directory. Never share it with a client of
    /// another mode.
    pub fn base_directory(self, directory: impl Into<PathBuf>) -> ClientOptions {
        self.0.with_base_directory(directory)
    }
}

impl ClientMode {
    /// The SDK's client mode.
    pub fn to_sdk(self) -> SdkMode {
        match self {
            ClientMode::CopilotCli => SdkMode::CopilotCli,
            ClientMode::Empty => SdkMode::Empty,
        }
    }
}

fn strings(list: Option<&ToolList>) -> Option<Vec<String>> {
    list.map(ToolList::to_strings)
}

impl ResolvedPolicy {
    /// `options` with this policy's client mode. An empty-mode client must be given a base
    /// directory: the result says so in its type.
    pub fn client_options(&self, options: ClientOptions) -> SdkClient {
        let options = options.with_mode(self.client_mode().to_sdk());
        if self.client_mode() == ClientMode::Empty && options.base_directory.is_none() {
            SdkClient::NeedsBaseDirectory(NeedsBaseDirectory(options))
        } else {
            SdkClient::Ready(options)
        }
    }

    /// `config` with this policy's tool filter; an unset list is cleared, so a config that
    /// carried another policy's filter does not keep it. The SDK itself always sends
    /// `toolFilterPrecedence: "excluded"`.
    #[must_use = "the config is returned with the filter; the argument is consumed"]
    pub fn apply_to_session(&self, mut config: SessionConfig) -> SessionConfig {
        config.available_tools = strings(self.available_tools());
        config.excluded_tools = strings(self.excluded_tools());
        config
    }

    /// The same filter for `session.resume`: the runtime keeps no filter across a resume.
    #[must_use = "the config is returned with the filter; the argument is consumed"]
    pub fn apply_to_resume(&self, mut config: ResumeSessionConfig) -> ResumeSessionConfig {
        config.available_tools = strings(self.available_tools());
        config.excluded_tools = strings(self.excluded_tools());
        config
    }
}

/// Why a session could not be attested; each means the session must not go on.
#[derive(Debug)]
#[non_exhaustive]
pub enum AttestError {
    /// An SDK call failed.
    Sdk(github_copilot_sdk::Error),
    /// The session reported `tools: null`: its tools are not initialized.
    NotInitialized,
    /// The session offers tools the policy does not allow.
    Violations(Attestation),
}

impl std::fmt::Display for AttestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AttestError::Sdk(error) => write!(f, "cannot ask the session what it offers: {error}"),
            AttestError::NotInitialized => f.write_str("the session's tools are not initialized"),
            AttestError::Violations(attestation) => attestation.fmt(f),
        }
    }
}

impl std::error::Error for AttestError {}

impl ResolvedPolicy {
    /// Asks a session what it really offers and attests it against this policy:
    /// `session.tools.initializeAndValidate`, then `session.tools.getCurrentMetadata` (both
    /// experimental in the SDK). Call it right after create and after every resume; after
    /// `session.options.update` the runtime's answer is stale until the next turn, so attest
    /// after that turn. `Ok` only when every offered tool is allowed:
    ///
    /// ```no_run
    /// # async fn run(session: github_copilot_sdk::session::Session, policy: policy_core::ResolvedPolicy)
    /// # -> Result<(), Box<dyn std::error::Error>> {
    /// let host = policy_core::Host { custom_tools: vec!["lookup".into()], ..Default::default() };
    /// policy.attest_session(&session, &host, false).await?; // attest, or end the session
    /// # Ok(()) }
    /// ```
    pub async fn attest_session(
        &self,
        session: &Session,
        host: &Host,
        strict: bool,
    ) -> Result<Attestation, AttestError> {
        let tools = session.rpc().tools();
        tools.initialize_and_validate().await.map_err(AttestError::Sdk)?;
        let metadata = tools.get_current_metadata().await.map_err(AttestError::Sdk)?;
        let offered: Vec<OfferedTool> = metadata
            .tools
            .ok_or(AttestError::NotInitialized)?
            .into_iter()
            .map(|tool| OfferedTool { name: tool.name, mcp_server: tool.mcp_server_name })
            .collect();
        self.attest(&offered, host, strict).ok().map_err(AttestError::Violations)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::load_entry;

    fn policy(text: &str) -> ResolvedPolicy {
        load_entry(text).unwrap().into_policy()
    }

    #[test]
    fn session_and_resume_get_the_same_lists() {
        let policy = policy(
            r#"{"kind": "github-cli-builtin-tools", "available-tools": {"tools": ["view"]}, "excluded-tools": {"isolated": true}}"#,
        );
        let create = policy.apply_to_session(SessionConfig::default());
        let resume = policy.apply_to_resume(ResumeSessionConfig::new("s".into()));
        assert_eq!(
            create.available_tools.as_deref(),
            Some(&["builtin:view".to_owned(), "custom:*".into(), "mcp:*".into()][..])
        );
        assert_eq!(create.excluded_tools.as_ref().map(Vec::len), Some(10));
        assert_eq!(create.available_tools, resume.available_tools);
        assert_eq!(create.excluded_tools, resume.excluded_tools);
    }

    #[test]
    fn unset_lists_clear_stale_ones() {
        let stale =
            SessionConfig::default().with_available_tools(["builtin:view"]).with_excluded_tools(["builtin:bash"]);
        let config = ResolvedPolicy::DEFAULT.apply_to_session(stale);
        assert_eq!(config.available_tools, None);
        assert_eq!(config.excluded_tools, None);
    }

    #[test]
    fn empty_mode_needs_a_base_directory() {
        let locked = policy(
            r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty", "available-tools": {"tools": ["mcp:*"]}}"#,
        );
        let SdkClient::NeedsBaseDirectory(needs) = locked.client_options(ClientOptions::default()) else {
            panic!("empty mode without a directory must not be ready");
        };
        let options = needs.base_directory("/tmp/agent");
        assert_eq!(options.mode, SdkMode::Empty);
        let SdkClient::Ready(options) = locked.client_options(ClientOptions::default().with_base_directory("/tmp/b"))
        else {
            panic!("a directory already set is enough");
        };
        assert_eq!(options.mode, SdkMode::Empty);
        let SdkClient::Ready(options) = ResolvedPolicy::DEFAULT.client_options(ClientOptions::default()) else {
            panic!("copilot-cli mode needs nothing more");
        };
        assert_eq!(options.mode, SdkMode::CopilotCli);
    }

    #[test]
    fn the_isolated_set_is_the_sdks() {
        let sdk: Vec<&str> = github_copilot_sdk::BUILTIN_TOOLS_ISOLATED.to_vec();
        assert_eq!(sdk, crate::catalog::copilot::ISOLATED);
    }
}
