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

use hoon::Noun;
use softblas::{Atom, Round};
use std::collections::BTreeMap;
use urnum_ffi::math::{arity, op_of};
use urnum_ffi::math_named::*;
use urnum_ffi::{urnum_math, urnum_status};
use urnum_tests::cli::registry::{Door, Registry};
use urnum_tests::cli::vector::{self, eval, Call, Compare, Expr, Outcome, Vector};

mod common;
mod counting;

use counting::counted;

/// The (arm, bloq) pairs whose golden vectors may allocate, and why. Empty:
/// every `/lib/math` golden vector runs allocation-free at every width. The
/// remaining heap cases (integer operands of 2^64 or more; `@rq` reductions
/// with a quotient in [2^64, 2^113)) have no golden vector and are pinned by
/// `the_documented_heap_cases_allocate_and_the_rest_do_not`.
const MAY_ALLOCATE: &[(&str, u8, &str)] = &[];

/// One decoded `/lib/math` vector.
struct Case {
    id: String,
    arm: String,
    op: u32,
    bloq: u8,
    rnd: u8,
    tol: Option<(u128, u128)>,
    args: Vec<u128>,
    expect: Result<u128, urnum_status>,
}

fn eval_noun(reg: &Registry, e: &Expr) -> Result<Noun, String> {
    eval::eval(reg, e)
        .map(|v| v.noun)
        .map_err(|e| format!("operand evaluation: {e:?}"))
}

fn atom_u128(n: &Noun) -> Result<u128, String> {
    n.as_atom()
        .and_then(Atom::as_u128)
        .ok_or_else(|| "not an atom of at most 128 bits".into())
}

/// The rounding code of the call's door face `r` (bunt `%z`).
fn round_code(reg: &Registry, call: &Call) -> Result<u8, String> {
    let mut d = Door::bare(&call.door);
    for (f, e) in &call.door_args {
        d.args.insert(f.clone(), eval_noun(reg, e)?);
    }
    d.round("r", Round::Z)
        .map(Round::code)
        .map_err(|e| format!("door: {e}"))
}

/// Decodes vector `v` (run against urnum's core first, like `c_abi.rs`).
fn case(reg: &Registry, v: &Vector, divergent: &BTreeMap<String, String>) -> Result<Case, String> {
    if !v.post.is_empty() {
        return Err("post steps".into());
    }
    let (name, door) = unpinned(&v.call.key).split_once(':').ok_or("no door")?;
    let width = softblas::math::Door::of_name(door)
        .ok_or("not a float door")?
        .width();
    let bloq = width.bloq() as u8;
    let op = op_of(name).ok_or("arm not in the ABI")?;
    // The core's outcome: a divergent vector is checked against urnum's own value.
    let core = eval::eval_top(reg, &v.call, &v.post);
    let crash = if divergent.contains_key(&v.id) {
        match &core {
            Ok(_) => false,
            Err(eval::EvalError::Crash(_)) => true,
            Err(_) => return Err("divergent, core unsupported".into()),
        }
    } else {
        match vector::run_vector(reg, v) {
            Outcome::Passed => v.compare == Compare::Crash,
            _ => return Err("not passed by urnum's core".into()),
        }
    };
    let expect = if crash {
        Err(urnum_status::URNUM_CRASH)
    } else if v.compare == Compare::Exact && !divergent.contains_key(&v.id) {
        let e = v.expected.as_ref().ok_or("no expected value")?;
        Ok(atom_u128(&eval_noun(reg, e)?)?)
    } else {
        Ok(atom_u128(&core.map_err(|e| format!("core: {e:?}"))?.noun)?)
    };
    let tol = common::tolerances(width, &v.call.door_args, |e| atom_u128(&eval_noun(reg, e)?))?;
    let args = v
        .call
        .args
        .iter()
        .map(|e| eval_noun(reg, e).and_then(|n| atom_u128(&n)))
        .collect::<Result<Vec<_>, _>>()?;
    if arity(op) != Some(args.len() as u32) {
        return Err("operand count".into());
    }
    Ok(Case {
        id: v.id.clone(),
        arm: name.to_string(),
        op,
        bloq,
        rnd: round_code(reg, &v.call)?,
        tol,
        args,
        expect,
    })
}

