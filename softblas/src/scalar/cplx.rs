//! Element kind `%cplx`: complex numbers exactly as `/lib/complex` computes them.
//!
//! Ports the doors `ch cs cd cq` of `urbit/numerics:libmath/desk/lib/complex.hoon`
//! at commit `96f3cfe` (and Lagoon's `%cplx` arms of `lagoon.hoon@aa6f2a6`). The four
//! doors are the same program at four component widths, so one type, [`Plane`], holds the
//! component [`Width`] (`ch` = half, `cs` = single, `cd` = double, `cq` = quad) and
//! the door's rounding mode `rnd`; every component operation is one stdlib float op
//! (`~(add rs rnd)` and friends) rounded in that mode, done here by [`i754`].
//!
//! Layout: an element is one atom, real part in the low `w` bits and imaginary part
//! above it (`element = im << w | re`), `w` the component width.
//!
//! What the Hoon does and this module reproduces:
//! - `neg`, `conj` and the internal `fneg` negate by a rounded subtraction `+0 − x`
//!   (arms `++neg ++conj ++fneg`), not by a sign flip: `+0` stays `+0` (except under
//!   `%d`, where `+0 − +0 = −0`), `−0` becomes `+0`, and a NaN becomes the canonical NaN.
//! - `fabs x` is `+0 − x` when `x < 0`, else `x` itself (`++fabs`): `−0` and NaN pass
//!   through unchanged.
//! - `mul` is four rounded products and two rounded sums (no fused multiply-add).
//! - `div` is Smith's algorithm, branching on `fabs(br) ≥ fabs(bi)` (`++div`).
//! - `abs` is a scaled hypot returned as the complex `|z| + 0i`; its zero shortcut is a
//!   bit test, so `−0 + 0i` takes the scaling path and gives `0 / −0` = NaN (`++abs`).
//! - `equ`/`neq` are bit equality of the atoms, not numeric equality (`++equ ++neq`).
//! - The transcendental arms (`cexp clog csqrt csin ccos ctan cpow`) use the door's own
//!   fixed-term series (`++rexp ++rsin ++rcos ++rlog ++ratan ++ratn`), not `/lib/math`;
//!   they are in the private `series` submodule, as methods of [`Plane`].
//!
//! A component argument wider than `w` bits is masked to its low `w` bits, as the
//! stdlib float ops read only those; the few arms that look at raw atoms (`im`,
//! `pak`, `equ`, the zero test of `abs`) have atom-level forms here ([`im_atom`],
//! [`pak_atoms`], [`Plane::abs_atom`]).

use crate::atom::Atom;
use crate::hw::Op;
use crate::policy::Executor;
use crate::round::Round;
use crate::scalar::i754::{self, Width};
use thiserror::Error;

pub mod arms;
mod series;

/// Why a complex door could not be formed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CplxError {
    /// The element bloq is not one of 5 (`@ch`), 6 (`@cs`), 7 (`@cd`), 8 (`@cq`).
    #[error("bloq {0} is not a %cplx element bloq (5..=8)")]
    BadBloq(u32),
}

/// A complex value as the bits of its two component floats, each in the low `w` bits of a `u128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cplx {
    /// The real component (the low half of the element).
    pub re: u128,
    /// The imaginary component (the high half of the element).
    pub im: u128,
}

impl Cplx {
    /// The complex value with components `re` and `im` (bits, each at most `w` bits wide).
    pub const fn new(re: u128, im: u128) -> Cplx {
        Cplx { re, im }
    }

    /// The components the float arms of a `w` door read from the atom `p`.
    ///
    /// The real part is `(end [0 w] p)`; the imaginary part `(rsh [0 w] p)` is masked to
    /// `w` bits, as every stdlib float op reads only the low `w` bits of its operands.
    pub fn from_atom(w: Width, p: &Atom) -> Cplx {
        let b = w.bits();
        Cplx {
            re: p.bits_u128(0, b),
            im: p.bits_u128(u64::from(b), b),
        }
    }

    /// The packed element atom `im << w | re` (the Hoon's `++pak`).
    pub fn to_atom(self, w: Width) -> Atom {
        let b = u64::from(w.bits());
        Atom::from_u128(self.im)
            .shl(b)
            .or(&Atom::from_u128(self.re))
    }
}

/// The Hoon's `++im` on an atom: everything above the low `w` bits, unmasked.
pub fn im_atom(w: Width, p: &Atom) -> Atom {
    p.shr(u64::from(w.bits()))
}

/// The Hoon's `++re` on an atom: its low `w` bits.
pub fn re_atom(w: Width, p: &Atom) -> Atom {
    p.low_bits(u64::from(w.bits()))
}

/// The Hoon's `++pak` on atoms: `r | (i << w)`, with neither side masked.
pub fn pak_atoms(w: Width, r: &Atom, i: &Atom) -> Atom {
    r.or(&i.shl(u64::from(w.bits())))
}

/// Bit constants of one component width.
pub(crate) struct Consts {
    /// `1.0`.
    pub one: u128,
    /// `2.0`.
    pub two: u128,
    /// `0.5`.
    pub half: u128,
    /// `−∞` (the `++rlog` result at `+0`).
    pub ninf: u128,
    /// The door's `++rpi` literal.
    pub rpi: u128,
}

