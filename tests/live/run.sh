#!/usr/bin/env bash
# Live conformance against the real pinned CLIs, on loopback only.
#
#   bash tests/live/run.sh [--build RUNTIME=NPM_SPEC]... [--cases FILE] [--only copilot|claude-code|gemini-cli|opencode|codex|gate] [--prefix P]
#
# (`--prefix P` runs only the cases whose names start with P, such as `mcp: `, the MCP suite.
# `--build RUNTIME=NPM_SPEC` holds another build of a runtime live, in place of its pin:
# `claude-code=@anthropic-ai/claude-code@V` (the CLI package) or
# `claude-code=@anthropic-ai/claude-agent-sdk@V` (the build the Agent SDK bundles),
# `copilot=@github/copilot@V`, `gemini-cli=@google/gemini-cli@V`, `opencode=opencode-ai@V`,
# `codex=@openai/codex@V`; such a run installs into a cache of its own and writes its record to
# tests/live/RESULTS-<builds>.md, leaving the pinned record alone.)
#
# 1. installs the pinned CLIs with npm (tests/live/install.sh) into $TOOL_POLICY_LIVE_CACHE
#    (default ~/.cache/tool-policy-live): @github/copilot@1.0.102 (with its binary,
#    @github/copilot-linux-x64@1.0.102), @anthropic-ai/claude-code@2.1.332,
#    @google/gemini-cli@0.61.0, opencode-ai@1.18.33 (with its binary, opencode-linux-x64),
#    @openai/codex@0.171.0, and
#    @anthropic-ai/claude-agent-sdk@0.3.334, whose bundled Claude Code (2.1.334) runs the Claude
#    Code suites a second time;
# 2. builds the Rust harness (tests/live, outside the workspace);
# 3. runs every case inside a fresh network namespace with only loopback
#    (`unshare -n`): fake OpenAI-compatible (chat completions for OpenCode, the Responses API
#    for the Codex CLI), Anthropic and Gemini servers on 127.0.0.1,
#    an MCP echo server, a fresh HOME per run;
# 4. ends with the lines
#    forced-call controls: N of N showed their side effect
#    attestation: N sessions attested, M of K controls caught
#    live conformance: copilot N cases, M mismatches; ...; capabilities N cases, M mismatches;
#      builtin-agents N cases, M mismatches; forced-calls N cases, M mismatches; mcp N cases,
#      M mismatches (OpenCode's
#      and the Codex CLI's lines, `opencode N cases, M mismatches` and `codex N cases, M
#      mismatches`, among them)
#    then the gate suite's lines (`ok gate: <runtime>: ...`, `measured ...` for what each
#    runtime does with a bare hook that cannot run) and `gate N cases, M mismatches`,
#    and exits non-zero on any mismatch, failed attestation, control without its side
#    effect, or case that did not run (the `cases run:` line says how many of each ran);
#    `--cases FILE` adds cases: `{"name", "runtime": "copilot" | "claude-code" | "opencode" |
#    "codex" | "portable", "input"}`, a portable case's input the value of `capabilities`, run on all;
# 5. writes tests/live/RESULTS.md from that output, naming the cases new since the last run.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=${TOOL_POLICY_LIVE_CACHE:-$HOME/.cache/tool-policy-live}
copilot_version=1.0.102
claude_version=2.1.332
gemini_version=0.61.0
opencode_version=1.18.33
codex_version=0.171.0
# The Claude Agent SDK bundles a newer Claude Code than the CLI package: its build runs the
# Claude Code suites again.
sdk_version=0.3.334

# `--build RUNTIME=NPM_SPEC`, each in place of that runtime's pin; the other arguments go to
# the harness.
builds=""
harness_args=()
while [ $# -gt 0 ]; do
  case $1 in
    --build)
      [ $# -ge 2 ] || { echo "run.sh: --build needs RUNTIME=NPM_SPEC" >&2; exit 2; }
      build=$2
      shift 2
      runtime=${build%%=*}
      spec=${build#*=}
      version=${spec##*@}
      case "$runtime=${spec%@*}" in
        "copilot=@github/copilot") copilot_version=$version ;;
        "claude-code=@anthropic-ai/claude-code") claude_version=$version ;;
        "claude-code=@anthropic-ai/claude-agent-sdk") sdk_version=$version ;;
        "gemini-cli=@google/gemini-cli") gemini_version=$version ;;
        "opencode=opencode-ai") opencode_version=$version ;;
        "codex=@openai/codex") codex_version=$version ;;
        *) echo "run.sh: --build $build: expected RUNTIME=NPM_SPEC of that runtime's package (see the top of run.sh)" >&2; exit 2 ;;
      esac
      builds="$builds-$runtime-$version"
      ;;
    *) harness_args+=("$1"); shift ;;
  esac
done
set -- ${harness_args[@]+"${harness_args[@]}"}
# Another build installs beside the pinned ones, never over them, and keeps its own record.
if [ -n "$builds" ]; then
  cache="$cache$builds"
fi

bash "$here/install.sh" "$cache" "@github/copilot@$copilot_version" "@github/copilot-linux-x64@$copilot_version" \
  "@anthropic-ai/claude-code@$claude_version" "@google/gemini-cli@$gemini_version" \
  "@anthropic-ai/claude-agent-sdk@$sdk_version" "opencode-ai@$opencode_version" "opencode-linux-x64@$opencode_version" \
  "@openai/codex@$codex_version"
