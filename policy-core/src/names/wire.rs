//! Wire names: the strings a Copilot runtime receives in `availableTools` and
//! `excludedTools` (SPEC §1.1).
//!
//! A wire name is exactly one of `*`, a bare name (`bash`), or a source-qualified pattern
//! (`builtin:bash`, `mcp:*`). The grammar is checked by a `const fn`, so the same check backs
//! [`WireName::from_static`] (a compile error in a `const` context), [`WireName::parse`] (a
//! runtime error) and the proc macro (a spanned compile error).

use std::borrow::Cow;
use std::fmt;

use crate::text::{Shown, did_you_mean, hint};

/// Where a Copilot tool comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Source {
    /// The runtime's own tools (`bash`, `view`, …).
    Builtin,
    /// Tools the host registers on the session.
    Custom,
    /// Tools of the session's MCP servers.
    Mcp,
}

impl Source {
    /// Every source, in the order the runtime documents them.
    pub const ALL: [Source; 3] = [Source::Builtin, Source::Custom, Source::Mcp];

    /// The prefix spelling: `builtin`, `custom` or `mcp`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Source::Builtin => "builtin",
            Source::Custom => "custom",
            Source::Mcp => "mcp",
        }
    }

    /// The source spelled exactly `builtin`, `custom` or `mcp` (case-sensitive).
    pub const fn from_bytes(bytes: &[u8]) -> Option<Source> {
        if bytes_eq(bytes, b"builtin") {
            Some(Source::Builtin)
        } else if bytes_eq(bytes, b"custom") {
            Some(Source::Custom)
        } else if bytes_eq(bytes, b"mcp") {
            Some(Source::Mcp)
        } else {
            None
        }
    }

    /// The source spelled exactly `builtin`, `custom` or `mcp` (case-sensitive).
    pub const fn parse(text: &str) -> Option<Source> {
        Source::from_bytes(text.as_bytes())
    }
}

// `builtin`, `custom` or `mcp`; anything else is refused with a did-you-mean.
string_form!(Source, |source: &Source| source.as_str(), parse: |text: &str| Source::parse(text)
    .ok_or_else(|| WireError { kind: WireErrorKind::UnknownSource, input: format!("{text}:") }), error: WireError);

/// Which rule of the wire-name grammar an entry breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WireErrorKind {
    /// `""`.
    Empty,
    /// A space, tab or newline anywhere.
    Whitespace,
    /// A character outside ASCII.
    NonAscii,
    /// `:x`: nothing before the colon.
    EmptySource,
    /// `foo:bar`: the part before the colon is not `builtin`, `custom` or `mcp`.
    UnknownSource,
    /// `builtin:`: nothing after the colon.
    EmptyName,
    /// `mcp:a:b`: more than one colon.
    ExtraColon,
    /// `bash*`, `mcp:srv-*`: `*` inside a name.
    PartialGlob,
    /// A character outside `[A-Za-z0-9_-]`.
    InvalidChar,
    /// `*` or `builtin:*` where one tool is asked for.
    Pattern,
}

impl WireErrorKind {
    /// The rule and its fix, without the offending text. This is the text a `const`
    /// evaluation panics with; [`WireError`]'s `Display` adds the offending part before it.
    pub const fn rule(self) -> &'static str {
        match self {
            WireErrorKind::Empty => {
                "a tool name must not be empty; write a built-in name such as `bash`, `*`, or a pattern such as `mcp:*`"
            }
            WireErrorKind::Whitespace => "a tool name must not contain whitespace; names are `[A-Za-z0-9_-]` only",
            WireErrorKind::NonAscii => "a tool name must be ASCII; names are `[A-Za-z0-9_-]` only",
            WireErrorKind::EmptySource => {
                "a colon needs a source before it; write `builtin:<name>`, `custom:<name>` or `mcp:<name>`"
            }
            WireErrorKind::UnknownSource => "unknown source before the colon; expected `builtin`, `custom` or `mcp`",
            WireErrorKind::EmptyName => "a source needs a name after the colon; write `<source>:<name>`",
            WireErrorKind::ExtraColon => {
                "a pattern has one colon, `<source>:<name>`; an MCP tool's wire name is `<server>-<tool>`"
            }
            WireErrorKind::PartialGlob => {
                "`*` must be the whole name (`*`, `builtin:*`, `mcp:*`); partial globs match nothing"
            }
            WireErrorKind::InvalidChar => "names are `[A-Za-z0-9_-]` only",
            WireErrorKind::Pattern => {
                "name one tool, such as `builtin:bash`, `custom:my_tool` or `mcp:<server>-<tool>`"
            }
        }
    }
}

