//! The names a Gemini CLI selection lists: a built-in of the pinned catalog, or an MCP entry
//! in the CLI's grammar (`mcp_<server>_<tool>`, `mcp_<server>_*`).

use std::borrow::Cow;

use crate::capability::Faces;
use crate::error::Error;
use crate::gemini_cli::catalog::{ALIASES, CLI_VERSION, GeminiTool, MCP_PREFIX, REMOVED, ROWS, RUNTIME};
use crate::names::wire::is_name_char;
use crate::portable::{McpRef, Portable, PortableShape};
use crate::selection::{CatalogName, NameLookup, Pinned, Selection};

/// Why a portable policy cannot keep every MCP tool but some on the Gemini CLI.
const ALLOW_LIST_ONLY: &str = "a portable policy is written as `tools.core`, an allow-list (SPEC §9), which cannot keep every MCP tool but some; name the MCP tools to keep under `only`, or write a Gemini CLI selection that disables `mcp_<server>_<tool>`";

/// One name of a Gemini CLI selection.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GeminiName {
    /// A built-in tool.
    Builtin(GeminiTool),
    /// One MCP tool, or every tool of one server.
    Mcp(McpEntry),
}

/// An MCP entry the Gemini CLI matches: `mcp_<server>_<tool>`, `mcp_<server>_*`, or `mcp_*`
/// for every MCP tool (the policy engine's own name for them, `formatMcpToolName("*")`). The
/// CLI reads the server as the text up to the first `_` after the prefix, so a server name has
/// no `_`; both parts use the characters the CLI keeps in a tool name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct McpEntry(Cow<'static, str>);

impl McpEntry {
    /// `mcp_*`: every MCP tool of every server.
    pub const EVERY: McpEntry = McpEntry(Cow::Borrowed("mcp_*"));

    /// Checks `name` against the grammar.
    pub fn new(name: &str) -> Result<McpEntry, Error> {
        if McpEntry::parts(name).is_some() {
            Ok(McpEntry(Cow::Owned(name.to_owned())))
        } else {
            Err(Error::BadMcpEntry { runtime: RUNTIME, name: name.to_owned() })
        }
    }

    /// The entry of a server (`mcp_<server>_*`) or one of its tools (`mcp_<server>_<tool>`),
    /// with the names sanitized as the CLI does (a character but a letter, a digit, `_`, `-`,
    /// `.` and `:` becomes `_`). A server name holding `_` cannot be told apart from its
    /// tools' names, and a name the CLI would shorten (past 63 characters) would match
    /// nothing: both are refused.
    pub fn of(reference: &McpRef) -> Result<McpEntry, Error> {
        let (server, tool) = reference.sanitized(|c| is_name_char(c) || matches!(c, '.' | ':'));
        let name = format!("{MCP_PREFIX}{server}_{}", tool.as_deref().unwrap_or("*"));
        let fits = !server.contains('_') && (tool.is_none() || name.len() <= 63);
        McpEntry::new(&name).ok().filter(|_| fits).ok_or_else(|| reference.cannot_say(RUNTIME, "the Gemini CLI names MCP tools `mcp_<server>_<tool>` (other characters written `_`, at most 63 in all), so a server name holding `_` cannot be told apart from its tools' names, and a longer name is shortened"))
    }

    /// Macro plumbing: a name the macro checked.
    #[doc(hidden)]
    pub const fn __from_static(name: &'static str) -> McpEntry {
        McpEntry(Cow::Borrowed(name))
    }

    /// The entry as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The server it names (`*` for every server).
    pub fn server(&self) -> &str {
        McpEntry::parts(&self.0).map_or("", |(server, _)| server)
    }

    /// The tool it names; `None` for `mcp_<server>_*` (every tool of the server).
    pub fn tool(&self) -> Option<&str> {
        McpEntry::parts(&self.0).and_then(|(_, tool)| (tool != "*").then_some(tool))
    }

    /// Whether an offered tool name (`mcp_<server>_<tool>`) is one this entry names.
    pub fn matches(&self, offered: &str) -> bool {
        match self.tool() {
            Some(_) => offered == self.as_str(),
            None => offered.strip_prefix(&self.0[..self.0.len() - 1]).is_some_and(|tool| !tool.is_empty()),
        }
    }

    /// `(server, tool)` of a name in the grammar; `tool` is `*` for a whole server.
    fn parts(name: &str) -> Option<(&str, &str)> {
        let rest = name.strip_prefix(MCP_PREFIX)?;
        if rest == "*" {
            return Some(("*", "*"));
        }
        let (server, tool) = rest.split_once('_')?;
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | ':');
        let server_ok = !server.is_empty() && server.chars().all(allowed);
        let tool_ok = tool == "*" || (!tool.is_empty() && tool.chars().all(|c| allowed(c) || c == '_'));
        (server_ok && tool_ok).then_some((server, tool))
    }
}

impl GeminiName {
    /// Looks a written name up: a built-in, its legacy alias, an MCP entry, or an error with
    /// a did-you-mean.
    pub fn lookup(name: &str) -> Result<NameLookup<GeminiName>, Error> {
        if name.starts_with(MCP_PREFIX) {
            return McpEntry::new(name).map(|entry| NameLookup::Canonical(GeminiName::Mcp(entry)));
        }
        let pinned = Pinned {
            runtime: RUNTIME,
            cli_version: CLI_VERSION,
            names: GeminiTool::NAMES,
            aliases: ALIASES,
            removed: REMOVED,
        };
        Ok(pinned.lookup(name, GeminiTool::from_canonical(name), GeminiTool::name)?.map(GeminiName::Builtin))
    }

    /// The name as the CLI reads it.
    pub fn as_str(&self) -> &str {
        match self {
            GeminiName::Builtin(tool) => tool.name(),
            GeminiName::Mcp(entry) => entry.as_str(),
        }
    }