copilot="$cache/node_modules/@github/copilot-linux-x64/copilot"
claude="$cache/node_modules/@anthropic-ai/claude-code-linux-x64/claude"
test -x "$copilot" || { echo "run.sh: no Copilot CLI binary at $copilot" >&2; exit 2; }
test -x "$claude" || { echo "run.sh: no Claude Code binary at $claude" >&2; exit 2; }
sdk_claude="$cache/node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude"
test -x "$sdk_claude" || { echo "run.sh: no Claude Code binary of the Agent SDK at $sdk_claude" >&2; exit 2; }
sdk_claude_version=$("$sdk_claude" --version | awk '{print $1}')
gemini="$cache/node_modules/.bin/gemini"
test -x "$gemini" || { echo "run.sh: no Gemini CLI at $gemini" >&2; exit 2; }
opencode="$cache/node_modules/opencode-linux-x64/bin/opencode"
test -x "$opencode" || { echo "run.sh: no OpenCode binary at $opencode" >&2; exit 2; }
codex="$cache/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex"
test -x "$codex" || { echo "run.sh: no Codex CLI binary at $codex" >&2; exit 2; }

echo "run.sh: building the harness" >&2
# The SDK's `runtime` feature (for `Client::start`) downloads a CLI in its build script
# unless told not to: the harness starts the pinned npm-installed binary instead.
COPILOT_SKIP_CLI_DOWNLOAD=1 cargo build --quiet --release --manifest-path "$here/Cargo.toml" >&2
harness="$here/target/release/live-conformance"

if ! command -v ip >/dev/null && [ "$(id -u)" = 0 ]; then
  (apt-get update -qq && apt-get install -y -qq iproute2) >&2
fi
command -v ip >/dev/null || { echo "run.sh: needs ip (iproute2) to bring up loopback in the namespace" >&2; exit 2; }
scratch=$(mktemp -d)
output="$scratch/output.txt"
trap 'rm -rf "$scratch"' EXIT
status=0
: > "$output"
# `--only gate` runs the gate suite alone; `--only RUNTIME` or `--prefix P`, the other suites.
case " $* " in
  *" --only gate "*) ;;
  *)
    unshare -n -- bash -c 'ip link set lo up && exec "$@"' _ \
      "$harness" --copilot "$copilot" --claude "$claude" --gemini "$gemini" --opencode "$opencode" --codex "$codex" --scratch "$scratch" "$@" | tee "$output" || status=$?
    ;;
esac
# The gate suite (SPEC §13): every runtime with its configuration withheld, only the hook
# `resolve --gate` writes, running the release build of `tool-policy gate`.
case " $* " in
  *" --only "* | *" --prefix "*) gate=no ;;
  *) gate=yes ;;
esac
case " $* " in *" --only gate "*) gate=yes ;; esac
if [ "$gate" = yes ]; then
  echo "run.sh: building tool-policy" >&2
  cargo build --quiet --release --manifest-path "$here/../../Cargo.toml" --bin tool-policy >&2
  unshare -n -- bash -c 'ip link set lo up && exec "$@"' _ \
    "$harness" gate --tool-policy "$here/../../target/release/tool-policy" --copilot "$copilot" --claude "$claude" --gemini "$gemini" \
    --opencode "$opencode" --codex "$codex" --scratch "$scratch/gate" | tee -a "$output" || status=$?
fi
# The Claude Code suites again, on the Agent SDK's build, unless the run is for another runtime.
case " $* " in
  *" --only copilot "* | *" --only gemini-cli "* | *" --only opencode "* | *" --only codex "* | *" --only gate "*) ;;
  *)
    echo "Claude Code $sdk_claude_version (the Claude Agent SDK $sdk_version's build):" | tee -a "$output"
    unshare -n -- bash -c 'ip link set lo up && exec "$@"' _ \
      "$harness" --claude "$sdk_claude" --scratch "$scratch/sdk" --only claude-code "$@" | tee -a "$output" || status=$?
    ;;
esac

# The run writes its own record: tests/live/RESULTS.md, with the cases new since the last one.
results="$here/RESULTS${builds:+$builds}.md"
case_names() { sed -n 's/^\(ok\|MISMATCH\) *\([^:]*: [^(]*\).*/\2/p' "$1" | sed 's/ *$//' | sort -u; }
new_cases=""
if [ -f "$results" ]; then
  new_cases=$(comm -13 <(case_names "$results") <(case_names "$output") | sed 's/^/- /')
fi
{
  echo "# Live conformance: last run"
  echo
  echo "Pins: Copilot CLI $copilot_version (driven through \`github-copilot-sdk\` 1.0.29-preview.4), Claude Code CLI $claude_version (and $sdk_claude_version, the Claude Agent SDK $sdk_version's build), Gemini CLI $gemini_version, OpenCode $opencode_version, Codex CLI $codex_version."
  echo "Written by \`bash tests/live/run.sh $*\` on $(date -u +%Y-%m-%d), inside \`unshare -n\` (loopback only); exit status $status."
  echo
  echo "Cases new since the previous run:"
  echo
  if [ -n "$new_cases" ]; then echo "$new_cases"; else echo "- none"; fi
  echo
  echo '```text'
  cat "$output"
  echo '```'
} > "$results.new"
mv "$results.new" "$results"
exit "$status"
