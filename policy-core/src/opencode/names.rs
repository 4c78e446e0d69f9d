//! The names an OpenCode selection lists: a built-in of the pinned catalog, or an MCP tool
//! as OpenCode names it (`<server>_<tool>`, with no prefix of its own).

use std::borrow::Cow;

use crate::capability::Faces;
use crate::error::Error;
use crate::names::wire::is_name_char;
use crate::opencode::catalog::{CLI_VERSION, OpenCodeTool, REMOVED, ROWS, RUNTIME};
use crate::portable::{McpRef, Portable, PortableShape};
use crate::selection::{CatalogName, Group, NameLookup, Pinned, Selection};
use crate::text::{Shown, did_you_mean};

/// The runtime, as "the ... cannot say" reads.
pub(crate) const CLI: &str = "OpenCode CLI";

/// Why a portable policy cannot keep every MCP tool but some on OpenCode.
const ALLOW_LIST_ONLY: &str = "a portable policy is written as `\"*\": \"deny\"` then one `allow` per tool (SPEC §9), which cannot keep every MCP tool but some; name the MCP tools to keep under `only`, or write an OpenCode selection that disables `<server>_<tool>`";

/// One name of an OpenCode selection.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpenCodeName {
    /// A built-in tool.
    Builtin(OpenCodeTool),
    /// One MCP tool, every tool of one server, or every MCP tool.
    Mcp(McpName),
}

/// An MCP tool as OpenCode names it: `<server>_<tool>` (each part with the characters
/// OpenCode keeps, letters, digits, `_` and `-`; it writes any other as `_`), `<server>_*`
/// for every tool of a server, or `*_*` for every tool of every server the host names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct McpName(Cow<'static, str>);

impl McpName {
    /// `*_*`: every tool of every MCP server the host names.
    pub const EVERY: McpName = McpName(Cow::Borrowed("*_*"));

    /// Checks `name` against the grammar. A name OpenCode would also read as a built-in's
    /// (`plan_exit`, or `plan_*`, which matches the built-in `plan_exit` as a key of the
    /// `permission` map) is refused: the library would write a rule for the built-in too.
    pub fn new(name: &str) -> Result<McpName, Error> {
        if !McpName::fits(name) {
            return Err(McpName::refused(name));
        }
        let entry = McpName(Cow::Owned(name.to_owned()));
        match OpenCodeTool::ALL.iter().find(|tool| entry.covers_builtin(**tool)) {
            Some(tool) if entry != McpName::EVERY => Err(Error::CannotSay {
                runtime: CLI,
                what: format!("the MCP name `{name}`"),
                why: Cow::Owned(format!(
                    "OpenCode reads it as the built-in `{}` too (a key of the `permission` map matches a tool's name and its permission, `*` any text); name the MCP tools one by one, or rename the server",
                    tool.name()
                )),
            }),
            _ => Ok(entry),
        }
    }

    /// Whether OpenCode would read this name, as a key of the `permission` map, as naming
    /// the built-in `tool`: it matches the tool's name or the permission that governs it.
    fn covers_builtin(&self, tool: OpenCodeTool) -> bool {
        let hits = |text: &str| match self.prefix() {
            Some(prefix) => text.starts_with(prefix),
            None => text == self.as_str(),
        };
        hits(tool.name()) || hits(tool.permission())
    }

    /// The name of a server (`<server>_*`) or one of its tools (`<server>_<tool>`), with the
    /// names sanitized as OpenCode does (a character but a letter, a digit, `_` and `-`
    /// becomes `_`); a server name holding `_` cannot be told apart from its tools' names,
    /// and is refused.
    pub fn of(reference: &McpRef) -> Result<McpName, Error> {
        let (server, tool) = reference.sanitized(is_name_char);
        let name = format!("{server}_{}", tool.as_deref().unwrap_or("*"));
        let told_apart = !server.contains('_') && McpName::fits(&name);
        if !told_apart {
            return Err(reference.cannot_say(CLI, "OpenCode names MCP tools `<server>_<tool>` (other characters written `_`), so a server name holding `_` cannot be told apart from its tools' names"));
        }
        // A name OpenCode would read as a built-in's is refused with that reason.
        McpName::new(&name)
    }

