//! The transcendental arms of the complex doors and the real series they are built on.
//!
//! Ports `++rexp ++rsin ++rcos ++rlog ++ratan ++ratn ++cexp ++clog ++csqrt ++csin
//! ++ccos ++ctan ++cpow` of `urbit/numerics:libmath/desk/lib/complex.hoon` at `96f3cfe`.
//! `/lib/complex` does not call `/lib/math`: each door carries its own naive series
//! at fixed term counts (Taylor for exp, sin and cos; an atanh series for log; a
//! Gauss AGM for atan), and every step is one float op rounded in the door's mode.

use super::{consts, Cplx, Plane};
use crate::atom::Atom;
use crate::scalar::i754;

/// Terms of the `rexp`, `rsin` and `rcos` series after the first.
const TAYLOR_TERMS: u64 = 20;
/// Terms of the `rlog` atanh series after the first.
const LOG_TERMS: u64 = 30;
/// AGM steps of `ratan` (the Hoon counts `n` from 0 through 40).
const AGM_STEPS: u64 = 41;

impl Plane {
    /// The small integer `n` as a component float (`~(sun rs rnd) n`).
    fn sun(self, n: u64) -> u128 {
        i754::sun(self.w, self.r, &Atom::from_u64(n))
    }

    /// `++rpi`: the door's π literal (not correctly rounded at `cd`; see `super::consts`).
    pub fn rpi(self) -> u128 {
        consts(self.w).rpi
    }

    /// `++rexp`: `1 + Σ_{n=1}^{20} t_n` with `t_n = t_{n−1} · (x / n)`, `t_0 = 1`.
    pub fn rexp(self, x: u128) -> u128 {
        let one = consts(self.w).one;
        let (mut s, mut t) = (one, one);
        for n in 1..=TAYLOR_TERMS {
            t = self.fmul(t, self.fdiv(x, self.sun(n)));
            s = self.fadd(s, t);
        }
        s
    }

    /// `++rsin`: `x + Σ_{n=1}^{20} t_n`, `t_n = +0 − t_{n−1} · ((x·x) / ((2n)·(2n+1)))`, `t_0 = x`.
    pub fn rsin(self, x: u128) -> u128 {
        let (mut s, mut t) = (x, x);
        for n in 1..=TAYLOR_TERMS {
            let k = 2 * n;
            let d = self.fmul(self.sun(k), self.sun(k + 1));
            t = self.fsub(0, self.fmul(t, self.fdiv(self.fmul(x, x), d)));
            s = self.fadd(s, t);
        }
        s
    }

    /// `++rcos`: `1 + Σ_{n=1}^{20} t_n`, `t_n = +0 − t_{n−1} · ((x·x) / ((2n−1)·(2n)))`, `t_0 = 1`.
    pub fn rcos(self, x: u128) -> u128 {
        let one = consts(self.w).one;
        let (mut s, mut t) = (one, one);
        for n in 1..=TAYLOR_TERMS {
            let k = 2 * n;
            let d = self.fmul(self.sun(k - 1), self.sun(k));
            t = self.fsub(0, self.fmul(t, self.fdiv(self.fmul(x, x), d)));
            s = self.fadd(s, t);
        }
        s
    }

    /// `++rlog`: `−∞` when `x` is bit-exactly `+0`, else `2 · (y + Σ_{n=1}^{30} (1/(2n+1)) · y^(2n+1))`
    /// with `y = (x − 1)/(x + 1)` and the powers built by repeated `· y²`.
    pub fn rlog(self, x: u128) -> u128 {
        let c = consts(self.w);
        if x == 0 {
            return c.ninf;
        }
        let y = self.fdiv(self.fsub(x, c.one), self.fadd(x, c.one));
        let y2 = self.fmul(y, y);
        let (mut s, mut t) = (y, y);
        for n in 1..=LOG_TERMS {
            t = self.fmul(t, y2);
            let k = self.fdiv(c.one, self.sun(2 * n + 1));
            s = self.fadd(s, self.fmul(k, t));
        }
        self.fmul(c.two, s)
    }

    /// `++ratan`: arctangent by 41 Gauss AGM steps.
    ///
    /// `rt = sqrt(1 + x·x)`, `a = 1/rt`, `b = 1`; each step `a' = 0.5·(a + b)`,
    /// `b' = sqrt(a'·b)`; the result is `x / (rt·b)`.
    pub fn ratan(self, x: u128) -> u128 {
        let c = consts(self.w);
        let rt = self.fsqt(self.fadd(c.one, self.fmul(x, x)));
        let (mut a, mut b) = (self.fdiv(c.one, rt), c.one);
        for _ in 0..AGM_STEPS {
            let ai = self.fmul(c.half, self.fadd(a, b));
            b = self.fsqt(self.fmul(ai, b));
            a = ai;
        }
        self.fdiv(x, self.fmul(rt, b))
    }

