#!/usr/bin/env bash
# Side-by-side timing of mazegen and knossos (the closest Rust peer) on every algorithm both
# have, as whole processes writing their maze to a file, measured in the same run.
#
#   apt-get install hyperfine                               # once
#   cargo install knossos --root /tmp/peers/knossos         # once, in a scratch folder
#   bench/knossos.sh [KNOSSOS_BIN] [SIZES...]               # default sizes: 1000 2000
#
# Times are hyperfine medians of RUNS runs (default 5) after a warm-up, in seconds. knossos
# is first tried once under LIMIT seconds (default 120): a time-out is reported as ">LIMIT"
# and a crash as "crash". The ratio is knossos time / mazegen time.
set -u
. "$(dirname "$0")/common.sh"
knossos=${1:-/tmp/peers/knossos/bin/knossos}
shift || true
sizes=${*:-1000 2000}
runs=${RUNS:-5}
limit=${LIMIT:-120}
mazegen="$release/mazegen"
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 2; }
[ -x "$knossos" ] || { echo "knossos not found at $knossos (see the comment at the top)" >&2; exit 2; }
release_build || exit 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# median seconds of a command (no shell), its stdout written to $out/stdout
median() {
  hyperfine -N --warmup 1 --runs "$runs" --output="$out/stdout" \
    --export-json "$out/h.json" "$1" >/dev/null 2>&1 || { echo "fail"; return; }
  python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$out/h.json"
}

echo "| algorithm | cells | mazegen (s) | knossos (s) | knossos / mazegen |"
echo "| --- | --- | --- | --- | --- |"
pairs="hunt-kill:hunt-and-kill binary-tree:binary-tree sidewinder:sidewinder backtracker:recursive-backtracking kruskal:kruskal prim:prim aldous-broder:aldous-broder eller:eller growing-tree:growing-tree recursive-division:recursive-division"
for n in $sizes; do
  for pair in $pairs; do
    ours=${pair%%:*}
    theirs=${pair##*:}
    a=$(median "$mazegen --algo $ours --seed 1 $n")
    k="$knossos generate -A $theirs -W $n -H $n --seed 1 ascii -O $out/theirs.txt"
    timeout "$limit" $k >/dev/null 2>&1
    case $? in
      0) b=$(median "$k") ;;
      124) b=">$limit" ;;
      *) b="crash" ;;
    esac
    case "$b" in
      crash|fail) ratio="knossos failed" ;;
      ">"*) ratio="> $(python3 -c "print(round($limit / $a))")x" ;;
      *) ratio="$(python3 -c "print('%.1f' % ($b / $a))")x" ;;
    esac
    echo "| $ours | ${n}x${n} | $a | $b | $ratio |"
  done
done
