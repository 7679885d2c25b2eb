//! The Lagoon entry points: one generic, table-driven pair
//! [`urnum_la_plan`] / [`urnum_la_exec`] (arm id + operands + buffers), the
//! arm-table lookups, and named convenience entries for the arms vere jets today.

pub mod decode;
pub mod encode;
pub mod ids;
pub mod table;

use crate::abi::{urnum_args, urnum_bytes, urnum_out, urnum_plan, urnum_ray, urnum_status};
use crate::raw;
use encode::{canonical_plan, encode, Encoded, Out};
use lagoon::{Door, LagoonError, Meta};
use softblas::Round;
use std::ffi::c_char;
use table::{Arm, Ctx, Rule};

const CONTRACT: urnum_status = urnum_status::URNUM_CONTRACT;
const PUNT: urnum_status = urnum_status::URNUM_PUNT;
const CRASH: urnum_status = urnum_status::URNUM_CRASH;

/// The status of a Lagoon error: unsupported inputs punt, everything else is a Hoon crash.
pub(crate) fn status_of(e: &LagoonError) -> urnum_status {
    if e.is_unsupported() {
        PUNT
    } else {
        CRASH
    }
}

/// The `la` door of a rounding code: `n u d z` are the Hoon's modes; `a` and
/// any other byte punt (no `la` door can hold them).
pub(crate) fn door_of(rnd: u8) -> Result<Door, urnum_status> {
    match Round::from_code(rnd) {
        Ok(Round::A) | Err(_) => Err(PUNT),
        Ok(r) => Ok(Door::lake(r)),
    }
}

/// The operands of `arm` from the C argument block.
///
/// # Errors
/// `URNUM_CONTRACT` for a NULL block, operand counts that differ from the
/// arm's sample, or a bad operand; then `URNUM_PUNT` for a rounding code no
/// Hoon door holds.
fn operands(
    arm: &Arm,
    rnd: u8,
    args: *const urnum_args,
    with_data: bool,
) -> Result<Ctx, urnum_status> {
    // SAFETY: a non-NULL `args` points to an argument block valid for the call.
    let a = unsafe { raw::get(args) }.ok_or(CONTRACT)?;
    let (nr, nm, na, ni, list) = table::arity(arm.params);
    let counts_ok = a.n_rays == nr
        && a.n_metas == nm
        && a.n_atoms == na
        && (a.n_ints == ni || (list && a.n_ints >= ni));
    if !counts_ok {
        return Err(CONTRACT);
    }
    // SAFETY: the ABI requires each array to hold its count of values for the call.
    let rays = unsafe { raw::items(a.rays, a.n_rays) }.ok_or(CONTRACT)?;
    // SAFETY: as above.
    let metas = unsafe { raw::items(a.metas, a.n_metas) }.ok_or(CONTRACT)?;
    // SAFETY: as above.
    let atoms = unsafe { raw::items(a.atoms, a.n_atoms) }.ok_or(CONTRACT)?;
    // SAFETY: as above.
    let ints = unsafe { raw::items(a.ints, a.n_ints) }.ok_or(CONTRACT)?;
    let ctx = Ctx {
        door: Door::la(),
        rays: rays
            .iter()
            .map(|r| decode::ray(r, with_data))
            .collect::<Result<_, _>>()?,
        metas: metas.iter().map(decode::meta).collect::<Result<_, _>>()?,
        atoms: atoms.iter().map(decode::atom).collect::<Result<_, _>>()?,
        ints: ints.to_vec(),
    };
    Ok(Ctx {
        door: door_of(rnd)?,
        ..ctx
    })
}

/// The result meta a size rule predicts, when the rule applies to these operands.
fn rule_meta(rule: Rule, c: &Ctx) -> Option<Meta> {
    let x = c.rays.first()?;
    match rule {
        Rule::Computed => None,
        Rule::SameMeta => Some(x.meta.clone()),
        Rule::Transpose => match x.meta.shape[..] {
            [r, cols] => Some(Meta::new(vec![cols, r], x.meta.bloq, x.meta.kind)),
            _ => None,
        },
        Rule::Mmul => {
            let y = c.rays.get(1)?;
            match (&x.meta.shape[..], &y.meta.shape[..]) {
                ([m, k], [k2, p]) if k == k2 => {
                    let meta = Meta::new(vec![*m, *p], x.meta.bloq, x.meta.kind);
                    Some(if x.meta.kind == softblas::Kind::Fixp {
                        meta.with_tail(x.meta.tail.clone())
                    } else {
                        meta
                    })
                }
                _ => None,
            }
        }
    }
}

