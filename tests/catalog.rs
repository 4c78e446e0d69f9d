//! A catalog is data (SPEC §9): one row per built-in in `policy-core/catalogs/<runtime>.json`,
//! from which each runtime's Rust constants (`catalog_data.rs`, included by its `catalog.rs`),
//! its capability table and the README's table derive. This test renders the data and holds
//! the checked-in Rust to it; `UPDATE_CATALOG=1 cargo test --test catalog` writes it (as
//! `tests/catalog/refresh.sh --write` does after a refresh). It also lists the rows whose
//! capabilities a person has still to decide.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn data(runtime: &str) -> Map<String, Value> {
    let path = root().join("policy-core/catalogs").join(format!("{runtime}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A row's value at `key`, checked to be of its type.
struct Columns<'a> {
    runtime: &'a str,
    row: &'a Map<String, Value>,
}

impl<'a> Columns<'a> {
    fn name(&self) -> &'a str {
        self.str("name")
    }

    fn str(&self, key: &str) -> &'a str {
        self.row.get(key).and_then(Value::as_str).unwrap_or_else(|| self.fail(key, "a string"))
    }

    fn opt_str(&self, key: &str) -> Option<&'a str> {
        self.row.get(key).map(|v| v.as_str().unwrap_or_else(|| self.fail(key, "a string")))
    }

    fn strs(&self, key: &str) -> Vec<&'a str> {
        match self.row.get(key) {
            None => Vec::new(),
            Some(Value::Array(items)) => {
                items.iter().map(|v| v.as_str().unwrap_or_else(|| self.fail(key, "a list of strings"))).collect()
            }
            Some(_) => self.fail(key, "a list of strings"),
        }
    }

    fn flag(&self, key: &str) -> bool {
        self.row.get(key).is_some_and(|v| v.as_bool().unwrap_or_else(|| self.fail(key, "a boolean")))
    }

    fn one_of(&self, key: &str, words: &[&str]) -> &'a str {
        let word = self.str(key);
        assert!(words.contains(&word), "{}: {}: `{key}` is `{word}`, not one of {words:?}", self.runtime, self.name());
        word
    }

    /// Only `allowed` keys, each checked by its reader: a column the generator does not read
    /// would be data no rule sees.
    fn closed(&self, allowed: &[&str]) {
        for key in self.row.keys() {
            assert!(allowed.contains(&key.as_str()), "{}: {}: unknown column `{key}`", self.runtime, self.name());
        }
    }

    fn fail(&self, key: &str, expected: &str) -> ! {
        panic!("{}: {}: `{key}` must be {expected}", self.runtime, self.row.get("name").unwrap_or(&Value::Null))
    }
}

/// The capability words, as their Rust variants.
fn capability(word: &str) -> &'static str {
    const WORDS: [(&str, &str); 13] = [
        ("execute", "Execute"),
        ("read", "Read"),
        ("search", "Search"),
        ("edit", "Edit"),
        ("web", "Web"),
        ("agent", "Agent"),
        ("todo", "Todo"),
        ("ask", "Ask"),
        ("plan", "Plan"),
        ("schedule", "Schedule"),
        ("skill", "Skill"),
        ("mcp", "Mcp"),
        ("meta", "Meta"),
    ];
    WORDS.iter().find(|(w, _)| *w == word).map_or_else(|| panic!("unknown capability `{word}`"), |(_, v)| *v)
}

fn list(items: &[&str], each: impl Fn(&str) -> String) -> String {
    format!("&[{}]", items.iter().map(|item| each(item)).collect::<Vec<_>>().join(", "))
}

fn quoted(text: &str) -> String {
    format!("{text:?}")
}

