//! The rotation checks: `rotg`, `rot`, `rotmg`, `rotm`, with the oracle's
//! own `rotmg`.

use super::blas_support::{bits, modes, words, Real};
use super::i754_support;
use super::i754_support::Rng;
use super::oracle::{buf, hex, O};
use softblas::scalar::i754::{self, Width};
use softblas::Word;
use softblas::{blas, Policy};

/// rot, rotm, rotg, rotmg.
pub(crate) fn check_rotations(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let o = O::new(w, r);
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
            let (mut xx, mut yy) = (words::<T>(&x), words::<T>(&y));
            blas::rot::<T>(n, &mut xx, incx, &mut yy, incy, T::of_bits(c), T::of_bits(s), Policy::FAST, r).unwrap();
            (bits(&xx), bits(&yy))
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
            let (mut xx, mut yy) = (words::<T>(&x), words::<T>(&y));
            let pp: [T; 5] = param.map(T::of_bits);
            blas::rotm::<T>(n, &mut xx, incx, &mut yy, incy, &pp, Policy::FAST, r).unwrap();
            (bits(&xx), bits(&yy))
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
        // One rescaling step's first half: the flag's implicit entries of H
        // made explicit and the flag -1; `None` past 5000 steps in all.
        let mut steps = 0;
        let mut re =
            |flag: &mut u128, h11: &mut u128, h21: &mut u128, h12: &mut u128, h22: &mut u128| {
                steps += 1;
                if steps > 5000 {
                    return None;
                }
                if o.eq(*flag, 0) {
                    (*h11, *h22) = (o.one(), o.one());
                } else {
                    (*h21, *h12) = (o.c(-1), o.one());
                }
                *flag = o.c(-1);
                Some(())
            };
        // Its second half: d1 by `sq`, and x1 and H's first row by `g`.
        let row1 =
            |(d1, x1, h11, h12), sq, g| (o.mul(d1, sq), o.mul(x1, g), o.mul(h11, g), o.mul(h12, g));
        while o.ne(d1, 0) && o.le(d1, rgamsq) {
            re(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22)?;
            (d1, x1, h11, h12) = row1((d1, x1, h11, h12), gamsq, rgam);
        }
        while o.lt(o.abs(d1), inf) && o.ge(d1, gamsq) {
            re(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22)?;
            (d1, x1, h11, h12) = row1((d1, x1, h11, h12), rgamsq, gam);
        }
        while o.ne(d2, 0) && o.le(o.abs(d2), rgamsq) {
            re(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22)?;
            (d2, h21, h22) = (o.mul(d2, gamsq), o.mul(h21, rgam), o.mul(h22, rgam));
        }
        while o.lt(o.abs(d2), inf) && o.ge(o.abs(d2), gamsq) {
            re(&mut flag, &mut h11, &mut h21, &mut h12, &mut h22)?;
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
