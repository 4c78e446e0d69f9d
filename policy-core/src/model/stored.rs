//! The names read back from storage (`Deserialize`), each through its one parser. The forms
//! that are objects (entries, selections, resolved policies) are read by the JSON reader
//! (`json::stored`).

use serde::de::{self, Deserialize, Deserializer};

use super::entry::ClientMode;
use super::wire::WireName;
use crate::catalog::claude_code::ClaudeTool;

impl<'de> Deserialize<'de> for WireName {
    /// A wire name, checked by the one grammar.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<WireName, D::Error> {
        let text = String::deserialize(deserializer)?;
        WireName::parse(&text).map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for ClientMode {
    /// `"copilot-cli"` or `"empty"`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ClientMode, D::Error> {
        let text = String::deserialize(deserializer)?;
        ClientMode::parse_json(&text).map_err(de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for ClaudeTool {
    /// A canonical name, or a legacy alias read as its canonical tool.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ClaudeTool, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}
