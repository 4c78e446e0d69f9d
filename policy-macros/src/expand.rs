//! The expansion: core's Rust source of the value, built through the caller's `$crate`, and a
//! deprecation warning on the token of each legacy name it rewrote (a stable proc macro
//! cannot warn; a deprecated item used on the token's span is the compiler's own warning).

use policy_core::error::{Located, Warning};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use crate::translate::Written;

/// The path `__private` is bound to inside the expansion.
const PRIVATE: &str = "__tool_policy";

pub fn expand(
    krate: &TokenStream,
    written: &Written,
    source: &str,
    warnings: &[Located<Warning>],
) -> syn::Result<TokenStream> {
    let value: TokenStream = source.parse().map_err(|error| syn::Error::new(Span::call_site(), error))?;
    let private = format_ident!("{}", PRIVATE);
    let name = format!("legacy_{}_tool_name", written.runtime.spelled(policy_core::runtime::Spelling::Macro));
    let warnings = warnings.iter().filter(|w| matches!(w.item, Warning::LegacyAlias { .. })).map(|warning| {
        let span = written.span(&warning.pointer);
        let name = format_ident!("{}", name, span = span);
        let note = warning.item.to_string();
        quote_spanned! {span=> {
            #[deprecated(note = #note)]
            #[allow(non_upper_case_globals)]
            const #name: () = ();
            let () = #name;
        }}
    });
    Ok(quote!({
        use #krate::__private as #private;
        #(#warnings)*
        #value
    }))
}

/// Core's expansion source, for `__private` bound as in [`expand`].
pub fn private() -> &'static str {
    PRIVATE
}
