//! The binary16 left fold of additions on integer grids: the bits of
//! [`super::fold`]`(Add, r, left, seed, rest)` at binary16, most steps one
//! integer addition off the rounding's critical path (the hardware fold
//! waits for a widening, a sum and a narrowing per step).
//!
//! # Why the bits are SoftFloat's
//!
//! Every finite binary16 value is an integer multiple of `2^−24`, so a value
//! is exactly `σ·A·u` with `u = 2^K · 2^−24`. Take the accumulator
//! `acc = σ·A·u` in a binade with ulp `u` (`K ≥ 1`, `A ∈ [1024, 2047]`), or
//! among the subnormals and the lowest normal binade, where the ulp is
//! `2^−24` and `K = 0`, `A ∈ [1, 2047]`. Every binary16 value `v` with
//! `|v| ∈ (1024u, 2048u)` (for `K = 0`: `(0, 2048u)`) is an integer multiple
//! of `u`, and every multiple of `u` there is a binary16 value; so rounding
//! `s = acc + p` there in any mode is rounding `s/u` to an integer in that
//! mode. Since `acc/u` is an integer, that is `acc/u + ρ(p/u)` where `ρ`
//! rounds to an integer in the same direction — translation by an integer
//! commutes with floor, ceiling, and round-to-nearest with a fixed tie
//! direction — except for ties to even, whose direction depends on the
//! parity of the sum (below). In a region of fixed
//! sign every mode is one of these: `%d` floor, `%u` ceiling, `%z` floor
//! (positive) or ceiling (negative), `%a` nearest with ties up (positive) or
//! down (negative), `%n` nearest (ties apart). With `q = ρ(p/u)` and
//! `A' = A + q`, `|s/u − A'| < 1`; so `A' ∈ [1025, 2047]` puts `s` inside
//! the region and `A'` is the rounded sum (`2047u` is at most `65504`, the
//! largest finite value, so no step taken here overflows). The bound `1025`
//! is needed only after a step toward zero (`x < 0`); after any other step
//! `s ≥ A ≥ 1024`, so `A' ≥ 1024` suffices, and for `K = 0` no step rounds
//! (`q = x`), so `A' ≥ 1` does.
//!
//! In `%n` a tie's amount is taken toward zero and, where that leaves `A'`
//! odd, one step further on (outward for an outward tie, inward for an
//! inward one): the even of the two neighbours, which the scan decides from
//! the `A` it has reached. A step that leaves the region, meets an infinite
//! or NaN addend, or starts from a zero accumulator (whose result's zero sign
//! depends on the mode) is the hardware loops' own binary16 sum
//! (`lanes::bin16`, proven in [`super`]), and the next region starts from
//! its result. An infinite accumulator stays
//! itself unless an addend is NaN or the opposite infinity, which make the
//! canonical NaN; a NaN accumulator gives the canonical NaN (as every fold of
//! a non-empty `rest`).
//!
//! # Speed
//!
//! The amounts are integer code over `i32` lanes, [`CHUNK`] at a time,
//! compiled a second time for AVX2 (its per-lane shifts) where the CPU has
//! it, as the loops are. A chunk whose `Σ|q|` keeps every partial sum inside
//! the region (a sum that grows or stagnates slowly, `?asum`) is taken at
//! once; any other is scanned step by step (one integer addition and two
//! comparisons a step, two more in `%n`), so a walk that wanders inside its
//! binade (a dot product of random signs) stays on the grid until it
//! actually leaves it; a walk that crosses binades every few steps pays a
//! binary16 sum, a new region and a new chunk for each crossing.

use super::lanes::{self, ADD};
use super::round::{round_of, A, D, N, U, Z};
use crate::round::Round;

