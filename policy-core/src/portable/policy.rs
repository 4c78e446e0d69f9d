//! The portable policy's value and its one rule.
use serde::ser::SerializeMap;

use super::mcp::McpTools;
use crate::capability::{Capabilities, Capability, Row};
use crate::names::vocab::{DISABLE_ALL, DISABLE_KEY, MCP_TOOLS_KEY, ONLY_KEY};

/// A portable policy.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Portable {
    shape: PortableShape,
    mcp: McpTools,
}

/// What a portable policy says of built-ins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PortableShape {
    /// `{"only": [..]}`: the built-ins all of whose capabilities are listed.
    Only(Capabilities),
    /// `{"disable": [..]}`: every built-in but those with a listed capability.
    Disable(Capabilities),
    /// `{"disable": "*"}`: no built-in.
    DisableAll,
}

impl Portable {
    /// `{"disable": "*"}`: no built-in; MCP tools kept.
    pub const DISABLE_ALL: Portable = Portable { shape: PortableShape::DisableAll, mcp: McpTools::Keep };

    /// `{"only": [..]}`: the built-ins all of whose capabilities are among `capabilities`.
    pub fn only(capabilities: impl IntoIterator<Item = Capability>) -> Portable {
        Portable { shape: PortableShape::Only(capabilities.into_iter().collect()), mcp: McpTools::Keep }
    }

    /// `{"disable": [..]}`: every built-in but those with any of `capabilities`.
    pub fn disable(capabilities: impl IntoIterator<Item = Capability>) -> Portable {
        Portable { shape: PortableShape::Disable(capabilities.into_iter().collect()), mcp: McpTools::Keep }
    }

    /// The policy of a shape and what becomes of MCP tools.
    pub const fn new(shape: PortableShape, mcp: McpTools) -> Portable {
        Portable { shape, mcp }
    }

    /// The same policy, with `"mcp_tools": "none"`.
    #[must_use]
    pub fn without_mcp(self) -> Portable {
        self.with_mcp(McpTools::None)
    }

    /// The same policy, with what becomes of MCP tools.
    #[must_use]
    pub fn with_mcp(self, mcp: McpTools) -> Portable {
        Portable { shape: self.shape, mcp }
    }

    /// What it says of built-ins.
    pub const fn shape(&self) -> PortableShape {
        self.shape
    }

    /// What becomes of MCP tools.
    pub const fn mcp(&self) -> &McpTools {
        &self.mcp
    }

    /// The rule (SPEC §7): whether a built-in that has `capabilities` is offered.
    pub const fn grants(&self, capabilities: Capabilities) -> bool {
        match self.shape {
            PortableShape::Only(listed) => capabilities.is_subset(listed),
            PortableShape::Disable(listed) => !capabilities.intersects(listed),
            PortableShape::DisableAll => false,
        }
    }

    /// Whether every MCP tool is kept.
    pub const fn keeps_mcp(&self) -> bool {
        matches!(self.mcp, McpTools::Keep)
    }

    /// The built-ins of a runtime's capability table the policy offers (`granted`), or those
    /// it takes away, in the table's order: what each runtime's own value lists.
    pub(crate) fn built_ins<T: Copy, X>(&self, table: &[Row<T, X>], granted: bool) -> impl Iterator<Item = T> {
        table.iter().filter(move |row| self.grants(row.capabilities()) == granted).map(|row| row.tool)
    }
}

impl serde::Serialize for Portable {
    /// Its own JSON form, the value of `capabilities`: `{"only": ["read", "search"]}`,
    /// `{"disable": "*", "mcp_tools": "none"}`, ...
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let words = |listed: Capabilities| listed.iter().map(Capability::word).collect::<Vec<_>>();
        let mut map = serializer.serialize_map(None)?;
        match self.shape {
            PortableShape::Only(listed) => map.serialize_entry(ONLY_KEY, &words(listed))?,
            PortableShape::Disable(listed) => map.serialize_entry(DISABLE_KEY, &words(listed))?,
            PortableShape::DisableAll => map.serialize_entry(DISABLE_KEY, DISABLE_ALL)?,
        }
        if self.mcp != McpTools::Keep {
            map.serialize_entry(MCP_TOOLS_KEY, &self.mcp)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capability::Capability as C;

    #[test]
    fn the_rule() {
        let read_search = Capabilities::of(&[C::Read, C::Search]);
        let only = Portable::only([C::Read, C::Search]);
        assert!(only.grants(Capabilities::of(&[C::Read])) && only.grants(read_search));
        assert!(!only.grants(Capabilities::of(&[C::Read, C::Execute])), "a shell has more than it lists");
        let no_web = Portable::disable([C::Web]);
        assert!(no_web.grants(read_search) && !no_web.grants(Capabilities::of(&[C::Execute, C::Web])));
        assert!(!Portable::DISABLE_ALL.grants(Capabilities::of(&[C::Meta])));
        assert!(only.keeps_mcp() && !only.without_mcp().keeps_mcp());
        let json = serde_json::to_value(Portable::disable([C::Web, C::Execute]).without_mcp()).unwrap();
        assert_eq!(json, serde_json::json!({"disable": ["execute", "web"], "mcp_tools": "none"}));
        let some = Portable::only([C::Read]).with_mcp(McpTools::Disable(vec!["mail/send".parse().unwrap()]));
        let json = serde_json::to_value(some).unwrap();
        assert_eq!(json, serde_json::json!({"only": ["read"], "mcp_tools": {"disable": ["mail/send"]}}));
    }
}
