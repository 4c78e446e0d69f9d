//! The names a Codex CLI selection lists: a built-in of the pinned catalog, or an MCP tool as
//! the CLI names it (`mcp__<server>__<tool>`, or `mcp__<server>__*` for a whole server).

use std::borrow::Cow;

use crate::capability::Faces;
use crate::codex::catalog::{CLI_VERSION, CodexTool, REMOVED, ROWS, RUNTIME};
use crate::codex::catalog::{
    disable_all_refused, only_refused, portable_only_refused, portable_switchless, switchless,
};
use crate::error::Error;
use crate::names::wire::is_name_char;
use crate::portable::{McpRef, McpTools, Portable, PortableShape, cannot_say};
use crate::selection::{CatalogName, Group, NameLookup, Pinned, Selection, ShapeDraft};

/// The prefix of every MCP tool's name.
pub const MCP_PREFIX: &str = "mcp__";

/// One name of a Codex CLI selection.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CodexName {
    /// A built-in tool.
    Builtin(CodexTool),
    /// One MCP tool, or every tool of one server.
    Mcp(CodexMcpName),
}

/// An MCP tool as the Codex CLI names it: `mcp__<server>__<tool>`, or `mcp__<server>__*`;
/// the server's name (a key of `mcp_servers`) holds no `__`, and both parts are letters,
/// digits, `_` and `-`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CodexMcpName(Cow<'static, str>);

impl CodexMcpName {
    /// Checks `name` against the grammar.
    pub fn new(name: &str) -> Result<CodexMcpName, Error> {
        match CodexMcpName::parts(name) {
            Some(_) => Ok(CodexMcpName(Cow::Owned(name.to_owned()))),
            None => Err(Error::BadMcpName {
                runtime: RUNTIME,
                name: name.to_owned(),
                expected: "`mcp__<server>__<tool>` or `mcp__<server>__*` (letters, digits, `_` and `-`; a server's name holds no `__` and does not end in `_`, a tool's holds no `__` and does not start with `_`, so the CLI's name is read one way)",
            }),
        }
    }

    /// Macro plumbing: a name the macro checked.
    #[doc(hidden)]
    pub const fn __from_static(name: &'static str) -> CodexMcpName {
        CodexMcpName(Cow::Borrowed(name))
    }

    /// The name as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The server, a key of the CLI's `mcp_servers`.
    pub fn server(&self) -> &str {
        CodexMcpName::parts(&self.0).map_or("", |(server, _)| server)
    }

    /// The tool; `None` for the whole server.
    pub fn tool(&self) -> Option<&str> {
        CodexMcpName::parts(&self.0).and_then(|(_, tool)| (tool != "*").then_some(tool))
    }

    fn parts(name: &str) -> Option<(&str, &str)> {
        let (server, tool) = name.strip_prefix(MCP_PREFIX)?.split_once("__")?;
        let kept = |part: &str| !part.is_empty() && part.chars().all(is_name_char);
        // A tool holding `__` or starting with `_` could be another server's (`mcp__gh__b__x`
        // is also the tool `x` of `gh__b`), as could a server ending in `_`.
        let tool_apart = tool == "*" || kept(tool) && !tool.starts_with('_') && !tool.contains("__");
        (kept(server) && !server.ends_with('_') && tool_apart).then_some((server, tool))
    }
}

impl CodexName {
    /// Looks a written name up: a built-in, an MCP tool, or an error with a did-you-mean.
    pub fn lookup(name: &str) -> Result<NameLookup<CodexName>, Error> {
        if name.starts_with(MCP_PREFIX) {
            return CodexMcpName::new(name).map(|entry| NameLookup::Canonical(CodexName::Mcp(entry)));
        }
        let pinned = Pinned {
            runtime: RUNTIME,
            cli_version: CLI_VERSION,
            names: CodexTool::NAMES,
            aliases: &[],
            removed: REMOVED,
        };
        Ok(pinned.lookup(name, CodexTool::from_canonical(name), CodexTool::name)?.map(CodexName::Builtin))
    }

