//! The accumulator's region on its binade's integer grid, for
//! [`super::grid`]'s binary16 folds: the mode's rounding on the region's
//! axis ([`Dir`]), the region and its bounds ([`Region`]), the step that
//! leaves it ([`Region::land`]), and the addends of a fold ([`Addends`]).
//! [`super::grid`] states why the bits are SoftFloat's; [`super::prefix`]
//! takes a chunk of steps inside a region.

use super::lanes;
use super::op::MUL;
use softcore::Round;

/// binary16's sign bit.
pub(super) const SIGN: u16 = 0x8000;
/// binary16's canonical NaN.
pub(super) const NAN: u16 = 0x7e00;

/// How a mode rounds a sum on the axis of its region's magnitude (the
/// region's sign times the value): where the sum is `A + x` with `A` an
/// integer, the rounded sum is `A + ρ(x)`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Dir {
    /// Toward −∞ on the axis: `%d` or `%z` in a positive region, `%u` or
    /// `%z` in a negative one.
    Floor,
    /// Toward +∞ on the axis: `%u` in a positive region, `%d` in a negative one.
    Ceil,
    /// To nearest, a tie up the axis (away from zero): `%a`.
    HalfUp,
    /// To nearest, a tie to the even neighbour, which depends on the sum the
    /// walk has reached: `%n`. A chunk stops at a tie ([`super::prefix`]);
    /// [`Region::land`] decides it.
    Even,
}

impl Dir {
    /// The rounding of mode `r` on the axis of a region of sign `negative`.
    fn of(r: Round, negative: bool) -> Dir {
        match (r, negative) {
            (Round::N, _) => Dir::Even,
            (Round::A, _) => Dir::HalfUp,
            (Round::Z, _) | (Round::U, true) | (Round::D, false) => Dir::Floor,
            (Round::U, false) | (Round::D, true) => Dir::Ceil,
        }
    }

    /// Whether a positive magnitude `floor + rem/(2·half)` (`0 ≤ rem < 2·half`)
    /// rounds up to `floor + 1`.
    #[inline(always)]
    fn grows(self, floor: i32, rem: i32, half: i32) -> bool {
        match self {
            Dir::Floor => false,
            Dir::Ceil => rem != 0,
            Dir::HalfUp => (rem != 0) & (rem >= half),
            Dir::Even => (rem > half) | ((rem != 0) & (rem == half) & (floor & 1 == 1)),
        }
    }
}

/// The accumulator's region: its sign, its grid `2^K` (in units of `2^−24`),
/// the bounds of `A` and the mode's rounding on its axis.
#[derive(Clone, Copy)]
pub(super) struct Region {
    k: i32,
    /// The least `A` a step away from zero may reach.
    pub(super) lo: i32,
    /// The least `A` a step toward zero may reach: one more than `lo` when
    /// `K ≥ 1` and the rounding on the axis can go up (`A + ρ(x) = 1024` may
    /// then come from a sum below the binade); with `Floor`, `A + ⌊x⌋ ≥ 1024`
    /// implies `A + x ≥ 1024`.
    pub(super) lo_in: i32,
    pub(super) dir: Dir,
    /// `σ·2^(24−K)`: an addend's value times it is the addend in grid units on the axis.
    pub(super) scale: f32,
    /// The region's sign bit (`0x8000` when negative).
    sign: u16,
}

/// The greatest `A` of every region.
pub(super) const HI: i32 = 2047;

impl Region {
    /// The region of grid `2^k` and sign `negative` in mode `r`.
    pub(super) fn new(k: i32, negative: bool, r: Round) -> Region {
        let lo = if k == 0 { 1 } else { 1024 };
        let dir = Dir::of(r, negative);
        let magnitude = f32::from_bits(((24 - k + 127) as u32) << 23);
        Region {
            k,
            lo,
            lo_in: lo + i32::from(k != 0 && dir != Dir::Floor),
            dir,
            scale: if negative { -magnitude } else { magnitude },
            sign: if negative { SIGN } else { 0 },
        }
    }