/// The columns every runtime's rows share, as the fields of `Row` before its own.
fn common(columns: &Columns<'_>, tool: &str, builds: &[&str]) -> String {
    let (shows, hides) = (columns.strs("shows"), columns.strs("hides"));
    let undecided = columns.flag("undecided");
    if undecided {
        let every: BTreeSet<&str> = shows.iter().chain(&hides).copied().collect();
        assert_eq!(every.len(), 13, "{}: {}: an undecided row has every capability", columns.runtime, columns.name());
    }
    let row_builds = columns.strs("builds");
    for build in &row_builds {
        assert!(
            builds.contains(build),
            "{}: {}: build `{build}` is not the catalog's",
            columns.runtime,
            columns.name()
        );
    }
    format!(
        "tool: {tool}, aliases: {}, shows: {}, hides: {}, because: {}, builds: {}, undecided: {undecided}",
        list(&columns.strs("aliases"), quoted),
        list(&shows, |w| format!("C::{}", capability(w))),
        list(&hides, |w| format!("C::{}", capability(w))),
        quoted(columns.str("because")),
        list(&row_builds, quoted),
    )
}

const COMMON: &[&str] = &["name", "aliases", "shows", "hides", "because", "description", "builds", "undecided"];

/// The header of a generated file, and the catalog's builds.
fn header(runtime: &str, catalog: &Map<String, Value>, out: &mut String) -> Vec<String> {
    let builds: Vec<String> = catalog["builds"]
        .as_array()
        .expect("builds")
        .iter()
        .map(|build| build["version"].as_str().expect("a build's version").to_owned())
        .collect();
    writeln!(
        out,
        "// Generated from `policy-core/catalogs/{runtime}.json` by `tests/catalog.rs`: edit the data and run\n\
         // `UPDATE_CATALOG=1 cargo test --test catalog`, never this file.\n\n\
         /// The builds of the CLI this catalog covers, the pinned one first.\n\
         pub const BUILDS: &[&str] = {};\n\n\
         /// The CLI version the library pins: its live tests and its arguments are this build's.\n\
         pub const CLI_VERSION: &str = {:?};\n",
        list(&builds.iter().map(String::as_str).collect::<Vec<_>>(), quoted),
        builds[0],
    )
    .unwrap();
    builds
}

fn rows(catalog: &Map<String, Value>) -> Vec<&Map<String, Value>> {
    catalog["tools"].as_array().expect("tools").iter().map(|row| row.as_object().expect("a row object")).collect()
}

fn enum_of(name: &str, doc: &str, variants: &[(String, String)]) -> String {
    let mut out = format!("catalog! {{\n    /// {doc}\n    {name};\n");
    for (variant, tool) in variants {
        writeln!(out, "    {variant} = {tool:?},").unwrap();
    }
    out.push_str("}\n");
    out
}

/// The catalog's enum and the head of its table of rows: each row's variant and name.
fn enum_and_rows_head(
    runtime: &str,
    rows: &[&Map<String, Value>],
    (tool_type, columns): (&str, &str),
    doc: &str,
    out: &mut String,
) -> Vec<(String, String)> {
    let variants: Vec<(String, String)> = rows
        .iter()
        .map(|row| {
            let c = Columns { runtime, row };
            (c.str("variant").to_owned(), c.name().to_owned())
        })
        .collect();
    out.push_str(&enum_of(tool_type, doc, &variants));
    writeln!(out, "\n/// One row per built-in, in catalog order.\npub const ROWS: &[Row<{tool_type}, {columns}>] = &[")
        .unwrap();
    variants
}

