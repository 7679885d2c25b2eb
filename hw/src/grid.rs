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
//! is needed only after a step toward zero (`x < 0`) whose rounding can go
//! up: after any other step `s ≥ A ≥ 1024`, after a floor `s ≥ A + ⌊x⌋`, so
//! `A' ≥ 1024` suffices, and for `K = 0` no step rounds (`q = x`), so
//! `A' ≥ 1` does. A dot's addends are its products, each rounded in the
//! fold's mode first ([`Addends`]); the rest is the same.
//!
//! In `%n` a tie (`p/u` half-way between integers) goes to the even `A`,
//! which depends on the sum reached: a chunk stops before it, and the step
//! is taken as a step that leaves. A step that leaves the region is the
//! exact sum `s = acc + p` (an integer in units of `2^−24`, below `2^42`)
//! rounded on the grid of its own binade by the mode's rule for its sign
//! ([`Region::land`]), which gives the next region at once; the steps it
//! does not take — an infinite or NaN addend, an exact zero sum (whose sign
//! depends on the mode), an overflow — and a zero accumulator are the
//! hardware loops' own binary16 sum (`lanes::bin16`, proven in [`super`]). An
//! infinite accumulator stays itself unless an addend is NaN or the
//! opposite infinity, which make the canonical NaN; a NaN accumulator gives
//! the canonical NaN (as every fold of a non-empty `rest`).
//!
//! # Speed
//!
//! A chunk of [`prefix::CHUNK`] addends is taken up to its first step that
//! leaves the region ([`prefix`]: amounts by binary32 rounding, partial sums
//! and bounds in AVX2 lanes where the CPU has them), so a walk that wanders
//! inside its binade (a dot product of random signs) costs about 0.3 ns an
//! addend on an Intel Xeon with AVX512-FP16 (family 6, model 167: the
//! performance history in `CHANGELOG.md`). Steps that leave come in runs: a
//! walk near a binade's edge, or near zero where binades are narrow, crosses
//! them back and forth. From a step that leaves, the steps are taken in
//! blocks of [`RUN`] ([`Run`]) where the CPU allows, and the next region
//! starts after them: with AVX512-FP16, `vaddsh` additions (a dot's:
//! `vmulsh` then `vaddsh`; [`super::fp16`], four cycles a step); in `%z`
//! without it, binary32 additions under MXCSR cut to binary16's grid
//! (`mxcsr::sum16_z`, three cycles a step). A `%z` walk leaves its binade
//! on about one step in fourteen (a dot of random signs: its rounding pulls
//! it toward zero, where binades are narrow), so these blocks carry most of
//! it. Elsewhere each step that leaves is [`Region::land`].

use super::fp16::Fp16;
use super::lanes;
use super::mode::{round_of, A, D, N, U, Z};
use super::op::ADD;
use super::prefix;
use super::region::{Addends, Region, NAN, SIGN};
use crate::isa::Isa;
use softcore::Round;

/// Steps taken in a block ([`Run`]), from a step that leaves its region:
/// steps that leave come in runs (a walk near a binade's edge, or near zero,
/// crosses edges back and forth), and a step there costs four or five cycles
/// against a new region's setup and a chunk's work (about 90 cycles) per
/// crossing. Blocks follow one another until one ends in the binade (and
/// sign) it began in.
const RUN: usize = 16;
/// The longest block: after a return to the grid that takes fewer than
/// [`RUN`] steps, the next blocks are twice as long, up to this.
const RUN_MAX: usize = 64;

/// How a block of steps from one that leaves its region is taken.
#[derive(Clone, Copy)]
enum Run {
    /// AVX512-FP16's `vaddsh` (and `vmulsh` for a dot's products) in the
    /// fold's direction, in every mode but `%a`.
    Fp16(Fp16),
    /// `%z` only: binary32 additions under MXCSR's rounding toward zero, each
    /// sum cut to binary16's grid ([`crate::mxcsr::sum16_z`]); a block whose
    /// sums leave binary16's range is taken again by the MXCSR fold.
    #[cfg(target_arch = "x86_64")]
    Cut32,
}

impl Run {
    /// The way this CPU and the level cap `isa` allow for mode `M`, if any.
    fn detect<const M: u8>(isa: Isa) -> Option<Run> {
        if M == A {
            return None;
        }
        if let Some(fp) = Fp16::detect(isa) {
            return Some(Run::Fp16(fp));
        }
        #[cfg(target_arch = "x86_64")]
        if M == Z && isa >= Isa::Avx2 && crate::mxcsr::available() {
            return Some(Run::Cut32);
        }
        None
    }

