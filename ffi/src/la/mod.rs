//! The Lagoon entry points: one generic, table-driven pair
//! [`urnum_la_plan`] / [`urnum_la_exec`] (arm id + operands + buffers), the
//! arm-table lookups, and named convenience entries for the arms vere jets today.
//!
//! `exec` and `plan` first offer the call to the allocation-free [`jet`] path
//! (hot `%i754` arms on well-formed rays); when it declines, the general path
//! decodes the operands into Lagoon values (on the Rust heap), runs the arm
//! from [`table`] and encodes the result.

pub mod decode;
pub mod encode;
pub mod ids;
pub mod jet;
pub mod named;
pub mod rules;
pub mod table;

pub use named::*;

use crate::abi::{urnum_args, urnum_bytes, urnum_out, urnum_plan, urnum_ray, urnum_status};
use crate::policy::policy;
use crate::raw::{self, CONTRACT, CRASH, PUNT};
use encode::{canonical_plan, encode, Encoded, Out};
use lagoon::{Door, LagoonError};
use softblas::scalar::unum::UnumRev;
use softblas::{DoorRound, Policy, Round};
use std::ffi::c_char;
use table::{Ctx, Rule};

/// The status of a Lagoon error: unsupported inputs punt, everything else is a Hoon crash.
pub(crate) fn status_of(e: &LagoonError) -> urnum_status {
    if e.is_unsupported() {
        PUNT
    } else {
        CRASH
    }
}

/// The rounding mode of a door's code ([`Round::of_door_code`]); `a` and any
/// other byte punt (no `la` or `sa` door can hold them).
pub(crate) fn round_of(rnd: u8) -> Result<Round, urnum_status> {
    Round::of_door_code(rnd).ok_or(PUNT)
}

/// The `la` door of a rounding code (see [`round_of`]) beside the `/lib/unum`
/// revision `unum`, computing under `pol`.
pub(crate) fn door_of(pol: Policy, rnd: u8, unum: Option<UnumRev>) -> Result<Door, urnum_status> {
    round_of(rnd).map(|r| Door::lake(r).with_unum(unum).with_policy(pol))
}

/// Whether a non-NULL argument block names a revision key that is neither 0 nor a revision's
/// (`URNUM_CONTRACT` for every entry that takes the block).
///
/// # Safety
/// A non-NULL `args` must point to a readable argument block.
pub(crate) unsafe fn bad_unum_rev(args: *const urnum_args) -> bool {
    // SAFETY: the caller gives a readable block at a non-NULL `args`.
    unsafe { raw::get(args) }.is_some_and(|a| crate::unum::rev_of_key(a.unum_rev).is_err())
}

