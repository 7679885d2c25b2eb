#!/usr/bin/env python3
"""Picks golden vectors from the random runs' products for the arms and kinds
the vector set covers least.

The random runner (`random`, src/bin/random/) writes every call it made as a
vector line whose expected value is the Hoon's own product under NockVM
(`agreed.jsonl`: urnum gave the same; `mismatched.jsonl`: it did not). This
script counts the vectors of VECTORS_DIR per (arm, kind) — a ray argument's
element kind, or `-` for a scalar arm — and takes lines of AGREED into OUT,
filling the thinnest (arm, kind) classes first: round by round, each class
whose count is lowest gets one more vector, until TOTAL are taken or the
classes run dry. Only AGREED lines are taken (a mismatch is reported, not
made golden); lines are taken in file order, so the pick is a function of the
runs' seed. It prints the coverage of every class it touched, before and after.

usage: pick_vectors.py AGREED.jsonl VECTORS_DIR OUT.jsonl TOTAL [PER_CLASS_MAX]
"""
import collections
import json
import pathlib
import sys


def klass(v):
    for a in v.get("args") or []:
        if isinstance(a, dict) and "ray" in a:
            return (v.get("arm") or "?", a["ray"].get("kind", "?"))
    return (v.get("arm") or "?", "-")


def main():
    if len(sys.argv) not in (5, 6):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    agreed, vdir, out = map(pathlib.Path, sys.argv[1:4])
    total = int(sys.argv[4])
    cap = int(sys.argv[5]) if len(sys.argv) == 6 else 10**9
    have = collections.Counter()
    for f in sorted(vdir.glob("*.jsonl")):
        if f.resolve() == out.resolve():
            continue
        for line in f.read_text().splitlines():
            try:
                have[klass(json.loads(line))] += 1
            except (json.JSONDecodeError, AttributeError):
                pass
    pool = collections.defaultdict(list)
    for line in agreed.read_text().splitlines():
        v = json.loads(line)
        pool[klass(v)].append(line)
    before = {k: have[k] for k in pool}
    taken = collections.Counter()
    picked = []
    while len(picked) < total:
        open_ = [k for k in pool if taken[k] < len(pool[k]) and taken[k] < cap]
        if not open_:
            break
        low = min(have[k] + taken[k] for k in open_)
        for k in sorted(open_):
            if have[k] + taken[k] == low and len(picked) < total:
                picked.append(pool[k][taken[k]])
                taken[k] += 1
    # Runs of one seed in separate processes can repeat an id; keep ids unique.
    seen = collections.Counter()
    lines = []
    for line in picked:
        v = json.loads(line)
        base = v["id"]
        seen[base] += 1
        if seen[base] > 1:
            stem, _, tail = base.rpartition("#")
            v["id"] = f"{stem}.{seen[base]}#{tail}"
        lines.append(json.dumps(v, sort_keys=True))
    out.write_text("".join(line + "\n" for line in lines))
    print(f"{len(picked)} vectors in {len(taken)} (arm, kind) classes -> {out}")
    print("arm\tkind\tvectors_before\tadded")
    for k in sorted(taken, key=lambda k: (before[k], k)):
        print(f"{k[0]}\t{k[1]}\t{before[k]}\t{taken[k]}")


if __name__ == "__main__":
    main()
