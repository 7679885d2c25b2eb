//! The Saloon entry points: one generic, table-driven pair [`urnum_sa_plan`] /
//! [`urnum_sa_exec`] over the arms of `saloon.hoon@424a2bf` (ids `URNUM_SA_*`,
//! rows in [`table`]), and the arm-table lookups.
//!
//! # Why a pair of its own, not more rows in the Lagoon table
//!
//! - **The door differs.** A Saloon door is `[rnd rtol]` (bare `sa` is `%n`
//!   with `rtol = 0x1`), a Lagoon door `rnd` alone (bare `la` is `%z`); one
//!   signature would give every Lagoon call an unused tolerance.
//! - **The product differs.** Several Saloon arms return tuples (`+eig`'s
//!   `[vals vecs]`, `+qr`'s `[q r]`, `+svd`'s `[u s v]`, `+cg`'s `[x iter
//!   rnorm]`), so the result description is an array of parts; every Lagoon
//!   arm has exactly one, and `urnum_la_exec`'s single `result` stays as vere's
//!   shims use it.
//!
//! Everything else is shared with Lagoon: the operand block [`urnum_args`]
//! and its decoding, the result forms and their encoding, the statuses.
//!
//! # Parts
//!
//! Part `i`'s description is `parts[i]` (a [`urnum_plan`]: a ray, an atom),
//! its bytes follow part `i − 1`'s in `out` (part 0 at offset 0), and its
//! shape (`parts[i].ndim` entries, rays only) follows part `i − 1`'s in
//! `out_shape`. `*n_parts` is the number of parts: fixed per arm
//! ([`urnum_sa_arm_parts`]), except `+chol-unit`, whose `(unit ray)` is 0 parts
//! for `~` and 1 part for `[~ u]`. At most [`URNUM_SA_MAX_PARTS`].

pub mod ids;
pub mod table;

use crate::abi::{
    urnum_args, urnum_bytes, urnum_out, urnum_plan, urnum_status, URNUM_PLAN_COMPUTED,
};
use crate::la::encode::{canonical_plan, encode, Encoded};
use crate::la::table::Rule;
use crate::la::{decode, deliver, operands, round_of, rules, status_of};
use crate::raw::{self, CONTRACT, CRASH, OK, PUNT};
use saloon::{Sa, SaloonError};
use std::ffi::c_char;
use table::{Arm, Shape};

/// The most parts a Saloon product has (`+svd`'s `[u s v]`, `+cg`'s `[x iter rnorm]`).
pub const URNUM_SA_MAX_PARTS: u32 = 3;

/// The status of a Saloon error: unsupported inputs punt, everything else is a Hoon crash.
fn sa_status(e: &SaloonError) -> urnum_status {
    match e {
        SaloonError::Lagoon(l) => status_of(l),
        e if e.is_unsupported() => PUNT,
        _ => CRASH,
    }
}

/// The `sa` door of a rounding code and a tolerance atom, beside the `/lib/unum` revision `unum`.
///
/// # Safety
/// A non-NULL `rtol.ptr` must point to `rtol.len` readable bytes.
unsafe fn door(
    rnd: u8,
    rtol: &urnum_bytes,
    unum: Option<softblas::scalar::unum::UnumRev>,
) -> Result<Sa, urnum_status> {
    // SAFETY: forwarded from the caller.
    let rtol = unsafe { decode::atom(rtol) }?;
    Ok(Sa::sake(round_of(rnd)?, rtol)
        .with_unum(unum)
        .with_policy(crate::policy::policy()))
}

/// One Saloon call's inputs: the arm's row, the door's rounding code and
/// tolerance atom, and the operand block.
struct Call<'a> {
    arm: &'a Arm,
    rnd: u8,
    rtol: &'a urnum_bytes,
    args: *const urnum_args,
}

