#!/usr/bin/env python3
"""Writes the golden vectors of vere's 28 jetted Lagoon arms in the token
format `urnum_jets_test.c --vectors FILE` reads.

    jet_vectors.py [VECTORS_DIR] > jet-vectors.txt

Taken: every `vectors/lagoon*.jsonl` record of a jetted arm (`add:la` ...)
and every `vectors/math*.jsonl` record of a hinted /lib/math arm (`exp:rd` ...)
whose arguments are rays, metas, atoms and pairs of atoms, without `post`
steps, compared `exact` or expected to `crash`. The rest (calls as arguments,
post steps, other comparisons) is counted on stderr as skipped.

One record per line:
    V <id> <hint> <rnd> <nargs> <arg>... <expected>          (Lagoon)
    Q <id> <door> <arm> <rnd> <nargs> A <hex>... <expected>  (/lib/math, arm with _ for -)
    arg      := R <meta> <hex> | M <meta> | A <hex> | T <hex> <hex>
    meta     := <rank> <dim>... <bloq> <kind> <tail>
    tail     := N | P <a> <b>
    expected := X (the Hoon crashes) | R <meta> <hex> | A <hex> | L <n> <hex>...
"""
import collections
import glob
import json
import os
import sys

HINTS = {
    "add": "add-rays", "sub": "sub-rays", "mul": "mul-rays", "div": "div-rays",
    "mod": "mod-rays", "add-scalar": "add-scal", "sub-scalar": "sub-scal",
    "mul-scalar": "mul-scal", "div-scalar": "div-scal", "mod-scalar": "mod-scal",
}
for arm in ("dot transpose cumsum argmin argmax ravel min max linspace range abs "
            "gth gte lth lte diag trace mmul").split():
    HINTS[arm] = arm


DOORS = ("rh", "rs", "rd", "rq")
MATH_ARMS = ("exp sin cos tan asin acos atan atan2 pow-n log log-10 log-2 pow sqt cbt").split()


class Skip(Exception):
    pass


def hexa(s):
    if not isinstance(s, str) or not s.startswith("0x"):
        raise Skip("atom")
    return s


def meta(m):
    out = [str(len(m["shape"]))] + [str(d) for d in m["shape"]]
    out += [str(m["bloq"]), m["kind"]]
    t = m["tail"]
    if t.get("null"):
        out.append("N")
    elif "tuple" in t and len(t["tuple"]) == 2:
        out += ["P"] + [str(int(hexa(x["atom"]), 16)) for x in t["tuple"]]
    else:
        raise Skip("tail")
    return out


def arg(a):
    if "ray" in a:
        return ["R"] + meta(a["ray"]) + [hexa(a["ray"]["data_hex"])]
    if "meta" in a:
        return ["M"] + meta(a["meta"])
    if "atom" in a:
        return ["A", hexa(a["atom"])]
    if "tuple" in a and len(a["tuple"]) == 2 and all("atom" in x for x in a["tuple"]):
        return ["T"] + [hexa(x["atom"]) for x in a["tuple"]]
    raise Skip("argument " + next(iter(a), "?"))


def expected(e, compare):
    if compare == "crash":
        return ["X"]
    if compare != "exact":
        raise Skip("compare " + compare)
    if e is None:
        raise Skip("no expected value")
    if "ray" in e:
        return ["R"] + meta(e["ray"]) + [hexa(e["ray"]["data_hex"])]
    if "atom" in e:
        return ["A", hexa(e["atom"])]
    if "list" in e and all("atom" in x for x in e["list"]):
        return ["L", str(len(e["list"]))] + [hexa(x["atom"]) for x in e["list"]]
    raise Skip("expected " + next(iter(e), "?"))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "vectors")
    skipped = collections.Counter()
    taken = collections.Counter()
    for path in sorted(glob.glob(os.path.join(root, "lagoon*.jsonl"))):
        for line in open(path):
            r = json.loads(line)
            name, _, lib = r["arm"].partition(":")
            if lib != "la" or name not in HINTS:
                continue
            try:
                if r.get("post"):
                    raise Skip("post step")
                rnd = r.get("rounding_effective") or "z"
                toks = ["V", r["id"].replace(" ", "_"), HINTS[name], rnd, str(len(r["args"]))]
                for a in r["args"]:
                    toks += arg(a)
                toks += expected(r["expected"], r["compare"])
            except Skip as why:
                skipped[str(why)] += 1
                continue
            taken[HINTS[name]] += 1
            print(" ".join(toks))
    for path in sorted(glob.glob(os.path.join(root, "math*.jsonl"))):
        for line in open(path):
            r = json.loads(line)
            name, _, door = r["arm"].partition(":")
            if door not in DOORS or name not in MATH_ARMS:
                continue
            try:
                if r.get("post"):
                    raise Skip("post step")
                rnd = (r.get("door_args") or {}).get("r") or r.get("rounding_effective") or "n"
                if rnd not in ("n", "u", "d", "z"):
                    rnd = "n"
                toks = ["Q", r["id"].replace(" ", "_"), door, name.replace("-", "_"), rnd,
                        str(len(r["args"]))]
                for a in r["args"]:
                    if "atom" not in a:
                        raise Skip("math argument " + next(iter(a), "?"))
                    toks += ["A", hexa(a["atom"])]
                toks += expected(r["expected"], r["compare"])
            except Skip as why:
                skipped["math " + str(why)] += 1
                continue
            taken["math " + door] += 1
            print(" ".join(toks))
    print("jet_vectors: %d records of %d arms; skipped %s" % (
        sum(taken.values()), len(taken), dict(skipped)), file=sys.stderr)


if __name__ == "__main__":
    main()
