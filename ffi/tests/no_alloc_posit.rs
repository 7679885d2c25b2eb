//! Posit16/32/64 arithmetic through [`urnum_scalar`] allocates nothing: `add sub mul div` of
//! `%unum` at bloq 4, 5 and 6, on the `/lib/unum` golden vectors (`vectors/unum-*.jsonl`) and on
//! random and edge operands, under a counting global allocator. Each call must
//!
//! - allocate nothing on this thread (operands are decoded, and the expected value computed,
//!   before the counted region);
//! - give the bits of `softblas::scalar::unum::arith`'s exact (`BigUint`) arms, and the vector's
//!   literal for an `exact` golden vector.
#![allow(unsafe_code)]

use softblas::scalar::unum::{arith, Width};
use std::collections::BTreeMap;
use urnum_ffi::scalar::{URNUM_SC_ADD, URNUM_SC_DIV, URNUM_SC_MUL, URNUM_SC_SUB};
use urnum_ffi::{urnum_bytes, urnum_out, urnum_scalar, urnum_status, URNUM_UNUM};
use urnum_tests::cli::registry::Registry;
use urnum_tests::cli::vector::{eval, Compare};

mod common;
mod counting;

use counting::counted;

/// One posit call: width, `URNUM_SC_*` op, operand bits, and the expected value.
struct Case {
    id: String,
    w: Width,
    op: u32,
    x: u128,
    y: u128,
    want: u128,
}

/// The exact (`BigUint`) arm of `op`.
fn exact(op: u32) -> fn(Width, u128, u128) -> u128 {
    match op {
        URNUM_SC_ADD => arith::big_add,
        URNUM_SC_SUB => arith::big_sub,
        URNUM_SC_MUL => arith::big_mul,
        _ => arith::big_div,
    }
}

impl Case {
    fn new(id: String, w: Width, op: u32, x: u128, y: u128) -> Case {
        let want = exact(op)(w, x, y);
        Case {
            id,
            w,
            op,
            x,
            y,
            want,
        }
    }
}

/// `urnum_scalar` on case `c` (operands as element-width byte strings): (allocations, status,
/// value). Only the call is counted.
fn run(c: &Case) -> (u64, urnum_status, u128) {
    let bytes = (c.w.n() / 8) as usize;
    let (xb, yb) = (c.x.to_le_bytes(), c.y.to_le_bytes());
    let mut out = [0u8; 16];
    let mut len = 0usize;
    let x = urnum_bytes {
        ptr: xb.as_ptr(),
        len: bytes,
    };
    let y = urnum_bytes {
        ptr: yb.as_ptr(),
        len: bytes,
    };
    let o = urnum_out::of(&mut out);
    let bloq = c.w.bloq() as u8;
    // SAFETY: the operand buffers are readable for `bytes` bytes, `out` writable for its
    // capacity, `len` writable.
    let (n, st) =
        counted(|| unsafe { urnum_scalar(URNUM_UNUM, bloq, 0, 0, c.op, b'n', x, y, o, &mut len) });
    let mut v = [0u8; 16];
    v[..len].copy_from_slice(&out[..len]);
    (n, st, u128::from_le_bytes(v))
}

/// Runs every case; asserts 0 allocations and the expected value for each. Prints, per width
/// and op, how many calls the exact (`BigUint`) arm, which the ABI ran before the fixed-width
/// path, allocates in and its most allocations per call.
fn check(cases: &[Case]) {
    let mut bad = Vec::new();
    // (width, op) -> (calls, exact-arm calls allocating, most exact-arm allocations).
    let mut before: BTreeMap<(u32, u32), (u64, u64, u64)> = BTreeMap::new();
    for c in cases {
        let f = exact(c.op);
        let (old, _) = counted(|| std::hint::black_box(f(c.w, c.x, c.y)));
        let e = before.entry((c.w.n(), c.op)).or_default();
        e.0 += 1;
        e.1 += u64::from(old > 0);
        e.2 = e.2.max(old);
        let (n, st, v) = run(c);
        if n != 0 || st != urnum_status::URNUM_OK || v != c.want {
            bad.push(format!(
                "{}: {n} allocations, {st:?}, {v:#x} (want {:#x})",
                c.id, c.want
            ));
        }
    }
    for ((n, op), (calls, alloc, most)) in &before {
        eprintln!(
            "posit{n:<3} op {op}: {calls:5} calls; exact arm allocates in {alloc:5} (at most {most} per call)"
        );
    }
    assert!(
        bad.is_empty(),
        "{} of {} calls: {:#?}",
        bad.len(),
        cases.len(),
        &bad[..bad.len().min(20)]
    );
}

