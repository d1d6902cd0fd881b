#!/usr/bin/env bash
# Mazes for machines, measured as whole processes:
#
# 1. A plotter's pen-up travel: gridrender --for plotter's order (greedy nearest end, strokes
#    turned round) against the same strokes in reading order (by their first points, top to
#    bottom, then left to right), both from the sheet's corner, on SIZE x SIZE mazes.
# 2. Printed mazes: seconds, peak memory and triangles a cell of `gridrender -o maze.stl`.
#
#   bench/machines.sh
#
# Needs python3 (the reading order is worked out from the laser SVG) and GNU time.
set -u
. "$(dirname "$0")/common.sh"
release_build || exit 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
[ -x /usr/bin/time ] || { echo "GNU time is needed: apt-get install time" >&2; exit 2; }

# The pen-up travel of an SVG's strokes in reading order, in millimetres.
reading_order() {
  python3 - "$1" <<'PY'
import math, re, sys
text = open(sys.argv[1]).read()
strokes = []
for m in re.finditer(r'<polyline points="([^"]*)"|<path d="([^"]*)"', text):
    if m.group(1):
        pts = [tuple(map(float, p.split(","))) for p in m.group(1).split()]
    else:
        pts = [tuple(map(float, w.lstrip("MLA").split(",")))
               for w in m.group(2).split() if "," in w and not w.startswith("A")]
    strokes.append((pts[0], pts[-1]))
strokes.sort(key=lambda s: (s[0][1], s[0][0]))
pen, up = (0.0, 0.0), 0.0
for first, last in strokes:
    up += math.dist(pen, first)
    pen = last
print(f"{up:.0f}")
PY
}

echo "| maze | strokes | pen down (mm) | pen up, plotter (mm) | pen up, reading order (mm) | plotter / reading |"
echo "| --- | --- | --- | --- | --- | --- |"
for spec in "square 50" "square 200" "hex 50" "triangle 50" "octagon 50" "polar 30"; do
  set -- $spec
  "$release/mazegen" --seed 1 --tiling "$1" "$2" > "$out/maze.json"
  "$release/gridrender" --for laser -o "$out/laser.svg" < "$out/maze.json"
  said=$("$release/gridrender" --for plotter -o "$out/plot.svg" < "$out/maze.json" 2>&1)
  down=$(sed -n 's/.*pen down \([0-9]*\) mm.*/\1/p' <<< "$said")
  up=$(sed -n 's/.*pen up \([0-9]*\) mm.*/\1/p' <<< "$said")
  strokes=$(sed -n 's/.*plots in \([0-9]*\) strokes.*/\1/p' <<< "$said")
  reading=$(reading_order "$out/laser.svg")
  ratio=$(python3 -c "print('%.3f' % ($up / $reading))")
  echo "| $1 $2 | $strokes | $down | $up | $reading | $ratio |"
done

echo
echo "| printed maze | cells | seconds | peak MB | triangles | a cell |"
echo "| --- | --- | --- | --- | --- | --- |"
for spec in "square 100" "square 300" "hex 100" "triangle 150" "octagon 100" "polar 60"; do
  set -- $spec
  "$release/mazegen" --seed 1 --tiling "$1" "$2" > "$out/maze.json"
  cells=$(python3 -c "
import json; d = json.load(open('$out/maze.json'))
print(sum(len(r) for r in d['cells']) if 'cells' in d else d['meta']['cells'][0] * d['meta']['cells'][1])")
  /usr/bin/time -f "%e %M" -o "$out/time" "$release/gridrender" -o "$out/maze.stl" < "$out/maze.json"
  read -r seconds kb < "$out/time"
  triangles=$(python3 -c "
import struct; print(struct.unpack('<I', open('$out/maze.stl', 'rb').read()[80:84])[0])")
  python3 -c "print('| $1 $2 | $cells | $seconds | %d | $triangles | %.1f |' % ($kb / 1024, $triangles / $cells))"
done
