#!/usr/bin/env python3
"""Writes the hoonc source tree that runs the numerics Hoon test suites.

For each suite of urbit/numerics (Lagoon: lagoon/desk/tests/lib/*.hoon;
libmath: libmath/desk/tests/lib/*.hoon; Saloon:
saloon/desk/tests/lib/saloon.hoon) it writes a NockApp kernel
`k-<suite>.hoon` whose `+peek` at any path runs every `++test-...` arm of
every file of the suite under `+mule` and gives
`(list [name=@tas result=?(%pass %fail %crash)])`, each name
`<file>--<arm>`: %pass when the arm gives an empty `tang`, %fail when it
gives a non-empty one, %crash when it crashes.

Each suite gets its own source tree `OUT_DIR/<suite>/` (the libraries in
`lib/`, `/sur/lagoon` in `sur/`, the test files in `tests/`, the kernel
`k-<suite>.hoon`). One patch is applied to the libraries, for hoon.hoon at kelvin 138
(which has no `part` arm): their jet registration `~%  %non  ..part  ~` (and
Saloon's `~%  %saloon  ..part  ~`) names `..add`, the `%one` core, as
parent. And two type errors of the Hoon at 96f3cfe are mended, both two-part samples
given to `/lib/math`'s doors, whose sample is `[r rtol atol]` (nest-fail):
math.hoon's `+rh` subnormal widening writes `~(mul rs [r .1e-5])` (the
harness writes `[r .1e-5 .0]`), and saloon.hoon's scalar gates write
`~(exp rq:math [rnd rtol])` and the like, 80 times (the harness adds the
door's zero, `.~~~0` `.~0` `.0` `.~~0`, as `atol`). The tolerances enter
none of these arms. Nothing else in the Hoon is changed.

usage: make_kernels.py NUMERICS_DIR WRAPPER_HOON TEST_HOON OUT_DIR
"""
import pathlib
import re
import sys

numerics, wrapper, test_lib, out = map(pathlib.Path, sys.argv[1:5])

LIBS = {
    "lagoon": "lagoon/desk/lib/lagoon.hoon",
    "saloon": "saloon/desk/lib/saloon.hoon",
    "math": "libmath/desk/lib/math.hoon",
    "twoc": "libmath/desk/lib/twoc.hoon",
    "unum": "libmath/desk/lib/unum.hoon",
    "complex": "libmath/desk/lib/complex.hoon",
    "fixed": "libmath/desk/lib/fixed.hoon",
}
SUITES = {
    "lagoon": sorted((numerics / "lagoon/desk/tests/lib").glob("*.hoon")),
    "libmath": sorted((numerics / "libmath/desk/tests/lib").glob("*.hoon")),
    "saloon": [numerics / "saloon/desk/tests/lib/saloon.hoon"],
}

ZERO = {"rh": ".~~0", "rs": ".0", "rd": ".~0", "rq": ".~~~0"}


def write_tree(root, libs):
    """Writes the libraries, `/sur/lagoon`, the wrapper and `/lib/test` under `root`."""
    for d in ("lib", "sur", "tests"):
        (root / d).mkdir(parents=True, exist_ok=True)
    for name, rel in libs.items():
        text = (numerics / rel).read_text()
        text = text.replace("..part  ~", "..add  ~")
        if name == "math":
            text = text.replace("rs [r .1e-5])", "rs [r .1e-5 .0])")
        if name == "saloon":
            text = re.sub(
                r"(r[hsdq]):math \[rnd rtol\]",
                lambda m: f"{m.group(1)}:math [rnd rtol {ZERO[m.group(1)]}]",
                text,
            )
        (root / "lib" / f"{name}.hoon").write_text(text)
    (root / "sur" / "lagoon.hoon").write_text((numerics / "lagoon/desk/sur/lagoon.hoon").read_text())
    (root / "lib" / "wrapper.hoon").write_text(wrapper.read_text())
    (root / "lib" / "test.hoon").write_text(test_lib.read_text())


KERNEL = """/+  *wrapper
{imports}
=>
|%
+$  state  ~
++  moat  (keep state)
++  one
  |=  t=(trap tang)
  ^-  @tas
  =/  r  (mule t)
  ?:  ?=(%| -.r)  %crash
  ?~(p.r %pass %fail)
--
%-  (moat |)
^-  fort:moat
|_  s=state
++  load  |=(old=state old)
++  peek
  |=  arg=path
  ^-  (unit (unit *))
  :+  ~  ~
  ^-  (list [@tas @tas])
  :~
{rows}
  ==
++  poke  |=(=ovum:moat [~ s])
--
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
    (root / f"k-{suite}.hoon").write_text(
        KERNEL.format(imports="\n".join(imports), rows="\n".join(rows))
    )
(out / "manifest.tsv").write_text("suite\tfile\ttests\n" + "\n".join(manifest) + "\n")
print(f"{len(SUITES)} kernels, {sum(int(m.split(chr(9))[2]) for m in manifest)} tests")
