//! Property tests: every `softblas::blas` routine equals a step-by-step MPFR
//! (rug) recomputation of the order its doc comment states, at every width and
//! in every rounding mode, one correct rounding per operation.
//!
//! The oracle side ([`O`] and the `o_*` functions) is a second implementation
//! written from the doc comments: it rounds each operation with MPFR
//! (`i754_support::Op::oracle`), compares with MPFR's order (NaN unordered),
//! clears sign bits for `abs`, and walks strides by its own index formula.
//! Operands are biased to NaN, ±∞, ±0, subnormals, the extreme binades and
//! near-ties (`i754_support::value`). Case counts come from `PROPTEST_CASES`;
//! each case runs all 4 widths × 5 modes.

mod i754_support;

use i754_support::{decode, oracle_convert, Op, Rng};
use proptest::prelude::*;
use softblas::blas::{self, Complex, Elem, Layout, Trans};
use softblas::scalar::i754::{self, Width};
use softblas::Policy;
use softblas::Round;
use softblas::Word;

/// MPFR arithmetic and SoftBLAS's comparison macros at one width and mode, on bits.
#[derive(Clone, Copy)]
struct O {
    w: Width,
    r: Round,
}

impl O {
    fn add(self, a: u128, b: u128) -> u128 {
        Op::Add.oracle(self.w, self.r, a, b, 0)
    }
    fn sub(self, a: u128, b: u128) -> u128 {
        Op::Sub.oracle(self.w, self.r, a, b, 0)
    }
    fn mul(self, a: u128, b: u128) -> u128 {
        Op::Mul.oracle(self.w, self.r, a, b, 0)
    }
    fn div(self, a: u128, b: u128) -> u128 {
        Op::Div.oracle(self.w, self.r, a, b, 0)
    }
    fn sqrt(self, a: u128) -> u128 {
        Op::Sqt.oracle(self.w, self.r, a, 0, 0)
    }
    fn lt(self, a: u128, b: u128) -> bool {
        decode(self.w, a) < decode(self.w, b)
    }
    fn le(self, a: u128, b: u128) -> bool {
        decode(self.w, a) <= decode(self.w, b)
    }
    fn eq(self, a: u128, b: u128) -> bool {
        decode(self.w, a) == decode(self.w, b)
    }
    fn gt(self, a: u128, b: u128) -> bool {
        !self.le(a, b)
    }
    fn ge(self, a: u128, b: u128) -> bool {
        !self.lt(a, b)
    }
    fn ne(self, a: u128, b: u128) -> bool {
        !self.eq(a, b)
    }
    fn abs(self, a: u128) -> u128 {
        a & !self.w.sign_bit()
    }
    fn nan(self, a: u128) -> bool {
        decode(self.w, a).is_nan()
    }
    fn unify(self, a: u128) -> u128 {
        if self.nan(a) {
            i754::canonical_nan(self.w)
        } else {
            a
        }
    }
    fn one(self) -> u128 {
        i754::one(self.w)
    }
    fn c(self, v: i32) -> u128 {
        // ±2^k or ±1, ±2 by value.
        match v {
            1 => self.one(),
            -1 => self.one() | self.w.sign_bit(),
            -2 => i754::pow2(self.w, 1) | self.w.sign_bit(),
            _ => unreachable!(),
        }
    }
    // Complex, per SoftBLAS's cN_* macros.
    fn cadd(self, a: C, b: C) -> C {
        (self.add(a.0, b.0), self.add(a.1, b.1))
    }
    fn csub(self, a: C, b: C) -> C {
        (self.sub(a.0, b.0), self.sub(a.1, b.1))
    }
    fn cmul(self, a: C, b: C) -> C {
        (
            self.sub(self.mul(a.0, b.0), self.mul(a.1, b.1)),
            self.add(self.mul(a.0, b.1), self.mul(a.1, b.0)),
        )
    }
    fn cunify(self, a: C) -> C {
        if self.nan(a.0) || self.nan(a.1) {
            let n = i754::canonical_nan(self.w);
            (n, n)
        } else {
            a
        }
    }
    fn conj(self, a: C) -> C {
        (a.0, a.1 ^ self.w.sign_bit())
    }
}

type C = (u128, u128);

/// Position of element `i` of `n` at signed stride `inc` (BLAS: negative from the end).
fn pos(n: usize, inc: isize, i: usize) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs()
    }
}

/// A buffer for `n` elements at stride `|inc|`, sometimes with spare elements.
fn buf(w: Width, rng: &mut Rng, n: usize, inc: usize) -> Vec<u128> {
    let len = if n == 0 { 0 } else { (n - 1) * inc + 1 } + rng.below(2) as usize;
    (0..len).map(|_| i754_support::value(w, rng)).collect()
}

fn cbuf(w: Width, rng: &mut Rng, n: usize, inc: usize) -> Vec<C> {
    let len = if n == 0 { 0 } else { (n - 1) * inc + 1 } + rng.below(2) as usize;
    (0..len)
        .map(|_| (i754_support::value(w, rng), i754_support::value(w, rng)))
        .collect()
}

