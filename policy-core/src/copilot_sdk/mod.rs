//! Applying a resolved policy to the official Rust SDK, `github-copilot-sdk` (feature
//! `copilot-sdk`): its `SessionConfig`, `ResumeSessionConfig` and `ClientOptions`.
//!
//! ```
//! use github_copilot_sdk::{ClientOptions, ResumeSessionConfig, SessionConfig};
//! use policy_core::copilot_sdk::SdkClient;
//! use policy_core::json::load_entry;
//!
//! let policy = load_entry(r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty",
//!                             "available-tools": {"tools": ["mcp:*"]}}"#).unwrap().into_policy();
//! let options = match policy.client_options(ClientOptions::default()) {
//!     SdkClient::Ready(options) => options,
//!     // An empty-mode client cannot be configured without somewhere to keep its state:
//!     // a base directory, or a session file system (`needs.session_fs(config)`).
//!     SdkClient::NeedsStorage(needs) => needs.base_directory("/var/lib/agent/sessions"),
//! };
//! let create = policy.apply_to_session(SessionConfig::default());
//! let resume = policy.apply_to_resume(ResumeSessionConfig::new("id".into()));
//! assert_eq!(create.available_tools, resume.available_tools);
//! assert_eq!(options.base_directory.unwrap(), std::path::Path::new("/var/lib/agent/sessions"));
//! ```

use std::path::PathBuf;

mod agents;
mod gate;
mod router;

pub use agents::AgentError;
pub use gate::PreToolUseGate;
pub use router::GatedToolHandler;

use github_copilot_sdk::rpc::{OptionsUpdateToolFilterPrecedence, SessionUpdateOptionsParams};
use github_copilot_sdk::{ClientMode as SdkMode, ClientOptions, ResumeSessionConfig, SessionConfig, SessionFsConfig};

use github_copilot_sdk::session::Session;

use crate::copilot::resolved::{ClientMode, ResolvedPolicy, ToolList};
use crate::copilot::session::{ClientKey, ClientStorage};
use crate::error::Error;
use crate::review::attest::{Attestation, Host, OfferedTool};

/// Client options for a policy's mode, or what is still needed to build them.
#[derive(Debug)]
#[must_use = "an empty-mode client needs a base directory or a session file system before it can start"]
pub enum SdkClient {
    /// Ready to start (`copilot-cli` mode, or empty mode with a base directory or a session
    /// file system already set).
    Ready(ClientOptions),
    /// Empty mode with neither: give one with [`NeedsStorage::base_directory`] or
    /// [`NeedsStorage::session_fs`], as the SDK requires.
    NeedsStorage(NeedsStorage),
}

/// Empty-mode client options that still lack somewhere to keep their state.
#[derive(Debug)]
#[must_use = "an empty-mode client needs a base directory or a session file system before it can start"]
pub struct NeedsStorage(ClientOptions);

impl NeedsStorage {
    /// The options, with this client's own base directory. Never share it with a client of
    /// another mode.
    pub fn base_directory(self, directory: impl Into<PathBuf>) -> ClientOptions {
        self.0.with_base_directory(directory)
    }

