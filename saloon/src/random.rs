//! Random fills of rays: the engines of `/lib/rand` (`++philox ++split-mix
//! ++pcg ++seed +step ++uni`), the float draws of `/lib/i754rand` (`+rs +rd
//! +rs-oo +rd-oo` of `++uni`, `+normal +expon` of `++dist`), both
//! `librand/desk/lib` @56438a6, and Saloon's `+fill-simple +fill-windowed
//! +fill-uniform +fill-normal +fill-expon +fill-below` (saloon.hoon@424a2bf).
//!
//! Engines (all integer arithmetic, bit for bit):
//! - Philox4x32-10: ten rounds on four 32-bit lanes of `ctr` (low lane first)
//!   with the key's two lanes, multipliers `0xd251_1f53`, `0xcd9e_8d57`, key
//!   increments `0x9e37_79b9`, `0xbb67_ae85`; a draw keeps the low 64 bits of
//!   the block and advances `ctr` by 1 mod 2^128;
//! - SplitMix64: `s ← s + 0x9e37_79b9_7f4a_7c15 mod 2^64`, out = finalize(s);
//! - PCG64 XSL-RR: advance `s ← s·M + inc mod 2^128` first, then output.
//!
//! Float draws round in `%n`: `+rs` is `sun(b₂₄)·2⁻²⁴`, `+rd` `sun(b₅₃)·2⁻⁵³`,
//! `+rs-oo`/`+rd-oo` `sun(2b+1)·2⁻²⁵`/`2⁻⁵⁴`. `+normal` is Marsaglia's polar
//! method through `/lib/math` (`log`, `sqt`) at `%n`, rejecting `s >= 1` and
//! `s = 0`, returning `u·√(−2 ln s / s)`; `+expon` is `−log(u)/λ` for `u` from
//! the open interval.
//!
//! Fills are row-major. For `%phil`, `+fill-uniform` draws element `i` at
//! counter `ctr0 + i` and leaves `ctr0 + n`; the rejection-based fills draw
//! element `i` in the window starting at `ctr0 + i·2³²`, crash
//! (`%rand-ray-window-exhausted`) if a draw leaves its window, and leave
//! `ctr0 + n·2³²`. Other engines are threaded through the elements in order.
//! Each value is OR-ed into the zeros data at `i·2^bloq` without masking (a
//! too-wide `+fill-below` value spills into the next element, as in the Hoon).

use crate::error::SaloonError;
use lagoon::{Meta, Ray};
use softblas::math;
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Kind, Round};

/// An engine state, `$rng` of `/sur/rand`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rng {
    /// `[%phil p=[key ctr]]`: Philox4x32-10.
    Phil {
        /// The key (its low 64 bits are read).
        key: Atom,
        /// The counter (its low 128 bits are read).
        ctr: Atom,
    },
    /// `[%sm64 s]`: SplitMix64.
    Sm64(Atom),
    /// `[%pcg p=[state inc]]`: PCG64.
    Pcg {
        /// The LCG state.
        state: Atom,
        /// The odd increment.
        inc: Atom,
    },
}

/// The engine a seed makes (`?(%phil %sm64 %pcg)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// `%phil`.
    Phil,
    /// `%sm64`.
    Sm64,
    /// `%pcg`.
    Pcg,
}

const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
const PCG_MULT: u128 = 0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645;

