#!/usr/bin/env bash
# Build cost, side by side in one run (not part of `cargo test`):
#   1. clean build of policy-macros vs serde_derive (each with all its dependencies);
#   2. a crate with 200 `builtin_tools!` invocations vs the same crate with 200 equivalent
#      hand-written `const` values (dependencies already built; the crate itself only).
# Usage: bash tests/build_cost/run.sh [WORK_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
serde_version=$(awk '/^name = "serde_derive"$/{getline; print $3}' "$root/Cargo.lock" | tr -d '"')

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }

# 1. The proc-macro crates, each alone in a fresh target directory.
mkdir -p "$work/macros/src"
cat > "$work/macros/Cargo.toml" <<TOML
[package]
name = "macro-cost"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
policy-macros = { path = "$root/policy-macros" }
serde_derive = "=$serde_version"
[workspace]
TOML
echo "" > "$work/macros/src/lib.rs"
cp "$root/Cargo.lock" "$work/macros/Cargo.lock"
(cd "$work/macros" && cargo fetch -q)
t_policy=$(cd "$work/macros" && rm -rf target && seconds cargo build -q -p policy-macros)
t_serde=$(cd "$work/macros" && rm -rf target && seconds cargo build -q -p serde_derive)

# 2. 200 invocations vs 200 hand-written consts, in one crate each, sharing built deps.
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
        f'const AI{i}: &[u64; 2] = &ToolList::fingerprints_of(A{i});\n'
        f'const E{i}: &[WireName; 1] = &[WireName::from_static("builtin:{b}")];\n'
        f'const EI{i}: &[u64; 1] = &ToolList::fingerprints_of(E{i});\n'
        f'pub const P{i}: ResolvedPolicy = ResolvedPolicy::__from_static(ClientMode::CopilotCli, '
        f'Some(ToolList::__from_static(A{i}, AI{i})), Some(ToolList::__from_static(E{i}, EI{i})));')
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
  (cd "$work/$crate" && CARGO_TARGET_DIR="$work/shared-target" cargo build -q)
done
best() { # best of three rebuilds of the crate itself
  local crate=$1 best=""
  for _ in 1 2 3; do
    touch "$work/$crate/src/lib.rs"
    local t; t=$(cd "$work/$crate" && CARGO_TARGET_DIR="$work/shared-target" seconds cargo build -q)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}
t_macro=$(best with-macro)
t_hand=$(best hand-written)

printf 'clean build: policy-macros %.1f s, serde_derive %.1f s (ratio %.2f)\n' "$t_policy" "$t_serde" "$(echo "$t_policy / $t_serde" | bc -l)"
printf '200 policies: builtin_tools! %.2f s, hand-written consts %.2f s (expansion overhead ratio %.2f)\n' \
  "$t_macro" "$t_hand" "$(echo "$t_macro / $t_hand" | bc -l)"
