//! Property tests: the fast executor (`exec::fast`) gives exactly the reference
//! executor's result — values and errors — for random programs, shapes,
//! strides (negative, zero, transposed), operands biased to NaN, ±∞, ±0 and
//! subnormals, and all five rounding modes.
//!
//! The programs cover what the kernels serve (single `%i754` programs of
//! `Copy Abs Neg Conj Add Sub Mul Div` every comparison and `Fma`; single
//! `%uint`/`%int2`/`%fixp` programs at bloq 3–6 of `Copy Abs Neg Conj Add Sub Mul
//! Div Mod` and every comparison, over 0, 1, the greatest and least values,
//! their neighbours and small values, so that divisions by zero and
//! wrap-arounds occur) and what they decline (other kinds, other dtypes or
//! bloqs (integer bloqs 0–2 and 7), multi-node programs, atoms wider than the element, integer
//! divisions by zero), so both paths of each entry point run.

mod i754_support;

use i754_support::Rng;
use proptest::prelude::*;
use softblas::exec::{self, fast, Dir, Operand, Order, Seed, View};
use softblas::prog::{Binary, Compare, Expr, Node, Op1, Op2, Op3, Prog, ProgError, Unary};
use softblas::scalar::i754::Width;
use softblas::{Atom, Dtype, Kind, Prec, Round};

fn dtype(rng: &mut Rng) -> Dtype {
    let d = |kind, bloq| Dtype {
        kind,
        bloq,
        prec: None,
    };
    match rng.below(24) {
        // Declined: an %i754 bloq the dispatch rejects, integer bloqs no host type holds.
        0 => d(Kind::I754, 3),
        1 => d(Kind::Uint, rng.below(3) as u32),
        2 => d(Kind::Int2, rng.below(3) as u32),
        // Served by the integer kernels.
        k @ 3..=7 => d(Kind::Uint, k as u32),
        k @ 8..=12 => d(Kind::Int2, k as u32 - 5),
        13 | 14 => fixp(3 + rng.below(4) as u32, rng),
        // %fixp the kernels decline: no precision, one narrower than the element.
        15 => d(Kind::Fixp, 5),
        16 => Dtype {
            kind: Kind::Fixp,
            bloq: 5,
            prec: Some(Prec { a: 8, b: 8 }),
        },
        k => d(Kind::I754, 4 + (k as u32 % 4)),
    }
}

/// A `%fixp` dtype at `bloq` whose precision fills the element, `b` from 0 to all but the sign.
fn fixp(bloq: u32, rng: &mut Rng) -> Dtype {
    let bits = 1u32 << bloq;
    let b = [0, 1, bits / 2, bits - 1][rng.below(4) as usize];
    Dtype {
        kind: Kind::Fixp,
        bloq,
        prec: Some(Prec { a: bits - 1 - b, b }),
    }
}

/// All ones in the low `bits` bits (`bits` ≤ 128).
fn mask_of(bits: u32) -> u128 {
    u128::MAX >> (128 - bits)
}

/// An integer of `bits` bits: 0, 1, 2, the greatest and least (two's
/// complement) values and their neighbours, small values of either sign, anything.
fn int_value(bits: u32, rng: &mut Rng) -> u128 {
    let mask = mask_of(bits);
    let min = 1u128 << (bits - 1);
    let edges = [0, 1, 2, mask, mask - 1, min, min - 1, min + 1];
    match rng.below(4) {
        0 => edges[rng.below(edges.len() as u64) as usize],
        1 => rng.below(9) as u128,
        2 => (rng.below(9) as u128).wrapping_neg() & mask,
        _ => rng.next128() & mask,
    }
}

/// An element of `t`: for `%i754` a hard-case value, for an integer kind an
/// edge or random value ([`int_value`]), rarely an atom wider than the element.
fn element(t: &Dtype, rng: &mut Rng) -> Atom {
    if rng.below(40) == 0 {
        return Atom::from_u128(rng.next128()).add(&Atom::pow2(130));
    }
    match Width::from_bloq(t.bloq) {
        Some(w) if t.kind == Kind::I754 => Atom::from_u128(i754_support::value(w, rng)),
        _ => Atom::from_u128(int_value(1 << t.bloq.min(7), rng)),
    }
}

fn round(rng: &mut Rng) -> Round {
    Round::ALL[rng.below(5) as usize]
}

/// Every comparison the kernels serve.
const COMPARES: [Compare; 6] = [
    Compare::Gth,
    Compare::Gte,
    Compare::Lth,
    Compare::Lte,
    Compare::Equ,
    Compare::Neq,
];

