//! `cargo bench --bench policy`: the loader and the decision against their floors, measured
//! side by side in one run. After criterion's report it prints one line per ratio,
//! `ratio <a>/<b> = <x.xx>`: the headline `json_resolve/serde_value` and each hostile shape's
//! growth from batches that alternate the two in one process (the median of the per-batch
//! ratios, steady on a noisy machine), the others from criterion's medians of this run.
//!
//! - `json_resolve`: load + validate + resolve a realistic agent definition (10 tool entries,
//!   one policy entry with 20 names);
//! - `serde_value`: `serde_json::from_str::<Value>` of the same text;
//! - `serde_ignored`: `serde_json::from_str::<IgnoredAny>` of the same text, a validating parse
//!   that builds nothing (the honest floor: no loader beats it);
//! - `jsonschema_validate`: parse the same text and validate it against the shipped schema
//!   with a pre-compiled validator (a schema-first loader, before it has resolved anything);
//! - `decide`: one tool against a resolved policy of 40 patterns;
//! - `hashset`: a `HashSet<String>` lookup of the same name;
//! - `hostile_unknown_builtins` / `hostile_custom`: an entry of 200,000 unknown built-in names
//!   (each one a warning) against one of 200,000 `custom:` names (no warning): the reader stays
//!   linear, with warnings and did-you-means capped per document;
//! - `shape_<shape>_4mib` / `shape_<shape>_2mib`: hostile document shapes at 4 MiB and 2 MiB
//!   (top-level keys, one tool's keys, one key repeated, one name repeated, many small objects,
//!   deep arrays): twice the text must take at most 2.5 times as long (no shape is quadratic);
//!   the line shows the growth of `serde_json::from_str::<Value>` on the same texts beside it,
//!   the part of the growth that is the parser's and the allocator's.

use std::collections::HashSet;
use std::hint::black_box;
use std::path::PathBuf;

use criterion::Criterion;
use policy_core::{PolicyEntry, ResolvedPolicy, Selector, Tool, WireName, json};
use serde_json::Value;

const GROUP: &str = "policy";

/// An agent definition with ten tool entries, one of them the policy with 20 names.
fn definition() -> String {
    serde_json::json!({
        "name": "release-reviewer",
        "description": "Reviews release branches and files issues through its MCP servers.",
        "model": {"id": "gpt-4.1", "options": {"temperature": 0.2, "reasoningEffort": "medium"}},
        "instructions": "Review the diff, check the changelog, open an issue for every regression you find.",
        "tools": [
            {"kind": "mcp", "name": "github", "connection": {"command": "github-mcp", "args": ["--read-only"]}, "allowedTools": ["list_issues", "create_issue", "get_pull_request"]},
            {"kind": "mcp", "name": "jira", "connection": {"url": "http://127.0.0.1:9000/mcp"}, "allowedTools": ["search", "create"]},
            {"kind": "function", "name": "lookup_owner", "description": "Finds the owner of a path.", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}},
            {"kind": "function", "name": "post_summary", "description": "Posts the review summary.", "parameters": {"type": "object", "properties": {"text": {"type": "string"}}}},
            {"kind": "agent", "name": "changelog-checker", "definition": "agents/changelog.json"},
            {
                "kind": "github-cli-builtin-tools",
                "name": "review-only",
                "description": "Read and search, never run or write.",
                "available-tools": {"tools": [
                    "view", "grep", "glob", "semantic_code_search", "read_agent", "list_agents", "task",
                    "skill", "custom:lookup_owner", "custom:post_summary", "mcp:github-list_issues", "mcp:github-create_issue"
                ]},
                "excluded-tools": {"tools": ["bash", "read_bash", "edit", "create", "apply_patch", "web_fetch", "sql", "write_agent"]}
            },
            {"kind": "function", "name": "diff_stats", "description": "Counts changed lines.", "parameters": {"type": "object"}},
            {"kind": "mcp", "name": "docs", "connection": {"command": "docs-mcp"}},
            {"kind": "function", "name": "label_issue", "parameters": {"type": "object", "properties": {"label": {"type": "string"}}}},
            {"kind": "agent", "name": "security-checker", "definition": "agents/security.json"}
        ]
    })
    .to_string()
}

/// A resolved policy with 40 patterns (20 allowed, 20 excluded), the tool decided last in
/// the allow-list so the scan is a full one.
fn policy_of_40() -> ResolvedPolicy {
    let names = |prefix: &str| -> Vec<WireName> {
        (0..20).map(|i| WireName::parse(&format!("{prefix}tool_number_{i:02}")).unwrap()).collect()
    };
    let excluded: Vec<WireName> = names("builtin:excluded_");
    let available: Vec<WireName> = names("mcp:server-");
    PolicyEntry::new(
        policy_core::ClientMode::CopilotCli,
        Some(Selector::Tools(available)),
        Some(Selector::Tools(excluded)),
    )
    .unwrap()
    .resolve()
}