    /// Whether an offered tool name is one this entry names.
    pub fn matches(&self, offered: &str) -> bool {
        match self {
            GeminiName::Builtin(tool) => tool.name() == offered,
            GeminiName::Mcp(entry) => entry.matches(offered),
        }
    }
}

impl CatalogName for GeminiName {
    const RUNTIME: &'static str = RUNTIME;
    const CLI_VERSION: &'static str = CLI_VERSION;
    const SELECTION_TYPE: &'static str = "GeminiSelection";
    const NAME_TYPE: &'static str = "GeminiName";

    fn rust_source(&self, private: &str) -> String {
        match self {
            GeminiName::Builtin(tool) => {
                format!("{private}::GeminiName::Builtin({private}::GeminiTool::{})", tool.variant())
            }
            GeminiName::Mcp(entry) => {
                format!("{private}::GeminiName::Mcp({private}::McpEntry::__from_static({:?}))", entry.as_str())
            }
        }
    }

    fn lookup(name: &str) -> Result<NameLookup<GeminiName>, Error> {
        GeminiName::lookup(name)
    }

    fn name(&self) -> &str {
        self.as_str()
    }

    /// `tools.core`, which governs MCP tools too: the built-ins it grants, then `mcp_*`
    /// when MCP tools are kept, or the servers and tools `mcp_tools.only` lists. `disable`
    /// too (SPEC §9): written as the built-ins it keeps, a built-in a newer CLI adds is not
    /// offered until the catalog knows it. So `mcp_tools.disable`, every MCP tool but some,
    /// cannot be said in it, and is refused.
    fn portable_selection(portable: &Portable) -> Result<Selection<GeminiName>, Error> {
        let mut names: Vec<GeminiName> = match portable.shape() {
            PortableShape::DisableAll => Vec::new(),
            _ => portable.built_ins(ROWS, true).map(GeminiName::Builtin).collect(),
        };
        let mcp = portable.mcp().allow_list(McpEntry::EVERY, McpEntry::of, RUNTIME, ALLOW_LIST_ONLY)?;
        names.extend(mcp.into_iter().map(GeminiName::Mcp));
        Ok(if names.is_empty() { Selection::DISABLE_ALL } else { Selection::only(names) })
    }

    fn built_in_capabilities(&self) -> Option<Faces> {
        match self {
            GeminiName::Builtin(tool) => Some(tool.row().faces()),
            GeminiName::Mcp(_) => None,
        }
    }

    fn never_offered(&self) -> bool {
        matches!(self, GeminiName::Builtin(tool) if crate::gemini_cli::catalog::offered::NEVER_HEADLESS.contains(tool))
    }
}

// A built-in, its legacy alias, or an MCP entry; anything else is refused.
string_form!(GeminiName, GeminiName::as_str, parse: |name| GeminiName::lookup(name).map(NameLookup::tool), error: Error, serde);
string_form!(GeminiTool, |tool: &GeminiTool| tool.name());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup() {
        assert_eq!(
            GeminiName::lookup("read_file"),
            Ok(NameLookup::Canonical(GeminiName::Builtin(GeminiTool::ReadFile)))
        );
        let alias = GeminiName::lookup("search_file_content");
        assert_eq!(alias, Ok(NameLookup::Alias(GeminiName::Builtin(GeminiTool::GrepSearch))));
        let suggestion = |name: &str| match GeminiName::lookup(name) {
            Err(Error::UnknownCliTool { suggestion, removed, .. }) => (suggestion, removed),
            other => panic!("{other:?}"),
        };
        assert_eq!(suggestion("Read_File"), (Some("read_file"), false));
        assert_eq!(suggestion("run_shell"), (None, false));
        assert_eq!(suggestion("run_shel_command"), (Some("run_shell_command"), false));
        assert_eq!(suggestion("Search_File_Content"), (Some("grep_search"), false));
        assert_eq!(suggestion("save_memory"), (None, true));
        let message = GeminiName::lookup("readfile").unwrap_err().to_string();
        assert!(message.starts_with("'readfile' is not one of ['activate_skill', "), "{message}");
        assert!(message.ends_with("did you mean `read_file`?"), "{message}");
    }

    #[test]
    fn mcp_grammar() {
        for good in ["mcp_probe_echo", "mcp_probe_*", "mcp_my-server_tool_with_parts", "mcp_a.b_c:d", "mcp_*"] {
            assert!(McpEntry::new(good).is_ok(), "{good}");
        }
        for bad in [
            "mcp_",
            "mcp_probe",
            "mcp_probe_",
            "mcp__echo",
            "mcp_**",
            "mcp_*_echo",
            "mcp_pro be_echo",
            "mcp_probe_e*",
            "mcp_probe_**",
        ] {
            assert_eq!(McpEntry::new(bad), Err(Error::BadMcpEntry { runtime: RUNTIME, name: bad.into() }), "{bad}");
        }
        let server = McpEntry::new("mcp_probe_*").unwrap();
        assert_eq!((server.server(), server.tool()), ("probe", None));
        assert!(
            server.matches("mcp_probe_echo") && !server.matches("mcp_probe_") && !server.matches("mcp_probes_echo")
        );
        let tool = McpEntry::new("mcp_probe_echo").unwrap();
        assert_eq!((tool.server(), tool.tool()), ("probe", Some("echo")));
        assert!(tool.matches("mcp_probe_echo") && !tool.matches("mcp_probe_echo2"));
        let every = McpEntry::EVERY;
        assert_eq!((every.server(), every.tool()), ("*", None));
        assert!(every.matches("mcp_probe_echo") && every.matches("mcp_other_x") && !every.matches("mcp_"));
    }
}
