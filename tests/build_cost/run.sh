#!/usr/bin/env bash
# What adding tool-policy costs a user's build, measured side by side in one run (not part of
# `cargo test`):
#   1. a small crate that already uses serde (derive) and serde_json, built clean in a fresh
#      target directory without and with a tool-policy dependency, and, as anchors a user
#      already accepts, with clap (derive) and with regex instead, RUNS times each
#      (interleaved, the order swapped from run to run, after one uncounted build of each);
#      prints each pair of times, the medians and `ratio build/with_tool_policy = x.xx`, the
#      median CPU seconds of each variant and the share tool-policy adds to the user crate's
#      own, and what tool-policy adds beside what clap and regex add
#      (`ratio cpu/tool_policy_over_clap = x.xx`); it fails when the crate with tool-policy compiles two syn versions or two
#      policy-core copies (one for the macro, one for the program);
#   1b. the rebuild after a one-line edit of the user's crate (incremental, as `cargo build`
#      runs by default), with and without tool-policy, RUNS times each; prints the medians and
#      `ratio build/incremental_edit = x.xx`;
#   2. a crate with 200 `builtin_tools!` invocations against the same crate with the 200
#      equivalent hand-written `const` values (dependencies built once; the crate itself
#      compiled RUNS times each, without incremental reuse: touching an unchanged file would
#      otherwise replay everything but the macro); prints `ratio build/macro_invocations = x.xx`.
# Any failed build fails the script. Cargo builds a path dependency incrementally but a
# crates.io one never, so the clean builds run with CARGO_INCREMENTAL=0: tool-policy is then
# compiled as a user gets it from the registry (and the user's crate alike in both variants).
# FEATURES=claude-code (or copilot, gemini-cli, opencode, codex, or a comma-separated list) measures part 1 with
# `default-features = false, features = [...]` and a policy for the first runtime named.
# Usage: bash tests/build_cost/run.sh [WORK_DIR]   (RUNS=3 by default)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
runs=${RUNS:-3}
features=${FEATURES:-}
mkdir -p "$work"
dependency="tool-policy = { path = \"$root\" }"
policy=(
  'pub const POLICY: tool_policy::ResolvedPolicy = tool_policy::builtin_tools! {'
  '    client_mode: empty, available_tools: ["view", "grep", "mcp:*"], excluded_tools: isolated,'
  '};'
)
if [ -n "$features" ]; then
  quoted=$(printf '%s' "$features" | sed 's/[^,][^,]*/"&"/g; s/,/, /g')
  dependency="tool-policy = { path = \"$root\", default-features = false, features = [$quoted] }"
  case "${features%%,*}" in
    copilot) ;;
    claude-code) policy=(
      'pub const POLICY: tool_policy::ClaudeCodeSelection = tool_policy::builtin_tools! {'
      '    runtime: claude_code, only: ["Read", "Grep"],'
      '};') ;;
    gemini-cli) policy=(
      'pub const POLICY: tool_policy::GeminiSelection = tool_policy::builtin_tools! {'
      '    runtime: gemini_cli, only: ["read_file", "grep_search"],'
      '};') ;;
    opencode) policy=(
      'pub const POLICY: tool_policy::OpenCodeSelection = tool_policy::builtin_tools! {'
      '    runtime: opencode, disable: ["webfetch"],'
      '};') ;;
    codex) policy=(
      'pub const POLICY: tool_policy::CodexSelection = tool_policy::builtin_tools! {'
      '    runtime: codex, disable: ["view_image"],'
      '};') ;;
    *) echo "build_cost: FEATURES names no runtime first: $features" >&2; exit 2 ;;
  esac
fi

# Seconds a command takes (wall clock); the CPU seconds it and its children spend (user +
# system) go to $work/last.cpu, its output to $work/last.log, and a failure stops the script.
seconds() {
  local real user system TIMEFORMAT='%R %U %S'
  if ! { time "$@" >"$work/last.log" 2>&1; } 2>"$work/last.time"; then
    echo "build_cost: \`$*\` failed in $PWD:" >&2
    cat "$work/last.log" >&2
    exit 1
  fi
  read -r real user system <"$work/last.time"
  echo "$user + $system" | bc >"$work/last.cpu"
  echo "$real"
}
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

# 1. The user's crate, without and with tool-policy, and with clap or regex instead.
variants="without with clap regex"
for variant in $variants; do
  dir="$work/user-$variant"
  mkdir -p "$dir/src"
  extra=""
  case "$variant" in
    with) extra=$dependency ;;
    clap) extra='clap = { version = "4", features = ["derive"] }' ;;
    regex) extra='regex = "1"' ;;
  esac
  cat > "$dir/Cargo.toml" <<TOML
