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
//! parity of `acc/u`: those steps are not taken here. In a region of fixed
//! sign every mode is one of these: `%d` floor, `%u` ceiling, `%z` floor
//! (positive) or ceiling (negative), `%a` nearest with ties up (positive) or
//! down (negative), `%n` nearest (ties excluded). With `q = ρ(p/u)` and
//! `A' = A + q`, `|s/u − A'| < 1`; so `A' ∈ [1025, 2047]` puts `s` inside
//! the region and `A'` is the rounded sum (`2047u` is at most `65504`, the
//! largest finite value, so no step taken here overflows). The bound `1025`
//! is needed only after a step toward zero (`x < 0`); after any other step
//! `s ≥ A ≥ 1024`, so `A' ≥ 1024` suffices, and for `K = 0` no step rounds
//! (`q = x`), so `A' ≥ 1` does.
//!
//! Steps that leave the region, tie in `%n`, meet an infinite or NaN addend,
//! or start from a zero accumulator (whose result's zero sign depends on the
//! mode) are the hardware loops' own binary16 sum (`lanes::bin16`, proven in
//! [`super`]). An infinite accumulator stays itself unless an addend is NaN
//! or the opposite infinity, which make the canonical NaN; a NaN accumulator
//! gives the canonical NaN (as every fold of a non-empty `rest`).
//!
//! # Speed
//!
//! A block of 64 or 8 steps is taken at once when `A` stays inside its
//! bounds by `Σ|q|` (plus one per step toward zero) on either side: every
//! partial sum lies within `Σ|q|` of `A`. A sum that grows, shrinks or
//! stagnates slowly (`?asum`) takes most steps in blocks of 64. A walk whose
//! 64 steps cross more than a binade (a dot product of random signs) leaves
//! the grid often, and there [`super::fold`] takes stretches of steps
//! (doubling, up to 4096) in `%n %u %d %z`, where it rounds in hardware. The
//! amounts are integer code over `i32` lanes, compiled a second time for
//! AVX2 (its per-lane shifts) where the CPU has it, as the loops are.

use super::lanes::{self, ADD};
use super::round::{round_of, A, D, N, U, Z};
use crate::round::Round;

