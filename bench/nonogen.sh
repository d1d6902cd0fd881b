#!/usr/bin/env bash
# nonogen as a whole process, writing its JSON: the median time of one random puzzle at each
# size and difficulty, over SEEDS seeds (default 15), each seed run once.
#
#   bench/nonogen.sh            # line 10..100, probing 10..40, search 20..30
#
# A puzzle's time varies with its seed (how many pictures and flips it takes), so the median
# and the slowest over the seeds are given, in milliseconds, process start included.
set -u
. "$(dirname "$0")/common.sh"
seeds=${SEEDS:-15}
release_build || exit 2

measure() { # difficulty size
    python3 - "$release/nonogen" "$1" "$2" "$seeds" <<'PY'
import subprocess, sys, time
exe, difficulty, size, seeds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
times, failed = [], 0
for seed in range(seeds):
    start = time.perf_counter()
    r = subprocess.run([exe, "--seed", str(seed), "--difficulty", difficulty, size],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append((time.perf_counter() - start) * 1000)
    failed += r.returncode != 0
times.sort()
print(f"| {difficulty} | {size}x{size} | {times[len(times) // 2]:.1f} | {times[-1]:.1f} | {failed} |")
PY
}

echo "| difficulty | size | median ms | slowest ms | seeds without a puzzle |"
echo "| --- | --- | --- | --- | --- |"
for n in 10 20 30 50 70 100; do measure line $n; done
for n in 10 20 30 40; do measure probing $n; done
for n in 20 25 30; do measure search $n; done
