//! What a policy says of MCP tools, in one vocabulary for every runtime (SPEC §7): every
//! one kept, none, only some servers and tools, or every one but some. A server is written
//! `github`, one of its tools `github/create_issue`; each runtime writes them in its own
//! grammar, or refuses what it cannot say exactly.

use std::borrow::Cow;
use std::fmt;

use crate::error::Error;
use crate::names::vocab::{DISABLE_KEY, MCP_TOOLS_NONE, ONLY_KEY};
use crate::names::wire::written_as;
use crate::text::Shown;

/// An MCP server (`github`), or one tool of a server (`github/create_issue`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct McpRef {
    server: Cow<'static, str>,
    tool: Option<Cow<'static, str>>,
}

impl McpRef {
    /// Reads `server` or `server/tool`: each part as the host names it (not empty, without
    /// `/`, `*`, a control character or spaces around it). `*` is a pattern in every
    /// runtime's grammar, so a name holding it would be written as one. Each runtime writes
    /// the names as it sanitizes them.
    ///
    /// ```
    /// use policy_core::McpRef;
    /// let tool: McpRef = "github/create_issue".parse().unwrap();
    /// assert_eq!((tool.server(), tool.tool()), ("github", Some("create_issue")));
    /// assert!("github/".parse::<McpRef>().is_err());
    /// ```
    pub fn parse(text: &str) -> Result<McpRef, Error> {
        let part =
            |s: &str| !s.is_empty() && s.trim() == s && !s.chars().any(|c| matches!(c, '/' | '*') || c.is_control());
        let (server, tool) = match text.split_once('/') {
            Some((server, tool)) => (server, Some(tool)),
            None => (text, None),
        };
        if part(server) && tool.is_none_or(part) {
            Ok(McpRef { server: Cow::Owned(server.to_owned()), tool: tool.map(|t| Cow::Owned(t.to_owned())) })
        } else {
            Err(Error::BadMcpRef { written: text.to_owned() })
        }
    }

    /// A server or tool the macro already checked.
    #[doc(hidden)]
    pub const fn __from_static(server: &'static str, tool: Option<&'static str>) -> McpRef {
        McpRef {
            server: Cow::Borrowed(server),
            tool: match tool {
                Some(tool) => Some(Cow::Borrowed(tool)),
                None => None,
            },
        }
    }

    /// The server.
    pub fn server(&self) -> &str {
        &self.server
    }

    /// The tool; `None` for every tool of the server.
    pub fn tool(&self) -> Option<&str> {
        self.tool.as_deref()
    }

    /// The server's and the tool's names as a runtime writes them in its tools' names: each
    /// character it does not `keep` becomes `_`.
    pub(crate) fn sanitized(&self, keep: impl Fn(char) -> bool) -> (String, Option<String>) {
        (written_as(self.server(), &keep, '_'), self.tool().map(|tool| written_as(tool, &keep, '_')))
    }

    /// The refusal of a runtime (as "the ... cannot say" reads) whose grammar cannot name
    /// this server or tool, with the reason; the names are shown escaped.
    pub(crate) fn cannot_say(&self, runtime: &'static str, why: &'static str) -> Error {
        Error::CannotSay {
            runtime,
            what: format!("the MCP tool or server `{}`", Shown(&self.to_string())),
            why: Cow::Borrowed(why),
        }
    }

    /// Whether the server's tool `tool` is this one, or one of this server's.
    pub fn covers(&self, server: &str, tool: &str) -> bool {
        self.server() == server && self.tool().is_none_or(|own| own == tool)
    }

    /// The reference as Rust source through `private`, for the macro's expansion.
    pub(crate) fn rust_source(&self, private: &str) -> String {
        format!("{private}::McpRef::__from_static({:?}, {:?})", self.server(), self.tool())
    }
}

impl fmt::Display for McpRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.tool() {
            Some(tool) => write!(f, "{}/{tool}", self.server()),
            None => f.write_str(self.server()),
        }
    }
}

impl std::str::FromStr for McpRef {
    type Err = Error;

    fn from_str(text: &str) -> Result<McpRef, Error> {
        McpRef::parse(text)
    }
}

impl serde::Serialize for McpRef {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// What becomes of MCP tools.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum McpTools {
    /// Kept, as a built-in-only allow-list keeps them (SPEC §1.4).
    #[default]
    Keep,
    /// `"mcp_tools": "none"`: no MCP tool.
    None,
    /// `"mcp_tools": {"only": [..]}`: the listed servers' tools and the listed tools, no other.
    Only(Vec<McpRef>),
    /// `"mcp_tools": {"disable": [..]}`: every MCP tool but the listed servers' and tools.
    Disable(Vec<McpRef>),
}

