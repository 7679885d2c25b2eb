//! The element-kind scalar entry point [`urnum_scalar`]: one operation of a
//! Lagoon element kind on one or two elements, exactly as Lagoon's
//! `+fun-scalar` and `+trans-scalar` gates compute it (urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`), which call `/lib/unum` (posits,
//! `%unum`), `/lib/complex` (`%cplx`), `/lib/fixed` and `/lib/twoc` (`%fixp`,
//! `%int2`) and the `@r` doors (`%i754`).
//!
//! Operands and the value are atoms (little-endian bytes). The value is the
//! gate's, not cut to the element width (Lagoon's loops cut it when storing).

use crate::abi::{urnum_bytes, urnum_out, urnum_status};
use crate::la::{decode, door_of, status_of};
use crate::policy::policy;
use crate::raw;
use crate::raw::CONTRACT;
use lagoon::elementwise as ew;
use lagoon::{Door, Meta, Tail};
use softblas::dtype::Dtype;
use softblas::ops;
use softblas::prog::{Binary, Compare, Op2, Unary};
use softblas::scalar::cplx;
use softblas::{Atom, Kind};

/// `urnum_scalar` op: `%add`.
pub const URNUM_SC_ADD: u32 = 1;
/// `urnum_scalar` op: `%sub`.
pub const URNUM_SC_SUB: u32 = 2;
/// `urnum_scalar` op: `%mul`.
pub const URNUM_SC_MUL: u32 = 3;
/// `urnum_scalar` op: `%div`.
pub const URNUM_SC_DIV: u32 = 4;
/// `urnum_scalar` op: `%mod`.
pub const URNUM_SC_MOD: u32 = 5;
/// `urnum_scalar` op: `%pow` (`%uint %int2 %unum`).
pub const URNUM_SC_POW: u32 = 6;
/// `urnum_scalar` op: `%gth` (the kind's one or 0).
pub const URNUM_SC_GTH: u32 = 10;
/// `urnum_scalar` op: `%gte`.
pub const URNUM_SC_GTE: u32 = 11;
/// `urnum_scalar` op: `%lth`.
pub const URNUM_SC_LTH: u32 = 12;
/// `urnum_scalar` op: `%lte`.
pub const URNUM_SC_LTE: u32 = 13;
/// `urnum_scalar` op: `%equ`.
pub const URNUM_SC_EQU: u32 = 14;
/// `urnum_scalar` op: `%neq`.
pub const URNUM_SC_NEQ: u32 = 15;
/// `urnum_scalar` op: `%abs` (one operand).
pub const URNUM_SC_ABS: u32 = 20;
/// `urnum_scalar` op: `%conj` (one operand).
pub const URNUM_SC_CONJ: u32 = 21;

/// The two-operand op of `op`, if it is one.
fn binary(op: u32) -> Option<Op2> {
    Some(match op {
        URNUM_SC_ADD => Op2::Binary(Binary::Add),
        URNUM_SC_SUB => Op2::Binary(Binary::Sub),
        URNUM_SC_MUL => Op2::Binary(Binary::Mul),
        URNUM_SC_DIV => Op2::Binary(Binary::Div),
        URNUM_SC_MOD => Op2::Binary(Binary::Mod),
        URNUM_SC_POW => Op2::Binary(Binary::Pow),
        URNUM_SC_GTH => Op2::Compare(Compare::Gth),
        URNUM_SC_GTE => Op2::Compare(Compare::Gte),
        URNUM_SC_LTH => Op2::Compare(Compare::Lth),
        URNUM_SC_LTE => Op2::Compare(Compare::Lte),
        URNUM_SC_EQU => Op2::Compare(Compare::Equ),
        URNUM_SC_NEQ => Op2::Compare(Compare::Neq),
        _ => return None,
    })
}

/// The value of `op` at `meta`'s kind and bloq on `x` (and `y`), in `door`'s mode.
///
/// # Errors
/// `URNUM_CONTRACT` for an unknown op; the status of the gate's failure otherwise.
pub fn eval(door: &Door, meta: &Meta, op: u32, x: &Atom, y: &Atom) -> Result<Atom, urnum_status> {
    if let Some(op2) = binary(op) {
        let gate = ew::fun_scalar(door, meta, op2).map_err(|e| status_of(&e))?;
        return ew::apply2(door.policy, &gate, x, y).map_err(|e| status_of(&e));
    }
    let u = match op {
        URNUM_SC_ABS => Unary::Abs,
        URNUM_SC_CONJ => Unary::Conj,
        _ => return Err(CONTRACT),
    };
    let gate = ew::trans_scalar(door, meta.bloq, meta.kind, u).map_err(|e| status_of(&e))?;
    ew::apply1(door.policy, &gate, x).map_err(|e| status_of(&e))
}

