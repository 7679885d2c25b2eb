//! The allocation-free `/lib/math` entries: every `/lib/math` golden vector
//! (`vectors/math-*.jsonl`) that urnum's core passes runs through
//! [`urnum_math`] and, for the arms vere jets, through the named entry
//! `urnum_r{h,s,d,q}_<arm>`, under a counting global allocator. Each call must
//!
//! - allocate nothing on this thread (operands are decoded and the expected
//!   value computed before the counted region), except the (arm, width)
//!   pairs of [`MAY_ALLOCATE`], each with its reason;
//! - give the vector's status and bits (its literal for an `exact` vector,
//!   urnum's core value otherwise, as `c_abi.rs` checks them).
//!
//! A second test pins the cases the allocation table names: integer operands
//! of `sun`/`san` under 2^64 are allocation-free, at or above it they allocate
//! (one atom), and `@rq` `sin` of a value whose reduction quotient lies in
//! [2^64, 2^113) allocates while every narrower width does not.
#![allow(unsafe_code)]

use math::{
    arm_of, canonical, cases, check, generic, run_generic, run_named, run_named_q, Bin, BinQ,
    Named, Un, UnQ,
};
use scalar::{general_scalar, run_scalar, scalar_alloc_free, scalar_case, ScalarCase};
use std::collections::BTreeMap;
use urnum_ffi::math_named::*;
use urnum_ffi::urnum_status;
use urnum_tests::cli::registry::Registry;

mod common;
mod counting;
#[path = "no_alloc_math/math.rs"]
mod math;
#[path = "no_alloc_math/scalar.rs"]
mod scalar;

/// The (arm, bloq) pairs whose golden vectors may allocate, and why. Empty:
/// every `/lib/math` golden vector runs allocation-free at every width. The
/// remaining heap cases (integer operands of 2^64 or more; `@rq` reductions
/// with a quotient in [2^64, 2^113)) have no golden vector and are pinned by
/// `the_documented_heap_cases_allocate_and_the_rest_do_not`.
const MAY_ALLOCATE: &[(&str, u8, &str)] = &[];

/// The named entries of one width: its one-operand entries, then its two-operand ones.
macro_rules! table {
    ([$($u:ident),*], [$($b:ident),*]) => {
        Named {
            unary: vec![$((arm_of(stringify!($u)), $u as _)),*],
            binary: vec![$((arm_of(stringify!($b)), $b as _)),*],
        }
    };
}
#[test]
fn every_math_vector_runs_without_allocating() {
    let (cases, skips) = cases();
    assert!(
        cases.len() > 900,
        "only {} /lib/math vectors decoded",
        cases.len()
    );
    let rh: Named<Un<u16>, Bin<u16>> = table!(
        [
            urnum_rh_exp,
            urnum_rh_log,
            urnum_rh_log_2,
            urnum_rh_log_10,
            urnum_rh_sin,
            urnum_rh_cos,
            urnum_rh_tan,
            urnum_rh_asin,
            urnum_rh_acos,
            urnum_rh_atan,
            urnum_rh_sqt,
            urnum_rh_cbt
        ],
        [urnum_rh_atan2, urnum_rh_pow, urnum_rh_pow_n]
    );
    let rs: Named<Un<u32>, Bin<u32>> = table!(
        [
            urnum_rs_exp,
            urnum_rs_log,
            urnum_rs_log_2,
            urnum_rs_log_10,
            urnum_rs_sin,
            urnum_rs_cos,
            urnum_rs_tan,
            urnum_rs_asin,
            urnum_rs_acos,
            urnum_rs_atan,
            urnum_rs_sqt,
            urnum_rs_cbt
        ],
        [urnum_rs_atan2, urnum_rs_pow, urnum_rs_pow_n]
    );
    let rd: Named<Un<u64>, Bin<u64>> = table!(
        [
            urnum_rd_exp,
            urnum_rd_log,
            urnum_rd_log_2,
            urnum_rd_log_10,
            urnum_rd_sin,
            urnum_rd_cos,
            urnum_rd_tan,
            urnum_rd_asin,
            urnum_rd_acos,
            urnum_rd_atan,
            urnum_rd_sqt,
            urnum_rd_cbt
        ],
        [urnum_rd_atan2, urnum_rd_pow, urnum_rd_pow_n]
    );
    let rq: Named<UnQ, BinQ> = table!(
        [
            urnum_rq_exp,
            urnum_rq_log,
            urnum_rq_log_2,
            urnum_rq_log_10,
            urnum_rq_sin,
            urnum_rq_cos,
            urnum_rq_tan,
            urnum_rq_asin,
            urnum_rq_acos,
            urnum_rq_atan,
            urnum_rq_sqt,
            urnum_rq_cbt
        ],
        [urnum_rq_atan2, urnum_rq_pow, urnum_rq_pow_n]
    );
    // (calls, calls that allocated, allocations) per (arm, bloq, entry kind).
    let mut per: BTreeMap<(String, u8, &str), (u64, u64, u64)> = BTreeMap::new();
    let mut bad = Vec::new();
    let mut offenders = Vec::new();
    for c in &cases {
        let mut runs = vec![("urnum_math", Some(run_generic(c)))];
        let named = match c.bloq {
            4 => run_named(&rh, c),
            5 => run_named(&rs, c),
            6 => run_named(&rd, c),
            _ => run_named_q(&rq, c),
        };
        // The named entries read the bunt tolerances; no named arm reads them.
        runs.push(("named", named));
        for (entry, run) in runs {
            let Some((n, st, v)) = run else {
                continue;
            };
            if let Some(m) = check(c, entry, st, v) {
                bad.push(m);
            }
            let e = per
                .entry((canonical(&c.arm).to_string(), c.bloq, entry))
                .or_default();
            e.0 += 1;
            e.1 += u64::from(n > 0);
            e.2 += n;
            let allowed = MAY_ALLOCATE
                .iter()
                .any(|(a, b, _)| *a == canonical(&c.arm) && *b == c.bloq);
            if n > 0 && !allowed {
                offenders.push(format!("{} via {entry}: {n} allocations", c.id));
            }
        }
    }
    let calls: u64 = per.values().map(|e| e.0).sum();
    let allocating: Vec<_> = per.iter().filter(|(_, e)| e.1 > 0).collect();
    eprintln!(
        "{} vectors ({} calls over {} (arm, width, entry) groups); skipped {skips:?}; \
         groups that allocated: {allocating:?}",
        cases.len(),
        calls,
        per.len()
    );
    urnum_tests::assert_none("mismatches", &bad, 20);
    urnum_tests::assert_none("calls allocated", &offenders, 20);
    // Every width and every named arm was exercised.
    for bloq in 4..=7u8 {
        assert!(
            per.keys().any(|(_, b, e)| *b == bloq && *e == "named"),
            "bloq {bloq}"
        );
    }
}

