//! What a Copilot host sends: the filter fields of `session.create` and `session.resume`
//! (SPEC §1.5), and the key of a client pool.

use std::path::PathBuf;

#[cfg(feature = "serde")]
use serde::ser::SerializeStruct;

use crate::model::{ClientMode, Error, ResolvedPolicy};
#[cfg(feature = "serde")]
use crate::model::{TOOL_FILTER_PRECEDENCE, serialize_filter};

#[cfg(feature = "serde")]
impl ResolvedPolicy {
    /// The fields for `session.create`.
    pub fn session_create(&self) -> SessionToolFilter<'_> {
        SessionToolFilter { policy: self }
    }

    /// The fields for `session.resume`: the same as for create, since the runtime keeps no
    /// filter across a resume.
    pub fn session_resume(&self) -> SessionToolFilter<'_> {
        SessionToolFilter { policy: self }
    }
}

impl ResolvedPolicy {
    /// The key of the client this policy needs. An empty-mode client needs its own base
    /// directory or session file system; clients must never be shared across modes or
    /// storage.
    pub fn client_key(&self, storage: Option<ClientStorage>) -> Result<ClientKey, Error> {
        ClientKey::new(self.client_mode(), storage)
    }
}

/// The filter fields of `session.create` and `session.resume`: `availableTools` and
/// `excludedTools` when set, and always `toolFilterPrecedence: "excluded"`.
#[cfg(feature = "serde")]
#[derive(Clone, Copy, Debug)]
pub struct SessionToolFilter<'p> {
    policy: &'p ResolvedPolicy,
}

#[cfg(feature = "serde")]
impl SessionToolFilter<'_> {
    /// Writes the fields into a request's params object, removing stale filter fields a
    /// previous policy left there, so an unset list is really unset.
    pub fn apply_to(&self, params: &mut serde_json::Map<String, serde_json::Value>) {
        for (key, list) in
            [("availableTools", self.policy.available_tools()), ("excludedTools", self.policy.excluded_tools())]
        {
            match list {
                Some(list) => params.insert(key.to_owned(), list.to_strings().into()),
                None => params.remove(key),
            };
        }
        params.insert("toolFilterPrecedence".to_owned(), TOOL_FILTER_PRECEDENCE.into());
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for SessionToolFilter<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let p = self.policy;
        let len = 1 + usize::from(p.available_tools().is_some()) + usize::from(p.excluded_tools().is_some());
        let mut s = serializer.serialize_struct("SessionToolFilter", len)?;
        serialize_filter(&mut s, p)?;
        s.end()
    }
}

/// Where an empty-mode client keeps its state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClientStorage {
    /// `ClientOptions.base_directory`.
    BaseDirectory(PathBuf),
    /// A session file system, by the name the host registered it under.
    SessionFs(String),
}

/// The key of a client pool: clients are shared only between agents with equal keys.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClientKey {
    mode: ClientMode,
    storage: Option<ClientStorage>,
}

impl ClientKey {
    /// A key; an empty-mode client must say where it keeps its state.
    pub fn new(mode: ClientMode, storage: Option<ClientStorage>) -> Result<ClientKey, Error> {
        if mode == ClientMode::Empty && storage.is_none() {
            return Err(Error::EmptyModeNeedsStorage);
        }
        Ok(ClientKey { mode, storage })
    }

    /// The client mode.
    pub fn mode(&self) -> ClientMode {
        self.mode
    }

    /// The client's storage.
    pub fn storage(&self) -> Option<&ClientStorage> {
        self.storage.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{PolicyEntry, Selector, WireName};

    fn locked() -> ResolvedPolicy {
        let available = Selector::Tools(vec![WireName::from_static("mcp:*"), WireName::from_static("builtin:view")]);
        let excluded =
            Selector::Tools(vec![WireName::from_static("builtin:bash"), WireName::from_static("mcp:echo-ping")]);
        PolicyEntry::new(ClientMode::Empty, Some(available), Some(excluded)).unwrap().resolve()
    }

    #[test]
    fn session_fields_are_the_same_on_create_and_resume() {
        let locked = locked();
        let json = serde_json::to_string(&locked.session_create()).unwrap();
        assert_eq!(
            json,
            r#"{"availableTools":["mcp:*","builtin:view"],"excludedTools":["builtin:bash","mcp:echo-ping"],"toolFilterPrecedence":"excluded"}"#
        );
        assert_eq!(
            serde_json::to_value(locked.session_create()).unwrap(),
            serde_json::to_value(locked.session_resume()).unwrap()
        );
    }

    #[test]
    fn apply_to_removes_stale_fields() {
        let mut params = serde_json::Map::new();
        params.insert("availableTools".into(), serde_json::json!(["builtin:bash"]));
        params.insert("model".into(), serde_json::json!("m"));
        ResolvedPolicy::DEFAULT.session_resume().apply_to(&mut params);
        assert_eq!(
            serde_json::Value::Object(params),
            serde_json::json!({"model": "m", "toolFilterPrecedence": "excluded"})
        );
    }

    #[test]
    fn client_keys() {
        let locked = locked();
        assert_eq!(locked.client_key(None), Err(Error::EmptyModeNeedsStorage));
        let a = locked.client_key(Some(ClientStorage::BaseDirectory("/a".into()))).unwrap();
        let b = locked.client_key(Some(ClientStorage::BaseDirectory("/b".into()))).unwrap();
        let cli = ResolvedPolicy::DEFAULT.client_key(None).unwrap();
        assert_ne!(a, b);
        assert_ne!(a, cli);
        assert_eq!(cli.mode(), ClientMode::CopilotCli);
    }
}
