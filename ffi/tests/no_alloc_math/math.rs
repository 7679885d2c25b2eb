//! The `/lib/math` side: golden vectors decoded into cases, and each case
//! run, allocations counted, through the generic entry `urnum_math` and the
//! named entries `urnum_r{h,s,d,q}_<arm>`.

use super::counting::counted;
use super::{common, unpinned};
use hoon::Noun;
use softblas::{Atom, Round};
use std::collections::BTreeMap;
use urnum_ffi::math::{arity, op_of};
use urnum_ffi::{urnum_math, urnum_status};
use urnum_tests::cli::registry::{Door, Registry};
use urnum_tests::cli::vector::{self, eval, Call, Compare, Expr, Outcome, Vector};

/// One decoded `/lib/math` vector.
pub(crate) struct Case {
    pub(crate) id: String,
    pub(crate) arm: String,
    pub(crate) op: u32,
    pub(crate) bloq: u8,
    pub(crate) rnd: u8,
    pub(crate) tol: Option<(u128, u128)>,
    pub(crate) args: Vec<u128>,
    pub(crate) expect: Result<u128, urnum_status>,
}

pub(crate) fn eval_noun(reg: &Registry, e: &Expr) -> Result<Noun, String> {
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
pub(crate) fn cases() -> (Vec<Case>, BTreeMap<String, usize>) {
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

pub(crate) type Un<T> = unsafe extern "C" fn(T, u8, *mut T) -> urnum_status;
pub(crate) type Bin<T> = unsafe extern "C" fn(T, T, u8, *mut T) -> urnum_status;
pub(crate) type UnQ = unsafe extern "C" fn(*const u8, u8, *mut u8) -> urnum_status;
pub(crate) type BinQ = unsafe extern "C" fn(*const u8, *const u8, u8, *mut u8) -> urnum_status;

/// The named entries of one width, by arm.
pub(crate) struct Named<U, B> {
    pub(crate) unary: Vec<(String, U)>,
    pub(crate) binary: Vec<(String, B)>,
}

/// The arm of a named entry (`urnum_rd_log_2` → `log-2`).
pub(crate) fn arm_of(entry: &str) -> String {
    entry[9..].replace('_', "-")
}

/// The named entry's arm name for an alias (`sqrt` → `sqt`).
pub(crate) fn canonical(arm: &str) -> &str {
    softblas::math::arms::find(arm).map_or(arm, |a| a.name)
}

/// Runs case `c` through its named `@rh @rs @rd` entry of value type `T`:
/// `None` when the arm has no named entry; else (allocations, status, value).
pub(crate) fn run_named<T: Copy + Default + TryFrom<u128> + Into<u128>>(
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
pub(crate) fn run_named_q(named: &Named<UnQ, BinQ>, c: &Case) -> Option<(u64, urnum_status, u128)> {
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
pub(crate) fn run_generic(c: &Case) -> (u64, urnum_status, u128) {
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
pub(crate) fn check(c: &Case, entry: &str, st: urnum_status, v: u128) -> Option<String> {
    let got = if st == urnum_status::URNUM_OK {
        Ok(v)
    } else {
        Err(st)
    };
    (got != c.expect).then(|| format!("{} via {entry}: got {got:x?}, want {:x?}", c.id, c.expect))
}

/// The generic entry's (allocations, status, value) for op `op` at `bloq` in `%n`.
pub(crate) fn generic(op: u32, bloq: u8, args: &[u128]) -> (u64, urnum_status, u128) {
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
