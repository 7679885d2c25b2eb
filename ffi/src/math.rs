//! The `/lib/math` scalar entry points (`urbit/numerics:libmath/desk/lib/math.hoon`
//! @a71a0b9, computed by [`softblas::math`]): one generic, table-driven
//! [`urnum_math`] over every arm with float operands, and named entries
//! `urnum_r{h,s,d,q}_<arm>` for the arms vere jets (`math_named`).
//!
//! Floats travel as bits: `uint16_t`/`uint32_t`/`uint64_t` by value for
//! `@rh @rs @rd`, 16 little-endian bytes (low 64-bit word first) for `@rq`.
//! The rounding code is the door's `r` (`'n' 'u' 'd' 'z'`; any other byte,
//! including `'a'`, punts: no `/lib/math` door can hold it).
//!
//! # Allocation
//!
//! Every entry here is allocation-free, safe to call inside a vere jet:
//! operands go into a stack array of at most three `u128`s, the door
//! computes on float bits ([`softblas::math`]), and the value is written
//! straight into the caller's bytes. Two cases still build a heap atom, both
//! out of any golden vector's reach: an integer operand of 2^64 or more
//! (`sun`, `san`, `round`'s and `round-places`'s `n`), and at `@rq` an arm
//! whose `toi` integer lies in [2^64, 2^113) without being a float integer
//! already (`sin`/`cos`/`tan` of |x| past about 2^64, `is-int` and `pow` of
//! such an `n`). `ffi/tests/no_alloc_math.rs` proves it over every
//! `/lib/math` golden vector, through [`urnum_math`] and the named entries,
//! with a counting global allocator, and pins the two heap cases.

use crate::abi::urnum_status;
use crate::raw;
use crate::raw::{CONTRACT, CRASH, OK, PUNT};
use softblas::math::arms::{self, Arm, Call};
use softblas::math::{Door, LoopError, MathError};
use softblas::scalar::i754::Width;
use softblas::{Atom, DoorRound, Round};

pub use crate::math_ids::*;

/// The catalogue row (`softblas::math::arms`) of op `op`, or `None` for an unknown op.
pub fn arm_of(op: u32) -> Option<&'static Arm> {
    let &(name, _) = MATH_ABI.iter().find(|(_, id)| *id == op)?;
    arms::find(name)
}

/// The op of the `/lib/math` arm named `name` (aliases included: `sqrt` is
/// `URNUM_MATH_SQT`), or `None` when the ABI does not serve it.
pub fn op_of(name: &str) -> Option<u32> {
    let row = arms::find(name)?;
    MATH_ABI
        .iter()
        .find(|(n, _)| *n == row.name)
        .map(|(_, id)| *id)
}

/// The number of operands op `op` takes, or `None` for an unknown op.
pub fn arity(op: u32) -> Option<u32> {
    arm_of(op).map(|a| a.call.arity() as u32)
}

/// The status of a `/lib/math` error.
fn status_of(e: &MathError) -> urnum_status {
    match e {
        MathError::ToiNotFinite { .. } | MathError::Assertion { .. } => CRASH,
        MathError::Loop(LoopError::Diverges { .. })
        | MathError::Loop(LoopError::TooManySteps { .. })
        | MathError::NotHoonMode(_) => PUNT,
        MathError::NoSuchArm { .. } => CONTRACT,
    }
}

/// A loobean as an operand-width value: `%.y` is 0.
fn flag(b: bool) -> u128 {
    u128::from(!b)
}

/// The most operands an op takes (`fma`).
pub(crate) const MAX_ARITY: usize = 3;

/// The atom of an integer operand (`sun`, `san`, `round`'s `n`): inline below
/// 2^64, so only an operand of 2^64 or more puts one on the heap.
fn int_operand(v: u128) -> Atom {
    match u64::try_from(v) {
        Ok(small) => Atom::from_u64(small),
        Err(_) => Atom::from_u128(v),
    }
}