/// `+finalize:split-mix`: the SplitMix64 output mix of a 64-bit word.
pub fn finalize(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `+next:split-mix`: `(out, s')`.
pub fn splitmix_next(s: u64) -> (u64, u64) {
    let s2 = s.wrapping_add(GOLDEN);
    (finalize(s2), s2)
}

/// `+block:philox`: Philox4x32-10 of `(key, ctr)`, lanes little-endian.
pub fn philox_block(key: u64, ctr: u128) -> u128 {
    let lane = |v: u128, i: u32| (v >> (32 * i)) as u32;
    let (mut c0, mut c1, mut c2, mut c3) = (lane(ctr, 0), lane(ctr, 1), lane(ctr, 2), lane(ctr, 3));
    let (mut k0, mut k1) = (key as u32, (key >> 32) as u32);
    for _ in 0..10 {
        let m0 = u64::from(c0) * 0xd251_1f53;
        let m1 = u64::from(c2) * 0xcd9e_8d57;
        let (hi0, lo0) = ((m0 >> 32) as u32, m0 as u32);
        let (hi1, lo1) = ((m1 >> 32) as u32, m1 as u32);
        (c0, c1, c2, c3) = (hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0);
        k0 = k0.wrapping_add(0x9e37_79b9);
        k1 = k1.wrapping_add(0xbb67_ae85);
    }
    u128::from(c0) | u128::from(c1) << 32 | u128::from(c2) << 64 | u128::from(c3) << 96
}

/// `+output:pcg`: the XSL-RR permutation of a 128-bit state.
pub fn pcg_output(state: u128) -> u64 {
    let rot = (state >> 122) as u32;
    (((state >> 64) as u64) ^ (state as u64)).rotate_right(rot)
}

/// `+from-atom:seed [eng a]`: an engine seeded from the low 64 bits of `a`.
pub fn from_atom(eng: Engine, a: &Atom) -> Rng {
    let a = a.low_u128() as u64;
    match eng {
        Engine::Sm64 => Rng::Sm64(Atom::from_u64(a)),
        Engine::Phil => Rng::Phil {
            key: Atom::from_u64(splitmix_next(a).0),
            ctr: Atom::ZERO,
        },
        Engine::Pcg => {
            let (st, a) = splitmix_next(a);
            let (inc, _) = splitmix_next(a);
            Rng::Pcg {
                state: Atom::from_u64(st),
                inc: Atom::from_u64(inc | 1),
            }
        }
    }
}

/// `+step`: one 64-bit draw and the advanced state.
pub fn step(r: &Rng) -> (u64, Rng) {
    match r {
        Rng::Sm64(s) => {
            let (out, s2) = splitmix_next(s.low_u128() as u64);
            (out, Rng::Sm64(Atom::from_u64(s2)))
        }
        Rng::Phil { key, ctr } => {
            let c = ctr.low_u128();
            let blk = philox_block(key.low_u128() as u64, c);
            (
                blk as u64,
                Rng::Phil {
                    key: key.clone(),
                    ctr: Atom::from_u128(c.wrapping_add(1)),
                },
            )
        }
        Rng::Pcg { state, inc } => {
            let s2 = state
                .low_u128()
                .wrapping_mul(PCG_MULT)
                .wrapping_add(inc.low_u128());
            (
                pcg_output(s2),
                Rng::Pcg {
                    state: Atom::from_u128(s2),
                    inc: inc.clone(),
                },
            )
        }
    }
}

/// `+bits:uni`: `n` uniform bits from `⌈n/64⌉` draws, the first draw lowest, the last masked.
pub fn bits(r: &Rng, n: u64) -> (Atom, Rng) {
    let (full, rem) = (n / 64, n % 64);
    let words = if rem == 0 { full } else { full + 1 };
    let mut acc = Atom::ZERO;
    let mut r = r.clone();
    for i in 0..words {
        let (out, r2) = step(&r);
        r = r2;
        let bc = if i + 1 == words && rem != 0 { rem } else { 64 };
        acc = acc.add(&Atom::from_u64(out).low_bits(bc).shl(64 * i));
    }
    (acc, r)
}

/// `+below:uni`: uniform in `[0, n)` by Lemire's multiply-shift with rejection.
///
/// # Errors
/// [`SaloonError::Crash`] for `n = 0` (`%rand-zero-modulus`) and `n > 2^64`
/// (`(sub (bex 64) n)` underflows).
pub fn below(r: &Rng, n: &Atom) -> Result<(Atom, Rng), SaloonError> {
    if n.is_zero() {
        return Err(SaloonError::crash("below", "%rand-zero-modulus"));
    }
    let t = Atom::pow2(64)
        .checked_sub(n)
        .ok_or_else(|| SaloonError::crash("below", "(sub (bex 64) n) underflows"))?
        .div_rem(n)
        .map(|(_, t)| t)
        .unwrap_or(Atom::ZERO);
    let mut r = r.clone();
    loop {
        let (x, r2) = step(&r);
        r = r2;
        let m = Atom::from_u64(x).mul(n);
        let l = m.low_bits(64);
        if !(l < *n && l < t) {
            return Ok((m.shr(64), r));
        }
    }
}

/// A float precision of `/lib/i754rand` (`rs` or `rd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prec {
    /// `@rs`.
    S,
    /// `@rd`.
    D,
}

impl Prec {
    fn w(self) -> Width {
        match self {
            Prec::S => Width::S,
            Prec::D => Width::D,
        }
    }

    /// The mantissa bits a uniform draw takes (24 or 53).
    fn nbits(self) -> u64 {
        match self {
            Prec::S => 24,
            Prec::D => 53,
        }
    }

    /// The `++dist` door `m`: `/lib/math` at `%n` (rtol `.1e-6`/`.~1e-13`, atol 0).
    fn m(self) -> math::Door {
        let rtol = crate::fl::feps(self.w());
        math::Door::with(self.w(), Round::N, rtol, 0).unwrap_or(math::Door::new(self.w()))
    }
}

