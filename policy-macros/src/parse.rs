//! The grammar of `builtin_tools!`: `key: value` pairs, any order, trailing comma allowed.
//! Values keep their tokens (`LitStr`, `Ident`) so every span survives to the check.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitStr, Token, bracketed};

/// Splits `$crate ; body` (the wrapper's call) into the crate path and the body.
pub fn split_crate_path(input: TokenStream) -> syn::Result<(TokenStream, TokenStream)> {
    let mut krate = TokenStream::new();
    let mut tokens = input.into_iter();
    for token in tokens.by_ref() {
        if let TokenTree::Punct(p) = &token {
            if p.as_char() == ';' {
                return Ok((krate, tokens.collect()));
            }
        }
        krate.extend([token]);
    }
    Err(syn::Error::new(
        Span::call_site(),
        "use `builtin_tools!` through the `tool-policy` crate: `tool_policy::builtin_tools! { ... }`",
    ))
}

/// The whole invocation body.
pub struct Invocation {
    pub entries: Vec<Entry>,
}

/// `key: value`.
pub struct Entry {
    pub key: Ident,
    pub value: Value,
}

/// A value as written.
pub enum Value {
    /// `[ item, ... ]`.
    List { span: Span, items: Vec<Item> },
    /// A bare word: `isolated`, `empty`, `claude_code`; or words joined by `-`
    /// (`copilot-cli`), kept as written so a message can name it.
    Word(Word),
    /// A word before a list or a string: `only [read, search]`, `disable "*"`.
    Tagged { tag: Ident, value: Box<Value> },
    /// A string literal: `"*"`.
    Str(LitStr),
    /// `true` or `false`.
    Bool(syn::LitBool),
    /// `{ key: value, ... }`.
    Object { span: Span, entries: Vec<Entry> },
    /// Anything else, kept only for its span.
    Other(Span),
}

/// A word as written, and where.
pub struct Word {
    pub text: String,
    pub span: Span,
}

impl std::fmt::Display for Word {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// One list item.
pub enum Item {
    Str(LitStr),
    /// A bare word: `read`, a capability.
    Word(Ident),
    /// Not a string literal: what it was, and where.
    Other {
        found: &'static str,
        span: Span,
    },
}

impl Value {
    pub fn span(&self) -> Span {
        match self {
            Value::List { span, .. } | Value::Object { span, .. } | Value::Other(span) => *span,
            Value::Word(word) => word.span,
            Value::Tagged { tag, .. } => tag.span(),
            Value::Str(lit) => lit.span(),
            Value::Bool(lit) => lit.span,
        }
    }
}

impl Parse for Invocation {
    fn parse(input: ParseStream<'_>) -> syn::Result<Invocation> {
        Ok(Invocation { entries: entries(input)? })
    }
}

/// `key: value` pairs up to the end of `input`, comma-separated, trailing comma allowed.
fn entries(input: ParseStream<'_>) -> syn::Result<Vec<Entry>> {
    let mut entries = Vec::new();
    while !input.is_empty() {
        let key: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        let value = input.parse()?;
        entries.push(Entry { key, value });
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(entries)
}

impl Parse for Value {
    fn parse(input: ParseStream<'_>) -> syn::Result<Value> {
        let lookahead = input.lookahead1();
        if lookahead.peek(syn::token::Bracket) {
            let content;
            let bracket = bracketed!(content in input);
            let mut items = Vec::new();
            while !content.is_empty() {
                items.push(content.parse()?);
                if content.is_empty() {
                    break;
                }
                content.parse::<Token![,]>()?;
            }
            Ok(Value::List { span: bracket.span.join(), items })
        } else if lookahead.peek(syn::token::Brace) {
            let content;
            let brace = syn::braced!(content in input);
            Ok(Value::Object { span: brace.span.join(), entries: entries(&content)? })
        } else if lookahead.peek(LitStr) {
            Ok(Value::Str(input.parse()?))
        } else if lookahead.peek(syn::LitBool) {
            Ok(Value::Bool(input.parse()?))
        } else if lookahead.peek(Ident) {
            let word: Ident = input.parse()?;
            if input.peek(syn::token::Bracket) || input.peek(LitStr) {
                return Ok(Value::Tagged { tag: word, value: Box::new(input.parse()?) });
            }
            // `copilot-cli`: the JSON spelling of a word, read whole so the check can name it.
            let mut text = word.to_string();
            while input.peek(Token![-]) && input.peek2(Ident) {
                input.parse::<Token![-]>()?;
                text = format!("{text}-{}", input.parse::<Ident>()?);
            }
            Ok(Value::Word(Word { text, span: word.span() }))
        } else if input.is_empty() || input.peek(Token![,]) {
            Err(lookahead.error())
        } else {
            Ok(Value::Other(skip_to_comma(input)?))
        }
    }
}

impl Parse for Item {
    fn parse(input: ParseStream<'_>) -> syn::Result<Item> {
        if input.peek(LitStr) {
            return Ok(Item::Str(input.parse()?));
        }
        if input.peek(Ident) && (input.peek2(Token![,]) || input.peek2(syn::parse::End)) {
            return Ok(Item::Word(input.parse()?));
        }
        let found = if input.peek(syn::LitInt) || input.peek(syn::LitFloat) {
            "a number"
        } else if input.peek(syn::LitBool) {
            "a boolean"
        } else if input.peek(syn::LitChar) {
            "a character literal"
        } else if input.peek(Ident) {
            "an identifier"
        } else {
            "an expression"
        };
        let span = skip_to_comma(input)?;
        Ok(Item::Other { found, span })
    }
}

/// Consumes tokens up to the next top-level comma; the span of the first.
fn skip_to_comma(input: ParseStream<'_>) -> syn::Result<Span> {
    let span = input.span();
    while !input.is_empty() && !input.peek(Token![,]) {
        input.parse::<TokenTree>()?;
    }
    Ok(span)
}
