//! What a Copilot host sends: the filter fields of `session.create` and `session.resume`
//! (SPEC §1.5), and the key of a client pool.

use std::path::PathBuf;

use serde::ser::SerializeStruct;

use super::resolved::{ClientMode, ResolvedPolicy, serialize_filter};
use crate::error::Error;
use crate::names::vocab::TOOL_FILTER_PRECEDENCE;

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
#[derive(Clone, Copy, Debug)]
pub struct SessionToolFilter<'p> {
    policy: &'p ResolvedPolicy,
}

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

/// Started clients by [`ClientKey`], so a client is shared only by agents with the same mode
/// and storage: an empty-mode agent never lands on a `copilot-cli` client (which would offer
/// it the user's tools), nor on a client keeping another agent's state. `C` is the host's
/// client type (the SDK's `Client` is a cheap clone of a shared connection).
///
/// ```
/// # use policy_core::copilot::{ClientPool, ClientStorage};
/// # use policy_core::ResolvedPolicy;
/// # async fn run() -> Result<(), String> {
/// let pool: ClientPool<String> = ClientPool::new();
/// let key = ResolvedPolicy::DEFAULT.client_key(None).map_err(|e| e.to_string())?;
/// let client = pool.get_or_start(&key, |key| async move { Ok::<_, String>(format!("{key:?}")) }).await?;
/// assert_eq!(pool.get(&key), Some(client));
/// # Ok(()) }
/// ```
#[derive(Debug)]
pub struct ClientPool<C> {
    clients: std::sync::Mutex<std::collections::HashMap<ClientKey, C>>,
}

impl<C> Default for ClientPool<C> {
    fn default() -> Self {
        ClientPool { clients: std::sync::Mutex::default() }
    }
}

impl<C: Clone> ClientPool<C> {
    /// An empty pool.
    pub fn new() -> ClientPool<C> {
        ClientPool::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<ClientKey, C>> {
        self.clients.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The client started for `key`, if there is one.
    pub fn get(&self, key: &ClientKey) -> Option<C> {
        self.lock().get(key).cloned()
    }

    /// The client for `key`, started with `start` when there is none. The lock is not held
    /// while `start` runs; when two callers start a client for the same key at once, the
    /// first one stored is kept and returned to both (the other is dropped).
    pub async fn get_or_start<F, Fut, E>(&self, key: &ClientKey, start: F) -> Result<C, E>
    where
        F: FnOnce(ClientKey) -> Fut,
        Fut: Future<Output = Result<C, E>>,
    {
        if let Some(client) = self.get(key) {
            return Ok(client);
        }
        let started = start(key.clone()).await?;
        Ok(self.lock().entry(key.clone()).or_insert(started).clone())
    }

    /// Takes the client for `key` out of the pool (to stop it).
    pub fn remove(&self, key: &ClientKey) -> Option<C> {
        self.lock().remove(key)
    }

    /// Takes every client out of the pool (to stop them).
    pub fn drain(&self) -> Vec<(ClientKey, C)> {
        self.lock().drain().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PolicyEntry, Selector, WireName};

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

    #[test]
    fn a_pool_never_shares_a_client_across_keys() {
        use std::task::{Context, Poll, Waker};
        fn now<F: Future>(future: F) -> F::Output {
            match std::pin::pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
                Poll::Ready(output) => output,
                Poll::Pending => panic!("ready futures only"),
            }
        }
        let pool: ClientPool<String> = ClientPool::new();
        let cli = ResolvedPolicy::DEFAULT.client_key(None).unwrap();
        let a = locked().client_key(Some(ClientStorage::BaseDirectory("/a".into()))).unwrap();
        let b = locked().client_key(Some(ClientStorage::SessionFs("b".into()))).unwrap();
        let start = |name: &'static str| move |_: ClientKey| std::future::ready(Ok::<_, ()>(name.to_owned()));
        assert_eq!(now(pool.get_or_start(&cli, start("cli"))), Ok("cli".into()));
        assert_eq!(now(pool.get_or_start(&a, start("a"))), Ok("a".into()));
        assert_eq!(now(pool.get_or_start(&b, start("b"))), Ok("b".into()));
        let again = |_: ClientKey| -> std::future::Ready<Result<String, ()>> { panic!("a second client for one key") };
        assert_eq!(now(pool.get_or_start(&a, again)), Ok("a".into()), "a started client is reused, not restarted");
        let failed = now(pool
            .get_or_start(&locked().client_key(Some(ClientStorage::SessionFs("c".into()))).unwrap(), |_| {
                std::future::ready(Err::<String, _>("cannot start"))
            }));
        assert_eq!(failed, Err("cannot start"));
        assert_eq!(pool.remove(&cli), Some("cli".into()));
        assert_eq!(pool.get(&cli), None);
        assert_eq!(pool.drain().len(), 2);
    }
}
