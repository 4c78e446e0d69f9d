//! The stored forms read back (`Deserialize`): reading is a front door like the others and
//! goes through this reader. The input, from any self-describing deserializer, becomes the
//! reader's tree, and the same checks give the same errors as the document readers. A refusal
//! is one serde error that holds every error found, `; `-separated, each naming the stored
//! form's own key where it is not the whole value. Each form's `Deserialize` lives beside its
//! type.

use serde::de::{self, Deserialize, Deserializer};

use super::options::{LoadError, Options};
use super::tree::{Node, Sink, Value};
use crate::text::Shown;

/// Reads the deserializer's value with `read`; every error the reader found, or none.
pub(crate) fn read_stored<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    read: impl FnOnce(Node<'_>, &mut Sink) -> Option<T>,
) -> Result<T, D::Error> {
    let value = Value::deserialize(deserializer)?;
    let mut sink = Sink::reading(Node::root(&value), Options::default());
    let read = read(Node::root(&value), &mut sink);
    match (sink.finish(), read) {
        (Ok(_), Some(value)) => Ok(value),
        (Err(LoadError::Invalid(report)), _) => {
            let messages: Vec<String> = report
                .errors
                .iter()
                .map(|error| match error.pointer.as_str() {
                    "" => error.item.to_string(),
                    pointer => format!("{} (at {})", error.item, Shown(pointer)),
                })
                .collect();
            Err(de::Error::custom(messages.join("; ")))
        }
        // Every reader reports why it read nothing; were one not to, the value is still
        // refused.
        _ => Err(de::Error::custom("refused: the value holds no valid form")),
    }
}
