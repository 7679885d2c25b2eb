//! The posit anchor of `urnum bench --kinds unum`: SoftPosit, through the
//! `softposit` crate (a Rust port of the C library), on the same operands.
//!
//! posit32 runs `P32E2` and its 512-bit quire `Q32E2`: the 2022 Posit
//! Standard's posit32, as `/lib/unum`'s `rps`, so the bench asserts that
//! urnum gives SoftPosit's bits ([`Anchor::bits`]). posit16 runs `P16E1` and
//! its quire `Q16E1`, a speed anchor only: SoftPosit's 16-bit posit has
//! es = 1 (the crate's generic `PxE2<16>` has es = 2, but its bits differ
//! from the standard's posit16 on some operands and its division does not
//! finish on others), so the same patterns are other values there and no
//! bits are compared.
//!
//! Each row is the arm's computation: `add mul div` elementwise, `+cumsum`
//! the quire sum of all elements, `+sum-dim` (along dimension 0) one quire per
//! column, `+mmul` one quire per cell; every sum rounded once, as
//! `/lib/unum`'s quire does.

use super::native::Loop;
use softposit::{P16E1, P32E2, Q16E1, Q32E2};
use std::hint::black_box;
use std::ops::{Add, Div, Mul};

/// A SoftPosit posit type and its quire.
trait Sp: Copy + Add<Output = Self> + Mul<Output = Self> + Div<Output = Self> + 'static {
    /// The quire.
    type Q;
    /// Whether the type is `/lib/unum`'s posit of its width (es = 2), so its bits are urnum's.
    const SAME_BITS: bool;
    /// The posit of the pattern `b` (the low bits of a `u128`).
    fn of(b: u128) -> Self;
    /// The pattern.
    fn bits(self) -> u128;
    /// 1.
    fn one() -> Self;
    /// The zero quire.
    fn zero() -> Self::Q;
    /// `q += a·b`, exactly.
    fn fma(q: &mut Self::Q, a: Self, b: Self);
    /// The quire rounded once.
    fn round(q: &Self::Q) -> Self;
}

/// Implements [`Sp`] for the posit type `$p` of words `$w` with quire `$q`
/// (`$same`: its bits are `/lib/unum`'s).
macro_rules! sp {
    ($p:ident, $q:ident, $w:ty, $same:literal) => {
        impl Sp for $p {
            type Q = $q;
            const SAME_BITS: bool = $same;
            fn of(b: u128) -> Self {
                $p::from_bits(b as $w)
            }
            fn bits(self) -> u128 {
                u128::from(self.to_bits())
            }
            fn one() -> Self {
                $p::ONE
            }
            fn zero() -> $q {
                $q::init()
            }
            #[inline(always)]
            fn fma(q: &mut $q, a: Self, b: Self) {
                q.add_product(a, b);
            }
            fn round(q: &$q) -> Self {
                q.to_posit()
            }
        }
    };
}

sp!(P32E2, Q32E2, u32, true);
sp!(P16E1, Q16E1, u16, false);

/// The SoftPosit loop of one benchmark, and the bits it computes.
pub struct Anchor {
    /// The timed loop.
    pub run: Loop,
    /// The result's elements as patterns (row-major), where they are
    /// `/lib/unum`'s posits (posit32).
    pub bits: Option<Vec<u128>>,
}

/// The result of `bench` over `a` and `b` (`n` elements, or `n × n` for
/// `sum-dim` and `mmul`).
fn compute<P: Sp>(bench: &str, n: usize, a: &[P], b: &[P]) -> Vec<P> {
    let sum = |xs: &mut dyn Iterator<Item = (P, P)>| {
        let mut q = P::zero();
        for (x, y) in xs {
            P::fma(&mut q, x, y);
        }
        P::round(&q)
    };
    match bench {
        "add" => a.iter().zip(b).map(|(&x, &y)| x + y).collect(),
        "mul" => a.iter().zip(b).map(|(&x, &y)| x * y).collect(),
        "div" => a.iter().zip(b).map(|(&x, &y)| x / y).collect(),
        "cumsum" => vec![sum(&mut a.iter().map(|&x| (x, P::one())))],
        "sum-dim" => {
            let mut qs: Vec<P::Q> = (0..n).map(|_| P::zero()).collect();
            for row in a.chunks_exact(n) {
                for (q, &x) in qs.iter_mut().zip(row) {
                    P::fma(q, x, P::one());
                }
            }
            qs.iter().map(P::round).collect()
        }
        _ => {
            let mut c = Vec::with_capacity(n * n);
            for arow in a.chunks_exact(n) {
                for j in 0..n {
                    c.push(sum(&mut arow
                        .iter()
                        .zip(b[j..].iter().step_by(n))
                        .map(|(&x, &y)| (x, y))));
                }
            }
            c
        }
    }
}

fn anchor_of<P: Sp>(bench: &str, n: usize, a: &[u128], b: &[u128]) -> Anchor {
    let a: Vec<P> = a.iter().map(|&x| P::of(x)).collect();
    let b: Vec<P> = b.iter().map(|&x| P::of(x)).collect();
    let bits = P::SAME_BITS.then(|| compute(bench, n, &a, &b).into_iter().map(P::bits).collect());
    let bench = bench.to_string();
    let run = Loop::new(move || {
        let out = compute(&bench, n, black_box(&a), black_box(&b));
        out[out.len() / 2].bits() as u64
    });
    Anchor { run, bits }
}

/// The SoftPosit anchor of `bench` at the posit width of `bloq` (4: posit16,
/// 5: posit32), if there is one.
pub fn anchor(bloq: u32, bench: &str, n: usize, a: &[u128], b: &[u128]) -> Option<Anchor> {
    match bloq {
        4 => Some(anchor_of::<P16E1>(bench, n, a, b)),
        5 => Some(anchor_of::<P32E2>(bench, n, a, b)),
        _ => None,
    }
}
