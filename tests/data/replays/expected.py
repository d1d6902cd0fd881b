"""Writes ms-toollib.json: ms-toollib's figures for every replay in this folder.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install ms_toollib
    /tmp/venv/bin/python tests/data/replays/expected.py > tests/data/replays/ms-toollib.json
"""
import json
import math
import os
import sys

import ms_toollib as ms

HERE = os.path.dirname(os.path.abspath(__file__))
READERS = {".avf": ms.AvfVideo, ".evf": ms.EvfVideo, ".mvf": ms.MvfVideo, ".rmv": ms.RmvVideo}
FIELDS = ("software row column mine_num mode is_completed player_identifier rtime_ms bbbv "
          "bbbv_solved bbbv_s left right double cl flag lce rce dce ce ioe thrp corr rqp qg "
          "stnb op isl zini path etime start_time end_time "
          "cell0 cell1 cell2 cell3 cell4 cell5 cell6 cell7 cell8").split()


def finite(value):
    """JSON has no infinity: a rate over no time is null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def figures(path):
    video = READERS[os.path.splitext(path)[1]](path)
    video.parse()
    # What the file records of its rules: EVF's flags, read before analyse() sets both to
    # is_completed (as parse() already does for RMV and MVF, and analyse() for AVF, whose
    # files record no such flag).
    recorded = path.endswith(".evf")
    flags = {f: getattr(video, f) if recorded else None for f in ("is_official", "is_fair")}
    video.analyse()
    video.current_time = 1e9  # the end of the game
    out = {field: finite(getattr(video, field)) for field in FIELDS}
    out["hzini"] = ms.Board(video.board).hzini
    out["events"] = len(video.events)
    out.update(flags)
    for field in ("start_time", "end_time"):  # 0: the file records no time
        out[field] = out[field] or None
    return out


def main():
    names = sys.argv[1:] or sorted(
        n for n in os.listdir(HERE) if os.path.splitext(n)[1] in READERS)
    table = {os.path.basename(n): figures(os.path.join(HERE, n)) for n in names}
    json.dump(table, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
