//! The rounding modes as const generics (`N U D Z A`, [`Round`]'s discriminants,
//! how a kernel is specialised) and
//! directed rounding from a round-to-nearest result: which way the exact
//! value lies, and the one-ulp step that turns `RN(x)` into `RU/RD/RZ/RA(x)`.
//!
//! Let `y = RN(x)` on some binary grid (finite values plus ±∞), and let `gt`
//! (`lt`) say that the exact `x` lies above (below) `y`. Then `RU(x)` is `y`
//! or, when `gt`, the next value up; `RD(x)` is `y` or, when `lt`, the next
//! value down; `RZ(x)` steps when `y` is farther from zero than `x`; `RA(x)`
//! differs from `RN(x)` only at a tie that `RN` broke toward zero. Stepping
//! "away from zero" is `bits + 1` and "toward zero" is `bits − 1` in
//! sign-magnitude encoding, which crosses the subnormal/normal boundary, goes
//! from ±max to ±∞ and from ±∞ back to ±max (IEEE saturation of an overflow in
//! a mode that points back to zero). The step away from zero is the side `x`
//! lies on when `gt` and `y ≥ +0`, or `lt` and `y ≤ −0`. A step from `+0`
//! toward zero never happens: `RN(x) = +0` implies `x ≥ 0`.

use softcore::Round;

/// `%n` as a const generic: [`Round::N`]'s discriminant.
pub const N: u8 = Round::N as u8;
/// `%u` as a const generic: [`Round::U`]'s discriminant.
pub const U: u8 = Round::U as u8;
/// `%d` as a const generic: [`Round::D`]'s discriminant.
pub const D: u8 = Round::D as u8;
/// `%z` as a const generic: [`Round::Z`]'s discriminant.
pub const Z: u8 = Round::Z as u8;
/// Ties away (`'a'`) as a const generic: [`Round::A`]'s discriminant.
pub const A: u8 = Round::A as u8;

/// The comparison `x ⋚ y` as `(x > y, x < y)`; both false when equal or unordered.
#[inline(always)]
pub fn cmp(x: f64, y: f64) -> (bool, bool) {
    (x > y, x < y)
}

/// A width's `$adjust` and, where a quotient's tie test needs it (binary16/32;
/// binary64 quotients never tie), its `$neighbour`.
macro_rules! width_fns {
    ($t:ty, $adjust:ident $(, $neighbour:ident)?) => {
        $(
        /// The neighbour of `y` on the side of the exact value (`gt`: above), in bits.
        #[inline(always)]
        pub fn $neighbour(y: $t, gt: bool) -> $t {
            const SIGN: $t = 1 << (<$t>::BITS - 1);
            let away = gt != (y & SIGN != 0);
            y.wrapping_add(if away { 1 } else { <$t>::MAX })
        }
        )?

        /// `RN(x)` bits `y` turned into the mode-`M` rounding of `x` (see the module doc).
        #[inline(always)]
        pub fn $adjust<const M: u8>(y: $t, gt: bool, lt: bool, tie: bool) -> $t {
            const SIGN: $t = 1 << (<$t>::BITS - 1);
            let away = gt != (y & SIGN != 0);
            let step = match M {
                U => gt,
                D => lt,
                Z => (gt | lt) & !away,
                A => tie & away,
                _ => false,
            };
            let delta: $t = if away { 1 } else { <$t>::MAX };
            y.wrapping_add(if step { delta } else { 0 })
        }
    };
}

width_fns!(u16, adjust16, neighbour16);
width_fns!(u32, adjust32, neighbour32);
width_fns!(u64, adjust64);

/// The [`Round`] whose discriminant is the const generic `m`.
pub const fn round_of(m: u8) -> Round {
    match m {
        U => Round::U,
        D => Round::D,
        Z => Round::Z,
        A => Round::A,
        _ => Round::N,
    }
}
