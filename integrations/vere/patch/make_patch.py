#!/usr/bin/env python3
"""Writes 0002-urnum-jets.patch: the dashboard side of urnum's jets in vere.

    make_patch.py [VERE_SRC] > 0002-urnum-jets.patch     (VERE_SRC: vere 859fd5c6)

The patch, applied from vere's root with `git apply`:

- pkg/noun/jets/w.h: prototypes of urnum's bodies (integrations/vere/shim:
  28 Lagoon `u3wi_ur_la_*`, 60 /lib/math `u3wi_ur_<door>_<arm>`) and the macro
  `u3wi_la_body(arm)`: `u3wi_ur_la_<arm>` with -DU3_URNUM_JETS, else vere's own
  `u3wi_la_<arm>`;
- pkg/noun/jets/13{5,6,7}/tree.c: the 28 `non/lagoon` harms name their body
  through `u3wi_la_body()`; with -DU3_URNUM_JETS a `math` core (`rh rs rd rq`,
  15 arms each, as math.hoon@a71a0b9 hints them) is registered beside
  `lagoon` under `non`;
- pkg/noun/jets/urnum_math_tree.h (new): that `math` core's harms and cores,
  included by each tree.c.

Without U3_URNUM_JETS the dashboard is vere's, entry for entry.
"""
import difflib
import os
import re
import sys

LAGOON = ("add sub mul div mod adds subs muls divs mods dot diag transpose cumsum "
          "argmin argmax ravel min max linspace range abs gth gte lth lte trace mmul").split()
DOORS = ["rh", "rs", "rd", "rq"]
ARMS = ["exp", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "pow-n",
        "log", "log-10", "log-2", "pow", "sqt", "cbt"]


def cname(arm):
    return arm.replace("-", "_")


def w_h(text):
    anchor = "    u3_noun u3wi_la_trace(u3_noun);\n    u3_noun u3wi_la_mmul(u3_noun);\n"
    assert anchor in text, "w.h: the Lagoon prototypes are not where 859fd5c6 has them"
    add = ["",
           "    /* urnum's bodies (integrations/vere/shim in urnum): with",
           "    ** -DU3_URNUM_JETS the non/lagoon harms run u3wi_ur_la_* and a",
           "    ** non/math core is registered (jets/urnum_math_tree.h); vere's",
           "    ** u3wi_la_* stay compiled and callable either way.",
           "    */"]
    add += ["    u3_noun u3wi_ur_la_%s(u3_noun);" % a for a in LAGOON]
    add += ["    u3_noun u3wi_ur_%s_%s(u3_noun);" % (d, cname(a)) for d in DOORS for a in ARMS]
    add += ["    void    u3wi_ur_la_init(void);",
            "",
            "#   ifdef U3_URNUM_JETS",
            "#     define u3wi_la_body(arm)  u3wi_ur_la_##arm",
            "#   else",
            "#     define u3wi_la_body(arm)  u3wi_la_##arm",
            "#   endif"]
    return text.replace(anchor, anchor + "\n".join(add) + "\n")


def tree_c(text, k):
    pat = re.compile(r'(static u3j_harm _%s_non__lagoon_\w+_a\[\]\s*=\s*\{\{"\.2", )u3wi_la_(\w+)\}' % k)
    text, n = pat.subn(r"\1u3wi_la_body(\2)}", text)
    assert n == 28, "tree.c %s: %d lagoon harms, expected 28" % (k, n)
    core = "static u3j_core _%s_non_d[] =\n  { { \"lagoon\", 7, 0, _%s_non__la_core_d, no_hashes },\n" % (k, k)
    assert core in text, "tree.c %s: the non core is not where 859fd5c6 has it" % k
    text = text.replace(core,
                        "#ifdef U3_URNUM_JETS\n#  include \"jets/urnum_math_tree.h\"\n#endif\n\n"
                        + core
                        + "#ifdef U3_URNUM_JETS\n"
                        + "    { \"math\",   7, 0, _urnum_non__math_d, no_hashes },\n"
                        + "#endif\n")
    return text


def math_tree_h():
    out = ["/// @file",
           "///",
           "/// The non/math core of urnum's /lib/math bodies, as math.hoon@a71a0b9",
           "/// hints it (`~/  %math`, `~/  %rh` ... `~/  %exp` ...). Included by each",
           "/// kelvin's tree.c under U3_URNUM_JETS, after its no_hashes.",
           "",
           "#ifndef U3_JETS_URNUM_MATH_TREE_H",
           "#define U3_JETS_URNUM_MATH_TREE_H",
           ""]
    for d in DOORS:
        for a in ARMS:
            out.append("static u3j_harm _urnum_non__math_%s_%s_a[] = {{\".2\", u3wi_ur_%s_%s}, {}};"
                       % (d, cname(a), d, cname(a)))
        out.append("static u3j_core _urnum_non__math_%s_d[] =" % d)
        rows = ['{ "%s", 7, _urnum_non__math_%s_%s_a, 0, no_hashes },' % (a, d, cname(a)) for a in ARMS]
        out.append("  { " + rows[0])
        out += ["    " + r for r in rows[1:]]
        out += ["    {}", "  };", ""]
    out.append("static u3j_core _urnum_non__math_d[] =")
    rows = ['{ "%s", 7, 0, _urnum_non__math_%s_d, no_hashes },' % (d, d) for d in DOORS]
    out.append("  { " + rows[0])
    out += ["    " + r for r in rows[1:]]
    out += ["    {}", "  };", "", "#endif /* ifndef U3_JETS_URNUM_MATH_TREE_H */", ""]
    return "\n".join(out)


def diff(path, old, new):
    a = old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    src = "/dev/null" if old == "" else "a/" + path
    return "".join(difflib.unified_diff(a, b, src, "b/" + path, n=3))


def main():
    vere = sys.argv[1] if len(sys.argv) > 1 else "/work/vere-src"
    parts = [__doc__.split("\n\n", 1)[1].replace("    make_patch.py", "make_patch.py"), "\n"]
    path = "pkg/noun/jets/w.h"
    old = open(os.path.join(vere, path)).read()
    parts.append(diff(path, old, w_h(old)))
    for k in ("135", "136", "137"):
        path = "pkg/noun/jets/%s/tree.c" % k
        old = open(os.path.join(vere, path)).read()
        parts.append(diff(path, old, tree_c(old, k)))
    new = math_tree_h()
    hdr = "diff --git a/pkg/noun/jets/urnum_math_tree.h b/pkg/noun/jets/urnum_math_tree.h\nnew file mode 100644\n"
    parts.append(hdr + diff("pkg/noun/jets/urnum_math_tree.h", "", new).replace(
        "+++ b/pkg/noun/jets/urnum_math_tree.h", "+++ b/pkg/noun/jets/urnum_math_tree.h", 1))
    sys.stdout.write("".join(parts))


if __name__ == "__main__":
    main()