/// Steps whose grid amounts are computed together.
const CHUNK: usize = 16;
/// The amount that marks a step the grid does not take (it leaves every region).
const OUT: i32 = 1 << 20;
/// The largest shift of a significand kept exact in an `i32`: larger amounts leave the region anyway.
const SH: i32 = 12;
/// binary16's sign bit.
const SIGN: u16 = 0x8000;
/// binary16's canonical NaN.
const NAN: u16 = 0x7e00;

/// How a magnitude's dropped bits `rem` (of `2^sh`) round it: it grows by
/// one when `rem ≠ 0` and `rem ≥ (2^(sh−1) & half) + add`.
#[derive(Clone, Copy)]
struct Bump {
    /// All ones when the threshold counts the half, else 0.
    half: i32,
    /// The threshold's constant.
    add: i32,
}

/// Toward zero: never grows.
const TRUNC: Bump = Bump {
    half: 0,
    add: 1 << 13,
};
/// Away from zero: grows when anything is dropped.
const AWAY: Bump = Bump { half: 0, add: 1 };
/// To nearest, a tie away from zero.
const TIE_AWAY: Bump = Bump { half: -1, add: 0 };
/// To nearest, a tie toward zero.
const TIE_IN: Bump = Bump { half: -1, add: 1 };

/// The accumulator's region: its sign, its grid `2^K` (in units of `2^−24`),
/// the bounds of `A`, and how a positive and a negative addend's amount rounds.
#[derive(Clone, Copy)]
struct Region {
    k: i32,
    /// The least `A` a step may reach (one more after a step toward zero when `K ≥ 1`).
    lo: i32,
    hi: i32,
    /// 1 when a step toward zero must end one above `lo` (`K ≥ 1`), else 0.
    margin: i32,
    pos: Bump,
    neg: Bump,
    /// `%n`: a tie goes to the even `A`, decided in [`Region::scan`].
    even: bool,
    /// The region's sign bit (`0x8000` when negative).
    sign: u16,
}

/// The grid steps of up to [`CHUNK`] addends ([`Region::amounts`]), one
/// array per field so that the amounts are computed in vector lanes.
struct Steps {
    /// The grid amount `q`, toward the accumulator's magnitude positive, or [`OUT`].
    q: [i32; CHUNK],
    /// The least `A + q` that keeps the sum in the region.
    low: [i32; CHUNK],
    /// In `%n`, for a tie: `+1` (outward) or `−1` (inward), the way to the
    /// even neighbour when `A + q` is odd; else 0.
    tie: [i32; CHUNK],
}

/// What [`Region::amounts`] learns of a chunk: `Σ q`, the `Σ cost` that
/// bounds every partial sum's distance from `A` (`|q|`, plus the margin
/// after a step toward zero), and whether any step ties in `%n`.
struct Totals {
    sum: i32,
    cost: i32,
    ties: bool,
}

impl Region {
    /// The region of the finite, non-zero accumulator `acc` in mode `r`, and `A = |acc|/u`.
    fn of(acc: u16, r: Round) -> Option<(Region, i32)> {
        let mag = acc & !SIGN;
        let ef = i32::from(mag >> 10);
        if mag == 0 || ef == 31 {
            return None;
        }
        let negative = acc & SIGN != 0;
        let k = ef.max(1) - 1;
        let a = i32::from(mag) - (k << 10);
        // Floor and ceiling of the value, by the addend's sign.
        let (floor, ceil) = ((TRUNC, AWAY), (AWAY, TRUNC));
        let ((pos, neg), even) = match r {
            Round::N => ((TIE_IN, TIE_IN), true),
            Round::D => (floor, false),
            Round::U => (ceil, false),
            Round::Z if negative => (ceil, false),
            Round::Z => (floor, false),
            Round::A if negative => ((TIE_IN, TIE_AWAY), false),
            Round::A => ((TIE_AWAY, TIE_IN), false),
        };
        let region = Region {
            k,
            lo: if k == 0 { 1 } else { 1024 },
            hi: 2047,
            margin: i32::from(k != 0),
            pos,
            neg,
            even,
            sign: if negative { SIGN } else { 0 },
        };
        Some((region, a))
    }

