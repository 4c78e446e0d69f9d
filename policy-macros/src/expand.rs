//! Emits the checked value as `const` items: no run-time work, no allocation, usable in
//! `const` and `static` items. Every path goes through the caller's `$crate`.

use policy_core::catalog::claude_code::ClaudeTool;
use policy_core::{ClaudeCodeSelection, ClientMode, ResolvedPolicy, SelectionShape, ToolList, WireName};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use crate::check::Checked;

pub fn expand(krate: &TokenStream, checked: &Checked) -> TokenStream {
    // The caller's `$crate::__private`, bound once: every path below is two tokens shorter
    // per segment, and the expansion is what each invocation costs the compiler.
    let private = format_ident!("__tool_policy", span = Span::mixed_site());
    let value = expand_value(&quote!(#private), checked);
    quote!({
        use #krate::__private as #private;
        #value
    })
}

fn expand_value(private: &TokenStream, checked: &Checked) -> TokenStream {
    match checked {
        Checked::Copilot(policy) => copilot(private, policy),
        Checked::ClaudeCode { selection, warnings } => {
            let value = claude_code(private, selection);
            // A stable proc macro cannot warn; a deprecated item used on the token's span is
            // the compiler's own warning, under the name `legacy_claude_code_tool_name`.
            let warnings = warnings.iter().map(|(span, warning)| {
                let name = format_ident!("legacy_claude_code_tool_name", span = *span);
                let note = warning.to_string();
                quote_spanned! {*span=> {
                    #[deprecated(note = #note)]
                    #[allow(non_upper_case_globals)]
                    const #name: () = ();
                    let () = #name;
                }}
            });
            quote!({ #(#warnings)* #value })
        }
    }
}

fn copilot(private: &TokenStream, policy: &ResolvedPolicy) -> TokenStream {
    if *policy == ResolvedPolicy::DEFAULT {
        return quote!(#private::ResolvedPolicy::DEFAULT);
    }
    let mode = match policy.client_mode() {
        ClientMode::CopilotCli => quote!(#private::ClientMode::CopilotCli),
        ClientMode::Empty => quote!(#private::ClientMode::Empty),
    };
    // Each list is a `const` array and the list is built from it at compile time.
    let list = |name: &str, list: Option<&ToolList>| {
        let names_ident = format_ident!("{}", name, span = Span::mixed_site());
        match list {
            Some(list) => {
                let len = list.len();
                let names = list.as_slice().iter().map(WireName::as_str);
                (
                    quote! {
                        const #names_ident: &[#private::WireName; #len] = &[#(#private::WireName::from_static(#names)),*];
                    },
                    quote!(#private::Some(#private::ToolList::__from_static(#names_ident))),
                )
            }
            None => (TokenStream::new(), quote!(#private::None)),
        }
    };
    let (available_item, available) = list("AVAILABLE", policy.available_tools());
    let (excluded_item, excluded) = list("EXCLUDED", policy.excluded_tools());
    quote!({
        #available_item
        #excluded_item
        const { #private::ResolvedPolicy::__from_static(#mode, #available, #excluded) }
    })
}

fn claude_code(private: &TokenStream, selection: &ClaudeCodeSelection) -> TokenStream {
    let tools = |tools: &[ClaudeTool]| {
        let variants = tools.iter().map(|tool| format_ident!("{}", format!("{tool:?}")));
        let name = format_ident!("TOOLS", span = Span::mixed_site());
        (quote!(const #name: &[#private::ClaudeTool] = &[#(#private::ClaudeTool::#variants),*];), name)
    };
    let selection_name = format_ident!("SELECTION", span = Span::mixed_site());
    let (item, value) = match selection.shape() {
        SelectionShape::Disable(list) => {
            let (item, name) = tools(list);
            (item, quote!(#private::ClaudeCodeSelection::__disable(#name)))
        }
        SelectionShape::Only(list) => {
            let (item, name) = tools(list);
            (item, quote!(#private::ClaudeCodeSelection::__only(#name)))
        }
        _ => (TokenStream::new(), quote!(#private::ClaudeCodeSelection::DISABLE_ALL)),
    };
    quote!({
        #item
        const #selection_name: #private::ClaudeCodeSelection = #value;
        #selection_name
    })
}