fn op2(rng: &mut Rng) -> Op2 {
    match rng.below(11) {
        0 => Op2::Binary(Binary::Add),
        1 => Op2::Binary(Binary::Sub),
        2 => Op2::Binary(Binary::Mul),
        3 => Op2::Binary(Binary::Div),
        4 => Op2::Binary(Binary::Mod),
        k => Op2::Compare(COMPARES[k as usize - 5]),
    }
}

/// A random program over one dtype: mostly single, sometimes two levels deep.
fn program(rng: &mut Rng) -> Option<Prog> {
    let t = dtype(rng);
    let r = round(rng);
    let p = match rng.below(8) {
        0 => {
            let u = [Unary::Abs, Unary::Neg, Unary::Conj, Unary::Sqrt][rng.below(4) as usize];
            Prog::of_node(vec![t], Node::Op1(Op1::Unary(u), t, 0), r)
        }
        1 => Prog::of_node(vec![t], Node::Op1(Op1::Copy, t, 0), r),
        2 => Prog::of_node(vec![t, t, t], Node::Op3(Op3::Fma, 0, 1, 2), r),
        3 => {
            // (a ⊕ b) ⊗ a: not single, declined.
            let inner = Expr::Op2(op2(rng), Box::new(Expr::In(0)), Box::new(Expr::In(1)));
            Prog::from_exprs(
                vec![t, t],
                &[Expr::Op2(op2(rng), Box::new(inner), Box::new(Expr::In(0)))],
                r,
            )
        }
        _ => Prog::of_node(vec![t, t], Node::Op2(op2(rng), 0, 1), r),
    };
    p.ok()
}

/// A strided view of `shape` (strides in −3..=3, so reversed, broadcast and
/// transposed layouts occur) and a buffer it fits.
fn operand(t: &Dtype, shape: &[usize], rng: &mut Rng) -> (Vec<Atom>, View) {
    let strides: Vec<isize> = shape.iter().map(|_| rng.below(7) as isize - 3).collect();
    let mut offset = 0usize;
    let mut hi = 0usize;
    for (&n, &s) in shape.iter().zip(&strides) {
        let reach = n.saturating_sub(1) * s.unsigned_abs();
        if s < 0 {
            offset += reach;
        }
        hi += reach;
    }
    let len = hi + 1 + rng.below(3) as usize;
    let data = (0..len).map(|_| element(t, rng)).collect();
    (data, View::new(shape.to_vec(), strides, offset))
}

/// Checks one random map; whether a kernel served it.
fn check_map(seed: u64) -> bool {
    let mut rng = Rng(seed);
    let Some(prog) = program(&mut rng) else {
        return false;
    };
    let rank = rng.below(4) as usize;
    let shape: Vec<usize> = (0..rank).map(|_| rng.below(4) as usize).collect();
    let ops: Vec<(Vec<Atom>, View)> = prog
        .ins()
        .iter()
        .map(|t| operand(t, &shape, &mut rng))
        .collect();
    compare_map(&prog, &shape, &ops)
}

/// Runs `prog` at every index of `shape` over `ops` with both executors, checks
/// that they agree; whether a kernel served it.
fn compare_map(prog: &Prog, shape: &[usize], ops: &[(Vec<Atom>, View)]) -> bool {
    let operands: Vec<Operand<'_>> = ops
        .iter()
        .map(|(data, view)| Operand { data, view })
        .collect();
    let want = exec::reference_map(softblas::Policy::REFERENCE, prog, shape, &operands);
    let got = exec::map(softblas::Policy::FAST, prog, shape, &operands);
    assert_eq!(got, want, "{prog:?} shape {shape:?} operands {ops:?}");
    fast::map_kernel(softblas::Policy::FAST, prog, shape, &operands).is_some()
}

/// Checks one random fold; whether a kernel served it.
fn check_fold(seed: u64) -> bool {
    let mut rng = Rng(seed);
    let t = dtype(&mut rng);
    let Ok(step) = exec::step(op2(&mut rng), t, round(&mut rng)) else {
        return false;
    };
    let n = rng.below(7) as usize;
    let xs: Vec<Atom> = (0..n).map(|_| element(&t, &mut rng)).collect();
    let dir = if rng.below(2) == 0 {
        Dir::Left
    } else {
        Dir::Right
    };
    let seed = match rng.below(3) {
        0 => Seed::First,
        1 => Seed::Zero,
        _ => Seed::Bits(element(&t, &mut rng)),
    };
    let order = Order { dir, seed };
    let want = exec::reference_fold(softblas::Policy::REFERENCE, &step, &order, &xs);
    let got = exec::fold(softblas::Policy::FAST, &step, &order, &xs);
    assert_eq!(got, want, "{step:?} {order:?} xs {xs:?}");
    fast::fold_kernel(softblas::Policy::FAST, &step, &order, &xs).is_some()
}

