//! The named `/lib/math` entries of the `rq` door: `urnum_rq_<arm>` on
//! `@rq` (quadruple precision, 128 bits, operands as 16 little-endian bytes).

use crate::abi::urnum_status;
use crate::math::{named_q, *};

// ----- written by ffi/tests/catalogue.rs from softblas::math::arms -----

/// `+exp` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_exp(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_EXP, rnd, &[x], out) }
}

/// `+log` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_log(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_LOG, rnd, &[x], out) }
}

/// `+log-2` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_log_2(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_LOG_2, rnd, &[x], out) }
}

/// `+log-10` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_log_10(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_LOG_10, rnd, &[x], out) }
}

/// `+sin` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_sin(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_SIN, rnd, &[x], out) }
}

/// `+cos` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_cos(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_COS, rnd, &[x], out) }
}

/// `+tan` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_tan(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_TAN, rnd, &[x], out) }
}

/// `+asin` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_asin(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_ASIN, rnd, &[x], out) }
}

/// `+acos` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_acos(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_ACOS, rnd, &[x], out) }
}

/// `+atan` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_atan(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_ATAN, rnd, &[x], out) }
}

/// `+sqt` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_sqt(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_SQT, rnd, &[x], out) }
}

/// `+cbt` of `/lib/math`'s `rq` door in mode `rnd` on `x` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_cbt(x: *const u8, rnd: u8, out: *mut u8) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_CBT, rnd, &[x], out) }
}

/// `+atan2` of `/lib/math`'s `rq` door in mode `rnd` on `x`, `y` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_atan2(
    x: *const u8,
    y: *const u8,
    rnd: u8,
    out: *mut u8,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_ATAN2, rnd, &[x, y], out) }
}

/// `+pow` of `/lib/math`'s `rq` door in mode `rnd` on `x`, `y` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_pow(
    x: *const u8,
    y: *const u8,
    rnd: u8,
    out: *mut u8,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_POW, rnd, &[x, y], out) }
}

/// `+pow-n` of `/lib/math`'s `rq` door in mode `rnd` on `x`, `y` (16 little-endian bytes each), to `out`.
///
/// # Safety
/// Each operand points to 16 readable bytes, `out` to 16 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn urnum_rq_pow_n(
    x: *const u8,
    y: *const u8,
    rnd: u8,
    out: *mut u8,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named_q(URNUM_MATH_POW_N, rnd, &[x, y], out) }
}
