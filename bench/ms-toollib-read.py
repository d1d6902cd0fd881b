"""Reads replays the way a player's script does with ms-toollib: each file parsed and
analysed, and the figures `mines replay` writes taken, in one Python process.

    ms-toollib-read.py FILE...
"""
import os
import sys

import ms_toollib as ms

READERS = {".avf": ms.AvfVideo, ".evf": ms.EvfVideo, ".mvf": ms.MvfVideo, ".rmv": ms.RmvVideo}
FIELDS = ("bbbv bbbv_solved bbbv_s left right double cl flag lce rce dce ce ioe thrp corr "
          "rqp qg stnb op isl zini").split()


def figures(path):
    video = READERS[os.path.splitext(path)[1]](path)
    video.parse()
    video.analyse()
    video.current_time = 1e9  # the end of the game
    out = {field: getattr(video, field) for field in FIELDS}
    out["hzini"] = ms.Board(video.board).hzini
    return out


def main():
    count = sum(1 for path in sys.argv[1:] if figures(path))
    print(f"{count} replays read", file=sys.stderr)


if __name__ == "__main__":
    main()