    /// Whether a dot's products are made in the block's steps (else they
    /// are made ahead of the fold).
    fn multiplies(self) -> bool {
        matches!(self, Run::Fp16(_))
    }

    /// The fold from `acc` over the block `xs` (the factors' products when
    /// `ys` is given, which only [`Run::multiplies`] allows), in mode `M`.
    #[inline(always)]
    fn fold<const M: u8>(self, acc: u16, xs: &[u16], ys: Option<&[u16]>) -> u16 {
        match (self, ys) {
            (Run::Fp16(fp), None) => fp.sum::<M>(acc, xs),
            (Run::Fp16(fp), Some(ys)) => fp.dot::<M>(acc, xs, ys),
            #[cfg(target_arch = "x86_64")]
            (Run::Cut32, None) => crate::mxcsr::sum16_z(acc, xs)
                .or_else(|| crate::mxcsr::fold16::<ADD, Z>(false, acc, xs))
                .expect("the MXCSR fold serves %z where Run::Cut32 was detected"),
            #[cfg(target_arch = "x86_64")]
            (Run::Cut32, Some(_)) => unreachable!("Run::Cut32 folds products made ahead"),
        }
    }
}

/// The left fold of `rest` by binary16 addition in mode `r` from `seed`:
/// `((seed + rest_0) + rest_1) + …`, each sum rounded, bit for bit as
/// [`super::fold`]`(isa, Op::Add, r, false, seed, rest)`, on loops of no level above `isa`.
pub fn sum16(isa: Isa, r: Round, seed: u16, rest: &[u16]) -> u16 {
    by_mode16(isa, r, seed, Addends { x: rest, y: None })
}

/// The left fold `acc = acc + x_i·y_i` from `seed` in mode `r`, each product
/// and each sum rounded: [`sum16`] of the products [`super::elementwise`]
/// makes, without making them first where the CPU has AVX2 and F16C; on loops
/// of no level above `isa`.
///
/// # Panics
/// When `x` and `y` are not equally long.
pub fn dot16(isa: Isa, r: Round, seed: u16, x: &[u16], y: &[u16]) -> u16 {
    assert_eq!(x.len(), y.len(), "hw::dot16: operand lengths differ");
    by_mode16(isa, r, seed, Addends { x, y: Some(y) })
}

/// The fold of `rest` by binary16 addition from `seed`, left or right
/// (`right`: `x_0 + (x_1 + … (x_{n−1} + seed))`), bit for bit as
/// [`super::fold`]: a right fold of additions is the left fold of the
/// reversed addends (`x + acc` and `acc + x` are one sum in every mode),
/// taken a stack block at a time from the end.
pub(crate) fn fold16(isa: Isa, r: Round, right: bool, seed: u16, rest: &[u16]) -> u16 {
    if !right {
        return sum16(isa, r, seed, rest);
    }
    let mut block = [0u16; 256];
    rest.rchunks(block.len()).fold(seed, |acc, part| {
        let block = &mut block[..part.len()];
        for (b, &x) in block.iter_mut().zip(part.iter().rev()) {
            *b = x;
        }
        sum16(isa, r, acc, block)
    })
}

/// [`sum16_run`] in mode `r`.
fn by_mode16(isa: Isa, r: Round, seed: u16, xs: Addends) -> u16 {
    if xs.len() == 0 {
        return seed;
    }
    match r {
        Round::N => sum16_run::<N>(isa, seed, xs),
        Round::U => sum16_run::<U>(isa, seed, xs),
        Round::D => sum16_run::<D>(isa, seed, xs),
        Round::Z => sum16_run::<Z>(isa, seed, xs),
        Round::A => sum16_run::<A>(isa, seed, xs),
    }
}

/// Products a dot makes ahead of its fold at a time (a block in L1).
const PRODUCTS: usize = 2048;

