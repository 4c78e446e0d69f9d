//! The rules the code cites live in the repository: every `SPEC §N` (or `§N.M`) in a source,
//! test, script or document names a section heading of `SPEC.md`.

use std::path::Path;

/// The section numbers `SPEC.md` has: `## 7.` gives `7`, `### 1.4` gives `1.4`.
fn sections() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("SPEC.md")).unwrap();
    text.lines()
        .filter_map(|line| line.strip_prefix("### ").or_else(|| line.strip_prefix("## ")))
        .filter_map(|title| title.split_whitespace().next())
        .map(|number| number.trim_end_matches('.').to_owned())
        .collect()
}

fn files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if !matches!(name.to_str(), Some("target" | ".git" | "node_modules")) {
                files(&path, found);
            }
        } else if path.extension().is_some_and(|e| ["rs", "md", "sh", "py", "toml"].iter().any(|x| e == *x)) {
            found.push(path);
        }
    }
}

#[test]
fn every_citation_names_a_section() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sections = sections();
    assert!(sections.len() > 12, "{sections:?}");
    let mut paths = Vec::new();
    files(root, &mut paths);
    let mut dangling = Vec::new();
    let mut cited = 0;
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        for (at, _) in text.match_indices("SPEC §") {
            let number: String =
                text[at + "SPEC §".len()..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let number = number.trim_end_matches('.');
            if number.is_empty() {
                continue;
            }
            cited += 1;
            if !sections.iter().any(|section| section == number) {
                dangling.push(format!("{}: SPEC §{number}", path.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(cited > 90, "{cited} citations");
    assert!(dangling.is_empty(), "citations of no section of SPEC.md: {dangling:?}");
}