fn sinc(rng: &mut Rng) -> isize {
    rng.below(5) as isize - 2
}

fn to<T: Word>(v: &[u128]) -> Vec<T> {
    v.iter().map(|&b| T::of_bits(b)).collect()
}

fn back<T: Word>(v: &[T]) -> Vec<u128> {
    v.iter().map(|b| b.bits()).collect()
}

fn cto<T: Word>(v: &[C]) -> Vec<Complex<T>> {
    v.iter()
        .map(|&(a, b)| Complex::new(T::of_bits(a), T::of_bits(b)))
        .collect()
}

fn cback<T: Word>(v: &[Complex<T>]) -> Vec<C> {
    v.iter().map(|z| (z.re.bits(), z.im.bits())).collect()
}

/// Runs `$body` with `$T` the element type of width `$w`.
macro_rules! by_width {
    ($w:expr, $T:ident => $body:expr) => {
        match $w {
            Width::H => {
                type $T = u16;
                $body
            }
            Width::S => {
                type $T = u32;
                $body
            }
            Width::D => {
                type $T = u64;
                $body
            }
            Width::Q => {
                type $T = u128;
                $body
            }
        }
    };
}

fn hex(v: &[u128]) -> String {
    format!("{:x?}", v)
}

/// axpy, copy, dot, scal, swap, asum, iamax over real vectors.
fn check_level1(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let o = O { w, r };
            let n = rng.below(6) as usize;
            let (incx, incy) = (sinc(&mut rng), sinc(&mut rng));
            let x = buf(w, &mut rng, n, incx.unsigned_abs());
            let y = buf(w, &mut rng, n, incy.unsigned_abs());
            let alpha = i754_support::value(w, &mut rng);
            let ctx = format!(
                "{w:?} {r:?} n={n} incx={incx} incy={incy} x={} y={} a={alpha:#x}",
                hex(&x),
                hex(&y)
            );

            // axpy: y_i = unify(add(y_i, mul(alpha, x_i)))
            let mut want = y.clone();
            for i in 0..n {
                let (px, py) = (pos(n, incx, i), pos(n, incy, i));
                want[py] = o.unify(o.add(want[py], o.mul(alpha, x[px])));
            }
            let got = by_width!(w, T => {
                let mut yy = to::<T>(&y);
                blas::axpy::<T>(n, T::of_bits(alpha), &to::<T>(&x), incx, &mut yy, incy, Policy::FAST, r).unwrap();
                back(&yy)
            });
            assert_eq!(got, want, "axpy {ctx}");

            // dot: left fold from +0, unify at the end
            let mut acc = 0;
            for i in 0..n {
                acc = o.add(acc, o.mul(x[pos(n, incx, i)], y[pos(n, incy, i)]));
            }
            let want = o.unify(acc);
            let got = by_width!(w, T => blas::dot::<T>(n, &to::<T>(&x), incx, &to::<T>(&y), incy, Policy::FAST, r).unwrap().bits());
            assert_eq!(got, want, "dot {ctx}");

            // copy and swap: unified moves
            let mut want_y = y.clone();
            let mut want_x = x.clone();
            for i in 0..n {
                want_y[pos(n, incy, i)] = o.unify(x[pos(n, incx, i)]);
            }
            let got = by_width!(w, T => {
                let mut yy = to::<T>(&y);
                blas::copy::<T>(n, &to::<T>(&x), incx, &mut yy, incy, Policy::FAST, r).unwrap();
                back(&yy)
            });
            assert_eq!(got, want_y, "copy {ctx}");
            let mut want_y = y.clone();
            for i in 0..n {
                let (px, py) = (pos(n, incx, i), pos(n, incy, i));
                let t = want_x[px];
                want_x[px] = o.unify(want_y[py]);
                want_y[py] = o.unify(t);
            }
            let got = by_width!(w, T => {
                let (mut xx, mut yy) = (to::<T>(&x), to::<T>(&y));
                blas::swap::<T>(n, &mut xx, incx, &mut yy, incy, Policy::FAST, r).unwrap();
                (back(&xx), back(&yy))
            });
            assert_eq!(got, (want_x, want_y), "swap {ctx}");

            // Unsigned-stride routines.
            let uinc = rng.below(3) as usize;
            let x = buf(w, &mut rng, n, uinc);
            let ctx = format!("{w:?} {r:?} n={n} inc={uinc} x={}", hex(&x));

            // scal: x_{i·inc} = unify(mul(alpha, x_{i·inc})), in order
            let mut want = x.clone();
            for i in 0..n {
                want[i * uinc] = o.unify(o.mul(alpha, want[i * uinc]));
            }
            let got = by_width!(w, T => {
                let mut xx = to::<T>(&x);
                blas::scal::<T>(n, T::of_bits(alpha), &mut xx, uinc, Policy::FAST, r).unwrap();
                back(&xx)
            });
            assert_eq!(got, want, "scal {ctx}");

            // asum: +0 for a zero stride; else sum of sign-cleared elements
            let want = if uinc == 0 {
                0
            } else {
                o.unify((0..n).fold(0, |acc, i| o.add(acc, o.abs(x[i * uinc]))))
            };
            let got = by_width!(w, T => blas::asum::<T>(n, &to::<T>(&x), uinc, Policy::FAST, r).unwrap().bits());
            assert_eq!(got, want, "asum {ctx}");

            // iamax: first index by the gt macro
            let want = if n < 2 || uinc == 0 {
                0
            } else {
                let (mut best, mut m) = (0, o.abs(x[0]));
                for i in 1..n {
                    if o.gt(o.abs(x[i * uinc]), m) {
                        best = i;
                        m = o.abs(x[i * uinc]);
                    }
                }
                best
            };
            let got = by_width!(w, T => blas::iamax::<T>(n, &to::<T>(&x), uinc).unwrap());
            assert_eq!(got, want, "iamax {ctx}");
        }
    }
}

