//! A document read for the runtime it is given for: what the CLI works on. Each runtime's
//! folder answers for its own document ([`RuntimeDocument`]); its arm here comes from its row
//! of the one list of runtimes (`runtimes!` in the crate root).

use crate::error::{Error, Located, Warning};
use crate::reader::closed::Place;
use crate::reader::options::{LoadError, Options};
use crate::review::{
    AttestError, Attestation, Explanation, GateAnswer, Help, Host, HostOptions, Output, PolicyDiff, RuntimeDocument,
};
use crate::runtime::{Runtime, Spelling};

/// What a runtime's document type says of itself, with no document read.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct About {
    /// The runtime, as messages name it (`Claude Code`).
    pub name: &'static str,
    /// Its rows of the closed-world table (SPEC §6).
    pub places: &'static [&'static Place],
    /// The rows of `builtin_tools!` in its form: its keys, and one custom agent of its
    /// `agents` where the form takes agents.
    pub macro_places: (&'static Place, Option<&'static Place>),
    /// What the command's help says of it.
    pub help: Help,
    /// The host's options it reads.
    pub host_options: HostOptions,
    /// Why the host's declarations cannot be taken for it.
    pub refuse_host: fn(&Host) -> Option<String>,
}

impl About {
    fn of<D: RuntimeDocument>() -> About {
        About {
            name: D::RUNTIME,
            places: D::PLACES,
            macro_places: (D::MACRO, D::MACRO_AGENT),
            help: D::HELP,
            host_options: D::HOST_OPTIONS,
            refuse_host: D::refuse_host,
        }
    }
}

/// `Document`, an arm per runtime compiled in, dispatching to each runtime's document.
macro_rules! declare_document {
    ($($(#[$meta:meta])* $variant:ident = $module:ident {
        cli: $cli:literal, macro_name: $macro_name:literal, document: $document:ident, $($row:tt)*
    })*) => {
        /// A document read for one runtime: what `resolve`, `check`, `explain`, `diff` and
        /// `attest` work on.
        #[derive(Clone, Debug)]
        #[non_exhaustive]
        pub enum Document {
            $(
                $(#[$meta])*
                #[cfg(feature = $cli)]
                $variant(Box<crate::$module::$document>),
            )*
        }

        /// `$body` with `$document` bound to the runtime's own document, whichever it is.
        macro_rules! each {
            ($self:expr, $bound:ident => $body:expr) => {
                match $self {
                    $(
                        #[cfg(feature = $cli)]
                        Document::$variant($bound) => $body,
                    )*
                }
            };
        }

        impl Document {
            /// Reads `text` as a document for `runtime`.
            pub fn load(runtime: Runtime, text: &str, options: Options) -> Result<Document, LoadError> {
                match runtime {
                    $(
                        #[cfg(feature = $cli)]
                        Runtime::$variant => {
                            crate::$module::$document::read(text, options).map(|document| Document::$variant(Box::new(document)))
                        }
                    )*
                    #[allow(unreachable_patterns)] // every runtime compiled in
                    other => Err(other.refused(Spelling::Cli))?,
                }
            }

            /// What `runtime`'s document type says of itself; `None` when this build was
            /// compiled without it.
            pub fn about(runtime: Runtime) -> Option<About> {
                match runtime {
                    $(
                        #[cfg(feature = $cli)]
                        Runtime::$variant => Some(About::of::<crate::$module::$document>()),
                    )*
                    #[allow(unreachable_patterns)] // every runtime compiled in
                    _ => None,
                }
            }

            /// What changes from this document to `new`, read for the same runtime (`None`
            /// when they are not): the selection's or the session policy's tools, then what
            /// each agent gains or loses, custom and default agents included.
            pub fn diff(&self, new: &Document) -> Option<PolicyDiff> {
                Some(match (self, new) {
                    $(
                        #[cfg(feature = $cli)]
                        (Document::$variant(old), Document::$variant(new)) => old.diff(new),
                    )*
                    #[allow(unreachable_patterns)] // one runtime compiled in
                    _ => return None,
                })
            }
        }
    };
}

runtimes!(declare_document);

impl Document {
    /// What the runtime receives, as `tool-policy resolve` prints it.
    pub fn resolved(&self, output: &Output) -> Result<serde_json::Value, Error> {
        each!(self, document => document.resolved(output))
    }

    /// Whether each tool is offered (the pinned catalog when `tools` is empty), to the main
    /// agent or to `agent`, and what decided.
    pub fn explain(&self, tools: &[String], agent: Option<&str>, options: Options) -> Result<Explanation, Error> {
        each!(self, document => document.explain(tools, agent, options))
    }

    /// The gate's answer to one payload of the runtime's pre-call hook (SPEC §13): the
    /// decision [`Document::explain`] gives for the call it names, refused when the payload
    /// cannot be read.
    pub fn gate(&self, payload: &str) -> GateAnswer {
        each!(self, document => crate::review::gate::answer(&**document, payload))
    }

    /// The value `builtin_tools!` expands to, as Rust source built through `private`.
    #[doc(hidden)]
    pub fn rust_source(&self, private: &str) -> String {
        each!(self, document => document.rust_source(private))
    }

    /// The rows of the closed-world table for `builtin_tools!` in `runtime`'s form: its keys,
    /// and one custom agent of its `agents` where the form takes agents.
    #[doc(hidden)]
    pub fn macro_places(runtime: Runtime) -> Option<(&'static Place, Option<&'static Place>)> {
        Document::about(runtime).map(|about| about.macro_places)
    }

    /// `runtime`'s rows of the closed-world table (SPEC §6), with its name in messages;
    /// `None` when this build was compiled without it.
    pub(crate) fn places(runtime: Runtime) -> Option<(&'static str, &'static [&'static Place])> {
        Document::about(runtime).map(|about| (about.name, about.places))
    }

    /// What a running session reported, checked against this document.
    pub fn attest(&self, observed: &str, host: &Host, strict: bool) -> Result<Attestation, AttestError> {
        each!(self, document => document.attest(observed, host, strict))
    }

    /// Valid, but probably not meant.
    pub fn warnings(&self) -> &[Located<Warning>] {
        each!(self, document => RuntimeDocument::warnings(&**document).0)
    }

    /// How many warnings there were beyond those kept.
    pub fn omitted_warnings(&self) -> usize {
        each!(self, document => RuntimeDocument::warnings(&**document).1)
    }
}
