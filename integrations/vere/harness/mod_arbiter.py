#!/usr/bin/env python3
"""Arbitrates the harness's `mod-rays`/`mod-scal` differences with exact rationals.

Reads a `--dump-diffs` file (lines `D <hint> <rnd> <uo> <vo> <sample> <urnum> <vere>`,
nouns jammed in hex) and, for every element where urnum's and vere's products differ,
computes two values independently of both programs, each IEEE step an exact rational
rounded once in the door's mode:

- the Hoon's: `+fun-scalar`'s `%i754` `%mod` (lagoon.hoon@aa6f2a6), `a - b*san(toi(a/b))`
  with `toi` rounding the quotient to an integer in the door's mode (`+mod-scalar`
  is `+mod` against `(fill meta.a n)`, so `b = n` and the quotient is `a/n`);
- vere's: `u3qi_la_mod_i754` / `u3qi_la_mods_i754` (pkg/noun/jets/i/lagoon.c @ 859fd5c6):
  q = a/b (mod-rays) or a*(1/n) (mod-scal), then `f*_to_i64(q, round_minMag)` in
  SoftFloat's 8086-SSE specialization (NaN, inf, |q| >= 2^63 give INT64_MIN), back to a
  float with `i64_to_f*`, then `a - b*t`; every step in the door's mode.

    python3 mod_arbiter.py results/unexplained-seed34.txt

It prints, per arm and bloq, how many lines have every differing element equal to the
model of vere (NaN equal to NaN), and how many elements have urnum equal to the Hoon.
@rq mod-scal is not modelled (vere's 1.0 constant there is its own).
"""
import sys
from fractions import Fraction as F

FMT = {4: (5, 10), 5: (8, 23), 6: (11, 52), 7: (15, 112)}  # bloq: exponent, fraction bits


def cue(a):
    """The noun jammed in atom `a` (cells as tuples)."""
    seen = {}

    def bit(i):
        return (a >> i) & 1

    def rub(i):
        c = 0
        while bit(i + c) == 0:
            c += 1
        if c == 0:
            return 1, 0
        b = c - 1
        x = ((a >> (i + c + 1)) & ((1 << b) - 1)) | (1 << b)
        return c + 1 + b + x, (a >> (i + c + 1 + b)) & ((1 << x) - 1)

    def go(i):
        if bit(i) == 0:
            n, v = rub(i + 1)
            seen[i] = v
            return n + 1, v
        if bit(i + 1) == 0:
            n1, h = go(i + 2)
            n2, t = go(i + 2 + n1)
            seen[i] = (h, t)
            return 2 + n1 + n2, (h, t)
        n, p = rub(i + 2)
        return n + 2, seen[p]

    return go(0)[1]


def fields(b, q):
    e, m = FMT[q]
    return b >> ((1 << q) - 1), (b >> m) & ((1 << e) - 1), b & ((1 << m) - 1)


def is_nan(b, q):
    s, e, m = fields(b, q)
    return e == (1 << FMT[q][0]) - 1 and m != 0


def is_inf(b, q):
    s, e, m = fields(b, q)
    return e == (1 << FMT[q][0]) - 1 and m == 0


def value(b, q):
    """The rational value of a finite float (zeros give 0), None for inf/NaN."""
    eb, mb = FMT[q]
    s, e, m = fields(b, q)
    if e == (1 << eb) - 1:
        return None
    bias = (1 << (eb - 1)) - 1
    v = F(m, 1 << mb) * F(2) ** (1 - bias) if e == 0 else F((1 << mb) | m, 1 << mb) * F(2) ** (e - bias)
    return -v if s else v


def mag_up(frac, k, neg, mode):
    """Whether a magnitude k + frac (0 < frac < 1) of sign neg rounds to k + 1 in mode."""
    half = F(1, 2)
    if mode == 'n':
        return frac > half or (frac == half and k % 2 == 1)
    if mode == 'a':
        return frac >= half
    return {'z': False, 'u': not neg, 'd': neg}[mode]


def enc(v, q, mode, neg0=False):
    """The float of bloq q nearest the rational v in mode (IEEE overflow rules)."""
    eb, mb = FMT[q]
    w, bias, sgn = 1 << q, (1 << (eb - 1)) - 1, 0
    if v == 0:
        return (1 << (w - 1)) if neg0 else 0
    if v < 0:
        sgn, v = 1, -v
    ex = v.numerator.bit_length() - v.denominator.bit_length()
    while F(2) ** ex > v:
        ex -= 1
    while F(2) ** (ex + 1) <= v:
        ex += 1
    ex = max(ex, 1 - bias)
    n = v / F(2) ** (ex - mb)
    k = n.numerator // n.denominator
    if n != k and mag_up(n - k, k, bool(sgn), mode):
        k += 1
    if k >= (2 << mb):
        k, ex = k >> 1, ex + 1
    top = sgn << (w - 1)
    if ex > bias:
        to_inf = mode in 'na' or (mode == 'u' and not sgn) or (mode == 'd' and sgn)
        return top | ((((1 << eb) - 1) << mb) if to_inf else ((((1 << eb) - 2) << mb) | ((1 << mb) - 1)))
    if k < (1 << mb):
        return top | k
    return top | ((ex + bias) << mb) | (k - (1 << mb))


