//! The named `/lib/math` entries of the `rd` door: `urnum_rd_<arm>` on
//! `@rd` (double precision, 64 bits).

use crate::abi::urnum_status;
use crate::math::{named, *};

// ----- written by ffi/tests/catalogue.rs from softblas::math::arms -----

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