    /// The options, with a session file system the host serves. Never share it with a client
    /// of another mode.
    pub fn session_fs(self, config: SessionFsConfig) -> ClientOptions {
        self.0.with_session_fs(config)
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

/// The [`ClientPool`](crate::copilot::ClientPool) key of client options: their mode
/// and where they keep state (a base directory, or a session file system by its state path).
/// Empty-mode options without either are refused, as the SDK refuses them.
pub fn client_key(options: &ClientOptions) -> Result<ClientKey, Error> {
    let mode = match options.mode {
        SdkMode::Empty => ClientMode::Empty,
        SdkMode::CopilotCli => ClientMode::CopilotCli,
    };
    let storage = match (&options.base_directory, &options.session_fs) {
        (Some(directory), _) => Some(ClientStorage::BaseDirectory(directory.clone())),
        (None, Some(fs)) => Some(ClientStorage::SessionFs(fs.session_state_path.clone())),
        (None, None) => None,
    };
    ClientKey::new(mode, storage)
}

fn strings(list: Option<&ToolList>) -> Option<Vec<String>> {
    list.map(ToolList::to_strings)
}

impl ResolvedPolicy {
    /// `options` with this policy's client mode. An empty-mode client must be given a base
    /// directory or a session file system (the SDK accepts either): the result says so in
    /// its type.
    pub fn client_options(&self, options: ClientOptions) -> SdkClient {
        let options = options.with_mode(self.client_mode().to_sdk());
        let stored = options.base_directory.is_some() || options.session_fs.is_some();
        if self.client_mode() == ClientMode::Empty && !stored {
            SdkClient::NeedsStorage(NeedsStorage(options))
        } else {
            SdkClient::Ready(options)
        }
    }

    /// The filter as a typed `session.options.update` (`session.rpc().options().update(..)`),
    /// to change a live session's policy: always both lists and precedence `excluded`, so no
    /// list of the previous policy stays. An unset allow-list is sent as the list that offers
    /// every source (`builtin:*`, `custom:*`, `mcp:*`), an unset deny-list as `[]`: an update
    /// cannot unset a field, and these mean the same. The runtime's own answer stays stale
    /// until the next turn: attest after it.
    #[must_use]
    pub fn options_update(&self) -> SessionUpdateOptionsParams {
        let every_source = || ["builtin:*", "custom:*", "mcp:*"].map(String::from).to_vec();
        SessionUpdateOptionsParams {
            available_tools: Some(strings(self.available_tools()).unwrap_or_else(every_source)),
            excluded_tools: Some(strings(self.excluded_tools()).unwrap_or_default()),
            tool_filter_precedence: Some(OptionsUpdateToolFilterPrecedence::Excluded),
            ..SessionUpdateOptionsParams::default()
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
    fn an_options_update_sends_both_lists_and_precedence_excluded() {
        let locked = policy(
            r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty", "available-tools": {"tools": ["mcp:*"]}}"#,
        );
        let update = locked.options_update();
        assert_eq!(update.available_tools.as_deref(), Some(&["mcp:*".to_owned()][..]));
        assert_eq!(update.excluded_tools.as_deref(), Some(&[][..]), "a previous deny-list is cleared");
        assert!(matches!(update.tool_filter_precedence, Some(OptionsUpdateToolFilterPrecedence::Excluded)));
        let open = ResolvedPolicy::DEFAULT.options_update();
        assert_eq!(
            open.available_tools.unwrap(),
            ["builtin:*", "custom:*", "mcp:*"],
            "a previous allow-list is lifted"
        );
        let wire = serde_json::to_value(locked.options_update()).unwrap();
        assert_eq!(wire["toolFilterPrecedence"], "excluded");
    }

    #[test]
    fn empty_mode_needs_a_base_directory() {
        let locked = policy(
            r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty", "available-tools": {"tools": ["mcp:*"]}}"#,
        );
        let SdkClient::NeedsStorage(needs) = locked.client_options(ClientOptions::default()) else {
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
        // A session file system is the SDK's other way to give an empty-mode client storage.
        let fs = || SessionFsConfig::new("/work", "/state", github_copilot_sdk::SessionFsConventions::Posix);
        let with_fs = ClientOptions::default().with_session_fs(fs());
        let SdkClient::Ready(options) = locked.client_options(with_fs) else {
            panic!("a session file system is enough");
        };
        assert!(options.session_fs.is_some() && options.base_directory.is_none());
        let SdkClient::NeedsStorage(needs) = locked.client_options(ClientOptions::default()) else { panic!() };
        assert!(needs.session_fs(fs()).session_fs.is_some());
    }

    #[test]
    fn client_keys_follow_mode_and_storage() {
        let locked = policy(
            r#"{"kind": "github-cli-builtin-tools", "client-mode": "empty", "available-tools": {"tools": ["mcp:*"]}}"#,
        );
        let SdkClient::NeedsStorage(needs) = locked.client_options(ClientOptions::default()) else { panic!() };
        let a = client_key(&needs.base_directory("/a")).unwrap();
        let SdkClient::NeedsStorage(needs) = locked.client_options(ClientOptions::default()) else { panic!() };
        let fs = client_key(&needs.session_fs(SessionFsConfig::new(
            "/work",
            "/state",
            github_copilot_sdk::SessionFsConventions::Posix,
        )))
        .unwrap();
        let SdkClient::Ready(cli) = ResolvedPolicy::DEFAULT.client_options(ClientOptions::default()) else { panic!() };
        let cli = client_key(&cli).unwrap();
        assert_eq!(a.storage(), Some(&ClientStorage::BaseDirectory("/a".into())));
        assert_eq!(fs.storage(), Some(&ClientStorage::SessionFs("/state".into())));
        assert_eq!((cli.mode(), cli.storage()), (ClientMode::CopilotCli, None));
        let bare = ClientOptions::default().with_mode(SdkMode::Empty);
        assert_eq!(client_key(&bare), Err(Error::EmptyModeNeedsStorage));
    }

    #[test]
    fn the_isolated_set_is_the_sdks() {
        let sdk: Vec<&str> = github_copilot_sdk::BUILTIN_TOOLS_ISOLATED.to_vec();
        assert_eq!(sdk, crate::copilot::catalog::ISOLATED);
    }
}
