//! MCP tools in Claude Code's grammar (SPEC §2): `mcp__<server>__<tool>`, a whole server
//! `mcp__<server>` (or `mcp__<server>__*`), every MCP tool `mcp__*`. `--tools` never limits
//! MCP tools and a deny rule outranks every allow, so the main agent's MCP tools are taken
//! away by deny rules only: Claude Code has no allow-list of MCP tools.

use super::catalog::RUNTIME;
use crate::error::Error;
use crate::names::wire::{is_name_char, written_as};
use crate::portable::{McpRef, McpTools, cannot_say};

/// The runtime, as "the ... cannot say" reads.
pub(crate) const CLI: &str = "Claude Code CLI";

/// Why the main agent cannot keep only some MCP tools, and what to write instead.
pub(crate) const NO_ALLOW_LIST: &str = "`--tools` lists built-ins and never limits MCP tools, and a deny rule outranks every allow, so nothing keeps only some MCP tools; name the MCP tools to take away under `disable` (`mcp__<server>`, `mcp__<server>__<tool>`)";

/// The prefix of every MCP tool's name.
pub(crate) const PREFIX: &str = "mcp__";

/// The deny rule of every MCP tool.
pub(crate) const EVERY: &str = "mcp__*";

/// A server's name as the CLI writes it in its tools' names (`mcp__<server>__<tool>`): every
/// character but a letter, a digit, `_` and `-` as `_` (`my.server` offers `mcp__my_server__…`).
pub(crate) fn server_name(server: &str) -> String {
    written_as(server, is_name_char, '_')
}

/// The refusal of `name`, an MCP rule outside the grammar, with the rule the CLI matches
/// when writing its other characters as `_` makes one (`mcp__my.server__x` is
/// `mcp__my_server__x`).
pub(crate) fn bad_rule(name: &str) -> Error {
    let fix = name
        .strip_prefix(PREFIX)
        .map(|rest| format!("{PREFIX}{}", written_as(rest, |c| is_name_char(c) || c == '*', '_')));
    let holds = |fix: &String| fix != name && matches!(read_rule(fix), Some(Ok(_)));
    refused_rule(name, fix.filter(holds))
}

/// The refusal of `name`, an MCP rule outside the grammar, with the rule the CLI matches.
pub(crate) fn refused_rule(name: &str, fix: Option<String>) -> Error {
    Error::BadMcpRule {
        runtime: RUNTIME,
        name: name.to_owned(),
        expected: "`mcp__<server>__<tool>`, `mcp__<server>__*`, `mcp__<server>` or `mcp__*`",
        fix: fix.map(|fix| {
            (fix, "the CLI writes every character of a server's or tool's name but a letter, a digit, `_` and `-` as `_`")
        }),
    }
}

/// The rule naming `reference`: `mcp__<server>` or `mcp__<server>__<tool>`. Where the server
/// and the tool could not be told apart again, it is refused.
pub(crate) fn rule_of(reference: &McpRef) -> Result<String, Error> {
    let (server, tool) = reference.sanitized(is_name_char);
    if server.contains("__") || server.ends_with('_') || tool.as_deref().is_some_and(|tool| tool.starts_with('_')) {
        return Err(reference.cannot_say(CLI, "Claude Code names MCP tools `mcp__<server>__<tool>` (other characters written `_`), so a server name holding `__` or ending in `_`, or a tool name starting with `_`, cannot be told apart"));
    }
    Ok(match tool {
        Some(tool) => format!("{PREFIX}{server}__{tool}"),
        None => format!("{PREFIX}{server}"),
    })
}

/// A `disable` item in the MCP grammar: `None` for another name; inside, `None` for
/// `mcp__*` (every MCP tool), else the server or tool it names.
pub(crate) fn read_rule(name: &str) -> Option<Result<Option<McpRef>, Error>> {
    let rest = name.strip_prefix(PREFIX)?;
    if rest == "*" {
        return Some(Ok(None));
    }
    let written = match rest.split_once("__") {
        Some((server, "*")) => server.to_owned(),
        Some((server, tool)) => format!("{server}/{tool}"),
        None => rest.to_owned(),
    };
    let refused = || bad_rule(name);
    Some(match McpRef::parse(&written) {
        // Read back as written, so a server such as `a_` is refused here, not renamed.
        Ok(reference) if rule_of(&reference).is_ok_and(|rule| name == rule || name == rule.clone() + "__*") => {
            Ok(Some(reference))
        }
        _ => Err(refused()),
    })
}

