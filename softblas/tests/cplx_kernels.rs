//! The complex kernels (`exec::fast::cplx`) against the reference executor:
//! `%cplx` maps (`Copy Neg Conj Add Sub Mul Div`), folds (`+ − × ÷`, both
//! directions, every seed) and contractions at `cs` (bloq 6) and `cd` (bloq
//! 7), in all five modes, at every instruction-set level, over components
//! biased to NaN (quiet, signalling, with payloads), ±∞, ±0, subnormals,
//! the largest and smallest binades and values near 1, with lengths and
//! shapes that are no multiple of a vector. Each call must give the
//! reference's atoms, and the kernels must have served it (so the
//! comparison is of kernel results, not of the fallback).

mod exec_support;
mod i754_support;

use exec_support::with_columns;
use i754_support::Rng;
use proptest::prelude::*;
use softblas::exec::{self, fast, Dir, Operand, Order, Seed, View};
use softblas::prog::{Binary, Node, Op1, Op2, Prog, Unary};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Dtype, Isa, Kind, Policy, Round};

/// The served `%cplx` dtypes with their component widths.
const DTYPES: [(u32, Width); 2] = [(6, Width::S), (7, Width::D)];

fn cplx(bloq: u32) -> Dtype {
    Dtype {
        kind: Kind::Cplx,
        bloq,
        prec: None,
    }
}

/// The fast policies: every instruction-set level.
fn fast_policies() -> impl Iterator<Item = Policy> {
    Isa::ALL.into_iter().map(|i| Policy::FAST.with_isa(i))
}

/// Component specials of `w`: ±0, ±∞, NaNs with and without payloads and
/// signs, the least subnormal, the least normal, the greatest finite, ±1.
fn specials(w: Width) -> Vec<u128> {
    i754::specials(w, 5)
        .iter()
        .flat_map(|&v| [v, v | w.sign_bit()])
        .collect()
}

/// An element of component width `w`: two hard-case components, sometimes
/// both special, sometimes equal magnitudes (Smith's branch tie).
fn element(w: Width, rng: &mut Rng) -> Atom {
    let s = specials(w);
    let (re, im) = match rng.below(6) {
        0 => (
            s[rng.below(s.len() as u64) as usize],
            s[rng.below(s.len() as u64) as usize],
        ),
        1 => {
            let v = i754_support::value(w, rng);
            (v, v ^ (w.sign_bit() * u128::from(rng.below(2) == 1)))
        }
        _ => (i754_support::value(w, rng), i754_support::value(w, rng)),
    };
    Atom::from_u128(im << w.bits() | re)
}

fn elements(w: Width, n: usize, rng: &mut Rng) -> Vec<Atom> {
    (0..n).map(|_| element(w, rng)).collect()
}

/// Every program the complex map kernels serve, with its operand count.
fn programs(t: Dtype, r: Round) -> Vec<Prog> {
    let mut nodes: Vec<(usize, Node)> = vec![
        (1, Node::Op1(Op1::Copy, t, 0)),
        (1, Node::Op1(Op1::Unary(Unary::Neg), t, 0)),
        (1, Node::Op1(Op1::Unary(Unary::Conj), t, 0)),
    ];
    for b in [Binary::Add, Binary::Sub, Binary::Mul, Binary::Div] {
        nodes.push((2, Node::Op2(Op2::Binary(b), 0, 1)));
    }
    nodes
        .into_iter()
        .map(|(k, node)| Prog::of_node(vec![t; k], node, r).unwrap())
        .collect()
}

/// Runs `prog` over `ops` (contiguous, `n` elements each) under the
/// reference policy and every fast one; asserts equal results, each served.
fn compare_map(prog: &Prog, ops: &[Vec<Atom>]) {
    with_columns(ops, |n, operands| {
        let want = exec::reference_map(Policy::REFERENCE, prog, &[n], operands).unwrap();
        for pol in fast_policies() {
            let got = fast::map_kernel(pol, prog, &[n], operands);
            assert_eq!(got.as_ref(), Some(&want[0]), "{pol:?} {prog:?} {ops:?}");
        }
    });
}

/// Runs `f` at both served `%cplx` dtypes (with their component widths) in
/// every mode.
fn each_mode(mut f: impl FnMut(Dtype, Width, Round)) {
    for (bloq, w) in DTYPES {
        for r in Round::ALL {
            f(cplx(bloq), w, r);
        }
    }
}

/// Every map kernel at both widths and in every mode over 1301 hard-case
/// elements (no multiple of a vector, across a pass of the split kernels), and `÷` over every pair of special
/// divisors with special and ordinary dividends.
#[test]
fn every_map_kernel_matches_the_reference() {
    let mut rng = Rng(0xc0ffee);
    let mut runs = 0;
    each_mode(|t, w, r| {
        for prog in programs(t, r) {
            let ops: Vec<Vec<Atom>> = prog
                .ins()
                .iter()
                .map(|_| elements(w, 1301, &mut rng))
                .collect();
            compare_map(&prog, &ops);
            runs += 1;
        }
        // Division by every special divisor.
        let s = specials(w);
        let divisors: Vec<Atom> = s
            .iter()
            .flat_map(|&re| {
                s.iter()
                    .map(move |&im| Atom::from_u128(im << w.bits() | re))
            })
            .collect();
        let dividends = elements(w, divisors.len(), &mut rng);
        let div = Prog::of_node(vec![t; 2], Node::Op2(Op2::Binary(Binary::Div), 0, 1), r).unwrap();
        compare_map(&div, &[dividends, divisors]);
        runs += 1;
    });
    assert_eq!(runs, 2 * 5 * 8);
}

