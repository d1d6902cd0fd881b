#!/usr/bin/env bash
# Start-up of nonosolve beside nonogrid, on a survey puzzle that is all start-up
# (webpbn-00001 of Jan Wolter's survey: 5 x 10, settled by line logic in well under a
# millisecond of work). Both take about a millisecond a run, and a shared machine moves that
# by a third from one second to the next, so a single timing of each says little: the two
# take turns, each first in every other round, ROUNDS rounds (default 1000) of `perf stat -r
# RUNS` (default 1) each, and the summary counts the rounds each was faster in. Short rounds
# put the two side by side within milliseconds, before the machine's load moves. Page faults,
# which hardly vary, are shown beside the times.
#
#   apt-get install linux-perf                            # once
#   cargo install nonogrid --root /tmp/peers/nonogrid     # in a scratch folder
#   bench/startup.sh [NONOGRID_BIN] [PUZZLE.g]
#
# The puzzle is read from the nonogrid crate's sample-olsak-g folder in cargo's registry (it
# is not copied here). Both binaries are copied into one scratch folder first: a freshly
# linked file takes more page faults than a copy of it. nonogrid looks for two solutions
# (`-m 2`), as nonosolve does.
set -u
. "$(dirname "$0")/common.sh"
nonogrid=${1:-/tmp/peers/nonogrid/bin/nonogrid}
survey=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/nonogrid-0.7.3/sample-olsak-g 2>/dev/null | head -1)
puzzle=${2:-$survey/webpbn-00001.g}
rounds=${ROUNDS:-1000}
runs=${RUNS:-1}
command -v perf >/dev/null || { echo "perf is needed: apt-get install linux-perf" >&2; exit 2; }
[ -x "$nonogrid" ] || { echo "no nonogrid at $nonogrid: cargo install nonogrid --root /tmp/peers/nonogrid" >&2; exit 2; }
[ -r "$puzzle" ] || { echo "no puzzle at $puzzle: cargo fetch nonogrid 0.7.3, or name one" >&2; exit 2; }
release_build --bin nonosolve || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$release/nonosolve" "$tmp/nonosolve"
cp "$nonogrid" "$tmp/nonogrid"

# "milliseconds page-faults" of RUNS runs of a command: perf's mean task-clock and faults
measure() {
  perf stat -x, -r "$runs" -e task-clock,page-faults "$@" 2>&1 >/dev/null |
    awk -F, '$3 == "task-clock" { ms = $1 } $3 == "page-faults" { faults = $1 }
             END { printf "%.3f %d\n", ms, faults }'
}

echo "round  nonosolve ms  faults  nonogrid ms  faults"
for round in $(seq 1 "$rounds"); do
  # Each goes first in every other round, so that neither always follows the other.
  if [ $((round % 2)) -eq 1 ]; then
    read -r ours our_faults < <(measure "$tmp/nonosolve" "$puzzle")
    read -r theirs their_faults < <(measure "$tmp/nonogrid" -m 2 "$puzzle")
  else
    read -r theirs their_faults < <(measure "$tmp/nonogrid" -m 2 "$puzzle")
    read -r ours our_faults < <(measure "$tmp/nonosolve" "$puzzle")
  fi
  printf "%5d  %12s  %6s  %11s  %6s\n" "$round" "$ours" "$our_faults" "$theirs" "$their_faults"
done | tee "$tmp/rounds.txt"

# the median of one column of the rounds
median() {
  awk -v column="$1" '{ print $column }' "$tmp/rounds.txt" | sort -n |
    awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
wins=$(awk '$2 < $4' "$tmp/rounds.txt" | wc -l)
printf "medians of the rounds: nonosolve %.3f ms, nonogrid %.3f ms; nonosolve faster in %d of %d rounds\n" \
  "$(median 2)" "$(median 4)" "$wins" "$rounds"
