//! A typed constant for every built-in of the pinned Copilot catalog, generated from the one
//! list in [`copilot::catalog`](crate::copilot::catalog).
//!
//! A typo in a constant (`copilot::BAHS`) is an unresolved-name error with rustc's own
//! suggestion. The constants are bare names, exactly like `wire!("bash")`: in an allow-list
//! they govern built-ins only (SPEC §1.4 rule 3).

use crate::copilot::catalog as copilot;
use crate::names::wire::WireName;
use crate::text::did_you_mean;

macro_rules! constants {
    ($($constant:ident = $name:literal,)*) => {
        $(
            #[doc = concat!("The built-in tool `", $name, "`.")]
            pub const $constant: WireName = WireName::from_static($name);
        )*
    };
}
copilot::builtins!(constants);

/// The isolated set, source-qualified, as an allow- or deny-list receives it.
pub(crate) const ISOLATED_QUALIFIED: [WireName; 10] = [
    WireName::from_static("builtin:ask_user"),
    WireName::from_static("builtin:task_complete"),
    WireName::from_static("builtin:exit_plan_mode"),
    WireName::from_static("builtin:task"),
    WireName::from_static("builtin:read_agent"),
    WireName::from_static("builtin:write_agent"),
    WireName::from_static("builtin:list_agents"),
    WireName::from_static("builtin:send_inbox"),
    WireName::from_static("builtin:context_board"),
    WireName::from_static("builtin:skill"),
];

/// The catalog name nearest to `name`, for a did-you-mean.
pub fn suggest(name: &str) -> Option<&'static str> {
    did_you_mean(name, copilot::all_builtins())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_are_bare_catalog_names() {
        assert_eq!(BASH.as_str(), "bash");
        assert_eq!(WEB_FETCH.as_str(), "web_fetch");
        assert!(!BASH.is_qualified());
        assert_eq!(suggest("bsah"), Some("bash"));
        assert_eq!(suggest("webfetch"), Some("web_fetch"));
        assert_eq!(ISOLATED_QUALIFIED.len(), copilot::ISOLATED.len());
        for (bare, qualified) in copilot::ISOLATED.iter().zip(&ISOLATED_QUALIFIED) {
            assert_eq!(qualified.name(), *bare);
        }
    }
}