fn claude_code() -> String {
    let runtime = "claude-code";
    let catalog = data(runtime);
    let mut out = String::new();
    let builds = header(runtime, &catalog, &mut out);
    let builds: Vec<&str> = builds.iter().map(String::as_str).collect();
    let rows = rows(&catalog);
    let variants: Vec<(String, String)> = rows
        .iter()
        .map(|row| {
            let c = Columns { runtime, row };
            (c.str("variant").to_owned(), c.name().to_owned())
        })
        .collect();
    let variant_of = |name: &str| {
        let (variant, _) = variants.iter().find(|(_, n)| n == name).unwrap_or_else(|| panic!("no tool `{name}`"));
        format!("ClaudeTool::{variant}")
    };
    out.push_str(&enum_of(
        "ClaudeTool",
        "A built-in tool of the Claude Code catalog, of every build it covers.",
        &variants,
    ));
    out.push_str("\n/// One row per built-in, in catalog order.\npub const ROWS: &[Row<ClaudeTool, Claude>] = &[\n");
    let (mut aliases, mut default) = (Vec::new(), Vec::new());
    for row in &rows {
        let c = Columns { runtime, row };
        c.closed(&[COMMON, &["variant", "offered", "subagents", "with", "without"]].concat());
        let tool = variant_of(c.name());
        let offered = c.one_of("offered", &["default", "listed", "gated"]);
        let subagents = c.one_of("subagents", &["bounded", "listed", "foreground", "never"]);
        let other = |key: &str| {
            c.opt_str(key).map_or_else(|| String::from("None"), |name| format!("Some({})", variant_of(name)))
        };
        writeln!(
            out,
            "    Row {{ {}, runtime: Claude {{ offered: Offered::{}, subagents: SubAgents::{}, with: {}, without: {} }} }},",
            common(&c, &tool, &builds),
            camel(offered),
            camel(subagents),
            other("with"),
            other("without"),
        )
        .unwrap();
        aliases.extend(c.strs("aliases").into_iter().map(|alias| format!("({alias:?}, {tool})")));
        if offered == "default" {
            default.push(tool);
        }
    }
    out.push_str("];\n");
    writeln!(
        out,
        "\n/// Legacy names every flag still honours, with the canonical tool each stands for.\n\
         pub const ALIASES: &[(&str, ClaudeTool)] = &[{}];\n\n\
         /// Names earlier CLIs had and no build of the catalog knows.\n\
         pub const REMOVED: &[&str] = {};\n\n\
         /// Offered by default in `-p` with an API key (the rows offered `default`; the model and\n\
         /// settings can add more).\n\
         pub const DEFAULT_OFFERED: &[ClaudeTool] = &[{}];",
        aliases.join(", "),
        list(&catalog_strs(&catalog, "removed"), quoted),
        default.join(", "),
    )
    .unwrap();
    out
}

/// The approval modes, as the data spells them and as their Rust variants.
const MODES: [(&str, &str); 4] =
    [("default", "Default"), ("auto_edit", "AutoEdit"), ("yolo", "Yolo"), ("plan", "Plan")];

