//! The JSON front door (SPEC §4): every runtime's documents, all through one reader with one
//! discipline.
//!
//! Every error of a document is reported at once, each at its RFC 6901 pointer; a key given
//! twice is an error at the second; documents are bounded by [`MAX_DOCUMENT_BYTES`] and
//! [`MAX_NESTING`]; an input that holds no policy where one is expected is an error. With
//! [`Options::strict`], every warning is an error at the same pointer.

mod document;

/// The closed-world table (SPEC §6): each object a reader enters, the keys it reads, the
/// keys a near miss must not pass as, the keys of other places it refuses, and what becomes
/// of any other key. Each runtime's rows are its `PLACES`.
pub mod closed_world {
    pub use crate::names::vocab::{GOVERNING, Governing};
    pub use crate::reader::closed::{Elsewhere, Others, Passes, Place, Verdict};

    /// Every place of every runtime compiled in, with the runtime's name.
    pub fn places() -> impl Iterator<Item = (&'static str, &'static Place)> {
        crate::Runtime::ALL
            .into_iter()
            .filter_map(super::Document::places)
            .flat_map(|(runtime, places)| places.iter().map(move |place| (runtime, *place)))
    }
}

/// Each runtime's document type and loaders, as its row of the one list of runtimes names them.
macro_rules! front_door {
    ($($(#[$meta:meta])* $variant:ident = $module:ident {
        cli: $cli:literal, macro_name: $macro_name:literal, document: $document:ident, json: [$($name:ident),*],
    })*) => {
        $(
            #[cfg(feature = $cli)]
            pub use crate::$module::{$($name),*};
        )*
    };
}

runtimes!(front_door);

pub use crate::reader::options::{LoadError, Options};
pub use crate::reader::tree::{MAX_DOCUMENT_BYTES, MAX_NESTING};
pub use document::{About, Document};