/// A single entry whose deny-list holds `count` distinct names, each `prefix` and a number.
fn hostile(prefix: &str, count: usize) -> String {
    let names: Vec<String> = (0..count).map(|i| format!("\"{prefix}{i}\"")).collect();
    format!(r#"{{"kind": "github-cli-builtin-tools", "excluded-tools": {{"tools": [{}]}}}}"#, names.join(","))
}

fn main() {
    let text = definition();
    let mut schema: Value = serde_json::from_str(json::schema::SCHEMA).unwrap();
    schema["$ref"] = Value::from("#/$defs/agentDefinition");
    let validator = jsonschema::validator_for(&schema).unwrap();
    assert!(validator.is_valid(&serde_json::from_str(&text).unwrap()), "the bench input is valid");
    assert!(json::load(&text).is_ok(), "the bench input loads");

    let policy = policy_of_40();
    let wanted = "server-tool_number_19";
    let tool = Tool::mcp(wanted);
    assert!(policy.offers(&tool));
    let set: HashSet<String> = (0..40).map(|i| format!("server-tool_number_{i:02}")).collect();

    let started = std::time::SystemTime::now();
    let mut criterion = Criterion::default().configure_from_args();
    {
        let mut group = criterion.benchmark_group(GROUP);
        group.bench_function("json_resolve", |b| b.iter(|| json::load(black_box(&text)).unwrap()));
        group.bench_function("serde_value", |b| b.iter(|| serde_json::from_str::<Value>(black_box(&text)).unwrap()));
        group.bench_function("serde_ignored", |b| {
            b.iter(|| serde_json::from_str::<serde::de::IgnoredAny>(black_box(&text)).unwrap());
        });
        group.bench_function("jsonschema_validate", |b| {
            b.iter(|| validator.is_valid(&serde_json::from_str::<Value>(black_box(&text)).unwrap()));
        });
        group.bench_function("decide", |b| {
            b.iter(|| black_box(&policy).offers(black_box(&Tool::mcp(black_box(wanted)))));
        });
        group.bench_function("hashset", |b| b.iter(|| black_box(&set).contains(black_box(wanted))));
        group.finish();
    }
    // The headline ratio, from batches that alternate the two in this process: one noisy
    // stretch of the run falls on both sides of a batch, not on one side of the ratio. It is
    // measured before any hostile document exists: the allocator keeps the shape of their
    // megabytes, and the small allocations of a load would pay for it.
    let headline = alternating(
        BATCHES,
        10,
        || drop(json::load(black_box(&text)).unwrap()),
        || drop(serde_json::from_str::<Value>(black_box(&text)).unwrap()),
    );
    let mut growth = Vec::new();
    {
        // The hostile documents are made only now, so that their memory is no part of the
        // measurements above.
        let unknown = hostile("bahs_", 200_000);
        let custom = hostile("custom:tool_", 200_000);
        assert!(unknown.len() < json::MAX_DOCUMENT_BYTES && custom.len() < json::MAX_DOCUMENT_BYTES);
        // 200,000 unknown names and the deny-only policy's `open-to-new-builtins` lint, capped.
        let warnings = 200_000 + 1;
        assert_eq!(json::load(&unknown).unwrap().omitted_warnings(), warnings - policy_core::Report::MAX_WARNINGS);
        let shapes: Vec<(&str, [String; 2])> =
            SHAPES.iter().map(|(shape, make)| (*shape, [4, 2].map(|mib| make(mib * 1024 * 1024 - 1024)))).collect();
        assert!(shapes.iter().flat_map(|(_, texts)| texts).all(|text| text.len() <= json::MAX_DOCUMENT_BYTES));
        let mut group = criterion.benchmark_group(GROUP);
        group.sample_size(10);
        group.bench_function("hostile_unknown_builtins", |b| b.iter(|| json::load(black_box(&unknown)).unwrap()));
        group.bench_function("hostile_custom", |b| b.iter(|| json::load(black_box(&custom)).unwrap()));
        for (shape, texts) in &shapes {
            for (mib, text) in [4, 2].iter().zip(texts) {
                group.bench_function(format!("shape_{shape}_{mib}mib"), |b| {
                    b.iter(|| json::load(black_box(text)).is_ok());
                });
            }
        }
        group.finish();
        // Each shape's growth, 4 MiB against 2 MiB in alternating batches (the two sizes see
        // the same state of the allocator), beside the same growth of the parser underneath.
        for (shape, [large, small]) in &shapes {
            let ours = alternating(SHAPE_BATCHES, 1, load(large), load(small));
            let parser = alternating(SHAPE_BATCHES, 1, parse(large), parse(small));
            growth.push(format!(
                "ratio shape_{shape}_4mib/shape_{shape}_2mib = {ours:.2} (median of {SHAPE_BATCHES} alternating \
                 batches; serde_json::Value alone {parser:.2})"
            ));
        }
    }
    criterion.final_summary();

    let Some(directory) = output_directory() else {
        eprintln!("cannot find criterion's output directory; set CRITERION_HOME");
        std::process::exit(1);
    };
    println!("ratio json_resolve/serde_value = {headline:.2} (median of {BATCHES} alternating batches)");
    for (a, b) in [
        ("json_resolve", "serde_ignored"),
        ("json_resolve", "jsonschema_validate"),
        ("decide", "hashset"),
        ("hostile_unknown_builtins", "hostile_custom"),
    ] {
        // A pair filtered out by a benchmark-name argument has no ratio to print.
        if let (Some(a_ns), Some(b_ns)) = (median(&directory, a, started), median(&directory, b, started)) {
            println!("ratio {a}/{b} = {:.2}", a_ns / b_ns);
        }
    }
    for line in growth {
        println!("{line}");
    }
}

/// How many alternating batches the headline ratio is the median of.
const BATCHES: usize = 41;
/// How long each side of a batch runs, at least.
const BATCH_TIME: std::time::Duration = std::time::Duration::from_millis(20);

/// One load of `text`, as a closure to time.
fn load(text: &str) -> impl FnMut() + '_ {
    move || {
        black_box(json::load(black_box(text)).is_ok());
    }
}