#[test]
fn the_documented_heap_cases_allocate_and_the_rest_do_not() {
    use urnum_ffi::math::{URNUM_MATH_EXP, URNUM_MATH_SAN, URNUM_MATH_SIN, URNUM_MATH_SUN};
    // sun/san of an integer below 2^64: inline atoms, nothing on the heap.
    for op in [URNUM_MATH_SUN, URNUM_MATH_SAN] {
        for bloq in 4..=7 {
            let (n, st, _) = generic(op, bloq, &[u128::from(u64::MAX)]);
            assert_eq!((n, st), (0, urnum_status::URNUM_OK), "op {op} bloq {bloq}");
            // 2^64 and above: one heap atom for the operand (the documented case).
            let (n, st, _) = generic(op, bloq, &[1u128 << 100]);
            assert_eq!(st, urnum_status::URNUM_OK);
            assert!(
                n > 0,
                "op {op} bloq {bloq}: an operand over 2^64 is a heap atom"
            );
        }
    }
    // sin and exp far out: the reduction's integer is off the heap at
    // @rh @rs @rd for every finite x, and at @rq outside [2^64, 2^113).
    let big = [
        (4u8, 0x7bffu128),                              // @rh max finite
        (5, 0x7f7f_ffff),                               // @rs max finite
        (6, 0x7fef_ffff_ffff_ffff),                     // @rd max finite
        (6, 0x4340_0000_0000_0001), // @rd 2^53 + 2: an exact integer quotient near 2^53
        (7, 0x7ffe_ffff_ffff_ffff_ffff_ffff_ffff_ffff), // @rq max finite
    ];
    for (bloq, x) in big {
        for op in [URNUM_MATH_SIN, URNUM_MATH_EXP] {
            // exp crashes where x ⊗ log2e overflows (the Hoon's `need`), also allocation-free.
            let (n, st, _) = generic(op, bloq, &[x]);
            assert!(
                st == urnum_status::URNUM_OK
                    || (op == URNUM_MATH_EXP && st == urnum_status::URNUM_CRASH),
                "op {op} bloq {bloq} x {x:x}: {st:?}"
            );
            assert_eq!(n, 0, "op {op} bloq {bloq} x {x:x}");
        }
    }
    // @rq sin of 2^80: its quotient 2^80 · 2/π is in [2^64, 2^113) and not an
    // integer, so `toi` builds it on the heap (documented).
    let two80 = (16383u128 + 80) << 112;
    let (n, st, _) = generic(URNUM_MATH_SIN, 7, &[two80]);
    assert_eq!(st, urnum_status::URNUM_OK);
    assert!(
        n > 0,
        "@rq sin 2^80 builds a heap atom (if this became 0, update the docs)"
    );
}

