//! The named `/lib/math` entries of the `rh` door: `urnum_rh_<arm>` on
//! `@rh` (half precision, 16 bits).

use crate::abi::urnum_status;
use crate::math::{named, *};

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
