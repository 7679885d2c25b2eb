//! The hardware kernels against the reference: elementwise operations, square
//! roots, folds, binary16's grid sum and dot, the `+mmul` contraction and the
//! complex contraction of `softblas::hw` at binary16/32/64
//! in all five modes, run at every instruction-set level this CPU has
//! (portable, AVX2+FMA corrections, AVX2 with MXCSR rounding, AVX-512), each
//! compared bit for bit with SoftFloat element by element (the reference
//! executor's arithmetic, `Op::reference`).

use crate::Bytes;
use softblas::hw::{self, Isa, Op};
use softblas::scalar::i754;
use softblas::Round;
use softblas::Word;

const MODES: [Round; 5] = [Round::N, Round::U, Round::D, Round::Z, Round::A];
const LEVELS: [Isa; 5] = Isa::ALL;

/// Operands biased towards the delicate: near-equal pairs, specials, subnormals.
fn vals<T: Word>(b: &mut Bytes, n: usize) -> Vec<T> {
    let bits = T::W.bits();
    let mask = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    let mut prev = 0u128;
    (0..n)
        .map(|_| {
            let v = match b.u8() % 4 {
                0 => prev ^ u128::from(b.u8() & 7),
                1 => u128::from(b.u8()) << (bits - 8),
                _ => u128::from(b.u64()) | (u128::from(b.u64()) << 64),
            } & mask;
            prev = v;
            T::of_bits(v)
        })
        .collect()
}

fn check<T: Word>(b: &mut Bytes) {
    let op = Op::ALL[usize::from(b.u8() % 4)];
    let r = MODES[usize::from(b.u8() % 5)];
    let n = usize::from(b.u8() % 40) + 1;
    let (x, y) = (vals::<T>(b, n), vals::<T>(b, n));
    // Mostly small shapes; now and then one the packed contractions take
    // (`m·k·p > 2^18`: the `%a` loops' and the other modes' blocked kernels).
    let (m, k, p) = if b.u8() % 32 == 0 {
        (40, 170, 40)
    } else {
        (
            usize::from(b.u8() % 4) + 1,
            usize::from(b.u8() % 5) + 1,
            usize::from(b.u8() % 19) + 1,
        )
    };
    let (ma, mb) = (vals::<T>(b, m * k), vals::<T>(b, k * p));
    let want: Vec<T> = x
        .iter()
        .zip(&y)
        .map(|(&a, &c)| T::of_bits(op.reference(T::W, r, a.bits(), c.bits())))
        .collect();
    let roots: Vec<T> = x
        .iter()
        .map(|&a| T::of_bits(i754::soft::sqt(T::W, r, a.bits())))
        .collect();
    let right = b.u8() & 1 == 1;
    let mut acc = y[0];
    if right {
        for &e in x.iter().rev() {
            acc = T::of_bits(op.reference(T::W, r, e.bits(), acc.bits()));
        }
    } else {
        for &e in &x {
            acc = T::of_bits(op.reference(T::W, r, acc.bits(), e.bits()));
        }
    }
    // binary16's sum and dot on integer grids (`hw::sum16`, `hw::dot16`).
    let (mut sum, mut dot) = (y[0].bits(), y[0].bits());
    for (&e, &f) in x.iter().zip(&y) {
        sum = Op::Add.reference(T::W, r, sum, e.bits());
        dot = Op::Add.reference(T::W, r, dot, Op::Mul.reference(T::W, r, e.bits(), f.bits()));
    }
    let halves = |v: &[T]| -> Vec<u16> { v.iter().map(|e| e.bits() as u16).collect() };
    let (xh, yh) = (halves(&x), halves(&y));
    let mut cells = vec![T::of_bits(0); m * p];
    for i in 0..m {
        for j in 0..p {
            let mut s = 0u128;
            for kk in 0..k {
                let prod = Op::Mul.reference(T::W, r, ma[i * k + kk].bits(), mb[kk * p + j].bits());
                s = Op::Add.reference(T::W, r, s, prod);
            }
            cells[i * p + j] = T::of_bits(s);
        }
    }
    // The complex contraction on split parts (`hw::ccontract_acc`), from `c = y`:
    // SoftBLAS's product `re = ar·br − ai·bi`, `im = ar·bi + ai·br`, then the sums.
    let (ai, bi) = (vals::<T>(b, m * k), vals::<T>(b, k * p));
    let c0: Vec<T> = (0..m * p).map(|i| y[i % n]).collect();
    let mut ccells = [c0.clone(), c0.clone()];
    let [wr, wi] = &mut ccells;
    let reference = hw::Split {
        a: [&ma[..], &ai[..]],
        b: [&mb[..], &bi[..]],
        c: [wr, wi],
    };
    hw::ccontract_reference(r, (m, k, p), reference);
    for cap in LEVELS {
        let (mut cr, mut ci) = (c0.clone(), c0.clone());
        let ops = hw::Split {
            a: [&ma[..], &ai[..]],
            b: [&mb[..], &bi[..]],
            c: [&mut cr, &mut ci],
        };
        if hw::ccontract_acc(cap, r, (m, k, p), ops) {
            assert_eq!([cr, ci], ccells, "{:?} complex mmul {r:?} at {cap:?}", T::W);
        }
    }
    for cap in LEVELS {
        {
            let mut out = vec![T::of_bits(0); n];
            hw::elementwise(cap, op, r, &x, &y, &mut out);
            assert_eq!(out, want, "{:?} {op:?} {r:?} at {cap:?}", T::W);
            hw::sqrt(cap, r, &x, &mut out);
            assert_eq!(out, roots, "{:?} sqrt {r:?} at {cap:?}", T::W);
            assert_eq!(
                hw::fold(cap, op, r, right, y[0], &x),
                acc,
                "{:?} fold {op:?} {r:?} right={right} at {cap:?}",
                T::W
            );
            if T::W == softblas::ieee::Width::H {
                let seed = y[0].bits() as u16;
                assert_eq!(
                    u128::from(hw::sum16(cap, r, seed, &xh)),
                    sum,
                    "sum16 {r:?} at {cap:?}"
                );
                assert_eq!(
                    u128::from(hw::dot16(cap, r, seed, &xh, &yh)),
                    dot,
                    "dot16 {r:?} at {cap:?}"
                );
            }
            assert_eq!(
                hw::contract(cap, r, (m, k, p), &ma, &mb),
                cells,
                "{:?} mmul {r:?} at {cap:?}",
                T::W
            );
        };
    }
}

/// Runs one input: a width, then [`check`]'s operands.
pub fn run(data: &[u8]) {
    let mut b = Bytes::new(data);
    match b.u8() % 3 {
        0 => check::<u16>(&mut b),
        1 => check::<u32>(&mut b),
        _ => check::<u64>(&mut b),
    }
}
