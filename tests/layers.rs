//! policy-core is layered, and imports between its top-level modules point one way only:
//!
//! ```text
//! text ← catalog ← model ← json, builder ← runtime
//! ```
//!
//! A module is a top-level file or folder of `policy-core/src`; an import is a `crate::…`
//! path (or `super::super::…`) outside `#[cfg(test)]` code. This test reads the sources and
//! fails on any import that points up or sideways, naming the file and line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Each top-level module and its layer; a module may import only from lower layers.
const LAYERS: &[(&str, u8)] = &[("text", 0), ("catalog", 1), ("model", 2), ("json", 3), ("builder", 3), ("runtime", 4)];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(name, _)| *name == module).map(|(_, layer)| *layer)
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text before the file's `#[cfg(test)]` module (test modules stand last in each file).
fn non_test(text: &str) -> &str {
    text.find("#[cfg(test)]\nmod tests").map_or(text, |at| &text[..at])
}

/// The top-level modules a source text imports from, with line numbers.
fn imports(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in non_test(text).lines().enumerate() {
        let code = line.split("//").next().unwrap_or_default();
        assert!(!code.contains("super::super"), "line {}: reach other modules through `crate::`", number + 1);
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let before = rest[..at].chars().last();
            rest = &rest[at + "crate::".len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                continue;
            }
            let names: Vec<&str> = match rest.strip_prefix('{') {
                Some(group) => group.split('}').next().unwrap_or_default().split(',').collect(),
                None => vec![rest],
            };
            for name in names {
                let module: String = name.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                found.push((number + 1, module));
            }
        }
    }
    found
}

/// policy-core's source files, sorted: each path relative to `policy-core/src`, and its text.
fn policy_core_sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("policy-core/src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    files.sort();
    let read =
        |file: PathBuf| (file.strip_prefix(&root).unwrap().to_path_buf(), std::fs::read_to_string(&file).unwrap());
    files.into_iter().map(read).collect()
}

#[test]
fn imports_point_down_the_layers() {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut violations = Vec::new();
    for (relative, text) in &policy_core_sources() {
        let module = relative.components().next().unwrap().as_os_str().to_string_lossy();
        let module = module.trim_end_matches(".rs").to_owned();
        if module == "lib" {
            continue;
        }
        let from = layer(&module).unwrap_or_else(|| panic!("{}: add `{module}` to LAYERS", relative.display()));
        *seen.entry(module.clone()).or_default() += 1;
        for (line, target) in imports(text) {
            // Items at the crate root that are not modules (a `macro_export` macro).
            let Some(to) = layer(&target) else { continue };
            if target != module && to >= from {
                violations.push(format!("{}:{line}: `{module}` imports `{target}`", relative.display()));
            }
        }
    }
    assert_eq!(seen.len(), LAYERS.len(), "every layer has sources: {seen:?}");
    assert!(violations.is_empty(), "imports that point up or sideways:\n{}", violations.join("\n"));
}

#[test]
fn the_error_type_knows_no_catalog_and_the_reader_no_runtime_rule() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("policy-core/src");
    let error = std::fs::read_to_string(root.join("model/error.rs")).unwrap();
    let modules: Vec<String> = imports(&error).into_iter().map(|(_, m)| m).collect();
    assert!(!modules.iter().any(|m| m == "catalog"), "model/error.rs imports the catalog");
    for name in ["CLI_VERSION", "ClaudeTool::", "BUILTIN_TOOLS"] {
        assert!(!non_test(&error).contains(name), "model/error.rs names `{name}`: carry it as data");
    }
    let reader = std::fs::read_to_string(root.join("json/reader.rs")).unwrap();
    for word in ["subagent", "AgentTools", "claude", "copilot", "ClientMode"] {
        assert!(!non_test(&reader).to_lowercase().contains(&word.to_lowercase()), "json/reader.rs knows `{word}`");
    }
}

#[test]
fn the_import_scanner_sees_what_it_must() {
    let text = "use crate::model::Error;\nuse crate::{text, catalog::copilot};\n$crate::x;\n#[cfg(test)]\nmod tests {\nuse crate::runtime;\n}";
    let found: Vec<String> = imports(text).into_iter().map(|(_, m)| m).collect();
    assert_eq!(found, ["model", "text", "catalog"]);
}