fn gemini_cli() -> String {
    let runtime = "gemini-cli";
    let catalog = data(runtime);
    let mut out = String::new();
    let builds = header(runtime, &catalog, &mut out);
    let builds: Vec<&str> = builds.iter().map(String::as_str).collect();
    let rows = rows(&catalog);
    let variants = enum_and_rows_head(
        runtime,
        &rows,
        ("GeminiTool", "Gemini"),
        "A built-in tool of the Gemini CLI catalog.",
        &mut out,
    );
    let mut aliases = Vec::new();
    let mut offered: Vec<Vec<String>> = vec![Vec::new(); MODES.len() + 2];
    let mut registered = Vec::new();
    for (row, (variant, _)) in rows.iter().zip(&variants) {
        let c = Columns { runtime, row };
        c.closed(&[COMMON, &["variant", "modes", "investigator", "registered_as"]].concat());
        let tool = format!("GeminiTool::{variant}");
        let modes = c.strs("modes");
        for mode in &modes {
            assert!(MODES.iter().any(|(m, _)| m == mode), "{}: unknown mode `{mode}`", c.name());
        }
        let investigator = c.flag("investigator");
        let registered_as = c.opt_str("registered_as");
        writeln!(
            out,
            "    Row {{ {}, runtime: Gemini {{ modes: {}, investigator: {investigator}, registered_as: {} }} }},",
            common(&c, &tool, &builds),
            list(&modes, |m| format!("ApprovalMode::{}", MODES.iter().find(|(w, _)| *w == m).unwrap().1)),
            registered_as.map_or_else(|| String::from("None"), |name| format!("Some({name:?})")),
        )
        .unwrap();
        aliases.extend(c.strs("aliases").into_iter().map(|alias| format!("({alias:?}, {tool})")));
        for (i, (mode, _)) in MODES.iter().enumerate() {
            if modes.contains(mode) {
                offered[i].push(variant.clone());
            }
        }
        if investigator {
            offered[4].push(variant.clone());
        }
        if modes.is_empty() && !investigator {
            offered[5].push(variant.clone());
        }
        registered.extend(registered_as.map(|name| format!("({tool}, {name:?})")));
    }
    out.push_str("];\n");
    writeln!(
        out,
        "\n/// Legacy names, with the tool each stands for. The CLI resolves them when the model calls\n\
         /// a tool, but neither `tools.core` nor a policy rule matches them (live cases\n\
         /// `control-core-alias` and `control-deny-alias`), so the library always writes the\n\
         /// tool's own name.\n\
         pub const ALIASES: &[(&str, GeminiTool)] = &[{}];\n\n\
         /// Names earlier CLIs had and no build of the catalog knows.\n\
         pub const REMOVED: &[&str] = {};\n\n\
         /// Tools `tools.core` must also name by their registration name (the rows' `registered_as`):\n\
         /// the CLI registers a tool under `tools.core` when the list names the tool or its class,\n\
         /// and a tool class without a static name is known by its class name only.\n\
         pub const CORE_ALSO: &[(GeminiTool, &str)] = &[{}];",
        aliases.join(", "),
        list(&catalog_strs(&catalog, "removed"), quoted),
        registered.join(", "),
    )
    .unwrap();
    let docs = [
        "`--approval-mode default`: tools that would ask for confirmation are not offered, since a\n    /// headless session cannot ask.",
        "`--approval-mode auto_edit`: the default set and the edit tools.",
        "`--approval-mode yolo`: every tool a headless main session registers and can run. It is\n    /// also what an allow-list (`tools.core`) can offer in the modes other than `plan`, since\n    /// the CLI turns `tools.core` into allow rules there.",
        "`--approval-mode plan`: read-only tools, `exit_plan_mode`, and the edit tools (which plan\n    /// mode limits to plan files).",
        "What the model of the CLI's own sub-agent `codebase_investigator` (started through\n    /// `invoke_agent`) is offered with no selection, in every approval mode measured.",
        "Never offered to a headless main session's model, nor to `codebase_investigator`.",
    ];
    let names = ["DEFAULT", "AUTO_EDIT", "YOLO", "PLAN", "INVESTIGATOR", "NEVER_HEADLESS"];
    out.push_str(
        "\n/// What the model of a headless session is offered with no selection, in each approval\n\
         /// mode (the rows' `modes`, from the live baseline cases).\n\
         pub mod offered {\n    use crate::gemini_cli::catalog::GeminiTool;\n",
    );
    for ((name, doc), tools) in names.iter().zip(docs).zip(&offered) {
        let tools: Vec<String> = tools.iter().map(|t| format!("GeminiTool::{t}")).collect();
        writeln!(out, "\n    /// {doc}\n    pub const {name}: &[GeminiTool] = &[{}];", tools.join(", ")).unwrap();
    }
    out.push_str("}\n");
    out
}