/// The `URNUM_SC_*` op and width of a `/lib/unum` arm key such as `add:rps` (16 to 64 bits).
fn op_of(key: &str) -> Option<(u32, Width)> {
    let (arm, door) = key.split_once(':')?;
    let op = match arm {
        "add" => URNUM_SC_ADD,
        "sub" => URNUM_SC_SUB,
        "mul" => URNUM_SC_MUL,
        "div" => URNUM_SC_DIV,
        _ => return None,
    };
    let w = Width::from_door(door).filter(|w| (Width::P16..=Width::P64).contains(w))?;
    Some((op, w))
}

#[test]
fn golden_vectors_do_not_allocate() {
    let reg = Registry::new();
    let mut cases = Vec::new();
    let mut literal = 0;
    for (_, v) in urnum_tests::golden_vectors(|n| n.starts_with("unum-")) {
        {
            let Some((op, w)) = op_of(unpinned(&v.call.key)) else {
                continue;
            };
            assert!(v.post.is_empty(), "{}: post steps", v.id);
            let args: Vec<u128> = v
                .call
                .args
                .iter()
                .map(|e| {
                    let n = eval::eval(&reg, e).expect("an operand").noun;
                    n.as_atom().and_then(|a| a.as_u128()).expect("a posit atom")
                })
                .collect();
            let [x, y] = args[..] else {
                panic!("{}: two operands", v.id)
            };
            let c = Case::new(v.id.clone(), w, op, x, y);
            // The vector's literal, where it is one: the reference must agree with it.
            if let (Compare::Exact, Some(e)) = (&v.compare, &v.expected) {
                let want = eval::eval(&reg, e).expect("the expected value").noun;
                let want = want.as_atom().and_then(|a| a.as_u128()).expect("an atom");
                assert_eq!(c.want, want, "{}: the exact arm against the vector", v.id);
                literal += 1;
            }
            cases.push(c);
        }
    }
    eprintln!(
        "posit16/32/64 add sub mul div golden vectors: {} calls ({literal} exact literals)",
        cases.len()
    );
    assert!(cases.len() >= 60, "only {} vectors", cases.len());
    check(&cases);
}

#[test]
fn random_and_edge_operands_do_not_allocate() {
    // xorshift64* bits, with edge patterns mixed in.
    let mut next = common::xorshift(0x2545_f491_4f6c_dd1d);
    let mut cases = Vec::new();
    for w in [Width::P16, Width::P32, Width::P64] {
        let m = w.mask();
        let edges = [
            0,
            w.nar(),
            w.maxpos(),
            w.minpos(),
            w.one(),
            m & w.maxpos().wrapping_neg(),
            m,
            m & w.one().wrapping_neg(),
            w.one() + 1,
            w.one() - 1,
        ];
        for op in [URNUM_SC_ADD, URNUM_SC_SUB, URNUM_SC_MUL, URNUM_SC_DIV] {
            for &x in &edges {
                for &y in &edges {
                    cases.push(Case::new(format!("{} edge", w.door()), w, op, x, y));
                }
            }
            for i in 0..2000 {
                let x = u128::from(next()) & m;
                let y = match i % 4 {
                    0 => edges[(next() % 10) as usize],
                    // A near neighbour (cancellation in sub, add of the negation).
                    1 => x.wrapping_add(u128::from(next() % 9)).wrapping_sub(4) & m,
                    _ => u128::from(next()) & m,
                };
                cases.push(Case::new(
                    format!("{} {op} {x:#x} {y:#x}", w.door()),
                    w,
                    op,
                    x,
                    y,
                ));
            }
        }
    }
    eprintln!("posit16/32/64 random and edge calls: {}", cases.len());
    check(&cases);
}

/// A registry key without the `/lib/unum` revision `urnum check` pins posit arms to
/// (`add:rps@96f3cfe` is `add:rps`; the arithmetic is the same text in both revisions).
fn unpinned(key: &str) -> &str {
    key.split('@').next().unwrap_or(key)
}
