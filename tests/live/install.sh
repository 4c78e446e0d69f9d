#!/usr/bin/env bash
# Installs npm packages into a cache folder, each unless that version is there already:
#
#   bash tests/live/install.sh CACHE NAME@VERSION...
#
# The live suite (tests/live/run.sh) and the catalog refresh (tests/catalog/refresh.sh)
# install the CLIs they run with it.
set -euo pipefail
cache=$1
shift
mkdir -p "$cache"
installed() { node -p "require('$cache/node_modules/$1/package.json').version" 2>/dev/null || true; }
need=()
for spec in "$@"; do
  name=${spec%@*}
  version=${spec##*@}
  [ "$(installed "$name")" = "$version" ] || need+=("$spec")
done
[ ${#need[@]} -eq 0 ] && exit 0
echo "install.sh: installing ${need[*]} into $cache" >&2
cd "$cache"
[ -f package.json ] || npm init -y >/dev/null
npm install --no-audit --no-fund --save-exact --loglevel=error "${need[@]}" >&2
