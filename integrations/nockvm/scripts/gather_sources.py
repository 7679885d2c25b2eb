#!/usr/bin/env python3
"""Lays out and checks the Hoon sources of the NockVM runs at the urnum
specification's revisions.

A sources directory holds the repositories' files at their own paths:

    SOURCES/numerics/...   urbit/numerics: the tree at BASE_REV, with the
                           files of MANIFEST at the revisions listed there
    SOURCES/urbit/pkg/base-dev/lib/test.hoon   urbit/urbit at URBIT_REV
    SOURCES/nockchain/...  zorp-corp/nockchain at NOCKCHAIN_REV

Where only stored copies of those repositories can be had (no git host), the
MANIFEST files are saved into the directory by hand (each is a public file at
a known path and commit) and `check` proves each has the length the stored
copy reports. Where a git host is reachable, `from-git` writes the numerics
part of the same tree from a clone (scripts/run.sh fetches the rest).

usage:
  gather_sources.py check SOURCES           every MANIFEST file, by length
  gather_sources.py from-git NUMERICS_GIT SOURCES   (numerics files only)
  gather_sources.py revs                    the pinned revisions, as shell
"""
import pathlib
import subprocess
import sys

NOCKCHAIN_REV = "c3a0723a31dc5476f51c747ba150be1fb135a77a"
BASE_REV = "96f3cfe0a0ccb9495b0b8004dc95305f55a5dc26"
URBIT_REV = "04148b2de4beebfc4cf54d1b1bbdb335c5b91492"

LAGOON = "aa6f2a6bd13e179dd776e53e406663ea0cff3a38"
MATH = "a71a0b9e111e5c41d0b69fb2d8ed83b83efce36e"
SALOON = "424a2bf928f0886f2bdfdd3c90019d28c654e161"
RAND = "56438a6c1a42adab6cd1176cdc64d3a2998f0811"
EIG = "e8bb82ba46229ec3c5161290971942bf15ebcfd5"
AXIS = "9c3fc1c1945696281484dcdf55a9e08e74b2d10d"
PARITY = "21e68045f9a9da0c6f75d57a3bc8e4b248cb2868"

# (path under SOURCES, repository, path in it, revision, characters). The
# lengths are the stored copies' `total_chars` (Unicode characters, not bytes).
# saloon-rays.hoon is the stored version with test-exp-rh/rd/rq, whose commit
# the stored copies do not name (read by its stored id 67410344077); a clone
# takes it at the Saloon revision, and the length check says whether it is that
# version.
MANIFEST = [
    ("numerics/lagoon/desk/lib/lagoon.hoon", "urbit/numerics", None, LAGOON, 84482),
    ("numerics/libmath/desk/lib/math.hoon", "urbit/numerics", None, MATH, 162840),
    ("numerics/saloon/desk/lib/saloon.hoon", "urbit/numerics", None, SALOON, 74949),
    ("numerics/librand/desk/lib/rand.hoon", "urbit/numerics", None, RAND, 29766),
    ("numerics/librand/desk/lib/i754rand.hoon", "urbit/numerics", None, RAND, 40785),
    ("numerics/librand/desk/sur/rand.hoon", "urbit/numerics", None, RAND, 734),
    ("numerics/saloon/desk/tests/lib/saloon-qr.hoon", "urbit/numerics", None, SALOON, 4976),
    ("numerics/saloon/desk/tests/lib/saloon-linalg.hoon", "urbit/numerics", None, EIG, 10236),
    ("numerics/saloon/desk/tests/lib/saloon-eig.hoon", "urbit/numerics", None, EIG, 8512),
    ("numerics/saloon/desk/tests/lib/saloon-eigh.hoon", "urbit/numerics", None, EIG, 4308),
    ("numerics/saloon/desk/tests/lib/saloon-rand-ray.hoon", "urbit/numerics", None, RAND, 6094),
    ("numerics/saloon/desk/tests/lib/saloon-rays.hoon", "urbit/numerics", None, SALOON, 4550),
    ("numerics/saloon/desk/tests/lib/saloon-unum.hoon", "urbit/numerics", None, BASE_REV, 1555),
    ("numerics/saloon/desk/tests/lib/saloon-cplx.hoon", "urbit/numerics", None, BASE_REV, 1782),
    ("numerics/saloon/desk/tests/lib/saloon-eig-tol.hoon", "urbit/numerics", None, BASE_REV, 1841),
    ("numerics/saloon/desk/tests/lib/saloon-eigh-cc.hoon", "urbit/numerics", None, BASE_REV, 916),
    ("numerics/lagoon/desk/tests/lib/lagoon-axis.hoon", "urbit/numerics", None, AXIS, 10932),
    ("numerics/lagoon/desk/tests/lib/lagoon-axis-rounding.hoon", "urbit/numerics", None, LAGOON, 3800),
    ("numerics/lagoon/desk/tests/lib/lagoon-sort-dist.hoon", "urbit/numerics", None, LAGOON, 8475),
    ("numerics/lagoon/desk/tests/lib/lagoon-jet-parity.hoon", "urbit/numerics", None, PARITY, 7339),
    ("numerics/libmath/desk/tests/lib/math-constants.hoon", "urbit/numerics", None, MATH, 2806),
    ("urbit/pkg/base-dev/lib/test.hoon", "urbit/urbit", "pkg/base-dev/lib/test.hoon", URBIT_REV, 2509),
]