/// Runs `arm` on the operands and encodes its value.
fn run(arm: &Arm, rnd: u8, args: *const urnum_args) -> Result<Encoded, urnum_status> {
    let ctx = operands(arm, rnd, args, true)?;
    let out: Out = (arm.run)(&ctx).map_err(|e| status_of(&e))?;
    encode(&out)
}

/// The plan of `arm`: a meta-only rule when there is one, else the computed result's description.
fn plan(
    arm: &Arm,
    rnd: u8,
    args: *const urnum_args,
) -> Result<(urnum_plan, Vec<u64>), urnum_status> {
    if arm.rule != Rule::Computed {
        let ctx = operands(arm, rnd, args, false)?;
        if let Some(meta) = rule_meta(arm.rule, &ctx) {
            let p = canonical_plan(&meta)?;
            return Ok((p, meta.shape));
        }
    }
    let e = run(arm, rnd, args)?;
    let mut p = e.plan;
    p.flags |= crate::abi::URNUM_PLAN_COMPUTED;
    Ok((p, e.shape))
}

/// Sizes the result of Lagoon arm `arm` (`URNUM_LA_*`) on `args` in rounding
/// mode `rnd` (`'n' 'u' 'd' 'z'`), without writing any output buffer.
///
/// On `URNUM_OK`, `*plan` describes the result and, for a ray, its shape is
/// written to `out_shape` (`out_shape_cap` entries available). A plan may be
/// `URNUM_OK` while `urnum_la_exec` on the same operands crashes (a data-dependent
/// Hoon crash); a plan with `URNUM_PLAN_COMPUTED` set ran the whole arm.
///
/// Statuses: `URNUM_CONTRACT` for an unknown arm, wrong operand counts, NULL
/// pointers, a meta the buffer cannot hold, or `out_shape_cap` below the
/// result's rank; `URNUM_PUNT` for a rounding code other than `n u d z` or an
/// input urnum declines; `URNUM_CRASH` where the Hoon crashes. Nothing is
/// written unless the status is `URNUM_OK`.
///
/// # Safety
/// Every non-NULL pointer must be valid as the ABI describes for the duration
/// of the call: `args` and the arrays and buffers it points to readable,
/// `plan` writable, `out_shape` writable for `out_shape_cap` `uint64_t`s.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_plan(
    arm: u32,
    rnd: u8,
    args: *const urnum_args,
    plan: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let Some(a) = table::by_id(arm) else {
        return CONTRACT;
    };
    let (p, shape) = match self::plan(a, rnd, args) {
        Ok(x) => x,
        Err(s) => return s,
    };
    if plan.is_null() || shape.len() > out_shape_cap as usize {
        return CONTRACT;
    }
    // SAFETY: the caller gives `out_shape_cap` writable u64s; the length was checked above.
    if !unsafe { raw::write_u64s(out_shape, out_shape_cap, &shape) } {
        return CONTRACT;
    }
    // SAFETY: `plan` is non-NULL and writable per the ABI.
    if !unsafe { raw::put(plan, p) } {
        return CONTRACT;
    }
    urnum_status::URNUM_OK
}

/// Computes Lagoon arm `arm` on `args` in rounding mode `rnd` and writes the
/// result to `out` (`out.cap >= plan.out_bytes`), its description to `*result`
/// (when not NULL) and, for a ray, its shape to `out_shape`.
///
/// The description is that of the value actually produced; it equals the plan's.
/// `scratch` is reserved for allocation-free kernels (`plan.scratch_bytes`, 0 today)
/// and is not touched.
///
/// Statuses as [`urnum_la_plan`], plus `URNUM_CONTRACT` when `out` or
/// `out_shape` is too small. On any status but `URNUM_OK` nothing is written:
/// not `out`, not `*result`, not `out_shape`.
///
/// # Safety
/// As [`urnum_la_plan`]; `out.ptr` writable for `out.cap` bytes and not
/// overlapping any input.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_exec(
    arm: u32,
    rnd: u8,
    args: *const urnum_args,
    out: urnum_out,
    scratch: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let _ = scratch;
    let Some(a) = table::by_id(arm) else {
        return CONTRACT;
    };
    let e = match run(a, rnd, args) {
        Ok(e) => e,
        Err(s) => return s,
    };
    if e.bytes.len() > out.cap
        || (out.ptr.is_null() && !e.bytes.is_empty())
        || e.shape.len() > out_shape_cap as usize
        || (out_shape.is_null() && !e.shape.is_empty())
        || (!result.is_null() && !result.is_aligned())
    {
        return CONTRACT;
    }
    // SAFETY: `out.ptr` holds `out.cap >= e.bytes.len()` writable bytes (checked above).
    let wrote = unsafe { raw::write(out.ptr, out.cap, &e.bytes) };
    // SAFETY: `out_shape` holds `out_shape_cap >= e.shape.len()` writable u64s (checked above).
    let wrote = wrote && unsafe { raw::write_u64s(out_shape, out_shape_cap, &e.shape) };
    if !result.is_null() {
        // SAFETY: non-NULL, aligned (checked above) and writable per the ABI.
        unsafe { raw::put(result, e.plan) };
    }
    debug_assert!(wrote, "sizes were checked before writing");
    urnum_status::URNUM_OK
}