/// `+rs:uni`/`+rd:uni`: uniform in `[0, 1)` on the `2^-p` lattice.
pub fn uni(p: Prec, r: &Rng) -> (u128, Rng) {
    let w = p.w();
    let (b, r) = bits(r, p.nbits());
    let x = i754::sun(w, Round::N, &b);
    (
        i754::mul(w, Round::N, x, i754::pow2(w, -(p.nbits() as i32))),
        r,
    )
}

/// `+rs-oo:uni`/`+rd-oo:uni`: uniform in the open `(0, 1)`: `(2b+1)·2^-(p+1)`.
pub fn uni_oo(p: Prec, r: &Rng) -> (u128, Rng) {
    let w = p.w();
    let (b, r) = bits(r, p.nbits());
    let x = i754::sun(w, Round::N, &b.shl(1).add(&Atom::ONE));
    (
        i754::mul(w, Round::N, x, i754::pow2(w, -(p.nbits() as i32) - 1)),
        r,
    )
}

/// `+normal` of `++dist`: a standard normal deviate (Marsaglia polar).
pub fn normal(p: Prec, r: &Rng) -> (u128, Rng) {
    let w = p.w();
    let m = p.m();
    let (one, two) = (i754::one(w), i754::pow2(w, 1));
    let mut r = r.clone();
    loop {
        let (u1, r1) = uni(p, &r);
        let (u2, r2) = uni(p, &r1);
        r = r2;
        let u = m.sub(m.mul(two, u1), one);
        let v = m.sub(m.mul(two, u2), one);
        let s = m.add(m.mul(u, u), m.mul(v, v));
        if m.gte(s, one) || m.equ(s, 0) {
            continue;
        }
        let factor = m.sqt(m.div(m.mul(m.neg(two), m.log(s)), s));
        return (m.mul(u, factor), r);
    }
}

/// `+expon` of `++dist`: `−log(u)/λ` with `u` from [`uni_oo`].
///
/// # Errors
/// [`SaloonError::Crash`] unless `λ > 0` (`%rand-bad-rate`).
pub fn expon(p: Prec, r: &Rng, lambda: u128) -> Result<(u128, Rng), SaloonError> {
    let m = p.m();
    let lambda = lambda & p.w().mask();
    if !m.gth(lambda, 0) {
        return Err(SaloonError::crash("expon", "%rand-bad-rate"));
    }
    let (u, r) = uni_oo(p, r);
    Ok((m.div(m.neg(m.log(u)), lambda), r))
}

/// A draw: one element's value and the state after it.
pub type Draw<'a> = &'a dyn Fn(&Rng) -> Result<(Atom, Rng), SaloonError>;

/// The most elements one fill draws: `lagoon::builders_arith::MAX_BUILT_VALUES`
/// (2^22), as Lagoon bounds the rays its builders make value by value. Each
/// element costs a draw (a rejection loop for the windowed fills) and its
/// bits are written straight into a limb buffer; past the bound the fill is
/// unsupported before the first draw.
pub const MAX_FILL_ELEMS: u64 = lagoon::builders_arith::MAX_BUILT_VALUES;

/// The most elements [`fill_normal`] and [`fill_expon`] draw, 2^20: each of
/// their elements costs a `log` (and for `+normal` a root and a rejection
/// loop), about seven times a uniform draw, so their bound is a quarter of
/// [`MAX_FILL_ELEMS`] (2^22 normal deviates took 4 s in a release build).
pub const MAX_DEVIATE_FILL_ELEMS: u64 = 1 << 20;

/// The data atom of a fill under construction: little-endian limbs, starting
/// as the zeros data (the pin alone) and OR-ed with each value at its offset.
struct Limbs(Vec<u64>);

impl Limbs {
    /// The limbs of `2^pin`.
    fn pinned(pin: u64) -> Limbs {
        let mut v = vec![0u64; (pin / 64) as usize + 1];
        v[(pin / 64) as usize] = 1 << (pin % 64);
        Limbs(v)
    }

    /// `(con data (lsh [0 at] v))`: `v` OR-ed in at bit `at`, unmasked, growing as needed.
    fn or_at(&mut self, v: &Atom, at: u64) {
        let src = v.limbs();
        let Some(top) = src.iter().rposition(|&l| l != 0) else {
            return;
        };
        let (word, shift) = ((at / 64) as usize, (at % 64) as u32);
        let need = word + top + 2;
        if self.0.len() < need {
            self.0.resize(need, 0);
        }
        for (i, &l) in src[..=top].iter().enumerate() {
            self.0[word + i] |= l << shift;
            if shift != 0 {
                self.0[word + i + 1] |= l >> (64 - shift);
            }
        }
    }

