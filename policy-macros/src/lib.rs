//! The proc macro behind `tool_policy::builtin_tools!`. Use it through the `tool-policy`
//! crate, whose `macro_rules!` wrapper hands it `$crate`.
//!
//! The macro is a front door that only translates: it parses the tokens (`parse`), writes
//! them as the document the JSON reader reads, each token kept at the pointer it wrote
//! (`translate`), has policy-core read that document (every rule, message, strict mode and
//! allowed lint is core's), maps each error back to its token, and expands to core's source
//! of the value (`expand`). No rule, message or word of vocabulary lives here.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Without Copilot (SPEC §12), the writer's parts for its form serve no runtime compiled in.
#![cfg_attr(not(feature = "copilot"), allow(dead_code, unused_imports))]

mod expand;
mod parse;
mod translate;

use policy_core::json::{Document, LoadError, Options};
use proc_macro::TokenStream;

/// `builtin_tools!($crate; key: value, ...)`: see `tool_policy::builtin_tools!`.
#[doc(hidden)]
#[proc_macro]
pub fn builtin_tools(input: TokenStream) -> TokenStream {
    let input = proc_macro2::TokenStream::from(input);
    parse::split_crate_path(input)
        .and_then(|(krate, body)| {
            let invocation = syn::parse2::<parse::Invocation>(body)?;
            builtin_tools_of(&krate, &invocation)
        })
        .unwrap_or_else(|errors| {
            // One `compile_error!` per error, in a block so the expansion stays one expression.
            let errors = errors.into_compile_error();
            quote::quote!({ #errors })
        })
        .into()
}

fn builtin_tools_of(
    krate: &proc_macro2::TokenStream,
    invocation: &parse::Invocation,
) -> syn::Result<proc_macro2::TokenStream> {
    let mut errors = translate::Errors::default();
    let Some(written) = translate::write(invocation, &mut errors) else {
        errors.check()?;
        return Err(syn::Error::new(proc_macro2::Span::call_site(), "unknown runtime"));
    };
    let mut options = if written.strict { Options::STRICT } else { Options::LENIENT };
    options.allowed = written.allowed;
    let read = Document::load(written.runtime, &written.text, options);
    let document = match read {
        Ok(document) => Some(document),
        Err(LoadError::Invalid(report)) => {
            for error in report.errors.iter().filter(|error| !written.refused(&error.pointer)) {
                errors.push(written.span(&error.pointer), written.in_its_words(&error.item));
            }
            if report.omitted_errors > 0 {
                errors.push(proc_macro2::Span::call_site(), format!("{} more errors not shown", report.omitted_errors));
            }
            None
        }
        Err(error) => {
            errors.push(proc_macro2::Span::call_site(), error);
            None
        }
    };
    errors.check()?;
    let document = document.ok_or_else(|| syn::Error::new(proc_macro2::Span::call_site(), "refused"))?;
    expand::expand(krate, &written, &document.rust_source(expand::private()), document.warnings())
}

/// `wire!($crate; "name")`: see `tool_policy::wire!`. Checked here, where the message can
/// name the literal and give core's did-you-mean; the value is core's `const` constructor.
#[doc(hidden)]
#[proc_macro]
pub fn wire(input: TokenStream) -> TokenStream {
    let input = proc_macro2::TokenStream::from(input);
    parse::split_crate_path(input)
        .and_then(|(krate, body)| {
            let literal: syn::LitStr = syn::parse2(body)?;
            match policy_core::WireName::parse(&literal.value()) {
                Ok(_) => Ok(quote::quote!(const { #krate::WireName::from_static(#literal) })),
                Err(error) => Err(syn::Error::new(literal.span(), error)),
            }
        })
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