/// The Hoon name (`"add"`, `"sum-dim"`) of Lagoon arm `arm`, NUL-terminated and
/// static, or NULL when the id is unknown.
#[no_mangle]
pub extern "C" fn urnum_la_arm_name(arm: u32) -> *const c_char {
    table::by_id(arm).map_or(std::ptr::null(), |a| a.cname.as_ptr().cast())
}

/// The id of the Lagoon arm named by the `len` bytes at `name` (`"add"`,
/// `"sum-dim"`, an `":la"` suffix allowed), or 0 when there is none.
///
/// # Safety
/// `name` must point to `len` readable bytes (or be NULL).
#[no_mangle]
pub unsafe extern "C" fn urnum_la_arm_id(name: *const u8, len: usize) -> u32 {
    // SAFETY: the caller gives `len` readable bytes at `name`.
    let Some(b) = (unsafe { raw::bytes(name, len) }) else {
        return 0;
    };
    std::str::from_utf8(b)
        .ok()
        .and_then(table::by_name)
        .map_or(0, |a| a.id)
}

/// The number of Lagoon arms this library serves.
#[no_mangle]
pub extern "C" fn urnum_la_arm_count() -> u32 {
    table::ARMS.len() as u32
}

/// The id of the `i`-th Lagoon arm this library serves (0 when `i` is out of range).
#[no_mangle]
pub extern "C" fn urnum_la_arm_at(i: u32) -> u32 {
    table::ARMS.get(i as usize).map_or(0, |a| a.id)
}

/// An argument block of rays and atoms only.
fn rays_atoms(rays: &[urnum_ray], atoms: &[urnum_bytes]) -> urnum_args {
    urnum_args {
        rays: rays.as_ptr(),
        n_rays: rays.len() as u32,
        metas: std::ptr::null(),
        n_metas: 0,
        atoms: atoms.as_ptr(),
        n_atoms: atoms.len() as u32,
        ints: std::ptr::null(),
        n_ints: 0,
    }
}

/// Reads a ray operand for a named entry.
///
/// # Safety
/// A non-NULL `r` must point to a valid `urnum_ray`.
unsafe fn ray_arg(r: *const urnum_ray) -> Option<urnum_ray> {
    // SAFETY: forwarded from the caller.
    unsafe { raw::get(r) }.copied()
}

/// `urnum_la_exec` of a binary ray arm (the named entries below).
///
/// # Safety
/// As [`urnum_la_exec`].
#[allow(clippy::too_many_arguments)]
unsafe fn binary(
    arm: u32,
    rnd: u8,
    x: *const urnum_ray,
    y: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    let (Some(x), Some(y)) = (unsafe { ray_arg(x) }, unsafe { ray_arg(y) }) else {
        return CONTRACT;
    };
    let rays = [x, y];
    let args = rays_atoms(&rays, &[]);
    let none = urnum_out {
        ptr: std::ptr::null_mut(),
        cap: 0,
    };
    // SAFETY: `args` points to live locals; the rest is forwarded from the caller.
    unsafe { urnum_la_exec(arm, rnd, &args, out, none, result, out_shape, out_shape_cap) }
}

/// `urnum_la_exec` of a unary ray arm.
///
/// # Safety
/// As [`urnum_la_exec`].
unsafe fn unary(
    arm: u32,
    rnd: u8,
    x: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    let Some(x) = (unsafe { ray_arg(x) }) else {
        return CONTRACT;
    };
    let rays = [x];
    let args = rays_atoms(&rays, &[]);
    let none = urnum_out {
        ptr: std::ptr::null_mut(),
        cap: 0,
    };
    // SAFETY: `args` points to live locals; the rest is forwarded from the caller.
    unsafe { urnum_la_exec(arm, rnd, &args, out, none, result, out_shape, out_shape_cap) }
}