/// nrm2 and nrm2_B.
fn check_norms(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let o = O { w, r };
            let n = rng.below(6) as usize;
            let inc = rng.below(3) as usize;
            let x = buf(w, &mut rng, n, inc);
            let ctx = format!("{w:?} {r:?} n={n} inc={inc} x={}", hex(&x));
            let want = if n == 0 || inc == 0 {
                0
            } else if n == 1 {
                o.unify(o.abs(x[0]))
            } else {
                let (mut scale, mut ssq) = (0, o.one());
                for i in 0..n {
                    let v = x[i * inc];
                    if o.ne(v, 0) {
                        let a = o.abs(v);
                        if o.lt(scale, a) {
                            ssq =
                                o.add(o.one(), o.mul(ssq, o.div(o.mul(scale, scale), o.mul(a, a))));
                            scale = a;
                        } else {
                            ssq = o.add(ssq, o.div(o.mul(a, a), o.mul(scale, scale)));
                        }
                    }
                }
                o.unify(o.mul(scale, o.sqrt(ssq)))
            };
            let got = by_width!(w, T => blas::nrm2::<T>(n, &to::<T>(&x), inc, Policy::FAST, r).unwrap().bits());
            assert_eq!(got, want, "nrm2 {ctx}");

            // Blue's algorithm with SoftBLAS's thresholds (as exponents).
            let (ts, tb, ss, sb) = match w {
                Width::H => (-7, 3, 12, -13),
                Width::S => (-63, 52, 75, -76),
                Width::D => (-511, 486, 537, -538),
                Width::Q => (-8191, 8136, 8247, -8248),
            };
            let p = |k: i32| i754::pow2(w, k);
            let (tsml, tbig, ssml, sbig) = (p(ts), p(tb), p(ss), p(sb));
            let want = if n == 0 || inc == 0 {
                0
            } else {
                let (mut asml, mut amed, mut abig, mut notbig) = (0, 0, 0, true);
                for i in 0..n {
                    let a = o.abs(x[i * inc]);
                    if o.gt(a, tbig) {
                        let t = o.mul(a, sbig);
                        abig = o.add(abig, o.mul(t, t));
                        notbig = false;
                    } else if o.lt(a, tsml) {
                        if notbig {
                            let t = o.mul(a, ssml);
                            asml = o.add(asml, o.mul(t, t));
                        }
                    } else {
                        amed = o.add(amed, o.mul(a, a));
                    }
                }
                let med = o.gt(amed, 0) || o.ne(amed, amed);
                let (scl, sumsq) = if o.gt(abig, 0) {
                    if med {
                        abig = o.add(abig, o.mul(o.mul(amed, sbig), sbig));
                    }
                    (o.div(o.one(), sbig), abig)
                } else if o.gt(asml, 0) {
                    if med {
                        let am = o.sqrt(amed);
                        let as_ = o.div(o.sqrt(asml), ssml);
                        let (ymin, ymax) = if o.gt(as_, am) { (am, as_) } else { (as_, am) };
                        let q = o.div(ymin, ymax);
                        (
                            o.one(),
                            o.mul(o.mul(ymax, ymax), o.add(o.one(), o.mul(q, q))),
                        )
                    } else {
                        (o.div(o.one(), ssml), asml)
                    }
                } else {
                    (o.one(), amed)
                };
                o.unify(o.mul(scl, o.sqrt(sumsq)))
            };
            let got = by_width!(w, T => blas::nrm2_b::<T>(n, &to::<T>(&x), inc, r).unwrap().bits());
            assert_eq!(got, want, "nrm2_b {ctx}");
        }
    }
}

