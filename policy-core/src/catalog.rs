//! The form of a runtime's catalog: the pinned data of what the real CLI was seen to offer
//! (names, aliases, removed names, default sets and the CLI version they came from), which
//! each runtime's folder keeps in its own `catalog` file, written with [`catalog!`].

/// A runtime's catalog as an enum: `catalog! { /// doc \n Name; Variant = "name", ... }`
/// gives the enum with `ALL`, `NAMES`, `name`, `variant` and `from_canonical`.
macro_rules! catalog {
    ($(#[$doc:meta])* $enum:ident; $($variant:ident = $name:literal,)*) => {
        $(#[$doc])*
        ///
        /// A newer CLI adds tools: the enum is `#[non_exhaustive]`, so a catalog update is not
        /// a breaking change for code that matches on it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        #[allow(missing_docs)]
        pub enum $enum {
            $($variant,)*
        }

        impl $enum {
            /// Every tool, in catalog order.
            pub const ALL: &'static [$enum] = &[$($enum::$variant,)*];

            /// Every name, in catalog order.
            pub const NAMES: &'static [&'static str] = &[$($name,)*];

            /// The name the CLI knows it by.
            pub const fn name(self) -> &'static str {
                match self {
                    $($enum::$variant => $name,)*
                }
            }

            /// The variant's identifier (`WebFetch`), for code that names the tool in Rust:
            /// the macro's expansion.
            #[doc(hidden)]
            pub const fn variant(self) -> &'static str {
                match self {
                    $($enum::$variant => stringify!($variant),)*
                }
            }

            /// The tool with exactly this name (case-sensitive).
            pub fn from_canonical(name: &str) -> Option<$enum> {
                match name {
                    $($name => Some($enum::$variant),)*
                    _ => None,
                }
            }
        }
    };
}