/// Steps whose grid amounts are computed together.
const CHUNK: usize = 64;
/// Steps added at once when their amounts keep the accumulator in its region.
const GROUP: usize = 8;
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
    negative: bool,
    k: i32,
    /// The least `A` the steps may reach (minus one after a step toward zero).
    lo: i32,
    hi: i32,
    pos: Bump,
    neg: Bump,
    /// `%n`: a tie is not taken.
    tie_out: bool,
    /// The region's sign bit (`0x8000` when negative).
    sign: u16,
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
        let ((pos, neg), tie_out) = match r {
            Round::N => ((TIE_IN, TIE_IN), true),
            Round::D => (floor, false),
            Round::U => (ceil, false),
            Round::Z if negative => (ceil, false),
            Round::Z => (floor, false),
            Round::A if negative => ((TIE_IN, TIE_AWAY), false),
            Round::A => ((TIE_AWAY, TIE_IN), false),
        };
        let region = Region {
            negative,
            k,
            lo: if k == 0 { 1 } else { 1024 },
            hi: 2047,
            pos,
            neg,
            tie_out,
            sign: if negative { SIGN } else { 0 },
        };
        Some((region, a))
    }

    /// The grid amount `q` of the addend `p` (signed as the accumulator's
    /// `A`: toward its magnitude positive), or [`OUT`], and its cost
    /// `|q| + 1` when `p/u` points toward zero (`x < 0`), else `|q|`: the
    /// steps from `A` stay in the region when `A − Σ cost ≥ lo` and
    /// `A + Σ cost ≤ hi`.
    #[inline(always)]
    fn amount(&self, p: u16) -> (i32, i32) {
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
        let out = (ef == 31) | (self.tie_out & (rem != 0) & (rem == half));
        if out {
            (OUT, OUT)
        } else {
            (q, mag + inward)
        }
    }

    /// `(Σ q, Σ cost)` over the addends `ps` ([`Region::amount`]).
    #[inline(always)]
    fn amounts(&self, ps: &[u16]) -> (i32, i32) {
        ps.iter().fold((0, 0), |(s, c), &p| {
            let (q, k) = self.amount(p);
            (s + q, c + k)
        })
    }

    /// Whether steps of total cost `cost` from `A = a` stay in the region.
    #[inline(always)]
    fn fits(&self, a: i32, cost: i32) -> bool {
        a - cost >= self.lo && a + cost <= self.hi
    }

    /// The bits of the accumulator `A` in this region.
    fn bits(&self, a: i32) -> u16 {
        let sign = if self.negative { SIGN } else { 0 };
        sign | ((self.k << 10) + a) as u16
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

/// [`sum16`] in mode `M` on a non-empty `rest`: blocks of steps on the
/// accumulator's grid, [`CHUNK`] at once after a long run, else [`GROUP`]
/// at once or one by one; a step the grid does not take is the hardware
/// loops' own binary16 sum (`lanes::bin16`).
#[inline(always)]
fn sum16_body<const M: u8>(seed: u16, rest: &[u16]) -> u16 {
    let r = round_of(M);
    let (mut acc, mut i) = (seed, 0);
    // Steps taken on the grid since the last step it did not take.
    let mut run = CHUNK;
    // The steps the hardware fold takes next when the walk outruns the grid.
    let mut stretch = 4 * CHUNK;
    while i < rest.len() {
        if acc & 0x7c00 == 0x7c00 {
            return non_finite(acc, &rest[i..]);
        }
        let Some((reg, mut a)) = Region::of(acc, r) else {
            acc = lanes::bin16::<ADD, M>(acc, rest[i]);
            i += 1;
            continue;
        };
        if run >= CHUNK {
            let xs = &rest[i..rest.len().min(i + CHUNK)];
            let (sum, cost) = reg.amounts(xs);
            if reg.fits(a, cost) {
                acc = reg.bits(a + sum);
                i += xs.len();
                stretch = 4 * CHUNK;
                continue;
            }
            if cost > reg.hi - reg.lo && M != A {
                // A walk that crosses its binade within a chunk: the
                // hardware fold for a stretch, where it rounds in hardware.
                let j = rest.len().min(i + stretch);
                acc = super::fold(super::Op::Add, r, false, acc, &rest[i..j]);
                i = j;
                stretch = (2 * stretch).min(64 * CHUNK);
                continue;
            }
        }
        let mut stop = false;
        let (mut qs, mut cs) = ([0; GROUP], [0; GROUP]);
        for g in rest[i..].chunks(GROUP) {
            let (qs, cs) = (&mut qs[..g.len()], &mut cs[..g.len()]);
            for ((q, c), &p) in qs.iter_mut().zip(cs.iter_mut()).zip(g) {
                (*q, *c) = reg.amount(p);
            }
            let cost = cs.iter().sum();
            if reg.fits(a, cost) {
                a += qs.iter().sum::<i32>();
                i += g.len();
                run += g.len();
                if run >= CHUNK {
                    break;
                }
                continue;
            }
            for (&q, &c) in qs.iter().zip(cs.iter()) {
                // One step: `A + q` within the bounds, one above `lo` when inward.
                let b = a + q;
                if b > reg.hi || b - (c - q.abs()) < reg.lo {
                    stop = true;
                    break;
                }
                a = b;
                i += 1;
                run += 1;
            }
            if stop {
                break;
            }
        }
        acc = reg.bits(a);
        if stop {
            // Frequent stops (a walk that keeps crossing binades): the
            // hardware fold for a stretch, where it rounds in hardware.
            let j = if run < CHUNK / 2 && M != A {
                rest.len().min(i + 4 * CHUNK)
            } else {
                i + 1
            };
            acc = if j == i + 1 {
                lanes::bin16::<ADD, M>(acc, rest[i])
            } else {
                super::fold(super::Op::Add, r, false, acc, &rest[i..j])
            };
            i = j;
            run = 0;
        }
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
