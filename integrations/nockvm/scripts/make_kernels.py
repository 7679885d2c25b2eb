#!/usr/bin/env python3
"""Writes the hoonc source trees that run the numerics Hoon test suites.

For each suite of urbit/numerics (Lagoon: every file of
lagoon/desk/tests/lib; libmath: every file of libmath/desk/tests/lib; Saloon:
the ten files of SALOON_TESTS) it writes a NockApp kernel `k-<suite>.hoon`
whose `+peek` at any path runs every `++test-...` arm of every file of the
suite under `+mule` and gives `(list [name=@tas result=?(%pass %fail %crash)])`,
each name `<file>--<arm>`: %pass when the arm gives an empty `tang`, %fail when
it gives a non-empty one, %crash when it crashes.

Each suite gets its own source tree `OUT_DIR/<suite>/` (the libraries in
`lib/`, `/sur/lagoon` and `/sur/rand` in `sur/`, the test files in `tests/`,
the kernel `k-<suite>.hoon`). One change is made to the Hoon, for hoon.hoon at
kelvin 138 (which has no `part` arm): the libraries' jet registration
`~%  %non  ..part  ~` (and Saloon's `~%  %saloon  ..part  ~`) names `..add`,
the `%one` core, as parent. Nothing else in the Hoon is changed.

`saloon/desk/tests/lib/saloon.hoon` is left out: it calls `rs:saloon`, a door
no current saloon.hoon defines.

With a fifth argument, the Hoon of the random runs' kernel (written by
`random emit-kernel`), it also writes the tree `OUT_DIR/random/` with that
kernel as `k-random.hoon`.

usage: make_kernels.py NUMERICS_DIR WRAPPER_HOON TEST_HOON OUT_DIR [RANDOM_KERNEL]
"""
import pathlib
import re
import sys

from nockapp_kernel import kernel

numerics, wrapper, test_lib, out = map(pathlib.Path, sys.argv[1:5])
random_kernel = pathlib.Path(sys.argv[5]) if len(sys.argv) > 5 else None

LIBS = {
    "lagoon": "lagoon/desk/lib/lagoon.hoon",
    "saloon": "saloon/desk/lib/saloon.hoon",
    "math": "libmath/desk/lib/math.hoon",
    "twoc": "libmath/desk/lib/twoc.hoon",
    "unum": "libmath/desk/lib/unum.hoon",
    "complex": "libmath/desk/lib/complex.hoon",
    "fixed": "libmath/desk/lib/fixed.hoon",
    "rand": "librand/desk/lib/rand.hoon",
    "i754rand": "librand/desk/lib/i754rand.hoon",
}
SURS = {
    "lagoon": "lagoon/desk/sur/lagoon.hoon",
    "rand": "librand/desk/sur/rand.hoon",
}
SALOON_TESTS = [
    "saloon-qr",
    "saloon-linalg",
    "saloon-eig",
    "saloon-eigh",
    "saloon-rand-ray",
    "saloon-rays",
    "saloon-unum",
    "saloon-cplx",
    "saloon-eig-tol",
    "saloon-eigh-cc",
]
SUITES = {
    "lagoon": sorted((numerics / "lagoon/desk/tests/lib").glob("*.hoon")),
    "libmath": sorted((numerics / "libmath/desk/tests/lib").glob("*.hoon")),
    "saloon": [numerics / f"saloon/desk/tests/lib/{n}.hoon" for n in SALOON_TESTS],
}


def write_tree(root, libs):
    """Writes the libraries, the `/sur` files, the wrapper and `/lib/test` under `root`."""
    for d in ("lib", "sur", "tests"):
        (root / d).mkdir(parents=True, exist_ok=True)
    for name, rel in libs.items():
        text = (numerics / rel).read_text()
        text = text.replace("..part  ~", "..add  ~")
        (root / "lib" / f"{name}.hoon").write_text(text)
    for name, rel in SURS.items():
        (root / "sur" / f"{name}.hoon").write_text((numerics / rel).read_text())
    (root / "lib" / "wrapper.hoon").write_text(wrapper.read_text())
    (root / "lib" / "test.hoon").write_text(test_lib.read_text())


# `+one`: a test arm's result as %pass, %fail or %crash.
ONE = """++  one
  |=  t=(trap tang)
  ^-  @tas
  =/  r  (mule t)
  ?:  ?=(%| -.r)  %crash
  ?~(p.r %pass %fail)
"""

manifest = []
for suite, files in SUITES.items():
    root = out / suite
    write_tree(root, LIBS)
    imports, rows = [], []
    for i, f in enumerate(files):
        name = f.stem
        (root / "tests" / f.name).write_text(f.read_text())
        arms = re.findall(r"^\+\+  (test-[a-z0-9-]+)", f.read_text(), flags=re.M)
        imports.append(f"/=  s{i}  /tests/{name}")
        rows += [f"    [%{name}--{a} (one |.({a}:s{i}))]" for a in arms]
        manifest.append(f"{suite}\t{name}\t{len(arms)}")
    peek = "  :+  ~  ~\n  ^-  (list [@tas @tas])\n  :~\n" + "\n".join(rows) + "\n  ==\n"
    (root / f"k-{suite}.hoon").write_text(kernel("\n".join(["/+  *wrapper"] + imports), ONE, peek))
if random_kernel is not None:
    write_tree(out / "random", LIBS)
    (out / "random" / "k-random.hoon").write_text(random_kernel.read_text())
(out / "manifest.tsv").write_text("suite\tfile\ttests\n" + "\n".join(manifest) + "\n")
print(f"{len(SUITES)} kernels, {sum(int(m.split(chr(9))[2]) for m in manifest)} tests")
