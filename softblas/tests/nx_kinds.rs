//! Nx's exactly-defined kinds (`softblas::prog::{NxUnary, NxBinary, Test}`):
//! bit tables per kind and element kind with the reason for each row, and the
//! domains `Prog::new` refuses (`tests/data/nx_kinds.txt`); properties against exact definitions (MPFR
//! for `Recip`, Berkeley SoftFloat for roundToIntegral and the IEEE order,
//! machine integers for the integer kinds, binary64 for posits), and the fast
//! executor against the reference one.
//!
//! The long fast-versus-reference run (10^6 random cases per kind and width) is
//! ignored:
//! `cargo test --release -p urnum-softblas --test nx_kinds -- --ignored fast_matches_reference_million`.

mod exec_support;
mod i754_support;
mod softcore_support;
#[path = "table_support/mod.rs"]
mod table_support;

use exec_support::with_columns;
use i754_support::Rng;
use softblas::exec::{self, fast, Operand, Order};
use softblas::prog::{
    Node, NxBinary, NxKind, NxUnary, Op1, Op2, Prog, ProgError, Test, BOOL_DTYPE,
};
use softblas::scalar::i754::{self, Width};
use softblas::scalar::threefry;
use softblas::scalar::unum::{self as posit, Ieee};
use softblas::Policy;
use softblas::{Atom, Dtype, Kind, Prec, Round};
use softcore_support::{Op as SfOp, Oracle};
use table_support::{hex, rows};

const fn t(kind: Kind, bloq: u32) -> Dtype {
    Dtype {
        kind,
        bloq,
        prec: None,
    }
}

const RH: Dtype = t(Kind::I754, 4);
const RS: Dtype = t(Kind::I754, 5);
const RD: Dtype = t(Kind::I754, 6);
const U8: Dtype = t(Kind::Uint, 3);
const I8: Dtype = t(Kind::Int2, 3);
const U64: Dtype = t(Kind::Uint, 6);
const I64: Dtype = t(Kind::Int2, 6);
const P16: Dtype = t(Kind::Unum, 4);
const C64: Dtype = t(Kind::Cplx, 6);
/// Q7.8 in 16-bit elements: one is 0x100.
const Q78: Dtype = Dtype {
    kind: Kind::Fixp,
    bloq: 4,
    prec: Some(Prec { a: 7, b: 8 }),
};

/// The one-node program over operands of dtype `d` (its output `out`).
fn prog1(op: Op1, d: Dtype, out: Dtype, r: Round) -> Result<Prog, ProgError> {
    Prog::of_node(vec![d], Node::Op1(op, out, 0), r)
}

fn prog2(k: NxBinary, d: Dtype) -> Result<Prog, ProgError> {
    Prog::of_node(vec![d, d], Node::Op2(Op2::Nx(k), 0, 1), Round::N)
}

