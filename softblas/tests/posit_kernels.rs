//! The posit kernels (`exec::fast::posit`) against the exact arms: the
//! elementwise loops against `/lib/unum`'s `add sub mul div neg abs` computed
//! with `BigUint` significands (`arith::big_*`, the Hoon's computation), the
//! fixed-width quire against the `BigUint` quire (`unum::fdp`), and the
//! executor's kernels against the reference executor.
//!
//! Operands: every posit8 pair; every posit16 against a spread of partners
//! (edges and random patterns; every posit16 pair in the ignored
//! `every_posit16_pair`, `cargo test --release -p urnum-softblas --test
//! posit_kernels -- --ignored`); random posit32 pairs biased to the
//! shortcuts. Quire lists: random, cancellation-heavy (each term followed by
//! its negation, a small residue left), the quire's extremes (`maxpos²` and
//! `minpos²` sums, and both at once), NaR and zeros anywhere.

#[path = "rng_support/mod.rs"]
mod rng_support;

use rng_support::Rng;
use softblas::exec::fast::posit::{self, PositMap, PositWord};
use softblas::exec::{self, Operand, Order, View};
use softblas::hw::Op;
use softblas::prog::{Binary, Expr, Op2, Prog};
use softblas::scalar::unum::{self, arith, Width};
use softblas::{Atom, Dtype, Kind, Policy, Round};

/// The kernels' ops and their exact references.
type Exact = fn(Width, u128, u128) -> u128;
const OPS: [(Op, Exact); 4] = [
    (Op::Add, arith::big_add),
    (Op::Sub, arith::big_sub),
    (Op::Mul, arith::big_mul),
    (Op::Div, arith::big_div),
];