/// rot, rotm, rotg, rotmg.
fn check_rotations(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let o = O { w, r };
            let n = rng.below(5) as usize;
            let (incx, incy) = (rng.below(3) as usize, rng.below(3) as usize);
            let x = buf(w, &mut rng, n, incx);
            let y = buf(w, &mut rng, n, incy);
            let (c, s) = (
                i754_support::value(w, &mut rng),
                i754_support::value(w, &mut rng),
            );
            let ctx = format!(
                "{w:?} {r:?} n={n} incx={incx} incy={incy} x={} y={} c={c:#x} s={s:#x}",
                hex(&x),
                hex(&y)
            );

            let (mut wx, mut wy) = (x.clone(), y.clone());
            for i in 0..n {
                let (px, py) = (i * incx, i * incy);
                let t = o.add(o.mul(c, wx[px]), o.mul(s, wy[py]));
                wy[py] = o.unify(o.sub(o.mul(c, wy[py]), o.mul(s, wx[px])));
                wx[px] = o.unify(t);
            }
            let got = by_width!(w, T => {
                let (mut xx, mut yy) = (to::<T>(&x), to::<T>(&y));
                blas::rot::<T>(n, &mut xx, incx, &mut yy, incy, T::of_bits(c), T::of_bits(s), Policy::FAST, r).unwrap();
                (back(&xx), back(&yy))
            });
            assert_eq!(got, (wx, wy), "rot {ctx}");

            // rotm with each flag, and a flag that is none of them.
            let mut param = [0u128; 5];
            for v in param.iter_mut() {
                *v = i754_support::value(w, &mut rng);
            }
            param[0] = match rng.below(5) {
                0 => o.c(-2),
                1 => o.c(-1),
                2 => 0,
                3 => o.one(),
                _ => param[0],
            };
            let (h11, h21, h12, h22) = if o.eq(param[0], o.c(-1)) {
                (param[1], param[2], param[3], param[4])
            } else if o.eq(param[0], 0) {
                (o.one(), param[2], param[3], o.one())
            } else {
                (param[1], o.c(-1), o.one(), param[4])
            };
            let (mut wx, mut wy) = (x.clone(), y.clone());
            if !o.eq(param[0], o.c(-2)) {
                for i in 0..n {
                    let (px, py) = (i * incx, i * incy);
                    let (a, b) = (wx[px], wy[py]);
                    wx[px] = o.unify(o.add(o.mul(a, h11), o.mul(b, h12)));
                    wy[py] = o.unify(o.add(o.mul(a, h21), o.mul(b, h22)));
                }
            }
            let got = by_width!(w, T => {
                let (mut xx, mut yy) = (to::<T>(&x), to::<T>(&y));
                let pp: [T; 5] = param.map(T::of_bits);
                blas::rotm::<T>(n, &mut xx, incx, &mut yy, incy, &pp, Policy::FAST, r).unwrap();
                (back(&xx), back(&yy))
            });
            assert_eq!(got, (wx, wy), "rotm {ctx} param={}", hex(&param));

            // rotg
            let (a, b) = (c, s);
            let want = {
                let (aa, ab) = (o.abs(a), o.abs(b));
                let roe = if o.gt(aa, ab) { a } else { b };
                let scale = o.add(aa, ab);
                if o.eq(scale, 0) {
                    (0, 0, o.one(), 0)
                } else {
                    let (sa, sb) = (o.div(a, scale), o.div(b, scale));
                    let len = o.mul(scale, o.sqrt(o.add(o.mul(sa, sa), o.mul(sb, sb))));
                    let rr = o.mul(if o.lt(roe, 0) { o.c(-1) } else { o.one() }, len);
                    let (cc, ss) = (o.div(a, rr), o.div(b, rr));
                    let mut z = o.one();
                    if o.gt(aa, ab) {
                        z = ss;
                    }
                    if o.ge(ab, aa) && o.ne(cc, 0) {
                        z = o.div(o.one(), cc);
                    }
                    (rr, z, cc, ss)
                }
            };
            let got = by_width!(w, T => {
                let g = blas::rotg::<T>(T::of_bits(a), T::of_bits(b), r);
                (g.r.bits(), g.z.bits(), g.c.bits(), g.s.bits())
            });
            assert_eq!(got, want, "rotg {w:?} {r:?} a={a:#x} b={b:#x}");

            // rotmg, with operands near 1 often, so that every branch and loop runs.
            let near = |rng: &mut Rng| {
                if rng.below(2) == 0 {
                    i754_support::value(w, rng)
                } else {
                    let e = rng.below(61) as i32 - 30;
                    let e = if w == Width::H { e / 3 } else { e };
                    i754::pow2(w, e) | (rng.next128() & ((1 << (w.frac_bits() / 2)) - 1))
                }
            };
            let (d1, d2, x1, y1) = (
                near(&mut rng),
                near(&mut rng),
                near(&mut rng),
                near(&mut rng),
            );
            let mut p0 = [0u128; 5];
            for v in p0.iter_mut() {
                *v = i754_support::value(w, &mut rng);
            }
            let want = o_rotmg(o, d1, d2, x1, y1, p0);
            let got = by_width!(w, T => {
                let (mut a1, mut a2, mut ax) = (T::of_bits(d1), T::of_bits(d2), T::of_bits(x1));
                let mut pp: [T; 5] = p0.map(T::of_bits);
                blas::rotmg::<T>(&mut a1, &mut a2, &mut ax, T::of_bits(y1), &mut pp, r)
                    .ok()
                    .map(|()| (a1.bits(), a2.bits(), ax.bits(), pp.map(|v| v.bits())))
            });
            assert_eq!(
                got, want,
                "rotmg {w:?} {r:?} d1={d1:#x} d2={d2:#x} x1={x1:#x} y1={y1:#x}"
            );
        }
    }
}