/// Every decodable `/lib/math` vector, and the skip reasons of the rest.
fn cases() -> (Vec<Case>, BTreeMap<String, usize>) {
    let reg = Registry::new();
    let divergent = vector::load_divergent(&urnum_tests::vectors_dir());
    let (mut out, mut skips) = (Vec::new(), BTreeMap::new());
    for (_, v) in urnum_tests::golden_vectors(|n| n.starts_with("math-")) {
        if v.lib != "math" {
            continue;
        }
        match case(&reg, &v, &divergent) {
            Ok(c) => out.push(c),
            Err(why) => *skips.entry(why).or_insert(0) += 1,
        }
    }
    (out, skips)
}

type Un<T> = unsafe extern "C" fn(T, u8, *mut T) -> urnum_status;
type Bin<T> = unsafe extern "C" fn(T, T, u8, *mut T) -> urnum_status;
type UnQ = unsafe extern "C" fn(*const u8, u8, *mut u8) -> urnum_status;
type BinQ = unsafe extern "C" fn(*const u8, *const u8, u8, *mut u8) -> urnum_status;

/// The named entries of one width, by arm.
struct Named<U, B> {
    unary: Vec<(String, U)>,
    binary: Vec<(String, B)>,
}

/// The arm of a named entry (`urnum_rd_log_2` → `log-2`).
fn arm_of(entry: &str) -> String {
    entry[9..].replace('_', "-")
}

/// The named entries of one width: its one-operand entries, then its two-operand ones.
macro_rules! table {
    ([$($u:ident),*], [$($b:ident),*]) => {
        Named {
            unary: vec![$((arm_of(stringify!($u)), $u as _)),*],
            binary: vec![$((arm_of(stringify!($b)), $b as _)),*],
        }
    };
}

/// The named entry's arm name for an alias (`sqrt` → `sqt`).
fn canonical(arm: &str) -> &str {
    softblas::math::arms::find(arm).map_or(arm, |a| a.name)
}

/// Runs case `c` through its named `@rh @rs @rd` entry of value type `T`:
/// `None` when the arm has no named entry; else (allocations, status, value).
fn run_named<T: Copy + Default + TryFrom<u128> + Into<u128>>(
    named: &Named<Un<T>, Bin<T>>,
    c: &Case,
) -> Option<(u64, urnum_status, u128)> {
    let arm = canonical(&c.arm);
    let xs: Vec<T> = c
        .args
        .iter()
        .map(|a| T::try_from(*a).ok())
        .collect::<Option<_>>()?;
    let mut out = T::default();
    let (n, st) = if let Some((_, f)) = named.unary.iter().find(|(a, _)| *a == arm) {
        let x = xs[0];
        // SAFETY: `out` is a writable, aligned T.
        counted(|| unsafe { f(x, c.rnd, &mut out) })
    } else if let Some((_, f)) = named.binary.iter().find(|(a, _)| *a == arm) {
        let (x, y) = (xs[0], xs[1]);
        // SAFETY: as above.
        counted(|| unsafe { f(x, y, c.rnd, &mut out) })
    } else {
        return None;
    };
    Some((n, st, out.into()))
}

/// As [`run_named`] for the `@rq` entries (16 little-endian bytes each).
fn run_named_q(named: &Named<UnQ, BinQ>, c: &Case) -> Option<(u64, urnum_status, u128)> {
    let arm = canonical(&c.arm);
    let xs: Vec<[u8; 16]> = c.args.iter().map(|a| a.to_le_bytes()).collect();
    let mut out = [0u8; 16];
    let (n, st) = if let Some((_, f)) = named.unary.iter().find(|(a, _)| *a == arm) {
        let x = xs[0].as_ptr();
        // SAFETY: 16 readable bytes at `x`, 16 writable at `out`.
        counted(|| unsafe { f(x, c.rnd, out.as_mut_ptr()) })
    } else if let Some((_, f)) = named.binary.iter().find(|(a, _)| *a == arm) {
        let (x, y) = (xs[0].as_ptr(), xs[1].as_ptr());
        // SAFETY: as above.
        counted(|| unsafe { f(x, y, c.rnd, out.as_mut_ptr()) })
    } else {
        return None;
    };
    Some((n, st, u128::from_le_bytes(out)))
}

/// Runs case `c` through `urnum_math`: (allocations, status, value).
fn run_generic(c: &Case) -> (u64, urnum_status, u128) {
    let args: Vec<u8> = c.args.iter().flat_map(|a| a.to_le_bytes()).collect();
    let tol = c.tol.map(|(r, a)| (r.to_le_bytes(), a.to_le_bytes()));
    let (rp, ap) = match &tol {
        Some((r, a)) => (r.as_ptr(), a.as_ptr()),
        None => (std::ptr::null(), std::ptr::null()),
    };
    let mut out = [0u8; 16];
    let n_args = c.args.len() as u32;
    let ptr = args.as_ptr();
    let (n, st) = counted(|| {
        // SAFETY: `args` holds 16 · n_args bytes, `out` 16 writable bytes,
        // the tolerances 16 bytes each or NULL.
        unsafe { urnum_math(c.op, c.bloq, c.rnd, rp, ap, ptr, n_args, out.as_mut_ptr()) }
    });
    (n, st, u128::from_le_bytes(out))
}