[package]
name = "user-app"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
serde = { version = "1", features = ["derive"] }
serde_json = "1"
$extra
[workspace]
TOML
  {
    echo 'use serde::{Deserialize, Serialize};'
    echo '#[derive(Debug, Serialize, Deserialize)]'
    echo 'pub struct Agent { pub name: String, pub model: String, pub temperature: f32, pub tools: Vec<String> }'
    echo 'pub fn agent(text: &str) -> serde_json::Result<Agent> { serde_json::from_str(text) }'
    case "$variant" in
      with)
        printf '%s\n' "${policy[@]}"
        echo 'pub fn policy() -> String { format!("{POLICY:?}") }' ;;
      clap)
        echo '#[derive(Debug, clap::Parser)]'
        echo 'pub struct Args { #[arg(long)] pub policy: String, #[arg(long)] pub strict: bool }'
        echo 'pub fn args() -> Args { <Args as clap::Parser>::parse() }' ;;
      regex)
        echo 'pub fn is_tool(name: &str) -> bool { regex::Regex::new("^[A-Za-z0-9_-]+$").unwrap().is_match(name) }' ;;
    esac
  } > "$dir/src/lib.rs"
  cp "$root/Cargo.lock" "$dir/Cargo.lock"
  (cd "$dir" && cargo fetch -q)
done
syns=$(cd "$work/user-with" && cargo tree -q -e normal,build -i syn --prefix none 2>/dev/null | grep -c '^syn v' || true)
(cd "$work/user-with" && cargo tree -q -e normal,build -i syn --prefix none | grep '^syn v') || true
if [ "$syns" != 1 ]; then
  echo "build_cost: a serde-derive crate with tool-policy compiles $syns syn versions" >&2
  (cd "$work/user-with" && cargo tree -e normal,build -d) >&2
  exit 1
fi
# One build of each, not counted, so no variant's first build pays for a cold file cache.
for variant in $variants; do
  (cd "$work/user-$variant" && CARGO_INCREMENTAL=0 seconds cargo build -q) >/dev/null
done
# One copy of policy-core for both the macro and the program (tests/build_graph.rs says why).
copies=$(find "$work/user-with/target/debug/deps" -name 'libpolicy_core-*.rlib' | wc -l)
if [ "$copies" != 1 ]; then
  echo "build_cost: a serde-derive crate with tool-policy compiles policy-core $copies times" >&2
  exit 1
fi
for variant in $variants; do rm -rf "$work/user-$variant/target"; done
without=() with=() cpu_without=() cpu_with=() cpu_clap=() cpu_regex=()
for run in $(seq "$runs"); do
  # Each run starts the rotation one variant later, so a machine that speeds up or slows
  # down during the script favours none.
  order=$(echo $variants $variants | cut -d' ' -f$(( (run - 1) % 4 + 1 ))-$(( (run - 1) % 4 + 4 )))
  for variant in $order; do
    dir="$work/user-$variant"
    rm -rf "$dir/target"
    t=$(cd "$dir" && CARGO_INCREMENTAL=0 seconds cargo build -q)
    c=$(cat "$work/last.cpu")
    case "$variant" in
      with) with+=("$t") cpu_with+=("$c") ;;
      without) without+=("$t") cpu_without+=("$c") ;;
      clap) cpu_clap+=("$c") ;;
      regex) cpu_regex+=("$c") ;;
    esac
  done
done
t_without=$(median "${without[@]}")
t_with=$(median "${with[@]}")
c_without=$(median "${cpu_without[@]}")
c_with=$(median "${cpu_with[@]}")
c_clap=$(median "${cpu_clap[@]}")
c_regex=$(median "${cpu_regex[@]}")

# 1b. A one-line edit of the user's crate, rebuilt incrementally (cargo's default for a
# path crate), with and without tool-policy: the rebuild a user waits for on every edit.
edit_without=() edit_with=()
for variant in without with; do
  (cd "$work/user-$variant" && seconds cargo build -q) >/dev/null
done
for run in $(seq "$runs"); do
  order="without with"
  [ $((run % 2)) = 0 ] && order="with without"
  for variant in $order; do
    dir="$work/user-$variant"
    echo "pub const EDIT_$run: u32 = $run;" >> "$dir/src/lib.rs"
    t=$(cd "$dir" && seconds cargo build -q)
    if [ "$variant" = with ]; then edit_with+=("$t"); else edit_without+=("$t"); fi
  done
done
e_without=$(median "${edit_without[@]}")
e_with=$(median "${edit_with[@]}")

