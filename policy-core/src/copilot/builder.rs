//! A typestate builder for Copilot policies (SPEC §4): illegal states do not compile.
//!
//! ```
//! use policy_core::{Policy, WireName};
//! let policy = Policy::builder()
//!     .client_mode_empty()
//!     .available_tools([WireName::from_static("mcp:*")])
//!     .excluded_isolated()
//!     .build();
//! assert_eq!(policy.available_tools().unwrap().to_strings(), ["mcp:*"]);
//! ```
//!
//! Setting a slot twice, and building in empty mode without a non-empty allow-list, are
//! compile errors whose text states the rule:
//!
//! ```compile_fail
//! use policy_core::copilot::Policy;
//! let policy = Policy::builder().client_mode_empty().available_tools([]).build();
//! ```

use std::marker::PhantomData;

use super::entry::{PolicyEntry, Selector};
use super::resolved::{ClientMode, ResolvedPolicy};
use crate::error::Errors;
use crate::names::wire::WireName;

/// What a builder builds, named for its entry point: `Policy::builder()`.
pub type Policy = ResolvedPolicy;

impl ResolvedPolicy {
    /// A builder for the default policy: `copilot-cli` mode, no filter.
    pub fn builder() -> PolicyBuilder {
        PolicyBuilder { client_mode: ClientMode::CopilotCli, available: None, excluded: None, state: PhantomData }
    }
}

/// Builds a [`ResolvedPolicy`]; its type parameters record what has been set.
#[must_use = "a policy builder does nothing until `.build()`"]
#[derive(Clone, Debug)]
pub struct PolicyBuilder<Mode = CopilotCliMode, Allow = NoAllowList, Deny = NoDenyList> {
    client_mode: ClientMode,
    available: Option<Selector>,
    excluded: Option<Selector>,
    state: PhantomData<State<Mode, Allow, Deny>>,
}

/// The type-level state of a builder (a `fn` pointer, so it is `Send + Sync` and covariant).
type State<M, A, X> = fn() -> (M, A, X);

mod sealed {
    pub trait Sealed {}
}

/// The client mode is `copilot-cli` (the default).
#[derive(Debug)]
pub enum CopilotCliMode {}
/// The client mode is `empty`.
#[derive(Debug)]
pub enum EmptyMode {}
/// No allow-list has been set.
#[derive(Debug)]
pub enum NoAllowList {}
/// The allow-list is an empty list.
#[derive(Debug)]
pub enum EmptyAllowList {}
/// The allow-list is a list of at least one name.
#[derive(Debug)]
pub enum NonEmptyAllowList {}
/// The allow-list is the isolated set.
#[derive(Debug)]
pub enum IsolatedAllowList {}
/// No deny-list has been set.
#[derive(Debug)]
pub enum NoDenyList {}
/// The deny-list has been set.
#[derive(Debug)]
pub enum DenyListSet {}

impl sealed::Sealed for CopilotCliMode {}
impl sealed::Sealed for EmptyMode {}
impl sealed::Sealed for NoAllowList {}
impl sealed::Sealed for EmptyAllowList {}
impl sealed::Sealed for NonEmptyAllowList {}
impl sealed::Sealed for IsolatedAllowList {}
impl sealed::Sealed for NoDenyList {}
impl sealed::Sealed for DenyListSet {}

/// The client mode has not been changed yet.
#[diagnostic::on_unimplemented(
    message = "the client mode is already set to `empty`",
    label = "`client_mode_empty()` was already called on this builder",
    note = "call `client_mode_empty()` once"
)]
pub trait ClientModeUnset: sealed::Sealed {}
impl ClientModeUnset for CopilotCliMode {}

/// The allow-list slot is still free.
#[diagnostic::on_unimplemented(
    message = "the allow-list is already set",
    label = "`available_tools` or `available_isolated` was already called on this builder",
    note = "each slot is set once: put every name in one `available_tools([...])` call"
)]
pub trait AllowListUnset: sealed::Sealed {}
impl AllowListUnset for NoAllowList {}

/// The deny-list slot is still free.
#[diagnostic::on_unimplemented(
    message = "the deny-list is already set",
    label = "`excluded_tools` or `excluded_isolated` was already called on this builder",
    note = "each slot is set once: put every name in one `excluded_tools([...])` call"
)]
pub trait DenyListUnset: sealed::Sealed {}
impl DenyListUnset for NoDenyList {}

/// An allow-list a builder in this client mode can build with.
#[diagnostic::on_unimplemented(
    message = "empty client mode needs a non-empty allow-list",
    label = "this builder is in empty mode with no allow-list, or an empty one",
    note = "an empty-mode client offers nothing by default: call `.available_tools([...])` with at least one name, such as `wire!(\"mcp:*\")`, or `.available_isolated()`"
)]
pub trait AllowListFor<Mode>: sealed::Sealed {}
impl<A: sealed::Sealed> AllowListFor<CopilotCliMode> for A {}
impl AllowListFor<EmptyMode> for NonEmptyAllowList {}
impl AllowListFor<EmptyMode> for IsolatedAllowList {}