    /// The name as the CLI reads it.
    pub fn as_str(&self) -> &str {
        match self {
            CodexName::Builtin(tool) => tool.name(),
            CodexName::Mcp(entry) => entry.as_str(),
        }
    }

    /// Whether an offered tool name (`mcp__<server>__<tool>` for an MCP tool) is one this
    /// name names.
    pub fn matches(&self, offered: &str) -> bool {
        match self {
            CodexName::Builtin(tool) => tool.name() == offered,
            CodexName::Mcp(entry) => match entry.tool() {
                Some(_) => offered == entry.as_str(),
                None => {
                    offered.len() > entry.as_str().len() - 1
                        && offered.starts_with(&entry.as_str()[..entry.as_str().len() - 1])
                }
            },
        }
    }
}

impl From<CodexTool> for CodexName {
    fn from(tool: CodexTool) -> CodexName {
        CodexName::Builtin(tool)
    }
}

impl CatalogName for CodexName {
    const RUNTIME: &'static str = RUNTIME;
    const CLI_VERSION: &'static str = CLI_VERSION;
    const SELECTION_TYPE: &'static str = "CodexSelection";
    const NAME_TYPE: &'static str = "CodexName";
    const ALLOW_LIST: bool = false;

    fn rust_source(&self, private: &str) -> String {
        match self {
            CodexName::Builtin(tool) => {
                format!("{private}::CodexName::Builtin({private}::CodexTool::{})", tool.variant())
            }
            CodexName::Mcp(entry) => {
                format!("{private}::CodexName::Mcp({private}::CodexMcpName::__from_static({:?}))", entry.as_str())
            }
        }
    }

    fn lookup(name: &str) -> Result<NameLookup<CodexName>, Error> {
        CodexName::lookup(name)
    }

    fn name(&self) -> &str {
        self.as_str()
    }

    /// A deny-list (SPEC §11: the CLI has no allow-list): every switch that takes away a
    /// built-in the policy takes, whole, then `mcp_tools.disable` in the CLI's grammar. A
    /// switch takes its tools together, so it is turned off when the policy takes any of them
    /// (as OpenCode leaves out a permission the policy grants only part of): the policy never
    /// offers a tool it takes, though it may take more. `only`, `"*"`, a built-in no switch
    /// takes away, and `mcp_tools` other than a `disable` list are refused with the reason.
    fn portable_selection(portable: &Portable) -> Result<Selection<CodexName>, Error> {
        if let Some(error) = CodexName::refuse_portable(portable.shape()) {
            return Err(error);
        }
        let taken: Vec<CodexTool> = portable.built_ins(ROWS, false).collect();
        let off = |tool: &CodexTool| tool.governed_with().any(|member| taken.contains(&member));
        let mut names: Vec<CodexName> = CodexTool::ALL.iter().copied().filter(off).map(CodexName::Builtin).collect();
        names.extend(mcp_deny_list(portable.mcp())?);
        Ok(Selection::disable(names))
    }

    /// A portable `only` or `"*"`, or a `disable` that takes a tool no switch takes away.
    fn refuse_portable(shape: PortableShape) -> Option<Error> {
        let listed = match shape {
            PortableShape::Only(_) => return Some(portable_only_refused()),
            PortableShape::DisableAll => return Some(disable_all_refused()),
            PortableShape::Disable(listed) => listed,
        };
        let policy = Portable::new(shape, McpTools::Keep);
        let switchless = policy.built_ins(ROWS, false).find(|tool| tool.switch().is_none());
        switchless.map(|tool| portable_switchless(tool, listed.intersection(tool.capabilities())))
    }

    fn built_in_capabilities(&self) -> Option<Faces> {
        match self {
            CodexName::Builtin(tool) => Some(tool.row().faces()),
            CodexName::Mcp(_) => None,
        }
    }

    fn refuse_shape(shape: ShapeDraft) -> Option<Error> {
        match shape {
            ShapeDraft::Only => Some(only_refused()),
            ShapeDraft::DisableAll => Some(disable_all_refused()),
            ShapeDraft::Disable => None,
        }
    }