    /// `<server>_*`, every tool of the host's server `server` as OpenCode names them (a
    /// character but a letter, a digit, `_` and `-` written `_`). The name is checked as an
    /// [`McpRef`] (not empty, without `/`, `*` or a control character) and its key as any MCP
    /// name ([`McpName::new`]: not one OpenCode reads as a built-in). A server holding `_`
    /// is kept: only `*_*` is written for it, which names every server's tools alike.
    pub fn of_host_server(server: &str) -> Result<McpName, Error> {
        let key = |reference: McpRef| McpName::new(&format!("{}_*", reference.sanitized(is_name_char).0));
        McpRef::parse(server).and_then(key).map_err(|_| Error::CannotSay {
            runtime: CLI,
            what: format!("the MCP server `{}`", Shown(server)),
            why: Cow::Borrowed(
                "OpenCode names its tools `<server>_<tool>`, and a server name that is empty, holds `*` or a control character, or whose `<server>_*` matches a built-in (`plan`: `plan_exit`) cannot be written as a key of the `permission` map",
            ),
        })
    }

    /// Macro plumbing: a name the macro checked.
    #[doc(hidden)]
    pub const fn __from_static(name: &'static str) -> McpName {
        McpName(Cow::Borrowed(name))
    }

    /// The name as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// For `<server>_*`, the text every tool of the server starts with (`<server>_`); for
    /// `*_*`, `Some("")`; `None` for one tool.
    pub fn prefix(&self) -> Option<&str> {
        if *self == McpName::EVERY { Some("") } else { self.0.strip_suffix('*') }
    }

    /// Whether an offered MCP tool (`<server>_<tool>`, never a built-in's name) is one this
    /// name names.
    pub fn matches(&self, offered: &str) -> bool {
        match self.prefix() {
            Some("") => offered.contains('_') && OpenCodeTool::from_canonical(offered).is_none(),
            Some(prefix) => offered.len() > prefix.len() && offered.starts_with(prefix),
            None => offered == self.as_str(),
        }
    }

    /// `mcp__<server>__<tool>`, Claude Code's and the Codex CLI's grammar, which names nothing
    /// OpenCode has: refused with the name OpenCode gives the tool.
    fn foreign(name: &str, rest: &str) -> Error {
        // The name OpenCode gives the same server or tool, written as `mcp_tools` would be:
        // no hint where that is refused (or for `mcp__*`, which a `disable` cannot take).
        let reference = match rest.split_once("__") {
            Some((server, "*")) => McpRef::parse(server),
            Some((server, tool)) => McpRef::parse(&format!("{server}/{tool}")),
            None => McpRef::parse(rest),
        };
        let fix = reference.and_then(|reference| McpName::of(&reference)).ok();
        let hint = fix.map(|fix| format!("; did you mean `{}`?", fix.as_str())).unwrap_or_default();
        Error::CannotSay {
            runtime: CLI,
            what: format!("`{}`", Shown(name)),
            why: Cow::Owned(format!(
                "OpenCode names an MCP tool `<server>_<tool>`, with no `mcp__` (Claude Code's and the Codex CLI's grammar){hint}"
            )),
        }
    }

    fn refused(name: &str) -> Error {
        let expected = "`<server>_<tool>`, `<server>_*` or `*_*` (letters, digits, `_` and `-`)";
        Error::BadMcpName { runtime: RUNTIME, name: name.to_owned(), expected }
    }

    fn fits(name: &str) -> bool {
        if name == "*_*" {
            return true;
        }
        let body = name.strip_suffix("_*").unwrap_or(name);
        let whole = body.len() < name.len();
        !body.is_empty()
            && body.chars().all(is_name_char)
            && (whole || body.trim_matches('_').contains('_') && !body.starts_with('_') && !body.ends_with('_'))
    }
}

