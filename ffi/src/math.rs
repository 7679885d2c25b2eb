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
use softblas::math::{Door, MathError};
use softblas::scalar::i754::Width;
use softblas::{Atom, Round};

/// `urnum_math` op: `+exp`.
pub const URNUM_MATH_EXP: u32 = 1;
/// `urnum_math` op: `+log`.
pub const URNUM_MATH_LOG: u32 = 2;
/// `urnum_math` op: `+log-2`.
pub const URNUM_MATH_LOG_2: u32 = 3;
/// `urnum_math` op: `+log-10`.
pub const URNUM_MATH_LOG_10: u32 = 4;
/// `urnum_math` op: `+sin`.
pub const URNUM_MATH_SIN: u32 = 5;
/// `urnum_math` op: `+cos`.
pub const URNUM_MATH_COS: u32 = 6;
/// `urnum_math` op: `+tan`.
pub const URNUM_MATH_TAN: u32 = 7;
/// `urnum_math` op: `+asin`.
pub const URNUM_MATH_ASIN: u32 = 8;
/// `urnum_math` op: `+acos`.
pub const URNUM_MATH_ACOS: u32 = 9;
/// `urnum_math` op: `+atan`.
pub const URNUM_MATH_ATAN: u32 = 10;
/// `urnum_math` op: `+sqt` (`+sqrt`).
pub const URNUM_MATH_SQT: u32 = 11;
/// `urnum_math` op: `+cbt` (`+cbrt`).
pub const URNUM_MATH_CBT: u32 = 12;
/// `urnum_math` op: `+atan2 [y x]`.
pub const URNUM_MATH_ATAN2: u32 = 13;
/// `urnum_math` op: `+pow [x n]`.
pub const URNUM_MATH_POW: u32 = 14;
/// `urnum_math` op: `+pow-n [x n]`.
pub const URNUM_MATH_POW_N: u32 = 15;
/// `urnum_math` op: `+factorial` (reads `rtol`).
pub const URNUM_MATH_FACTORIAL: u32 = 16;
/// `urnum_math` op: `+add`.
pub const URNUM_MATH_ADD: u32 = 20;
/// `urnum_math` op: `+sub`.
pub const URNUM_MATH_SUB: u32 = 21;
/// `urnum_math` op: `+mul`.
pub const URNUM_MATH_MUL: u32 = 22;
/// `urnum_math` op: `+div`.
pub const URNUM_MATH_DIV: u32 = 23;
/// `urnum_math` op: `+fma [a b c]`.
pub const URNUM_MATH_FMA: u32 = 24;
/// `urnum_math` op: `+neg`.
pub const URNUM_MATH_NEG: u32 = 25;
/// `urnum_math` op: `+abs` (`+arg`).
pub const URNUM_MATH_ABS: u32 = 26;
/// `urnum_math` op: `+lth` (a loobean: 0 is `%.y`).
pub const URNUM_MATH_LTH: u32 = 30;
/// `urnum_math` op: `+lte` (`+leq`).
pub const URNUM_MATH_LTE: u32 = 31;
/// `urnum_math` op: `+gth`.
pub const URNUM_MATH_GTH: u32 = 32;
/// `urnum_math` op: `+gte` (`+geq`).
pub const URNUM_MATH_GTE: u32 = 33;
/// `urnum_math` op: `+equ`.
pub const URNUM_MATH_EQU: u32 = 34;
/// `urnum_math` op: `+neq`.
pub const URNUM_MATH_NEQ: u32 = 35;
/// `urnum_math` op: `+is-close [p q]` (reads `rtol` and `atol`).
pub const URNUM_MATH_IS_CLOSE: u32 = 36;
/// `urnum_math` op: `+is-int`.
pub const URNUM_MATH_IS_INT: u32 = 37;
/// `urnum_math` op: `+sig` (`+sgn`): the sign bit as a loobean.
pub const URNUM_MATH_SIG: u32 = 38;
/// `urnum_math` op: `+mod [a b]` (`@rs` only).
pub const URNUM_MATH_MOD: u32 = 40;
/// `urnum_math` op: `+round [x n]` (`@rs @rd`; `n` an atom operand).
pub const URNUM_MATH_ROUND: u32 = 41;
/// `urnum_math` op: `+round-places [x n]` (`@rs @rd`).
pub const URNUM_MATH_ROUND_PLACES: u32 = 42;
/// `urnum_math` op: `+round-bankers` (`@rs @rd`).
pub const URNUM_MATH_ROUND_BANKERS: u32 = 43;
/// `urnum_math` op: `+sun` (the operand is an `@ud` of at most 128 bits).
pub const URNUM_MATH_SUN: u32 = 50;
/// `urnum_math` op: `+san` (the operand is an `@s` of at most 128 bits).
pub const URNUM_MATH_SAN: u32 = 51;
/// `urnum_math` op: the constant `+tau`.
pub const URNUM_MATH_TAU: u32 = 60;
/// `urnum_math` op: the constant `+pi`.
pub const URNUM_MATH_PI: u32 = 61;
/// `urnum_math` op: the constant `+e`.
pub const URNUM_MATH_E: u32 = 62;
/// `urnum_math` op: the constant `+phi`.
pub const URNUM_MATH_PHI: u32 = 63;
/// `urnum_math` op: the constant `+sqt2`.
pub const URNUM_MATH_SQT2: u32 = 64;
/// `urnum_math` op: the constant `+invsqt2`.
pub const URNUM_MATH_INVSQT2: u32 = 65;
/// `urnum_math` op: the constant `+log2`.
pub const URNUM_MATH_LOG2: u32 = 66;
/// `urnum_math` op: the constant `+invlog2`.
pub const URNUM_MATH_INVLOG2: u32 = 67;
/// `urnum_math` op: the constant `+log10`.
pub const URNUM_MATH_LOG10: u32 = 68;
/// `urnum_math` op: the constant `+huge`.
pub const URNUM_MATH_HUGE: u32 = 69;
/// `urnum_math` op: the constant `+tiny`.
pub const URNUM_MATH_TINY: u32 = 70;