    /// The grid step of the addend `p`: its amount `q = ρ(p/u)` (a `%n` tie
    /// rounded toward zero and marked), or [`OUT`] when `p` is infinite or
    /// NaN; the least `A + q` it may reach; its tie mark; and its cost.
    #[inline(always)]
    fn amount(&self, p: u16) -> (i32, i32, i32, i32) {
        let ef = i32::from((p >> 10) & 0x1f);
        let m = i32::from(p & 0x3ff) | (i32::from(ef != 0) << 10);
        let d = (ef.max(1) - 1) - self.k;
        let (shl, shr) = (d.clamp(0, SH), (-d).clamp(0, SH));
        let floor = (m << shl) >> shr;
        let mask = (1 << shr) - 1;
        let rem = m & mask;
        let half = (mask + 1) >> 1;
        let b = if p & SIGN != 0 { self.neg } else { self.pos };
        let t = (half & b.half) + b.add;
        let mag = floor + i32::from((rem != 0) & (rem >= t));
        let inward = i32::from(((p ^ self.sign) & SIGN != 0) & (p & !SIGN != 0));
        // −mag when inward: (mag ^ −1) + 1.
        let q = (mag ^ -inward) + inward;
        let tied = i32::from(self.even & (rem != 0) & (rem == half));
        let margin = inward & self.margin;
        if ef == 31 {
            (OUT, 0, 0, OUT)
        } else {
            (q, self.lo + margin, tied * (1 - 2 * inward), mag + margin)
        }
    }

    /// The steps of the addends `ps` (at most [`CHUNK`]) into `out`, and their [`Totals`].
    #[inline(always)]
    fn amounts(&self, ps: &[u16], out: &mut Steps) -> Totals {
        let n = ps.len();
        let (mut sum, mut cost, mut ties) = (0, 0, 0);
        for (((&p, q), low), tie) in ps
            .iter()
            .zip(&mut out.q[..n])
            .zip(&mut out.low[..n])
            .zip(&mut out.tie[..n])
        {
            let (qq, ll, tt, cc) = self.amount(p);
            (*q, *low, *tie) = (qq, ll, tt);
            sum += qq;
            cost += cc;
            ties |= tt;
        }
        Totals {
            sum,
            cost,
            ties: ties != 0,
        }
    }

    /// Takes the first `n` of `steps` from `A = a` in order while each keeps
    /// the sum in the region: the number taken and the `A` they reach.
    /// `even` is `%n`'s (a constant in each mode's copy, so the others skip ties).
    #[inline(always)]
    fn scan(&self, even: bool, mut a: i32, steps: &Steps, n: usize) -> (usize, i32) {
        for j in 0..n {
            let mut b = a + steps.q[j];
            if even {
                // A tie lands on the even neighbour: one further when `b` is odd.
                b += (b & 1).wrapping_neg() & steps.tie[j];
            }
            if b > self.hi || b < steps.low[j] {
                return (j, a);
            }
            a = b;
        }
        (n, a)
    }

    /// The bits of the accumulator `A` in this region.
    fn bits(&self, a: i32) -> u16 {
        self.sign | ((self.k << 10) + a) as u16
    }
}

/// The left fold of `rest` by binary16 addition in mode `r` from `seed`:
/// `((seed + rest_0) + rest_1) + …`, each sum rounded, bit for bit as
/// [`super::fold`]`(Op::Add, r, false, seed, rest)`.
pub fn sum16(r: Round, seed: u16, rest: &[u16]) -> u16 {
    if rest.is_empty() {
        return seed;
    }
    match r {
        Round::N => sum16_run::<N>(seed, rest),
        Round::U => sum16_run::<U>(seed, rest),
        Round::D => sum16_run::<D>(seed, rest),
        Round::Z => sum16_run::<Z>(seed, rest),
        Round::A => sum16_run::<A>(seed, rest),
    }
}