/// One parse of `text` into a `serde_json::Value`, as a closure to time.
fn parse(text: &str) -> impl FnMut() + '_ {
    move || drop(black_box(serde_json::from_str::<Value>(black_box(text))))
}

/// How many alternating batches each hostile shape's growth is the median of.
const SHAPE_BATCHES: usize = 15;

/// The median over `batches` of the time `a` takes over the time `b` takes, each batch
/// running both for the same number of iterations (about [`BATCH_TIME`] of `b`, and at least
/// `least`), `a` first in even batches and `b` first in odd ones.
fn alternating(batches: usize, least: u32, mut a: impl FnMut(), mut b: impl FnMut()) -> f64 {
    let time = |f: &mut dyn FnMut(), n: u32| {
        let start = std::time::Instant::now();
        for _ in 0..n {
            f();
        }
        start.elapsed().as_secs_f64()
    };
    // Iterations per side: as many as `b`, the faster one, runs in about BATCH_TIME.
    let (start, mut n) = (std::time::Instant::now(), 0u32);
    while start.elapsed() < BATCH_TIME || n < least {
        b();
        n += 1;
    }
    let mut ratios: Vec<f64> = (0..batches)
        .map(|batch| {
            if batch % 2 == 0 {
                let ta = time(&mut a, n);
                ta / time(&mut b, n)
            } else {
                let tb = time(&mut b, n);
                time(&mut a, n) / tb
            }
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[batches / 2]
}

/// `items` joined by `, ` inside `open` and `close`, as many as fit in `bytes`.
fn fill(open: &str, item: &dyn Fn(usize) -> String, close: &str, bytes: usize) -> String {
    let mut text = String::from(open);
    for i in 0.. {
        let next = item(i);
        if text.len() + next.len() + 2 + close.len() > bytes {
            break;
        }
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(&next);
    }
    text + close
}

/// A document made to a size in bytes.
type Make = fn(usize) -> String;

/// Hostile document shapes, each made to a size in bytes.
const SHAPES: &[(&str, Make)] = &[
    ("top_level_keys", |bytes| fill(r#"{"tools": [], "#, &|i| format!(r#""k{i}": 1"#), "}", bytes)),
    ("tool_keys", |bytes| fill(r#"{"tools": [{"kind": "mcp", "#, &|i| format!(r#""k{i}": 1"#), "}]}", bytes)),
    ("repeated_key", |bytes| fill(r#"{"tools": [], "#, &|_| String::from(r#""x": 1"#), "}", bytes)),
    ("repeated_name", |bytes| {
        fill(
            r#"{"kind": "github-cli-builtin-tools", "excluded-tools": {"tools": ["#,
            &|_| "\"bash\"".into(),
            "]}}",
            bytes,
        )
    }),
    ("small_objects", |bytes| {
        fill(r#"{"tools": [{"kind": "mcp", "x": ["#, &|_| r#"{"a": {"kind": "x"}}"#.into(), "]}]}", bytes)
    }),
    ("deep_arrays", |bytes| {
        fill(
            r#"{"tools": [{"kind": "mcp", "x": ["#,
            &|_| format!("{}{}", "[".repeat(95), "]".repeat(95)),
            "]}]}",
            bytes,
        )
    }),
];

/// Where criterion wrote this run: `$CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else
/// the target directory holding this executable (as criterion's own search finds it).
fn output_directory() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return Some(PathBuf::from(home));
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return Some(PathBuf::from(target).join("criterion"));
    }
    let exe = std::env::current_exe().ok()?;
    exe.ancestors().find(|dir| dir.join("criterion").is_dir()).map(|dir| dir.join("criterion"))
}

/// The median (ns) criterion estimated for `function` in this run (an estimate written
/// before `started` belongs to an earlier run and is ignored).
fn median(directory: &std::path::Path, function: &str, started: std::time::SystemTime) -> Option<f64> {
    let path = directory.join(GROUP).join(function).join("new").join("estimates.json");
    if std::fs::metadata(&path).ok()?.modified().ok()? < started {
        return None;
    }
    let estimates: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    estimates["median"]["point_estimate"].as_f64()
}