def op(kind, a, b, q, mode):
    """IEEE add/sub/mul/div of two floats of bloq q in mode (NaN canonical)."""
    eb, mb = FMT[q]
    sbit = 1 << ((1 << q) - 1)
    nan, inf = (((1 << eb) - 1) << mb) | (1 << (mb - 1)), ((1 << eb) - 1) << mb
    if is_nan(a, q) or is_nan(b, q):
        return nan
    sa, sb = a >> ((1 << q) - 1), b >> ((1 << q) - 1)
    if kind == 'sub':
        return op('add', a, b ^ sbit, q, mode)
    ia, ib = is_inf(a, q), is_inf(b, q)
    va, vb = value(a, q), value(b, q)
    if kind == 'add':
        if ia and ib:
            return a if sa == sb else nan
        if ia or ib:
            return a if ia else b
        r = va + vb
        if r == 0:
            neg = (sa and sb) if (va == 0 and vb == 0) else (mode == 'd')
            if va == 0 and vb == 0 and sa != sb:
                neg = mode == 'd'
            return enc(F(0), q, mode, neg)
        return enc(r, q, mode)
    sx = sa ^ sb
    if kind == 'mul':
        if (ia and vb == 0) or (ib and va == 0):
            return nan
        if ia or ib:
            return inf | (sx * sbit)
        r = va * vb
    else:
        if ia and ib:
            return nan
        if ia:
            return inf | (sx * sbit)
        if ib:
            return sx * sbit
        if vb == 0:
            return nan if va == 0 else inf | (sx * sbit)
        r = va / vb
    return enc(r, q, mode, sx == 1) if r == 0 else enc(r, q, mode)


def to_int(v, mode):
    """The rational v rounded to an integer in mode (the Hoon's ++toi)."""
    k = v.numerator // v.denominator
    f = v - k
    if f == 0:
        return k
    half = F(1, 2)
    if mode == 'n':
        return k + 1 if f > half or (f == half and k % 2 == 1) else k
    if mode == 'a':
        return k + 1 if f > half or (f == half and v > 0) else k
    return k + {'z': v < 0, 'u': True, 'd': False}[mode]


def hoon(a, b, q, mode):
    """`a - b*san(need(toi(a/b)))` in mode; None where the Hoon crashes."""
    qt = op('div', a, b, q, mode)
    if value(qt, q) is None:
        return None
    n = enc(F(to_int(value(qt, q), mode)), q, mode)
    return op('sub', a, op('mul', b, n, q, mode), q, mode)


def vere(a, b, q, mode, rec=None):
    """vere's element: quotient a/b (or a*rec), i64 truncation (8086: INT64_MIN on invalid)."""
    qt = op('div', a, b, q, mode) if rec is None else op('mul', rec, a, q, mode)
    v = value(qt, q)
    t = -2 ** 63 if v is None else int(v)
    if not -2 ** 63 <= t < 2 ** 63:
        t = -2 ** 63
    return op('sub', a, op('mul', b, enc(F(t), q, mode), q, mode), q, mode)


def elems(ray):
    meta, data = ray
    q = meta[1][0]
    w = 1 << q
    return q, [(data >> (i * w)) & ((1 << w) - 1) for i in range((data.bit_length() - 1) // w)]


def main(path):
    lines, elem = {}, {}
    for row in open(path):
        f = row.split()
        if len(f) != 8 or f[1] not in ('mod-rays', 'mod-scal'):
            continue
        arm, mode = f[1], f[2]
        sam, ur, ve = (cue(int(x, 16)) for x in f[5:8])
        q, A = elems(sam[0])
        B = elems(sam[1])[1] if arm == 'mod-rays' else [sam[1] & ((1 << (1 << q)) - 1)] * len(A)
        U, V = elems(ur)[1], elems(ve)[1]
        rec = None
        if arm == 'mod-scal':
            if q == 7:
                continue
            rec = op('div', enc(F(1), q, 'n'), B[0], q, mode)
        ok = True
        for a, b, u, v in zip(A, B, U, V):
            if u == v:
                continue
            m = vere(a, b, q, mode, rec)
            ok = ok and (m == v or (is_nan(m, q) and is_nan(v, q)))
            h = hoon(a, b, q, mode)
            k = (arm, q, 'urnum = Hoon' if h == u or (h is not None and is_nan(h, q) and is_nan(u, q))
                 else 'urnum != Hoon (Hoon %s)' % ('crashes' if h is None else hex(h)))
            elem[k] = elem.get(k, 0) + 1
        k = (arm, q, 'vere modelled' if ok else 'vere NOT modelled')
        lines[k] = lines.get(k, 0) + 1
    for k in sorted(lines):
        print('lines   ', *k, lines[k])
    for k in sorted(elem):
        print('elements', *k, elem[k])


if __name__ == '__main__':
    main(sys.argv[1])