/// The operands of an arm whose sample is `params`, from the C argument
/// block, under the door `door` makes of the block's `/lib/unum` revision.
///
/// # Errors
/// `URNUM_CONTRACT` for a NULL block, operand counts that differ from the
/// sample, a bad operand or a revision key that names none; then `door`'s
/// error (`URNUM_PUNT` for a rounding code no Hoon door holds).
///
/// # Safety
/// A non-NULL `args` must point to an argument block valid as the ABI
/// describes for the call: each non-NULL array holding its count of
/// initialised operands, and each operand's pointers valid for their lengths.
pub(crate) unsafe fn operands<D>(
    params: &[table::Param],
    args: *const urnum_args,
    with_data: bool,
    door: impl FnOnce(Option<UnumRev>) -> Result<D, urnum_status>,
) -> Result<Ctx<D>, urnum_status> {
    // SAFETY: the caller gives a valid block at a non-NULL `args`.
    let a = unsafe { raw::get(args) }.ok_or(CONTRACT)?;
    let unum = crate::unum::rev_of_key(a.unum_rev)?;
    let (nr, nm, na, ni, list) = table::arity(params);
    let counts_ok = a.n_rays == nr
        && a.n_metas == nm
        && a.n_atoms == na
        && (a.n_ints == ni || (list && a.n_ints >= ni));
    if !counts_ok {
        return Err(CONTRACT);
    }
    // SAFETY: the caller gives each non-NULL array with its count of values.
    let rays = unsafe { raw::items(a.rays, a.n_rays) }.ok_or(CONTRACT)?;
    // SAFETY: as above.
    let metas = unsafe { raw::items(a.metas, a.n_metas) }.ok_or(CONTRACT)?;
    // SAFETY: as above.
    let atoms = unsafe { raw::items(a.atoms, a.n_atoms) }.ok_or(CONTRACT)?;
    // SAFETY: as above.
    let ints = unsafe { raw::items(a.ints, a.n_ints) }.ok_or(CONTRACT)?;
    let list = ints.get(ni as usize..).unwrap_or_default();
    if params.contains(&table::Param::Slices) && table::decode_slices(list).is_none() {
        return Err(CONTRACT);
    }
    let rays = rays
        .iter()
        .map(|r| {
            // SAFETY: each operand's pointers are valid for their lengths, per the caller.
            unsafe { decode::ray(r, with_data) }
        })
        .collect::<Result<_, _>>()?;
    let metas = metas
        .iter()
        .map(|m| {
            // SAFETY: as above.
            unsafe { decode::meta(m) }
        })
        .collect::<Result<_, _>>()?;
    let atoms = atoms
        .iter()
        .map(|b| {
            // SAFETY: as above.
            unsafe { decode::atom(b) }
        })
        .collect::<Result<_, _>>()?;
    Ok(Ctx {
        door: door(unum)?,
        rays,
        metas,
        atoms,
        ints: ints.to_vec(),
    })
}

/// Runs `arm` on the operands and encodes its value.
///
/// # Safety
/// As [`operands`].
unsafe fn run(
    pol: Policy,
    arm: &lagoon::arms::Arm,
    rnd: u8,
    args: *const urnum_args,
) -> Result<Encoded, urnum_status> {
    // SAFETY: forwarded from the caller.
    let ctx = unsafe { operands(arm.params, args, true, |u| door_of(pol, rnd, u)) }?;
    let out: Out = (arm.run)(&ctx).map_err(|e| status_of(&e))?;
    encode(&out)
}

/// The plan of `arm`: a meta-only rule when there is one, else the computed result's description.
///
/// # Safety
/// As [`operands`].
unsafe fn plan(
    pol: Policy,
    arm: &lagoon::arms::Arm,
    rnd: u8,
    args: *const urnum_args,
) -> Result<(urnum_plan, Vec<u64>), urnum_status> {
    if arm.rule != Rule::Computed {
        // SAFETY: forwarded from the caller.
        let ctx = unsafe { operands(arm.params, args, false, |u| door_of(pol, rnd, u)) }?;
        if let Some(meta) = rules::meta(arm.rule, &ctx) {
            let p = canonical_plan(&meta)?;
            return Ok((p, meta.shape));
        }
    }
    // SAFETY: forwarded from the caller.
    let e = unsafe { run(pol, arm, rnd, args) }?;
    let mut p = e.plan;
    p.flags |= crate::abi::URNUM_PLAN_COMPUTED;
    Ok((p, e.shape))
}