    /// The region of the finite, non-zero accumulator `acc` in mode `r`, and `A = |acc|/u`.
    pub(super) fn of(acc: u16, r: Round) -> Option<(Region, i32)> {
        let mag = acc & !SIGN;
        if mag == 0 || mag >= 0x7c00 {
            return None;
        }
        let (k, a) = on_grid(mag);
        Some((Region::new(k, acc & SIGN != 0, r), a))
    }

    /// The sum of the accumulator `A` (in this region) and the addend `p`
    /// in the region it reaches, with its `A`: the exact sum `s` in units of
    /// `2^−24`, its grid the one of its binade, its magnitude rounded there
    /// by the mode's rounding on its own region's axis. `None` when `p` is
    /// infinite or NaN, `s` is zero (whose sign depends on the mode) or the
    /// rounded sum overflows: those steps are the loops'.
    #[inline(always)]
    pub(super) fn land(&self, a: i32, p: u16, r: Round) -> Option<(Region, i32)> {
        if p & !SIGN >= 0x7c00 {
            return None;
        }
        let (kp, ap) = on_grid(p & !SIGN);
        let w = i64::from(ap) << kp;
        let v = i64::from(a) << self.k;
        let s = if p & SIGN != 0 { -w } else { w } + if self.sign != 0 { -v } else { v };
        let mag = s.unsigned_abs();
        let k = (64 - mag.leading_zeros() as i32 - 11).max(0);
        // |s| < 2^42: `k ≤ 31`, and the dropped bits fit an `i32` whenever the sum is finite.
        if s == 0 || k >= 30 {
            return None;
        }
        let floor = (mag >> k) as i32;
        let low = (1u64 << k) - 1;
        let (rem, half) = ((mag & low) as i32, ((low + 1) >> 1) as i32);
        let grown = floor + i32::from(Dir::of(r, s < 0).grows(floor, rem, half));
        // A carry to 2048 is the next binade's 1024.
        let (k, grown) = if grown == 2048 {
            (k + 1, 1024)
        } else {
            (k, grown)
        };
        if k >= 30 {
            return None;
        }
        Some((Region::new(k, s < 0, r), grown))
    }

    /// The bits of the accumulator `A` in this region.
    pub(super) fn bits(&self, a: i32) -> u16 {
        self.sign | ((self.k << 10) + a) as u16
    }
}

/// A finite binary16 magnitude `mag` on its binade's grid: `(K, A)` with
/// `mag = A·2^K·2^−24` (`K = 0` for the subnormals and the lowest binade);
/// [`Region::bits`] is its inverse.
#[inline(always)]
fn on_grid(mag: u16) -> (i32, i32) {
    let k = i32::from(mag >> 10).max(1) - 1;
    (k, i32::from(mag) - (k << 10))
}

/// The addends of a fold: `x` itself, or with `y` the products `x_i·y_i`,
/// each rounded in the fold's mode (the loops' binary16 product).
#[derive(Clone, Copy)]
pub(super) struct Addends<'a> {
    pub(super) x: &'a [u16],
    pub(super) y: Option<&'a [u16]>,
}

impl<'a> Addends<'a> {
    pub(super) fn len(&self) -> usize {
        self.x.len()
    }

    /// The addends from the `i`th on.
    pub(super) fn from(&self, i: usize) -> Addends<'a> {
        Addends {
            x: &self.x[i..],
            y: self.y.map(|y| &y[i..]),
        }
    }

    /// The `i`th addend in mode `M`.
    #[inline(always)]
    pub(super) fn at<const M: u8>(&self, i: usize) -> u16 {
        match self.y {
            None => self.x[i],
            Some(y) => lanes::bin16::<MUL, M>(self.x[i], y[i]),
        }
    }
}
