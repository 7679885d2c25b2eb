//! The scalar float helpers of Saloon's `+|  %linalg` section (`+fadd +fsub
//! +fmul +fdiv +fabs +fgte +flte +f0 +f1 +f2 +feps +fsqt +fneg +fsign +stol
//! +near` and the complex `+cadd … +cabs-re +cnear`), saloon.hoon@424a2bf.
//!
//! The real helpers dispatch on the element bloq `b` as the Hoon's nested `?:`
//! does: 4 is `@rh`, 5 `@rs`, 6 `@rd`, and *every other* bloq `@rq`. Each op
//! is one `/lib/math` pass-through (`~(add rs:math [rnd rtol 0])` is the stdlib
//! `~(add rs rnd)`), rounded in the door's `rnd`; an operand wider than the
//! width is read by its low bits, as the stdlib ops read only those.
//! `+fabs` is `/lib/math`'s `abs` (`x` when the sign bit is clear, else `0 − x`).
//!
//! Constants (Hoon literals, parsed round-to-nearest):
//!
//! | bloq | `+feps` | `+stol` |
//! |---|---|---|
//! | 4 | `.~~1e-2` `0x211f` | `.~~1e-2` `0x211f` |
//! | 5 | `.1e-6` `0x3586_37bd` | `.1e-4` `0x38d1_b717` |
//! | 6 | `.~1e-13` `0x3d3c_25c2_6849_7682` | `.~1e-9` `0x3e11_2e0b_e826_d695` |
//! | other | `.~~~1e-30` | `.~~~1e-18` |

use softblas::hw::Op;
use softblas::scalar::cplx::{Cplx, Plane};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Executor, Round};

/// The float width Saloon's helpers use for bloq `b`: 4 `@rh`, 5 `@rs`, 6 `@rd`, else `@rq`.
pub const fn width_of(b: u32) -> Width {
    match b {
        4 => Width::H,
        5 => Width::S,
        6 => Width::D,
        _ => Width::Q,
    }
}

/// `+feps`: the width's convergence epsilon of `+fsqt` (and the default tolerance).
pub const fn feps(w: Width) -> u128 {
    match w {
        Width::H => 0x211f,
        Width::S => 0x3586_37bd,
        Width::D => 0x3d3c_25c2_6849_7682,
        Width::Q => 0x3f9b_4484_bfee_bc29_f863_424b_06f3_529a,
    }
}

/// `+stol`: the width's symmetry tolerance of `+near` and `+cnear`.
pub const fn stol(w: Width) -> u128 {
    match w {
        Width::H => 0x211f,
        Width::S => 0x38d1_b717,
        Width::D => 0x3e11_2e0b_e826_d695,
        Width::Q => 0x3fc3_2725_dd1d_243a_ba0e_75fe_645c_c487,
    }
}

/// The number of Newton steps after which `+fsqt` gives up and returns its last iterate.
pub const FSQT_STEPS: u32 = 50;

/// The real helpers at one bloq and rounding mode, on one executor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fl {
    /// The executor of every rounded step ([`i754::binary_by`]; same bits on either).
    pub e: Executor,
    /// The float width of the ops.
    pub w: Width,
    /// The rounding mode (`rnd`).
    pub r: Round,
}

impl Fl {
    /// The helpers for element bloq `b` in mode `r` on the executor `e`.
    pub const fn new(e: Executor, b: u32, r: Round) -> Fl {
        Fl {
            e,
            w: width_of(b),
            r,
        }
    }

    /// The helpers of width `w` in mode `r` on the executor `e`.
    pub const fn of(e: Executor, w: Width, r: Round) -> Fl {
        Fl { e, w, r }
    }

    fn m(self, x: u128) -> u128 {
        x & self.w.mask()
    }

    /// `+fadd`.
    pub fn add(self, x: u128, y: u128) -> u128 {
        i754::binary_by(self.e, Op::Add, self.w, self.r, self.m(x), self.m(y))
    }

    /// `+fsub`.
    pub fn sub(self, x: u128, y: u128) -> u128 {
        i754::binary_by(self.e, Op::Sub, self.w, self.r, self.m(x), self.m(y))
    }

    /// `+fmul`.
    pub fn mul(self, x: u128, y: u128) -> u128 {
        i754::binary_by(self.e, Op::Mul, self.w, self.r, self.m(x), self.m(y))
    }

    /// `+fdiv`.
    pub fn div(self, x: u128, y: u128) -> u128 {
        i754::binary_by(self.e, Op::Div, self.w, self.r, self.m(x), self.m(y))
    }

    /// `+fabs`: `/lib/math`'s `abs`.
    pub fn abs(self, x: u128) -> u128 {
        let x = self.m(x);
        if i754::sig(self.w, x) {
            x
        } else {
            self.sub(0, x)
        }
    }

    /// `+fgte`: `x >= y` (false on NaN).
    pub fn gte(self, x: u128, y: u128) -> bool {
        i754::gte(self.w, self.m(x), self.m(y))
    }

