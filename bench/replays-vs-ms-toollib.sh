#!/usr/bin/env bash
# Replays per CPU second, beside ms-toollib (the community's library, from PyPI): an archive
# of 200 files made of the 13 sample replays of tests/data/replays (copied in turn), read
# by `mines replay` (one process, every document written), by `mines replay --summary
# --jobs 1` (figures only), and by ms-toollib's parse and analyse in one Python process
# (bench/ms-toollib-read.py). CPU time (user + system) and peak memory by /usr/bin/time,
# best of 3.
#
#   python3 -m venv /tmp/venv && /tmp/venv/bin/pip install ms_toollib
#   GRIDKIT_PYTHON=/tmp/venv/bin/python bench/replays-vs-ms-toollib.sh [COUNT]
set -u
. "$(dirname "$0")/common.sh"
release_build --bin mines || exit 2
python=${GRIDKIT_PYTHON:-python3}
"$python" -c 'import ms_toollib' 2>/dev/null || { echo "no ms_toollib in $python" >&2; exit 2; }
count=${1:-200}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gridkit-replays-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
samples=()
for f in "$here"/tests/data/replays/*.{avf,evf,rmv,mvf}; do
  samples+=("$f")
done
n=${#samples[@]}
mkdir "$scratch/archive"
for ((i = 0; i < count; i++)); do
  sample=${samples[$((i % n))]}
  cp "$sample" "$scratch/archive/game$i.${sample##*.}"
done
files=("$scratch"/archive/*)

# The CPU seconds (user + system) and peak KiB of the best of 3 runs of a command.
cpu_best_of_3() {
  local best=
  for _ in 1 2 3; do
    /usr/bin/time -f '%U %S %M' -o "$scratch/time" "$@" >/dev/null 2>&1
    best=$(awk -v best="${best:-1e9 0}" '{
      t = $1 + $2; split(best, b, " ")
      print (t < b[1]) ? t " " $3 : best }' "$scratch/time")
  done
  echo "$best"
}

report() {
  local name=$1 cpu kib
  shift
  read -r cpu kib < <(cpu_best_of_3 "$@")
  awk -v name="$name" -v cpu="$cpu" -v kib="$kib" -v n="$count" 'BEGIN {
    printf "%-36s %8.2f s %10.0f %8.1f MiB\n", name, cpu, n / cpu, kib / 1024 }'
}

printf '%-36s %10s %10s %12s\n' "$count replays" "CPU" "per CPU s" "peak memory"
report "mines replay" "$release/mines" replay "${files[@]}"
report "mines replay --summary --jobs 1" "$release/mines" replay --summary --jobs 1 "$scratch/archive"
report "ms-toollib parse + analyse" "$python" "$here/bench/ms-toollib-read.py" "${files[@]}"