/// Checks one random contraction; whether a kernel served it.
fn check_contract(seed: u64) -> bool {
    let mut rng = Rng(seed);
    let t = dtype(&mut rng);
    let r = round(&mut rng);
    let (m, k, p) = (
        rng.below(4) as usize,
        rng.below(4) as usize,
        rng.below(4) as usize,
    );
    // Rarely a wrong length, so the error path is compared too.
    let extra = usize::from(rng.below(16) == 0);
    let a: Vec<Atom> = (0..m * k + extra).map(|_| element(&t, &mut rng)).collect();
    let b: Vec<Atom> = (0..k * p).map(|_| element(&t, &mut rng)).collect();
    let want = exec::reference_contract(softblas::Policy::REFERENCE, &t, r, (m, k, p), &a, &b);
    let got = exec::contract(softblas::Policy::FAST, &t, r, (m, k, p), &a, &b);
    assert_eq!(got, want, "{t:?} {r:?} {m}x{k}x{p} a {a:?} b {b:?}");
    fast::contract_kernel(softblas::Policy::FAST, &t, r, (m, k, p), &a, &b).is_some()
}

proptest! {
    #[test]
    fn fast_map_equals_reference(seed in any::<u64>()) { check_map(seed); }

    #[test]
    fn fast_fold_equals_reference(seed in any::<u64>()) { check_fold(seed); }

    #[test]
    fn fast_contract_equals_reference(seed in any::<u64>()) { check_contract(seed); }
}

/// The generators reach both paths: over 400 fixed seeds, kernels serve a good
/// share of each entry point's calls and decline some (so the property tests
/// above compare real kernel results, not only the fallback).
#[test]
fn generators_reach_kernels_and_fallbacks() {
    for (name, check) in [
        ("map", check_map as fn(u64) -> bool),
        ("fold", check_fold),
        ("contract", check_contract),
    ] {
        let served = (0..400u64).filter(|&s| check(s * 0x9e37_79b9 + 1)).count();
        assert!(
            (100..400).contains(&served),
            "{name}: {served} of 400 served"
        );
    }
}

/// Each served kind at each width and mode over the same hard-case operands:
/// a deterministic sweep so every kernel row runs whatever the seeds.
#[test]
fn every_kernel_row_matches_the_reference() {
    let mut rng = Rng(7);
    let shape = [3, 5];
    let mut served = 0;
    for bloq in 4..=7 {
        let t = Dtype {
            kind: Kind::I754,
            bloq,
            prec: None,
        };
        for r in Round::ALL {
            let mut nodes: Vec<(usize, Node)> = vec![
                (1, Node::Op1(Op1::Copy, t, 0)),
                (1, Node::Op1(Op1::Unary(Unary::Abs), t, 0)),
                (1, Node::Op1(Op1::Unary(Unary::Neg), t, 0)),
                (1, Node::Op1(Op1::Unary(Unary::Conj), t, 0)),
                (3, Node::Op3(Op3::Fma, 0, 1, 2)),
            ];
            for b in [Binary::Add, Binary::Sub, Binary::Mul, Binary::Div] {
                nodes.push((2, Node::Op2(Op2::Binary(b), 0, 1)));
            }
            for c in COMPARES {
                nodes.push((2, Node::Op2(Op2::Compare(c), 0, 1)));
            }
            for (k, node) in nodes {
                let prog = Prog::of_node(vec![t; k], node, r).unwrap();
                let ops: Vec<(Vec<Atom>, View)> = (0..k)
                    .map(|_| {
                        let w = Width::from_bloq(bloq).unwrap();
                        let data = (0..15)
                            .map(|_| Atom::from_u128(i754_support::value(w, &mut rng)))
                            .collect();
                        (data, View::contiguous(&shape))
                    })
                    .collect();
                compare_map(&prog, &shape, &ops);
                served += 1;
            }
        }
    }
    assert_eq!(served, 4 * 5 * 15);
}

