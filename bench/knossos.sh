#!/usr/bin/env bash
# Side-by-side timing of mazegen and knossos (the closest Rust peer) on every algorithm both
# have, as whole processes writing their maze to a file, in the same run.
#
#   cargo install knossos --root /tmp/peers/knossos     # once, in a scratch folder
#   bench/knossos.sh [KNOSSOS_BIN] [SIZES...]            # default sizes: 1000 2000
#
# Each cell of the table is the best of RUNS runs (default 3) in seconds; a run that takes
# longer than LIMIT seconds (default 120) is stopped and reported as ">LIMIT", a crash as
# "crash". The ratio is knossos time / mazegen time.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
knossos=${1:-/tmp/peers/knossos/bin/knossos}
shift || true
sizes=${*:-1000 2000}
runs=${RUNS:-3}
limit=${LIMIT:-120}
mazegen="$here/target/release/mazegen"
[ -x "$knossos" ] || { echo "knossos not found at $knossos (see the comment at the top)" >&2; exit 2; }
cargo build --release --quiet --manifest-path "$here/Cargo.toml" || exit 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# best time of $runs runs of a command; ">limit" on time-out, "crash" on failure
best() {
  local best="" t status
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s.%N)
    timeout "$limit" "$@" >/dev/null 2>&1
    status=$?
    end=$(date +%s.%N)
    if [ $status -eq 124 ]; then echo ">$limit"; return; fi
    if [ $status -ne 0 ]; then echo "crash"; return; fi
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  printf '%.3f' "$best"
}

echo "| algorithm | cells | mazegen (s) | knossos (s) | knossos / mazegen |"
echo "| --- | --- | --- | --- | --- |"
pairs="hunt-kill:hunt-and-kill binary-tree:binary-tree sidewinder:sidewinder backtracker:recursive-backtracking kruskal:kruskal prim:prim aldous-broder:aldous-broder eller:eller growing-tree:growing-tree recursive-division:recursive-division"
for n in $sizes; do
  for pair in $pairs; do
    ours=${pair%%:*}
    theirs=${pair##*:}
    a=$(best sh -c "exec '$mazegen' --algo $ours --seed 1 $n > '$out/ours.json'")
    b=$(best "$knossos" generate -A "$theirs" -W "$n" -H "$n" --seed 1 ascii -O "$out/theirs.txt")
    case "$b" in
      crash) ratio="knossos crashed" ;;
      ">"*) ratio="> $(echo "$limit / $a" | bc -l | xargs printf '%.0f')x" ;;
      *) ratio="$(echo "$b / $a" | bc -l | xargs printf '%.1f')x" ;;
    esac
    echo "| $ours | ${n}x${n} | $a | $b | $ratio |"
  done
done
