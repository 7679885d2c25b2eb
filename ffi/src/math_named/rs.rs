//! The named `/lib/math` entries of the `rs` door: `urnum_rs_<arm>` on
//! `@rs` (single precision, 32 bits).

use crate::abi::urnum_status;
use crate::math::{named, *};

// ----- written by ffi/tests/catalogue.rs from softblas::math::arms -----

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
