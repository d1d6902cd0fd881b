#!/usr/bin/env bash
# Whole-process timings of the maze tools on large inputs: hyperfine medians of RUNS runs
# (default 5) in seconds, and the peak memory (max RSS) of one run.
#
#   apt-get install hyperfine     # once
#   bench/pipeline.sh             # the pipeline at 100, 1000, 2000 cells; every generator and
#                                 # solver at 2000
#   SIZES="4000" bench/pipeline.sh
set -u
. "$(dirname "$0")/common.sh"
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 2; }
release_build || exit 2
runs=${RUNS:-5}
sizes=${SIZES:-100 1000 2000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "median-seconds peak-MB" of a shell command. The output files are removed before each run,
# so that every run writes a new file: rewriting an existing one took about 13 ms more for
# 16 MB here (most likely ext4 writing out a truncated and rewritten file when it is closed).
measure() {
  hyperfine --warmup 1 --runs "$runs" --prepare "rm -f $tmp/out.json $tmp/out.txt" \
    --export-json "$tmp/h.json" -i "$1" >/dev/null 2>&1
  /usr/bin/time -f "%M" -o "$tmp/mem" sh -c "$1" >/dev/null 2>&1
  python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"], int(open(sys.argv[2]).read().split()[-1]) // 1024)' "$tmp/h.json" "$tmp/mem"
}

echo "## The pipeline, stage by stage (hunt-kill, bfs)"
echo
echo "| cells | document | mazegen | mazesolve | gridrender | mazegen \| mazesolve \| gridrender |"
echo "| --- | --- | --- | --- | --- | --- |"
for n in $sizes; do
  "$release/mazegen" --seed 1 "$n" > "$tmp/maze.json"
  "$release/mazesolve" < "$tmp/maze.json" > "$tmp/solved.json"
  read -r g gm <<<"$(measure "$release/mazegen --seed 1 $n > $tmp/out.json")"
  read -r s sm <<<"$(measure "$release/mazesolve < $tmp/maze.json > $tmp/out.json")"
  read -r r rm <<<"$(measure "$release/gridrender < $tmp/solved.json > $tmp/out.txt")"
  read -r p pm <<<"$(measure "$release/mazegen --seed 1 $n | $release/mazesolve | $release/gridrender > /dev/null")"
  size=$(python3 -c "print('%.1f' % ($(stat -c %s "$tmp/maze.json") / 1e6))")
  echo "| ${n}x${n} | ${size} MB | $g s, $gm MB | $s s, $sm MB | $r s, $rm MB | $p s |"
done
echo
echo "## Every generator at 2000x2000 cells, JSON written"
echo
echo "The whole document is written to /dev/null (the tool's own work), and to a new file (the"
echo "file system's work added: about 6 ms for 16 MB here)."
echo
echo "| algorithm | seconds, to /dev/null | million cells/s | seconds, to a file | million cells/s | peak memory |"
echo "| --- | --- | --- | --- | --- | --- |"
for algo in hunt-kill binary-tree sidewinder backtracker kruskal prim eller growing-tree recursive-division wilson aldous-broder; do
  read -r t m <<<"$(measure "$release/mazegen --algo $algo --seed 1 2000 > /dev/null")"
  read -r f fm <<<"$(measure "$release/mazegen --algo $algo --seed 1 2000 > $tmp/out.json")"
  rate=$(python3 -c "print('%.1f' % (4 / $t))")
  frate=$(python3 -c "print('%.1f' % (4 / $f))")
  echo "| $algo | $t | $rate | $f | $frate | $m MB |"
done
echo
echo "## Every solver on 2000x2000-cell mazes (16 MB documents), parsing and writing included"
echo
"$release/mazegen" --seed 1 2000 > "$tmp/maze.json"
"$release/mazegen" --seed 1 --braid 0.5 2000 > "$tmp/braided.json"
echo "| solver | hunt-kill maze | kruskal maze braided 0.5 |"
echo "| --- | --- | --- |"
"$release/mazegen" --algo kruskal --seed 1 --braid 0.5 2000 > "$tmp/braided.json"
for solver in bfs astar right-hand left-hand dead-end-filling tremaux; do
  read -r a am <<<"$(measure "$release/mazesolve --algo $solver < $tmp/maze.json > $tmp/out.json")"
  read -r b bm <<<"$(measure "$release/mazesolve --algo $solver < $tmp/braided.json > $tmp/out.json")"
  echo "| $solver | $a s, $am MB | $b s, $bm MB |"
done