/// The value of op `op` of door `d` on operands `x` (floats of the door's width, or
/// atoms for `sun`, `san`, `round`'s `n`), as the bits of a value of at most 128 bits.
///
/// Allocates nothing, except an atom for an integer operand of 2^64 or more
/// and the `toi` of an `@rq` value between 2^64 and 2^113 inside an arm (see
/// the crate docs' allocation table).
///
/// # Errors
/// The status of the arm's failure; `URNUM_CONTRACT` for an operand wider than
/// the door or an unknown op; `URNUM_PUNT` for `+huge` and `+tiny` of `@rq`,
/// which are wider than 128 bits.
pub fn eval(d: &Door, op: u32, x: &[u128]) -> Result<u128, urnum_status> {
    let call = arm_of(op).ok_or(CONTRACT)?.call;
    if call.arity() != x.len() {
        return Err(CONTRACT);
    }
    let mask = d.width().mask();
    let checked = match call {
        Call::Unsigned(_) | Call::Signed(_) => &[][..],
        Call::Places(_) => &x[..1],
        _ => x,
    };
    if checked.iter().any(|v| v & !mask != 0) {
        return Err(CONTRACT);
    }
    let e = |e: MathError| status_of(&e);
    Ok(match call {
        Call::Constant(f) => f(d),
        // At @rq the Hoon's atoms are 144 and 129 bits wide: no 16-byte value.
        Call::Wide(_) if d.width() == Width::Q => return Err(PUNT),
        Call::Wide(f) => f(d).as_u128().ok_or(PUNT)?,
        Call::Float1(f) => f(d, x[0]).map_err(e)?,
        Call::Float2(f) => f(d, x[0], x[1]).map_err(e)?,
        Call::Float3(f) => f(d, x[0], x[1], x[2]),
        Call::Test1(f) => flag(f(d, x[0]).map_err(e)?),
        Call::Test2(f) => flag(f(d, x[0], x[1])),
        Call::Places(f) => f(d, x[0], &int_operand(x[1])).map_err(e)?,
        Call::Unsigned(f) => f(d, &int_operand(x[0])),
        Call::Signed(f) => {
            // @s: an even atom 2k is --k, an odd atom 2k-1 is -k.
            let s = x[0];
            let negative = s & 1 == 1;
            let mag = if negative { (s >> 1) + 1 } else { s >> 1 };
            f(d, negative, &int_operand(mag))
        }
        // Not in the ABI's table (a list operand; a unit product).
        Call::TestList(_) | Call::ToInt(_) => return Err(CONTRACT),
    })
}

/// The door of width `bloq` (4..=7) in mode `rnd` with tolerances `rtol`/`atol`
/// (16 little-endian bytes each; NULL for the door's bunt).
///
/// # Safety
/// Non-NULL `rtol`/`atol` point to 16 readable bytes.
unsafe fn door(bloq: u8, rnd: u8, rtol: *const u8, atol: *const u8) -> Result<Door, urnum_status> {
    let w = Width::from_bloq(u32::from(bloq)).ok_or(CONTRACT)?;
    let bunt = Door::new(w);
    // SAFETY: forwarded from the caller (16 readable bytes or NULL).
    let rtol = unsafe { quad_or(rtol, bunt.rtol()) };
    // SAFETY: as above.
    let atol = unsafe { quad_or(atol, bunt.atol()) };
    let r = Round::of_door_code(rnd).ok_or(PUNT)?;
    Door::with(w, r, rtol, atol)
        .map(|d| d.with_policy(crate::policy::policy()))
        .map_err(|e| status_of(&e))
}

/// The 16 little-endian bytes at `p` as a `u128`, or `bunt` for NULL.
///
/// # Safety
/// A non-NULL `p` points to 16 readable bytes.
unsafe fn quad_or(p: *const u8, bunt: u128) -> u128 {
    // SAFETY: forwarded from the caller.
    match unsafe { raw::bytes(p, 16) } {
        Some(b) if !p.is_null() => quad(b),
        _ => bunt,
    }
}

fn quad(b: &[u8]) -> u128 {
    let mut q = [0u8; 16];
    q.copy_from_slice(&b[..16]);
    u128::from_le_bytes(q)
}

/// Computes `/lib/math` op `op` (`URNUM_MATH_*`) of the door of width `bloq`
/// (4 `@rh`, 5 `@rs`, 6 `@rd`, 7 `@rq`) in mode `rnd`, with the door's `rtol`
/// and `atol` (16 little-endian bytes each, or NULL for the door's bunt).
///
/// `args` holds `n_args` operands of 16 little-endian bytes each (a float's
/// bits zero-extended; `sun`/`san` take an `@ud`/`@s`, `round`'s second
/// operand is an `@ud`). On `URNUM_OK` the value is written to `out` as 16
/// little-endian bytes (a loobean is 0 or 1); `+huge` and `+tiny` of `@rq` are
/// wider than 16 bytes and punt.
///
/// Statuses: `URNUM_CONTRACT` for an unknown op, a wrong operand count, a
/// width other than 4..=7, an operand wider than the door, an arm the door does
/// not have (`mod` outside `@rs`), or NULL buffers; `URNUM_PUNT` for a rounding
/// code other than `n u d z` or an input urnum declines (a loop the Hoon never
/// leaves); `URNUM_CRASH` where the Hoon crashes. `out` is written only on `URNUM_OK`.
///
/// # Safety
/// `args` points to `16 · n_args` readable bytes, `out` to 16 writable bytes,
/// non-NULL `rtol`/`atol` to 16 readable bytes each.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn urnum_math(
    op: u32,
    bloq: u8,
    rnd: u8,
    rtol: *const u8,
    atol: *const u8,
    args: *const u8,
    n_args: u32,
    out: *mut u8,
) -> urnum_status {
    let Some(n) = arity(op) else {
        return CONTRACT;
    };
    if n != n_args || out.is_null() {
        return CONTRACT;
    }
    // SAFETY: the caller gives 16 · n_args readable bytes at `args`.
    let Some(buf) = (unsafe { raw::bytes(args, 16 * n_args as usize) }) else {
        return CONTRACT;
    };
    let mut xs = [0u128; MAX_ARITY];
    for (x, b) in xs.iter_mut().zip(buf.chunks_exact(16)) {
        *x = quad(b);
    }
    // SAFETY: forwarded from the caller.
    let d = match unsafe { door(bloq, rnd, rtol, atol) } {
        Ok(d) => d,
        Err(s) => return s,
    };
    let v = match eval(&d, op, &xs[..n as usize]) {
        Ok(v) => v,
        Err(s) => return s,
    };
    // SAFETY: `out` points to 16 writable bytes per the ABI.
    unsafe { raw::write(out, 16, &v.to_le_bytes()) };
    OK
}