/// Folds by each step in both directions from every seed over lengths 0–9
/// and 257, at both widths and in every mode.
#[test]
fn every_fold_matches_the_reference() {
    let mut rng = Rng(0xf01d);
    let mut runs = 0;
    each_mode(|t, w, r| {
        for b in [Binary::Add, Binary::Sub, Binary::Mul, Binary::Div] {
            let step = exec::step(Op2::Binary(b), t, r).unwrap();
            for n in (0..10).chain([257]) {
                let xs = elements(w, n, &mut rng);
                for dir in [Dir::Left, Dir::Right] {
                    let seeds = [
                        Seed::First,
                        Seed::Zero,
                        Seed::Bits(Atom::ONE),
                        Seed::Bits(element(w, &mut rng)),
                    ];
                    for seed in seeds {
                        let order = Order { dir, seed };
                        let want = exec::reference_fold(Policy::REFERENCE, &step, &order, &xs);
                        for pol in fast_policies() {
                            let got = fast::fold_kernel(pol, &step, &order, &xs);
                            match &want {
                                Ok(v) => assert_eq!(
                                    got.as_ref(),
                                    Some(v),
                                    "{pol:?} {step:?} {order:?} {xs:?}"
                                ),
                                // Only `First` on no elements fails; the kernel declines it.
                                Err(_) => assert!(got.is_none() && n == 0),
                            }
                        }
                        runs += 1;
                    }
                }
            }
        }
    });
    assert_eq!(runs, 2 * 5 * 4 * 11 * 2 * 4);
}

/// Contractions of shapes that are no multiple of the kernels' tiles (and
/// empty ones), at both widths, in every mode, at every level.
#[test]
fn every_contraction_matches_the_reference() {
    let mut rng = Rng(0x3a3a);
    let shapes = [
        (1, 1, 1),
        (0, 3, 2),
        (2, 0, 3),
        (3, 5, 7),
        (5, 17, 19),
        (9, 33, 17),
        (2, 3, 40),
    ];
    each_mode(|t, w, r| {
        for (m, k, p) in shapes {
            let (a, b) = (elements(w, m * k, &mut rng), elements(w, k * p, &mut rng));
            let want =
                exec::reference_contract(Policy::REFERENCE, &t, r, (m, k, p), &a, &b).unwrap();
            for pol in fast_policies() {
                let got = fast::contract_kernel(pol, &t, r, (m, k, p), &a, &b);
                assert_eq!(got.as_ref(), Some(&want), "{pol:?} {r:?} {m}x{k}x{p}");
            }
        }
    });
}

/// What the complex kernels decline: other bloqs, `abs`, the comparisons,
/// `%mod`, and atoms wider than an element (the reference runs them all).
#[test]
fn the_complex_kernels_decline_the_rest() {
    let mut rng = Rng(5);
    for bloq in [5, 8] {
        let add = Prog::of_node(
            vec![cplx(bloq); 2],
            Node::Op2(Op2::Binary(Binary::Add), 0, 1),
            Round::N,
        )
        .unwrap();
        assert!(
            fast::choice::choose_map(Policy::FAST, &add).is_none(),
            "bloq {bloq}"
        );
    }
    let t = cplx(6);
    let abs = Prog::of_node(vec![t], Node::Op1(Op1::Unary(Unary::Abs), t, 0), Round::N).unwrap();
    assert!(fast::choice::choose_map(Policy::FAST, &abs).is_none());
    for op in [
        Op2::Binary(Binary::Mod),
        Op2::Compare(softblas::prog::Compare::Equ),
    ] {
        let prog = Prog::of_node(vec![t; 2], Node::Op2(op, 0, 1), Round::N);
        if let Ok(prog) = prog {
            assert!(
                fast::choice::choose_map(Policy::FAST, &prog).is_none(),
                "{op:?}"
            );
        }
    }
    let add = Prog::of_node(
        vec![t; 2],
        Node::Op2(Op2::Binary(Binary::Add), 0, 1),
        Round::N,
    )
    .unwrap();
    assert!(fast::choice::choose_map(Policy::REFERENCE, &add).is_none());
    let mut wide = elements(Width::S, 3, &mut rng);
    wide[1] = Atom::pow2(64).add(&Atom::ONE);
    let view = View::contiguous(&[3]);
    let ops = [
        Operand {
            data: &wide,
            view: &view,
        },
        Operand {
            data: &wide,
            view: &view,
        },
    ];
    assert!(fast::map_kernel(Policy::FAST, &add, &[3], &ops).is_none());
    let want = exec::reference_map(Policy::REFERENCE, &add, &[3], &ops);
    assert_eq!(exec::map(Policy::FAST, &add, &[3], &ops), want);
}

proptest! {
    /// Random maps and folds at random lengths, widths and modes.
    #[test]
    fn random_complex_calls_match_the_reference(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        let (bloq, w) = DTYPES[rng.below(2) as usize];
        let r = Round::ALL[rng.below(5) as usize];
        let progs = programs(cplx(bloq), r);
        let prog = &progs[rng.below(progs.len() as u64) as usize];
        let n = 1 + rng.below(40) as usize;
        let ops: Vec<Vec<Atom>> = prog.ins().iter().map(|_| elements(w, n, &mut rng)).collect();
        compare_map(prog, &ops);
    }
}
