//! The proc macro behind `tool_policy::builtin_tools!`. Use it through the `tool-policy`
//! crate, whose `macro_rules!` wrapper hands it `$crate`.
//!
//! The macro parses the tokens (`parse`), checks them with policy-core's own validation and
//! resolution (`check`), and emits `const` items of the resolved value (`expand`). No rule,
//! message or word of vocabulary lives here: they come from `policy_core`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod check;
mod expand;
mod parse;

use proc_macro::TokenStream;

/// `builtin_tools!($crate; key: value, ...)`: see `tool_policy::builtin_tools!`.
#[doc(hidden)]
#[proc_macro]
pub fn builtin_tools(input: TokenStream) -> TokenStream {
    let input = proc_macro2::TokenStream::from(input);
    parse::split_crate_path(input)
        .and_then(|(krate, body)| {
            let invocation = syn::parse2::<parse::Invocation>(body)?;
            let checked = check::check(&invocation)?;
            Ok(expand::expand(&krate, &checked))
        })
        .unwrap_or_else(|errors| {
            // One `compile_error!` per error, in a block so the expansion stays one expression.
            let errors = errors.into_compile_error();
            quote::quote!({ #errors })
        })
        .into()
}