/// An executor's `map`.
type Map = fn(Policy, &Prog, &[usize], &[Operand<'_>]) -> Result<Vec<Vec<Atom>>, exec::ExecError>;

/// The program's output over the operand columns `cols` (each one element per index), by `run` under `policy`.
fn map_with(run: Map, policy: Policy, p: &Prog, cols: &[Vec<Atom>]) -> Vec<Atom> {
    with_columns(cols, |n, ops| {
        run(policy, p, &[n], ops)
            .expect("the program runs")
            .remove(0)
    })
}

/// The reference executor's value of a one-element program.
fn reference(p: &Prog, xs: &[u128]) -> u128 {
    let cols: Vec<Vec<Atom>> = xs.iter().map(|&x| vec![Atom::from_u128(x)]).collect();
    let v = &map_with(exec::reference_map, Policy::REFERENCE, p, &cols)[0];
    v.as_u128().expect("an element fits 128 bits")
}

/// The node of the kind Nx calls `name`, over operands 0 (and 1) of dtype `d`.
fn node(name: &str, d: Dtype) -> Node {
    let unary = |k| Node::Op1(Op1::Nx(k), d, 0);
    let binary = |k| Node::Op2(Op2::Nx(k), 0, 1);
    let test = |k| Node::Op1(Op1::Test(k), BOOL_DTYPE, 0);
    match name {
        "recip" => unary(NxUnary::Recip),
        "sign" => unary(NxUnary::Sign),
        "floor" => unary(NxUnary::Floor),
        "ceil" => unary(NxUnary::Ceil),
        "round" => unary(NxUnary::Round),
        "trunc" => unary(NxUnary::Trunc),
        "idiv" => binary(NxBinary::Idiv),
        "maximum" => binary(NxBinary::Maximum),
        "minimum" => binary(NxBinary::Minimum),
        "and" => binary(NxBinary::And),
        "or" => binary(NxBinary::Or),
        "xor" => binary(NxBinary::Xor),
        "threefry" => binary(NxBinary::Threefry),
        "isnan" => test(Test::IsNan),
        "isinf" => test(Test::IsInf),
        "isfinite" => test(Test::IsFinite),
        _ => panic!("no kind {name}"),
    }
}

/// The dtype a table names.
fn table_dtype(name: &str) -> Dtype {
    match name {
        "rh" => RH,
        "rs" => RS,
        "rd" => RD,
        "u8" => U8,
        "i8" => I8,
        "u32" => t(Kind::Uint, 5),
        "u64" => U64,
        "i64" => I64,
        "bool" => BOOL_DTYPE,
        "p16" => P16,
        "c64" => C64,
        "q7.8" => Q78,
        _ => panic!("no dtype {name}"),
    }
}

/// The kind a node applies, as `ProgError::Meaningless` names it.
fn nx_kind(n: &Node) -> NxKind {
    match n {
        Node::Op1(Op1::Nx(k), _, _) => NxKind::Unary(*k),
        Node::Op1(Op1::Test(k), _, _) => NxKind::Test(*k),
        Node::Op2(Op2::Nx(k), _, _) => NxKind::Binary(*k),
        _ => panic!("not an Nx node: {n:?}"),
    }
}

#[test]
fn bit_tables() {
    // Each row on the reference executor, then on the fast one (which serves
    // the %i754 rows with its kernels and falls back for the others).
    for row in rows(include_str!("data/nx_kinds.txt"), 119) {
        let [name, dtype, mode, operands @ ..] = &row.words[..] else {
            panic!("a short row: {}", row.line);
        };
        let d = table_dtype(dtype);
        let r = Round::of_code(mode.as_bytes()[0]).expect("a mode");
        let ins = vec![d; operands.len()];
        let n = node(name, d);
        let p = Prog::of_node(ins.clone(), n.clone(), r);
        if row.want == "refused" {
            let want = ProgError::Meaningless {
                node: ins.len(),
                kind: nx_kind(&n),
                dtype: d,
            };
            assert_eq!(p, Err(want), "{}", row.line);
            continue;
        }
        let p = p.unwrap_or_else(|e| panic!("{e}: {}", row.line));
        let xs: Vec<u128> = operands.iter().map(|w| hex(w)).collect();
        let want = hex(row.want);
        assert_eq!(
            reference(&p, &xs),
            want,
            "reference: {} ({})",
            row.line,
            row.why
        );
        let cols: Vec<Vec<Atom>> = xs.iter().map(|&x| vec![Atom::from_u128(x)]).collect();
        let fast = map_with(exec::map, Policy::FAST, &p, &cols)[0].as_u128();
        assert_eq!(fast, Some(want), "fast: {}", row.line);
    }
}

#[test]
fn threefry_matches_random123_known_answers() {
    for row in rows(include_str!("data/threefry_kat.txt"), 9) {
        let rounds: usize = row.words[0].parse().expect("rounds");
        let w: Vec<u32> = row.words[1..].iter().map(|x| hex(x) as u32).collect();
        let want: Vec<u32> = row.want.split_whitespace().map(|x| hex(x) as u32).collect();
        let got = threefry::threefry2x32(rounds, [w[2], w[3]], [w[0], w[1]]);
        assert_eq!(got[..], want[..], "{}", row.line);
    }
}

#[test]
fn a_test_gives_a_boolean() {
    // A test node of another output dtype is outside the domain (a Domain error, node named).
    let e = prog1(Op1::Test(Test::IsNan), RS, RS, Round::N);
    assert!(matches!(e, Err(ProgError::Domain { node: 1, .. })), "{e:?}");
    let p = prog1(Op1::Test(Test::IsNan), RS, BOOL_DTYPE, Round::N).unwrap();
    assert_eq!(p.dtype(1), BOOL_DTYPE);
}

/// Random `%i754` operands (hard-biased) at width `w`.
fn operands(w: Width, rng: &mut Rng, n: usize) -> Vec<u128> {
    (0..n).map(|_| i754_support::value(w, rng)).collect()
}

const WIDTHS: [Width; 4] = [Width::H, Width::S, Width::D, Width::Q];

fn dtype_of(w: Width) -> Dtype {
    t(Kind::I754, w.bloq())
}

#[test]
fn recip_is_correctly_rounded() {
    // Against MPFR: 1 ÷ x rounded once in every mode, at every width.
    let mut rng = Rng(0x7ec1_9001);
    for w in WIDTHS {
        for r in Round::ALL {
            for a in operands(w, &mut rng, 4000) {
                let want = i754_support::Op::Div.oracle(w, r, i754::one(w), a, 0);
                let got = i754::nx::recip(w, r, a);
                assert_eq!(got, want, "recip {w:?} {r:?} of {a:#x}");
            }
        }
    }
}

#[test]
fn integral_rounding_is_softfloat_round_to_int() {
    use i754::nx::Integral;
    let mut rng = Rng(0x1e6a_1002);
    for w in WIDTHS {
        for d in [
            Integral::Floor,
            Integral::Ceil,
            Integral::Round,
            Integral::Trunc,
        ] {
            let sf = Oracle::new(d.mode());
            for a in operands(w, &mut rng, 4000) {
                let want = i754::canon(w, sf.eval(SfOp::RoundToInt, w, [a, 0, 0]));
                assert_eq!(i754::nx::integral(w, d, a), want, "{d:?} {w:?} of {a:#x}");
            }
        }
    }
}

#[test]
fn maximum_minimum_sign_follow_the_ieee_order() {
    // The order is SoftFloat's quiet comparison; only ±0 ties need the sign bit.
    let sf = Oracle::new(Round::N);
    let mut rng = Rng(0x3a4_1003);
    for w in WIDTHS {
        let xs = operands(w, &mut rng, 8000);
        for pair in xs.chunks_exact(2) {
            let (a, b) = (pair[0], pair[1]);
            let lt = |x, y| sf.eval(SfOp::Compare, w, [x, y, 0]) & 1 == 1;
            let neg = |x: u128| x & w.sign_bit() != 0;
            let (max, min) = if i754::is_nan(w, a) || i754::is_nan(w, b) {
                (i754::canonical_nan(w), i754::canonical_nan(w))
            } else if lt(a, b) {
                (b, a)
            } else if lt(b, a) {
                (a, b)
            } else if neg(a) {
                // Equal: both zeros (−0 first), or the same pattern.
                (b, a)
            } else {
                (a, b)
            };
            assert_eq!(
                i754::nx::maximum(w, a, b),
                max,
                "maximum {w:?} {a:#x} {b:#x}"
            );
            assert_eq!(
                i754::nx::minimum(w, a, b),
                min,
                "minimum {w:?} {a:#x} {b:#x}"
            );
            let zero = 0;
            let sign = if i754::is_nan(w, a) {
                i754::canonical_nan(w)
            } else if lt(zero, a) {
                i754::one(w)
            } else if lt(a, zero) {
                i754::neg_one(w)
            } else {
                a
            };
            assert_eq!(i754::nx::sign(w, a), sign, "sign {w:?} {a:#x}");
        }
    }
}

/// The low `bits` of `v`.
fn low(v: i128, bits: u32) -> u128 {
    (v as u128) & (u128::MAX >> (128 - bits))
}

#[test]
fn integer_kinds_match_machine_integers() {
    // At widths 8..128, every binary kind against i128/u128 arithmetic on the same bits.
    let mut rng = Rng(0x1a7_1004);
    for bloq in 3..=7u32 {
        let bits = 1u32 << bloq;
        for kind in [Kind::Uint, Kind::Int2] {
            let d = t(kind, bloq);
            let signed = kind == Kind::Int2;
            // The value of a pattern: unsigned, or two's complement.
            let val = |x: u128| -> i128 {
                if signed {
                    ((x << (128 - bits)) as i128) >> (128 - bits)
                } else {
                    x as i128
                }
            };
            for _ in 0..300 {
                let pick = |rng: &mut Rng| match rng.below(4) {
                    0 => rng.below(4) as u128,
                    1 => low(-(rng.below(3) as i128), bits),
                    2 => 1u128 << (bits - 1),
                    _ => rng.next128() & (u128::MAX >> (128 - bits)),
                };
                let (a, b) = (pick(&mut rng), pick(&mut rng));
                let cmp_lt = if signed || bits < 128 {
                    val(a) < val(b)
                } else {
                    a < b
                };
                let idiv = if b == 0 {
                    0
                } else if signed {
                    low(val(a).wrapping_div(val(b)), bits)
                } else {
                    a / b
                };
                let cases = [
                    (NxBinary::Idiv, idiv),
                    (NxBinary::Maximum, if cmp_lt { b } else { a }),
                    (NxBinary::Minimum, if cmp_lt { a } else { b }),
                    (NxBinary::And, a & b),
                    (NxBinary::Or, a | b),
                    (NxBinary::Xor, a ^ b),
                ];
                for (k, want) in cases {
                    let p = prog2(k, d).unwrap();
                    assert_eq!(reference(&p, &[a, b]), want, "{k:?} {d:?} {a:#x} {b:#x}");
                }
                let minus_one = u128::MAX >> (128 - bits);
                let recip = if a == 1 || (signed && a == minus_one) {
                    a
                } else {
                    0
                };
                let sign = match (a == 0, signed && val(a) < 0) {
                    (true, _) => 0,
                    (_, true) => minus_one,
                    _ => 1,
                };
                for (k, want) in [
                    (NxUnary::Recip, recip),
                    (NxUnary::Sign, sign),
                    (NxUnary::Round, a),
                ] {
                    let p = prog1(Op1::Nx(k), d, d, Round::N).unwrap();
                    assert_eq!(reference(&p, &[a]), want, "{k:?} {d:?} {a:#x}");
                }
            }
        }
    }
}

#[test]
fn posit_rounding_matches_binary64() {
    // posit8/16/32 values are binary64 values exactly; f64's floor, ceil, round
    // (halves away) and trunc are the exact roundings.
    let mut rng = Rng(0x9051_1005);
    for bloq in 3..=5u32 {
        let w = posit::Width::from_bloq(bloq).unwrap();
        let d = t(Kind::Unum, bloq);
        for _ in 0..3000 {
            let a = rng.next128() & w.mask();
            if a == w.nar() {
                continue;
            }
            let x = f64::from_bits(posit::to_ieee(w, Ieee::D, a) as u64);
            for (k, want) in [
                (NxUnary::Floor, x.floor()),
                (NxUnary::Ceil, x.ceil()),
                (NxUnary::Round, x.round()),
                (NxUnary::Trunc, x.trunc()),
            ] {
                let p = prog1(Op1::Nx(k), d, d, Round::N).unwrap();
                let got = reference(&p, &[a]);
                let gotf = f64::from_bits(posit::to_ieee(w, Ieee::D, got) as u64);
                assert_eq!(gotf, want + 0.0, "{k:?} posit{} {a:#x} ({x})", 1 << bloq);
            }
        }
    }
}

#[test]
fn fixed_point_rounding_matches_integer_division() {
    // Q a.b at 2^bloq bits: the value v·2^-b rounded to a multiple of 2^b, wrapped.
    let mut rng = Rng(0xf1c5_1006);
    for (bloq, b) in [(4u32, 8u32), (5, 3), (6, 20)] {
        let bits = 1u32 << bloq;
        let d = Dtype {
            kind: Kind::Fixp,
            bloq,
            prec: Some(Prec { a: bits - b - 1, b }),
        };
        let unit = 1i128 << b;
        for _ in 0..2000 {
            let a = rng.next128() & (u128::MAX >> (128 - bits));
            let v = ((a << (128 - bits)) as i128) >> (128 - bits);
            let q_floor = v.div_euclid(unit);
            let q_ceil = -((-v).div_euclid(unit));
            let q_trunc = v / unit;
            let q_round = (v.abs() * 2 + unit) / (2 * unit) * v.signum();
            for (k, q) in [
                (NxUnary::Floor, q_floor),
                (NxUnary::Ceil, q_ceil),
                (NxUnary::Trunc, q_trunc),
                (NxUnary::Round, q_round),
                (NxUnary::Sign, v.signum()),
            ] {
                let p = prog1(Op1::Nx(k), d, d, Round::N).unwrap();
                assert_eq!(
                    reference(&p, &[a]),
                    low(q * unit, bits),
                    "{k:?} {d:?} {a:#x}"
                );
            }
        }
    }
}

/// Every kind the fast kernels serve, as a one-node program at dtype `d`.
fn fast_programs(d: Dtype, r: Round) -> Vec<Prog> {
    let mut ps: Vec<Prog> = [
        NxUnary::Recip,
        NxUnary::Sign,
        NxUnary::Floor,
        NxUnary::Ceil,
        NxUnary::Round,
        NxUnary::Trunc,
    ]
    .into_iter()
    .map(|k| prog1(Op1::Nx(k), d, d, r).unwrap())
    .collect();
    for k in [NxBinary::Maximum, NxBinary::Minimum] {
        ps.push(Prog::of_node(vec![d, d], Node::Op2(Op2::Nx(k), 0, 1), r).unwrap());
    }
    for k in [Test::IsNan, Test::IsInf, Test::IsFinite] {
        ps.push(prog1(Op1::Test(k), d, BOOL_DTYPE, r).unwrap());
    }
    ps
}

/// Runs `cases` random operands per kind, width (binary16/32/64) and mode
/// through the fast kernels and the reference executor; returns the cases compared.
fn fast_against_reference(cases: usize, seed: u64) -> u64 {
    let mut rng = Rng(seed);
    let mut compared = 0;
    for w in [Width::H, Width::S, Width::D] {
        let d = dtype_of(w);
        for r in Round::ALL {
            let per_mode = cases.div_ceil(Round::ALL.len());
            for p in fast_programs(d, r) {
                let cols: Vec<Vec<Atom>> = (0..p.ins().len())
                    .map(|_| {
                        operands(w, &mut rng, per_mode)
                            .into_iter()
                            .map(Atom::from_u128)
                            .collect()
                    })
                    .collect();
                let n = per_mode;
                let (fast, slow) = with_columns(&cols, |n, ops| {
                    let fast = fast::map_kernel(softblas::Policy::FAST, &p, &[n], ops)
                        .expect("a kernel serves the kind");
                    (
                        fast,
                        exec::reference_map(softblas::Policy::REFERENCE, &p, &[n], ops)
                            .unwrap()
                            .remove(0),
                    )
                });
                assert_eq!(fast.len(), slow.len());
                for (i, (x, y)) in fast.iter().zip(&slow).enumerate() {
                    assert_eq!(
                        x,
                        y,
                        "{:?} {w:?} {r:?} at {:?}",
                        p.nodes().last(),
                        cols.iter().map(|c| c[i].clone()).collect::<Vec<_>>()
                    );
                }
                compared += n as u64;
            }
        }
    }
    compared
}

#[test]
fn fast_matches_reference() {
    assert!(fast_against_reference(5_000, 0xfa57_0001) > 0);
}

/// 10^6 random cases per kind and width: `cargo test --release -p
/// urnum-softblas --test nx_kinds -- --ignored fast_matches_reference_million --nocapture`.
#[test]
#[ignore = "long: 10^6 cases per kind and width"]
fn fast_matches_reference_million() {
    let n = fast_against_reference(1_000_000, 0xfa57_0002);
    println!("{n} cases compared (11 kinds × 3 widths × 10^6)");
}

#[test]
fn kinds_without_kernels_fall_back_to_the_reference() {
    // Threefry and the integer kinds have no kernel: the fast executor declines
    // them before computing and gives the reference executor's bits.
    let mut rng = Rng(0xfa11_0008);
    for (k, d) in [
        (NxBinary::Threefry, U64),
        (NxBinary::Idiv, I8),
        (NxBinary::Xor, U8),
    ] {
        let p = prog2(k, d).unwrap();
        let mask = u128::MAX >> (128 - (1u32 << d.bloq));
        let cols: Vec<Vec<Atom>> = (0..2)
            .map(|_| {
                (0..64)
                    .map(|_| Atom::from_u128(rng.next128() & mask))
                    .collect()
            })
            .collect();
        let declined = with_columns(&cols, |n, ops| {
            fast::map_kernel(softblas::Policy::FAST, &p, &[n], ops).is_none()
        });
        assert!(declined, "{k:?} at {d:?} has no kernel");
        assert_eq!(
            map_with(exec::map, Policy::FAST, &p, &cols),
            map_with(exec::reference_map, Policy::REFERENCE, &p, &cols),
            "{k:?}"
        );
    }
}

#[test]
fn fast_folds_maximum_as_the_reference() {
    // A Maximum fold through the kernel equals the reference fold, NaN included.
    let d = RS;
    let step = Prog::of_node(
        vec![d, d],
        Node::Op2(Op2::Nx(NxBinary::Maximum), 0, 1),
        Round::N,
    )
    .unwrap();
    let mut rng = Rng(0xf01d_0007);
    for _ in 0..200 {
        let xs: Vec<Atom> = operands(Width::S, &mut rng, 9)
            .into_iter()
            .map(Atom::from_u128)
            .collect();
        for order in [Order::left_from_first(), Order::right_from_zero()] {
            let fast = fast::fold_kernel(softblas::Policy::FAST, &step, &order, &xs)
                .expect("a kernel serves Maximum");
            assert_eq!(
                fast,
                exec::reference_fold(softblas::Policy::REFERENCE, &step, &order, &xs).unwrap()
            );
        }
    }
}