    fn cannot_list(&self) -> Option<Error> {
        match self {
            CodexName::Builtin(tool) => switchless(*tool),
            CodexName::Mcp(_) => None,
        }
    }

    fn group(&self) -> Option<Group> {
        let CodexName::Builtin(tool) = self else { return None };
        let members: Vec<&'static str> = tool.governed_with().map(CodexTool::name).collect();
        (members.len() > 1).then(|| Group { setting: tool.switch_words(), members })
    }
}

/// `mcp_tools` as Codex CLI names: `mcp__<server>__<tool>` and `mcp__<server>__*`, which
/// become `disabled_tools` and `enabled = false`. The CLI has no switch for every MCP tool,
/// nor an allow-list across servers, so `"none"` and `only` are refused.
fn mcp_deny_list(mcp: &McpTools) -> Result<Vec<CodexName>, Error> {
    let listed = match mcp {
        McpTools::Keep => return Ok(Vec::new()),
        McpTools::Disable(listed) => listed,
        McpTools::None | McpTools::Only(_) => return Err(cannot_say(RUNTIME, mcp, NO_ALLOW_LIST)),
    };
    // The grammar reads a name one way only, so a server holding `__` or ending in `_`
    // (`a__b/x` is `mcp__a__b__x`, the tool `b__x` of `a`) is refused by it.
    let name = |reference: &McpRef| {
        let written = format!("{MCP_PREFIX}{}__{}", reference.server(), reference.tool().unwrap_or("*"));
        CodexMcpName::new(&written).map(CodexName::Mcp).map_err(|_| reference.cannot_say(RUNTIME, MCP_NAMES))
    };
    listed.iter().map(name).collect()
}

/// Why a server or tool of `mcp_tools` cannot be said.
const MCP_NAMES: &str = "the library writes a Codex CLI server's key and its tools' names as given, of letters, digits, `_` and `-`, and the CLI names a tool `mcp__<server>__<tool>`, so a server name holding `__` or ending in `_` cannot be told apart from another server's tools";

/// Why `mcp_tools` `"none"` and `only` cannot be said, and what to write instead.
const NO_ALLOW_LIST: &str = "a server is taken away by name (`mcp_servers.<server>.enabled = false`) and nothing reaches the servers the host adds, so nothing keeps only some MCP tools or none; list the servers and tools to take away under `mcp_tools.disable`";

// A built-in or an MCP tool; anything else is refused.
string_form!(CodexName, CodexName::as_str, parse: |name| CodexName::lookup(name).map(NameLookup::tool), error: Error, serde);
string_form!(CodexTool, |tool: &CodexTool| tool.name());

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_and_grammar() {
        assert_eq!(CodexName::lookup("view_image").map(NameLookup::tool), Ok(CodexName::Builtin(CodexTool::ViewImage)));
        let message = CodexName::lookup("exec_comand").unwrap_err().to_string();
        assert!(message.ends_with("did you mean `exec_command`?"), "{message}");
        for good in ["mcp__probe__echo", "mcp__probe__*", "mcp__my-server__ping_tool"] {
            assert!(CodexMcpName::new(good).is_ok(), "{good}");
        }
        for bad in [
            "mcp__probe",
            "mcp____echo",
            "mcp__probe__",
            "mcp__pro be__x",
            "mcp__probe__e*",
            "mcp__gh__b__x",
            "mcp__gh___x",
        ] {
            assert!(matches!(CodexMcpName::new(bad), Err(Error::BadMcpName { .. })), "{bad}");
        }
        let server = CodexName::lookup("mcp__probe__*").unwrap().tool();
        assert!(
            server.matches("mcp__probe__echo")
                && !server.matches("mcp__probes__echo")
                && !server.matches("mcp__probe__")
        );
        let CodexName::Mcp(entry) = server else { panic!() };
        assert_eq!((entry.server(), entry.tool()), ("probe", None));
        let group = CodexName::Builtin(CodexTool::WriteStdin).group().unwrap();
        assert_eq!(
            (group.setting.as_str(), group.members),
            ("`shell_tool` feature", vec!["exec_command", "write_stdin"])
        );
    }
}
