//! The shape of a selection, shared by every form that takes one (a Claude Code or Gemini CLI
//! selection, a portable policy): exactly one of `only` and `disable`; `disable` takes `"*"`
//! or a list, `only` a list (SPEC §2, §7).

use crate::error::Error;
use crate::names::vocab::{DISABLE_ALL, DISABLE_KEY};

/// Front-door plumbing: which shape a selection was written in, before its names are checked.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeDraft {
    /// `disable: "*"`.
    DisableAll,
    /// `disable: [...]`.
    Disable,
    /// `only: [...]`.
    Only,
}

/// How a front door saw the value of `only` or `disable`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub enum ShapeValue<'a> {
    /// A string.
    Str(&'a str),
    /// A list.
    List,
    /// Anything else, named as the front door names it.
    Other(&'static str),
}

impl ShapeDraft {
    /// The shape rule of SPEC §2, for the one key given (`only` or `disable`): `disable`
    /// takes `"*"` or a list, `only` a list. That exactly one key is given is checked by
    /// [`ShapeDraft::one_key`].
    pub fn of(key: &str, value: ShapeValue<'_>) -> Result<ShapeDraft, Error> {
        let disable = key == DISABLE_KEY;
        match value {
            ShapeValue::Str(DISABLE_ALL) if disable => Ok(ShapeDraft::DisableAll),
            ShapeValue::Str(other) if disable => Err(Error::DisableString { value: other.to_owned() }),
            ShapeValue::List if disable => Ok(ShapeDraft::Disable),
            ShapeValue::List => Ok(ShapeDraft::Only),
            ShapeValue::Str(_) | ShapeValue::Other(_) => Err(Error::WrongType {
                expected: if disable { "`\"*\"` or a list of tool names" } else { "a list of tool names" },
                found: match value {
                    ShapeValue::Other(found) => found,
                    _ => "a string",
                },
            }),
        }
    }

    /// Exactly one of `only` and `disable` (SPEC §2), given whether each was written.
    pub fn one_key(only: bool, disable: bool, runtime: &'static str) -> Result<(), Error> {
        if only == disable { Err(Error::BadShape { runtime }) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_rule() {
        assert_eq!(ShapeDraft::of("disable", ShapeValue::Str("*")), Ok(ShapeDraft::DisableAll));
        assert_eq!(ShapeDraft::of("disable", ShapeValue::List), Ok(ShapeDraft::Disable));
        assert_eq!(ShapeDraft::of("only", ShapeValue::List), Ok(ShapeDraft::Only));
        assert_eq!(
            ShapeDraft::of("disable", ShapeValue::Str("all")),
            Err(Error::DisableString { value: "all".into() })
        );
        assert!(matches!(
            ShapeDraft::of("only", ShapeValue::Str("*")),
            Err(Error::WrongType { found: "a string", .. })
        ));
        assert!(matches!(ShapeDraft::of("only", ShapeValue::Other("a number")), Err(Error::WrongType { .. })));
        let shape = Err(Error::BadShape { runtime: "Claude Code" });
        assert_eq!(ShapeDraft::one_key(true, true, "Claude Code"), shape);
        assert_eq!(ShapeDraft::one_key(false, false, "Claude Code"), shape);
        assert!(ShapeDraft::one_key(true, false, "Claude Code").is_ok());
    }
}