/// Each integer kernel row at each kind and bloq 3–6 over edge operands
/// (every pair of 0, 1, the greatest and least values and their neighbours,
/// so divisions by zero, `min ÷ −1` and wrap-arounds all occur): maps, both
/// fold directions from every seed, and contractions against the reference.
#[test]
fn every_int_kernel_row_matches_the_reference() {
    let mut rng = Rng(11);
    let (mut served, mut want_served) = (0, 0);
    let mut dtypes = vec![];
    for bloq in 3..=6u32 {
        for kind in [Kind::Uint, Kind::Int2] {
            dtypes.push(Dtype {
                kind,
                bloq,
                prec: None,
            });
        }
        let bits = 1u32 << bloq;
        for b in [0, 1, bits / 2, bits - 1] {
            let a = bits - 1 - b;
            dtypes.push(Dtype {
                kind: Kind::Fixp,
                bloq,
                prec: Some(Prec { a, b }),
            });
        }
    }
    for t in dtypes {
        let (kind, bloq) = (t.kind, t.bloq);
        {
            let bits = 1u32 << bloq;
            let mask = mask_of(bits);
            let min = 1u128 << (bits - 1);
            let edges = [
                0,
                1,
                2,
                3,
                mask,
                mask - 1,
                min,
                min - 1,
                min + 1,
                7,
                mask - 6,
            ];
            // Every ordered pair of edges, as two rows of one 11 × 11 loop.
            let n = edges.len();
            let a: Vec<Atom> = (0..n * n).map(|i| Atom::from_u128(edges[i / n])).collect();
            let b: Vec<Atom> = (0..n * n).map(|i| Atom::from_u128(edges[i % n])).collect();
            // The same pairs without a zero divisor, so the division kernels serve.
            let nz: Vec<Atom> = b
                .iter()
                .map(|x| if x.is_zero() { Atom::ONE } else { x.clone() })
                .collect();
            let shape = [n * n];
            let view = View::contiguous(&shape);
            let mut nodes: Vec<(usize, Node)> = vec![
                (1, Node::Op1(Op1::Copy, t, 0)),
                (1, Node::Op1(Op1::Unary(Unary::Abs), t, 0)),
                (1, Node::Op1(Op1::Unary(Unary::Conj), t, 0)),
            ];
            if kind != Kind::Uint {
                nodes.push((1, Node::Op1(Op1::Unary(Unary::Neg), t, 0)));
            }
            // Each node twice (with and without zero divisors), less `div` and `mod` by zero.
            want_served += 2 * (nodes.len() + 11) - 2;
            let binaries = [
                Binary::Add,
                Binary::Sub,
                Binary::Mul,
                Binary::Div,
                Binary::Mod,
            ];
            for op in binaries
                .map(Op2::Binary)
                .into_iter()
                .chain(COMPARES.map(Op2::Compare))
            {
                nodes.push((2, Node::Op2(op, 0, 1)));
            }
            for (k, node) in nodes {
                let prog = Prog::of_node(vec![t; k], node.clone(), Round::N).unwrap();
                for divisors in [&b, &nz] {
                    let ops = [(a.clone(), view.clone()), (divisors.clone(), view.clone())];
                    let hit = compare_map(&prog, &shape, &ops[..k]);
                    let by_zero = divisors == &b
                        && matches!(
                            node,
                            Node::Op2(Op2::Binary(Binary::Div | Binary::Mod), _, _)
                        );
                    assert_eq!(hit, !by_zero, "{prog:?}: served {hit}");
                    served += usize::from(hit);
                }
                let Node::Op2(op, _, _) = node else { continue };
                // Folds over an odd length, both directions, every seed.
                let step = exec::step(op, t, Round::N).unwrap();
                let xs: Vec<Atom> = (0..13)
                    .map(|_| Atom::from_u128(int_value(bits, &mut rng)))
                    .collect();
                for dir in [Dir::Left, Dir::Right] {
                    for seed in [
                        Seed::First,
                        Seed::Zero,
                        Seed::Bits(Atom::ONE),
                        Seed::Bits(Atom::from_u128(mask)),
                    ] {
                        let order = Order { dir, seed };
                        let want =
                            exec::reference_fold(softblas::Policy::REFERENCE, &step, &order, &xs);
                        let got = exec::fold(softblas::Policy::FAST, &step, &order, &xs);
                        assert_eq!(got, want, "{step:?} {order:?} {xs:?}");
                    }
                }
            }
            // Contractions with the edges, odd shapes.
            for (m, k, p) in [(1, 1, 1), (3, 5, 7), (11, 11, 11), (2, 0, 3)] {
                let x: Vec<Atom> = (0..m * k).map(|i| a[(i * 7) % a.len()].clone()).collect();
                let y: Vec<Atom> = (0..k * p).map(|i| b[(i * 5) % b.len()].clone()).collect();
                let want = exec::reference_contract(
                    softblas::Policy::REFERENCE,
                    &t,
                    Round::N,
                    (m, k, p),
                    &x,
                    &y,
                );
                let got = exec::contract(softblas::Policy::FAST, &t, Round::N, (m, k, p), &x, &y);
                assert_eq!(got, want, "{t:?} {m}x{k}x{p}");
                assert!(fast::contract_kernel(
                    softblas::Policy::FAST,
                    &t,
                    Round::N,
                    (m, k, p),
                    &x,
                    &y
                )
                .is_some());
            }
        }
    }
    assert_eq!(served, want_served);
}

