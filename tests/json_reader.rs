//! The JSON reader, differentially against `serde_json`: over generated texts, written and
//! then broken one character at a time, it refuses as not JSON exactly the texts
//! `serde_json` cannot read into a `Value`; and a document reads the same, policy, warnings
//! and errors, however its JSON is spelled (whitespace, escapes, number forms).

use proptest::prelude::*;
use serde_json::Value;
use tool_policy::claude::load_claude_code;
use tool_policy::json::{LoadError, load};

/// Whitespace JSON allows between tokens, and some it does not.
fn space() -> impl Strategy<Value = String> {
    prop_oneof![
        20 => Just(String::new()),
        6 => Just(String::from(" ")),
        1 => Just(String::from("\n\t ")),
        1 => Just(String::from("\r\n")),
        1 => Just(String::from("\u{a0}")),
    ]
}

/// One character of a string, written plainly or as one of JSON's escapes.
fn string_char(c: char) -> BoxedStrategy<String> {
    let escaped = format!("\\u{:04x}", u32::from(c));
    let mut ways = vec![Just(c.to_string()).boxed(), Just(escaped).boxed()];
    if let Some(short) = match c {
        '"' => Some("\\\""),
        '\\' => Some("\\\\"),
        '/' => Some("\\/"),
        '\n' => Some("\\n"),
        '\t' => Some("\\t"),
        _ => None,
    } {
        ways.push(Just(short.to_owned()).boxed());
    }
    if u32::from(c) > 0xffff {
        let mut units = [0u16; 2];
        c.encode_utf16(&mut units);
        ways.push(Just(format!("\\u{:04X}\\u{:04x}", units[0], units[1])).boxed());
    }
    proptest::strategy::Union::new(ways).boxed()
}

/// A string's content: tool names and keys, with escapes, quotes, non-ASCII and control
/// characters mixed in.
fn content() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(&[
            "kind", "github-cli-builtin-tools", "available-tools", "excluded-tools", "client-mode", "tools",
            "isolated", "empty", "copilot-cli", "bash", "builtin:view", "mcp:*", "Read", "Bash", "builtin_tools",
            "name", "é", "😀", "a\"b", "back\\slash", "",
        ][..])
        .prop_map(str::to_owned),
        1 => "[a-z\"\\\\/\n\t\u{1}é😀]{0,6}",
    ]
}

/// `content` as a JSON string literal, each character written one of its ways.
fn string_literal() -> impl Strategy<Value = String> {
    content().prop_flat_map(|content| {
        let chars: Vec<BoxedStrategy<String>> = content.chars().map(string_char).collect();
        chars.prop_map(|parts| format!("\"{}\"", parts.concat()))
    })
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::from("0")),
        Just(String::from("-0")),
        Just(String::from("12")),
        Just(String::from("-3.25")),
        Just(String::from("1e3")),
        Just(String::from("2.5E-7")),
        Just(String::from("6.02e+23")),
        Just(String::from("1e308")),
        Just(String::from("1e309")),
        Just(String::from("123456789012345678901234567890")),
    ]
}

/// A JSON text, spelled with whitespace and escapes, shaped like the documents the reader
/// reads (objects of selectors and tool lists).
fn json() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        3 => string_literal(),
        1 => number(),
        1 => proptest::sample::select(&["true", "false", "null"][..]).prop_map(str::to_owned),
    ];
    leaf.prop_recursive(5, 48, 5, |inner| {
        prop_oneof![
            prop::collection::vec((space(), inner.clone(), space()), 0..5).prop_map(|items| {
                let items: Vec<String> = items.into_iter().map(|(a, v, b)| format!("{a}{v}{b}")).collect();
                format!("[{}]", items.join(","))
            }),
            prop::collection::vec((string_literal(), space(), inner, space()), 0..5).prop_map(|fields| {
                let fields: Vec<String> = fields.into_iter().map(|(k, a, v, b)| format!("{k}{a}:{b}{v}")).collect();
                format!("{{{}}}", fields.join(","))
            }),
        ]
    })
}

/// A text broken once: a character removed, replaced or inserted, from JSON's alphabet.
fn broken() -> impl Strategy<Value = String> {
    let alphabet = proptest::sample::select(
        &['{', '}', '[', ']', ',', ':', '"', '\\', 'u', '0', '-', '.', 'e', ' ', 'x', '\u{1}'][..],
    );
    (json(), any::<prop::sample::Index>(), 0..3u8, alphabet).prop_map(|(text, at, how, c)| {
        let mut chars: Vec<char> = text.chars().collect();
        let i = at.index(chars.len() + 1);
        match how {
            0 if i < chars.len() => {
                chars.remove(i);
            }
            1 if i < chars.len() => chars[i] = c,
            _ => chars.insert(i, c),
        }
        chars.into_iter().collect()
    })
}

/// Whether the reader refused `text` as not JSON, under both document kinds.
fn not_json(text: &str) -> bool {
    let copilot = matches!(load(text), Err(LoadError::NotJson(_)));
    let claude = matches!(load_claude_code(text), Err(LoadError::NotJson(_)));
    assert_eq!(copilot, claude, "one reader for both kinds: {text:?}");
    copilot
}

/// What a load came to, errors and warnings sorted: a `Value` keeps no key order.
fn outcome(text: &str) -> String {
    let mut lines: Vec<String> = match load(text) {
        Ok(document) => document
            .warnings()
            .iter()
            .map(|w| format!("warning {} {}", w.pointer, w.item))
            .chain([format!("{:?}", document.policy())])
            .collect(),
        Err(LoadError::Invalid(report)) => {
            report.errors.iter().map(|e| format!("error {} {}", e.pointer, e.item)).collect()
        }
        Err(other) => vec![other.to_string()],
    };
    lines.sort();
    lines.join("\n")
}