impl OpenCodeName {
    /// Looks a written name up: a built-in, an MCP tool, or an error with a did-you-mean. A
    /// name one typo from a built-in (`web_fetch`, `Read`) is refused as a misspelt built-in,
    /// never read as an MCP tool that would match nothing.
    pub fn lookup(name: &str) -> Result<NameLookup<OpenCodeName>, Error> {
        let canonical = OpenCodeTool::from_canonical(name);
        if let Some(rest) = name.strip_prefix("mcp__") {
            return Err(McpName::foreign(name, rest));
        }
        let mcp = canonical.is_none()
            && !REMOVED.contains(&name)
            && name.contains('_')
            && did_you_mean(name, OpenCodeTool::NAMES.iter().copied()).is_none();
        if mcp {
            return McpName::new(name).map(|entry| NameLookup::Canonical(OpenCodeName::Mcp(entry)));
        }
        let pinned = Pinned {
            runtime: RUNTIME,
            cli_version: CLI_VERSION,
            names: OpenCodeTool::NAMES,
            aliases: &[],
            removed: REMOVED,
        };
        Ok(pinned.lookup(name, canonical, OpenCodeTool::name)?.map(OpenCodeName::Builtin))
    }

    /// The name as OpenCode reads it.
    pub fn as_str(&self) -> &str {
        match self {
            OpenCodeName::Builtin(tool) => tool.name(),
            OpenCodeName::Mcp(entry) => entry.as_str(),
        }
    }

    /// Whether an offered tool name is one this name names.
    pub fn matches(&self, offered: &str) -> bool {
        match self {
            OpenCodeName::Builtin(tool) => tool.name() == offered,
            OpenCodeName::Mcp(entry) => entry.matches(offered),
        }
    }
}

impl From<OpenCodeTool> for OpenCodeName {
    fn from(tool: OpenCodeTool) -> OpenCodeName {
        OpenCodeName::Builtin(tool)
    }
}

impl CatalogName for OpenCodeName {
    const RUNTIME: &'static str = RUNTIME;
    const CLI_VERSION: &'static str = CLI_VERSION;
    const SELECTION_TYPE: &'static str = "OpenCodeSelection";
    const NAME_TYPE: &'static str = "OpenCodeName";

    fn rust_source(&self, private: &str) -> String {
        match self {
            OpenCodeName::Builtin(tool) => {
                format!("{private}::OpenCodeName::Builtin({private}::OpenCodeTool::{})", tool.variant())
            }
            OpenCodeName::Mcp(entry) => {
                format!("{private}::OpenCodeName::Mcp({private}::McpName::__from_static({:?}))", entry.as_str())
            }
        }
    }

    fn lookup(name: &str) -> Result<NameLookup<OpenCodeName>, Error> {
        OpenCodeName::lookup(name)
    }

    fn name(&self) -> &str {
        self.as_str()
    }

    /// An allow-list, for `disable` too (SPEC §9): the built-ins it grants, each permission
    /// whole (one it grants only some tools of is left out, since OpenCode cannot give part
    /// of it), then `*_*` when MCP tools are kept, or the servers and tools
    /// `mcp_tools.only` lists. So `mcp_tools.disable`, every MCP tool but some, cannot be
    /// said in it, and is refused.
    fn portable_selection(portable: &Portable) -> Result<Selection<OpenCodeName>, Error> {
        let mut names: Vec<OpenCodeName> = match portable.shape() {
            PortableShape::DisableAll => Vec::new(),
            _ => portable
                .built_ins(ROWS, true)
                .filter(|tool| tool.governed_with().all(|member| portable.grants(member.capabilities())))
                .map(OpenCodeName::Builtin)
                .collect(),
        };
        let mcp = portable.mcp().allow_list(McpName::EVERY, McpName::of, CLI, ALLOW_LIST_ONLY)?;
        names.extend(mcp.into_iter().map(OpenCodeName::Mcp));
        Ok(Selection::only(names))
    }

    fn built_in_capabilities(&self) -> Option<Faces> {
        match self {
            OpenCodeName::Builtin(tool) => Some(tool.row().faces()),
            OpenCodeName::Mcp(_) => None,
        }
    }

    fn cannot_disable(&self) -> Option<Error> {
        (*self == OpenCodeName::Mcp(McpName::EVERY)).then(every_disabled)
    }