    /// `++ratn`: the two-argument arctangent `atan2(y, x)` by quadrant.
    ///
    /// `x > 0`: `ratan(y/x)`; `x < 0, y ≥ 0`: `ratan(y/x) + rpi`; `x < 0, y < 0`:
    /// `ratan(y/x) − rpi`; else `y > 0`: `rpi/2`; `y < 0`: `+0 − rpi/2`; else `+0`
    /// (NaNs fail every comparison and so give `+0`).
    pub fn ratn(self, y: u128, x: u128) -> u128 {
        let c = consts(self.w);
        if self.gth(x, 0) {
            self.ratan(self.fdiv(y, x))
        } else if self.lth(x, 0) && self.gte(y, 0) {
            self.fadd(self.ratan(self.fdiv(y, x)), c.rpi)
        } else if self.lth(x, 0) && self.lth(y, 0) {
            self.fsub(self.ratan(self.fdiv(y, x)), c.rpi)
        } else if self.gth(y, 0) {
            self.fdiv(c.rpi, c.two)
        } else if self.lth(y, 0) {
            self.fsub(0, self.fdiv(c.rpi, c.two))
        } else {
            0
        }
    }

    /// `++cexp`: `rexp(a)·rcos(b) + (rexp(a)·rsin(b))i` for `z = a + bi`.
    pub fn cexp(self, p: Cplx) -> Cplx {
        let ea = self.rexp(p.re);
        Cplx::new(
            self.fmul(ea, self.rcos(p.im)),
            self.fmul(ea, self.rsin(p.im)),
        )
    }

    /// The unscaled modulus `sqrt(a·a + b·b)` that `clog` and `csqrt` use.
    fn mag(self, p: Cplx) -> u128 {
        self.fsqt(self.fadd(self.fmul(p.re, p.re), self.fmul(p.im, p.im)))
    }

    /// `++clog`: `rlog(sqrt(a·a + b·b)) + ratn(b, a)i` (no hypot scaling).
    pub fn clog(self, p: Cplx) -> Cplx {
        Cplx::new(self.rlog(self.mag(p)), self.ratn(p.im, p.re))
    }

    /// `++csqrt`: `sqrt((m + a)/2) + ±sqrt((m − a)/2)i`, `m = sqrt(a·a + b·b)`, the
    /// imaginary part negated by `fneg` when `b < 0`.
    pub fn csqrt(self, p: Cplx) -> Cplx {
        let two = consts(self.w).two;
        let m = self.mag(p);
        let re = self.fsqt(self.fdiv(self.fadd(m, p.re), two));
        let im = self.fsqt(self.fdiv(self.fsub(m, p.re), two));
        let im = if self.lth(p.im, 0) { self.fneg(im) } else { im };
        Cplx::new(re, im)
    }

    /// `(cosh b, sinh b)` as `csin` and `ccos` build them: `(e^b ± e^(fneg b)) / 2` by `rexp`.
    fn cosh_sinh(self, b: u128) -> (u128, u128) {
        let two = consts(self.w).two;
        let eb = self.rexp(b);
        let enb = self.rexp(self.fneg(b));
        (
            self.fdiv(self.fadd(eb, enb), two),
            self.fdiv(self.fsub(eb, enb), two),
        )
    }

    /// `++csin`: `rsin(a)·cosh(b) + (rcos(a)·sinh(b))i`.
    pub fn csin(self, p: Cplx) -> Cplx {
        let (csh, snh) = self.cosh_sinh(p.im);
        Cplx::new(
            self.fmul(self.rsin(p.re), csh),
            self.fmul(self.rcos(p.re), snh),
        )
    }

    /// `++ccos`: `rcos(a)·cosh(b) + fneg(rsin(a)·sinh(b))i`.
    pub fn ccos(self, p: Cplx) -> Cplx {
        let (csh, snh) = self.cosh_sinh(p.im);
        Cplx::new(
            self.fmul(self.rcos(p.re), csh),
            self.fneg(self.fmul(self.rsin(p.re), snh)),
        )
    }

    /// `++ctan`: `div(csin z, ccos z)`.
    pub fn ctan(self, p: Cplx) -> Cplx {
        self.div(self.csin(p), self.ccos(p))
    }

    /// `++cpow`: `cexp(mul(w, clog z))` for `z^w` (so `cpow(0, w)` is NaN).
    pub fn cpow(self, z: Cplx, w: Cplx) -> Cplx {
        self.cexp(self.mul(w, self.clog(z)))
    }
}