    /// `+flte`: `x <= y` (false on NaN).
    pub fn lte(self, x: u128, y: u128) -> bool {
        i754::lte(self.w, self.m(x), self.m(y))
    }

    /// `+f0`: +0.
    pub const fn zero(self) -> u128 {
        0
    }

    /// `+f1`: 1.0.
    pub const fn one(self) -> u128 {
        i754::one(self.w)
    }

    /// `+f2`: 2.0.
    pub const fn two(self) -> u128 {
        i754::pow2(self.w, 1)
    }

    /// `+feps`.
    pub const fn eps(self) -> u128 {
        feps(self.w)
    }

    /// `+fneg`: `0 − x` (so −0 under `%d` only).
    pub fn neg(self, x: u128) -> u128 {
        self.sub(0, x)
    }

    /// `+fsign`: 1.0 when `x >= +0`, else `−1.0` (`0 − 1.0`); NaN gives `−1.0`.
    pub fn sign(self, x: u128) -> u128 {
        if self.gte(x, 0) {
            self.one()
        } else {
            self.neg(self.one())
        }
    }

    /// `+fsqt`: Newton's square root, capped at [`FSQT_STEPS`] steps.
    ///
    /// `x <= 0` gives +0 (so `√−1 = 0`, not NaN); otherwise `g = x` and
    /// `g' = ½·(g + x/g)` until `|g − g'| <= feps·g` (then `g'`), or until 50
    /// steps were taken (then the last `g`). Every step is rounded in `rnd`.
    pub fn sqt(self, x: u128) -> u128 {
        let x = self.m(x);
        if self.lte(x, 0) {
            return 0;
        }
        let half = self.div(self.one(), self.two());
        let mut g = x;
        for _ in 0..FSQT_STEPS {
            let ng = self.mul(half, self.add(g, self.div(x, g)));
            if self.lte(self.abs(self.sub(g, ng)), self.mul(self.eps(), g)) {
                return ng;
            }
            g = ng;
        }
        g
    }

    /// `+near`: `|x − y| <= stol + stol·(|x| + |y|)`.
    pub fn near(self, x: u128, y: u128) -> bool {
        let t = stol(self.w);
        let lhs = self.abs(self.sub(x, y));
        let rhs = self.add(t, self.mul(t, self.add(self.abs(x), self.abs(y))));
        self.lte(lhs, rhs)
    }
}

/// The complex helpers at one complex bloq (5 `@ch` … 8 `@cq`) and rounding mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cf {
    /// The `/lib/complex` door.
    pub d: Plane,
    /// The real helpers of the component width (`+cb-comp`).
    pub f: Fl,
}

impl Cf {
    /// The helpers for complex bloq `cb` (5..=8) in mode `r` on the executor
    /// `e`; `None` for another bloq.
    pub fn new(e: Executor, cb: u32, r: Round) -> Option<Cf> {
        let d = Plane::from_bloq(cb, r).ok()?.with_exec(e);
        Some(Cf {
            d,
            f: Fl::of(e, d.w, r),
        })
    }

    /// The element atom's components.
    pub fn split(self, p: &Atom) -> Cplx {
        Cplx::from_atom(self.d.w, p)
    }

    /// The element atom of `p`.
    pub fn join(self, p: Cplx) -> Atom {
        p.to_atom(self.d.w)
    }

    /// `+cadd`.
    pub fn add(self, p: Cplx, q: Cplx) -> Cplx {
        self.d.add(p, q)
    }

    /// `+csub`.
    pub fn sub(self, p: Cplx, q: Cplx) -> Cplx {
        self.d.sub(p, q)
    }

    /// `+cmul`.
    pub fn mul(self, p: Cplx, q: Cplx) -> Cplx {
        self.d.mul(p, q)
    }

    /// `+cdiv`.
    pub fn div(self, p: Cplx, q: Cplx) -> Cplx {
        self.d.div(p, q)
    }

    /// `+cconj`.
    pub fn conj(self, p: Cplx) -> Cplx {
        self.d.conj(p)
    }

    /// `+cpak`: the complex `r + i·i`.
    pub fn pak(self, r: u128, i: u128) -> Cplx {
        Cplx::new(r, i)
    }

    /// `+cabs-re`: the real part of `/lib/complex`'s `abs`.
    pub fn abs_re(self, p: Cplx) -> u128 {
        self.d.abs(p).re
    }

    /// `+cnear`: `|x − conj y| <= stol + stol·(|x| + |y|)` at the component width.
    pub fn near(self, x: Cplx, y: Cplx) -> bool {
        let f = self.f;
        let t = stol(f.w);
        let lhs = self.abs_re(self.sub(x, self.conj(y)));
        let rhs = f.add(t, f.mul(t, f.add(self.abs_re(x), self.abs_re(y))));
        f.lte(lhs, rhs)
    }
}
