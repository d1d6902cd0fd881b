#!/usr/bin/env bash
# Masked and weave mazes beside plain ones, as whole processes writing their JSON, measured in
# the same run: for each algorithm that takes a mask, a SIZE x SIZE square, a disc in the
# same square (a text mask of SIZE x SIZE characters, 78.5% cells), and --weave 0.5. Then
# mazesolve --stats and mazegen --endpoints farthest on a SIZE x SIZE maze.
#
#   apt-get install hyperfine jq    # once
#   bench/shapes.sh [SIZE]          # default 2000
#
# Times are hyperfine medians of RUNS runs (default 5) after a warm-up, in seconds; "cells/s"
# counts the maze's cells (the disc's are fewer), and "disc / square" compares those rates.
set -u
. "$(dirname "$0")/common.sh"
size=${1:-2000}
runs=${RUNS:-5}
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 2; }
release_build || exit 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

python3 - "$size" "$out/disc.txt" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
c = n / 2
with open(path, "w") as f:
    for r in range(n):
        f.write("".join("." if (r + 0.5 - c) ** 2 + (x + 0.5 - c) ** 2 <= c * c else "#"
                        for x in range(n)) + "\n")
PY
disc_cells=$(tr -cd '.' < "$out/disc.txt" | wc -c)
square_cells=$((size * size))

median() {
  hyperfine -N --warmup 1 --runs "$runs" --export-json "$out/h.json" "$@" >/dev/null 2>&1 \
    || { echo "fail"; return; }
  jq -r '.results[0].median' "$out/h.json"
}
rate() { python3 -c "print('%.1f' % ($1 / $2 / 1e6))"; }

echo "| algorithm | square (s) | M cells/s | disc (s) | M cells/s | disc / square | weave 0.5 (s) |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for algo in hunt-kill backtracker kruskal prim wilson aldous-broder growing-tree; do
  sq=$(median "$release/mazegen --algo $algo --seed 1 $size")
  dc=$(median "$release/mazegen --algo $algo --seed 1 --mask $out/disc.txt")
  wv=$(median "$release/mazegen --algo $algo --seed 1 --weave 0.5 $size")
  r1=$(rate "$square_cells" "$sq")
  r2=$(rate "$disc_cells" "$dc")
  ratio=$(python3 -c "print('%.2f' % ($r2 / $r1))")
  printf '| %s | %.3f | %s | %.3f | %s | %s | %.3f |\n' "$algo" "$sq" "$r1" "$dc" "$r2" "$ratio" "$wv"
done

"$release/mazegen" --algo backtracker --seed 1 "$size" > "$out/maze.json"
"$release/mazegen" --algo kruskal --seed 1 --weave 0.5 "$size" > "$out/weave.json"
"$release/mazegen" --algo backtracker --seed 1 --mask "$out/disc.txt" > "$out/masked.json"
echo
echo "| task | seconds |"
echo "| --- | --- |"
for f in maze weave masked; do
  printf '| mazesolve --stats, %s | %.3f |\n' "$f" \
    "$(median "$release/mazesolve --stats $out/$f.json")"
done
for e in corners farthest; do
  printf '| mazegen --algo backtracker --endpoints %s | %.3f |\n' "$e" \
    "$(median "$release/mazegen --algo backtracker --seed 1 --endpoints $e $size")"
done
