//! The fixed-width (`u128`) posit path against the exact `BigUint` one: `add sub mul div sqt` of
//! posit8 to posit64 must give the bits of `arith::big_add big_sub big_mul big_div big_sqt` (the
//! Hoon's computation, exact significands) for every operand.
//!
//! Operands: every posit8 pair, every posit16 against the edge patterns, the edge patterns
//! against each other at every width, and random pairs biased to what the fixed path
//! shortcuts (exponents far apart, near-cancellation, the saturation ends).

use proptest::prelude::*;
use softblas::scalar::unum::{self, arith, Width};

/// The widths the fixed path serves.
const WIDE: [Width; 3] = [Width::P16, Width::P32, Width::P64];

/// The binary ops and their exact references, by name.
type Op = fn(Width, u128, u128) -> u128;
const OPS: [(&str, Op, Op); 4] = [
    ("add", unum::add, arith::big_add),
    ("sub", unum::sub, arith::big_sub),
    ("mul", unum::mul, arith::big_mul),
    ("div", unum::div, arith::big_div),
];

/// The edge patterns of width `w`: 0, NaR, ±maxpos, ±minpos, ±1, their neighbours, and the
/// patterns just inside the regime boundaries.
fn edges(w: Width) -> Vec<u128> {
    let m = w.mask();
    let n = w.n();
    let mut base = vec![
        0,
        w.nar(),
        w.maxpos(),
        w.minpos(),
        w.one(),
        // 2^±4 (regime run of two), 2^±8, the longest regimes but one.
        w.one() | (w.one() >> 1),
        w.one() >> 1,
        w.one() | (w.one() >> 1) | (w.one() >> 2),
        w.one() >> 2,
        w.maxpos() >> 1 << 1,
        4,
        // A full fraction under 1, 2 and 4.
        w.one() - 1,
        (w.one() | (w.one() >> 3)) - 1,
        w.one() | (1 << (n - 6)) | 1,
    ];
    let mut out = Vec::new();
    for p in base.drain(..) {
        for q in [p, p.wrapping_add(1), p.wrapping_sub(1)] {
            let q = q & m;
            out.push(q);
            out.push(unum::neg(w, q));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn check_all(w: Width, a: u128, b: u128) {
    for (name, fast, exact) in OPS {
        assert_eq!(
            fast(w, a, b),
            exact(w, a, b),
            "{name}:{} {a:#x} {b:#x}",
            w.door()
        );
    }
}

/// Every posit8 pair, and every posit8 square root.
#[test]
fn posit8_exhaustive() {
    for a in 0..256u128 {
        for b in 0..256u128 {
            check_all(Width::P8, a, b);
        }
        assert_eq!(
            unum::sqt(Width::P8, a),
            arith::big_sqt(Width::P8, a),
            "{a:#x}"
        );
    }
}

/// Every posit16 square root, and every posit16 against each edge pattern on both sides.
#[test]
fn posit16_against_edges() {
    let w = Width::P16;
    let es = edges(w);
    for a in 0..(1u128 << 16) {
        assert_eq!(unum::sqt(w, a), arith::big_sqt(w, a), "sqt {a:#x}");
        for &e in &es {
            check_all(w, a, e);
            check_all(w, e, a);
        }
    }
}

/// The edge patterns against each other, at every fixed width.
#[test]
fn edge_pairs() {
    for w in WIDE {
        let es = edges(w);
        for &a in &es {
            assert_eq!(unum::sqt(w, a), arith::big_sqt(w, a), "sqt {a:#x}");
            for &b in &es {
                check_all(w, a, b);
            }
        }
    }
}

/// Pins a few values of the fixed path (hand-checked): each row is width, op, operands, bits.
#[test]
fn fixed_bits() {
    let rows: [(Width, usize, u128, u128, u128); 6] = [
        // 1 + 1 = 2 at posit16 (0x4000 + 0x4000 = 0x4800).
        (Width::P16, 0, 0x4000, 0x4000, 0x4800),
        // maxpos + minpos stays maxpos (the tiny term is only a sticky bit).
        (Width::P32, 0, 0x7fff_ffff, 1, 0x7fff_ffff),
        // 1 − 1 = 0 (exact cancellation).
        (Width::P64, 1, 1 << 62, 1 << 62, 0),
        // maxpos · maxpos saturates to maxpos.
        (Width::P64, 2, (1 << 63) - 1, (1 << 63) - 1, (1 << 63) - 1),
        // 1 / 0 is NaR.
        (Width::P32, 3, 0x4000_0000, 0, 0x8000_0000),
        // minpos / maxpos saturates to minpos.
        (Width::P16, 3, 1, 0x7fff, 1),
    ];
    for (w, op, a, b, want) in rows {
        let (name, fast, exact) = OPS[op];
        assert_eq!(fast(w, a, b), want, "{name} {a:#x} {b:#x}");
        assert_eq!(exact(w, a, b), want, "{name} {a:#x} {b:#x} (exact)");
    }
}

fn width() -> impl Strategy<Value = Width> {
    prop_oneof![Just(Width::P16), Just(Width::P32), Just(Width::P64)]
}

/// A pattern of width `w`: an edge pattern, or random bits.
fn pattern(w: Width) -> impl Strategy<Value = u128> {
    let es = edges(w);
    let m = w.mask();
    prop_oneof![
        1 => proptest::sample::select(es),
        3 => any::<u128>().prop_map(move |v| v & m),
    ]
}

/// A pair of width `w`: independent patterns, a pattern and a near neighbour (near-cancellation
/// in `sub`), or a large and a small magnitude (exponents far apart in `add`).
fn pair(w: Width) -> impl Strategy<Value = (u128, u128)> {
    let m = w.mask();
    let n = w.n();
    prop_oneof![
        2 => (pattern(w), pattern(w)),
        1 => (any::<u128>(), -64i64..64).prop_map(move |(a, d)| {
            let a = a & m;
            (a, a.wrapping_add(d as u128) & m)
        }),
        1 => (any::<u128>(), any::<u128>(), 1..n - 2, 1..n - 2, any::<bool>()).prop_map(
            move |(a, b, ka, kb, s)| {
                // A long run of ones (large) and one of zeros (small) in the regime.
                let big = (m >> 1) & !(m >> (ka + 1)) | (a & (m >> (ka + 2)));
                let small = b & (m >> (kb + 1));
                let small = if s { unum::neg(w, small) } else { small };
                (big, small)
            }
        ),
    ]
}

proptest! {
    /// Random and edge pairs at posit16/32/64: each op gives the exact path's bits.
    #[test]
    fn fixed_is_exact((w, (a, b)) in width().prop_flat_map(|w| (Just(w), pair(w)))) {
        for (name, fast, exact) in OPS {
            prop_assert_eq!(fast(w, a, b), exact(w, a, b), "{}:{} {:#x} {:#x}", name, w.door(), a, b);
            prop_assert_eq!(fast(w, b, a), exact(w, b, a), "{}:{} {:#x} {:#x}", name, w.door(), b, a);
        }
    }

    /// Random and edge square roots at posit16/32/64.
    #[test]
    fn fixed_sqt_is_exact((w, a) in width().prop_flat_map(|w| (Just(w), pattern(w)))) {
        prop_assert_eq!(unum::sqt(w, a), arith::big_sqt(w, a), "sqt:{} {:#x}", w.door(), a);
    }
}
