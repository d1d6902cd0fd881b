"""Writes converted/: each AVF, MVF and RMV sample converted to EVF 4 by ms-toollib.

    /tmp/venv/bin/python tests/data/replays/convert.py
"""
import os

import ms_toollib as ms

HERE = os.path.dirname(os.path.abspath(__file__))
READERS = {".avf": ms.AvfVideo, ".mvf": ms.MvfVideo, ".rmv": ms.RmvVideo}


def main():
    os.makedirs(os.path.join(HERE, "converted"), exist_ok=True)
    for name in sorted(os.listdir(HERE)):
        stem, ext = os.path.splitext(name)
        if ext not in READERS:
            continue
        video = READERS[ext](os.path.join(HERE, name))
        video.parse()
        video.analyse()
        video.generate_evf_v4_raw_data()
        print(video.save_to_evf_file(os.path.join(HERE, "converted", stem)))


if __name__ == "__main__":
    main()