impl Call<'_> {
    /// Runs the arm and encodes each part of its product.
    ///
    /// # Safety
    /// As [`operands`] for `args`, and `rtol` as [`door`].
    unsafe fn run(&self) -> Result<Vec<Encoded>, urnum_status> {
        // SAFETY: forwarded from the caller (`door` runs inside `operands`).
        let door = |u| unsafe { door(self.rnd, self.rtol, u) };
        // SAFETY: forwarded from the caller.
        let ctx = unsafe { operands(self.arm.params, self.args, true, door) }?;
        let parts = (self.arm.run)(&ctx).map_err(|e| sa_status(&e))?;
        parts.iter().map(encode).collect()
    }

    /// The plan of the arm: the meta-only rule when it applies (no bytes), else
    /// the computed parts' descriptions, flagged `URNUM_PLAN_COMPUTED`, without
    /// their bytes.
    ///
    /// # Safety
    /// As [`Call::run`].
    unsafe fn plan(&self) -> Result<Vec<Encoded>, urnum_status> {
        if self.arm.rule != Rule::Computed {
            // SAFETY: forwarded from the caller (`door` runs inside `operands`).
            let door = |u| unsafe { door(self.rnd, self.rtol, u) };
            // SAFETY: forwarded from the caller.
            let ctx = unsafe { operands(self.arm.params, self.args, false, door) }?;
            if let Some(meta) = rules::meta(self.arm.rule, &ctx) {
                return Ok(vec![Encoded {
                    plan: canonical_plan(&meta)?,
                    shape: meta.shape,
                    bytes: Vec::new(),
                }]);
            }
        }
        // SAFETY: forwarded from the caller.
        let mut parts = unsafe { self.run() }?;
        for p in &mut parts {
            p.plan.flags |= URNUM_PLAN_COMPUTED;
            p.bytes.clear();
        }
        Ok(parts)
    }
}

/// The caller's buffers for a Saloon product: the bytes, the parts'
/// descriptions and their capacity, the count, the shapes and their capacity.
type Buffers = (urnum_out, (*mut urnum_plan, u32), *mut u32, (*mut u64, u32));

/// What [`serve`] delivers: the plan ([`Call::plan`]) or the product ([`Call::run`]).
#[derive(Clone, Copy)]
enum Serve {
    Plan,
    Product,
}

/// Computes the parts of arm id `arm` as `what` says and delivers them to
/// `buffers`: the status (`URNUM_CONTRACT` for an unknown id).
///
/// # Safety
/// `args` and `rtol` as [`Call::run`]; `buffers` as [`deliver`].
unsafe fn serve(
    (arm, rnd, rtol, args): (u32, u8, &urnum_bytes, *const urnum_args),
    what: Serve,
    (out, results, n_parts, shape): Buffers,
) -> urnum_status {
    let Some(a) = table::by_id(arm) else {
        return CONTRACT;
    };
    let call = Call {
        arm: &a,
        rnd,
        rtol,
        args,
    };
    // SAFETY: `args` and `rtol` as this function's contract gives them.
    let p = unsafe {
        match what {
            Serve::Plan => call.plan(),
            Serve::Product => call.run(),
        }
    };
    // SAFETY: the caller's buffers as this function's contract gives them.
    let wrote = p.and_then(|p| unsafe { deliver(&p, out, results, n_parts, shape) });
    wrote.err().unwrap_or(OK)
}

/// Sizes the product of Saloon arm `arm` (`URNUM_SA_*`) on `args` under the
/// door `[rnd rtol]` (`rnd` one of `'n' 'u' 'd' 'z'`; `rtol` the door's
/// tolerance atom, little-endian, `0x1` for bare `sa`), without writing any
/// output buffer.
///
/// On `URNUM_OK`: `*n_parts` (when not NULL) is the number of parts, `parts[i]`
/// describes part `i` (`parts_cap` entries available), the parts' shapes
/// follow one another in `out_shape` (`out_shape_cap` entries); the buffer for
/// `urnum_sa_exec` is the sum of the parts' `out_bytes`. The element-wise arms
/// plan by a meta-only rule; the others run the arm (`URNUM_PLAN_COMPUTED`).
///
/// Statuses as `urnum_la_plan`; nothing is written unless the status is `URNUM_OK`.
///
/// # Safety
/// Every non-NULL pointer must be valid as the ABI describes for the duration
/// of the call: `args`, the arrays it points to and `rtol.ptr` readable,
/// `parts` writable for `parts_cap` plans, `n_parts` for one `uint32_t`,
/// `out_shape` for `out_shape_cap` `uint64_t`s.
#[no_mangle]
pub unsafe extern "C" fn urnum_sa_plan(
    arm: u32,
    rnd: u8,
    rtol: urnum_bytes,
    args: *const urnum_args,
    parts: *mut urnum_plan,
    parts_cap: u32,
    n_parts: *mut u32,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let buffers = (
        urnum_out::none(),
        (parts, parts_cap),
        n_parts,
        (out_shape, out_shape_cap),
    );
    // SAFETY: `args`, `rtol` and the caller's buffers are valid as the ABI
    // describes, per this function's contract (no bytes are written).
    unsafe { serve((arm, rnd, &rtol, args), Serve::Plan, buffers) }
}