/// Computes element op `op` (`URNUM_SC_*`) of kind `kind` (`URNUM_I754` …) at
/// `bloq` on `x` (and `y` for two-operand ops; ignored otherwise), in rounding
/// mode `rnd` (read by `%i754` and `%cplx` only, but always one of `n u d z`).
/// `%fixp` takes its precision `[fixp_a fixp_b]`.
///
/// On `URNUM_OK` the value's little-endian bytes (no high zero bytes; none for
/// 0) go to `out` and their number to `*out_len`.
///
/// Statuses: `URNUM_CONTRACT` for an unknown kind or op, NULL pointers, or an
/// `out` too small; `URNUM_PUNT` for another rounding code or an input urnum
/// declines; `URNUM_CRASH` where the Hoon gate crashes (a bloq the kind does
/// not have, division by zero of integers, `%mod` of `%cplx`, ...). Nothing is
/// written unless the status is `URNUM_OK`.
///
/// # Safety
/// `x.ptr`/`y.ptr` readable for their lengths, `out.ptr` writable for
/// `out.cap` bytes, `out_len` writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn urnum_scalar(
    kind: u8,
    bloq: u8,
    fixp_a: u64,
    fixp_b: u64,
    op: u32,
    rnd: u8,
    x: urnum_bytes,
    y: urnum_bytes,
    out: urnum_out,
    out_len: *mut usize,
) -> urnum_status {
    let Some(k) = decode::kind(kind) else {
        return CONTRACT;
    };
    if out_len.is_null() || !out_len.is_aligned() {
        return CONTRACT;
    }
    // SAFETY: the ABI requires `ptr` to hold `len` readable bytes for the call's duration.
    let (xb, yb) = match unsafe { (raw::bytes(x.ptr, x.len), raw::bytes(y.ptr, y.len)) } {
        (Some(x), Some(y)) => (x, y),
        _ => return CONTRACT,
    };
    if binary(op).is_none() && !matches!(op, URNUM_SC_ABS | URNUM_SC_CONJ) {
        return CONTRACT;
    }
    // No op here applies a `/lib/unum` elementary function: the door names no revision.
    let door = match door_of(policy(), rnd, None) {
        Ok(d) => d,
        Err(s) => return s,
    };
    if let Some(v) = fast(k, bloq, op, door.round, xb, yb) {
        // SAFETY: forwarded from the caller.
        return unsafe { put_value(&v.to_le_bytes()[..byte_len(v)], out, out_len) };
    }
    let (x, y) = (Atom::from_le_bytes(xb), Atom::from_le_bytes(yb));
    let meta = Meta::new(vec![1], u32::from(bloq), k);
    let meta = if k == Kind::Fixp {
        meta.with_tail(Tail::Prec {
            a: Atom::from_u64(fixp_a),
            b: Atom::from_u64(fixp_b),
        })
    } else {
        meta
    };
    let v = match eval(&door, &meta, op, &x, &y) {
        Ok(v) => v,
        Err(s) => return s,
    };
    let bytes = if v.is_zero() {
        Vec::new()
    } else {
        v.to_le_bytes()
    };
    // SAFETY: forwarded from the caller.
    unsafe { put_value(&bytes, out, out_len) }
}

/// Writes a value's bytes to `out` and their number to `*out_len`.
///
/// # Safety
/// `out.ptr` writable for `out.cap` bytes; a non-NULL `out_len` writable.
unsafe fn put_value(bytes: &[u8], out: urnum_out, out_len: *mut usize) -> urnum_status {
    // Every check before any write: nothing is written unless the status is OK.
    if bytes.len() > out.cap || out_len.is_null() || !out_len.is_aligned() {
        return CONTRACT;
    }
    // SAFETY: `out.ptr` holds `out.cap >= bytes.len()` writable bytes.
    if !unsafe { raw::write(out.ptr, out.cap, bytes) } {
        return CONTRACT;
    }
    // SAFETY: `out_len` is non-NULL and aligned (checked above) and writable per the caller.
    let stored = unsafe { raw::put(out_len, bytes.len()) };
    debug_assert!(stored, "out_len was checked before writing");
    urnum_status::URNUM_OK
}

/// The number of bytes of `v` without high zero bytes (0 for 0).
fn byte_len(v: u128) -> usize {
    16 - (v.leading_zeros() / 8) as usize
}

/// The little-endian `bytes` as a `u128` when they fit (high zero bytes allowed).
fn small(bytes: &[u8]) -> Option<u128> {
    let n = bytes.len() - bytes.iter().rev().take_while(|b| **b == 0).count();
    let mut q = [0u8; 16];
    q.get_mut(..n)?.copy_from_slice(&bytes[..n]);
    Some(u128::from_le_bytes(q))
}