/// Integer dtypes the kernels decline: bloqs 0–2 (no host type holds the
/// element) and 7, `%pow`, `%fixp` without a precision, narrower than its element
/// or at bloq 7, and the reference executor's policy.
#[test]
fn int_calls_the_kernels_decline() {
    let fast = softblas::Policy::FAST;
    for (bloq, prec) in [
        (5, None),
        (5, Some(Prec { a: 8, b: 8 })),
        (5, Some(Prec { a: 16, b: 16 })),
        (7, Some(Prec { a: 63, b: 64 })),
    ] {
        let t = Dtype {
            kind: Kind::Fixp,
            bloq,
            prec,
        };
        if let Ok(add) = binary(Binary::Add, t) {
            assert_eq!(fast::choice::choose_map(fast, &add), None);
        }
    }
    for kind in [Kind::Uint, Kind::Int2] {
        for bloq in [0, 1, 2, 7] {
            let t = Dtype {
                kind,
                bloq,
                prec: None,
            };
            let prog = binary(Binary::Add, t).unwrap();
            assert_eq!(fast::choice::choose_map(fast, &prog), None);
        }
        let t = Dtype {
            kind,
            bloq: 5,
            prec: None,
        };
        let pow = binary(Binary::Pow, t).unwrap();
        assert_eq!(fast::choice::choose_map(fast, &pow), None);
        let add = binary(Binary::Add, t).unwrap();
        assert_eq!(
            fast::choice::choose_map(softblas::Policy::REFERENCE, &add),
            None
        );
        assert!(fast::choice::choose_map(fast, &add).is_some());
    }
}

/// The program `op(in0, in1)` on two operands of dtype `t`, in `%n`.
fn binary(op: Binary, t: Dtype) -> Result<Prog, ProgError> {
    Prog::of_node(vec![t, t], Node::Op2(Op2::Binary(op), 0, 1), Round::N)
}

/// A fold with nothing after its seed returns the seed's bits untouched: a
/// one-element `Seed::First` fold of a NaN with a payload keeps the payload, as
/// the reference does (the fast kernel used to canonicalise it).
#[test]
fn a_fold_of_one_element_keeps_its_bits() {
    for (bloq, nan) in [
        (4u32, 0x7c01u128),
        (5, 0x7f80_0001),
        (6, 0x7ff0_0000_0000_0001),
    ] {
        let t = Dtype {
            kind: Kind::I754,
            bloq,
            prec: None,
        };
        for r in Round::ALL {
            for dir in [Dir::Left, Dir::Right] {
                let step = exec::step(Op2::Binary(Binary::Add), t, r).unwrap();
                let order = Order {
                    dir,
                    seed: Seed::First,
                };
                let xs = [Atom::from_u128(nan)];
                assert_eq!(
                    exec::fold(softblas::Policy::FAST, &step, &order, &xs).unwrap(),
                    Atom::from_u128(nan),
                    "bloq {bloq} {r:?} {dir:?}"
                );
                assert_eq!(
                    exec::fold(softblas::Policy::FAST, &step, &order, &xs),
                    exec::reference_fold(softblas::Policy::REFERENCE, &step, &order, &xs)
                );
            }
        }
    }
}

/// A contraction over `k = 0` whose `m × p` result overflows `usize` is an
/// error from both executors, never an allocation of `m · p` cells.
#[test]
fn contract_with_an_overflowing_result_is_refused() {
    let t = Dtype {
        kind: Kind::I754,
        bloq: 5,
        prec: None,
    };
    let big = usize::MAX / 2 + 1;
    assert!(fast::contract_kernel(
        softblas::Policy::FAST,
        &t,
        Round::N,
        (big, 0, big),
        &[],
        &[]
    )
    .is_none());
    let r = exec::contract(
        softblas::Policy::FAST,
        &t,
        Round::N,
        (big, 0, big),
        &[],
        &[],
    );
    assert!(matches!(r, Err(exec::ExecError::View { .. })), "{r:?}");
    // m · k overflowing is a length mismatch, not a panic.
    let r = exec::reference_contract(
        softblas::Policy::REFERENCE,
        &t,
        Round::N,
        (big, 2, 1),
        &[],
        &[],
    );
    assert!(
        matches!(r, Err(exec::ExecError::View { k: 0, .. })),
        "{r:?}"
    );
}