/// Computes Saloon arm `arm` on `args` under the door `[rnd rtol]` and writes
/// its parts: their bytes one after the other to `out` (`out.cap` at least the
/// planned sum), their descriptions to `parts` (when not NULL), their shapes
/// one after the other to `out_shape`, their number to `*n_parts` (when not NULL).
///
/// The descriptions are those of the values actually produced; they equal the
/// plan's. `scratch` is reserved (0 bytes today) and not touched.
///
/// Statuses as [`urnum_sa_plan`], plus `URNUM_CONTRACT` when `out`,
/// `parts` or `out_shape` is too small. On any status but `URNUM_OK` nothing
/// is written.
///
/// # Safety
/// As [`urnum_sa_plan`]; `out.ptr` writable for `out.cap` bytes and not
/// overlapping any input.
#[no_mangle]
pub unsafe extern "C" fn urnum_sa_exec(
    arm: u32,
    rnd: u8,
    rtol: urnum_bytes,
    args: *const urnum_args,
    out: urnum_out,
    scratch: urnum_out,
    parts: *mut urnum_plan,
    parts_cap: u32,
    n_parts: *mut u32,
    out_shape: *mut u64,
    out_shape_cap: u32,
) -> urnum_status {
    let _ = scratch;
    let buffers = (out, (parts, parts_cap), n_parts, (out_shape, out_shape_cap));
    // SAFETY: `args`, `rtol` and the caller's buffers are valid as the ABI
    // describes, per this function's contract.
    unsafe { serve((arm, rnd, &rtol, args), Serve::Product, buffers) }
}

/// The Hoon name (`"exp"`, `"chol-solve"`) of Saloon arm `arm`, NUL-terminated
/// and static, or NULL when the id is unknown.
#[no_mangle]
pub extern "C" fn urnum_sa_arm_name(arm: u32) -> *const c_char {
    table::by_id(arm).map_or(std::ptr::null(), |a| a.cname.as_ptr().cast())
}

/// The id of the Saloon arm named by the `len` bytes at `name` (`"eig"`, an
/// `":sa"` suffix allowed), or 0 when there is none.
///
/// # Safety
/// `name` must point to `len` readable bytes (or be NULL).
#[no_mangle]
pub unsafe extern "C" fn urnum_sa_arm_id(name: *const u8, len: usize) -> u32 {
    // SAFETY: the caller gives `len` readable bytes at `name`.
    let b = unsafe { raw::bytes(name, len) };
    b.and_then(|b| std::str::from_utf8(b).ok())
        .and_then(table::by_name)
        .map_or(0, |a| a.id)
}

/// The number of parts of Saloon arm `arm`'s product (1 for most, 2 for
/// `+eig +eig-herm +qr +sweep-once`, 3 for `+svd +svd-sweep +cg +pcg`), or 0
/// for an unknown id or `+chol-unit` (whose `(unit ray)` has 0 or 1).
#[no_mangle]
pub extern "C" fn urnum_sa_arm_parts(arm: u32) -> u32 {
    match table::by_id(arm).map(|a| a.parts()) {
        Some(Shape::Fixed(n)) => u32::from(n),
        _ => 0,
    }
}

/// The number of Saloon arms this library serves.
#[no_mangle]
pub extern "C" fn urnum_sa_arm_count() -> u32 {
    table::count() as u32
}

/// The id of the `i`-th Saloon arm this library serves (0 when `i` is out of range).
#[no_mangle]
pub extern "C" fn urnum_sa_arm_at(i: u32) -> u32 {
    table::arms().nth(i as usize).map_or(0, |a| a.id)
}