/// Whether any object in `value` has a key twice: `Value` keeps one of them.
fn duplicate_keys(text: &str) -> bool {
    struct Check(bool);
    impl<'de> serde::Deserialize<'de> for Check {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Check, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Check;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("JSON")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Check, A::Error> {
                    let (mut keys, mut twice) = (Vec::new(), false);
                    while let Some((key, Check(inner))) = map.next_entry::<String, Check>()? {
                        twice |= inner || keys.contains(&key);
                        keys.push(key);
                    }
                    Ok(Check(twice))
                }
                fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Check, A::Error> {
                    let mut twice = false;
                    while let Some(Check(inner)) = seq.next_element()? {
                        twice |= inner;
                    }
                    Ok(Check(twice))
                }
                fn visit_bool<E>(self, _: bool) -> Result<Check, E> {
                    Ok(Check(false))
                }
                fn visit_i64<E>(self, _: i64) -> Result<Check, E> {
                    Ok(Check(false))
                }
                fn visit_u64<E>(self, _: u64) -> Result<Check, E> {
                    Ok(Check(false))
                }
                fn visit_f64<E>(self, _: f64) -> Result<Check, E> {
                    Ok(Check(false))
                }
                fn visit_str<E>(self, _: &str) -> Result<Check, E> {
                    Ok(Check(false))
                }
                fn visit_unit<E>(self) -> Result<Check, E> {
                    Ok(Check(false))
                }
            }
            d.deserialize_any(V)
        }
    }
    serde_json::from_str::<Check>(text).is_ok_and(|c| c.0)
}

/// A policy entry or definition, its JSON spelled in many ways.
fn document() -> impl Strategy<Value = String> {
    let names = prop::collection::vec(
        prop_oneof![
            string_literal(),
            proptest::sample::select(
                &["\"b\\u0061sh\"", "\"builtin:\\u0076iew\"", "\"mcp:\\u002a\"", "\"\\u002a\""][..]
            )
            .prop_map(str::to_owned),
        ],
        0..4,
    );
    let selector = prop_oneof![
        names.prop_map(|names| format!("{{ \"tools\" : [ {} ] }}", names.join(" , "))),
        Just(String::from("{\"isolated\":true}")),
        Just(String::from("{\"iso\\u006cated\" :\ttrue}")),
        json(),
    ];
    let kind = prop_oneof![
        Just("\"github-cli-builtin-tools\""),
        Just("\"github-cli-builtin-tool\\u0073\""),
        Just("\"github\\u002dcli-builtin-tools\""),
        Just("\"mcp\""),
    ];
    (kind, prop::option::of(selector.clone()), prop::option::of(selector), any::<bool>(), space()).prop_map(
        |(kind, available, excluded, definition, gap)| {
            let mut fields = vec![format!("\"kind\":{gap}{kind}")];
            fields.extend(available.map(|s| format!("\"available-tools\":{s}")));
            fields.extend(excluded.map(|s| format!("\"excluded\\u002dtools\" : {s}")));
            let entry = format!("{{{gap}{}{gap}}}", fields.join(","));
            if definition { format!("{{\"tools\":[{{\"kind\":\"mcp\"}},{gap}{entry}]}}") } else { entry }
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3_000, ..ProptestConfig::default() })]

    /// Written texts are JSON; broken ones usually are not. Either way the reader and
    /// `serde_json` agree.
    #[test]
    fn refuses_what_serde_json_refuses(text in prop_oneof![json(), broken()]) {
        let serde_refuses = serde_json::from_str::<Value>(&text).is_err();
        prop_assert_eq!(not_json(&text), serde_refuses, "{:?}", text);
    }

    /// A document reads the same as `serde_json`'s plain spelling of it.
    #[test]
    fn spelling_does_not_change_the_reading(text in document()) {
        // Some spellings are broken on purpose (`json()` writes raw control characters), and
        // a `Value` keeps one of a key given twice: those are the other property's.
        let Ok(value) = serde_json::from_str::<Value>(&text) else { return Ok(()) };
        if duplicate_keys(&text) {
            return Ok(());
        }
        prop_assert_eq!(outcome(&text), outcome(&value.to_string()), "{:?}", text);
    }
}

#[test]
fn the_generators_reach_both_sides() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut sample = |strategy: BoxedStrategy<String>, test: fn(&str) -> bool| {
        (0..500).filter(|_| test(&strategy.new_tree(&mut runner).unwrap().current())).count()
    };
    let written = sample(json().boxed(), |text| !not_json(text));
    let broken = sample(broken().boxed(), not_json);
    let read = sample(document().boxed(), |text| serde_json::from_str::<Value>(text).is_ok() && !duplicate_keys(text));
    // Written texts fail only with a raw control character, a non-JSON space or a number
    // past f64; broken ones stay JSON when the change falls inside a string.
    eprintln!("of 500: {written} written texts are JSON, {broken} broken ones are not, {read} documents are read");
    assert!((250..450).contains(&written), "{written}");
    assert!((250..480).contains(&broken), "{broken}");
    assert!(read > 250, "{read}");
}

#[test]
fn errors_name_the_line_and_column() {
    let text = "{\n  \"tools\": [\n    {\"kind\": \"mcp\",}\n  ]\n}";
    let Err(LoadError::NotJson(message)) = load(text) else { panic!("a trailing comma is not JSON") };
    assert_eq!((message.reason(), message.line(), message.column()), ("expected a key string", 3, 20));
    let Err(error) = load("[\"\\ud800\"]") else { panic!("a lone surrogate is not JSON") };
    assert_eq!(
        error.to_string(),
        "not JSON: lone surrogate (an escape of U+D800 to U+DFFF without its pair) at line 1, column 3"
    );
}
