#!/usr/bin/env bash
# Whole-process timings of mazes on every tiling: hyperfine medians of RUNS runs (default 5)
# and the peak memory of one run. Each generator runs at 2000x2000 cells on the square, hex,
# triangle and octagon grids and at 1000 rings on the polar grid, JSON written to /dev/null;
# the rate is million cells a second and, beside it, the share of the square grid's rate.
#
#   apt-get install hyperfine     # once
#   bench/tilings.sh
#   ALGOS="hunt-kill kruskal" RUNS=3 bench/tilings.sh
set -u
. "$(dirname "$0")/common.sh"
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 2; }
release_build || exit 2
runs=${RUNS:-5}
algos=${ALGOS:-hunt-kill backtracker growing-tree prim kruskal wilson aldous-broder}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

measure() {
  hyperfine --warmup 1 --runs "$runs" --export-json "$tmp/h.json" -i "$1" >/dev/null 2>&1
  /usr/bin/time -f "%M" -o "$tmp/mem" sh -c "$1" >/dev/null 2>&1
  python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"], int(open(sys.argv[2]).read().split()[-1]) // 1024)' "$tmp/h.json" "$tmp/mem"
}

# The cells of a polar maze of 1000 rings, as mazegen splits them.
polar_cells=$("$release/mazegen" --tiling polar --seed 1 1000 | python3 -c 'import json,sys; print(sum(json.load(sys.stdin)["rings"]))')
size_of() { if [ "$1" = polar ]; then echo 1000; else echo "2000 2000"; fi; }
cells_of() { if [ "$1" = polar ]; then echo "$polar_cells"; else echo 4000000; fi; }

echo "## Generators: million cells a second (share of the square grid's), JSON written"
echo
echo "| algorithm | square | hex | triangle | octagon | polar ($polar_cells cells) |"
echo "| --- | --- | --- | --- | --- | --- |"
for algo in $algos; do
  line="| $algo"
  square=""
  for t in square hex triangle octagon polar; do
    read -r s m <<<"$(measure "$release/mazegen --tiling $t --algo $algo --seed 1 $(size_of $t) > /dev/null")"
    rate=$(python3 -c "print('%.1f' % ($(cells_of $t) / 1e6 / $s))")
    if [ -z "$square" ]; then square=$rate; line="$line | $rate ($s s)"; continue; fi
    share=$(python3 -c "print('%.2f' % ($rate / $square))")
    line="$line | $rate (${share}x, $s s, $m MB)"
  done
  echo "$line |"
done
echo
echo "## Solving and drawing, parsing included"
echo
echo "| tiling | document | mazesolve (bfs) | gridrender -o maze.png at 1000 cells a side |"
echo "| --- | --- | --- | --- |"
for t in hex triangle octagon polar; do
  "$release/mazegen" --tiling "$t" --seed 1 $(size_of $t) > "$tmp/maze.json"
  if [ "$t" = polar ]; then small=500; else small="1000 1000"; fi
  "$release/mazegen" --tiling "$t" --seed 1 $small | "$release/mazesolve" > "$tmp/small.json"
  read -r s sm <<<"$(measure "$release/mazesolve < $tmp/maze.json > /dev/null")"
  read -r p pm <<<"$(measure "$release/gridrender -o $tmp/out.png < $tmp/small.json")"
  mb=$(python3 -c "print('%.1f' % ($(stat -c %s "$tmp/maze.json") / 1e6))")
  echo "| $t | $mb MB | $s s, $sm MB | $p s, $pm MB |"
done