/// The door's `++rpi` literal at width `w`, parsed round-to-nearest as Hoon parses float literals.
///
/// It is the Hoon literal, not π: `.~~3.14159` (`0x4248`), `.3.1415927` (`0x4049_0fdb`),
/// `.~3.14159265358979` (`0x4009_21fb_5444_2d11`, 7 ulp below π) and
/// `.~~~3.14159265358979323846` (`0x4000_921f_b544_42d1_8469_834e_f156_fa8f`, far from π).
pub const fn rpi_literal(w: Width) -> u128 {
    match w {
        Width::H => 0x4248,
        Width::S => 0x4049_0fdb,
        Width::D => 0x4009_21fb_5444_2d11,
        Width::Q => 0x4000_921f_b544_42d1_8469_834e_f156_fa8f,
    }
}

/// The constants of width `w`.
pub(crate) const fn consts(w: Width) -> Consts {
    Consts {
        one: i754::one(w),
        two: i754::pow2(w, 1),
        half: i754::pow2(w, -1),
        ninf: i754::neg_inf(w),
        rpi: rpi_literal(w),
    }
}

/// The complex plane at one component width and rounding mode: the
/// `/lib/complex` doors `ch cs cd cq` with their sample (`~(arm cs rnd)` and
/// its siblings), and the executor of its component operations (not part of
/// the Hoon's sample; either gives the same bits). (`softblas::math::Door`
/// is the `/lib/math` door; this type is named apart so that each name means
/// one thing.)
///
/// A bare door (`cs:complex` with no sample) rounds `%z`, the bunt of `?(%n %u %d %z)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plane {
    /// The component width (`ch` = H, `cs` = S, `cd` = D, `cq` = Q).
    pub w: Width,
    /// The door's rounding mode, used for every component operation.
    pub r: Round,
    /// The executor of every component operation ([`i754::binary_by`]).
    pub e: Executor,
}

impl Plane {
    /// The door of component width `w` rounding in mode `r`, on the fast executor.
    pub const fn new(w: Width, r: Round) -> Plane {
        Plane {
            w,
            r,
            e: Executor::Fast,
        }
    }

    /// This door with its component operations on the executor `e`.
    #[must_use]
    pub const fn with_exec(self, e: Executor) -> Plane {
        Plane { e, ..self }
    }

    /// The door whose elements are `2^bloq` bits wide (bloq 5 = `ch` ... 8 = `cq`).
    ///
    /// # Errors
    /// [`CplxError::BadBloq`] for a bloq outside 5..=8.
    pub fn from_bloq(bloq: u32, r: Round) -> Result<Plane, CplxError> {
        let w = match bloq {
            5 => Width::H,
            6 => Width::S,
            7 => Width::D,
            8 => Width::Q,
            _ => return Err(CplxError::BadBloq(bloq)),
        };
        Ok(Plane::new(w, r))
    }

    // ---- component operations at the door's width and rounding ----

    pub(crate) fn fadd(self, a: u128, b: u128) -> u128 {
        i754::binary_by(self.e, Op::Add, self.w, self.r, a, b)
    }

    pub(crate) fn fsub(self, a: u128, b: u128) -> u128 {
        i754::binary_by(self.e, Op::Sub, self.w, self.r, a, b)
    }

    pub(crate) fn fmul(self, a: u128, b: u128) -> u128 {
        i754::binary_by(self.e, Op::Mul, self.w, self.r, a, b)
    }

    pub(crate) fn fdiv(self, a: u128, b: u128) -> u128 {
        i754::binary_by(self.e, Op::Div, self.w, self.r, a, b)
    }

    pub(crate) fn fsqt(self, a: u128) -> u128 {
        i754::sqt_by(self.e, self.w, self.r, a)
    }

    pub(crate) fn lth(self, a: u128, b: u128) -> bool {
        i754::lth(self.w, a, b)
    }

    pub(crate) fn gth(self, a: u128, b: u128) -> bool {
        i754::gth(self.w, a, b)
    }

    pub(crate) fn gte(self, a: u128, b: u128) -> bool {
        i754::gte(self.w, a, b)
    }

    /// The low `w` bits of `x`: what a stdlib float op reads of an operand.
    pub fn mask(self, x: u128) -> u128 {
        x & self.w.mask()
    }

    /// The door's component negation `++fneg`: `+0 − x`, rounded (not a sign flip).
    pub fn fneg(self, x: u128) -> u128 {
        self.fsub(i754::zero(self.w), x)
    }

    /// The door's component absolute value `++fabs`: `+0 − x` when `x < +0`, else `x` unchanged.
    ///
    /// `−0` and NaNs (with their payloads) are returned as they are.
    pub fn fabs(self, x: u128) -> u128 {
        if self.lth(x, 0) {
            self.fsub(0, x)
        } else {
            x
        }
    }

    // ---- constants ----

    /// `++zero`: `0 + 0i` (the atom 0).
    pub fn zero(self) -> Cplx {
        Cplx::new(0, 0)
    }