/// `urnum_la_exec` of a ray-and-scalar arm.
///
/// # Safety
/// As [`urnum_la_exec`].
#[allow(clippy::too_many_arguments)]
unsafe fn scalar(
    arm: u32,
    rnd: u8,
    x: *const urnum_ray,
    n: urnum_bytes,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    let Some(x) = (unsafe { ray_arg(x) }) else {
        return CONTRACT;
    };
    let rays = [x];
    let atoms = [n];
    let args = rays_atoms(&rays, &atoms);
    let none = urnum_out {
        ptr: std::ptr::null_mut(),
        cap: 0,
    };
    // SAFETY: `args` points to live locals; the rest is forwarded from the caller.
    unsafe { urnum_la_exec(arm, rnd, &args, out, none, result, out_shape, out_shape_cap) }
}

/// Lagoon `+add` (jet `add-rays`): `urnum_la_exec(URNUM_LA_ADD, …)` on rays `x` and `y`.
///
/// # Safety
/// As [`urnum_la_exec`]; `x` and `y` point to valid `urnum_ray`s.
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
    // SAFETY: forwarded from the caller.
    unsafe {
        binary(
            ids::URNUM_LA_ADD,
            rnd,
            x,
            y,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+sub` (jet `sub-rays`): `x − y` elementwise.
///
/// # Safety
/// As [`urnum_la_add`].
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
    // SAFETY: forwarded from the caller.
    unsafe {
        binary(
            ids::URNUM_LA_SUB,
            rnd,
            x,
            y,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+mul` (jet `mul-rays`).
///
/// # Safety
/// As [`urnum_la_add`].
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
    // SAFETY: forwarded from the caller.
    unsafe {
        binary(
            ids::URNUM_LA_MUL,
            rnd,
            x,
            y,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+div` (jet `div-rays`).
///
/// # Safety
/// As [`urnum_la_add`].
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
    // SAFETY: forwarded from the caller.
    unsafe {
        binary(
            ids::URNUM_LA_DIV,
            rnd,
            x,
            y,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+mmul` (jet `mmul`): the matrix product of rank-2 rays.
///
/// # Safety
/// As [`urnum_la_add`].
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
    // SAFETY: forwarded from the caller.
    unsafe {
        binary(
            ids::URNUM_LA_MMUL,
            rnd,
            x,
            y,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+dot` (jet `dot`).
///
/// # Safety
/// As [`urnum_la_add`].
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
    // SAFETY: forwarded from the caller.
    unsafe {
        binary(
            ids::URNUM_LA_DOT,
            rnd,
            x,
            y,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+cumsum` (jet `cumsum`): the total sum (a right fold from +0), boxed.
///
/// # Safety
/// As [`urnum_la_exec`]; `x` points to a valid `urnum_ray`.
#[no_mangle]
pub unsafe extern "C" fn urnum_la_cumsum(
    rnd: u8,
    x: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe {
        unary(
            ids::URNUM_LA_CUMSUM,
            rnd,
            x,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+transpose` (jet `transpose`).
///
/// # Safety
/// As [`urnum_la_cumsum`].
#[no_mangle]
pub unsafe extern "C" fn urnum_la_transpose(
    rnd: u8,
    x: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe {
        unary(
            ids::URNUM_LA_TRANSPOSE,
            rnd,
            x,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+abs` (jet `abs`).
///
/// # Safety
/// As [`urnum_la_cumsum`].
#[no_mangle]
pub unsafe extern "C" fn urnum_la_abs(
    rnd: u8,
    x: *const urnum_ray,
    out: urnum_out,
    result: *mut urnum_plan,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe {
        unary(
            ids::URNUM_LA_ABS,
            rnd,
            x,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+add-scalar` (jet `add-scal`): `x + n` elementwise, `n` little-endian bytes.
///
/// # Safety
/// As [`urnum_la_exec`]; `x` points to a valid `urnum_ray`, `n` to its bytes.
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
    // SAFETY: forwarded from the caller.
    unsafe {
        scalar(
            ids::URNUM_LA_ADD_SCALAR,
            rnd,
            x,
            n,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}

/// Lagoon `+mul-scalar` (jet `mul-scal`): `x · n` elementwise.
///
/// # Safety
/// As [`urnum_la_add_scalar`].
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
    // SAFETY: forwarded from the caller.
    unsafe {
        scalar(
            ids::URNUM_LA_MUL_SCALAR,
            rnd,
            x,
            n,
            out,
            result,
            out_shape,
            out_shape_cap,
        )
    }
}