/// A string that is not a valid wire name, and why.
#[derive(Clone, PartialEq, Eq)]
pub struct WireError {
    kind: WireErrorKind,
    input: String,
}

impl WireError {
    /// The rule that was broken.
    pub fn kind(&self) -> WireErrorKind {
        self.kind
    }

    /// The text that was refused.
    pub fn input(&self) -> &str {
        &self.input
    }
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let input = Shown(&self.input);
        let rule = self.kind.rule();
        match self.kind {
            WireErrorKind::Empty => f.write_str(rule),
            WireErrorKind::Whitespace => write!(f, "`{input}` contains whitespace; names are `[A-Za-z0-9_-]` only"),
            WireErrorKind::NonAscii => {
                let c = self.input.chars().find(|c| !c.is_ascii()).unwrap_or('?');
                write!(
                    f,
                    "`{input}` contains the non-ASCII character `{}`; names are `[A-Za-z0-9_-]` only",
                    Shown(c.encode_utf8(&mut [0; 4]))
                )
            }
            WireErrorKind::EmptySource if self.input.len() == 1 => write!(
                f,
                "`:` is neither a name nor a pattern; write a built-in name such as `bash` or a pattern such as `mcp:*`"
            ),
            WireErrorKind::EmptySource => {
                let name = Shown(&self.input[1..]);
                write!(
                    f,
                    "`{input}` has no source before the colon; write `builtin:{name}`, `custom:{name}` or `mcp:{name}`"
                )
            }
            WireErrorKind::UnknownSource => {
                let source = self.input.split(':').next().unwrap_or_default();
                let suggestion = did_you_mean(source, Source::ALL.map(Source::as_str));
                write!(
                    f,
                    "unknown source `{}` in `{input}`; expected `builtin`, `custom` or `mcp`{}",
                    Shown(source),
                    hint(suggestion)
                )
            }
            WireErrorKind::EmptyName => {
                let source = Shown(&self.input[..self.input.len() - 1]);
                write!(f, "`{input}` has no name after the colon; write `{source}:<name>`, the tool it stands for")
            }
            WireErrorKind::ExtraColon => write!(f, "`{input}` has more than one colon; {rule}"),
            WireErrorKind::PartialGlob => write!(f, "`{input}` uses `*` inside a name; {rule}"),
            WireErrorKind::InvalidChar => {
                let c = self
                    .input
                    .chars()
                    .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':' | '*')))
                    .unwrap_or('?');
                write!(f, "`{input}` contains `{}`; {rule}", Shown(c.encode_utf8(&mut [0; 4])))
            }
            WireErrorKind::Pattern => write!(f, "`{input}` is a pattern, not one tool; {rule}"),
        }
    }
}

debug_is_display!(WireError);

impl std::error::Error for WireError {}

