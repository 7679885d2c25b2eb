//! Named Lagoon entries for the arms vere jets: `urnum_la_<arm>`, each a
//! thin call of [`urnum_la_exec`](super::urnum_la_exec) on its operands.
//!
//! [`NAMED`] is the list to edit; the entries below it are written from it
//! and from the catalogue (`lagoon::arms`) by `ffi/tests/catalogue.rs`, which
//! fails when they are stale and rewrites them with `URNUM_BLESS=1`. They
//! are written out rather than made by a macro so that cbindgen (which does
//! not expand macros) puts every one in `include/urnum.h`.

use super::call_named;
use super::ids::*;
use crate::abi::{urnum_bytes, urnum_out, urnum_plan, urnum_ray, urnum_status};

/// The Lagoon arms with a named entry: the arms vere jets today. Each row's
/// parameters are rays and atoms only.
pub static NAMED: &[&str] = &[
    "add",
    "sub",
    "mul",
    "div",
    "mmul",
    "dot",
    "cumsum",
    "transpose",
    "abs",
    "add-scalar",
    "mul-scalar",
];

// ----- written by ffi/tests/catalogue.rs from la::named::NAMED and lagoon::arms -----

/// Lagoon `+add` (vere jet `add-rays`): `urnum_la_exec(URNUM_LA_ADD, …)` on its operands `x`, `y`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_add(
    rnd: u8,
    x: *const urnum_ray,
    y: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_ADD, rnd, &[x, y], &[], d) }
}

/// Lagoon `+sub` (vere jet `sub-rays`): `urnum_la_exec(URNUM_LA_SUB, …)` on its operands `x`, `y`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_sub(
    rnd: u8,
    x: *const urnum_ray,
    y: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_SUB, rnd, &[x, y], &[], d) }
}

/// Lagoon `+mul` (vere jet `mul-rays`): `urnum_la_exec(URNUM_LA_MUL, …)` on its operands `x`, `y`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_mul(
    rnd: u8,
    x: *const urnum_ray,
    y: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_MUL, rnd, &[x, y], &[], d) }
}

/// Lagoon `+div` (vere jet `div-rays`): `urnum_la_exec(URNUM_LA_DIV, …)` on its operands `x`, `y`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_div(
    rnd: u8,
    x: *const urnum_ray,
    y: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_DIV, rnd, &[x, y], &[], d) }
}

/// Lagoon `+mmul` (vere jet `mmul`): `urnum_la_exec(URNUM_LA_MMUL, …)` on its operands `x`, `y`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_mmul(
    rnd: u8,
    x: *const urnum_ray,
    y: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_MMUL, rnd, &[x, y], &[], d) }
}

/// Lagoon `+dot` (vere jet `dot`): `urnum_la_exec(URNUM_LA_DOT, …)` on its operands `x`, `y`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_dot(
    rnd: u8,
    x: *const urnum_ray,
    y: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_DOT, rnd, &[x, y], &[], d) }
}

/// Lagoon `+cumsum` (vere jet `cumsum`): `urnum_la_exec(URNUM_LA_CUMSUM, …)` on its operands `x`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_cumsum(
    rnd: u8,
    x: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_CUMSUM, rnd, &[x], &[], d) }
}

/// Lagoon `+transpose` (vere jet `transpose`): `urnum_la_exec(URNUM_LA_TRANSPOSE, …)` on its operands `x`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_transpose(
    rnd: u8,
    x: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_TRANSPOSE, rnd, &[x], &[], d) }
}

/// Lagoon `+abs` (vere jet `abs`): `urnum_la_exec(URNUM_LA_ABS, …)` on its operands `x`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_abs(
    rnd: u8,
    x: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_ABS, rnd, &[x], &[], d) }
}

/// Lagoon `+add-scalar` (vere jet `add-scal`): `urnum_la_exec(URNUM_LA_ADD_SCALAR, …)` on its operands `x`, `n`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_add_scalar(
    rnd: u8,
    x: *const urnum_ray,
    n: urnum_bytes,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_ADD_SCALAR, rnd, &[x], &[n], d) }
}

/// Lagoon `+mul-scalar` (vere jet `mul-scal`): `urnum_la_exec(URNUM_LA_MUL_SCALAR, …)` on its operands `x`, `n`.
///
/// # Safety
/// As [`urnum_la_exec`](super::urnum_la_exec); each ray operand points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_mul_scalar(
    rnd: u8,
    x: *const urnum_ray,
    n: urnum_bytes,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let d = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { call_named(URNUM_LA_MUL_SCALAR, rnd, &[x], &[n], d) }
}