/// The oracle `rotmg`: `(d1, d2, x1, param)` after the call, `None` when a
/// rescaling loop does not end (SoftBLAS spins there).
#[allow(clippy::type_complexity)]
fn o_rotmg(
    o: O,
    d1: u128,
    d2: u128,
    x1: u128,
    y1: u128,
    mut p: [u128; 5],
) -> Option<(u128, u128, u128, [u128; 5])> {
    let w = o.w;
    let (g, gsq, rg, rgsq) = if w == Width::H {
        (4, 8, -4, -8)
    } else {
        (12, 24, -12, -24)
    };
    let (gam, gamsq, rgam, rgamsq) = (
        i754::pow2(w, g),
        i754::pow2(w, gsq),
        i754::pow2(w, rg),
        i754::pow2(w, rgsq),
    );
    let inf = i754::inf(w);
    let (mut d1, mut d2, mut x1) = (d1, d2, x1);
    let (mut h11, mut h21, mut h12, mut h22) = (0, 0, 0, 0);
    let mut flag;
    if o.lt(d1, 0) {
        flag = o.c(-1);
        (d1, d2, x1) = (0, 0, 0);
    } else {
        let p2 = o.mul(d2, y1);
        if o.eq(p2, 0) {
            p[0] = o.c(-2);
            return Some((d1, d2, x1, p));
        }
        let p1 = o.mul(d1, x1);
        let q2 = o.mul(p2, y1);
        let q1 = o.mul(p1, x1);
        if o.gt(o.abs(q1), o.abs(q2)) {
            h21 = o.div(o.mul(o.c(-1), y1), x1);
            h12 = o.div(p2, p1);
            let u = o.sub(o.one(), o.mul(h12, h21));
            if o.le(u, 0) {
                flag = o.c(-1);
                (d1, d2, x1, h11, h21, h12, h22) = (0, 0, 0, 0, 0, 0, 0);
            } else {
                flag = 0;
                d1 = o.div(d1, u);
                d2 = o.div(d2, u);
                x1 = o.mul(x1, u);
            }
        } else if o.lt(q2, 0) {
            flag = o.c(-1);
            (d1, d2, x1, h11, h21, h12, h22) = (0, 0, 0, 0, 0, 0, 0);
        } else {
            flag = o.one();
            h11 = o.div(p1, p2);
            h22 = o.div(x1, y1);
            let u = o.add(o.one(), o.mul(h11, h22));
            let t = o.div(d2, u);
            d2 = o.div(d1, u);
            d1 = t;
            x1 = o.mul(y1, u);
        }
        let mut steps = 0;
        let re =
            |flag: &mut u128, h11: &mut u128, h21: &mut u128, h12: &mut u128, h22: &mut u128| {
                if o.eq(*flag, 0) {
                    (*h11, *h22) = (o.one(), o.one());
                } else {
                    (*h21, *h12) = (o.c(-1), o.one());
                }
                *flag = o.c(-1);
            };
        while o.ne(d1, 0) && o.le(d1, rgamsq) {
            steps += 1;
            if steps > 5000 {
                return None;
            }
            re(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22);
            (d1, x1, h11, h12) = (
                o.mul(d1, gamsq),
                o.mul(x1, rgam),
                o.mul(h11, rgam),
                o.mul(h12, rgam),
            );
        }
        while o.lt(o.abs(d1), inf) && o.ge(d1, gamsq) {
            steps += 1;
            if steps > 5000 {
                return None;
            }
            re(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22);
            (d1, x1, h11, h12) = (
                o.mul(d1, rgamsq),
                o.mul(x1, gam),
                o.mul(h11, gam),
                o.mul(h12, gam),
            );
        }
        while o.ne(d2, 0) && o.le(o.abs(d2), rgamsq) {
            steps += 1;
            if steps > 5000 {
                return None;
            }
            re(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22);
            (d2, h21, h22) = (o.mul(d2, gamsq), o.mul(h21, rgam), o.mul(h22, rgam));
        }
        while o.lt(o.abs(d2), inf) && o.ge(o.abs(d2), gamsq) {
            steps += 1;
            if steps > 5000 {
                return None;
            }
            re(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22);
            (d2, h21, h22) = (o.mul(d2, rgamsq), o.mul(h21, gam), o.mul(h22, gam));
        }
    }
    p[0] = flag;
    if o.eq(flag, o.c(-1)) {
        (p[1], p[2], p[3], p[4]) = (h11, h21, h12, h22);
    } else if o.eq(flag, 0) {
        (p[2], p[3]) = (h21, h12);
    } else {
        (p[1], p[4]) = (h11, h22);
    }
    Some((d1, d2, x1, p))
}