    /// The atom the limbs spell.
    fn atom(&self) -> Atom {
        Atom::from_limbs(&self.0)
    }
}

/// The fill of `meta` by `draw` from `r` (windowed or not), at most `limit` elements.
fn fill(
    meta: &Meta,
    r: &Rng,
    draw: Draw<'_>,
    window: bool,
    limit: u64,
) -> Result<(Ray, Rng), SaloonError> {
    let n = meta.elems()?;
    let pin = meta.pin_bit()?;
    let w = 1u64
        .checked_shl(meta.bloq)
        .filter(|_| meta.bloq < 64)
        .ok_or_else(|| SaloonError::Unsupported(format!("fill at bloq {}", meta.bloq)))?;
    if n > limit {
        return Err(SaloonError::Unsupported(format!(
            "a fill of {n} elements exceeds the bound of {limit}"
        )));
    }
    let mut acc = Limbs::pinned(pin);
    let mut put = |i: u64, v: &Atom| acc.or_at(v, i * w);
    let out = match r {
        Rng::Phil { key, ctr } => {
            let win = if window { Atom::pow2(32) } else { Atom::ONE };
            for i in 0..n {
                let start = ctr.add(&Atom::from_u64(i).mul(&win));
                let (v, ri) = draw(&Rng::Phil {
                    key: key.clone(),
                    ctr: start,
                })?;
                if window {
                    let end = ctr.add(&Atom::from_u64(i + 1).mul(&win));
                    let inside = matches!(&ri, Rng::Phil { ctr: c, .. } if *c < end);
                    if !inside {
                        return Err(SaloonError::crash(
                            "fill-windowed",
                            "%rand-ray-window-exhausted",
                        ));
                    }
                }
                put(i, &v);
            }
            Rng::Phil {
                key: key.clone(),
                ctr: ctr.add(&Atom::from_u64(n).mul(&win)),
            }
        }
        _ => {
            let mut r0 = r.clone();
            for i in 0..n {
                let (v, r1) = draw(&r0)?;
                r0 = r1;
                put(i, &v);
            }
            r0
        }
    };
    Ok((Ray::new(meta.clone(), acc.atom()), out))
}

/// Port of `+fill-simple [meta r draw]`: one draw per element (`%phil`: at counter `ctr0 + i`).
///
/// # Errors
/// The draw's; Lagoon's size limits; [`SaloonError::Unsupported`] past [`MAX_FILL_ELEMS`] elements.
pub fn fill_simple(meta: &Meta, r: &Rng, draw: Draw<'_>) -> Result<(Ray, Rng), SaloonError> {
    fill(meta, r, draw, false, MAX_FILL_ELEMS)
}

/// Port of `+fill-windowed [meta r draw]`: as [`fill_simple`], `%phil` elements in windows of 2³² counters.
///
/// # Errors
/// [`SaloonError::Crash`] (`%rand-ray-window-exhausted`) when a draw leaves its window; the draw's;
/// [`SaloonError::Unsupported`] past [`MAX_FILL_ELEMS`] elements.
pub fn fill_windowed(meta: &Meta, r: &Rng, draw: Draw<'_>) -> Result<(Ray, Rng), SaloonError> {
    fill(meta, r, draw, true, MAX_FILL_ELEMS)
}

/// The `%i754` bloq-5/6 precision of a fill, or its crash.
fn float_prec(meta: &Meta, arm: &'static str) -> Result<Prec, SaloonError> {
    if meta.kind != Kind::I754 {
        return Err(SaloonError::crash(arm, "%rand-ray-bad-kind"));
    }
    match meta.bloq {
        5 => Ok(Prec::S),
        6 => Ok(Prec::D),
        _ => Err(SaloonError::crash(arm, "%rand-ray-bad-bloq")),
    }
}

/// Port of `+fill-uniform [meta r]`: uniform `[0, 1)` at `@rs` (bloq 5) or `@rd` (bloq 6).
///
/// # Errors
/// [`SaloonError::Crash`]: `%rand-ray-bad-kind` (not `%i754`), `%rand-ray-bad-bloq`;
/// [`SaloonError::Unsupported`] past [`MAX_FILL_ELEMS`] elements.
pub fn fill_uniform(meta: &Meta, r: &Rng) -> Result<(Ray, Rng), SaloonError> {
    let p = float_prec(meta, "fill-uniform")?;
    fill_simple(meta, r, &|rr| {
        let (v, r2) = uni(p, rr);
        Ok((Atom::from_u128(v), r2))
    })
}