/// Checks the grammar of SPEC §1.1 and returns the source of a valid entry (`None` for a bare
/// name or `*`). This is the one implementation of the grammar.
#[doc(hidden)]
pub const fn check(bytes: &[u8]) -> Result<Option<Source>, WireErrorKind> {
    if bytes.is_empty() {
        return Err(WireErrorKind::Empty);
    }
    let mut colon = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !b.is_ascii() {
            return Err(WireErrorKind::NonAscii);
        }
        i += 1;
    }
    i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            return Err(WireErrorKind::Whitespace);
        }
        if b == b':' {
            if colon.is_some() {
                return Err(WireErrorKind::ExtraColon);
            }
            colon = Some(i);
        }
        i += 1;
    }
    let Some(colon) = colon else {
        return match check_name(bytes) {
            Ok(()) => Ok(None),
            Err(kind) => Err(kind),
        };
    };
    if colon == 0 {
        return Err(WireErrorKind::EmptySource);
    }
    let (source, name) = bytes.split_at(colon);
    let Some(source) = Source::from_bytes(source) else {
        return Err(WireErrorKind::UnknownSource);
    };
    let (_, name) = name.split_at(1);
    if name.is_empty() {
        return Err(WireErrorKind::EmptyName);
    }
    match check_name(name) {
        Ok(()) => Ok(Some(source)),
        Err(kind) => Err(kind),
    }
}

/// `*`, or a non-empty run of `[A-Za-z0-9_-]`.
const fn check_name(name: &[u8]) -> Result<(), WireErrorKind> {
    if name.len() == 1 && name[0] == b'*' {
        return Ok(());
    }
    let mut i = 0;
    let mut glob = false;
    let mut invalid = false;
    while i < name.len() {
        let b = name[i];
        if b == b'*' {
            glob = true;
        } else if !is_name_byte(b) {
            invalid = true;
        }
        i += 1;
    }
    if glob {
        Err(WireErrorKind::PartialGlob)
    } else if invalid {
        Err(WireErrorKind::InvalidChar)
    } else {
        Ok(())
    }
}

/// `[A-Za-z0-9_-]`.
pub const fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// A character of [`is_name_byte`]: what every runtime keeps of a server's or tool's name in
/// its tools' names.
pub(crate) const fn is_name_char(c: char) -> bool {
    c.is_ascii() && is_name_byte(c as u8)
}

/// `name` as a runtime writes it inside its tools' names: each character it does not `keep`
/// written `other` (Copilot's `-`; the `_` of Claude Code, the Gemini CLI and OpenCode).
pub(crate) fn written_as(name: &str, keep: impl Fn(char) -> bool, other: char) -> String {
    name.chars().map(|c| if keep(c) { c } else { other }).collect()
}

const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// One valid entry of a tool filter: `*`, a bare name, or `source:name` / `source:*`.
///
/// Construct it with [`wire!`](../macro.wire.html) or [`WireName::from_static`] for literals
/// (checked at compile time), [`WireName::parse`] for text known only at run time, and
/// [`WireName::mcp`] for an MCP tool.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct WireName {
    source: Option<Source>,
    text: Cow<'static, str>,
}

impl WireName {
    /// A wire name from a literal, checked by a `const` evaluation.
    ///
    /// # Panics
    ///
    /// When `text` breaks the grammar. Call it in a `const` context (as [`wire!`] does) and
    /// the panic is a compile error on the caller's line, never a run-time panic.
    ///
    /// [`wire!`]: ../macro.wire.html
    #[track_caller]
    pub const fn from_static(text: &'static str) -> WireName {
        match check(text.as_bytes()) {
            Ok(source) => WireName::borrowed(text, source),
            // The rule alone: the run-time parse and the macros add the did-you-mean.
            Err(kind) => panic!("{}", kind.rule()),
        }
    }

    /// A wire name from text known only at run time.
    pub fn parse(text: &str) -> Result<WireName, WireError> {
        match check(text.as_bytes()) {
            Ok(source) => Ok(WireName::owned(text.to_owned(), source)),
            Err(kind) => Err(WireError { kind, input: text.to_owned() }),
        }
    }

    /// `source:name` for a name (or `*`) of that source.
    pub fn with_source(source: Source, name: &str) -> Result<WireName, WireError> {
        WireName::parse(&format!("{source}:{name}"))
    }

