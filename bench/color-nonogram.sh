#!/usr/bin/env bash
# Times nonosolve on random colour puzzles (3 to 6 colours, 20x20 to 50x50, noise and
# patches; made by crates/nonogram/examples/color_puzzles.rs from fixed seeds), side by side
# with the Rust solver nonogrid, which reads colour .g files, as whole processes.
#
#   apt-get install hyperfine jq                          # once
#   cargo install nonogrid --root /tmp/peers/nonogrid     # in a scratch folder
#   bench/color-nonogram.sh [NONOGRID_BIN]
#
# Each figure is the hyperfine median of RUNS runs (default 10) in milliseconds, both
# solvers measured in one hyperfine run; a run longer than LIMIT seconds (default 60) is
# shown as ">LIMIT s". Both look for two solutions, which proves uniqueness. The last
# column is nonogrid's time over ours.
set -u
. "$(dirname "$0")/common.sh"
nonogrid=${1:-/tmp/peers/nonogrid/bin/nonogrid}
runs=${RUNS:-10}
limit=${LIMIT:-60}
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is needed: apt-get install jq" >&2; exit 2; }
release_build || exit 2
release_build -p grid-nonogram --example color_puzzles || exit 2
solver="$release/nonosolve"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$release/examples/color_puzzles" "$tmp/puzzles"

echo "| puzzle | status | method | nonosolve (ms) | nonogrid (ms) | nonogrid / nonosolve |"
echo "| --- | --- | --- | --- | --- | --- |"
for f in "$tmp"/puzzles/*.json; do
  name=$(basename "$f" .json)
  verdict=$(timeout "$limit" "$solver" "$f" 2>/dev/null | jq -r '"\(.solution.status) | \(.solution.method)"')
  [ -n "$verdict" ] || verdict="unfinished | -"
  if [ -x "$nonogrid" ]; then
    if ! timeout "$limit" "$nonogrid" -m 2 "${f%.json}.g" >/dev/null 2>&1; then
      echo "| $name | $verdict | - | >$limit s or failed | - |"
      continue
    fi
    hyperfine -N --warmup 2 --runs "$runs" --export-json "$tmp/h.json" \
      "$solver $f" "$nonogrid -m 2 ${f%.json}.g" >/dev/null 2>&1
    python3 - "$tmp/h.json" "$name" "$verdict" <<'PY'
import json, sys
ours, theirs = (1000 * r["median"] for r in json.load(open(sys.argv[1]))["results"])
print(f"| {sys.argv[2]} | {sys.argv[3]} | {ours:.1f} | {theirs:.1f} | {theirs / ours:.2f} |")
PY
  else
    hyperfine -N --warmup 2 --runs "$runs" --export-json "$tmp/h.json" "$solver $f" >/dev/null 2>&1
    ours=$(jq '.results[0].median * 1000 | . * 10 | round / 10' "$tmp/h.json")
    echo "| $name | $verdict | $ours | - | - |"
  fi
done