/// A named `@rh`/`@rs`/`@rd` entry: `op` on the operands `xs` in mode `rnd`, the value to `out`.
///
/// # Safety
/// `out` is NULL or points to a writable `T`.
pub(crate) unsafe fn named<T: Copy + Into<u128> + TryFrom<u128>>(
    op: u32,
    bloq: u8,
    rnd: u8,
    xs: &[T],
    out: *mut T,
) -> urnum_status {
    if out.is_null() {
        return CONTRACT;
    }
    // SAFETY: NULL tolerances give the bunt.
    let d = match unsafe { door(bloq, rnd, std::ptr::null(), std::ptr::null()) } {
        Ok(d) => d,
        Err(s) => return s,
    };
    if xs.len() > MAX_ARITY {
        return CONTRACT;
    }
    let mut wide = [0u128; MAX_ARITY];
    for (w, x) in wide.iter_mut().zip(xs) {
        *w = (*x).into();
    }
    let v = match eval(&d, op, &wide[..xs.len()]) {
        Ok(v) => v,
        Err(s) => return s,
    };
    match T::try_from(v).ok() {
        Some(v) => {
            // SAFETY: `out` is non-NULL and writable per the caller.
            if unsafe { raw::put(out, v) } {
                OK
            } else {
                CONTRACT
            }
        }
        None => PUNT,
    }
}

/// A named `@rq` entry: operands and value as 16 little-endian bytes each.
///
/// # Safety
/// Each of `xs` points to 16 readable bytes; `out` to 16 writable bytes.
pub(crate) unsafe fn named_q(op: u32, rnd: u8, xs: &[*const u8], out: *mut u8) -> urnum_status {
    if xs.len() > MAX_ARITY {
        return CONTRACT;
    }
    let mut buf = [0u8; 16 * MAX_ARITY];
    for (p, slot) in xs.iter().zip(buf.chunks_exact_mut(16)) {
        // SAFETY: the caller gives 16 readable bytes at each operand.
        match unsafe { raw::bytes(*p, 16) } {
            Some(b) if !p.is_null() => slot.copy_from_slice(b),
            _ => return CONTRACT,
        }
    }
    // SAFETY: `buf` holds 16 · xs.len() bytes; `out` is forwarded from the caller.
    unsafe {
        urnum_math(
            op,
            7,
            rnd,
            std::ptr::null(),
            std::ptr::null(),
            buf.as_ptr(),
            xs.len() as u32,
            out,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_op_has_an_arity() {
        for (name, op) in MATH_ABI {
            assert!(arity(*op).is_some(), "{name}");
            assert_eq!(op_of(name), Some(*op));
            assert_eq!(arm_of(*op).map(|a| a.name), Some(*name), "op {op} once");
        }
        assert_eq!(op_of("sqrt"), Some(URNUM_MATH_SQT));
        assert_eq!(arity(0), None);
        assert_eq!(arity(17), None);
    }

    #[test]
    fn exp_of_one_at_rd() {
        // math-exp test-rd-1: exp:rd(1.0) = 0x4005bf0a8b14576a (r = %n).
        let d = Door::with(Width::D, Round::N, 0, 0).unwrap();
        let v = eval(&d, URNUM_MATH_EXP, &[0x3ff0_0000_0000_0000]).unwrap();
        assert_eq!(v, 0x4005_bf0a_8b14_576a);
        // A value wider than the door is a contract error.
        assert_eq!(eval(&d, URNUM_MATH_EXP, &[1u128 << 64]), Err(CONTRACT));
    }
}
