//! policy-core is a folder per subject, and imports between its top-level modules point one
//! way only:
//!
//! ```text
//! text, seen ← catalog ← names ← error ← runtime, capability, shape, reader ← review, portable ← selection ← copilot, claude_code, gemini_cli, opencode, codex ← json ← copilot_sdk
//! ```
//!
//! A module is a top-level file or folder of `policy-core/src`; an import is a `crate::…`
//! path (or `super::super::…`) outside `#[cfg(test)]` code. This test reads the sources and
//! fails on any import that points up or sideways, naming the file and line. Inside a folder,
//! files import one another by name (`super::file`), never through the folder's `mod.rs`, and
//! no file imports, directly or through others, one that imports it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tool_policy::runtime::{Runtime, Spelling};

/// Each top-level module and its layer; a module may import only from lower layers. Each
/// runtime's folder is one more, at [`RUNTIME_LAYER`].
const LAYERS: &[(&str, u8)] = &[
    ("text", 0),
    ("seen", 0),
    ("catalog", 1),
    ("names", 2),
    ("error", 3),
    ("runtime", 4),
    ("capability", 4),
    ("shape", 4),
    ("reader", 5),
    ("review", 6),
    ("portable", 6),
    ("selection", 7),
    ("json", 9),
    ("copilot_sdk", 10),
];

/// Each runtime's folder of policy-core (its name in the macro), and its cargo feature (its
/// name on the command line, SPEC §12): from the one list of runtimes.
fn runtimes() -> impl Iterator<Item = (&'static str, &'static str)> {
    Runtime::ALL.into_iter().map(|runtime| (runtime.spelled(Spelling::Macro), runtime.as_str()))
}

/// The layer of every runtime's folder: above the shared layers, below `json`.
const RUNTIME_LAYER: u8 = 8;

fn layer(module: &str) -> Option<u8> {
    if runtimes().any(|(folder, _)| folder == module) {
        return Some(RUNTIME_LAYER);
    }
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

/// The first segment of every path in `code` that starts with `prefix` (not inside a longer
/// path or identifier), one for each name of a `prefix{a, b}` group.
fn segments_after<'t>(code: &'t str, prefix: &str) -> Vec<&'t str> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().last();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':') {
            continue;
        }
        let names: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or_default().split(',').collect(),
            None => vec![rest],
        };
        for name in names {
            let name = name.trim_start();
            let end = name.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(name.len());
            found.push(&name[..end]);
        }
    }
    found
}

/// The code lines of `text` outside its test module, numbered from 1, comments cut.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    non_test(text).lines().enumerate().map(|(i, line)| (i + 1, line.split("//").next().unwrap_or_default()))
}

/// The top-level modules a source text imports from, with line numbers.
fn imports(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, code) in code_lines(text) {
        assert!(!code.contains("super::super"), "line {number}: reach other modules through `crate::`");
        found.extend(segments_after(code, "crate::").into_iter().map(|module| (number, module.to_owned())));
    }
    found
}

/// Every production source file of the three crates: its path from the repository's root
/// (with `/`), and its text.
fn production_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for folder in ["policy-core/src", "policy-macros/src", "src"] {
        sources(&root.join(folder), &mut files);
    }
    files.sort();
    let relative = |path: &Path| path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
    files.into_iter().map(|path| (relative(&path), std::fs::read_to_string(&path).unwrap())).collect()
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
    assert_eq!(seen.len(), LAYERS.len() + Runtime::ALL.len(), "every layer has sources: {seen:?}");
    assert!(violations.is_empty(), "imports that point up or sideways:\n{}", violations.join("\n"));
}

#[test]
fn the_error_type_knows_no_catalog_and_the_reader_no_runtime_rule() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("policy-core/src");
    for (file, error) in policy_core_sources().iter().filter(|(file, _)| file.starts_with("error")) {
        let modules: Vec<String> = imports(error).into_iter().map(|(_, m)| m).collect();
        for runtime in runtimes().map(|(folder, _)| folder).chain(["catalog"]) {
            let imported = modules.iter().any(|m| m == runtime);
            assert!(!imported, "{} imports `{runtime}`, whose folder holds its catalog", file.display());
        }
        for name in ["CLI_VERSION", "ClaudeTool::", "BUILTIN_TOOLS"] {
            assert!(!non_test(error).contains(name), "{} names `{name}`: carry it as data", file.display());
        }
    }
    let reader = std::fs::read_to_string(root.join("reader/tree.rs")).unwrap();
    for word in ["subagent", "AgentTools", "claude", "copilot", "ClientMode"] {
        assert!(!non_test(&reader).to_lowercase().contains(&word.to_lowercase()), "reader/tree.rs knows `{word}`");
    }
}

