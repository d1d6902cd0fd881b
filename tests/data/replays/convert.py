"""Writes converted/: each AVF, MVF and RMV sample converted to EVF 4 by ms-toollib, and
avf-expert-hiscore.avf to EVF 0 and 3 as well (NAME.v0.evf, NAME.v3.evf). Its version 2
writer is left out: it writes a version byte of 0 before a version 2 body, which no reader
can tell apart from a broken version 0 file.

    /tmp/venv/bin/python tests/data/replays/convert.py
"""
import os

import ms_toollib as ms

HERE = os.path.dirname(os.path.abspath(__file__))
READERS = {".avf": ms.AvfVideo, ".mvf": ms.MvfVideo, ".rmv": ms.RmvVideo}


def main():
    # ms-toollib does not write over a file: it adds "(2)" to the name.
    out = os.path.join(HERE, "converted")
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):
        os.remove(os.path.join(out, old))
    for name in sorted(os.listdir(HERE)):
        stem, ext = os.path.splitext(name)
        if ext not in READERS:
            continue
        video = READERS[ext](os.path.join(HERE, name))
        video.parse()
        video.analyse()
        video.generate_evf_v4_raw_data()
        print(video.save_to_evf_file(os.path.join(HERE, "converted", stem)))
    for version in (0, 3):
        video = ms.AvfVideo(os.path.join(HERE, "avf-expert-hiscore.avf"))
        video.parse()
        video.analyse()
        getattr(video, f"generate_evf_v{version}_raw_data")()
        name = f"avf-expert-hiscore.v{version}"
        print(video.save_to_evf_file(os.path.join(HERE, "converted", name)))


if __name__ == "__main__":
    main()
