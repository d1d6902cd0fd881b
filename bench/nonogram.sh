#!/usr/bin/env bash
# Times nonosolve on the shared benchmark puzzles (tests/data/nonogram), side by side with the
# Rust solver nonogrid when it is installed, as whole processes; then, when the nonogrid crate's
# source is in cargo's registry (`cargo install` or `cargo fetch` of nonogrid 0.7.3 puts it
# there), on all 31 black-and-white puzzles of Jan Wolter's survey in its sample-olsak-g folder
# (most of them may not be redistributed, so they are read from there and never copied here).
#
#   apt-get install hyperfine jq                          # once
#   cargo install nonogrid --root /tmp/peers/nonogrid     # optional, in a scratch folder
#   bench/nonogram.sh [NONOGRID_BIN]
#   SURVEY=path/to/sample-olsak-g bench/nonogram.sh       # the survey's folder, if elsewhere
#
# Each figure is a hyperfine median in milliseconds, of at least RUNS runs (default 5) and of
# as many as fit in its 3 seconds, so that a puzzle settled in a millisecond is timed over
# thousands of runs; a run longer than LIMIT seconds (default 60) is stopped and shown as
# ">LIMIT s". Both solvers look for two solutions, which proves uniqueness. nonogrid reads
# the .non files made here with jq.
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
  hyperfine -N --warmup 1 --min-runs "$runs" --export-json "$tmp/h.json" "$*" >/dev/null 2>&1 || { echo "failed"; return; }
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

survey=${SURVEY:-$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/nonogrid-0.7.3/sample-olsak-g 2>/dev/null | head -1)}
[ -d "$survey" ] || exit 0
echo
echo "| survey puzzle | status | nonosolve (ms) | nonogrid (ms) | nonogrid / nonosolve |"
echo "| --- | --- | --- | --- | --- |"
for f in "$survey"/*.g; do
  name=$(basename "$f" .g)
  case $name in *color*) continue ;; esac
  status=$(timeout "$limit" "$solver" "$f" 2>/dev/null | jq -r '.solution.status')
  [ -n "$status" ] || status="unfinished"
  ours=$(time_ms "$solver" "$f")
  theirs="-"
  [ -x "$nonogrid" ] && theirs=$(time_ms "$nonogrid" -m 2 "$f")
  ratio=$(python3 -c '
import sys
def ms(s): return float(s[1:-2]) * 1000 if s.startswith(">") else float(s)
a, b = sys.argv[1], sys.argv[2]
if b == "-" or (a.startswith(">") and b.startswith(">")): print("-")
elif a.startswith(">"): print("<%.2f" % (ms(b) / ms(a)))
elif b.startswith(">"): print(">%.0f" % (ms(b) / ms(a)))
else: print("%.1f" % (ms(b) / ms(a)))' "$ours" "$theirs")
  echo "| $name | $status | $ours | $theirs | $ratio |"
done