/// The `/lib/math` ops by Hoon arm name (aliases included), for tools and tests.
pub const MATH_OPS: &[(&str, u32)] = &[
    ("exp", URNUM_MATH_EXP),
    ("log", URNUM_MATH_LOG),
    ("log-2", URNUM_MATH_LOG_2),
    ("log-10", URNUM_MATH_LOG_10),
    ("sin", URNUM_MATH_SIN),
    ("cos", URNUM_MATH_COS),
    ("tan", URNUM_MATH_TAN),
    ("asin", URNUM_MATH_ASIN),
    ("acos", URNUM_MATH_ACOS),
    ("atan", URNUM_MATH_ATAN),
    ("sqt", URNUM_MATH_SQT),
    ("sqrt", URNUM_MATH_SQT),
    ("cbt", URNUM_MATH_CBT),
    ("cbrt", URNUM_MATH_CBT),
    ("atan2", URNUM_MATH_ATAN2),
    ("pow", URNUM_MATH_POW),
    ("pow-n", URNUM_MATH_POW_N),
    ("factorial", URNUM_MATH_FACTORIAL),
    ("add", URNUM_MATH_ADD),
    ("sub", URNUM_MATH_SUB),
    ("mul", URNUM_MATH_MUL),
    ("div", URNUM_MATH_DIV),
    ("fma", URNUM_MATH_FMA),
    ("neg", URNUM_MATH_NEG),
    ("abs", URNUM_MATH_ABS),
    ("arg", URNUM_MATH_ABS),
    ("lth", URNUM_MATH_LTH),
    ("lte", URNUM_MATH_LTE),
    ("leq", URNUM_MATH_LTE),
    ("gth", URNUM_MATH_GTH),
    ("gte", URNUM_MATH_GTE),
    ("geq", URNUM_MATH_GTE),
    ("equ", URNUM_MATH_EQU),
    ("neq", URNUM_MATH_NEQ),
    ("is-close", URNUM_MATH_IS_CLOSE),
    ("is-int", URNUM_MATH_IS_INT),
    ("sig", URNUM_MATH_SIG),
    ("sgn", URNUM_MATH_SIG),
    ("mod", URNUM_MATH_MOD),
    ("round", URNUM_MATH_ROUND),
    ("round-places", URNUM_MATH_ROUND_PLACES),
    ("round-bankers", URNUM_MATH_ROUND_BANKERS),
    ("sun", URNUM_MATH_SUN),
    ("san", URNUM_MATH_SAN),
    ("tau", URNUM_MATH_TAU),
    ("pi", URNUM_MATH_PI),
    ("e", URNUM_MATH_E),
    ("phi", URNUM_MATH_PHI),
    ("sqt2", URNUM_MATH_SQT2),
    ("invsqt2", URNUM_MATH_INVSQT2),
    ("log2", URNUM_MATH_LOG2),
    ("invlog2", URNUM_MATH_INVLOG2),
    ("log10", URNUM_MATH_LOG10),
    ("huge", URNUM_MATH_HUGE),
    ("tiny", URNUM_MATH_TINY),
];

