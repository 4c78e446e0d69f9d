//! `builtin_tools!` runs policy-core inside the compiler, so policy-core is a dependency of a
//! proc macro as well as of the user's program. Cargo builds it once for both only when both
//! ask for the same features of everything below it; when they differ (since resolver 2 a proc
//! macro's dependencies get features of their own), policy-core, `serde_json` and `serde_core` are
//! each compiled twice on every clean build. The program side also has the user's own `serde`
//! and `serde_json`, so policy-core must itself ask for every feature their defaults turn on.
//! `tests/build_cost/run.sh` measures what that saves and fails when policy-core is built twice.

use serde_json::Value;

/// The resolved graph. Not `--offline`: `cargo metadata` reads the manifest of every package
/// in the lock file, optional ones (the SDK's) included, which a fresh machine's
/// `cargo test --workspace` has not downloaded.
fn metadata() -> Value {
    let output = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON")
}

fn package<'a>(metadata: &'a Value, name: &str) -> &'a Value {
    metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|package| package["name"] == name)
        .unwrap_or_else(|| panic!("{name} is in the dependency graph"))
}

/// The normal dependency of `from` on `to`: the features it asks for, and whether it keeps
/// `to`'s default features.
fn dependency(from: &Value, to: &str) -> (Vec<String>, bool) {
    let dependency = from["dependencies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|dependency| dependency["name"] == to && dependency["kind"].is_null())
        .unwrap_or_else(|| panic!("{} depends on {to}", from["name"]));
    let features = dependency["features"].as_array().unwrap().iter().map(|f| f.as_str().unwrap().to_owned()).collect();
    (features, dependency["uses_default_features"] == true)
}

/// The features of `to` that `from` turns on when `from` is used with its default features.
fn asked_by_default(from: &Value, to: &str) -> Vec<String> {
    let (mut asked, _) = dependency(from, to);
    let prefix = format!("{to}/");
    let mut features: Vec<&str> = vec!["default"];
    while let Some(feature) = features.pop() {
        for item in from["features"][feature].as_array().into_iter().flatten() {
            let item = item.as_str().unwrap();
            match item.strip_prefix(&prefix) {
                Some(theirs) => asked.push(theirs.to_owned()),
                None if !item.contains('/') && !item.starts_with("dep:") => features.push(item),
                None => {}
            }
        }
    }
    asked
}

#[test]
fn policy_core_asks_for_what_a_users_serde_turns_on() {
    let metadata = metadata();
    let core = package(&metadata, "policy-core");
    let (ours, _) = dependency(core, "serde_core");
    for by in ["serde", "serde_json"] {
        for feature in asked_by_default(package(&metadata, by), "serde_core") {
            assert!(
                ours.contains(&feature),
                "a user's `{by}` turns on serde_core's `{feature}`, which policy-core does not ask for: \
                 cargo would build policy-core, serde_json and serde_core twice, once for builtin_tools!"
            );
        }
    }
}

#[test]
fn policy_core_keeps_serde_json_defaults() {
    let metadata = metadata();
    let (_, defaults) = dependency(package(&metadata, "policy-core"), "serde_json");
    assert!(
        defaults,
        "a user's `serde_json` has its default features; without them policy-core's copy for \
         builtin_tools! would differ from the program's, and cargo would build it twice"
    );
}