/// sdsdot and hsdot: exact widenings, then a wide left fold seeded with alpha.
fn check_widening(seed: u64) {
    let mut rng = Rng(seed);
    for r in Round::ALL {
        for (from, wide) in [(Width::S, Width::D), (Width::H, Width::S)] {
            let o = O { w: wide, r };
            let n = rng.below(6) as usize;
            let (incx, incy) = (sinc(&mut rng), sinc(&mut rng));
            let x = buf(from, &mut rng, n, incx.unsigned_abs());
            let y = buf(from, &mut rng, n, incy.unsigned_abs());
            let alpha = i754_support::value(from, &mut rng);
            let up = |v| oracle_convert(from, wide, r, v);
            let mut acc = up(alpha);
            for i in 0..n {
                acc = o.add(acc, o.mul(up(x[pos(n, incx, i)]), up(y[pos(n, incy, i)])));
            }
            let want = O { w: Width::S, r }.unify(oracle_convert(wide, Width::S, r, acc));
            let got = i754_support::widening_dot(from, n, alpha, (&x, incx), (&y, incy), r);
            assert_eq!(
                got,
                want,
                "{from:?}->{wide:?} {r:?} n={n} x={} y={} a={alpha:#x}",
                hex(&x),
                hex(&y)
            );
        }
    }
}

/// The complex level-1 routines.
fn check_complex(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let o = O { w, r };
            let n = rng.below(5) as usize;
            let (incx, incy) = (sinc(&mut rng), sinc(&mut rng));
            let x = cbuf(w, &mut rng, n, incx.unsigned_abs());
            let y = cbuf(w, &mut rng, n, incy.unsigned_abs());
            let alpha = (
                i754_support::value(w, &mut rng),
                i754_support::value(w, &mut rng),
            );
            let ctx =
                format!("{w:?} {r:?} n={n} incx={incx} incy={incy} x={x:x?} y={y:x?} a={alpha:x?}");

            let mut want = y.clone();
            for i in 0..n {
                let (px, py) = (pos(n, incx, i), pos(n, incy, i));
                want[py] = o.cunify(o.cadd(want[py], o.cmul(alpha, x[px])));
            }
            let got = by_width!(w, T => {
                let mut yy = cto::<T>(&y);
                let a = Complex::new(T::of_bits(alpha.0), T::of_bits(alpha.1));
                blas::axpy(n, a, &cto::<T>(&x), incx, &mut yy, incy, Policy::FAST, r).unwrap();
                cback(&yy)
            });
            assert_eq!(got, want, "caxpy {ctx}");

            for conj in [false, true] {
                let mut acc = (0, 0);
                for i in 0..n {
                    let xi = x[pos(n, incx, i)];
                    let xi = if conj { o.conj(xi) } else { xi };
                    acc = o.cadd(acc, o.cmul(xi, y[pos(n, incy, i)]));
                }
                let want = o.cunify(acc);
                let got = by_width!(w, T => {
                    let (xx, yy) = (cto::<T>(&x), cto::<T>(&y));
                    let z = if conj {
                        blas::dotc::<T>(n, &xx, incx, &yy, incy, Policy::FAST, r).unwrap()
                    } else {
                        blas::dot(n, &xx, incx, &yy, incy, Policy::FAST, r).unwrap()
                    };
                    (z.re.bits(), z.im.bits())
                });
                assert_eq!(got, want, "cdot conj={conj} {ctx}");
            }

            // crot with complex c and s.
            let (mut wx, mut wy) = (x.clone(), y.clone());
            let (c, s) = (
                alpha,
                (
                    i754_support::value(w, &mut rng),
                    i754_support::value(w, &mut rng),
                ),
            );
            for i in 0..n {
                let (px, py) = (pos(n, incx, i), pos(n, incy, i));
                let t = o.cadd(o.cmul(c, wx[px]), o.cmul(s, wy[py]));
                wy[py] = o.cunify(o.csub(o.cmul(c, wy[py]), o.cmul(s, wx[px])));
                wx[px] = o.cunify(t);
            }
            let got = by_width!(w, T => {
                let (mut xx, mut yy) = (cto::<T>(&x), cto::<T>(&y));
                let cc = Complex::new(T::of_bits(c.0), T::of_bits(c.1));
                let ss = Complex::new(T::of_bits(s.0), T::of_bits(s.1));
                blas::crot::<T>(n, &mut xx, incx, &mut yy, incy, cc, ss, Policy::FAST, r).unwrap();
                (cback(&xx), cback(&yy))
            });
            assert_eq!(got, (wx, wy), "crot {ctx} s={s:x?}");

            // Unsigned-stride complex routines.
            let inc = rng.below(3) as usize;
            let x = cbuf(w, &mut rng, n, inc);
            let ctx = format!("{w:?} {r:?} n={n} inc={inc} x={x:x?}");
            let mut want = x.clone();
            for i in 0..n {
                want[i * inc] = o.cunify(o.cmul(alpha, want[i * inc]));
            }
            let got = by_width!(w, T => {
                let mut xx = cto::<T>(&x);
                blas::scal(n, Complex::new(T::of_bits(alpha.0), T::of_bits(alpha.1)), &mut xx, inc, Policy::FAST, r).unwrap();
                cback(&xx)
            });
            assert_eq!(got, want, "cscal {ctx}");

            let want = if inc == 0 {
                0
            } else {
                o.unify((0..n).fold(0, |acc, i| {
                    o.add(acc, o.add(o.abs(x[i * inc].0), o.abs(x[i * inc].1)))
                }))
            };
            let got = by_width!(w, T => blas::casum::<T>(n, &cto::<T>(&x), inc, Policy::FAST, r).unwrap().bits());
            assert_eq!(got, want, "casum {ctx}");

            let want = if n == 0 || inc == 0 {
                0
            } else {
                let (mut scale, mut ssq) = (0, o.one());
                for i in 0..n {
                    for v in [x[i * inc].0, x[i * inc].1] {
                        if o.ne(v, 0) {
                            let a = o.abs(v);
                            if o.lt(scale, a) {
                                let q = o.div(scale, a);
                                ssq = o.add(o.one(), o.mul(ssq, o.mul(q, q)));
                                scale = a;
                            } else {
                                let q = o.div(a, scale);
                                ssq = o.add(ssq, o.mul(q, q));
                            }
                        }
                    }
                }
                o.unify(o.mul(scale, o.sqrt(ssq)))
            };
            let got = by_width!(w, T => blas::cnrm2::<T>(n, &cto::<T>(&x), inc, Policy::FAST, r).unwrap().bits());
            assert_eq!(got, want, "cnrm2 {ctx}");

            let want = if n < 2 || inc == 0 {
                0
            } else {
                let mag = |z: C| o.add(o.abs(z.0), o.abs(z.1));
                let (mut best, mut m) = (0, mag(x[0]));
                for i in 1..n {
                    let v = mag(x[i * inc]);
                    if o.gt(v, m) {
                        best = i;
                        m = v;
                    }
                }
                best
            };
            let got = by_width!(w, T => blas::icamax::<T>(n, &cto::<T>(&x), inc, Policy::FAST, r).unwrap());
            assert_eq!(got, want, "icamax {ctx}");
        }
    }
}