/// The deny rules MCP tools need, after the built-ins': `mcp__*` for none, one per server
/// or tool of `disable`. What deny rules cannot say ([`check`] refuses it: an allow-list of
/// MCP tools, a name the grammar cannot hold) is never a checked value's; given anyway, it
/// is `mcp__*`, closed rather than open.
pub(crate) fn deny_rules(mcp: &McpTools) -> Vec<String> {
    let every = || vec![EVERY.to_owned()];
    match mcp {
        McpTools::Keep => Vec::new(),
        McpTools::Disable(listed) => listed.iter().map(rule_of).collect::<Result<_, _>>().unwrap_or_else(|_| every()),
        McpTools::None | McpTools::Only(_) => every(),
    }
}

/// Whether the main agent's arguments can say `mcp` exactly: not `only`, and every server
/// of `disable` a name the grammar holds.
pub(crate) fn check(mcp: &McpTools) -> Result<(), Error> {
    match mcp {
        McpTools::Only(_) => Err(cannot_say(CLI, mcp, NO_ALLOW_LIST)),
        McpTools::Disable(listed) => listed.iter().try_for_each(|r| rule_of(r).map(drop)),
        McpTools::Keep | McpTools::None => Ok(()),
    }
}

/// Whether `name` is an MCP tool's, as the CLI names one (`mcp__<server>__<tool>`).
pub(crate) fn is_mcp_tool(name: &str) -> bool {
    name.strip_prefix(PREFIX).is_some_and(|rest| rest.contains("__"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_and_written() {
        let tool = Some(Ok(Some("github/create_issue".parse().unwrap())));
        assert_eq!(read_rule("mcp__github__create_issue"), tool);
        let server = Some(Ok(Some("github".parse().unwrap())));
        assert_eq!(read_rule("mcp__github"), server);
        assert_eq!(read_rule("mcp__github__*"), server);
        assert_eq!(read_rule("mcp__*"), Some(Ok(None)));
        assert_eq!(read_rule("Bash"), None);
        for bad in ["mcp__", "mcp__a___b", "mcp__a_", "mcp__a__", "mcp__a.__b"] {
            assert_eq!(read_rule(bad), Some(Err(refused_rule(bad, None))), "{bad}");
        }
        // A name the CLI writes with `_` for other characters: the rule it matches.
        for (bad, fix) in
            [("mcp__a b", "mcp__a_b"), ("mcp__my.server__x", "mcp__my_server__x"), ("mcp__a.b__*", "mcp__a_b__*")]
        {
            let refused = refused_rule(bad, Some(fix.into()));
            assert_eq!(read_rule(bad), Some(Err(refused)), "{bad}");
        }
        let disable = McpTools::Disable(vec!["github/create_issue".parse().unwrap(), "mail".parse().unwrap()]);
        assert_eq!(deny_rules(&disable), ["mcp__github__create_issue", "mcp__mail"]);
        assert!(check(&disable).is_ok());
        let only = McpTools::Only(vec!["mail".parse().unwrap()]);
        let refused = check(&only).unwrap_err().to_string();
        assert!(
            refused.starts_with("the Claude Code CLI cannot say `mcp_tools` only [mail]: `--tools` lists"),
            "{refused}"
        );
        assert!(check(&McpTools::Disable(vec!["a__b".parse().unwrap()])).is_err());
        assert!(is_mcp_tool("mcp__echo__ping_tool") && !is_mcp_tool("mcp__echo") && !is_mcp_tool("Read"));
        // What deny rules cannot say is closed, never open.
        assert_eq!(deny_rules(&McpTools::Only(vec!["mail".parse().unwrap()])), ["mcp__*"]);
        assert_eq!(deny_rules(&McpTools::Disable(vec!["a__b".parse().unwrap()])), ["mcp__*"]);
    }
}
