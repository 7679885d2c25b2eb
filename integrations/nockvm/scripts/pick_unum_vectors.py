#!/usr/bin/env python3
"""Picks golden posit vectors from `random sweep` output (the Nock's products
of a `/lib/unum` text) for `vectors/`.

Takes, per arm key (`exp:rpd` ...), the first lines in file order (the sweep's
draw order: special values and random bits), as many as the key's quota:
WIDE_HOT for the arms the `bcb316c` text changed (`exp sin cos tan log log-2
log-10 atan asin acos pow cbrt`) at posit64 and posit128, WIDE for the other
arms there, NARROW for an arm at posit8/16/32 that SKIP_FILE (a vectors file
already in the set) does not cover. Lines are copied unchanged. Prints the
count per door and arm.

usage: pick_unum_vectors.py OUT.jsonl SKIP_FILE WIDE_HOT WIDE NARROW SWEEP.jsonl...
"""
import collections
import json
import sys

CHANGED = {"exp", "sin", "cos", "tan", "log", "log-2", "log-10", "atan", "asin", "acos", "pow", "cbrt"}


def main():
    if len(sys.argv) < 7:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    out, skip_file = sys.argv[1], sys.argv[2]
    wide_hot, wide, narrow = map(int, sys.argv[3:6])
    have = {json.loads(l)["arm"] for l in open(skip_file)}
    taken = collections.Counter()
    seen = set()
    with open(out, "w") as f:
        for path in sys.argv[6:]:
            for line in open(path):
                v = json.loads(line)
                key = v["arm"]
                if v["id"] in seen:
                    continue
                arm, door = key.split(":")
                if door in ("rpd", "rpq"):
                    quota = wide_hot if arm in CHANGED else wide
                else:
                    quota = 0 if key in have else narrow
                if taken[key] >= quota:
                    continue
                taken[key] += 1
                seen.add(v["id"])
                f.write(line if line.endswith("\n") else line + "\n")
    by_door = collections.Counter()
    for k, n in taken.items():
        by_door[k.split(":")[1]] += n
    print("total", sum(taken.values()), dict(sorted(by_door.items())))
    for k in sorted(taken):
        print(f"{k}\t{taken[k]}")


if __name__ == "__main__":
    main()