/// Writes the results `parts` for the caller: their bytes one after the
/// other to `out`, their descriptions to `results` (`results_cap` entries;
/// may be NULL when `results_cap` is 0 and nothing but the bytes is wanted),
/// their shapes one after the other to `out_shape`, and their number to
/// `*n_parts` (when not NULL). Everything is checked before anything is
/// written: on `Err` nothing was written.
///
/// # Safety
/// Every non-NULL pointer must be writable for the capacity given with it.
pub(crate) unsafe fn deliver(
    parts: &[Encoded],
    out: urnum_out,
    results: (*mut urnum_plan, u32),
    n_parts: *mut u32,
    (out_shape, out_shape_cap): (*mut u64, u32),
) -> Result<(), urnum_status> {
    let mut bytes = Vec::new();
    let mut shape = Vec::new();
    for e in parts {
        bytes.extend_from_slice(&e.bytes);
        shape.extend_from_slice(&e.shape);
    }
    let (res, res_cap) = results;
    let fits = bytes.len() <= out.cap
        && (!out.ptr.is_null() || bytes.is_empty())
        && shape.len() <= out_shape_cap as usize
        && (!out_shape.is_null() || shape.is_empty())
        && (out_shape.is_aligned() || shape.is_empty())
        && (res.is_null() || (res.is_aligned() && parts.len() <= res_cap as usize))
        && (n_parts.is_null() || n_parts.is_aligned())
        && u32::try_from(parts.len()).is_ok();
    if !fits {
        return Err(CONTRACT);
    }
    // SAFETY: `out.ptr` holds `out.cap >= bytes.len()` writable bytes (checked above).
    let mut wrote = unsafe { raw::write(out.ptr, out.cap, &bytes) };
    // SAFETY: `out_shape` holds `out_shape_cap >= shape.len()` writable u64s (checked above).
    wrote &= unsafe { raw::write_u64s(out_shape, out_shape_cap, &shape) };
    if !res.is_null() {
        for (i, e) in parts.iter().enumerate() {
            // SAFETY: `res` is aligned and holds `res_cap >= parts.len()` plans (checked above).
            wrote &= unsafe { raw::put(res.add(i), e.plan) };
        }
    }
    if !n_parts.is_null() {
        // SAFETY: non-NULL, aligned (checked above) and writable per the ABI.
        wrote &= unsafe { raw::put(n_parts, parts.len() as u32) };
    }
    debug_assert!(wrote, "sizes were checked before writing");
    Ok(())
}

/// Sizes the result of Lagoon arm `arm` (`URNUM_LA_*`) on `args` in rounding
/// mode `rnd` (`'n' 'u' 'd' 'z'`), without writing any output buffer.
///
/// On `URNUM_OK`, `*plan` describes the result and, for a ray, its shape is
/// written to `out_shape` (`out_shape_cap` entries available). A plan may be
/// `URNUM_OK` while `urnum_la_exec` on the same operands crashes (a data-dependent
/// Hoon crash); a plan with `URNUM_PLAN_COMPUTED` set ran the whole arm.
///
/// `args->unum_rev` names the `/lib/unum` revision of the elementary functions
/// a `%unum` ray goes through (`URNUM_UNUM_REV_*`); no Lagoon arm applies one,
/// so `URNUM_UNUM_REV_NONE` (0) serves every Lagoon call.
///
/// Statuses: `URNUM_CONTRACT` for an unknown arm, wrong operand counts, NULL
/// pointers, a meta the buffer cannot hold, `out_shape_cap` below the
/// result's rank, or a revision key that names no revision; `URNUM_PUNT` for a
/// rounding code other than `n u d z` or an input urnum declines;
/// `URNUM_CRASH` where the Hoon crashes. Nothing is written unless the status
/// is `URNUM_OK`.
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
    // SAFETY: forwarded from the caller.
    unsafe { plan_with(policy(), arm, rnd, args, (plan, out_shape, out_shape_cap)) }
}

