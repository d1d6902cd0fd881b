#!/usr/bin/env bash
# The task of the Computer Olympiad and TAAI nonogram tournaments: find one solution of each
# of 1,000 random 25 x 25 puzzles (cells filled with a chance falling from 0.5 to 0.35), one
# puzzle at a time on one core, the least total time winning (the 2011 winner needed 645 s).
# Makes the set from a seed (crates/nonogram/examples/competition_set.rs), then times
# nonosolve --limit 1 and nonogrid -m 1 on every puzzle, each as a whole process, the two
# taking turns puzzle by puzzle so that a machine whose speed drifts moves both alike.
#
#   apt-get install jq                                    # once
#   cargo install nonogrid --root /tmp/peers/nonogrid     # in a scratch folder
#   bench/competition.sh [SEED] [COUNT] [NONOGRID_BIN]
#   LIMIT=600 bench/competition.sh                        # seconds a puzzle may take (60)
#
# Prints each solver's total CPU time (user + system), its slowest puzzle, and how many
# puzzles it did not answer within the limit (whose time counts as the limit); every answer
# of nonosolve is checked to be "found" or "unique".
set -u
. "$(dirname "$0")/common.sh"
seed=${1:-1}
count=${2:-1000}
nonogrid=${3:-/tmp/peers/nonogrid/bin/nonogrid}
limit=${LIMIT:-60}
command -v jq >/dev/null || { echo "jq is needed: apt-get install jq" >&2; exit 2; }
release_build --bin nonosolve || exit 2
(cd "$here" && cargo build --release --quiet -p grid-nonogram --example competition_set) || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$release/examples/competition_set" "$seed" "$count" > "$tmp/set.jsonl" || exit 2
split -l 1 -d -a 4 "$tmp/set.jsonl" "$tmp/p-"
for f in "$tmp"/p-*; do
  mv "$f" "$f.json"
  jq -r '"width \(.width)\nheight \(.height)\n\nrows\n"
    + (.clues.rows | map(if length == 0 then "0" else map(tostring) | join(",") end) | join("\n"))
    + "\n\ncolumns\n"
    + (.clues.cols | map(if length == 0 then "0" else map(tostring) | join(",") end) | join("\n"))' \
    "$f.json" > "$f.non"
done

# CPU seconds (user + system) of one run of a command; its output goes to the file named
# second.
cpu() {
  local TIMEFORMAT='%U %S' t
  t=$( { time timeout "$limit" "${@:2}" >"$1" 2>/dev/null; } 2>&1 )
  awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f", a[1] + a[2] }'
}

ours_total=0 ours_worst=0 ours_worst_name="" ours_bad=0
peer_total=0 peer_worst=0 peer_worst_name="" peer_bad=0
has_peer=0
[ -x "$nonogrid" ] && has_peer=1
n=0
for f in "$tmp"/p-*.json; do
  name=$(basename "$f" .json)
  # Turns: on even puzzles nonosolve first, on odd ones nonogrid.
  if [ $((n % 2)) -eq 1 ] && [ $has_peer -eq 1 ]; then
    p=$(cpu "$tmp/peer.out" "$nonogrid" -m 1 "${f%.json}.non")
    o=$(cpu "$tmp/ours.out" "$release/nonosolve" --limit 1 "$f")
  else
    o=$(cpu "$tmp/ours.out" "$release/nonosolve" --limit 1 "$f")
    [ $has_peer -eq 1 ] && p=$(cpu "$tmp/peer.out" "$nonogrid" -m 1 "${f%.json}.non")
  fi
  status=$(jq -r '.solution.status' "$tmp/ours.out" 2>/dev/null)
  case $status in found|unique) ;; *) ours_bad=$((ours_bad + 1)) ;; esac
  ours_total=$(awk -v a="$ours_total" -v b="$o" 'BEGIN { printf "%.3f", a + b }')
  if awk -v a="$o" -v b="$ours_worst" 'BEGIN { exit !(a > b) }'; then
    ours_worst=$o ours_worst_name=$name
  fi
  if [ $has_peer -eq 1 ]; then
    grep -q . "$tmp/peer.out" || peer_bad=$((peer_bad + 1))
    peer_total=$(awk -v a="$peer_total" -v b="$p" 'BEGIN { printf "%.3f", a + b }')
    if awk -v a="$p" -v b="$peer_worst" 'BEGIN { exit !(a > b) }'; then
      peer_worst=$p peer_worst_name=$name
    fi
  fi
  n=$((n + 1))
done

echo "Competition set: seed $seed, $n puzzles of 25x25, one solution each, one core."
echo
echo "| solver | total CPU (s) | slowest puzzle (s) | puzzles not answered |"
echo "| --- | --- | --- | --- |"
echo "| nonosolve --limit 1 | $ours_total | $ours_worst ($ours_worst_name) | $ours_bad |"
if [ $has_peer -eq 1 ]; then
  echo "| nonogrid -m 1 | $peer_total | $peer_worst ($peer_worst_name) | $peer_bad |"
else
  echo "| nonogrid | not installed ($nonogrid) | | |"
fi
