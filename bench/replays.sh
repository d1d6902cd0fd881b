#!/usr/bin/env bash
# Replays read and measured, beside ms-toollib (the community's library, from PyPI), in one
# run: the 13 sample replays of tests/data/replays, each read and its figures computed, as
# whole processes (mines replay; a Python running ms_toollib's parse and analyse), best of 5.
# Then mines replay --judge on each, which ms-toollib has no counterpart for.
#
#   python3 -m venv /tmp/venv && /tmp/venv/bin/pip install ms_toollib
#   GRIDKIT_PYTHON=/tmp/venv/bin/python bench/replays.sh
set -u
. "$(dirname "$0")/common.sh"
release_build || exit 2
python=${GRIDKIT_PYTHON:-python3}
"$python" -c 'import ms_toollib' 2>/dev/null || { echo "no ms_toollib in $python" >&2; exit 2; }
dir="$here/tests/data/replays"
files=$(cd "$dir" && ls *.avf *.evf *.rmv *.mvf)

best_of_5() {
  local best=
  for _ in 1 2 3 4 5; do
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s.%N)
    best=$(echo "$start $end ${best:-1e9}" | awk '{t = $2 - $1; print (t < $3) ? t : $3}')
  done
  echo "$best"
}

printf '%-34s %10s %10s %10s\n' replay "mines (s)" "ms-toollib" "--judge"
for f in $files; do
  mines=$(best_of_5 "$release/mines" replay "$dir/$f")
  theirs=$(best_of_5 "$python" "$dir/expected.py" "$dir/$f")
  judge=$(best_of_5 "$release/mines" replay --judge "$dir/$f")
  printf '%-34s %10.3f %10.3f %10.3f\n' "$f" "$mines" "$theirs" "$judge"
done
