//! Emits the checked value as `const` items: no run-time work, no allocation, usable in
//! `const` and `static` items. Every path goes through the caller's `$crate`. The one
//! exception: Claude Code custom agents hold owned text, so a selection with `agents` is a
//! `ClaudeCodeArgs` built at run time (every name still checked here, at compile time).

use policy_core::claude_code::AgentRule;
use policy_core::claude_code::catalog::ClaudeTool;
use policy_core::{
    CatalogName, ClientMode, GeminiName, ResolvedPolicy, Selection, SelectionShape, ToolList, Warning, WireName,
};
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
        Checked::ClaudeCode(checked) => {
            let ty = quote!(#private::ClaudeCodeSelection);
            let value = cli_selection(&ty, &quote!(#private::ClaudeTool), &checked.selection, |tool| {
                let variant = format_ident!("{}", tool.variant());
                quote!(#private::ClaudeTool::#variant)
            });
            with_warnings(&value, &checked.warnings, "legacy_claude_code_tool_name")
        }
        Checked::ClaudeAgents(checked, agents) => {
            let ty = quote!(#private::ClaudeCodeSelection);
            let tool = |tool: &ClaudeTool| {
                let variant = format_ident!("{}", tool.variant());
                quote!(#private::ClaudeTool::#variant)
            };
            let selection = cli_selection(&ty, &quote!(#private::ClaudeTool), &checked.selection, tool);
            let rule = |rule: &AgentRule| match rule {
                AgentRule::Tool(t) => {
                    let t = tool(t);
                    quote!(#private::AgentRule::Tool(#t))
                }
                AgentRule::Mcp(text) => quote!(#private::AgentRule::Mcp(#private::String::from(#text))),
            };
            let agent_only = agents.agent_only.iter().map(tool);
            let agents = agents.agents.iter().map(|agent| {
                let (name, description, prompt) = (&agent.name, &agent.description, &agent.prompt);
                let mut value = quote!(#private::ClaudeAgent::new(#name, #description, #prompt));
                if let Some(tools) = &agent.tools {
                    let tools = tools.iter().map(rule);
                    value = quote!(#value.tools([#(#tools),*]));
                }
                if let Some(tools) = &agent.disallowed_tools {
                    let tools = tools.iter().map(rule);
                    value = quote!(#value.disallowed_tools([#(#tools),*]));
                }
                if let Some(model) = &agent.model {
                    value = quote!(#value.model(#model));
                }
                value
            });
            let value = quote!(#private::ClaudeCodeArgs::new(#private::Some(#selection)).with_agents(
                #private::ClaudeAgents::new([#(#agents),*]).agent_only([#(#agent_only),*])
            ));
            with_warnings(&value, &checked.warnings, "legacy_claude_code_tool_name")
        }
        Checked::GeminiCli(checked) => {
            let ty = quote!(#private::GeminiSelection);
            let value = cli_selection(&ty, &quote!(#private::GeminiName), &checked.selection, |name| match name {
                GeminiName::Builtin(tool) => {
                    let variant = format_ident!("{}", tool.variant());
                    quote!(#private::GeminiName::Builtin(#private::GeminiTool::#variant))
                }
                GeminiName::Mcp(entry) => {
                    let text = entry.as_str();
                    quote!(#private::GeminiName::Mcp(#private::McpEntry::__from_static(#text)))
                }
            });
            with_warnings(&value, &checked.warnings, "legacy_gemini_cli_tool_name")
        }
    }
}

/// A stable proc macro cannot warn; a deprecated item used on the token's span is the
/// compiler's own warning, under `name`.
fn with_warnings(value: &TokenStream, warnings: &[(Span, Warning)], name: &str) -> TokenStream {
    let warnings = warnings.iter().map(|(span, warning)| {
        let name = format_ident!("{}", name, span = *span);
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

fn cli_selection<T: CatalogName>(
    ty: &TokenStream,
    elem: &TokenStream,
    selection: &Selection<T>,
    tool: impl Fn(&T) -> TokenStream,
) -> TokenStream {
    let list = |only: bool, tools: &[T]| {
        let tools = tools.iter().map(&tool);
        let name = format_ident!("TOOLS", span = Span::mixed_site());
        let item = quote!(const #name: &[#elem] = &[#(#tools),*];);
        (item, quote!(#ty::__checked(#only, #name)))
    };
    let selection_name = format_ident!("SELECTION", span = Span::mixed_site());
    let (item, value) = match selection.shape() {
        SelectionShape::Disable(tools) => list(false, tools),
        SelectionShape::Only(tools) => list(true, tools),
        _ => (TokenStream::new(), quote!(#ty::DISABLE_ALL)),
    };
    quote!({
        #item
        const #selection_name: #ty = #value;
        #selection_name
    })
}