    /// `mcp:<server>-<tool>`, the pattern that matches exactly one MCP tool, with every
    /// character outside `[A-Za-z0-9_-]` replaced by `-` as the runtime does.
    ///
    /// ```
    /// # use policy_core::WireName;
    /// assert_eq!(WireName::mcp("odd.srv", "dotted.name").as_str(), "mcp:odd-srv-dotted-name");
    /// ```
    pub fn mcp(server: &str, tool: &str) -> WireName {
        let text = format!("mcp:{}", mcp_tool_name(server, tool));
        WireName::owned(text, Some(Source::Mcp))
    }

    const fn name_start(source: Option<Source>) -> usize {
        match source {
            Some(source) => source.as_str().len() + 1,
            None => 0,
        }
    }

    const fn borrowed(text: &'static str, source: Option<Source>) -> WireName {
        WireName { source, text: Cow::Borrowed(text) }
    }

    fn owned(text: String, source: Option<Source>) -> WireName {
        WireName { source, text: Cow::Owned(text) }
    }

    /// The whole entry as the runtime receives it.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The source of a qualified pattern; `None` for a bare name or `*`.
    pub const fn source(&self) -> Option<Source> {
        self.source
    }

    /// The part after the source (the whole text for a bare name): a name or `*`.
    pub fn name(&self) -> &str {
        &self.text[WireName::name_start(self.source)..]
    }

    /// `*` alone or `source:*`.
    pub fn is_wildcard(&self) -> bool {
        self.name() == "*"
    }

    /// Whether the entry names its source (`builtin:bash`) rather than being bare (`bash`).
    pub const fn is_qualified(&self) -> bool {
        self.source.is_some()
    }

    /// The source-qualified form SPEC §1.4 rule 2 gives: a bare `n` becomes `builtin:n`,
    /// `*` becomes `builtin:*`, and a qualified entry stays as it is.
    #[must_use]
    pub fn qualify(&self) -> WireName {
        if self.is_qualified() {
            self.clone()
        } else {
            WireName::owned(format!("builtin:{}", self.text), Some(Source::Builtin))
        }
    }

    /// The tool (or source wildcard) this entry stands for once qualified: `bash` and
    /// `builtin:bash` are the same tool. The one rule of "the same tool twice" (SPEC §1.2).
    pub fn tool_key(&self) -> (Source, &str) {
        (self.source.unwrap_or(Source::Builtin), self.name())
    }

    /// Whether this pattern matches `tool` (SPEC §1.6): `src:*` every tool of that source,
    /// `src:name` that exact name, a bare name that name in any source.
    pub fn matches(&self, tool: &Tool<'_>) -> bool {
        if self.source.is_some_and(|s| s != tool.source) {
            return false;
        }
        if self.is_wildcard() {
            // A bare `*` is not a wildcard at runtime (the SDKs reject it); it would only
            // match a tool literally named `*`, which cannot exist.
            return self.source.is_some();
        }
        self.name() == tool.name
    }
}

impl fmt::Debug for WireName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "wire!({:?})", self.as_str())
    }
}

// A wire name, checked by the one grammar.
string_form!(WireName, WireName::as_str, parse: WireName::parse, error: WireError, serde);

/// The bare MCP tool wire name `<server>-<tool>`, with every character outside
/// `[A-Za-z0-9_-]` replaced by `-` (server `odd.srv`, tool `dotted.name` →
/// `odd-srv-dotted-name`).
pub fn mcp_tool_name(server: &str, tool: &str) -> String {
    format!("{}-{}", written_as(server, is_name_char, '-'), written_as(tool, is_name_char, '-'))
}

/// One tool a session could offer: its source and its exact wire name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tool<'a> {
    source: Source,
    name: &'a str,
}

