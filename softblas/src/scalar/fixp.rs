//! Element kind `fixp`: signed fixed point Q a.b, as `/lib/fixed` computes it.
//!
//! Ports, by semantics, `urbit/numerics` `libmath/desk/lib/fixed.hoon` @96f3cfe (every arm but
//! `+ng`, which returns a door: here [`ng`] returns the corresponding [`AtomTwid`]), and Lagoon's
//! `+fixp-fdp` (`lagoon/desk/lib/lagoon.hoon` @aa6f2a6) as [`fdp`].
//!
//! A value at precision `[a b]` is a two's-complement integer of `N = a + b + 1` bits standing for
//! itself divided by 2^b. `N` is any width (q8.8 is 17 bits). Everything wraps modulo 2^N, there is
//! no saturation, and no rounding except truncation toward zero (in `div`, in `scale` to fewer
//! fraction bits, in `fdp`). Arms that take two precisions assert they are equal where the Hoon
//! does ([`FixpError::PrecisionMismatch`]). The arms delegate to `/lib/twoc` ([`super::int2`])
//! exactly where the Hoon does, so off-contract operands (more than `N` bits) behave as there.
//!
//! Each arm computes in `u128` when every intermediate fits 128 bits, else in [`Atom`], through one
//! generic implementation.

pub mod arms;

use super::i754::{self, Width};
use super::int2::{AtomTwid, Int2Error, Signed, Twid};
use super::uint::Word;
use crate::{Atom, Prec, Round};
use thiserror::Error;

/// Why a `/lib/fixed` arm gave no value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FixpError {
    /// Two operands of different precisions (the Hoon `?>  =(xprec yprec)` crashes).
    #[error("fixed: precisions {x:?} and {y:?} differ")]
    PrecisionMismatch {
        /// The first operand's precision.
        x: Prec,
        /// The second operand's precision.
        y: Prec,
    },
    /// `div` by a zero value or `mod` by a zero magnitude (the Hoon `div`/`mod` crash).
    #[error("fixed: division by zero")]
    DivideByZero,
    /// `hi`/`lo` asked for more bits than the width (the Hoon `?>  (lte n (wid prec))` crashes).
    #[error("fixed: {n} bits requested of a {wid}-bit value")]
    TooManyBits {
        /// The requested bit count (saturated at `u64::MAX`).
        n: u64,
        /// The value's width `a + b + 1`.
        wid: u64,
    },
    /// `from-rs` of a float whose scaled value is not finite (the Hoon `need` of `toi` crashes).
    #[error("fixed: from-rs of a non-finite scaled value")]
    NotFinite,
    /// A precision whose widths do not fit 64 bits (not a Hoon crash: unrepresentable here).
    #[error("fixed: precision too wide")]
    TooWide,
}

impl From<Int2Error> for FixpError {
    fn from(e: Int2Error) -> FixpError {
        match e {
            Int2Error::DivideByZero => FixpError::DivideByZero,
            Int2Error::ZeroWidth | Int2Error::TooWide { .. } => FixpError::TooWide,
        }
    }
}

/// `+wid`: the total width `N = a + b + 1` of a precision.
pub fn wid(p: Prec) -> u64 {
    u64::from(p.a) + u64::from(p.b) + 1
}

/// `+ng`: the `/lib/twoc` door at the precision's width `N`.
pub fn ng(p: Prec) -> AtomTwid {
    AtomTwid::new(wid(p))
}

/// The Hoon's `?>  =(xprec yprec)`.
fn same(x: Prec, y: Prec) -> Result<(), FixpError> {
    if x == y {
        Ok(())
    } else {
        Err(FixpError::PrecisionMismatch { x, y })
    }
}

/// Whether a computation whose widest intermediate is `width` bits, on operands `xs`, fits `u128`.
fn fits(width: u64, xs: &[&Atom]) -> bool {
    width <= 128 && xs.iter().all(|x| x.bit_len() <= 128)
}

