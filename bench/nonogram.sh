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
# Each figure is a median in milliseconds; a run longer than LIMIT seconds (default 60) is
# stopped and shown as ">LIMIT s". The two solvers take turns on each puzzle, each first in
# every other round, so that a machine whose speed drifts from one second to the next moves
# both alike: RUNS rounds (default 5; at least 10 for a puzzle under a second), each of as
# many runs (hyperfine) as fill a third of a second. Both solvers look for two solutions,
# which proves uniqueness. nonogrid reads the .non files made here with jq. The survey's last
# columns are the fastest time published for each puzzle (below).
set -u
. "$(dirname "$0")/common.sh"
nonogrid=${1:-/tmp/peers/nonogrid/bin/nonogrid}
runs=${RUNS:-5}
limit=${LIMIT:-60}
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is needed: apt-get install jq" >&2; exit 2; }
release_build || exit 2
solver="$release/nonosolve"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Milliseconds a trial run of a command takes, or "over" past the limit; its output goes to
# the file named second.
trial() {
  local start
  start=$(date +%s%N)
  timeout "$limit" $1 >"$2" 2>/dev/null
  [ $? -eq 124 ] && { echo over; return; }
  echo $((($(date +%s%N) - start) / 1000000))
}

# The median milliseconds of two commands taking turns, tab-separated ("-" for a command
# that is "-"), each ">LIMIT s" when its trial run passes the limit. The trial runs' output
# is left in $tmp/trial.0.out and $tmp/trial.1.out.
time_pair() {
  local commands=("$1" "$2") took=() longest=1 k
  for k in 0 1; do
    took[k]=-
    [ "${commands[k]}" = - ] || took[k]=$(trial "${commands[k]}" "$tmp/trial.$k.out")
    [[ ${took[k]} =~ ^[0-9]+$ ]] && [ "${took[k]}" -gt "$longest" ] && longest=${took[k]}
  done
  local per_round=$((300 / longest)) rounds=$runs round order
  [ "$per_round" -ge 1 ] || per_round=1
  [ "$longest" -lt 1000 ] && [ "$rounds" -lt 10 ] && rounds=10
  rm -f "$tmp"/pair.*.json
  for round in $(seq 1 "$rounds"); do
    order="0 1"
    [ $((round % 2)) -eq 0 ] && order="1 0"
    for k in $order; do
      [[ ${took[k]} =~ ^[0-9]+$ ]] || continue
      hyperfine -N -i --runs "$per_round" --export-json "$tmp/pair.$k.$round.json" \
        "${commands[k]}" >/dev/null 2>&1
    done
  done
  local figures=()
  for k in 0 1; do
    case ${took[k]} in
      -) figures[k]=- ;;
      over) figures[k]=">$limit s" ;;
      *) figures[k]=$(python3 -c '
import json, statistics, sys
times = [t for f in sys.argv[1:] for t in json.load(open(f))["results"][0]["times"]]
print("%.1f" % (1000 * statistics.median(times)))' "$tmp"/pair."$k".*.json) ;;
    esac
  done
  printf "%s\t%s\n" "${figures[0]}" "${figures[1]}"
}

# The fastest time published for a survey puzzle in seconds, and by whom: Jan Wolter's survey
# (CPU seconds on his machine of 2013, as nonogrid's benches/perf.csv collects them, to a
# hundredth of a second: 0 there is <0.01 here), and for Knotty, Meow and Faase, which no
# solver of the survey finished, the best published since (docs/performance.md, "Knotty,
# Meow and Faase").
published() {
  case $1 in
    webpbn-00001 | webpbn-00006 | webpbn-00016 | webpbn-00021 | webpbn-00023 | webpbn-00027 | \
      webpbn-00529 | webpbn-02413) echo "<0.01 | 5 solvers" ;;
    webpbn-00065) echo "<0.01 | Naughty, Olšák" ;;
    webpbn-07604) echo "<0.01 | Olšák, Simpson" ;;
    webpbn-01611 | webpbn-02556) echo "<0.01 | Simpson" ;;
    webpbn-10810) echo "<0.01 | Olšák" ;;
    webpbn-00436) echo "0.01 | Naughty" ;;
    webpbn-01694) echo "0.02 | Naughty, JSolver" ;;
    webpbn-04645 | webpbn-00803) echo "0.02 | Simpson" ;;
    webpbn-06739) echo "0.03 | JSolver" ;;
    webpbn-03541) echo "0.04 | pbnsolve" ;;
    webpbn-02040) echo "0.06 | JSolver" ;;
    webpbn-06574) echo "0.34 | Naughty" ;;
    webpbn-08098) echo "1.8 | MiniZinc with LazyFD" ;;
    webpbn-10088) echo "4.2 | JSolver" ;;
    webpbn-02712) echo "6.3 | pbnsolve" ;;
    webpbn-18297) echo "46.8 | Copris" ;;
    webpbn-09892) echo "72 | Copris" ;;
    webpbn-12548) echo "84 | Copris" ;;
    webpbn-22336) echo "630 | Copris" ;;
    knotty) echo "453 | line solver, probing and SAT" ;;
    meow) echo "372 | line solver, probing and SAT" ;;
    faase) echo "282 | line solver, probing and SAT" ;;
    *) echo "- | -" ;;
  esac
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
  peer="-"
  if [ -x "$nonogrid" ]; then
    to_non "$f" > "$tmp/$name.non"
    peer="$nonogrid -m 2 $tmp/$name.non"
  fi
  IFS=$'\t' read -r ours theirs < <(time_pair "$solver $f" "$peer")
  verdict=$(jq -r '"\(.solution.status) | \(.solution.method)"' "$tmp/trial.0.out" 2>/dev/null)
  [ -n "$verdict" ] || verdict="unfinished | -"
  echo "| $name | $size | $verdict | $ours | $theirs |"
done

survey=${SURVEY:-$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/nonogrid-0.7.3/sample-olsak-g 2>/dev/null | head -1)}
[ -d "$survey" ] || exit 0
echo
echo "| survey puzzle | status | nonosolve (ms) | nonogrid (ms) | nonogrid / nonosolve | fastest published (s) | by |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for f in "$survey"/*.g; do
  name=$(basename "$f" .g)
  case $name in *color*) continue ;; esac
  peer="-"
  [ -x "$nonogrid" ] && peer="$nonogrid -m 2 $f"
  IFS=$'\t' read -r ours theirs < <(time_pair "$solver $f" "$peer")
  status=$(jq -r '.solution.status' "$tmp/trial.0.out" 2>/dev/null)
  [ -n "$status" ] || status="unfinished"
  ratio=$(python3 -c '
import sys
def ms(s): return float(s[1:-2]) * 1000 if s.startswith(">") else float(s)
a, b = sys.argv[1], sys.argv[2]
if b == "-" or (a.startswith(">") and b.startswith(">")): print("-")
elif a.startswith(">"): print("<%.2f" % (ms(b) / ms(a)))
elif b.startswith(">"): print(">%.0f" % (ms(b) / ms(a)))
else: print("%.1f" % (ms(b) / ms(a)))' "$ours" "$theirs")
  echo "| $name | $status | $ours | $theirs | $ratio | $(published "$name") |"
done