/// The files of the same folder that `text` (a file of `folder`) imports: `super::file`,
/// and `crate::folder::file`. A `super::` path that names no file of the folder (an item
/// `mod.rs` re-exports) is returned as `Err`, with its line.
fn sibling_imports(text: &str, folder: &str, files: &[String]) -> Vec<Result<String, usize>> {
    let own = format!("crate::{folder}::");
    let mut found = Vec::new();
    for (number, code) in code_lines(text) {
        for prefix in ["super::", own.as_str()] {
            for file in segments_after(code, prefix) {
                if files.iter().any(|f| f == file) {
                    found.push(Ok(file.to_owned()));
                } else if prefix == "super::" && !file.is_empty() {
                    found.push(Err(number));
                }
            }
        }
    }
    found
}

#[test]
fn no_folder_has_an_import_cycle() {
    let sources = policy_core_sources();
    let mut folders: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for (relative, text) in &sources {
        let parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        if parts.len() == 2 && parts[1] != "mod.rs" {
            folders
                .entry(parts[0].clone())
                .or_default()
                .push((parts[1].trim_end_matches(".rs").to_owned(), text.clone()));
        }
    }
    assert!(folders.len() >= 7, "folders: {:?}", folders.keys());
    let mut problems = Vec::new();
    for (folder, files) in &folders {
        let names: Vec<String> = files.iter().map(|(name, _)| name.clone()).collect();
        let mut edges: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        for (name, text) in files {
            for import in sibling_imports(text, folder, &names) {
                match import {
                    Ok(file) if &file != name => edges.entry(name.as_str()).or_default().push(file),
                    Ok(_) => {}
                    Err(line) => problems
                        .push(format!("{folder}/{name}.rs:{line}: import a sibling by its file, not through mod.rs")),
                }
            }
        }
        // Depth-first search for a path from a file back to itself.
        for start in &names {
            let mut stack: Vec<(String, Vec<String>)> = vec![(start.clone(), vec![start.clone()])];
            let mut seen = Vec::new();
            while let Some((at, path)) = stack.pop() {
                for next in edges.get(at.as_str()).into_iter().flatten() {
                    if next == start {
                        problems.push(format!("{folder}/: {} -> {start}", path.join(" -> ")));
                    } else if !seen.contains(next) {
                        seen.push(next.clone());
                        let mut longer = path.clone();
                        longer.push(next.clone());
                        stack.push((next.clone(), longer));
                    }
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "import cycles inside folders:\n{}", problems.join("\n"));
}

#[test]
fn the_cycle_scanner_sees_what_it_must() {
    let files = vec![String::from("entry"), String::from("resolved")];
    let text = "use super::resolved::ToolList;\nuse crate::copilot::entry::X;\nuse super::{entry, Thing};\n#[cfg(test)]\nmod tests {\nuse super::resolved;\n}";
    let found = sibling_imports(text, "copilot", &files);
    assert_eq!(found, [Ok("resolved".into()), Ok("entry".into()), Ok("entry".into()), Err(3)]);
}

#[test]
fn the_import_scanner_sees_what_it_must() {
    let text = "use crate::model::Error;\nuse crate::{text, catalog::copilot};\n$crate::x;\n#[cfg(test)]\nmod tests {\nuse crate::runtime;\n}";
    let found: Vec<String> = imports(text).into_iter().map(|(_, m)| m).collect();
    assert_eq!(found, ["model", "text", "catalog"]);
}

/// A runtime is one folder: outside it, only the crate root (its row of the one list of
/// runtimes, and its re-exports) and, for Copilot, the SDK adapter beside its folder import
/// it; the lists made from the rows (`runtime`, `json`) reach it through the row.
#[test]
fn a_runtime_is_one_folder() {
    let listing = ["lib.rs"];
    let mut outside = Vec::new();
    for (relative, text) in &policy_core_sources() {
        let path = relative.to_string_lossy().replace('\\', "/");
        for (runtime, _) in runtimes() {
            let own = path.starts_with(&format!("{runtime}/"));
            let adapter = runtime == "copilot" && path.starts_with("copilot_sdk/");
            if own || adapter || listing.contains(&path.as_str()) {
                continue;
            }
            if imports(text).iter().any(|(_, module)| module == runtime) {
                outside.push(format!("{path} imports `{runtime}`"));
            }
        }
    }
    assert!(outside.is_empty(), "a runtime's code outside its folder:\n{}", outside.join("\n"));
}

/// A runtime's cargo feature (SPEC §12) sits on its folder and its row of the one list of
/// runtimes, nowhere else outside tests: in policy-core, the crate root; in the macro, its
/// Copilot form; in the facade, its re-exports.
#[test]
fn a_runtime_feature_is_named_only_where_runtimes_are_listed() {
    let allowed =
        ["policy-core/src/lib.rs", "policy-macros/src/lib.rs", "policy-macros/src/translate.rs", "src/lib.rs"];
    let mut found = Vec::new();
    for (relative, text) in production_sources() {
        let text = non_test(&text);
        let named = runtimes().any(|(_, feature)| text.contains(&format!("feature = \"{feature}\"")));
        if named && !allowed.contains(&relative.as_str()) {
            found.push(relative);
        }
    }
    assert!(found.is_empty(), "a runtime's feature outside the lists of runtimes: {found:?}");
}

/// The words that name a runtime in code: its folder (`claude_code`), its feature
/// (`claude-code`) and the stem of its types (`Claude`).
fn names_of(folder: &str, feature: &str) -> [String; 3] {
    let stem = match folder {
        "opencode" => String::from("OpenCode"),
        folder => {
            let word = folder.split('_').next().unwrap_or(folder);
            word[..1].to_uppercase() + &word[1..]
        }
    };
    [folder.to_owned(), feature.to_owned(), stem]
}

/// `code` without its string literals (on one line).
fn without_strings(code: &str) -> String {
    let mut out = String::new();
    let (mut quoted, mut escaped) = (false, false);
    for c in code.chars() {
        match (quoted, escaped, c) {
            (true, false, '\\') => escaped = true,
            (true, true, _) => escaped = false,
            (_, false, '"') => quoted = !quoted,
            (false, _, c) => out.push(c),
            _ => {}
        }
    }
    out
}

/// A new runtime is its folder, its catalog, its row and its feature: outside its folder, each
/// runtime is named in the code of at most three production files (its row in policy-core's
/// root, the facade's module for it, and for the default runtime the macro's form of its
/// entry), comments and string literals aside.
#[test]
fn each_runtime_is_named_in_at_most_three_files_outside_its_folder() {
    let sources = production_sources();
    for (folder, feature) in runtimes() {
        let names = names_of(folder, feature);
        let mut naming = Vec::new();
        for (relative, text) in &sources {
            let own = relative.starts_with(&format!("policy-core/src/{folder}/"))
                || (folder == "copilot" && relative.starts_with("policy-core/src/copilot_sdk/"));
            let names_it = |code: &str| {
                let code = without_strings(code);
                names.iter().any(|name| code.contains(name.as_str()))
            };
            if !own && code_lines(text).any(|(_, code)| names_it(code)) {
                naming.push(relative.clone());
            }
        }
        assert!(naming.len() <= 3, "{folder} is named outside its folder in {}: {naming:?}", naming.len());
        assert!(naming.contains(&String::from("policy-core/src/lib.rs")), "{folder} has its row");
    }
}

/// The longest a production function may be, in lines from its `fn` to its closing brace.
const MAX_FUNCTION_LINES: usize = 60;

/// Every function of `text` outside its test module: its name and its length in lines,
/// braces counted outside string and character literals.
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<String> =
        non_test(text).lines().map(|line| without_strings(line.split("//").next().unwrap_or_default())).collect();
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(at) = line.find("fn ").filter(|at| {
            line[..*at]
                .split_whitespace()
                .all(|word| ["pub", "pub(crate)", "pub(super)", "const", "async", "unsafe"].contains(&word))
        }) else {
            continue;
        };
        let name: String = line[at + 3..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let mut depth = 0i32;
        for (end, line) in lines.iter().enumerate().skip(start) {
            let line = line.replace("'{'", "").replace("'}'", "");
            depth +=
                i32::try_from(line.matches('{').count()).unwrap() - i32::try_from(line.matches('}').count()).unwrap();
            if depth == 0 && (line.contains('}') || line.trim_end().ends_with(';')) {
                found.push((name, end - start + 1));
                break;
            }
        }
    }
    found
}

/// No production function is longer than [`MAX_FUNCTION_LINES`] (the generated catalog and
/// character tables are data, not functions).
#[test]
fn no_production_function_is_over_sixty_lines() {
    let mut long = Vec::new();
    let mut counted = 0;
    let code = production_sources()
        .into_iter()
        .filter(|(path, _)| !path.ends_with("catalog_data.rs") && !path.ends_with("latin_data.rs"));
    for (path, text) in code {
        for (name, length) in functions(&text) {
            counted += 1;
            if length > MAX_FUNCTION_LINES {
                long.push(format!("{path}: `{name}` is {length} lines"));
            }
        }
    }
    assert!(counted > 500, "the scanner finds the functions: {counted}");
    assert!(long.is_empty(), "functions over {MAX_FUNCTION_LINES} lines:\n{}", long.join("\n"));
}

#[test]
fn the_function_scanner_measures_what_it_must() {
    let text = "fn a() {\n    let s = \"}\";\n}\n\npub(crate) fn b(x: u8)\n    -> u8\n{\n    x\n}\nfn c();\n";
    assert_eq!(functions(text), [("a".to_owned(), 3), ("b".to_owned(), 5), ("c".to_owned(), 1)]);
}