/// Calls the generic `$f` in `u128` when `$fits`, else in `Atom`.
macro_rules! on_carrier {
    ($fits:expr, $f:ident($($arg:expr),*)) => {
        if $fits {
            $f::<u128>($($arg),*)
        } else {
            $f::<Atom>($($arg),*)
        }
    };
}

/// Declares `/lib/fixed` arms of two values at equal precisions (the Hoon's
/// `?>  =(xprec yprec)` first), each its block of the values and their one precision.
macro_rules! equal_precisions {
    ($($(#[$doc:meta])* $name:ident($x:ident, $p:pat, $y:ident) -> $t:ty $body:block)*) => {$(
        $(#[$doc])*
        pub fn $name($x: &Atom, xp: Prec, $y: &Atom, yp: Prec) -> Result<$t, FixpError> {
            same(xp, yp)?;
            let $p = xp;
            $body
        }
    )*};
}

equal_precisions! {
    /// `+add`: `x + y` at equal precisions, wrapping.
    ///
    /// # Errors
    /// [`FixpError::PrecisionMismatch`].
    add(x, p, y) -> Atom { Ok(ng(p).add(x, y)) }
    /// `+sub`: `x - y` at equal precisions, wrapping.
    ///
    /// # Errors
    /// [`FixpError::PrecisionMismatch`].
    sub(x, p, y) -> Atom { Ok(ng(p).sub(x, y)) }
    /// `+mod`: the remainder `x - y·trunc(x/y)` at equal precisions (`/lib/twoc` `+rem`: sign of `x`).
    ///
    /// # Errors
    /// [`FixpError::PrecisionMismatch`]; [`FixpError::DivideByZero`] when `y` has magnitude 0.
    rem(x, p, y) -> Atom { Ok(ng(p).rem(x, y)?) }
    /// `+gth`: signed `x > y` at equal precisions.
    ///
    /// # Errors
    /// [`FixpError::PrecisionMismatch`].
    gth(x, p, y) -> bool { Ok(ng(p).gth(x, y)) }
    /// `+gte`: signed `x >= y` at equal precisions.
    ///
    /// # Errors
    /// [`FixpError::PrecisionMismatch`].
    gte(x, p, y) -> bool { Ok(ng(p).gte(x, y)) }
    /// `+lth`: signed `x < y` at equal precisions.
    ///
    /// # Errors
    /// [`FixpError::PrecisionMismatch`].
    lth(x, p, y) -> bool { Ok(ng(p).lth(x, y)) }
    /// `+lte`: signed `x <= y` at equal precisions.
    ///
    /// # Errors
    /// [`FixpError::PrecisionMismatch`].
    lte(x, p, y) -> bool { Ok(ng(p).lte(x, y)) }
    /// `+equ`: bit equality of the raw atoms at equal precisions.
    ///
    /// # Errors
    /// [`FixpError::PrecisionMismatch`].
    equ(x, _, y) -> bool { Ok(x == y) }
    /// `+neq`: bit inequality of the raw atoms at equal precisions.
    ///
    /// # Errors
    /// [`FixpError::PrecisionMismatch`].
    neq(x, _, y) -> bool { Ok(x != y) }
}

/// `+abs`: two's-complement absolute value at width `N` (the least value maps to itself).
pub fn abs(x: &Atom, p: Prec) -> Atom {
    ng(p).abs(x)
}

/// `+neg`: two's-complement negation at width `N` (the least value maps to itself).
pub fn neg(x: &Atom, p: Prec) -> Atom {
    ng(p).neg(x)
}

/// `+to-s`: the stored integer (fraction bits included) as a signed value.
pub fn to_s_signed(x: &Atom, p: Prec) -> Signed<Atom> {
    ng(p).twoc_to_s(x)
}

/// `+to-s`: the stored integer (fraction bits included) as an `@s` atom.
pub fn to_s(x: &Atom, p: Prec) -> Atom {
    to_s_signed(x, p).to_s()
}

/// `+from-s`: the whole number coded by the `@s` atom `n`, i.e. `n·2^b` at width `N` (wraps).
pub fn from_s(n: &Atom, p: Prec) -> Atom {
    let s = Signed::from_s(n);
    let n_bits = wid(p);
    // Only the low N bits of |n|·2^b reach the result.
    let mag = s.mag().shl_low(u64::from(p.b), n_bits);
    ng(p).s_to_twoc_signed(&Signed::new(s.is_neg(), mag))
}

fn mul_in<W: Word>(x: &Atom, nx: u64, y: &Atom, ny: u64, np: u64) -> Result<Atom, FixpError> {
    let (tx, ty, tp) = (
        Twid::<W>::new(nx)?,
        Twid::<W>::new(ny)?,
        Twid::<W>::new(np)?,
    );
    let px = tp.s_to_twoc(&tx.twoc_to_s(&W::from_atom_low(x)));
    let py = tp.s_to_twoc(&ty.twoc_to_s(&W::from_atom_low(y)));
    Ok(tp.mul(&px, &py).to_atom())
}

/// `+mul`: the exact product at the widened precision `[ax+ay+1, bx+by]` (width `Nx + Ny`), and
/// that precision. Each operand is decoded and re-encoded at the product width, then multiplied.
///
/// # Errors
/// [`FixpError::TooWide`] when the product precision overflows `u32` fields.
pub fn mul(x: &Atom, xp: Prec, y: &Atom, yp: Prec) -> Result<(Atom, Prec), FixpError> {
    let a =
        xp.a.checked_add(yp.a)
            .and_then(|a| a.checked_add(1))
            .ok_or(FixpError::TooWide)?;
    let b = xp.b.checked_add(yp.b).ok_or(FixpError::TooWide)?;
    let pp = Prec { a, b };
    let (nx, ny, np) = (wid(xp), wid(yp), wid(pp));
    let v = on_carrier!(fits(np, &[x, y]), mul_in(x, nx, y, ny, np))?;
    Ok((v, pp))
}

fn div_in<W: Word>(x: &Atom, y: &Atom, n: u64, b: u64) -> Result<Atom, FixpError> {
    let t = Twid::<W>::new(n)?;
    let sx = t.twoc_to_s(&W::from_atom_low(x));
    // |sx| < 2^N, so |sx|·2^b < 2^(N+b): the shift is exact.
    let num = Signed::new(sx.is_neg(), sx.mag().shl_low(b, n + b));
    let q = num
        .fra(&t.twoc_to_s(&W::from_atom_low(y)))
        .ok_or(FixpError::DivideByZero)?;
    Ok(t.s_to_twoc(&q).to_atom())
}

/// `+div`: `trunc(x·2^b / y)` (signed, toward zero) at width `N`, wrapping, and the precision.
///
/// # Errors
/// [`FixpError::PrecisionMismatch`]; [`FixpError::DivideByZero`] when `y` decodes to 0.
pub fn div(x: &Atom, xp: Prec, y: &Atom, yp: Prec) -> Result<(Atom, Prec), FixpError> {
    same(xp, yp)?;
    let (n, b) = (wid(xp), u64::from(xp.b));
    let v = on_carrier!(fits(n + b, &[x, y]), div_in(x, y, n, b))?;
    Ok((v, xp))
}

fn scale_in<W: Word>(x: &Atom, xp: Prec, yp: Prec) -> Result<Atom, FixpError> {
    let (tx, ty) = (Twid::<W>::new(wid(xp))?, Twid::<W>::new(wid(yp))?);
    let sx = tx.twoc_to_s(&W::from_atom_low(x));
    let mag = if yp.b > xp.b {
        // Only the low N_y bits of the shifted magnitude reach the result.
        sx.mag().shl_low(u64::from(yp.b - xp.b), wid(yp))
    } else {
        sx.mag().shr(u64::from(xp.b - yp.b))
    };
    Ok(ty.s_to_twoc(&Signed::new(sx.is_neg(), mag)).to_atom())
}

/// `+scale`: `x` re-quantised from `xp` to `yp`: the magnitude shifted to the new fraction width
/// (truncating toward zero when it shrinks), then re-encoded at `yp`'s width (high bits dropped).
///
/// # Errors
/// None in practice: the `Result` forwards the carrier's width check ([`FixpError::TooWide`]),
/// which the choice of carrier always satisfies.
pub fn scale(x: &Atom, xp: Prec, yp: Prec) -> Result<Atom, FixpError> {
    on_carrier!(fits(wid(xp).max(wid(yp)), &[x]), scale_in(x, xp, yp))
}

/// `+hi`: the top `n` of the `N` bits, `x >> (N - n)` on the raw atom.
///
/// # Errors
/// [`FixpError::TooManyBits`] when `n > N`.
pub fn hi(x: &Atom, p: Prec, n: u64) -> Result<Atom, FixpError> {
    let w = wid(p);
    let shift = w
        .checked_sub(n)
        .ok_or(FixpError::TooManyBits { n, wid: w })?;
    Ok(x.shr(shift))
}

/// `+lo`: the low `n` bits of the raw atom.
///
/// # Errors
/// [`FixpError::TooManyBits`] when `n > N`.
pub fn lo(x: &Atom, p: Prec, n: u64) -> Result<Atom, FixpError> {
    let w = wid(p);
    if n > w {
        return Err(FixpError::TooManyBits { n, wid: w });
    }
    Ok(x.low_bits(n))
}

/// Lagoon `+fixp-fdp`: the exact dot product of two lists of `[a b]` values (stopping at the
/// shorter), `trunc(Σ to-s(a_i)·to-s(b_i) / 2^b)` re-encoded at width `N` (wraps).
pub fn fdp(p: Prec, av: &[Atom], bv: &[Atom]) -> Atom {
    let sum = av
        .iter()
        .zip(bv)
        .fold(Signed::new(false, Atom::ZERO), |acc, (a, b)| {
            acc.sum(&to_s_signed(a, p).pro(&to_s_signed(b, p)))
        });
    let q = Signed::new(sum.is_neg(), Atom::shr(sum.mag(), u64::from(p.b)));
    ng(p).s_to_twoc_signed(&q)
}

/// `+from-rs`: the `@rs` float `f` times `2^b`, rounded to an integer, at width `N` (wraps).
///
/// As the Hoon does it, with `~(. rs %n)`: `toi(mul(f, sun(2^b)))`, each step rounded to nearest
/// (ties to even). `sun(2^b)` is +∞ for `b >= 128`, so such precisions only give a non-finite product.
///
/// # Errors
/// [`FixpError::NotFinite`] when the scaled float is NaN or ±∞ (the Hoon's `need` crashes).
pub fn from_rs(f: u32, p: Prec) -> Result<Atom, FixpError> {
    let scale = i754::sun(Width::S, Round::N, &Atom::pow2(u64::from(p.b)));
    let scaled = i754::soft::mul(Width::S, Round::N, u128::from(f), scale);
    let (negative, mag) = i754::toi(Width::S, Round::N, scaled).ok_or(FixpError::NotFinite)?;
    Ok(ng(p).s_to_twoc_signed(&Signed::new(negative, mag)))
}

/// The `@rs` value -1 (`.-1`).
const RS_MINUS_ONE: u128 = 0xbf80_0000;

/// `+to-rs`: the value as an `@rs` float.
///
/// As the Hoon does it, with `~(. rs %n)`: `fs = sun(|s|)` of the stored integer `s` (then
/// `mul(.-1, fs)` when `s < 0`), and the result `div(fs, sun(2^b))`: two roundings to nearest.
pub fn to_rs(x: &Atom, p: Prec) -> u32 {
    let s = to_s_signed(x, p);
    let mag = i754::sun(Width::S, Round::N, s.mag());
    let fs = if s.is_neg() {
        i754::soft::mul(Width::S, Round::N, RS_MINUS_ONE, mag)
    } else {
        mag
    };
    let scale = i754::sun(Width::S, Round::N, &Atom::pow2(u64::from(p.b)));
    // A binary32 result occupies the low 32 bits.
    i754::soft::div(Width::S, Round::N, fs, scale) as u32
}