/// An array of wire names, with its emptiness in its type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an array of up to 128 wire names",
    label = "expected an array such as `[wire!(\"bash\"), wire!(\"mcp:*\")]`",
    note = "for names known only at run time, or longer lists, use `PolicyEntry::new`"
)]
pub trait NameArray: sealed::Sealed + IntoIterator<Item = WireName> {
    /// [`EmptyAllowList`] or [`NonEmptyAllowList`].
    type Allow;
}

impl sealed::Sealed for [WireName; 0] {}
impl NameArray for [WireName; 0] {
    type Allow = EmptyAllowList;
}

macro_rules! non_empty_arrays {
    ($($n:literal)*) => {$(
        impl sealed::Sealed for [WireName; $n] {}
        impl NameArray for [WireName; $n] {
            type Allow = NonEmptyAllowList;
        }
    )*};
}

non_empty_arrays! {
    1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32
    33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64
    65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96
    97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120
    121 122 123 124 125 126 127 128
}

impl<M, A, X> PolicyBuilder<M, A, X> {
    fn into_state<M2, A2, X2>(self) -> PolicyBuilder<M2, A2, X2> {
        PolicyBuilder {
            client_mode: self.client_mode,
            available: self.available,
            excluded: self.excluded,
            state: PhantomData,
        }
    }

    /// Empty client mode: the session offers only what the allow-list names.
    pub fn client_mode_empty(mut self) -> PolicyBuilder<EmptyMode, A, X>
    where
        M: ClientModeUnset,
    {
        self.client_mode = ClientMode::Empty;
        self.into_state()
    }

    /// The allow-list: these names, in this order (`[]`: built-ins off, other sources kept).
    pub fn available_tools<L: NameArray>(mut self, names: L) -> PolicyBuilder<M, L::Allow, X>
    where
        A: AllowListUnset,
    {
        self.available = Some(Selector::Tools(names.into_iter().collect()));
        self.into_state()
    }

    /// The allow-list: the isolated set.
    pub fn available_isolated(mut self) -> PolicyBuilder<M, IsolatedAllowList, X>
    where
        A: AllowListUnset,
    {
        self.available = Some(Selector::Isolated);
        self.into_state()
    }

    /// The deny-list: these names (`[]`: nothing excluded).
    pub fn excluded_tools<L: NameArray>(mut self, names: L) -> PolicyBuilder<M, A, DenyListSet>
    where
        X: DenyListUnset,
    {
        self.excluded = Some(Selector::Tools(names.into_iter().collect()));
        self.into_state()
    }

    /// The deny-list: the isolated set.
    pub fn excluded_isolated(mut self) -> PolicyBuilder<M, A, DenyListSet>
    where
        X: DenyListUnset,
    {
        self.excluded = Some(Selector::Isolated);
        self.into_state()
    }

    /// Resolves the policy (SPEC §1.4). A name listed twice in one list (`bash` and
    /// `builtin:bash`) is kept once, at its first place, which changes nothing the session
    /// offers; [`PolicyBuilder::try_build`] refuses it instead, as the JSON loader does.
    pub fn build(self) -> ResolvedPolicy
    where
        A: AllowListFor<M>,
    {
        let dedup = |selector: Option<Selector>| match selector {
            Some(Selector::Tools(names)) => {
                let mut kept: Vec<WireName> = Vec::with_capacity(names.len());
                for name in names {
                    if !kept.iter().any(|k| k.tool_key() == name.tool_key()) {
                        kept.push(name);
                    }
                }
                Some(Selector::Tools(kept))
            }
            other => other,
        };
        PolicyEntry::trusted(self.client_mode, dedup(self.available), dedup(self.excluded)).resolve()
    }

    /// Resolves the policy, refusing duplicates with the JSON loader's errors.
    pub fn try_build(self) -> Result<ResolvedPolicy, Errors>
    where
        A: AllowListFor<M>,
    {
        PolicyEntry::new(self.client_mode, self.available, self.excluded).map(|entry| entry.resolve())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copilot::builtins as copilot;

    #[test]
    fn builds_what_resolution_gives() {
        let policy = Policy::builder().available_tools([copilot::VIEW, copilot::GREP]).build();
        assert_eq!(
            policy.available_tools().unwrap().to_strings(),
            ["builtin:view", "builtin:grep", "custom:*", "mcp:*"]
        );
        let policy = Policy::builder().excluded_isolated().available_tools([]).build();
        assert_eq!(policy.available_tools().unwrap().to_strings(), ["custom:*", "mcp:*"]);
        assert_eq!(policy.excluded_tools().unwrap().len(), 10);
        let policy = Policy::builder().client_mode_empty().available_isolated().build();
        assert_eq!(policy.client_mode(), ClientMode::Empty);
        assert_eq!(Policy::builder().build(), ResolvedPolicy::DEFAULT);
    }

    #[test]
    fn duplicates_collapse_in_build_and_fail_in_try_build() {
        let names = || [copilot::BASH, WireName::from_static("builtin:bash"), copilot::VIEW];
        let policy = Policy::builder().excluded_tools(names()).build();
        assert_eq!(policy.excluded_tools().unwrap().to_strings(), ["builtin:bash", "builtin:view"]);
        let errors = Policy::builder().excluded_tools(names()).try_build().unwrap_err();
        assert!(matches!(errors[0].1, crate::Error::DuplicateTool { .. }));
    }
}
