#!/bin/sh
# Makes every picture in the README and docs/ again, each with the command shown beside it.
#
#     cargo build --release && PATH="$PWD/target/release:$PATH" docs/images/make.sh
#
# Writes into docs/images/, or into the folder given as the first argument (the e2e test
# `the_doc_pictures_are_current` makes them in a scratch folder and compares). The tools
# are taken from PATH; the same seeds give the same bytes on every machine.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$(mkdir -p "${1:-$here}" && cd "${1:-$here}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The commands name their inputs as the docs do, from the repository's top.
ln -s "$root/docs" "$work/docs"
ln -s "$root/tests" "$work/tests"
cd "$work"

# picture NAME FILE COMMAND: runs COMMAND, which writes FILE, and keeps it as NAME.
picture() {
    sh -c "$3"
    mv "$2" "$out/$1"
}

picture heart-weave.png heart.png 'mazegen --mask docs/masks/heart.txt --weave 0.4 --algo backtracker --seed 3 | mazesolve | gridrender -o heart.png --cell-size 16'
picture tiling-hex.png hex.png 'mazegen --tiling hex --seed 7 16 10 | mazesolve | gridrender -o hex.png --cell-size 20'
picture tiling-triangle.png triangle.png 'mazegen --tiling triangle --seed 7 28 10 | mazesolve | gridrender -o triangle.png --cell-size 20'
picture tiling-octagon.png octagon.png 'mazegen --tiling octagon --seed 7 16 10 | mazesolve | gridrender -o octagon.png --cell-size 20'
picture tiling-polar.png polar.png 'mazegen --tiling polar --seed 7 10 | mazesolve | gridrender -o polar.png --cell-size 16'
picture levels.png levels.png 'mazegen --levels 3 --seed 3 --endpoints farthest 8 8 | mazesolve | gridrender -o levels.png'
picture torus.png torus.png 'mazegen --wrap xy --seed 3 --endpoints farthest 12 8 | mazesolve | gridrender -o torus.png'
picture cube-net.png cube.png 'mazegen --tiling cube --seed 3 --endpoints farthest 5 | mazesolve | gridrender -o cube.png'
picture heart-nonogram.png heart.png 'nonogen --from docs/pictures/heart.txt --width 20 | gridrender -o heart.png'
picture heart-nonogram-key.png key.png 'nonogen --from docs/pictures/heart.txt --width 20 | gridrender --solution -o key.png'
picture mushroom-nonogram.png mushroom.png 'nonosolve tests/data/mushroom.xml | gridrender -o mushroom.png'
picture cut-polar.svg cut.svg 'mazegen --tiling polar --seed 5 6 | gridrender --for laser --outline-layer --cell-mm 6 -o cut.svg'
# A player's archive: the sample replays summed up, drawn as a chart (docs/mines.md).
picture replay-summary.svg summary.svg 'mines replay --summary tests/data/replays/*.avf tests/data/replays/*.evf tests/data/replays/*.rmv tests/data/replays/*.mvf | gridrender -o summary.svg'
picture replay-summary.png summary.png 'mines replay --summary tests/data/replays/*.avf tests/data/replays/*.evf tests/data/replays/*.rmv tests/data/replays/*.mvf | gridrender -o summary.png'

# A printed maze's model, drawn by docs/images/stl-picture.py, when the Python given
# (GRIDKIT_PYTHON, else python3) has trimesh and Pillow; the test compares it by its pixels.
python=${GRIDKIT_PYTHON:-python3}
if "$python" -c 'import trimesh, PIL' 2>/dev/null; then
    PATH="$(dirname "$(command -v "$python")"):$PATH"
    picture print-polar.png maze.png 'mazegen --tiling polar --seed 5 6 | gridrender -o maze.stl && python3 docs/images/stl-picture.py maze.stl maze.png'
    picture print-tube.png tube.png 'mazegen --wrap x --seed 5 20 8 | gridrender -o tube.stl && python3 docs/images/stl-picture.py tube.stl tube.png tube'
    picture print-cube.png cube.png 'mazegen --tiling cube --seed 5 6 | gridrender --wall-height 4 -o cube.stl && python3 docs/images/stl-picture.py cube.stl cube.png cube'
else
    echo "make.sh: $python has no trimesh and Pillow: print-polar.png, print-tube.png and print-cube.png not made" >&2
fi

# A page of a book, drawn from the PDF by poppler's pdftoppm, when it is installed; the test
# compares it by its pixels.
if command -v pdftoppm >/dev/null; then
    picture book-page.png book-page.png 'nonogen --count 4 --seed 1 --difficulty probing 12 | gridrender -o book.pdf && pdftoppm -png -r 50 -singlefile book.pdf book-page'
else
    echo "make.sh: no pdftoppm (poppler-utils): book-page.png not made" >&2
fi

# A page that plays, as headless Chromium shows it, when it is installed; compared by pixels.
if command -v chromium >/dev/null; then
    picture play-hex.png play.png 'mazegen --tiling hex --seed 4 16 | gridrender --play -o maze.html && chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=720,760 --screenshot=play.png maze.html'
    picture play-replay.png replay.png 'mines replay tests/data/replays/avf-expert-hiscore.avf | gridrender --animate -o replay.html && chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=860,640 --screenshot=replay.png "file://$PWD/replay.html#t=20"'
else
    echo "make.sh: no chromium: play-hex.png and play-replay.png not made" >&2
fi