fn copilot() -> String {
    let runtime = "copilot";
    let catalog = data(runtime);
    let mut out = String::new();
    let builds = header(runtime, &catalog, &mut out);
    let builds: Vec<&str> = builds.iter().map(String::as_str).collect();
    let rows = rows(&catalog);
    let (mut linux, mut windows, mut default, mut asked) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut aliases: Vec<(String, Vec<String>)> = Vec::new();
    let mut table = String::from(
        "\n/// One row per built-in, in catalog order: Linux's, then Windows' shell family.\npub const ROWS: &[Row<&str, Copilot>] = &[\n",
    );
    for row in &rows {
        let c = Columns { runtime, row };
        c.closed(&[COMMON, &["constant", "offered", "platform", "subagents"]].concat());
        let name = c.name();
        let offered = c.one_of("offered", &["default", "gated"]) == "default";
        let platform = c.opt_str("platform");
        let subagents = c.opt_str("subagents");
        assert!(matches!(platform, None | Some("windows")), "{name}: platform");
        assert!(matches!(subagents, None | Some("asked")), "{name}: subagents");
        writeln!(
            table,
            "    Row {{ {}, runtime: Copilot {{ offered: {offered}, windows: {}, asked_only: {} }} }},",
            common(&c, &quoted(name), &builds),
            platform.is_some(),
            subagents.is_some(),
        )
        .unwrap();
        match platform {
            Some(_) => windows.push(name),
            None => linux.push((c.str("constant"), name)),
        }
        if offered {
            default.push(name);
        }
        if subagents.is_some() {
            asked.push(name);
        }
        for alias in c.strs("aliases") {
            match aliases.iter_mut().find(|(a, _)| a == alias) {
                Some((_, members)) => members.push(name.to_owned()),
                None => aliases.push((alias.to_owned(), vec![name.to_owned()])),
            }
        }
    }
    table.push_str("];\n");
    out.push_str(
        "/// Calls `$callback! { CONSTANT = \"name\", ... }` with every built-in of the pinned CLI on\n\
         /// Linux, in descriptor order: the one list the typed constants and lookups are generated from.\n\
         macro_rules! builtins {\n    ($callback:ident) => {\n        $callback! {\n",
    );
    for (constant, name) in &linux {
        writeln!(out, "            {constant} = {name:?},").unwrap();
    }
    out.push_str("        }\n    };\n}\n");
    out.push_str(&table);
    // A family alias stands for its members; where it is a member's own name, for that
    // member too.
    let is_tool = |name: &str| linux.iter().any(|(_, tool)| *tool == name) || windows.contains(&name);
    let aliases: Vec<String> = aliases
        .iter()
        .map(|(alias, members)| {
            let mut members = members.clone();
            if is_tool(alias) {
                members.insert(0, alias.clone());
            }
            format!("({alias:?}, {})", list(&members.iter().map(String::as_str).collect::<Vec<_>>(), quoted))
        })
        .collect();
    writeln!(
        out,
        "\n/// The Windows replacements of the bash family.\n\
         pub const WINDOWS_TOOLS: &[&str] = {};\n\n\
         /// The isolated set (SDK `BuiltInTools.Isolated`, Rust `BUILTIN_TOOLS_ISOLATED`), in order.\n\
         pub const ISOLATED: &[&str] = {};\n\n\
         /// The built-ins offered by default (Linux, `copilot-cli` mode, no handlers), in catalog order.\n\
         pub const DEFAULT_OFFERED: &[&str] = {};\n\n\
         /// Built-ins the runtime offers only to a sub-agent whose list asks for them (`*`, the name,\n\
         /// or an alias), never to the main agent. The session's filter still applies to them.\n\
         pub const AGENT_ONLY: &[&str] = {};\n\n\
         /// Names a sub-agent's `tools` list accepts for a family of built-ins, with the built-ins\n\
         /// each stands for (the rows' `aliases`). A built-in's own name stands for itself.\n\
         pub const AGENT_ALIASES: &[(&str, &[&str])] = &[{}];",
        list(&windows, quoted),
        list(&catalog_strs(&catalog, "isolated"), quoted),
        list(&default, quoted),
        list(&asked, quoted),
        aliases.join(", "),
    )
    .unwrap();
    out
}

