# Sourced by the scripts in bench/.
#
# `here` is the project's folder and `release` the folder of its release binaries, wherever
# cargo's target directory is (CARGO_TARGET_DIR, or build.target-dir in a config).
# `release_build` builds the tools the scripts time, from inside the project.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target_dir=$(cd "$here" && cargo metadata --format-version 1 --no-deps |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
[ -n "$target_dir" ] || { echo "cargo metadata named no target directory" >&2; exit 2; }
release=$target_dir/release
release_build() { (cd "$here" && cargo build --release --quiet "$@"); }