/// Element arithmetic of the oracle for one generic check over real and complex elements.
trait OElem: Copy + PartialEq + std::fmt::Debug {
    fn zero() -> Self;
    fn gen(w: Width, rng: &mut Rng) -> Self;
    fn add(o: O, a: Self, b: Self) -> Self;
    fn mul(o: O, a: Self, b: Self) -> Self;
    fn unify(o: O, a: Self) -> Self;
    fn conj(o: O, a: Self) -> Self;
}

impl OElem for u128 {
    fn zero() -> Self {
        0
    }
    fn gen(w: Width, rng: &mut Rng) -> Self {
        i754_support::value(w, rng)
    }
    fn add(o: O, a: Self, b: Self) -> Self {
        o.add(a, b)
    }
    fn mul(o: O, a: Self, b: Self) -> Self {
        o.mul(a, b)
    }
    fn unify(o: O, a: Self) -> Self {
        o.unify(a)
    }
    fn conj(_: O, a: Self) -> Self {
        a
    }
}

impl OElem for C {
    fn zero() -> Self {
        (0, 0)
    }
    fn gen(w: Width, rng: &mut Rng) -> Self {
        (i754_support::value(w, rng), i754_support::value(w, rng))
    }
    fn add(o: O, a: Self, b: Self) -> Self {
        o.cadd(a, b)
    }
    fn mul(o: O, a: Self, b: Self) -> Self {
        o.cmul(a, b)
    }
    fn unify(o: O, a: Self) -> Self {
        o.cunify(a)
    }
    fn conj(o: O, a: Self) -> Self {
        o.conj(a)
    }
}

/// Conversion between oracle elements and library elements of width `T`.
trait Conv<E: Elem>: OElem {
    fn to(self) -> E;
    fn of(e: E) -> Self;
}

impl<T: Word> Conv<T> for u128 {
    fn to(self) -> T {
        T::of_bits(self)
    }
    fn of(e: T) -> Self {
        e.bits()
    }
}

impl<T: Word> Conv<Complex<T>> for C {
    fn to(self) -> Complex<T> {
        Complex::new(T::of_bits(self.0), T::of_bits(self.1))
    }
    fn of(e: Complex<T>) -> Self {
        (e.re.bits(), e.im.bits())
    }
}

fn trans(rng: &mut Rng, complex: bool) -> Trans {
    match rng.below(if complex { 3 } else { 2 }) {
        0 => Trans::N,
        1 => Trans::T,
        _ => Trans::C,
    }
}