/// Port of `+fill-normal [meta r]`: standard normal deviates (windowed for `%phil`).
///
/// # Errors
/// As [`fill_uniform`], the bound being [`MAX_DEVIATE_FILL_ELEMS`].
pub fn fill_normal(meta: &Meta, r: &Rng) -> Result<(Ray, Rng), SaloonError> {
    let p = float_prec(meta, "fill-normal")?;
    let draw: Draw<'_> = &|rr| {
        let (v, r2) = normal(p, rr);
        Ok((Atom::from_u128(v), r2))
    };
    fill(meta, r, draw, true, MAX_DEVIATE_FILL_ELEMS)
}

/// Port of `+fill-expon [meta r lambda]`: exponential deviates of rate `λ` (raw bits at the bloq's width).
///
/// # Errors
/// As [`fill_uniform`], the bound being [`MAX_DEVIATE_FILL_ELEMS`]; `%rand-bad-rate`
/// at the first element unless `λ > 0`.
pub fn fill_expon(meta: &Meta, r: &Rng, lambda: &Atom) -> Result<(Ray, Rng), SaloonError> {
    let p = float_prec(meta, "fill-expon")?;
    let l = lambda.low_u128();
    let draw: Draw<'_> = &|rr| {
        let (v, r2) = expon(p, rr, l)?;
        Ok((Atom::from_u128(v), r2))
    };
    fill(meta, r, draw, true, MAX_DEVIATE_FILL_ELEMS)
}

/// Port of `+fill-below [meta n r]`: uniform integers in `[0, n)` for a `%uint` meta.
///
/// # Errors
/// [`SaloonError::Crash`]: `%rand-ray-bad-kind` (not `%uint`); at the first
/// element, `n = 0` or `n > 2^64`; [`SaloonError::Unsupported`] past [`MAX_FILL_ELEMS`] elements.
pub fn fill_below(meta: &Meta, n: &Atom, r: &Rng) -> Result<(Ray, Rng), SaloonError> {
    if meta.kind != Kind::Uint {
        return Err(SaloonError::crash("fill-below", "%rand-ray-bad-kind"));
    }
    fill_windowed(meta, r, &|rr| below(rr, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fold the Hoon does: `(con acc (lsh [0 (mul i w)] v))` over the zeros data.
    fn naive(meta: &Meta, values: &[Atom]) -> Atom {
        let w = 1u64 << meta.bloq;
        let mut acc = lagoon::zeros(meta).unwrap().data;
        for (i, v) in values.iter().enumerate() {
            acc = acc.or(&v.shl(i as u64 * w));
        }
        acc
    }

    /// The limb buffer gives the atom of the fold, also for values wider than
    /// an element (spilling into the next ones and past the pin) and for zeros.
    #[test]
    fn limb_fill_matches_the_fold() {
        let wide = |k: u64| {
            Atom::from_u64(k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                .shl(k % 70)
                .or(&Atom::from_u64(k))
        };
        for bloq in 0..=8u32 {
            for n in [0u64, 1, 2, 5, 17, 64] {
                let meta = Meta::new(vec![n], bloq, Kind::Uint);
                let values: Vec<Atom> = (0..n)
                    .map(|k| if k % 5 == 3 { Atom::ZERO } else { wide(k + 1) })
                    .collect();
                let vs = values.clone();
                let counter = std::cell::Cell::new(0usize);
                let draw = move |r: &Rng| {
                    let k = counter.get();
                    counter.set(k + 1);
                    Ok((vs[k].clone(), r.clone()))
                };
                let (ray, _) = fill_simple(&meta, &Rng::Sm64(Atom::ZERO), &draw).unwrap();
                assert_eq!(ray.data, naive(&meta, &values), "bloq {bloq}, n {n}");
            }
        }
    }

    /// Past the bound a fill is refused before its first draw.
    #[test]
    fn fills_are_bounded() {
        let meta = Meta::new(vec![MAX_FILL_ELEMS + 1], 5, Kind::I754);
        let r = Rng::Sm64(Atom::ZERO);
        assert!(matches!(
            fill_uniform(&meta, &r),
            Err(SaloonError::Unsupported(_))
        ));
        let meta = Meta::new(vec![MAX_DEVIATE_FILL_ELEMS + 1], 5, Kind::I754);
        assert!(matches!(
            fill_normal(&meta, &r),
            Err(SaloonError::Unsupported(_))
        ));
    }
}