    fn group(&self) -> Option<Group> {
        let OpenCodeName::Builtin(tool) = self else { return None };
        let members: Vec<&'static str> = tool.governed_with().map(OpenCodeTool::name).collect();
        (members.len() > 1).then(|| Group { setting: format!("`{}` permission", tool.permission()), members })
    }
}

/// `*_*` in a `disable`: the library writes it only for the servers the host names, and
/// OpenCode would read `*_*` itself as any name holding `_`, so no map takes away exactly every
/// MCP tool.
pub(crate) fn every_disabled() -> Error {
    Error::CannotSay {
        runtime: CLI,
        what: String::from("`*_*` in a `disable`"),
        why: Cow::Borrowed(
            "OpenCode reads `*_*` as any name holding `_` (the built-in `plan_exit` among them), and the servers a host adds later would keep their tools; take servers away by name (`<server>_*`), or keep only what you name under `only`",
        ),
    }
}

// A built-in or an MCP tool; anything else is refused.
string_form!(OpenCodeName, OpenCodeName::as_str, parse: |name| OpenCodeName::lookup(name).map(NameLookup::tool), error: Error, serde);
string_form!(OpenCodeTool, |tool: &OpenCodeTool| tool.name());

#[cfg(test)]
mod tests {
    use super::*;

    fn looked_up(name: &str) -> Result<OpenCodeName, Error> {
        OpenCodeName::lookup(name).map(NameLookup::tool)
    }

    #[test]
    fn lookup() {
        assert_eq!(looked_up("read"), Ok(OpenCodeName::Builtin(OpenCodeTool::Read)));
        assert_eq!(looked_up("probe_echo"), Ok(OpenCodeName::Mcp(McpName::new("probe_echo").unwrap())));
        let suggestion = |name: &str| match OpenCodeName::lookup(name) {
            Err(Error::UnknownCliTool { suggestion, removed, .. }) => (suggestion, removed),
            other => panic!("{name}: {other:?}"),
        };
        assert_eq!(suggestion("Bash"), (Some("bash"), false), "OpenCode ignores a wrong-case key");
        assert_eq!(suggestion("web_fetch"), (Some("webfetch"), false), "a misspelt built-in is no MCP tool");
        assert_eq!(suggestion("todo_write"), (Some("todowrite"), false));
        assert_eq!(suggestion("multiedit"), (None, true));
        assert_eq!(suggestion("shell"), (None, false));
        let message = looked_up("Webfetch").unwrap_err().to_string();
        assert!(message.ends_with("did you mean `webfetch`?"), "{message}");
    }

    #[test]
    fn mcp_grammar() {
        for good in ["probe_echo", "probe_*", "my-server_tool_with_parts", "a_b", "*_*", "my_server_*"] {
            assert!(McpName::new(good).is_ok(), "{good}");
        }
        for bad in [
            "probe",
            "_echo",
            "probe_",
            "probe__",
            "*",
            "**",
            "probe_e*",
            "pro be_echo",
            "probe.x_y",
            "*_echo",
            "probe_**",
        ] {
            assert_eq!(McpName::new(bad), Err(McpName::refused(bad)), "{bad}");
        }
        let server = McpName::new("probe_*").unwrap();
        assert!(server.matches("probe_echo") && !server.matches("probe_") && !server.matches("probes_echo"));
        let tool = McpName::new("probe_echo").unwrap();
        assert!(tool.matches("probe_echo") && !tool.matches("probe_echo2"));
        assert!(McpName::EVERY.matches("probe_echo") && !McpName::EVERY.matches("apply_patch"));
        assert_eq!(server.prefix(), Some("probe_"));
        assert_eq!(McpName::EVERY.prefix(), Some(""));
    }

    #[test]
    fn a_permission_governs_its_group() {
        let group = OpenCodeName::Builtin(OpenCodeTool::Write).group().unwrap();
        assert_eq!(group.members, ["apply_patch", "edit", "write"]);
        assert_eq!(group.setting, "`edit` permission");
        assert!(OpenCodeName::Builtin(OpenCodeTool::Bash).group().is_none());
        assert!(looked_up("probe_echo").unwrap().group().is_none());
    }
}
