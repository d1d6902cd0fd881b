#!/usr/bin/env bash
# mines replay --summary over a generated archive: the sample replays of tests/data/replays
# copied under many names and folders (COUNT files in all, 10,000 unless given), one in a
# hundred cut short and one in a hundred garbage, in a scratch folder; timed with
# /usr/bin/time -v (wall clock, CPU, peak memory), then the summary split over two folders
# and merged, checked equal to the whole's.
#
#   bench/archive.sh [COUNT]
set -u
. "$(dirname "$0")/common.sh"
release_build --no-default-features --bin mines || exit 2
count=${1:-10000}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gridkit-archive-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
samples=()
for f in "$here"/tests/data/replays/*.{avf,evf,rmv,mvf} "$here"/tests/data/replays/converted/*; do
  samples+=("$f")
done
n=${#samples[@]}
for ((i = 0; i < count; i++)); do
  dir="$scratch/archive/$((i % 2))/year$((i % 7))/month$((i % 12))"
  [ -d "$dir" ] || mkdir -p "$dir"
  sample=${samples[$((i % n))]}
  case $((i % 100)) in
    0) head -c 200 "$sample" >"$dir/cut$i.avf" ;;
    1) head -c 3000 /dev/urandom >"$dir/garbage$i.evf" ;;
    *) cp "$sample" "$dir/game$i.${sample##*.}" ;;
  esac
done
echo "archive: $count files in $scratch/archive ($(du -sh "$scratch/archive" | cut -f1))"

timed() {
  /usr/bin/time -v "$@" 2>"$scratch/time" >"$scratch/out"
  grep -E 'Elapsed|User time|System time|Maximum resident' "$scratch/time" | sed 's/^\s*/  /'
  grep -c 'mines: error' "$scratch/time" | sed 's/^/  lines on stderr: /'
}
echo "mines replay --summary (every core):"
timed "$release/mines" replay --summary "$scratch/archive"
cp "$scratch/out" "$scratch/whole.json"
"$release/mines" replay --merge "$scratch/whole.json" --table | tail -n 1
echo "mines replay --summary --jobs 1:"
timed "$release/mines" replay --summary --jobs 1 "$scratch/archive"
"$release/mines" replay --summary "$scratch/archive/0" >"$scratch/0.json" 2>/dev/null
"$release/mines" replay --summary "$scratch/archive/1" >"$scratch/1.json" 2>/dev/null
"$release/mines" replay --merge "$scratch/1.json" "$scratch/0.json" >"$scratch/merged.json"
if cmp -s "$scratch/merged.json" "$scratch/whole.json"; then
  echo "merge of the two halves: the same bytes as the whole"
else
  echo "merge of the two halves differs from the whole" >&2
  exit 1
fi
