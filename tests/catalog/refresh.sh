#!/usr/bin/env bash
# Refreshes a catalog (policy-core/catalogs/RUNTIME.json) from the real CLI:
#
#   bash tests/catalog/refresh.sh RUNTIME [--write] [NPM_SPEC]
#   bash tests/catalog/refresh.sh --latest
#
# RUNTIME is copilot, claude-code, gemini-cli, opencode or codex. NPM_SPEC is the build to read: a CLI package
# (`@anthropic-ai/claude-code@2.1.332`) or an SDK package that bundles the CLI
# (`@anthropic-ai/claude-agent-sdk@0.3.334`); by default the catalog's pinned build.
#
# 1. installs the build with npm into $TOOL_POLICY_CATALOG_CACHE (default
#    ~/.cache/tool-policy-catalog), with the live suite's installer;
# 2. reads the names, aliases and descriptions from the CLI itself, inside `unshare -n`
#    (loopback only), with the live harness's fake models: Claude Code's table in its binary and
#    runs of `-p` plain, with every candidate name in `--tools` and in `--disallowedTools`;
#    Copilot's `session.tools.getBuiltinDescriptors` through the SDK and a plain session's
#    first request; the Gemini CLI's bundle (ALL_BUILTIN_TOOL_NAMES, TOOL_LEGACY_ALIASES) and
#    each approval mode's first model request; OpenCode's binary (the tools it defines, the
#    permission each asks for) and the agent's first request, plain and with a `gpt-` model;
#    the Codex CLI's first request, with the catalog's model and an unknown slug;
# 3. prints every difference with the data (a tool added, removed or renamed, an alias added or
#    dropped, the default set or a mode's set changed, a permission, a description, a name newly
#    removed) and exits 0 when there is none, 1 when there are;
#    with --write it rewrites the data first (a new built-in gets every capability and
#    `"undecided": true` until a person decides from its description), and the Rust, the
#    README and the ui tests' blessed outputs (which list the catalog's names) derived from it.
#
# --latest asks the npm registry for each runtime's newest CLI package and the newest Claude
# Agent SDK (whose bundled Claude Code is a build of its own), compares each as above, prints one
# line per build and exits 0 when the data covers them all, 1 when something is to decide, 2
# when a build could not be read.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
usage() { echo "usage: bash tests/catalog/refresh.sh copilot|claude-code|gemini-cli|opencode|codex [--write] [NPM_SPEC] | --latest" >&2; exit 2; }
[ $# -ge 1 ] || usage
if [ "$1" = --latest ]; then
  [ $# -eq 1 ] || usage
  worst=0
  summary=()
  report=$(mktemp)
  trap 'rm -f "$report"' EXIT
  for pair in copilot=@github/copilot claude-code=@anthropic-ai/claude-code \
    claude-code=@anthropic-ai/claude-agent-sdk gemini-cli=@google/gemini-cli opencode=opencode-ai codex=@openai/codex; do
    runtime=${pair%%=*}
    package=${pair#*=}
    if ! latest=$(npm view "$package" version 2>/dev/null) || [ -z "$latest" ]; then
      summary+=("$runtime $package: the registry gave no version")
      worst=2
      continue
    fi
    status=0
    # Each build's differences on stderr as they come (a file of their own, then copied: stderr
    # may be a file, which a second open would write over).
    bash "$0" "$runtime" "$package@$latest" > "$report" || status=$?
    cat "$report" >&2
    last=$(tail -n 1 "$report")
    case $status in
      0) summary+=("$runtime $package@$latest: covered ($last)") ;;
      1) summary+=("$runtime $package@$latest: to decide ($last)"); [ "$worst" = 2 ] || worst=1 ;;
      *) summary+=("$runtime $package@$latest: could not be read (exit $status)"); worst=2 ;;
    esac
  done
  echo "refresh.sh --latest:"
  printf '  %s\n' "${summary[@]}"
  exit "$worst"
fi
runtime=$1
shift
write=""
spec=""
for arg in "$@"; do
  case $arg in
    --write) write=--write ;;
    -*) usage ;;
    *) spec=$arg ;;
  esac
done
case $runtime in copilot | claude-code | gemini-cli | opencode | codex) ;; *) usage ;; esac
[ -n "$spec" ] || spec=$(python3 "$here/refresh.py" pinned-spec "$runtime")

cache=${TOOL_POLICY_CATALOG_CACHE:-$HOME/.cache/tool-policy-catalog}/$(echo "$spec" | tr '/@' '__')
version=${spec##*@}
packages=("$spec")
# The Copilot CLI's and OpenCode's native binaries are packages of their own.
[ "$runtime" = copilot ] && packages+=("@github/copilot-linux-x64@$version")
[ "$runtime" = opencode ] && packages+=("opencode-linux-x64@$version")
bash "$repo/tests/live/install.sh" "$cache" "${packages[@]}"
case $runtime in
  copilot) cli="$cache/node_modules/@github/copilot-linux-x64/copilot" ;;
  claude-code) cli=$(ls "$cache"/node_modules/@anthropic-ai/claude-*-linux-x64/claude 2>/dev/null | head -n 1) ;;
  gemini-cli) cli="$cache/node_modules/.bin/gemini" ;;
  opencode) cli="$cache/node_modules/opencode-linux-x64/bin/opencode" ;;
  codex) cli="$cache/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex" ;;
esac
[ -n "$cli" ] && [ -x "$cli" ] || { echo "refresh.sh: no CLI in $cache for $spec" >&2; exit 2; }
# The build the package runs: an SDK package names the CLI's own version.
if [ "$runtime" = claude-code ]; then
  version=$("$cli" --version | awk '{print $1}')
fi

echo "refresh.sh: building the live harness" >&2
COPILOT_SKIP_CLI_DOWNLOAD=1 cargo build --quiet --release --manifest-path "$repo/tests/live/Cargo.toml" >&2
harness="$repo/tests/live/target/release/live-conformance"
command -v ip >/dev/null || { echo "refresh.sh: needs ip (iproute2) to bring up loopback in the namespace" >&2; exit 2; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
names=()
if [ "$runtime" = claude-code ]; then
  python3 "$here/refresh.py" candidates "$runtime" "$cli" > "$scratch/names.txt"
  names=(--names "$scratch/names.txt")
fi
unshare -n -- bash -c 'ip link set lo up && exec "$@"' _ \
  "$harness" catalog "$runtime" --cli "$cli" --scratch "$scratch/run" "${names[@]}" > "$scratch/observed.json"

status=0
python3 "$here/refresh.py" compare "$runtime" "$version" "$spec" "$cli" "$scratch/observed.json" $write || status=$?
if [ -n "$write" ] && [ "$status" = 1 ]; then
  echo "refresh.sh: the data is rewritten; rendering the Rust, the README and the compiler outputs that list the catalog from it" >&2
  (cd "$repo" && UPDATE_CATALOG=1 cargo test --quiet --test catalog the_rust_constants_are_the_data >&2 &&
    UPDATE_README=1 cargo test --quiet --test capabilities the_readme_table_is_the_data >&2 &&
    TRYBUILD=overwrite cargo test --quiet --test ui >&2) || true
fi
exit "$status"