/// [`sum16_body`] in mode `M`, compiled for AVX2 where the CPU has it (and
/// F16C). A dot's products are made first, [`PRODUCTS`] at a time (one vector
/// pass each, at the level [`Isa::for_terms`] gives; the fold continues from
/// block to block), unless the CPU also
/// has AVX512-FP16: the steps that leave a region then multiply in their
/// blocks, where [`Region::land`] would wait for a product in software.
fn sum16_run<const M: u8>(isa: Isa, seed: u16, xs: Addends) -> u16 {
    let lanes = avx2_f16c(isa);
    let chain = Run::detect::<M>(isa);
    let fold = |acc: u16, xs: Addends| -> u16 {
        #[cfg(target_arch = "x86_64")]
        if lanes {
            // SAFETY: the CPU supports AVX2, FMA and F16C (checked above), the
            // only requirement of calling a function compiled for them.
            #[allow(unsafe_code)]
            return unsafe { sum16_avx2::<M>(isa, acc, xs, chain) };
        }
        sum16_body::<M, false>(isa, acc, xs, chain)
    };
    match xs.y {
        Some(y) if !lanes || !chain.is_some_and(Run::multiplies) => {
            let (mut block, cap) = ([0u16; PRODUCTS], isa.for_terms(round_of(M)));
            let parts = xs.x.chunks(PRODUCTS).zip(y.chunks(PRODUCTS));
            parts.fold(seed, |acc, (x, y)| {
                let p = &mut block[..x.len()];
                crate::loops::elementwise(cap, crate::op::Op::Mul, round_of(M), x, y, p);
                fold(acc, Addends { x: p, y: None })
            })
        }
        _ => fold(seed, xs),
    }
}

/// Whether the CPU has AVX2, FMA and F16C and the level cap `isa` allows the AVX2+FMA loops.
fn avx2_f16c(isa: Isa) -> bool {
    #[cfg(target_arch = "x86_64")]
    return super::loops::avx2_fma(isa) && std::arch::is_x86_feature_detected!("f16c");
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = isa;
        false
    }
}

/// [`sum16_body`] compiled for AVX2, its partial sums in AVX2's lanes.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,f16c")]
fn sum16_avx2<const M: u8>(isa: Isa, seed: u16, xs: Addends, chain: Option<Run>) -> u16 {
    sum16_body::<M, true>(isa, seed, xs, chain)
}

/// [`sum16`] in mode `M` on non-empty addends: in the accumulator's region,
/// the steps' amounts [`prefix::CHUNK`] at a time, taken up to the first that
/// leaves it ([`prefix::taken`]; `V`: in AVX2 lanes); from the step that
/// leaves, blocks of [`Run`] steps (`chain`), else the step in
/// integers ([`Region::land`]) or, for the steps it does not take, the loops'
/// binary16 sum; loops of no level above `isa` make the products that remain
/// after an infinite accumulator.
#[inline(always)]
fn sum16_body<const M: u8, const V: bool>(
    isa: Isa,
    seed: u16,
    xs: Addends,
    chain: Option<Run>,
) -> u16 {
    let r = round_of(M);
    let (mut acc, mut i) = (seed, 0);
    let mut run = RUN;
    while i < xs.len() {
        if acc & 0x7c00 == 0x7c00 {
            return non_finite::<M>(isa, acc, xs.from(i));
        }
        let Some((mut reg, mut a)) = Region::of(acc, r) else {
            acc = lanes::bin16::<ADD, M>(acc, xs.at::<M>(i));
            i += 1;
            continue;
        };
        loop {
            let (taken, b) = prefix::taken::<V, M>(&reg, a, xs.from(i));
            run = if taken < RUN {
                (run * 2).min(RUN_MAX)
            } else {
                RUN
            };
            a = b;
            i += taken;
            if i == xs.len() {
                return reg.bits(a);
            }
            if let Some(fp) = chain {
                acc = reg.bits(a);
                loop {
                    let g = xs.len().min(i + run);
                    let before = acc & 0xfc00;
                    acc = fp.fold::<M>(acc, &xs.x[i..g], xs.y.map(|y| &y[i..g]));
                    i = g;
                    if acc & 0xfc00 == before || i == xs.len() {
                        break;
                    }
                }
                break;
            }
            let p = xs.at::<M>(i);
            i += 1;
            match reg.land(a, p, r) {
                Some((next, b)) => (reg, a) = (next, b),
                None => {
                    acc = lanes::bin16::<ADD, M>(reg.bits(a), p);
                    break;
                }
            }
            if i == xs.len() {
                return reg.bits(a);
            }
        }
    }
    acc
}

