#!/usr/bin/env python3
"""The random runs against issue 35's bar: per arm, the calls in each
kind x mode bucket summed over the tables given (results/random-*.tsv and
the like), and whether every bucket holds at least BAR (300) calls.

usage: bar.py [--bar N] [--arms] [--posit-sigs ARMS.tsv] TABLE.tsv ...

A row's arm is its first field (of the first two) holding a ':'; its buckets
the field of `kind/mode=count` items. The expected buckets of an arm are
those of its door (Lagoon: each kind drawn for it x default n u d z; the math
doors: n u d z; +twid: its five widths); a Lagoon kind that no table shows
for the arm is listed as not drawn. Prints one line per door, and with
--arms one line per arm short of the bar (its thinnest bucket).

A posit sweep table (`random sweep`'s rows with a first column naming the
run: `run arm door calls ... jet_answered ...`) is counted apart: per
/lib/unum revision (the run name holds `96f3cfe` or `bcb316c`; runs named
`negative...` are left out) × arm × width, the jet calls checked in test
mode; a posit8 row of a one-posit arm (signature `1` or `p` in ARMS.tsv, written by
make_unum_kernel.py) with 256 calls holds every input and meets the bar."""
import sys
from collections import defaultdict

bar = 300
show_arms = False
posit_sigs = {}
files = []
args = sys.argv[1:]
while args:
    a = args.pop(0)
    if a == "--bar":
        bar = int(args.pop(0))
    elif a == "--arms":
        show_arms = True
    elif a == "--posit-sigs":
        posit_sigs = dict(l.split("\t")[1:3] for l in open(args.pop(0)).read().split("\n") if l.count("\t") == 2)
    else:
        files.append(a)

LA_KINDS = ["i754", "uint", "int2", "unum", "cplx"]
refused = defaultdict(set)
counts = defaultdict(lambda: defaultdict(int))
calls = defaultdict(int)
mism = defaultdict(int)
notes = defaultdict(list)
posit = defaultdict(int)
posit_all = set()
for f in files:
    head = open(f).readline().split("\t")
    if head[:4] == ["run", "arm", "door", "calls"]:
        col = head.index("jet_answered")
        for line in list(open(f))[1:]:
            c = line.rstrip("\n").split("\t")
            if c[0].startswith("negative"):
                continue
            rev = "bcb316c" if "bcb316c" in c[0] else "96f3cfe"
            k = (rev, c[1], c[2])
            n = int(c[col]) if c[col].isdigit() else 0
            posit[k] += n
            if c[2] == "rpb" and posit_sigs.get(c[1]) in ("1", "p") and n == 256:
                posit_all.add(k)
        continue
    for line in open(f):
        cols = line.rstrip("\n").split("\t")
        key = next((c for c in cols[:2] if ":" in c), None)
        if key is None:
            continue
        counts[key]  # every arm seen
        i = cols.index(key)
        try:
            calls[key] += int(cols[i + 1])
            mism[key] += int(cols[i + 3])
        except (IndexError, ValueError):
            pass
        for c in cols:
            items = c.split(",")
            parsed = []
            for it in items:
                if "=" not in it or "/" not in it.split("=")[0]:
                    break
                km, n = it.rsplit("=", 1)
                k, m = km.rsplit("/", 1)
                try:
                    parsed.append((k, m, int(n)))
                except ValueError:
                    break
            if parsed and len(parsed) == len(items):
                for k, m, n in parsed:
                    counts[key][(k, m)] += n
        if cols[-1].startswith("("):
            notes[key].append(cols[-1])
            # a kind on which every drawn call crashes in urnum (and the Hoon):
            # the arm does not take it (`%cplx has no total order`)
            for part in cols[-1].strip("()").split("; "):
                k, _, why = part.partition(": ")
                if k in LA_KINDS and "every kept draw crashes" in why:
                    refused[key].add(k)



def expected(key):
    arm, door = key.split(":", 1)
    seen = {k for (k, m) in counts[key]}
    if door == "la":
        ok = [k for k in LA_KINDS if k in seen and k not in refused[key]]
        return [(k, m) for k in ok for m in ["default", "n", "u", "d", "z"]], \
            [k for k in LA_KINDS if k not in seen and k not in refused[key]]
    if door in ("rh", "rs", "rd", "rq"):
        return [(door, m) for m in "nudz"], []
    if door == "twid":
        return [(f"twoc:{b}", "default") for b in range(3, 8)], []
    return sorted(counts[key]), []


groups = defaultdict(list)
for key in sorted(counts):
    groups[key.split(":", 1)[1]].append(key)
for door, keys in groups.items():
    if door == "rpb":
        continue  # the posit jets: the sweep's (docs/nockapp.md)
    at, short, none = [], [], []
    for key in keys:
        exp, missing = expected(key)
        if not exp:
            none.append(key)
            continue
        low = min(counts[key].get(b, 0) for b in exp)
        (at if low >= bar else short).append((key, low, missing))
    print(f"{door}: {len(keys)} arms; {len(at)} at >= {bar} in every kind x mode; "
          f"{len(short)} short; {len(none)} never drawn; calls {sum(calls[k] for k in keys)}, "
          f"mismatched {sum(mism[k] for k in keys)}")
    if show_arms:
        for key, low, missing in short:
            exp, _ = expected(key)
            thin = [f"{k}/{m}={counts[key].get((k, m), 0)}" for (k, m) in exp
                    if counts[key].get((k, m), 0) < bar]
            print(f"  short {key}: thinnest {low}: {' '.join(thin)}"
                  + (f"; kinds never drawn: {' '.join(missing)}" if missing else ""))
        for key, low, missing in at:
            if missing:
                print(f"  at bar {key}; kinds never drawn: {' '.join(missing)}")
        for key in keys:
            if refused[key]:
                print(f"  {key}: refuses {' '.join(sorted(refused[key]))} (every drawn call crashes)")
        for key in none:
            print(f"  never drawn {key}: {(notes[key] or [''])[-1][:160]}")

for rev in sorted({k[0] for k in posit}):
    keys = [k for k in posit if k[0] == rev]
    short = sorted((posit[k], k[1], k[2]) for k in keys if posit[k] < bar and k not in posit_all)
    print(f"posit jets @{rev}: {len({k[1] for k in keys})} arms, {len(keys)} arm x width; "
          f"{len(keys) - len(short)} at >= {bar} jet calls (or every posit8 input); {len(short)} short; "
          f"jet calls {sum(posit[k] for k in keys)}")
    if show_arms:
        for n, arm, door in short:
            print(f"  short {arm}:{door}@{rev}: {n}")