/// Edge patterns of `w`: 0, NaR, ±maxpos, ±minpos, ±1 and their neighbours.
fn edges(w: Width) -> Vec<u128> {
    let mut out = Vec::new();
    for p in [0, w.nar(), w.maxpos(), w.minpos(), w.one(), w.one() >> 1, 3] {
        for q in [p, p.wrapping_add(1), p.wrapping_sub(1)] {
            let q = q & w.mask();
            out.push(q);
            out.push(unum::neg(w, q));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Runs kernel `k` on every pair `(a_i, b_i)` and checks it against `exact`.
fn check_map<T: PositWord>(k: Op, exact: Exact, a: &[u128], b: &[u128]) {
    let w = T::W;
    let (xa, xb): (Vec<T>, Vec<T>) = (
        a.iter().map(|&x| T::of_bits(x)).collect(),
        b.iter().map(|&x| T::of_bits(x)).collect(),
    );
    let mut out = vec![T::default(); a.len()];
    posit::map(PositMap::Two(k), &[&xa, &xb], &mut out);
    for ((&x, &y), o) in a.iter().zip(b).zip(&out) {
        assert_eq!(o.bits(), exact(w, x, y), "{k:?} {w:?} {x:#x} {y:#x}");
    }
}

/// Every pair of `xs` and `ys` through every op.
fn check_pairs<T: PositWord>(xs: &[u128], ys: &[u128]) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for &x in xs {
        for &y in ys {
            a.push(x);
            b.push(y);
        }
    }
    for (k, exact) in OPS {
        check_map::<T>(k, exact, &a, &b);
    }
}

#[test]
fn every_posit8_pair() {
    let all: Vec<u128> = (0..256).collect();
    check_pairs::<u8>(&all, &all);
}

#[test]
fn every_posit16_against_a_spread() {
    let mut rng = Rng(16);
    let mut partners = edges(Width::P16);
    partners.extend((0..16).map(|_| u128::from(rng.next() as u16)));
    let all: Vec<u128> = (0..1 << 16).collect();
    check_pairs::<u16>(&all, &partners);
    check_pairs::<u16>(&partners, &all);
}

#[test]
#[ignore = "every posit16 pair: 2^32 operations per op, minutes in release"]
fn every_posit16_pair() {
    let all: Vec<u128> = (0..1 << 16).collect();
    for chunk in all.chunks(256) {
        check_pairs::<u16>(chunk, &all);
    }
}

#[test]
fn posit32_random_and_edges() {
    let w = Width::P32;
    let mut rng = Rng(32);
    let mut xs = edges(w);
    for _ in 0..4000 {
        let v = u128::from(rng.next() as u32);
        // Half of them near 1 (a short regime: the longest fractions), a few near the ends.
        xs.push(match rng.below(4) {
            0 => v,
            1 => (w.one() | (v >> 3)) & w.mask(),
            2 => unum::neg(w, w.one() | (v >> 3)),
            _ => v >> rng.below(31),
        });
    }
    let mut ys = xs.clone();
    ys.rotate_left(17);
    for (k, exact) in OPS {
        check_map::<u32>(k, exact, &xs, &ys);
    }
    check_pairs::<u32>(&edges(w), &xs[..300]);
}

#[test]
fn neg_abs_and_copy_are_the_arms() {
    for w in [Width::P8, Width::P16] {
        let all: Vec<u128> = (0..1u128 << w.n()).collect();
        let check = |k: PositMap, f: fn(Width, u128) -> u128| {
            let out = match w {
                Width::P8 => run1::<u8>(k, &all),
                _ => run1::<u16>(k, &all),
            };
            for (&x, &o) in all.iter().zip(&out) {
                assert_eq!(o, f(w, x), "{k:?} {w:?} {x:#x}");
            }
        };
        check(PositMap::Neg, unum::neg);
        check(PositMap::Abs, unum::abs);
        check(PositMap::Copy, |_, x| x);
    }
}

fn run1<T: PositWord>(k: PositMap, xs: &[u128]) -> Vec<u128> {
    let x: Vec<T> = xs.iter().map(|&v| T::of_bits(v)).collect();
    let mut out = vec![T::default(); x.len()];
    posit::map(k, &[&x], &mut out);
    out.iter().map(|v| v.bits()).collect()
}

/// The codec: `+bit` of `+sea` of every posit8 and posit16 pattern (and random wider ones) is
/// the pattern (the decoder is the fixed-width one, the encoder the exact `BigUint` one).
#[test]
fn decode_round_trips_through_the_exact_encoder() {
    for w in [Width::P8, Width::P16] {
        for p in 0..1u128 << w.n() {
            assert_eq!(unum::bit(w, &unum::sea(w, p)), p, "{w:?} {p:#x}");
        }
    }
    let mut rng = Rng(7);
    for w in [Width::P32, Width::P64, Width::P128] {
        for _ in 0..20000 {
            let p = (rng.next128() >> rng.below(w.n().into())) & w.mask();
            for q in [p, unum::neg(w, p)] {
                assert_eq!(unum::bit(w, &unum::sea(w, q)), q, "{w:?} {q:#x}");
            }
        }
    }
}

/// The quire kernels' sum and dot against the exact `+fdp`.
fn check_fdp<T: PositWord>(a: &[u128], b: &[u128], what: &str) {
    let w = T::W;
    let (xa, xb): (Vec<T>, Vec<T>) = (
        a.iter().map(|&x| T::of_bits(x)).collect(),
        b.iter().map(|&x| T::of_bits(x)).collect(),
    );
    let want = unum::fdp(w, a, b);
    assert_eq!(
        posit::fdp(&xa, &xb).unwrap().bits(),
        want,
        "fdp {what} {w:?}"
    );
    let ones = vec![w.one(); a.len()];
    assert_eq!(
        posit::sum(&xa).unwrap().bits(),
        unum::fdp(w, a, &ones),
        "sum {what} {w:?}"
    );
}

fn quire_lists<T: PositWord>(seed: u64) {
    let w = T::W;
    let mut rng = Rng(seed);
    let pat = |rng: &mut Rng| u128::from(rng.next()) & w.mask();
    for len in [0usize, 1, 2, 3, 7, 64, 257, 1000] {
        // Random patterns (NaR among them now and then).
        let a: Vec<u128> = (0..len).map(|_| pat(&mut rng)).collect();
        let b: Vec<u128> = (0..len).map(|_| pat(&mut rng)).collect();
        check_fdp::<T>(&a, &b, "random");
        // Without NaR: every term counts.
        let clean = |v: &[u128]| -> Vec<u128> {
            v.iter()
                .map(|&x| if x == w.nar() { 0 } else { x })
                .collect()
        };
        check_fdp::<T>(&clean(&a), &clean(&b), "random, no NaR");
        // Cancellation: each product followed by its negation, one small residue.
        let mut ca = Vec::new();
        let mut cb = Vec::new();
        for (&x, &y) in clean(&a).iter().zip(&clean(&b)) {
            ca.extend([x, x]);
            cb.extend([y, unum::neg(w, y)]);
        }
        ca.push(w.minpos());
        cb.push(3);
        check_fdp::<T>(&ca, &cb, "cancellation");
        // The extremes: maxpos² and minpos² terms, alone and together, both signs.
        let big = vec![w.maxpos(); len];
        let small = vec![w.minpos(); len];
        check_fdp::<T>(&big, &big, "maxpos²");
        check_fdp::<T>(&small, &small, "minpos²");
        let mixed: Vec<u128> = (0..len)
            .map(|i| match i % 4 {
                0 => w.maxpos(),
                1 => w.minpos(),
                2 => unum::neg(w, w.maxpos()),
                _ => unum::neg(w, w.minpos()),
            })
            .collect();
        let rot: Vec<u128> = mixed.iter().rev().copied().collect();
        check_fdp::<T>(&mixed, &mixed, "extremes");
        check_fdp::<T>(&mixed, &rot, "extremes crossed");
        let mut tail = big.clone();
        tail.push(unum::neg(w, w.maxpos()));
        let mut tb = big.clone();
        tb.push(w.maxpos());
        tail.push(w.minpos());
        tb.push(w.minpos());
        check_fdp::<T>(&tail, &tb, "maxpos² then minpos²");
    }
}

#[test]
fn quire_sums_and_dots_are_fdp() {
    quire_lists::<u8>(8);
    quire_lists::<u16>(16);
    quire_lists::<u32>(32);
}

/// `contract` and `sum_slices` against `+fdp` per cell and per slice, at shapes that are not
/// multiples of anything, NaR in one row and one column.
fn check_contract<T: PositWord>(seed: u64) {
    let w = T::W;
    let mut rng = Rng(seed);
    for (m, k, p) in [(1, 1, 1), (3, 5, 7), (17, 13, 19), (2, 40, 3), (9, 1, 11)] {
        let mut a: Vec<u128> = (0..m * k)
            .map(|_| u128::from(rng.next()) & w.mask())
            .collect();
        let mut b: Vec<u128> = (0..k * p)
            .map(|_| u128::from(rng.next()) & w.mask())
            .collect();
        for x in a.iter_mut().chain(b.iter_mut()) {
            if *x == w.nar() {
                *x = w.one();
            }
        }
        if m > 2 && p > 2 {
            a[k + k / 2] = w.nar();
            b[(k / 2) * p + 2] = w.nar();
        }
        let (xa, xb): (Vec<T>, Vec<T>) = (
            a.iter().map(|&x| T::of_bits(x)).collect(),
            b.iter().map(|&x| T::of_bits(x)).collect(),
        );
        let mut c = vec![T::default(); m * p];
        assert!(posit::contract((m, k, p), &xa, &xb, &mut c));
        for i in 0..m {
            for j in 0..p {
                let col: Vec<u128> = (0..k).map(|kk| b[kk * p + j]).collect();
                let want = unum::fdp(w, &a[i * k..i * k + k], &col);
                assert_eq!(c[i * p + j].bits(), want, "{w:?} {m}x{k}x{p} cell {i},{j}");
            }
        }
        // The same data as [m k p]: sums along the middle axis.
        let xs: Vec<u128> = (0..m * k * p)
            .map(|_| u128::from(rng.next()) & w.mask())
            .collect();
        let xt: Vec<T> = xs.iter().map(|&x| T::of_bits(x)).collect();
        let mut out = vec![T::default(); m * p];
        assert!(posit::sum_slices(&xt, (m, k, p), &mut out));
        for o in 0..m {
            for i in 0..p {
                let slice: Vec<u128> = (0..k).map(|l| xs[o * k * p + l * p + i]).collect();
                let want = unum::fdp(w, &slice, &vec![w.one(); k]);
                assert_eq!(out[o * p + i].bits(), want, "{w:?} sum-slices {o},{i}");
            }
        }
    }
}

#[test]
fn contractions_and_slice_sums_are_fdp() {
    check_contract::<u8>(1);
    check_contract::<u16>(2);
    check_contract::<u32>(3);
}

/// The executor's posit kernels against the reference executor: `map` of every single
/// elementwise program the kernels serve (and one they decline) at posit8/16/32, and the
/// stepwise folds and contractions (which they decline) still agreeing.
#[test]
fn executor_agrees_with_reference() {
    let mut rng = Rng(99);
    for bloq in 3..=6u32 {
        let t = Dtype {
            kind: Kind::Unum,
            bloq,
            prec: None,
        };
        let w = Width::from_bloq(bloq).unwrap();
        let n = 300;
        let xs: Vec<Atom> = (0..n)
            .map(|_| Atom::from_u128(u128::from(rng.next()) & w.mask()))
            .collect();
        let ys: Vec<Atom> = (0..n)
            .map(|_| Atom::from_u128(u128::from(rng.next()) & w.mask()))
            .collect();
        let view = View::contiguous(&[n]);
        let ops = [
            Op2::Binary(Binary::Add),
            Op2::Binary(Binary::Sub),
            Op2::Binary(Binary::Mul),
            Op2::Binary(Binary::Div),
            Op2::Binary(Binary::Mod),
        ];
        for op in ops {
            let prog = Prog::from_exprs(
                vec![t, t],
                &[Expr::Op2(op, Box::new(Expr::In(0)), Box::new(Expr::In(1)))],
                Round::N,
            )
            .unwrap();
            let run = |pol: Policy| {
                exec::map(
                    pol,
                    &prog,
                    &[n],
                    &[
                        Operand {
                            data: &xs,
                            view: &view,
                        },
                        Operand {
                            data: &ys,
                            view: &view,
                        },
                    ],
                )
            };
            assert_eq!(
                run(Policy::FAST),
                run(Policy::REFERENCE),
                "{op:?} bloq {bloq}"
            );
            let step = Prog::from_exprs(
                vec![t, t],
                &[Expr::Op2(op, Box::new(Expr::In(0)), Box::new(Expr::In(1)))],
                Round::N,
            )
            .unwrap();
            for order in [Order::right_from_zero(), Order::left_from_first()] {
                assert_eq!(
                    exec::fold(Policy::FAST, &step, &order, &xs),
                    exec::fold(Policy::REFERENCE, &step, &order, &xs),
                    "fold {op:?} bloq {bloq}"
                );
            }
        }
        let contract = |pol| exec::contract(pol, &t, Round::N, (10, 10, 3), &xs[..100], &ys[..30]);
        assert_eq!(contract(Policy::FAST), contract(Policy::REFERENCE));
    }
}