impl McpTools {
    /// Whether the MCP tool `tool` of `server` is offered.
    pub fn offers(&self, server: &str, tool: &str) -> bool {
        match self {
            McpTools::Keep => true,
            McpTools::None => false,
            McpTools::Only(listed) => listed.iter().any(|r| r.covers(server, tool)),
            McpTools::Disable(listed) => !listed.iter().any(|r| r.covers(server, tool)),
        }
    }

    /// The listed servers and tools, for `only` and `disable`.
    pub fn listed(&self) -> &[McpRef] {
        match self {
            McpTools::Only(listed) | McpTools::Disable(listed) => listed,
            McpTools::Keep | McpTools::None => &[],
        }
    }

    /// The MCP entries of an allow-list (SPEC §9: a portable policy, where the runtime has
    /// one): `every` when MCP tools are kept, none for `"none"`, each listed server and tool
    /// in the runtime's `name` for `only`. Every MCP tool but some (`disable`) is no
    /// allow-list: `runtime` refuses it with `why`.
    pub(crate) fn allow_list<T>(
        &self,
        every: T,
        name: impl Fn(&McpRef) -> Result<T, Error>,
        runtime: &'static str,
        why: &'static str,
    ) -> Result<Vec<T>, Error> {
        match self {
            McpTools::Keep => Ok(vec![every]),
            McpTools::None => Ok(Vec::new()),
            McpTools::Only(listed) => listed.iter().map(name).collect(),
            McpTools::Disable(_) => Err(cannot_say(runtime, self, why)),
        }
    }

    /// The policy in its own words, for messages.
    pub fn describe(&self) -> String {
        let list = |listed: &[McpRef]| listed.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
        match self {
            McpTools::Keep => String::from("kept"),
            McpTools::None => String::from("none"),
            McpTools::Only(listed) => format!("only [{}]", list(listed)),
            McpTools::Disable(listed) => format!("all but [{}]", list(listed)),
        }
    }

    /// The value as Rust source through `private`, for the macro's expansion.
    pub(crate) fn rust_source(&self, private: &str) -> String {
        let list = |listed: &[McpRef]| {
            let items: Vec<String> = listed.iter().map(|r| r.rust_source(private)).collect();
            format!("{private}::vec![{}]", items.join(", "))
        };
        match self {
            McpTools::Keep => format!("{private}::McpTools::Keep"),
            McpTools::None => format!("{private}::McpTools::None"),
            McpTools::Only(listed) => format!("{private}::McpTools::Only({})", list(listed)),
            McpTools::Disable(listed) => format!("{private}::McpTools::Disable({})", list(listed)),
        }
    }
}

impl serde::Serialize for McpTools {
    /// The value of `mcp_tools`: `"none"`, `{"only": [..]}` or `{"disable": [..]}`; `null`
    /// for [`McpTools::Keep`], which a policy says by leaving `mcp_tools` out.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let (key, listed) = match self {
            McpTools::Keep => return serializer.serialize_none(),
            McpTools::None => return serializer.serialize_str(MCP_TOOLS_NONE),
            McpTools::Only(listed) => (ONLY_KEY, listed),
            McpTools::Disable(listed) => (DISABLE_KEY, listed),
        };
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(key, listed)?;
        map.end()
    }
}

/// The refusal of a runtime (`Claude Code CLI`, as "the ... cannot say" reads) that cannot
/// say `mcp` exactly, with the reason and what to write instead.
pub(crate) fn cannot_say(runtime: &'static str, mcp: &McpTools, why: &'static str) -> Error {
    Error::CannotSay { runtime, what: format!("`mcp_tools` {}", Shown(&mcp.describe())), why: Cow::Borrowed(why) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_and_the_rule() {
        let server: McpRef = "github".parse().unwrap();
        let tool: McpRef = "mail/send".parse().unwrap();
        assert_eq!((server.to_string(), tool.to_string()), ("github".into(), "mail/send".into()));
        for bad in ["", "/", "a/", "/b", "a/b/c", " a", "a/b ", "a\nb", "*", "gh/*", "g*/x", "a\u{7}"] {
            assert_eq!(McpRef::parse(bad), Err(Error::BadMcpRef { written: bad.into() }), "{bad}");
        }
        let only = McpTools::Only(vec![server.clone(), tool.clone()]);
        assert!(only.offers("github", "x") && only.offers("mail", "send") && !only.offers("mail", "delete"));
        let disable = McpTools::Disable(vec![tool]);
        assert!(disable.offers("mail", "read") && !disable.offers("mail", "send") && disable.offers("github", "x"));
        assert!(McpTools::Keep.offers("a", "b") && !McpTools::None.offers("a", "b"));
        assert_eq!(only.describe(), "only [github, mail/send]");
        assert_eq!(McpRef::__from_static("a", Some("b")), "a/b".parse().unwrap());
        let spaced: McpRef = "Postgres MCP/read.only".parse().unwrap();
        assert_eq!(
            spaced.sanitized(crate::names::wire::is_name_char),
            ("Postgres_MCP".into(), Some("read_only".into()))
        );
    }
}