/// [`urnum_la_plan`] under the policy `pol` instead of the process's
/// (`crate::policy`), writing to `(plan, out_shape, out_shape_cap)`: how a
/// Rust caller (a test) runs two policies in one process.
///
/// # Safety
/// As [`urnum_la_plan`].
pub unsafe fn plan_with(
    pol: Policy,
    arm: u32,
    rnd: u8,
    args: *const urnum_args,
    (plan, out_shape, out_shape_cap): PlanDest,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    if unsafe { bad_unum_rev(args) } {
        return CONTRACT;
    }
    let call = jet::Call::new(pol, arm, rnd, args);
    // SAFETY: forwarded from the caller.
    if let Some(s) = unsafe { jet::plan(call, plan, out_shape, out_shape_cap) } {
        return s;
    }
    let Some(a) = table::by_id(arm) else {
        return CONTRACT;
    };
    // SAFETY: `args` is valid as the ABI describes, per this function's contract.
    let (p, shape) = match unsafe { self::plan(pol, a.row, rnd, args) } {
        Ok(x) => x,
        Err(s) => return s,
    };
    // Everything checked before anything is written.
    if plan.is_null() || !plan.is_aligned() || shape.len() > out_shape_cap as usize {
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
/// `scratch` is not used (`plan.scratch_bytes` is always 0). The call is
/// allocation-free when the plan has `URNUM_PLAN_NO_ALLOC` (the `la::jet` path;
/// the `result` then carries that flag too); otherwise it allocates on the
/// Rust heap and frees before returning.
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
    let dest = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    unsafe { exec_with(policy(), arm, rnd, args, dest) }
}

/// [`urnum_la_exec`] under the policy `pol` instead of the process's
/// (`crate::policy`), writing to `(out, result, out_shape, out_shape_cap)`.
///
/// # Safety
/// As [`urnum_la_exec`].
pub unsafe fn exec_with(
    pol: Policy,
    arm: u32,
    rnd: u8,
    args: *const urnum_args,
    (out, result, out_shape, out_shape_cap): Dest,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    if unsafe { bad_unum_rev(args) } {
        return CONTRACT;
    }
    let dest = (out, result, out_shape, out_shape_cap);
    // SAFETY: forwarded from the caller.
    let jet = unsafe { jet::exec(jet::Call::new(pol, arm, rnd, args), dest) };
    if let Some(s) = jet {
        return s;
    }
    let Some(a) = table::by_id(arm) else {
        return CONTRACT;
    };
    // SAFETY: `args` is valid as the ABI describes, per this function's contract.
    let e = match unsafe { run(pol, a.row, rnd, args) } {
        Ok(e) => e,
        Err(s) => return s,
    };
    let cap = u32::from(!result.is_null());
    let shape = (out_shape, out_shape_cap);
    // SAFETY: the caller's buffers as the ABI describes them.
    if let Err(s) = unsafe { deliver(&[e], out, (result, cap), std::ptr::null_mut(), shape) } {
        return s;
    }
    urnum_status::URNUM_OK
}

/// Runs Lagoon arm `arm` on `args` in mode `rnd` as `urnum_la_exec` would
/// and writes why it gives no value into `msg`: the failed check with the
/// operands' shapes, bloqs and kinds (`"add: assertion failed:
/// =(meta.a meta.b): a is ~[2 2] bloq 5 %i754, b is ~[3] bloq 5 %i754"`),
/// what urnum declines, or the contract broken; the empty string for a call
/// that succeeds. The message is NUL-terminated and cut to `cap − 1` bytes
/// (at a character boundary); nothing is written when `msg` is NULL or `cap`
/// is 0. Returns the status `urnum_la_exec` gives on these operands.
///
/// For a failed call only: it computes the arm again, allocating on the
/// Rust heap.
///
/// # Safety
/// As [`urnum_la_plan`]; `msg` writable for `cap` bytes (or NULL).
#[no_mangle]
pub unsafe extern "C" fn urnum_la_explain(
    arm: u32,
    rnd: u8,
    args: *const urnum_args,
    msg: *mut c_char,
    cap: usize,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    let (status, text) = unsafe { explain(arm, rnd, args) };
    if !msg.is_null() && cap > 0 {
        let mut end = text.len().min(cap - 1);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut bytes = text.as_bytes()[..end].to_vec();
        bytes.push(0);
        // SAFETY: `msg` holds `cap >= bytes.len()` writable bytes, per the caller.
        let wrote = unsafe { raw::write(msg.cast(), cap, &bytes) };
        debug_assert!(wrote, "the message was cut to the buffer");
    }
    status
}

/// The status of a Lagoon call and why it is not `URNUM_OK`.
///
/// # Safety
/// As [`operands`].
unsafe fn explain(arm: u32, rnd: u8, args: *const urnum_args) -> (urnum_status, String) {
    let Some(a) = table::by_id(arm) else {
        return (CONTRACT, format!("no Lagoon arm has the id {arm}"));
    };
    let name = a.name;
    if round_of(rnd).is_err() {
        return (
            PUNT,
            format!("{name}: the rounding code {rnd} is none of 'n' 'u' 'd' 'z'"),
        );
    }
    // SAFETY: forwarded from the caller.
    if unsafe { bad_unum_rev(args) } {
        return (
            CONTRACT,
            format!("{name}: the /lib/unum revision key names no revision (0, 1 or 2)"),
        );
    }
    // SAFETY: forwarded from the caller.
    let ctx = match unsafe { operands(a.row.params, args, true, |u| door_of(policy(), rnd, u)) } {
        Ok(c) => c,
        Err(s) => {
            let (nr, nm, na, ni, list) = table::arity(a.row.params);
            let more = if list { " or more" } else { "" };
            return (
                s,
                format!(
                    "{name}: the operand block breaks the contract (it takes {nr} rays, \
                     {nm} metas, {na} atoms and {ni}{more} ints, each array non-NULL \
                     for its count, each ray's data as long as its meta says)"
                ),
            );
        }
    };
    match (a.row.run)(&ctx) {
        Err(e) => (status_of(&e), e.to_string()),
        Ok(out) => match encode(&out) {
            Ok(_) => (urnum_status::URNUM_OK, String::new()),
            Err(s) => (s, format!("{name}: the result cannot be written as bytes")),
        },
    }
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
    table::count() as u32
}

/// The id of the `i`-th Lagoon arm this library serves (0 when `i` is out of range).
#[no_mangle]
pub extern "C" fn urnum_la_arm_at(i: u32) -> u32 {
    table::arms().nth(i as usize).map_or(0, |a| a.id)
}

/// The output buffers of a named entry, in `urnum_la_exec`'s order: `out`,
/// `result`, `out_shape`, `out_shape_cap`.
pub type Dest = (urnum_out, *mut urnum_plan, *mut u64, u32);

/// The output buffers of a plan, in `urnum_la_plan`'s order: `plan`,
/// `out_shape`, `out_shape_cap`.
pub type PlanDest = (*mut urnum_plan, *mut u64, u32);

/// A placeholder ray for [`call_named`]'s operand array.
const NO_RAY: urnum_ray = urnum_ray {
    meta: crate::abi::urnum_meta {
        shape: std::ptr::null(),
        ndim: 0,
        bloq: 0,
        kind: 0,
        tail: 0,
        fixp_a: 0,
        fixp_b: 0,
    },
    data: std::ptr::null(),
    len: 0,
    form: 0,
};

/// `urnum_la_exec` of `arm` on the ray operands `rays` (each a caller pointer)
/// and the atom operands `atoms`: the body of every entry of [`named`].
///
/// # Safety
/// As [`urnum_la_exec`]; each non-NULL pointer of `rays` points to a valid `urnum_ray`.
pub(crate) unsafe fn call_named(
    arm: u32,
    rnd: u8,
    rays: &[*const urnum_ray],
    atoms: &[urnum_bytes],
    (out, result, out_shape, out_shape_cap): Dest,
) -> urnum_status {
    // On the stack: a named entry on the jet path allocates nothing either.
    let mut held = [NO_RAY; 2];
    if rays.len() > held.len() {
        return CONTRACT;
    }
    for (slot, r) in held.iter_mut().zip(rays) {
        // SAFETY: forwarded from the caller.
        match unsafe { raw::get(*r) } {
            Some(r) => *slot = *r,
            None => return CONTRACT,
        }
    }
    let args = urnum_args::of(&held[..rays.len()], atoms);
    let none = urnum_out::none();
    // SAFETY: `args` points to live locals; the rest is forwarded from the caller.
    unsafe { urnum_la_exec(arm, rnd, &args, out, none, result, out_shape, out_shape_cap) }
}
