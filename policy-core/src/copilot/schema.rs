//! The JSON Schema (2020-12) of a `github-cli-builtin-tools` entry. It accepts and rejects
//! exactly what the loader does, with three exceptions JSON Schema cannot express: a bare name
//! and its `builtin:` form in one list (`["foo", "builtin:foo"]`) are caught by the schema
//! only for the names of the pinned catalog (and `*`), a key that only reads as one that
//! governs tools (`Kind`, `excludedtools`) is not caught at all, and neither are two custom
//! agents of one `name` (the schema compares whole items only); the loader catches all three.

/// The schema text, as shipped in `policy-core/schema/github-cli-builtin-tools.schema.json`.
pub const SCHEMA: &str = include_str!("../../schema/github-cli-builtin-tools.schema.json");