# The parts of urbit/numerics the runs read, taken at BASE_REV.
BASE_DIRS = ["lagoon/desk", "libmath/desk", "saloon/desk"]


def repo_path(entry):
    dest, repo, path, _, _ = entry
    return path or dest.split("/", 1)[1]


def check(sources):
    bad = 0
    for entry in MANIFEST:
        dest, repo, _, rev, want = entry
        p = sources / dest
        if not p.is_file():
            print(f"MISSING  {dest}  ({repo} {repo_path(entry)} @ {rev[:7]})")
            bad += 1
            continue
        got = len(p.read_text(encoding="utf-8"))
        ok = got == want
        bad += not ok
        print(f"{'ok' if ok else 'LENGTH':7}  {dest}  {got} chars (want {want}) @ {rev[:7]}")
    for d in ["nockchain/Cargo.toml", "numerics/lagoon/desk/sur/lagoon.hoon"]:
        if not (sources / d).is_file():
            print(f"MISSING  {d}")
            bad += 1
    print(f"{len(MANIFEST) - min(bad, len(MANIFEST))}/{len(MANIFEST)} files as stored")
    return bad == 0


def git_show(git, rev, path):
    return subprocess.run(
        ["git", "-C", str(git), "show", f"{rev}:{path}"], check=True, capture_output=True
    ).stdout


def from_git(numerics_git, sources):
    out = sources / "numerics"
    out.mkdir(parents=True, exist_ok=True)
    tar = subprocess.run(
        ["git", "-C", str(numerics_git), "archive", BASE_REV, *BASE_DIRS],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=tar, check=True)
    for entry in MANIFEST:
        dest, repo, _, rev, _ = entry
        if repo != "urbit/numerics":
            continue
        p = sources / dest
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(git_show(numerics_git, rev, repo_path(entry)))


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "check":
        sys.exit(0 if check(pathlib.Path(sys.argv[2])) else 1)
    if len(sys.argv) == 4 and sys.argv[1] == "from-git":
        a, c = map(pathlib.Path, sys.argv[2:4])
        from_git(a, c)
        sys.exit(0 if check(c) else 1)
    if len(sys.argv) == 2 and sys.argv[1] == "revs":
        print(f"NOCKCHAIN_REV={NOCKCHAIN_REV}\nBASE_REV={BASE_REV}\nURBIT_REV={URBIT_REV}")
        return
    print(__doc__, file=sys.stderr)
    sys.exit(2)


if __name__ == "__main__":
    main()
