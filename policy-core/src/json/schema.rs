//! The JSON Schema (2020-12) of a `github-cli-builtin-tools` entry. It accepts and rejects
//! exactly what the loader does, with one exception JSON Schema cannot express: a bare name
//! and its `builtin:` form in one list (`["foo", "builtin:foo"]`) are caught by the schema
//! only for the names of the pinned catalog (and `*`); the loader catches every name.

/// The schema text, as shipped in `policy-core/schema/github-cli-builtin-tools.schema.json`.
pub const SCHEMA: &str = include_str!("../../schema/github-cli-builtin-tools.schema.json");