    /// `++one`: `1 + 0i`.
    pub fn one(self) -> Cplx {
        Cplx::new(consts(self.w).one, 0)
    }

    // ---- arithmetic ----

    /// `++add`: component-wise rounded sums.
    pub fn add(self, p: Cplx, q: Cplx) -> Cplx {
        Cplx::new(self.fadd(p.re, q.re), self.fadd(p.im, q.im))
    }

    /// `++sub`: component-wise rounded differences.
    pub fn sub(self, p: Cplx, q: Cplx) -> Cplx {
        Cplx::new(self.fsub(p.re, q.re), self.fsub(p.im, q.im))
    }

    /// `++neg`: `(+0 − re) + (+0 − im)i`, each a rounded subtraction.
    pub fn neg(self, p: Cplx) -> Cplx {
        Cplx::new(self.fneg(p.re), self.fneg(p.im))
    }

    /// `++conj`: `re + (+0 − im)i`; the real part is returned bit for bit.
    pub fn conj(self, p: Cplx) -> Cplx {
        Cplx::new(p.re, self.fneg(p.im))
    }

    /// `++mul`: `(ar·br − ai·bi) + (ar·bi + ai·br)i`, every product and sum rounded separately.
    pub fn mul(self, p: Cplx, q: Cplx) -> Cplx {
        let (ar, ai, br, bi) = (p.re, p.im, q.re, q.im);
        Cplx::new(
            self.fsub(self.fmul(ar, br), self.fmul(ai, bi)),
            self.fadd(self.fmul(ar, bi), self.fmul(ai, br)),
        )
    }

    /// `++div`: Smith's algorithm, scaling by the component of the divisor with the larger `fabs`.
    ///
    /// When `fabs(br) ≥ fabs(bi)` (false if either is NaN): `r = bi/br`, `dn = br + bi·r`,
    /// result `((ar + ai·r)/dn) + ((ai − ar·r)/dn)i`; otherwise `r = br/bi`,
    /// `dn = br·r + bi`, result `((ar·r + ai)/dn) + ((ai·r − ar)/dn)i`. Each op rounded.
    pub fn div(self, p: Cplx, q: Cplx) -> Cplx {
        let (ar, ai, br, bi) = (p.re, p.im, q.re, q.im);
        if self.gte(self.fabs(br), self.fabs(bi)) {
            let r = self.fdiv(bi, br);
            let dn = self.fadd(br, self.fmul(bi, r));
            Cplx::new(
                self.fdiv(self.fadd(ar, self.fmul(ai, r)), dn),
                self.fdiv(self.fsub(ai, self.fmul(ar, r)), dn),
            )
        } else {
            let r = self.fdiv(br, bi);
            let dn = self.fadd(self.fmul(br, r), bi);
            Cplx::new(
                self.fdiv(self.fadd(self.fmul(ar, r), ai), dn),
                self.fdiv(self.fsub(self.fmul(ai, r), ar), dn),
            )
        }
    }

    /// `++abs`: the modulus as the complex `|z| + 0i`, by a scaled hypot.
    ///
    /// `xr = fabs re`, `xi = fabs im`; when both are bit-exactly `+0` the result is `0`;
    /// otherwise with `m` the larger (by `xr ≥ xi`, false on NaN) and `t` = smaller/`m`,
    /// `|z| = m·sqrt(1 + t·t)`. `−0 + 0i` misses the bit test and gives NaN (`0/−0`).
    pub fn abs(self, p: Cplx) -> Cplx {
        self.abs_with(p, p.re == 0 && p.im == 0)
    }

    /// `++abs` of the atom `p`, including the bit test on the unmasked imaginary part.
    ///
    /// The shortcut to `0` is taken exactly when `p` is the atom 0: `fabs` never turns a
    /// nonzero pattern into `+0`, and the Hoon tests the raw `(rsh [0 w] p)`.
    pub fn abs_atom(self, p: &Atom) -> Cplx {
        self.abs_with(Cplx::from_atom(self.w, p), p.is_zero())
    }

    fn abs_with(self, p: Cplx, zero: bool) -> Cplx {
        if zero {
            return self.zero();
        }
        let (xr, xi) = (self.fabs(p.re), self.fabs(p.im));
        let one = consts(self.w).one;
        let (m, s) = if self.gte(xr, xi) { (xr, xi) } else { (xi, xr) };
        let t = self.fdiv(s, m);
        let root = self.fsqt(self.fadd(one, self.fmul(t, t)));
        Cplx::new(self.fmul(m, root), 0)
    }

    /// `++equ`: bit equality of both components (`+0 ≠ −0`, a NaN equals its own bits).
    pub fn equ(self, p: Cplx, q: Cplx) -> bool {
        p == q
    }

    /// `++neq`: the negation of [`Plane::equ`].
    pub fn neq(self, p: Cplx, q: Cplx) -> bool {
        p != q
    }
}

/// `++equ` on atoms: the Hoon compares `(end [0 w] p)` and the unmasked `(rsh [0 w] p)`,
/// which together are the whole atom.
pub fn equ_atoms(p: &Atom, q: &Atom) -> bool {
    p == q
}
