#!/usr/bin/env python3
"""Writes the hoonc source tree of a kernel that calls the posit arms of a
given /lib/unum text, for `random sweep` (posit vectors computed by that
Hoon).

The arms taken are the gates of `+pp` whose sample is one, two or three posit
atoms (`|=  a=@`, `|=  [a=@ b=@]`, `|=  [a=@ b=@ c=@]`; any face names): the
arms a posit vector can state. `+sun`/`+san` (integer samples), `+sea` (a
decoding helper) and the quire arms that take a quire (`+q-...`, `+q-to-p`)
are left out. Writes OUT_DIR/unum/{lib,sur}/..., the kernel
OUT_DIR/unum/k-unum.hoon, and OUT_DIR/unum/arms.tsv (`id`, arm, arity). One
change is made to the Hoon: `~%  %non  ..part  ~` names `..add` (hoon.hoon at
kelvin 138 has no `part` arm).

usage: make_unum_kernel.py UNUM_HOON TWOC_HOON WRAPPER_HOON OUT_DIR
"""
import pathlib
import re
import sys

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
    arms.append((name, len(parts)))

root = out / "unum"
(root / "lib").mkdir(parents=True, exist_ok=True)
(root / "sur").mkdir(parents=True, exist_ok=True)
(root / "lib" / "unum.hoon").write_text(text.replace("..part  ~", "..add  ~"))
(root / "lib" / "twoc.hoon").write_text(twoc.read_text().replace("..part  ~", "..add  ~"))
(root / "lib" / "wrapper.hoon").write_text(wrapper.read_text())
cases = "\n".join(f"    %{i}  ~({a} pp:unum ;;(@ door))" for i, (a, _) in enumerate(arms))
kernel = f"""/+  *wrapper, unum
=>
|%
+$  state  ~
++  moat  (keep state)
++  gate
  |=  [id=@ud door=*]
  ^-  *
  ?+  id  !!
{cases}
  ==
++  call
  |=  [id=@ud door=* args=*]
  ^-  (each * ~)
  =/  r
    %-  mule  |.
    =/  g  ;;([* * *] (gate id door))
    .*([-.g args +>.g] [9 2 0 1])
  ?-  -.r
    %&  [%& p.r]
    %|  [%| ~]
  ==
--
%-  (moat |)
^-  fort:moat
|_  s=state
++  load  |=(old=state old)
++  peek
  |=  arg=path
  ^-  (unit (unit *))
  =/  req  ;;((list [@ud * *]) (cue (snag 1 arg)))
  ``(turn req call)
++  poke  |=(=ovum:moat [~ s])
--
"""
(root / "k-unum.hoon").write_text(kernel)
(root / "arms.tsv").write_text("".join(f"{i}\t{a}\t{n}\n" for i, (a, n) in enumerate(arms)))
print(f"{len(arms)} arms: {' '.join(a for a, _ in arms)}")
