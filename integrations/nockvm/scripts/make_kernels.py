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

The libraries go to `lib/`, `/sur/lagoon` to `sur/`, the test files to
`tests/`. One patch is applied to the libraries, for hoon.hoon at kelvin 138
(which has no `part` arm): their jet registration `~%  %non  ..part  ~` (and
Saloon's `~%  %saloon  ..part  ~`) names `..add`, the `%one` core, as
parent. Nothing else in the Hoon is changed.

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

for d in ("lib", "sur", "tests"):
    (out / d).mkdir(parents=True, exist_ok=True)
for name, rel in LIBS.items():
    text = (numerics / rel).read_text()
    text = text.replace("..part  ~", "..add  ~")
    (out / "lib" / f"{name}.hoon").write_text(text)
(out / "sur" / "lagoon.hoon").write_text((numerics / "lagoon/desk/sur/lagoon.hoon").read_text())
(out / "lib" / "wrapper.hoon").write_text(wrapper.read_text())
(out / "lib" / "test.hoon").write_text(test_lib.read_text())

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
    imports, rows = [], []
    for i, f in enumerate(files):
        name = f.stem
        (out / "tests" / f.name).write_text(f.read_text())
        arms = re.findall(r"^\+\+  (test-[a-z0-9-]+)", f.read_text(), flags=re.M)
        imports.append(f"/=  s{i}  /tests/{name}")
        rows += [f"    [%{name}--{a} (one |.({a}:s{i}))]" for a in arms]
        manifest.append(f"{suite}\t{name}\t{len(arms)}")
    (out / f"k-{suite}.hoon").write_text(
        KERNEL.format(imports="\n".join(imports), rows="\n".join(rows))
    )
(out / "manifest.tsv").write_text("suite\tfile\ttests\n" + "\n".join(manifest) + "\n")
print(f"{len(SUITES)} kernels, {sum(int(m.split(chr(9))[2]) for m in manifest)} tests")