/// [`sum16_body`] in mode `M`, compiled for AVX2 where the CPU has it.
fn sum16_run<const M: u8>(seed: u16, rest: &[u16]) -> u16 {
    #[cfg(target_arch = "x86_64")]
    if super::loops::avx2_fma() {
        // SAFETY: the CPU supports AVX2 and FMA (checked just above), the only
        // requirement of calling a function compiled for them.
        #[allow(unsafe_code)]
        return unsafe { sum16_avx2::<M>(seed, rest) };
    }
    sum16_body::<M>(seed, rest)
}

/// [`sum16_body`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn sum16_avx2<const M: u8>(seed: u16, rest: &[u16]) -> u16 {
    sum16_body::<M>(seed, rest)
}

/// [`sum16`] in mode `M` on a non-empty `rest`: in the accumulator's region,
/// the steps' amounts [`CHUNK`] at a time, taken at once or in order while
/// they stay in it ([`Region::scan`]); the step that leaves it is the
/// loops' binary16 sum (`lanes::bin16`), and the next region starts there.
#[inline(always)]
fn sum16_body<const M: u8>(seed: u16, rest: &[u16]) -> u16 {
    let r = round_of(M);
    let (mut acc, mut i) = (seed, 0);
    let mut steps = Steps {
        q: [0; CHUNK],
        low: [0; CHUNK],
        tie: [0; CHUNK],
    };
    while i < rest.len() {
        if acc & 0x7c00 == 0x7c00 {
            return non_finite(acc, &rest[i..]);
        }
        if let Some((reg, mut a)) = Region::of(acc, r) {
            loop {
                let xs = &rest[i..rest.len().min(i + CHUNK)];
                let n = xs.len();
                let t = reg.amounts(xs, &mut steps);
                // Every partial sum lies within `Σ cost` of `A`: the chunk at once.
                let taken = if !t.ties && a - t.cost >= reg.lo && a + t.cost <= reg.hi {
                    a += t.sum;
                    n
                } else {
                    let (taken, b) = reg.scan(M == N, a, &steps, n);
                    a = b;
                    taken
                };
                i += taken;
                if taken < n || i == rest.len() {
                    break;
                }
            }
            acc = reg.bits(a);
            if i == rest.len() {
                break;
            }
        }
        acc = lanes::bin16::<ADD, M>(acc, rest[i]);
        i += 1;
    }
    acc
}

/// The sum from an infinite or NaN accumulator: the canonical NaN when it
/// is NaN or an addend is NaN or the opposite infinity, else itself.
fn non_finite(acc: u16, rest: &[u16]) -> u16 {
    let opposite = acc ^ SIGN;
    let nan = rest.iter().fold(acc & 0x3ff != 0, |nan, &p| {
        nan | (p & 0x7fff > 0x7c00) | (p == opposite)
    });
    if nan {
        NAN
    } else {
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum16_equals_the_hardware_fold_on_walks() {
        // Random-sign walks that cross binades, tie in %n, reach zero and overflow.
        let mut s = 0x2545_f491_u32;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            s
        };
        for scale in [0x0400u16, 0x2000, 0x3c00, 0x5800, 0x7000] {
            let xs: Vec<u16> = (0..3000)
                .map(|_| {
                    let r = next();
                    let e = scale + (((r >> 8) % 6) as u16) * 0x0400;
                    ((r as u16) & 0x8000) | e.min(0x7800) | ((r >> 16) as u16 & 0x3ff)
                })
                .collect();
            for r in [Round::N, Round::U, Round::D, Round::Z, Round::A] {
                for seed in [0u16, 0x8000, 0x3c00, 0xd000] {
                    let want = super::super::fold(super::super::Op::Add, r, false, seed, &xs);
                    assert_eq!(
                        sum16(r, seed, &xs),
                        want,
                        "{r:?} seed {seed:04x} scale {scale:04x}"
                    );
                }
            }
        }
    }
}