impl<'a> Tool<'a> {
    /// A tool of `source` named `name`.
    pub const fn new(source: Source, name: &'a str) -> Tool<'a> {
        Tool { source, name }
    }

    /// A built-in tool.
    pub const fn builtin(name: &'a str) -> Tool<'a> {
        Tool::new(Source::Builtin, name)
    }

    /// A custom tool registered by the host.
    pub const fn custom(name: &'a str) -> Tool<'a> {
        Tool::new(Source::Custom, name)
    }

    /// Any tool of `source` that no pattern names exactly: one only `source:*` matches (a tool
    /// named `*` cannot exist). It stands for the tools neither a policy nor a catalog knows,
    /// such as the built-ins a newer CLI adds.
    pub const fn unnamed(source: Source) -> Tool<'static> {
        Tool::new(source, "*")
    }

    /// An MCP tool by its wire name `<server>-<tool>` (see [`mcp_tool_name`]).
    pub const fn mcp(wire_name: &'a str) -> Tool<'a> {
        Tool::new(Source::Mcp, wire_name)
    }

    /// `source:name`; a bare name is taken as a built-in.
    pub fn parse(text: &'a str) -> Result<Tool<'a>, WireError> {
        let wire = WireName::parse(text)?;
        if wire.is_wildcard() {
            return Err(WireError { kind: WireErrorKind::Pattern, input: text.to_owned() });
        }
        let source = wire.source().unwrap_or(Source::Builtin);
        let start = text.len() - wire.name().len();
        Ok(Tool::new(source, &text[start..]))
    }

    /// Where the tool comes from.
    pub const fn source(&self) -> Source {
        self.source
    }

    /// The tool's exact wire name.
    pub const fn name(&self) -> &'a str {
        self.name
    }
}

impl fmt::Display for Tool<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.source, self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> WireErrorKind {
        WireName::parse(text).unwrap_err().kind()
    }

    fn message(text: &str) -> String {
        WireName::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn valid_forms() {
        for (text, source, name) in [
            ("*", None, "*"),
            ("bash", None, "bash"),
            ("read_agent", None, "read_agent"),
            ("a-B_9", None, "a-B_9"),
            ("builtin:*", Some(Source::Builtin), "*"),
            ("builtin:bash", Some(Source::Builtin), "bash"),
            ("custom:*", Some(Source::Custom), "*"),
            ("custom:my_tool", Some(Source::Custom), "my_tool"),
            ("mcp:*", Some(Source::Mcp), "*"),
            ("mcp:github-list_issues", Some(Source::Mcp), "github-list_issues"),
        ] {
            let wire = WireName::parse(text).unwrap();
            assert_eq!(wire.as_str(), text);
            assert_eq!(wire.source(), source, "{text}");
            assert_eq!(wire.name(), name, "{text}");
            assert_eq!(wire, WireName::from_static(Box::leak(text.to_owned().into_boxed_str())));
        }
    }

    #[test]
    fn each_invalid_form_names_its_rule() {
        assert_eq!(kind(""), WireErrorKind::Empty);
        assert_eq!(kind("ba sh"), WireErrorKind::Whitespace);
        assert_eq!(kind(" bash"), WireErrorKind::Whitespace);
        assert_eq!(kind("builtin:"), WireErrorKind::EmptyName);
        assert_eq!(kind("foo:bar"), WireErrorKind::UnknownSource);
        assert_eq!(kind("Builtin:bash"), WireErrorKind::UnknownSource);
        assert_eq!(kind("mcp:a:b"), WireErrorKind::ExtraColon);
        assert_eq!(kind(":x"), WireErrorKind::EmptySource);
        assert_eq!(kind("bash*"), WireErrorKind::PartialGlob);
        assert_eq!(kind("mcp:srv-*"), WireErrorKind::PartialGlob);
        assert_eq!(kind("**"), WireErrorKind::PartialGlob);
        assert_eq!(kind("bäsh"), WireErrorKind::NonAscii);
        assert_eq!(kind("a.b"), WireErrorKind::InvalidChar);
        assert_eq!(kind("mcp:srv/tool"), WireErrorKind::InvalidChar);
    }

    #[test]
    fn messages_name_the_bad_part() {
        assert_eq!(message("foo:bar"), "unknown source `foo` in `foo:bar`; expected `builtin`, `custom` or `mcp`");
        assert_eq!(
            message("mpc:x"),
            "unknown source `mpc` in `mpc:x`; expected `builtin`, `custom` or `mcp` (did you mean `mcp`?)"
        );
        assert_eq!(
            message("builtin:"),
            "`builtin:` has no name after the colon; write `builtin:<name>`, the tool it stands for"
        );
        assert_eq!(message(":x"), "`:x` has no source before the colon; write `builtin:x`, `custom:x` or `mcp:x`");
        assert!(message("bash*").starts_with("`bash*` uses `*` inside a name;"));
        assert!(message("mcp:a:b").starts_with("`mcp:a:b` has more than one colon;"));
        assert!(message("bäsh").contains("non-ASCII character `ä`"));
        assert!(message("a.b").starts_with("`a.b` contains `.`;"));
        assert!(message("a b").starts_with("`a b` contains whitespace"));
        assert!(message("").starts_with("a tool name must not be empty"));
        assert!(message(":").starts_with("`:` is neither a name nor a pattern;"));
        assert_eq!(message("a\nb"), r"`a\nb` contains whitespace; names are `[A-Za-z0-9_-]` only");
        assert!(message("a\u{200b}").contains(r"`a\u200b` contains the non-ASCII character `\u200b`"));
    }

    #[test]
    fn matching_is_case_sensitive() {
        assert!(WireName::from_static("bash").matches(&Tool::builtin("bash")));
        assert!(!WireName::from_static("bash").matches(&Tool::builtin("Bash")));
        assert!(!WireName::from_static("builtin:Bash").matches(&Tool::builtin("bash")));
    }

    #[test]
    fn matching_rules() {
        let bash = Tool::builtin("bash");
        let custom_bash = Tool::custom("bash");
        assert!(WireName::from_static("bash").matches(&custom_bash), "bare matches any source");
        assert!(WireName::from_static("builtin:*").matches(&bash));
        assert!(!WireName::from_static("builtin:*").matches(&custom_bash));
        assert!(WireName::from_static("custom:bash").matches(&custom_bash));
        assert!(!WireName::from_static("custom:bash").matches(&bash));
        assert!(!WireName::from_static("*").matches(&bash), "bare `*` is not a wildcard");
        let owned = WireName::parse("builtin:bash").unwrap();
        assert!(owned.matches(&bash), "owned names match like static ones");
        assert!(WireName::parse("bash").unwrap().qualify().matches(&bash));
    }

    #[test]
    fn qualify_prefixes_bare_names() {
        assert_eq!(WireName::from_static("bash").qualify().as_str(), "builtin:bash");
        assert_eq!(WireName::from_static("*").qualify().as_str(), "builtin:*");
        assert_eq!(WireName::from_static("mcp:*").qualify().as_str(), "mcp:*");
        assert_eq!(WireName::from_static("bash").qualify(), WireName::from_static("builtin:bash"));
    }

    #[test]
    fn mcp_names_are_sanitized() {
        assert_eq!(mcp_tool_name("odd.srv", "dotted.name"), "odd-srv-dotted-name");
        assert_eq!(mcp_tool_name("echo", "ping_tool"), "echo-ping_tool");
        assert_eq!(mcp_tool_name("s", "slash/name é"), "s-slash-name--");
        let wire = WireName::mcp("odd.srv", "dotted.name");
        assert_eq!(wire.source(), Some(Source::Mcp));
        assert!(wire.matches(&Tool::mcp("odd-srv-dotted-name")));
        assert_eq!(wire, WireName::parse("mcp:odd-srv-dotted-name").unwrap());
    }

    #[test]
    fn tool_parse() {
        assert_eq!(Tool::parse("mcp:echo-ping").unwrap(), Tool::mcp("echo-ping"));
        assert_eq!(Tool::parse("bash").unwrap(), Tool::builtin("bash"));
        let pattern = Tool::parse("builtin:*").unwrap_err();
        assert_eq!(pattern.kind(), WireErrorKind::Pattern);
        assert!(pattern.to_string().starts_with("`builtin:*` is a pattern, not one tool; name one tool"));
        assert_eq!(Tool::parse("*").unwrap_err().kind(), WireErrorKind::Pattern);
        assert!(Tool::parse("nope:x").is_err());
    }
}
