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
use crate::raw;
use crate::raw::CONTRACT;
use lagoon::elementwise as ew;
use lagoon::{Door, Meta, Tail};
use softblas::prog::{Binary, Compare, Op2, Unary};
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
        return ew::apply2(&gate, x, y).map_err(|e| status_of(&e));
    }
    let u = match op {
        URNUM_SC_ABS => Unary::Abs,
        URNUM_SC_CONJ => Unary::Conj,
        _ => return Err(CONTRACT),
    };
    let gate = ew::trans_scalar(door, meta.bloq, meta.kind, u).map_err(|e| status_of(&e))?;
    ew::apply1(&gate, x).map_err(|e| status_of(&e))
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
    if out_len.is_null() {
        return CONTRACT;
    }
    let (x, y) = match (decode::atom(&x), decode::atom(&y)) {
        (Ok(x), Ok(y)) => (x, y),
        _ => return CONTRACT,
    };
    let meta = Meta::new(vec![1], u32::from(bloq), k);
    let meta = if k == Kind::Fixp {
        meta.with_tail(Tail::Prec {
            a: Atom::from_u64(fixp_a),
            b: Atom::from_u64(fixp_b),
        })
    } else {
        meta
    };
    if binary(op).is_none() && !matches!(op, URNUM_SC_ABS | URNUM_SC_CONJ) {
        return CONTRACT;
    }
    let door = match door_of(rnd) {
        Ok(d) => d,
        Err(s) => return s,
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
    if bytes.len() > out.cap {
        return CONTRACT;
    }
    // SAFETY: `out.ptr` holds `out.cap >= bytes.len()` writable bytes.
    if !unsafe { raw::write(out.ptr, out.cap, &bytes) } {
        return CONTRACT;
    }
    // SAFETY: `out_len` is non-NULL and writable per the caller.
    unsafe { raw::put(out_len, bytes.len()) };
    urnum_status::URNUM_OK
}

#[cfg(test)]
mod tests {
    use super::*;
    use softblas::Round;

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