/// The allocation-free path of [`urnum_scalar`]: posit (`%unum`, bloq 3..=6)
/// arithmetic and comparisons, and complex (`%cplx` `ch cs cd`, bloq 5..=7)
/// `add sub mul div`, on operands that fit the element; `None` sends the call
/// to the general path ([`eval`], which builds a program and heap atoms).
///
/// The values are those of the general path: the posit ops are the same
/// [`ops::eval2`] the program runs, on inline atoms (below 2^64), and the
/// complex ops the same [`cplx::Plane`] arms, with `++pak` done on a `u128`.
/// Neither can fail at these kinds and bloqs (no crash, no punt).
fn fast(k: Kind, bloq: u8, op: u32, round: softblas::Round, x: &[u8], y: &[u8]) -> Option<u128> {
    let (a, b) = (small(x)?, small(y)?);
    match (k, bloq) {
        (Kind::Unum, 3..=6) => {
            let op2 = match op {
                URNUM_SC_ADD | URNUM_SC_SUB | URNUM_SC_MUL | URNUM_SC_DIV => binary(op)?,
                URNUM_SC_GTH..=URNUM_SC_NEQ => binary(op)?,
                _ => return None,
            };
            let (a, b) = (u64::try_from(a).ok()?, u64::try_from(b).ok()?);
            let t = Dtype {
                kind: k,
                bloq: u32::from(bloq),
                prec: None,
            };
            let v = ops::eval2(
                policy(),
                op2,
                &t,
                round,
                None,
                &Atom::from_u64(a),
                &Atom::from_u64(b),
            )
            .ok()?;
            v.as_u128()
        }
        (Kind::Cplx, 5..=7) => {
            let d = cplx::Plane::from_bloq(u32::from(bloq), round)
                .ok()?
                .with_exec(policy().exec);
            let bits = d.w.bits();
            let m = d.w.mask();
            let split = |v: u128| cplx::Cplx::new(v & m, (v >> bits) & m);
            let (p, q) = (split(a), split(b));
            let v = match op {
                URNUM_SC_ADD => d.add(p, q),
                URNUM_SC_SUB => d.sub(p, q),
                URNUM_SC_MUL => d.mul(p, q),
                URNUM_SC_DIV => d.div(p, q),
                _ => return None,
            };
            // `++pak`: im above re; both are component bits, so nothing spills.
            (v.im <= m && v.re <= m).then(|| v.im << bits | v.re)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use softblas::Round;

    /// The general path's value of `op` at kind `k`, `bloq` on the bits `a`, `b` in mode `r`.
    fn general(k: Kind, bloq: u8, op: u32, r: Round, a: u128, b: u128) -> Option<u128> {
        let meta = Meta::new(vec![1], u32::from(bloq), k);
        let v = eval(
            &Door::lake(r),
            &meta,
            op,
            &Atom::from_u128(a),
            &Atom::from_u128(b),
        );
        v.ok()
            .map(|v| v.as_u128().expect("a value of at most 128 bits"))
    }

    const OPS: [u32; 10] = [
        URNUM_SC_ADD,
        URNUM_SC_SUB,
        URNUM_SC_MUL,
        URNUM_SC_DIV,
        URNUM_SC_GTH,
        URNUM_SC_GTE,
        URNUM_SC_LTH,
        URNUM_SC_LTE,
        URNUM_SC_EQU,
        URNUM_SC_NEQ,
    ];

    proptest! {
        /// The allocation-free path gives the general path's value (posits at
        /// bloq 3..=6 and complex `ch cs cd`, every op it serves, every mode).
        #[test]
        fn fast_path_is_the_general_path(
            a in any::<u128>(), b in any::<u128>(), oi in 0usize..10, ri in 0usize..4, ki in 0usize..7
        ) {
            let (k, bloq) = [
                (Kind::Unum, 3u8), (Kind::Unum, 4), (Kind::Unum, 5), (Kind::Unum, 6),
                (Kind::Cplx, 5), (Kind::Cplx, 6), (Kind::Cplx, 7),
            ][ki];
            let r = [Round::N, Round::U, Round::D, Round::Z][ri];
            let op = OPS[oi];
            // Operands of the element's width (the fast path's domain).
            let m = u128::MAX >> (128 - (1u32 << bloq));
            let (a, b) = (a & m, b & m);
            let bytes = |v: u128| v.to_le_bytes();
            let got = fast(k, bloq, op, r, &bytes(a), &bytes(b));
            let served = k == Kind::Unum || oi < 4;
            prop_assert_eq!(got.is_some(), served);
            if let Some(v) = got {
                prop_assert_eq!(Some(v), general(k, bloq, op, r, a, b));
            }
        }
    }

    #[test]
    fn posit_and_twoc_gates() {
        let d = Door::lake(Round::N);
        // rpb (8-bit posit, es 2): 1 + 1 = 2 (0x40 + 0x40 = 0x48).
        let m = Meta::new(vec![1], 3, Kind::Unum);
        let v = eval(
            &d,
            &m,
            URNUM_SC_ADD,
            &Atom::from_u64(0x40),
            &Atom::from_u64(0x40),
        );
        assert_eq!(v, Ok(Atom::from_u64(0x48)));
        // %int2 at bloq 3: 5 / 0 crashes in /lib/twoc.
        let m = Meta::new(vec![1], 3, Kind::Int2);
        let v = eval(&d, &m, URNUM_SC_DIV, &Atom::from_u64(5), &Atom::ZERO);
        assert_eq!(v, Err(urnum_status::URNUM_CRASH));
        // %i754 at bloq 3 has no gate: a crash, as the Hoon's ?+ bloq !!.
        let m = Meta::new(vec![1], 3, Kind::I754);
        let v = eval(&d, &m, URNUM_SC_ADD, &Atom::ZERO, &Atom::ZERO);
        assert_eq!(v, Err(urnum_status::URNUM_CRASH));
    }
}