/// The sum from an infinite or NaN accumulator: the canonical NaN when it
/// is NaN or an addend is NaN or the opposite infinity, else itself (the
/// products, when there are factors, by the loops of no level above `isa` a
/// block at a time: a directed fold that overflows reaches this early and
/// reads every remaining product here).
fn non_finite<const M: u8>(isa: Isa, acc: u16, rest: Addends) -> u16 {
    let opposite = acc ^ SIGN;
    // A fold without a shortcut: the loop is vector code.
    let spoilt = |ps: &[u16]| {
        ps.iter().fold(false, |any, &p| {
            any | (p & 0x7fff > 0x7c00) | (p == opposite)
        })
    };
    let nan = match rest.y {
        None => spoilt(rest.x),
        Some(y) => {
            let mut block = [0u16; 256];
            rest.x.chunks(256).zip(y.chunks(256)).any(|(x, y)| {
                let out = &mut block[..x.len()];
                crate::loops::elementwise(isa, crate::op::Op::Mul, round_of(M), x, y, out);
                spoilt(out)
            })
        }
    };
    if acc & 0x3ff != 0 || nan {
        NAN
    } else {
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SoftFloat's left fold of binary16 additions from `seed`, step by step,
    /// a NaN canonical as the loops give it (the seed alone, untouched).
    fn soft_sum(r: Round, seed: u16, xs: &[u16]) -> u16 {
        use crate::ieee::{canon, soft, Width};
        xs.iter().fold(seed, |acc, &x| {
            canon(Width::H, soft::add(Width::H, r, acc.into(), x.into())) as u16
        })
    }

    /// A xorshift stream of 32-bit words.
    fn stream(mut s: u32) -> impl FnMut() -> u32 {
        move || {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            s
        }
    }

    /// Checks `sum16` against the hardware fold at every prefix length up to
    /// 70 and at the whole length, in every mode from four seeds, at each
    /// instruction-set level (the scalar steps, the AVX2 lanes with the
    /// integer exits, and with AVX512-FP16's runs where the CPU has them).
    fn check(xs: &[u16], what: &str) {
        use crate::isa::Isa;
        for cap in [Isa::Portable, Isa::Avx2, Isa::Avx512F, Isa::Avx512] {
            {
                for r in [Round::N, Round::U, Round::D, Round::Z, Round::A] {
                    for seed in [0u16, 0x8000, 0x3c00, 0xd000] {
                        for n in (0..=70.min(xs.len())).chain([xs.len()]) {
                            let want = soft_sum(r, seed, &xs[..n]);
                            let got = sum16(cap, r, seed, &xs[..n]);
                            assert_eq!(
                                got, want,
                                "{what}: {cap:?} {r:?} seed {seed:04x} length {n}"
                            );
                        }
                    }
                }
            };
        }
    }

    #[test]
    fn dot16_equals_the_products_then_their_fold() {
        use crate::isa::Isa;
        let mut next = stream(0x51ed_270b);
        let mut draw = |n: usize| -> Vec<u16> {
            (0..n)
                .map(|_| {
                    let r = next();
                    ((r as u16) & 0x8000)
                        | (0x3400 + ((r >> 8) % 5) as u16 * 0x0400)
                        | ((r >> 16) as u16 & 0x3ff)
                })
                .collect()
        };
        let (x, y) = (draw(3000), draw(3000));
        for cap in [Isa::Portable, Isa::Avx2, Isa::Avx512F, Isa::Avx512] {
            {
                for r in [Round::N, Round::U, Round::D, Round::Z, Round::A] {
                    for n in (0..=40).chain([3000]) {
                        let mut p = vec![0u16; n];
                        crate::loops::elementwise(
                            cap,
                            crate::op::Op::Mul,
                            r,
                            &x[..n],
                            &y[..n],
                            &mut p,
                        );
                        let want = soft_sum(r, 0, &p);
                        assert_eq!(
                            dot16(cap, r, 0, &x[..n], &y[..n]),
                            want,
                            "{cap:?} {r:?} length {n}"
                        );
                    }
                }
            };
        }
    }

    #[test]
    fn dot16_past_overflow_reads_the_remaining_products() {
        use crate::isa::Isa;
        // Large same-sign products overflow the sum (to ±∞, or ±max where the
        // mode points back); then small products, an ∞·(−1) that is the
        // opposite infinity, or a 0·∞ that is NaN, or neither.
        let big = |sign: u16| -> Vec<u16> { vec![sign | 0x5bff; 40] };
        for sign in [0u16, 0x8000] {
            for tail in [None, Some((0x7c00u16, 0xbc00u16)), Some((0x0000, 0x7c00))] {
                let (mut x, mut y) = (big(sign), vec![0x5bffu16; 40]);
                for i in 0..600u16 {
                    x.push(0x3000 | (i & 0x3ff) | ((i & 1) << 15));
                    y.push(0x3c00);
                }
                if let Some((a, b)) = tail {
                    x.insert(500, a);
                    y.insert(500, b);
                }
                for cap in [Isa::Portable, Isa::Avx2, Isa::Avx512F, Isa::Avx512] {
                    for r in [Round::N, Round::U, Round::D, Round::Z] {
                        let mut p = vec![0u16; x.len()];
                        crate::loops::elementwise(cap, crate::op::Op::Mul, r, &x, &y, &mut p);
                        assert_eq!(
                            dot16(cap, r, 0, &x, &y),
                            soft_sum(r, 0, &p),
                            "{cap:?} {r:?} sign {sign:04x} tail {tail:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn sum16_equals_the_hardware_fold_on_walks() {
        // Random-sign walks that cross binades, tie in %n, reach zero and overflow.
        let mut next = stream(0x2545_f491);
        for scale in [0x0400u16, 0x2000, 0x3c00, 0x5800, 0x7000] {
            let xs: Vec<u16> = (0..3000)
                .map(|_| {
                    let r = next();
                    let e = scale + (((r >> 8) % 6) as u16) * 0x0400;
                    ((r as u16) & 0x8000) | e.min(0x7800) | ((r >> 16) as u16 & 0x3ff)
                })
                .collect();
            check(&xs, &format!("walk at {scale:04x}"));
        }
    }

    /// 10^8 addends: random walks of random lengths (to 4,096) and scales,
    /// every mode, each level, `sum16` and `dot16` against the loops' fold.
    #[test]
    #[ignore = "10^8 addends at three levels (about a minute in release); run with --ignored"]
    fn sum16_and_dot16_equal_the_loops_on_10e8_addends() {
        use crate::isa::Isa;
        let mut next = stream(0x6a09_e667);
        let mut total = 0usize;
        while total < 100_000_000 {
            let n = (next() % 4096) as usize + 1;
            let (lo, span) = (
                0x0400 + (next() % 24) as u16 * 0x0400,
                (next() % 6) as u16 + 1,
            );
            let mut draw = || -> u16 {
                let r = next();
                let e = (lo + ((r >> 8) % u32::from(span)) as u16 * 0x0400).min(0x7800);
                ((r as u16) & 0x8000) | e | ((r >> 16) as u16 & 0x3ff)
            };
            let x: Vec<u16> = (0..n).map(|_| draw()).collect();
            let y: Vec<u16> = (0..n).map(|_| draw()).collect();
            let seed = x[0] ^ 0x8000;
            for cap in [Isa::Portable, Isa::Avx2, Isa::Avx512F, Isa::Avx512] {
                {
                    for r in [Round::N, Round::U, Round::D, Round::Z, Round::A] {
                        let want = soft_sum(r, seed, &x);
                        assert_eq!(sum16(cap, r, seed, &x), want, "sum16 {cap:?} {r:?} n {n}");
                        let mut p = vec![0u16; n];
                        crate::loops::elementwise(cap, crate::op::Op::Mul, r, &x, &y, &mut p);
                        let want = soft_sum(r, seed, &p);
                        assert_eq!(
                            dot16(cap, r, seed, &x, &y),
                            want,
                            "dot16 {cap:?} {r:?} n {n}"
                        );
                    }
                };
            }
            total += n;
        }
    }

    #[test]
    fn sum16_equals_the_hardware_fold_on_growing_sums_and_special_values() {
        let mut next = stream(0x9e37_79b9);
        // Positive addends (`?asum`): the sum climbs binades and stalls where they round away.
        let climb: Vec<u16> = (0..4000).map(|_| (next() as u16) & 0x3fff).collect();
        check(&climb, "climb");
        // Addends of few bits onto sums of their size: %n ties and binade bottoms.
        let coarse: Vec<u16> = (0..3000)
            .map(|_| {
                let r = next();
                ((r as u16) & 0x8000)
                    | (0x3800 + ((r >> 8) % 8) as u16 * 0x0400)
                    | ((r >> 16) as u16 & 0x300)
            })
            .collect();
        check(&coarse, "coarse");
        // Zeros of both signs, subnormals, infinities and NaNs among ordinary addends.
        let specials = [
            0x0000u16, 0x8000, 0x0001, 0x83ff, 0x7c00, 0xfc00, 0x7e00, 0x7d01, 0x7bff, 0xfbff,
        ];
        let mixed: Vec<u16> = (0..3000)
            .map(|i| {
                let r = next();
                if r.is_multiple_of(97) {
                    specials[(r >> 8) as usize % specials.len()]
                } else {
                    ((r as u16) & 0x8000)
                        | ((0x2c00 + ((r >> 8) % 6) as u16 * 0x0400) ^ (i as u16 & 0x3ff))
                }
            })
            .collect();
        check(&mixed, "mixed");
    }
}
