//! The Copilot CLI catalog (CLI 1.0.102, RPC `session.tools.getBuiltinDescriptors`): its data
//! (`catalog_data.rs`, generated from `policy-core/catalogs/copilot.json`: one row per
//! built-in with the names a sub-agent's list takes for it, whether it is offered by default,
//! its platform, its capabilities), and the rules that read a tool's row.

use crate::capability::Capability as C;
use crate::capability::Row;

/// The runtime, as messages name it.
pub const RUNTIME: &str = "Copilot CLI";

include!("catalog_data.rs");
pub(crate) use builtins;

/// The Copilot CLI's own columns of a built-in's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copilot {
    /// Whether a session offers it by default (Linux, `copilot-cli` mode, no handlers).
    pub offered: bool,
    /// Whether it is one of the Windows replacements of the bash family.
    pub windows: bool,
    /// Whether it is offered only to a sub-agent whose list asks for it.
    pub asked_only: bool,
}

macro_rules! names {
    ($($constant:ident = $name:literal,)*) => {
        /// Every built-in tool name of the pinned CLI on Linux, in descriptor order.
        pub const BUILTIN_TOOLS: &[&str] = &[$($name),*];

        /// Whether `name` is a built-in of the pinned CLI (on Linux or Windows).
        pub fn is_builtin(name: &str) -> bool {
            matches!(name, $($name)|*) || WINDOWS_TOOLS.contains(&name)
        }
    };
}
builtins!(names);

/// Every built-in name, Linux and Windows: the candidates of a did-you-mean.
pub fn all_builtins() -> impl Iterator<Item = &'static str> + Clone {
    ROWS.iter().map(|row| row.tool)
}

/// The built-in `name`'s row, when it is one.
pub fn row(name: &str) -> Option<&'static Row<&'static str, Copilot>> {
    // Most names a list holds are no built-in: the catalog's match rules them out at once.
    if !is_builtin(name) {
        return None;
    }
    ROWS.iter().find(|row| row.tool == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_shape() {
        let catalog: Vec<&str> = BUILTIN_TOOLS.iter().chain(WINDOWS_TOOLS).copied().collect();
        crate::capability::assert_covers(ROWS, &catalog);
        let mut names = BUILTIN_TOOLS.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 32);
        assert!(ISOLATED.iter().all(|n| BUILTIN_TOOLS.contains(n)));
        assert!(DEFAULT_OFFERED.iter().all(|n| BUILTIN_TOOLS.contains(n)));
        assert_eq!(DEFAULT_OFFERED.len(), 17);
        for (_, members) in AGENT_ALIASES {
            assert!(members.iter().all(|m| is_builtin(m)), "{members:?}");
        }
        let shell = AGENT_ALIASES.iter().find(|(alias, _)| *alias == "shell").unwrap().1;
        assert_eq!(shell, ["bash", "read_bash", "stop_bash", "list_bash"]);
        assert!(all_builtins().all(is_builtin));
        assert!(!is_builtin("Bash") && !is_builtin("shell"));
    }
}