#[test]
fn scalar_entries_allocation_table() {
    let reg = Registry::new();
    let picked = urnum_tests::golden_vectors(|n| {
        ["unum-", "complex", "fixed", "twoc"]
            .iter()
            .any(|s| n.starts_with(s))
    });
    let mut cases = Vec::new();
    for (_, v) in picked.iter().filter(|(_, v)| v.post.is_empty()) {
        cases.extend(scalar_case(&reg, v));
    }
    assert!(
        cases.len() > 1000,
        "only {} element-kind cases",
        cases.len()
    );
    // (calls, allocating calls, allocations) per (library, door, arm).
    let mut per: BTreeMap<(String, String, String), (u64, u64, u64)> = BTreeMap::new();
    let mut bad = Vec::new();
    for c in &cases {
        let want = general_scalar(c);
        let (n, st, v) = run_scalar(c);
        if (st, v.clone()) != want {
            bad.push(format!(
                "{}: got {st:?} {v:x?}, general path {want:x?}",
                c.id
            ));
        }
        if scalar_alloc_free(c) && n > 0 {
            bad.push(format!(
                "{}: {n} allocations on the allocation-free path",
                c.id
            ));
        }
        let e = per.entry(c.group.clone()).or_default();
        e.0 += 1;
        e.1 += u64::from(n > 0);
        e.2 += n;
    }
    for ((lib, door, arm), (calls, alloc, n)) in &per {
        eprintln!(
            "{lib:8} {door:5} {arm:5} calls {calls:4}  allocating {alloc:4}  allocations {n}"
        );
    }
    urnum_tests::assert_none("problems", &bad, 20);
    // The allocation-free rows were exercised.
    assert!(cases.iter().filter(|c| scalar_alloc_free(c)).count() > 1000);
}

#[test]
fn scalar_fast_rows_do_not_allocate_on_random_operands() {
    use urnum_ffi::scalar::*;
    // Random element bits (xorshift64*), every op of the allocation-free rows, every mode.
    let mut next = common::xorshift(0x9e37_79b9_7f4a_7c15);
    let mut worst: BTreeMap<(u8, u8, u32), u64> = BTreeMap::new();
    let rows = [
        (urnum_ffi::URNUM_UNUM, 3u8),
        (urnum_ffi::URNUM_UNUM, 4),
        (urnum_ffi::URNUM_UNUM, 5),
        (urnum_ffi::URNUM_UNUM, 6),
        (urnum_ffi::URNUM_CPLX, 5),
        (urnum_ffi::URNUM_CPLX, 6),
        (urnum_ffi::URNUM_CPLX, 7),
    ];
    for (kind, bloq) in rows {
        let bytes = 1usize << (bloq - 3);
        for op in [
            URNUM_SC_ADD,
            URNUM_SC_SUB,
            URNUM_SC_MUL,
            URNUM_SC_DIV,
            URNUM_SC_LTH,
        ] {
            for i in 0..400 {
                let x = (u128::from(next()) << 64 | u128::from(next())).to_le_bytes();
                let y = (u128::from(next()) << 64 | u128::from(next())).to_le_bytes();
                let c = ScalarCase {
                    id: String::new(),
                    group: Default::default(),
                    kind,
                    bloq,
                    prec: (0, 0),
                    op,
                    rnd: b"nudz"[i % 4],
                    x: x[..bytes].to_vec(),
                    y: y[..bytes].to_vec(),
                };
                let (n, st, v) = run_scalar(&c);
                assert_eq!(
                    (st, v),
                    general_scalar(&c),
                    "kind {kind} bloq {bloq} op {op}"
                );
                let w = worst.entry((kind, bloq, op)).or_default();
                *w = (*w).max(n);
            }
        }
    }
    eprintln!("most allocations per call, by (kind, bloq, op): {worst:?}");
    for ((kind, bloq, op), n) in &worst {
        let probe = ScalarCase {
            id: String::new(),
            group: Default::default(),
            kind: *kind,
            bloq: *bloq,
            prec: (0, 0),
            op: *op,
            rnd: b'n',
            x: Vec::new(),
            y: Vec::new(),
        };
        if scalar_alloc_free(&probe) {
            assert_eq!(*n, 0, "kind {kind} bloq {bloq} op {op} allocated");
        }
    }
}

/// A registry key without the `/lib/unum` revision `urnum check` pins posit arms to
/// (`add:rps@96f3cfe` is `add:rps`; the arithmetic is the same text in both revisions).
fn unpinned(key: &str) -> &str {
    key.split('@').next().unwrap_or(key)
}
