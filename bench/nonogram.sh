#!/usr/bin/env bash
# Times nonosolve on the shared benchmark puzzles (tests/data/nonogram), side by side with the
# Rust solver nonogrid when it is installed, as whole processes.
#
#   apt-get install hyperfine jq                          # once
#   cargo install nonogrid --root /tmp/peers/nonogrid     # optional, in a scratch folder
#   bench/nonogram.sh [NONOGRID_BIN]
#
# Each figure is the hyperfine median of RUNS runs (default 5) in milliseconds; a run longer
# than LIMIT seconds (default 60) is stopped and shown as ">LIMIT s". Both solvers look for
# two solutions, which proves uniqueness. nonogrid reads the .non files made here with jq.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
nonogrid=${1:-/tmp/peers/nonogrid/bin/nonogrid}
runs=${RUNS:-5}
limit=${LIMIT:-60}
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is needed: apt-get install jq" >&2; exit 2; }
cargo build --release --quiet --manifest-path "$here/Cargo.toml" || exit 2
solver="$here/target/release/nonosolve"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# median milliseconds of a command, or ">limit s" when one run takes longer than the limit
time_ms() {
  timeout "$limit" "$@" >/dev/null 2>&1
  [ $? -eq 124 ] && { echo ">$limit s"; return; }
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$tmp/h.json" "$*" >/dev/null 2>&1 || { echo "failed"; return; }
  python3 -c 'import json,sys; print("%.1f" % (1000 * json.load(open(sys.argv[1]))["results"][0]["median"]))' "$tmp/h.json"
}

to_non() {
  jq -r '"width \(.width)\nheight \(.height)\n\nrows\n"
    + (.clues.rows | map(if length == 0 then "0" else map(tostring) | join(",") end) | join("\n"))
    + "\n\ncolumns\n"
    + (.clues.cols | map(if length == 0 then "0" else map(tostring) | join(",") end) | join("\n"))' "$1"
}

echo "| puzzle | size | status | method | nonosolve (ms) | nonogrid (ms) |"
echo "| --- | --- | --- | --- | --- | --- |"
for f in "$here"/tests/data/nonogram/*.json; do
  name=$(basename "$f" .json)
  size=$(jq -r '"\(.width)x\(.height)"' "$f")
  verdict=$(timeout "$limit" "$solver" "$f" 2>/dev/null | jq -r '"\(.solution.status) | \(.solution.method)"')
  [ -n "$verdict" ] || verdict="unfinished | -"
  ours=$(time_ms "$solver" "$f")
  theirs="-"
  if [ -x "$nonogrid" ]; then
    to_non "$f" > "$tmp/$name.non"
    theirs=$(time_ms "$nonogrid" -m 2 "$tmp/$name.non")
  fi
  echo "| $name | $size | $verdict | $ours | $theirs |"
done