/// Checks one call's status and value against the case; returns a mismatch message.
fn check(c: &Case, entry: &str, st: urnum_status, v: u128) -> Option<String> {
    let got = if st == urnum_status::URNUM_OK {
        Ok(v)
    } else {
        Err(st)
    };
    (got != c.expect).then(|| format!("{} via {entry}: got {got:x?}, want {:x?}", c.id, c.expect))
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

/// The generic entry's (allocations, status, value) for op `op` at `bloq` in `%n`.
fn generic(op: u32, bloq: u8, args: &[u128]) -> (u64, urnum_status, u128) {
    let c = Case {
        id: String::new(),
        arm: String::new(),
        op,
        bloq,
        rnd: b'n',
        tol: None,
        args: args.to_vec(),
        expect: Ok(0),
    };
    run_generic(&c)
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

/// One decoded element-kind vector for `urnum_scalar`.
struct ScalarCase {
    id: String,
    /// (library, door, arm) for the report.
    group: (String, String, String),
    kind: u8,
    bloq: u8,
    prec: (u64, u64),
    op: u32,
    rnd: u8,
    x: Vec<u8>,
    y: Vec<u8>,
}

/// The `urnum_scalar` op of a Hoon arm name.
fn scalar_op(arm: &str) -> Option<u32> {
    use urnum_ffi::scalar::*;
    Some(match arm {
        "add" => URNUM_SC_ADD,
        "sub" => URNUM_SC_SUB,
        "mul" => URNUM_SC_MUL,
        "div" => URNUM_SC_DIV,
        "gth" => URNUM_SC_GTH,
        "gte" => URNUM_SC_GTE,
        "lth" => URNUM_SC_LTH,
        "lte" => URNUM_SC_LTE,
        "equ" => URNUM_SC_EQU,
        "neq" => URNUM_SC_NEQ,
        "abs" => URNUM_SC_ABS,
        "conj" => URNUM_SC_CONJ,
        _ => return None,
    })
}

/// Decodes an element-kind vector (posit, complex, fixed, twoc) whose arm `urnum_scalar` serves.
fn scalar_case(reg: &Registry, v: &Vector) -> Option<ScalarCase> {
    let (arm, door) = unpinned(&v.call.key)
        .split_once(':')
        .unwrap_or((unpinned(&v.call.key), ""));
    let op = scalar_op(arm)?;
    let args: Vec<Noun> = v
        .call
        .args
        .iter()
        .map(|e| eval_noun(reg, e).ok())
        .collect::<Option<_>>()?;
    let bytes = |n: &Noun| n.as_atom().map(Atom::to_le_bytes);
    let door_round = |face: &str| {
        let mut d = Door::bare(&v.call.door);
        for (f, e) in &v.call.door_args {
            d.args.insert(f.clone(), eval_noun(reg, e).ok()?);
        }
        d.round(face, Round::Z).ok().map(Round::code)
    };
    // The bloq of the door's values (its width in the one table of doors).
    let element_bloq = urnum_tests::cli::doors::door(door).map(|d| d.width.trailing_zeros() as u8);
    let (kind, bloq, prec, rnd, x, y) = match (v.lib.as_str(), door) {
        ("unum", _) => {
            // The posit doors up to `rpd` (bloq 6) have ABI rows.
            let bloq = element_bloq.filter(|&b| b <= 6)?;
            let y = args.get(1).and_then(bytes).unwrap_or_default();
            (
                urnum_ffi::URNUM_UNUM,
                bloq,
                (0, 0),
                b'n',
                bytes(args.first()?)?,
                y,
            )
        }
        ("complex", _) => {
            let bloq = element_bloq?;
            let y = args.get(1).and_then(bytes).unwrap_or_default();
            let rnd = door_round("rnd")?;
            (
                urnum_ffi::URNUM_CPLX,
                bloq,
                (0, 0),
                rnd,
                bytes(args.first()?)?,
                y,
            )
        }
        ("twoc", "twoc") => {
            let b = v.call.door_args.iter().find(|(f, _)| f == "bloq")?;
            let b = eval_noun(reg, &b.1).ok()?.as_atom()?.as_u64()?;
            let y = args.get(1).and_then(bytes).unwrap_or_default();
            (
                urnum_ffi::URNUM_INT2,
                u8::try_from(b).ok()?,
                (0, 0),
                b'n',
                bytes(args.first()?)?,
                y,
            )
        }
        ("fixed", _) if args.len() == 4 || args.len() == 2 => {
            // [a [p q]] and [b [p q]]: a fixed-point value and its precision.
            let (pa, pb) = args[1].as_cell()?;
            let prec = (pa.as_atom()?.as_u64()?, pb.as_atom()?.as_u64()?);
            let y = args.get(2).and_then(bytes).unwrap_or_default();
            // A fixed element is a bloq-aligned atom of the precision's width (a + b bits).
            let bits = prec.0 + prec.1;
            let bloq = (64 - (bits.max(1) - 1).leading_zeros()) as u8;
            (urnum_ffi::URNUM_FIXP, bloq, prec, b'n', bytes(&args[0])?, y)
        }
        _ => return None,
    };
    Some(ScalarCase {
        id: v.id.clone(),
        group: (v.lib.clone(), door.to_string(), arm.to_string()),
        kind,
        bloq,
        prec,
        op,
        rnd,
        x,
        y,
    })
}

/// `urnum_scalar` on case `c`: (allocations, status, value bytes).
fn run_scalar(c: &ScalarCase) -> (u64, urnum_status, Vec<u8>) {
    let mut out = [0u8; 64];
    let mut len = 0usize;
    let x = urnum_ffi::urnum_bytes {
        ptr: c.x.as_ptr(),
        len: c.x.len(),
    };
    let y = urnum_ffi::urnum_bytes {
        ptr: c.y.as_ptr(),
        len: c.y.len(),
    };
    let o = urnum_ffi::urnum_out::of(&mut out);
    let (n, st) = counted(|| {
        // SAFETY: the operand buffers are readable for their lengths, `out`
        // writable for its capacity, `len` writable.
        unsafe {
            urnum_ffi::urnum_scalar(
                c.kind, c.bloq, c.prec.0, c.prec.1, c.op, c.rnd, x, y, o, &mut len,
            )
        }
    });
    (n, st, out[..len].to_vec())
}

/// The general path's (status, value bytes) for case `c` (a program over heap atoms).
fn general_scalar(c: &ScalarCase) -> (urnum_status, Vec<u8>) {
    let k = urnum_ffi::la::decode::kind(c.kind).expect("a kind code");
    let meta = lagoon::Meta::new(vec![1], u32::from(c.bloq), k);
    let meta = if k == softblas::Kind::Fixp {
        meta.with_tail(lagoon::Tail::Prec {
            a: Atom::from_u64(c.prec.0),
            b: Atom::from_u64(c.prec.1),
        })
    } else {
        meta
    };
    let r = Round::from_code(c.rnd).expect("a rounding code");
    let v = urnum_ffi::scalar::eval(
        &lagoon::Door::lake(r),
        &meta,
        c.op,
        &Atom::from_le_bytes(&c.x),
        &Atom::from_le_bytes(&c.y),
    );
    match v {
        Ok(a) => (urnum_status::URNUM_OK, a.to_le_bytes()),
        Err(s) => (s, Vec::new()),
    }
}

/// Whether the scalar entry is allocation-free for this case's kind, bloq and op
/// (the table in `docs/vere-integration.md`): posit comparisons at bloq 3..=6,
/// posit8 (`rpb`) arithmetic, complex `ch cs cd` `add sub mul div`.
///
/// Posit16/32/64 arithmetic takes the same heap-free ABI path, but
/// `softblas::scalar::unum`'s exact arithmetic holds significands in
/// `BigUint`s, which go to the heap past one 64-bit digit: measured, `rph`
/// `sub` and `rps`/`rpd` `add sub div` (and `rpd` `mul`) allocate on some operands.
fn scalar_alloc_free(c: &ScalarCase) -> bool {
    use urnum_ffi::scalar::*;
    match c.kind {
        urnum_ffi::URNUM_UNUM => {
            (3..=6).contains(&c.bloq) && (URNUM_SC_GTH..=URNUM_SC_NEQ).contains(&c.op)
                || c.bloq == 3 && (URNUM_SC_ADD..=URNUM_SC_DIV).contains(&c.op)
        }
        urnum_ffi::URNUM_CPLX => {
            (5..=7).contains(&c.bloq) && (URNUM_SC_ADD..=URNUM_SC_DIV).contains(&c.op)
        }
        _ => false,
    }
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