fn opencode() -> String {
    let runtime = "opencode";
    let catalog = data(runtime);
    let mut out = String::new();
    let builds = header(runtime, &catalog, &mut out);
    let builds: Vec<&str> = builds.iter().map(String::as_str).collect();
    let rows = rows(&catalog);
    let variants = enum_and_rows_head(
        runtime,
        &rows,
        ("OpenCodeTool", "OpenCode"),
        "A built-in tool of the OpenCode catalog.",
        &mut out,
    );
    let mut default = Vec::new();
    for (row, (variant, name)) in rows.iter().zip(&variants) {
        let c = Columns { runtime, row };
        c.closed(&[COMMON, &["variant", "offered", "gate", "permission"]].concat());
        assert!(c.strs("aliases").is_empty(), "{name}: OpenCode takes no other name for a built-in");
        let tool = format!("OpenCodeTool::{variant}");
        let offered = c.one_of("offered", &["default", "gated"]);
        let gate = c.opt_str("gate");
        assert_eq!(gate.is_some(), offered == "gated", "{name}: a gated row says what opens the gate, no other does");
        let permission = c.opt_str("permission").unwrap_or(name);
        writeln!(
            out,
            "    Row {{ {}, runtime: OpenCode {{ offered: {}, permission: {permission:?} }} }},",
            common(&c, &tool, &builds),
            gate.map_or_else(|| String::from("Offered::Default"), |gate| format!("Offered::Gated({gate:?})")),
        )
        .unwrap();
        if offered == "default" {
            default.push(tool);
        }
    }
    out.push_str("];\n");
    writeln!(
        out,
        "\n/// Names earlier CLIs had and no build of the catalog knows.\n\
         pub const REMOVED: &[&str] = {};\n\n\
         /// Offered by default to the `build` agent of `opencode run` with a provider of the host's\n\
         /// own (the rows offered `default`).\n\
         pub const DEFAULT_OFFERED: &[OpenCodeTool] = &[{}];",
        list(&catalog_strs(&catalog, "removed"), quoted),
        default.join(", "),
    )
    .unwrap();
    out
}

fn codex() -> String {
    let runtime = "codex";
    let catalog = data(runtime);
    let mut out = String::new();
    let builds = header(runtime, &catalog, &mut out);
    let builds: Vec<&str> = builds.iter().map(String::as_str).collect();
    let rows = rows(&catalog);
    let variants = enum_and_rows_head(
        runtime,
        &rows,
        ("CodexTool", "Codex"),
        "A built-in tool of the Codex CLI catalog.",
        &mut out,
    );
    let mut default = Vec::new();
    for (row, (variant, name)) in rows.iter().zip(&variants) {
        let c = Columns { runtime, row };
        c.closed(&[COMMON, &["variant", "offered", "gate", "switch"]].concat());
        assert!(c.strs("aliases").is_empty(), "{name}: the Codex CLI takes no other name for a built-in");
        let tool = format!("CodexTool::{variant}");
        let offered = c.one_of("offered", &["default", "gated"]);
        let gate = c.opt_str("gate");
        assert_eq!(gate.is_some(), offered == "gated", "{name}: a gated row says what opens the gate, no other does");
        let switch = c.strs("switch");
        assert!(
            matches!(switch.as_slice(), [] | ["--disable" | "-c", _]),
            "{name}: a switch is one argument and its value"
        );
        writeln!(
            out,
            "    Row {{ {}, runtime: Codex {{ offered: {}, switch: {} }} }},",
            common(&c, &tool, &builds),
            gate.map_or_else(|| String::from("Offered::Default"), |gate| format!("Offered::Gated({gate:?})")),
            list(&switch, quoted),
        )
        .unwrap();
        if offered == "default" {
            default.push(tool);
        }
    }
    out.push_str("];\n");
    writeln!(
        out,
        "\n/// The model the catalog's offered sets are of: what is offered depends on the model's entry\n\
         /// in the CLI's own model catalog.\n\
         pub const MODEL: &str = {:?};\n\n\
         /// Models whose tools sit behind one code-mode tool, which no switch is shown to reach.\n\
         pub const CODE_MODE_MODELS: &[&str] = {};\n\n\
         /// Names earlier CLIs had and no build of the catalog knows.\n\
         pub const REMOVED: &[&str] = {};\n\n\
         /// Offered by default to `codex exec` with [`MODEL`] (the rows offered `default`).\n\
         pub const DEFAULT_OFFERED: &[CodexTool] = &[{}];",
        catalog["model"].as_str().expect("the catalog's model"),
        list(&catalog_strs(&catalog, "code_mode_models"), quoted),
        list(&catalog_strs(&catalog, "removed"), quoted),
        default.join(", "),
    )
    .unwrap();
    out
}

fn catalog_strs<'a>(catalog: &'a Map<String, Value>, key: &str) -> Vec<&'a str> {
    catalog[key].as_array().unwrap_or_else(|| panic!("`{key}`")).iter().map(|v| v.as_str().unwrap()).collect()
}

