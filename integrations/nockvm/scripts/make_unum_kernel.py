#!/usr/bin/env python3
"""Writes the hoonc source tree of a kernel that calls the posit arms of a
given /lib/unum text, for `random sweep` (posit vectors computed by that
Hoon).

The arms taken are the gates of `+pp` whose sample is one, two or three posit
atoms (`|=  a=@`, `|=  [a=@ b=@]`, `|=  [a=@ b=@ c=@]`; any face names), then
the other jetted (`~/`) gates whose samples `random sweep` can draw: `+sun`
and `+san` (integers), `+toi`, `+pow-n` (a posit and a small exponent), the
`+from-rh`... conversions (IEEE floats), the quire arms (`+q-...`, a quire
of 16 times the posit's bits) and `+fdp` (two lists of posits). Unhinted
helpers (`+sea`, `+isqt`, `+round`, `+gte-s`, `+lte-s`) are left out.
`+factorial` is drawn on small values (`f`): its loop runs x times. Writes
OUT_DIR/unum/{lib,sur}/..., the kernel OUT_DIR/unum/k-unum.hoon, and
OUT_DIR/unum/arms.tsv (`id`, arm, signature: a digit for that many posits,
else one letter per argument as `random sweep` reads them). One change is
made to the Hoon: the jet chapter's `~%  %non  ..part  ~` (or `..ut`, as in
`lagoon/nockapp/hoon/lib/unum.hoon@bcb316c`) names `..add`, the `%one` core
(hoon.hoon at kelvin 138 has no `part` arm; `..add` puts the posit cores at
the hint path urnum_nockvm's hot state names, `one non unum ...`).

usage: make_unum_kernel.py UNUM_HOON TWOC_HOON WRAPPER_HOON OUT_DIR
"""
import pathlib
import re
import sys

from nockapp_kernel import call_kernel

unum, twoc, wrapper, out = map(pathlib.Path, sys.argv[1:5])
text = unum.read_text()
pp = text[text.index("\n++  pp\n") : text.index("\n++  rpb")]
arms = []
lines = pp.split("\n")
for i, line in enumerate(lines):
    m = re.match(r"^  \+\+  ([a-z][a-z0-9-]*)\s*(.*)$", line)
    if not m:
        continue
    name, rest = m.group(1), m.group(2)
    # the gate's `|=` on the arm's line or within the next two lines (after `~/`)
    body = " ".join([rest] + [lines[j].strip() for j in range(i + 1, min(i + 3, len(lines)))])
    g = re.search(r"\|=\s*\(?\s*(\[[^\]]*\]|[a-z][a-z0-9-]*=@[a-z]*)", body)
    if not g or name in ("sun", "san", "toi", "round", "isqt", "sea", "q-to-p"):
        continue
    if name.startswith("q-"):
        continue
    sample = g.group(1)
    parts = re.findall(r"[a-z][a-z0-9-]*=(@[a-z]*)", sample)
    if not parts or any(p != "@" for p in parts) or len(parts) > 3:
        continue
    if sample.startswith("[") and len(parts) != len(sample.strip("[]").split()):
        continue
    # +factorial loops x times: small arguments only
    arms.append((name, "f" if name == "factorial" else str(len(parts))))

# The other jetted gates, by the signature `random sweep` draws for them.
EXTRA = {
    "sun": "u", "san": "s", "toi": "p", "pow-n": "pn",
    "from-rh": "H", "from-rs": "S", "from-rd": "D", "from-rq": "Q",
    "q-to-p": "q", "q-negate": "q", "q-add-p": "qp", "q-sub-p": "qp",
    "q-add-q": "qq", "q-sub-q": "qq", "q-mul-add": "qpp", "q-mul-sub": "qpp",
    "fdp": "LL",
}
taken = {a for a, _ in arms}
for name, sig in EXTRA.items():
    m = re.search(r"\n  \+\+  " + re.escape(name) + r"\n    ~/  %" + re.escape(name) + r"\n", pp + "\n")
    if m is None:
        m = re.search(r"\n  \+\+  " + re.escape(name) + r"\s*\n\s*~/", pp)
    if name not in taken and m is not None:
        arms.append((name, sig))

root = out / "unum"
(root / "lib").mkdir(parents=True, exist_ok=True)
(root / "sur").mkdir(parents=True, exist_ok=True)
(root / "lib" / "unum.hoon").write_text(
    text.replace("~%  %non  ..part  ~", "~%  %non  ..add  ~").replace("~%  %non  ..ut  ~", "~%  %non  ..add  ~")
)
(root / "lib" / "twoc.hoon").write_text(twoc.read_text().replace("..part  ~", "..add  ~"))
(root / "lib" / "wrapper.hoon").write_text(wrapper.read_text())
cases = "".join(f"    %{i}  ~({a} pp:unum ;;(@ door))\n" for i, (a, _) in enumerate(arms))
(root / "k-unum.hoon").write_text(call_kernel("/+  *wrapper, unum", cases))
(root / "arms.tsv").write_text("".join(f"{i}\t{a}\t{n}\n" for i, (a, n) in enumerate(arms)))
print(f"{len(arms)} arms: {' '.join(a + '/' + n for a, n in arms)}")
