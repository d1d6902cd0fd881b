#!/usr/bin/env bash
# Whole-process timings of the maze tools on large inputs: wall-clock seconds (best of RUNS,
# default 3) and peak memory (max RSS), with the JSON written to a file.
#
#   bench/pipeline.sh            # the pipeline at 100, 1000 and 2000 cells, every generator at 2000
#   SIZES="4000" bench/pipeline.sh
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
cargo build --release --quiet --manifest-path "$here/Cargo.toml" || exit 2
bin="$here/target/release"
runs=${RUNS:-3}
sizes=${SIZES:-100 1000 2000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best-of-$runs seconds and the peak RSS in MB of a shell command
measure() {
  local best="" mem=0
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$tmp/time" sh -c "$1" || { echo "failed: $1" >&2; exit 1; }
    read -r t m < "$tmp/time"
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
    [ "$m" -gt "$mem" ] && mem=$m
  done
  printf '%s %d' "$best" $((mem / 1024))
}

echo "## The pipeline, stage by stage (hunt-kill, bfs)"
echo
echo "| cells | document | mazegen | mazesolve | gridrender | whole pipeline |"
echo "| --- | --- | --- | --- | --- | --- |"
for n in $sizes; do
  read -r g gm <<<"$(measure "$bin/mazegen --seed 1 $n > $tmp/maze.json")"
  read -r s sm <<<"$(measure "$bin/mazesolve < $tmp/maze.json > $tmp/solved.json")"
  read -r r rm <<<"$(measure "$bin/gridrender < $tmp/solved.json > /dev/null")"
  read -r p pm <<<"$(measure "$bin/mazegen --seed 1 $n | $bin/mazesolve | $bin/gridrender > /dev/null")"
  size=$(( $(stat -c %s "$tmp/maze.json") / 1024 / 1024 ))
  echo "| ${n}x${n} | ${size} MB | $g s, $gm MB | $s s, $sm MB | $r s, $rm MB | $p s |"
done
echo
echo "## Every generator at 2000x2000 cells, JSON written"
echo
echo "| algorithm | seconds | million cells/s | peak memory |"
echo "| --- | --- | --- | --- |"
for algo in hunt-kill binary-tree sidewinder backtracker kruskal prim eller growing-tree recursive-division wilson aldous-broder; do
  read -r t m <<<"$(measure "$bin/mazegen --algo $algo --seed 1 2000 > $tmp/maze.json")"
  rate=$(echo "4 / $t" | bc -l | xargs printf '%.1f')
  echo "| $algo | $t | $rate | $m MB |"
done
echo
echo "## Every solver on the 2000x2000 hunt-kill maze, parsing included"
echo
"$bin/mazegen" --seed 1 2000 > "$tmp/maze.json"
"$bin/mazegen" --seed 1 --braid 0.5 2000 > "$tmp/braided.json"
echo "| solver | perfect maze | braided (0.5) |"
echo "| --- | --- | --- |"
for solver in bfs astar right-hand left-hand dead-end-filling tremaux; do
  read -r a am <<<"$(measure "$bin/mazesolve --algo $solver < $tmp/maze.json > /dev/null")"
  read -r b bm <<<"$(measure "$bin/mazesolve --algo $solver < $tmp/braided.json > /dev/null; true")"
  echo "| $solver | $a s, $am MB | $b s, $bm MB |"
done