# 2. 200 invocations against 200 hand-written consts, in one crate each, sharing built deps.
python3 - "$work" "$root" <<'PY'
import os, sys
work, root = sys.argv[1], sys.argv[2]
names = ["bash", "view", "edit", "grep", "glob", "task", "skill", "web_fetch", "read_agent", "list_agents"]
macro, hand = [], []
for i in range(200):
    a, b = names[i % 10], names[(i + 3) % 10]
    macro.append(f'pub const P{i}: ResolvedPolicy = builtin_tools! {{ available_tools: ["{a}", "mcp:srv-t{i}"], excluded_tools: ["{b}"] }};')
    hand.append(
        f'const A{i}: &[WireName; 2] = &[WireName::from_static("builtin:{a}"), WireName::from_static("mcp:srv-t{i}")];\n'
        f'const E{i}: &[WireName; 1] = &[WireName::from_static("builtin:{b}")];\n'
        f'pub const P{i}: ResolvedPolicy = ResolvedPolicy::__from_static(ClientMode::CopilotCli, '
        f'Some(ToolList::__from_static(A{i})), Some(ToolList::__from_static(E{i})));')
for crate, lines, uses in [("with-macro", macro, "use tool_policy::{builtin_tools, ResolvedPolicy};"),
                           ("hand-written", hand, "use tool_policy::{ClientMode, ResolvedPolicy, ToolList, WireName};")]:
    os.makedirs(f"{work}/{crate}/src", exist_ok=True)
    open(f"{work}/{crate}/Cargo.toml", "w").write(
        f'[package]\nname = "{crate}"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n'
        f'[dependencies]\ntool-policy = {{ path = "{root}" }}\n[workspace]\n')
    open(f"{work}/{crate}/src/lib.rs", "w").write(uses + "\n" + "\n".join(lines) + "\n")
PY
for crate in with-macro hand-written; do
  cp "$root/Cargo.lock" "$work/$crate/Cargo.lock"
  (cd "$work/$crate" && CARGO_TARGET_DIR="$work/shared-target" seconds cargo build -q) >/dev/null
done
# One compile of each, not counted, the way the timed ones run.
for crate in with-macro hand-written; do
  touch "$work/$crate/src/lib.rs"
  (cd "$work/$crate" && CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$work/shared-target" seconds cargo build -q) >/dev/null
done
macro=() hand=()
for run in $(seq "$runs"); do
  order="with-macro hand-written"
  [ $((run % 2)) = 0 ] && order="hand-written with-macro"
  for crate in $order; do
    touch "$work/$crate/src/lib.rs"
    t=$(cd "$work/$crate" && CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$work/shared-target" seconds cargo build -q)
    if [ "$crate" = with-macro ]; then macro+=("$t"); else hand+=("$t"); fi
  done
done
t_macro=$(median "${macro[@]}")
t_hand=$(median "${hand[@]}")

[ -n "$features" ] && echo "tool-policy with default-features = false, features = [$quoted]"
printf 'clean builds, one pair per run (without, with):'
for i in "${!without[@]}"; do printf ' (%.1f, %.1f)' "${without[$i]}" "${with[$i]}"; done
printf '\n'
printf 'clean build, median of %s: serde-derive crate %.1f s, with tool-policy %.1f s\n' "$runs" "$t_without" "$t_with"
printf 'ratio build/with_tool_policy = %.2f\n' "$(echo "$t_with / $t_without" | bc -l)"
printf 'CPU seconds (user + system), median of %s: serde-derive crate %.1f, with tool-policy %.1f (tool-policy adds %.1f)\n' \
  "$runs" "$c_without" "$c_with" "$(echo "$c_with - $c_without" | bc -l)"
printf 'CPU tool-policy adds: %.0f%% of the serde-derive crate'"'"'s own\n' \
  "$(echo "($c_with - $c_without) * 100 / $c_without" | bc -l)"
printf 'CPU seconds each adds to the serde-derive crate, median of %s: tool-policy %.1f, clap (derive) %.1f, regex %.1f\n' \
  "$runs" "$(echo "$c_with - $c_without" | bc -l)" "$(echo "$c_clap - $c_without" | bc -l)" "$(echo "$c_regex - $c_without" | bc -l)"
printf 'ratio cpu/tool_policy_over_clap = %.2f\n' "$(echo "($c_with - $c_without) / ($c_clap - $c_without)" | bc -l)"
printf 'ratio cpu/tool_policy_over_regex = %.2f\n' "$(echo "($c_with - $c_without) / ($c_regex - $c_without)" | bc -l)"
printf 'rebuild after a one-line edit, median of %s: without %.2f s, with tool-policy %.2f s\n' "$runs" "$e_without" "$e_with"
printf 'ratio build/incremental_edit = %.2f\n' "$(echo "$e_with / $e_without" | bc -l)"
printf '200 policies, median of %s compiles: builtin_tools! %.2f s, hand-written consts %.2f s\n' "$runs" "$t_macro" "$t_hand"
printf 'ratio build/macro_invocations = %.2f\n' "$(echo "$t_macro / $t_hand" | bc -l)"