/// gemv and gemm over one element kind, against the oracle.
fn check_matrix<X: OElem + Conv<E>, E: Elem>(w: Width, r: Round, rng: &mut Rng, complex: bool) {
    let o = O { w, r };
    let op = |t: Trans, v: X| if t == Trans::C { X::conj(o, v) } else { v };
    // gemv
    let (m, n) = (rng.below(4) as usize, rng.below(4) as usize);
    let layout = if rng.below(2) == 0 {
        Layout::Row
    } else {
        Layout::Col
    };
    let tr = trans(rng, complex);
    let lda = if layout == Layout::Row { n } else { m }.max(1) + rng.below(2) as usize;
    let a: Vec<X> = (0..(m.max(n) * lda + 2)).map(|_| X::gen(w, rng)).collect();
    let (incx, incy) = (1 + rng.below(2) as usize, 1 + rng.below(2) as usize);
    let (rows, inner) = if tr == Trans::N { (m, n) } else { (n, m) };
    let x: Vec<X> = (0..inner * incx + 1).map(|_| X::gen(w, rng)).collect();
    let y: Vec<X> = (0..rows * incy + 1).map(|_| X::gen(w, rng)).collect();
    let (alpha, beta) = (X::gen(w, rng), X::gen(w, rng));
    let at = |i: usize, j: usize| {
        if layout == Layout::Row {
            i * lda + j
        } else {
            i + j * lda
        }
    };
    let mut want = y.clone();
    for i in 0..rows {
        let mut d = X::zero();
        for j in 0..inner {
            let aij = if tr == Trans::N {
                a[at(i, j)]
            } else {
                op(tr, a[at(j, i)])
            };
            d = X::add(o, d, X::mul(o, aij, x[j * incx]));
        }
        want[i * incy] = X::unify(
            o,
            X::add(o, X::mul(o, alpha, d), X::mul(o, beta, want[i * incy])),
        );
    }
    let ae: Vec<E> = a.iter().map(|v| v.to()).collect();
    let xe: Vec<E> = x.iter().map(|v| v.to()).collect();
    let mut ye: Vec<E> = y.iter().map(|v| v.to()).collect();
    blas::gemv(
        layout,
        tr,
        m,
        n,
        alpha.to(),
        &ae,
        lda,
        &xe,
        incx,
        beta.to(),
        &mut ye,
        incy,
        Policy::FAST,
        r,
    )
    .unwrap();
    let got: Vec<X> = ye.into_iter().map(X::of).collect();
    assert_eq!(
        got, want,
        "gemv {w:?} {r:?} {layout:?} {tr:?} m={m} n={n} lda={lda} a={a:x?} x={x:x?} y={y:x?}"
    );

    // gemm
    let (m, n, p) = (
        rng.below(4) as usize,
        rng.below(4) as usize,
        rng.below(4) as usize,
    );
    let (ta, tb) = (trans(rng, complex), trans(rng, complex));
    let lda = if ta == Trans::N { n } else { m }.max(1) + rng.below(2) as usize;
    let ldb = if tb == Trans::N { p } else { n }.max(1) + rng.below(2) as usize;
    let ldc = p.max(1) + rng.below(2) as usize;
    let a: Vec<X> = (0..(m.max(n) * lda + 1)).map(|_| X::gen(w, rng)).collect();
    let b: Vec<X> = (0..(n.max(p) * ldb + 1)).map(|_| X::gen(w, rng)).collect();
    let c: Vec<X> = (0..(m * ldc + 1)).map(|_| X::gen(w, rng)).collect();
    let mut want = c.clone();
    for i in 0..m {
        for j in 0..p {
            let mut d = X::zero();
            for k in 0..n {
                let aik = if ta == Trans::N {
                    a[i * lda + k]
                } else {
                    op(ta, a[i + k * lda])
                };
                let bkj = if tb == Trans::N {
                    b[k * ldb + j]
                } else {
                    op(tb, b[k + j * ldb])
                };
                d = X::add(o, d, X::mul(o, aik, bkj));
            }
            let cij = &mut want[i * ldc + j];
            *cij = X::unify(o, X::add(o, X::mul(o, alpha, d), X::mul(o, beta, *cij)));
        }
    }
    let ae: Vec<E> = a.iter().map(|v| v.to()).collect();
    let be: Vec<E> = b.iter().map(|v| v.to()).collect();
    let mut ce: Vec<E> = c.iter().map(|v| v.to()).collect();
    blas::gemm(
        ta,
        tb,
        m,
        n,
        p,
        alpha.to(),
        &ae,
        lda,
        &be,
        ldb,
        beta.to(),
        &mut ce,
        ldc,
        Policy::FAST,
        r,
    )
    .unwrap();
    let got: Vec<X> = ce.into_iter().map(X::of).collect();
    assert_eq!(
        got, want,
        "gemm {w:?} {r:?} {ta:?} {tb:?} m={m} n={n} p={p} a={a:x?} b={b:x?} c={c:x?}"
    );
}

fn check_level23(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            by_width!(w, T => {
                check_matrix::<u128, T>(w, r, &mut rng, false);
                check_matrix::<C, Complex<T>>(w, r, &mut rng, true);
            });
        }
    }
}

proptest! {
    #[test]
    fn level1_real_matches_mpfr(seed in any::<u64>()) { check_level1(seed) }

    #[test]
    fn norms_match_mpfr(seed in any::<u64>()) { check_norms(seed) }

    #[test]
    fn rotations_match_mpfr(seed in any::<u64>()) { check_rotations(seed) }

    #[test]
    fn widening_dots_match_mpfr(seed in any::<u64>()) { check_widening(seed) }

    #[test]
    fn level1_complex_matches_mpfr(seed in any::<u64>()) { check_complex(seed) }

    #[test]
    fn gemv_gemm_match_mpfr(seed in any::<u64>()) { check_level23(seed) }
}