/// `foreground` → `Foreground`.
fn camel(word: &str) -> String {
    word.split('_').map(|part| part[..1].to_uppercase() + &part[1..]).collect()
}

#[test]
fn the_rust_constants_are_the_data() {
    let mut stale = Vec::new();
    for (runtime, folder, render) in [
        ("copilot", "copilot", copilot as fn() -> String),
        ("claude-code", "claude_code", claude_code),
        ("gemini-cli", "gemini_cli", gemini_cli),
        ("opencode", "opencode", opencode),
        ("codex", "codex", codex),
    ] {
        let path = root().join("policy-core/src").join(folder).join("catalog_data.rs");
        let rendered = render();
        if std::fs::read_to_string(&path).ok().as_deref() != Some(rendered.as_str()) {
            if std::env::var_os("UPDATE_CATALOG").is_some() {
                std::fs::write(&path, rendered).unwrap();
            } else {
                stale.push(format!("{runtime}: {}", path.display()));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "the generated catalogs differ from the data (UPDATE_CATALOG=1 rewrites them): {stale:?}"
    );
}

/// The rows whose capabilities a person has still to decide: a refresh adds a new built-in
/// with every capability (no `only` grants it, every `disable` takes it away) until then.
#[test]
fn undecided_rows_are_listed() {
    let mut undecided = Vec::new();
    for runtime in tool_policy::Runtime::ALL.map(tool_policy::Runtime::as_str) {
        let catalog = data(runtime);
        for row in rows(&catalog) {
            if row.get("undecided").and_then(Value::as_bool) == Some(true) {
                undecided.push(format!("{runtime}: {}", row["name"]));
            }
        }
    }
    if !undecided.is_empty() {
        eprintln!("rows whose capabilities are undecided (every capability until a person decides):");
        for row in &undecided {
            eprintln!("  {row}");
        }
    }
    assert!(undecided.is_empty(), "decide their capabilities from each tool's description: {undecided:?}");
}

/// Every name a build of the catalog knows is a name of the library, with capabilities; one
/// only a newer build than the pinned one knows is accepted with a warning naming that build
/// (an error in strict mode, as every warning is).
#[test]
fn names_of_every_build_are_known() {
    use tool_policy::claude::ClaudeTool;
    use tool_policy::json::{LoadError, Options, load_claude_code_with};
    for name in
        ["ReadCloudSession", "GitStatusCheck", "REPL", "self_hosted_runner_get_pool", "self_hosted_runner_tail_log"]
    {
        let tool: ClaudeTool = name.parse().unwrap();
        assert!(!tool.capabilities().is_empty(), "{name}");
        let text = format!(r#"{{"only": ["{name}"]}}"#);
        let read = load_claude_code_with(&text, Options::LENIENT).unwrap();
        let newer = !tool.row().known_to(tool_policy::claude::CLI_VERSION);
        let said: Vec<String> =
            read.warnings.iter().map(|w| w.item.to_string()).filter(|w| w.contains("pinned")).collect();
        assert_eq!(said.len(), usize::from(newer), "{name}: {said:?}");
        if newer {
            let warning = &said[0];
            assert!(warning.contains("a built-in of Claude Code 2.1.334, not of the pinned 2.1.332"), "{warning}");
            let strict = load_claude_code_with(&text, Options::STRICT);
            assert!(matches!(strict, Err(LoadError::Invalid(_))), "{name}");
        }
    }
}

/// The refresh command's comparison reports every kind of change a build can bring (a tool
/// added, removed or renamed, an alias added or dropped, the default set or a mode's set
/// changed, a permission changed, a name newly removed), on the pinned build and on a new one,
/// and `--write` deletes no row: `tests/catalog/test_refresh.py` feeds it each altered
/// observation.
#[test]
fn the_refresh_comparison_reports_every_kind_of_change() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = std::process::Command::new("python3")
        .args(["-B", "-m", "unittest", "-q", "tests/catalog/test_refresh.py"])
        .current_dir(root)
        .output()
        .expect("python3 runs the refresh command's tests (the refresh command needs it too)");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("Ran ") && !said.contains("Ran 0 tests"), "the cases ran: {said}");
}
