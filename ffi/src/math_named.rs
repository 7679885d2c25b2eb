//! Named `/lib/math` entries for the arms vere jets (`non/math/<door>/<arm>`):
//! `urnum_<door>_<arm>` for the doors `rh rs rd rq`, each a thin call of
//! [`crate::math::urnum_math`]'s evaluator with the door's bunted tolerances.
//!
//! The entries are written from the rows of `softblas::math::arms` marked
//! `jetted` by `ffi/tests/catalogue.rs`, which fails when they are stale and
//! rewrites them with `URNUM_BLESS=1`; they are written out rather than made
//! by a macro so that cbindgen (which does not expand macros) puts every one
//! in `include/urnum.h`.

use crate::abi::urnum_status;
use crate::math::{named, named_q, *};

// ----- written by ffi/tests/catalogue.rs from softblas::math::arms -----

/// `+exp` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_exp(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_EXP, 4, rnd, &[x], out) }
}

/// `+log` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_log(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_LOG, 4, rnd, &[x], out) }
}

/// `+log-2` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_log_2(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_LOG_2, 4, rnd, &[x], out) }
}

/// `+log-10` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_log_10(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_LOG_10, 4, rnd, &[x], out) }
}

/// `+sin` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_sin(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_SIN, 4, rnd, &[x], out) }
}

/// `+cos` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_cos(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_COS, 4, rnd, &[x], out) }
}

/// `+tan` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_tan(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_TAN, 4, rnd, &[x], out) }
}

/// `+asin` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_asin(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ASIN, 4, rnd, &[x], out) }
}

/// `+acos` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_acos(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ACOS, 4, rnd, &[x], out) }
}

/// `+atan` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_atan(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ATAN, 4, rnd, &[x], out) }
}

/// `+sqt` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_sqt(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_SQT, 4, rnd, &[x], out) }
}

/// `+cbt` of `/lib/math`'s `rh` door in mode `rnd` on `x` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_cbt(x: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_CBT, 4, rnd, &[x], out) }
}

/// `+atan2` of `/lib/math`'s `rh` door in mode `rnd` on `x`, `y` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_atan2(x: u16, y: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ATAN2, 4, rnd, &[x, y], out) }
}

/// `+pow` of `/lib/math`'s `rh` door in mode `rnd` on `x`, `y` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_pow(x: u16, y: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_POW, 4, rnd, &[x, y], out) }
}

/// `+pow-n` of `/lib/math`'s `rh` door in mode `rnd` on `x`, `y` (the bits of `@rh` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rh_pow_n(x: u16, y: u16, rnd: u8, out: *mut u16) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_POW_N, 4, rnd, &[x, y], out) }
}

/// `+exp` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_exp(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_EXP, 5, rnd, &[x], out) }
}

/// `+log` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_log(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_LOG, 5, rnd, &[x], out) }
}

/// `+log-2` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_log_2(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_LOG_2, 5, rnd, &[x], out) }
}

/// `+log-10` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_log_10(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_LOG_10, 5, rnd, &[x], out) }
}

/// `+sin` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_sin(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_SIN, 5, rnd, &[x], out) }
}

/// `+cos` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_cos(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_COS, 5, rnd, &[x], out) }
}

/// `+tan` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_tan(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_TAN, 5, rnd, &[x], out) }
}

/// `+asin` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_asin(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ASIN, 5, rnd, &[x], out) }
}

/// `+acos` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_acos(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ACOS, 5, rnd, &[x], out) }
}

/// `+atan` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_atan(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ATAN, 5, rnd, &[x], out) }
}

/// `+sqt` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_sqt(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_SQT, 5, rnd, &[x], out) }
}

/// `+cbt` of `/lib/math`'s `rs` door in mode `rnd` on `x` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_cbt(x: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_CBT, 5, rnd, &[x], out) }
}

/// `+atan2` of `/lib/math`'s `rs` door in mode `rnd` on `x`, `y` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_atan2(x: u32, y: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ATAN2, 5, rnd, &[x, y], out) }
}

/// `+pow` of `/lib/math`'s `rs` door in mode `rnd` on `x`, `y` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_pow(x: u32, y: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_POW, 5, rnd, &[x, y], out) }
}

/// `+pow-n` of `/lib/math`'s `rs` door in mode `rnd` on `x`, `y` (the bits of `@rs` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rs_pow_n(x: u32, y: u32, rnd: u8, out: *mut u32) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_POW_N, 5, rnd, &[x, y], out) }
}

/// `+exp` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_exp(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_EXP, 6, rnd, &[x], out) }
}

/// `+log` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_log(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_LOG, 6, rnd, &[x], out) }
}

/// `+log-2` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_log_2(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_LOG_2, 6, rnd, &[x], out) }
}

/// `+log-10` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_log_10(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_LOG_10, 6, rnd, &[x], out) }
}

/// `+sin` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_sin(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_SIN, 6, rnd, &[x], out) }
}

/// `+cos` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_cos(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_COS, 6, rnd, &[x], out) }
}

/// `+tan` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_tan(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_TAN, 6, rnd, &[x], out) }
}

/// `+asin` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_asin(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ASIN, 6, rnd, &[x], out) }
}

/// `+acos` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_acos(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ACOS, 6, rnd, &[x], out) }
}

/// `+atan` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_atan(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ATAN, 6, rnd, &[x], out) }
}

/// `+sqt` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_sqt(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_SQT, 6, rnd, &[x], out) }
}

/// `+cbt` of `/lib/math`'s `rd` door in mode `rnd` on `x` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_cbt(x: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_CBT, 6, rnd, &[x], out) }
}

/// `+atan2` of `/lib/math`'s `rd` door in mode `rnd` on `x`, `y` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_atan2(x: u64, y: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_ATAN2, 6, rnd, &[x, y], out) }
}

/// `+pow` of `/lib/math`'s `rd` door in mode `rnd` on `x`, `y` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_pow(x: u64, y: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_POW, 6, rnd, &[x, y], out) }
}

/// `+pow-n` of `/lib/math`'s `rd` door in mode `rnd` on `x`, `y` (the bits of `@rd` values), to `out`.
///
/// # Safety
/// `out` points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn urnum_rd_pow_n(x: u64, y: u64, rnd: u8, out: *mut u64) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { named(URNUM_MATH_POW_N, 6, rnd, &[x, y], out) }
}

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