/// The number of operands op `op` takes, or `None` for an unknown op.
pub fn arity(op: u32) -> Option<u32> {
    Some(match op {
        60..=70 => 0,
        1..=12 | 16 | 25 | 26 | 37 | 38 | 43 | 50 | 51 => 1,
        13..=15 | 20..=23 | 30..=36 | 40..=42 => 2,
        24 => 3,
        _ => return None,
    })
}

/// The width of a `/lib/math` door at `bloq` (4..=7).
fn width(bloq: u8) -> Option<Width> {
    Some(match bloq {
        4 => Width::H,
        5 => Width::S,
        6 => Width::D,
        7 => Width::Q,
        _ => return None,
    })
}

/// The status of a `/lib/math` error.
fn status_of(e: &MathError) -> urnum_status {
    match e {
        MathError::ToiNotFinite { .. } | MathError::Assertion { .. } => CRASH,
        MathError::Diverges { .. } | MathError::TooManySteps { .. } | MathError::NotHoonMode(_) => {
            PUNT
        }
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
    if arity(op) != Some(x.len() as u32) {
        return Err(CONTRACT);
    }
    let mask = d.width().mask();
    let float_args = !matches!(op, URNUM_MATH_SUN | URNUM_MATH_SAN);
    let checked = if matches!(op, URNUM_MATH_ROUND | URNUM_MATH_ROUND_PLACES) {
        &x[..1]
    } else {
        x
    };
    if float_args && checked.iter().any(|v| v & !mask != 0) {
        return Err(CONTRACT);
    }
    let e = |r: Result<u128, MathError>| r.map_err(|e| status_of(&e));
    Ok(match op {
        URNUM_MATH_EXP => e(d.exp(x[0]))?,
        URNUM_MATH_LOG => d.log(x[0]),
        URNUM_MATH_LOG_2 => d.log_2(x[0]),
        URNUM_MATH_LOG_10 => d.log_10(x[0]),
        URNUM_MATH_SIN => d.sin(x[0]),
        URNUM_MATH_COS => d.cos(x[0]),
        URNUM_MATH_TAN => d.tan(x[0]),
        URNUM_MATH_ASIN => d.asin(x[0]),
        URNUM_MATH_ACOS => d.acos(x[0]),
        URNUM_MATH_ATAN => d.atan(x[0]),
        URNUM_MATH_SQT => d.sqt(x[0]),
        URNUM_MATH_CBT => e(d.cbt(x[0]))?,
        URNUM_MATH_ATAN2 => d.atan2(x[0], x[1]),
        URNUM_MATH_POW => e(d.pow(x[0], x[1]))?,
        URNUM_MATH_POW_N => e(d.pow_n(x[0], x[1]))?,
        URNUM_MATH_FACTORIAL => e(d.factorial(x[0]))?,
        URNUM_MATH_ADD => d.add(x[0], x[1]),
        URNUM_MATH_SUB => d.sub(x[0], x[1]),
        URNUM_MATH_MUL => d.mul(x[0], x[1]),
        URNUM_MATH_DIV => d.div(x[0], x[1]),
        URNUM_MATH_FMA => d.fma(x[0], x[1], x[2]),
        URNUM_MATH_NEG => d.neg(x[0]),
        URNUM_MATH_ABS => d.abs(x[0]),
        URNUM_MATH_LTH => flag(d.lth(x[0], x[1])),
        URNUM_MATH_LTE => flag(d.lte(x[0], x[1])),
        URNUM_MATH_GTH => flag(d.gth(x[0], x[1])),
        URNUM_MATH_GTE => flag(d.gte(x[0], x[1])),
        URNUM_MATH_EQU => flag(d.equ(x[0], x[1])),
        URNUM_MATH_NEQ => flag(d.neq(x[0], x[1])),
        URNUM_MATH_IS_CLOSE => flag(d.is_close(x[0], x[1])),
        URNUM_MATH_IS_INT => flag(d.is_int(x[0]).map_err(|e| status_of(&e))?),
        URNUM_MATH_SIG => flag(d.sig(x[0])),
        URNUM_MATH_MOD => e(d.modulo(x[0], x[1]))?,
        URNUM_MATH_ROUND => e(d.round(x[0], &int_operand(x[1])))?,
        URNUM_MATH_ROUND_PLACES => e(d.round_places(x[0], &int_operand(x[1])))?,
        URNUM_MATH_ROUND_BANKERS => e(d.round_bankers(x[0]))?,
        URNUM_MATH_SUN => d.sun(&int_operand(x[0])),
        URNUM_MATH_SAN => {
            // @s: an even atom 2k is --k, an odd atom 2k-1 is -k.
            let s = x[0];
            let negative = s & 1 == 1;
            let mag = if negative { (s >> 1) + 1 } else { s >> 1 };
            d.san(negative, &int_operand(mag))
        }
        URNUM_MATH_TAU => d.tau(),
        URNUM_MATH_PI => d.pi(),
        URNUM_MATH_E => d.e(),
        URNUM_MATH_PHI => d.phi(),
        URNUM_MATH_SQT2 => d.sqt2(),
        URNUM_MATH_INVSQT2 => d.invsqt2(),
        URNUM_MATH_LOG2 => d.log2(),
        URNUM_MATH_INVLOG2 => d.invlog2(),
        URNUM_MATH_LOG10 => d.log10(),
        // At @rq the Hoon's atoms are 144 and 129 bits wide: no 16-byte value.
        URNUM_MATH_HUGE | URNUM_MATH_TINY if d.width() == Width::Q => return Err(PUNT),
        URNUM_MATH_HUGE => d.huge().as_u128().ok_or(PUNT)?,
        URNUM_MATH_TINY => d.tiny().as_u128().ok_or(PUNT)?,
        _ => return Err(CONTRACT),
    })
}

/// The door of width `bloq` (4..=7) in mode `rnd` with tolerances `rtol`/`atol`
/// (16 little-endian bytes each; NULL for the door's bunt).
///
/// # Safety
/// Non-NULL `rtol`/`atol` point to 16 readable bytes.
unsafe fn door(bloq: u8, rnd: u8, rtol: *const u8, atol: *const u8) -> Result<Door, urnum_status> {
    let w = width(bloq).ok_or(CONTRACT)?;
    let bunt = Door::new(w);
    // SAFETY: forwarded from the caller (16 readable bytes or NULL).
    let rtol = unsafe { quad_or(rtol, bunt.rtol()) };
    // SAFETY: as above.
    let atol = unsafe { quad_or(atol, bunt.atol()) };
    let r = Round::of_door_code(rnd).ok_or(PUNT)?;
    Door::with(w, r, rtol, atol).map_err(|e| status_of(&e))
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
        for (name, op) in MATH_OPS {
            assert!(arity(*op).is_some(), "{name}");
        }
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
