#!/usr/bin/env bash
# Writes tools/nonosolve/startup.order: the functions nonosolve runs on small puzzles of each
# input format, as `valgrind --tool=callgrind` lists them, those that more runs need first.
# build.rs hands the file to the linker (lld's --symbol-ordering-file) for release builds,
# which then places those functions side by side. On a puzzle that is all start-up, the code
# nonosolve touches then lies in 5 windows of 64 KB instead of 18, each window one page fault
# (docs/performance.md, "Start-up").
#
#   apt-get install valgrind      # once
#   bench/startup-order.sh        # after a change of compiler or dependencies
#
# The names are mangled, with hashes that stay the same while the compiler, the crates'
# versions and the release profile do; a name the build no longer has is passed over, so a
# stale file costs only the gain.
set -euo pipefail
. "$(dirname "$0")/common.sh"
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 2; }
release_build --bin nonosolve
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/nonosolve
cp "$release/nonosolve" "$bin"

# One run per input format, files named and JSON on stdin.
data=$here/tests/data
run=0
record() {
  run=$((run + 1))
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$tmp/cg.$run" "$@" \
    >/dev/null 2>&1
}
record "$bin" "$data/small.g"
record "$bin" "$data/small.non"
record "$bin" "$data/small.xml"
record "$bin" "$data/mushroom.g"
record "$bin" < "$data/nonogram/webpbn-00001.json"

# Callgrind names each object and function once, then refers to it by number ("fn=(12)");
# the numbers are the file's own. Functions of nonosolve's image, unnamed stubs left out.
for file in "$tmp"/cg.*; do
  awk -v bin="$bin" '
    {
      eq = index($0, "=")
      if (eq == 0) next
      key = substr($0, 1, eq - 1)
      if (key != "ob" && key != "cob" && key != "fn" && key != "cfn") next
      rest = substr($0, eq + 1)
      close_paren = index(rest, ")")
      id = substr(rest, 2, close_paren - 2)
      name = substr(rest, close_paren + 2)
      if (key ~ /ob$/) {
        if (name != "") object[id] = name
        if (key == "ob") current = object[id]
      } else {
        if (name != "") function_[id] = name
        name = function_[id]
        if (key == "fn" && current == bin && name !~ /^0x/ && !(name in seen)) {
          seen[name]
          print name
        }
      }
    }' "$file"
done |
  # Those every run needs first, then those fewer runs need, so that the code of any one run
  # lies close together.
  awk '!($0 in runs) { first[$0] = NR } { runs[$0]++ }
       END { for (name in runs) print runs[name], first[name], name }' |
  sort -k1,1nr -k2,2n | cut -d' ' -f3 > "$here/tools/nonosolve/startup.order"
echo "$(wc -l < "$here/tools/nonosolve/startup.order") functions in tools/nonosolve/startup.order"
