//! Elementwise arms: the scalar gates `+fun-scalar` and `+trans-scalar`, the
//! loops `+el-wise-op` and `+bin-op`, and every arm built on them
//! (`+add +sub +mul +div +mod`, the `-scalar` forms, the comparisons, `+abs`,
//! `+conj`, `+pow-n`, `+is-close`) of urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`.
//!
//! A Hoon gate becomes a [`Prog`] in [`crate::gate`] (`+fun-scalar`,
//! `+trans-scalar`, re-exported here). The loops run programs with
//! [`exec::map`] over the ravel; the result element is the low `2^bloq` bits
//! of the gate's value (Hoon's `rep`), under the pin, with the first
//! operand's meta (tail included).
//!
//! Checks, in the Hoon's order: the gate is built first (a `?+ bloq !!` of
//! the kind, the `%fixp` tail mould), then `+bin-op` asserts `=(meta.a meta.b)`
//! and `+check`s both rays, then crashes on an empty ravel (`(dec 0)`), then
//! runs the gate on every element; `+el-wise-op` checks its ray and runs on
//! every element (none for an empty ray).
//!
//! `%i754` rays at bloq 4–7 take the bits path (`bits_path.rs`) when the
//! fast executor is selected (the same bits, without an atom per element).

use crate::bits_path;
use crate::build::fill;
use crate::builders_arith::scale;
use crate::error::LagoonError;
use crate::gate::exec_error;
use crate::meta::Meta;
use crate::ndray::ravel;
use crate::ray::{require_check, Ray};
use crate::{build, door::Door};
use softblas::exec::{self, Operand, View};
use softblas::prog::{Binary, Compare, Op2, Prog, Unary};
use softblas::Atom;
use softblas::Policy;

pub use crate::gate::{apply1, apply2, dtype, fixp_prec, fun_scalar, trans_scalar};

/// The ray of `meta` holding the low `2^bloq` bits of each value, pinned: `(spac [meta (rep bloq vals)])`.
fn rep(meta: &Meta, vals: &[Atom]) -> Result<Ray, LagoonError> {
    Ray::from_elems(meta.clone(), vals)
}

/// Port of `+el-wise-op [a fun]`: `fun` (a one-input, one-output program) on
/// every element of `a`; result meta is `a`'s, each value cut to the element width.
///
/// # Errors
/// `+check` failures of `a`; the first element's scalar crash.
pub fn el_wise_op(p: Policy, a: &Ray, fun: &Prog) -> Result<Ray, LagoonError> {
    el_wise(p, a, fun, "el-wise-op")
}

fn el_wise(p: Policy, a: &Ray, fun: &Prog, arm: &'static str) -> Result<Ray, LagoonError> {
    require_check(a)?;
    if let Some(r) = bits_path::map(p, &a.meta, fun, &[a]) {
        return Ok(r);
    }
    let xs = ravel(a)?;
    let view = View::contiguous(&[xs.len()]);
    let ops = [Operand {
        data: &xs,
        view: &view,
    }];
    let mut outs = exec::map(p, fun, &[xs.len()], &ops).map_err(|e| exec_error(arm, e))?;
    rep(&a.meta, &outs.swap_remove(0))
}

/// Port of `+bin-op [a b op]`: `op` (a two-input, one-output program) on each
/// pair of elements; result meta is `a`'s, each value cut to the element width.
///
/// # Errors
/// [`LagoonError::Assert`] when the metas differ (`=(meta.a meta.b)`, tail
/// included); `+check` failures; [`LagoonError::ZeroDecrement`] for empty rays
/// (`(gulf 0 (dec 0))`); the first element's scalar crash.
pub fn bin_op(p: Policy, a: &Ray, b: &Ray, op: &Prog) -> Result<Ray, LagoonError> {
    bin(p, a, b, op, "bin-op")
}

fn bin(p: Policy, a: &Ray, b: &Ray, op: &Prog, arm: &'static str) -> Result<Ray, LagoonError> {
    if a.meta != b.meta {
        return Err(crate::meta::mismatch(
            arm,
            "=(meta.a meta.b)",
            &[("a", &a.meta), ("b", &b.meta)],
        ));
    }
    require_check(a)?;
    require_check(b)?;
    // A checked ray's ravel holds its shape's element count.
    if a.meta.elems()? == 0 {
        return Err(LagoonError::ZeroDecrement {
            what: "bin-op (dec (lent ali))",
        });
    }
    if let Some(r) = bits_path::map(p, &a.meta, op, &[a, b]) {
        return Ok(r);
    }
    let (xs, ys) = (ravel(a)?, ravel(b)?);
    let n = xs.len();
    let view = View::contiguous(&[n]);
    let ops = [
        Operand {
            data: &xs,
            view: &view,
        },
        Operand {
            data: &ys[..n.min(ys.len())],
            view: &view,
        },
    ];
    let mut outs = exec::map(p, op, &[n], &ops).map_err(|e| exec_error(arm, e))?;
    rep(&a.meta, &outs.swap_remove(0))
}

/// `(bin-op a b (fun-scalar meta.a op))`, errors named for `arm`.
fn ray_op(door: &Door, a: &Ray, b: &Ray, op: Op2, arm: &'static str) -> Result<Ray, LagoonError> {
    let gate = fun_scalar(door, &a.meta, op)?;
    bin(door.policy, a, b, &gate, arm)
}

/// `(op a (fill meta.a n))`: the `-scalar` arms.
fn scalar_op(
    door: &Door,
    a: &Ray,
    n: &Atom,
    op: Op2,
    arm: &'static str,
) -> Result<Ray, LagoonError> {
    let b = fill(&a.meta, n)?;
    ray_op(door, a, &b, op, arm)
}

/// Defines arms `$name(door, a, $b)` that run `$run(door, a, $b, op, hoon-name)`:
/// the ray–ray arms (`b: &Ray`, [`ray_op`]) and the `-scalar` arms (`n: &Atom`, [`scalar_op`]).
macro_rules! arms {
    ($b:ident: $ty:ty => $run:ident; $($(#[$doc:meta])* $name:ident, $hoon:literal, $op:expr;)*) => {$(
        $(#[$doc])*
        ///
        /// # Errors
        /// As [`bin_op`] and [`fun_scalar`].
        pub fn $name(door: &Door, a: &Ray, $b: &$ty) -> Result<Ray, LagoonError> {
            $run(door, a, $b, $op, $hoon)
        }
    )*};
}

arms! {
    b: Ray => ray_op;
    /// Port of `+add [a b]` (lagoon.hoon@aa6f2a6, hint `%add-rays`): elementwise
    /// `%add` of the kind, in the door's mode; no fold. No broadcasting: metas must be equal.
    add, "add", Op2::Binary(Binary::Add);
    /// Port of `+sub [a b]` (lagoon.hoon@aa6f2a6, hint `%sub-rays`): elementwise `a − b`
    /// (the J-vere jet computes `b − a`; this follows the Hoon).
    sub, "sub", Op2::Binary(Binary::Sub);
    /// Port of `+mul [a b]` (lagoon.hoon@aa6f2a6, hint `%mul-rays`): elementwise
    /// product (`%cplx` without FMA, `%fixp` rescaled by truncation).
    mul, "mul", Op2::Binary(Binary::Mul);
    /// Port of `+div [a b]` (lagoon.hoon@aa6f2a6, hint `%div-rays`): elementwise
    /// quotient; `%uint %int2 %fixp` crash on a zero divisor, `%cplx` is Smith's division.
    div, "div", Op2::Binary(Binary::Div);
    /// Port of `+mod [a b]` (lagoon.hoon@aa6f2a6, hint `%mod-rays`): elementwise
    /// remainder. `%i754` is numerics #78's `a − b·san(toi(a/b))` with the quotient
    /// rounded in the door's mode (so `(lake %n)` gives 5 mod 3 = −1) and a crash on a
    /// zero divisor or any non-finite quotient; `%unum` gives NaR on a NaR quotient;
    /// `%int2`/`%fixp` take the dividend's sign; `%cplx` crashes.
    r#mod, "mod", Op2::Binary(Binary::Mod);
    /// Port of `+gth [a b]` (lagoon.hoon@aa6f2a6, hint `%gth`): the kind's one where
    /// `a > b` (for `%i754` `b < a`: false on NaN, unlike the C jet's `!le`), else 0;
    /// crashes on `%cplx`.
    gth, "gth", Op2::Compare(Compare::Gth);
    /// Port of `+gte [a b]` (lagoon.hoon@aa6f2a6, hint `%gte`): the kind's one where
    /// `a ≥ b` (false on NaN; `−0 ≥ +0`), else 0; crashes on `%cplx`.
    gte, "gte", Op2::Compare(Compare::Gte);
    /// Port of `+lth [a b]` (lagoon.hoon@aa6f2a6, hint `%lth`): the kind's one where
    /// `a < b`, else 0; crashes on `%cplx`.
    lth, "lth", Op2::Compare(Compare::Lth);
    /// Port of `+lte [a b]` (lagoon.hoon@aa6f2a6, hint `%lte`): the kind's one where
    /// `a ≤ b`, else 0; crashes on `%cplx`.
    lte, "lte", Op2::Compare(Compare::Lte);
    /// Port of `+equ [a b]` (lagoon.hoon@aa6f2a6, not jetted): the kind's one where
    /// the element bits are equal (`+0 ≠ −0`; equal NaN patterns are equal), else 0.
    equ, "equ", Op2::Compare(Compare::Equ);
    /// Port of `+neq [a b]` (lagoon.hoon@aa6f2a6, not jetted): the kind's one where
    /// the element bits differ, else 0.
    neq, "neq", Op2::Compare(Compare::Neq);
}

arms! {
    n: Atom => scalar_op;
    /// Port of `+add-scalar [a n]` (lagoon.hoon@aa6f2a6, hint `%add-scal`):
    /// `(add a (fill meta.a n))`, `n` cut to the element width.
    add_scalar, "add-scalar", Op2::Binary(Binary::Add);
    /// Port of `+sub-scalar [a n]` (lagoon.hoon@aa6f2a6, hint `%sub-scal`): `a_i − n`.
    sub_scalar, "sub-scalar", Op2::Binary(Binary::Sub);
    /// Port of `+mul-scalar [a n]` (lagoon.hoon@aa6f2a6, hint `%mul-scal`): `a_i · n`.
    mul_scalar, "mul-scalar", Op2::Binary(Binary::Mul);
    /// Port of `+div-scalar [a n]` (lagoon.hoon@aa6f2a6, hint `%div-scal`): `a_i / n`,
    /// a true division per element (the C jet multiplies by a rounded `1/n`: 21/7 → 2.9999998).
    div_scalar, "div-scalar", Op2::Binary(Binary::Div);
    /// Port of `+mod-scalar [a n]` (lagoon.hoon@aa6f2a6, hint `%mod-scal`): `a_i mod n` as `+mod`.
    mod_scalar, "mod-scalar", Op2::Binary(Binary::Mod);
}

/// Port of `+abs a` (lagoon.hoon@aa6f2a6, hint `%abs`): `+el-wise-op` of the
/// kind's `%abs`. `%i754` is `b ≥ +0 ? b : b·−1` (−0 stays −0, NaN becomes the
/// canonical NaN; the C jet clears the sign bit); `%uint` identity; `%int2`/`%fixp`
/// two's-complement abs; `%unum` posit abs; `%cplx` the modulus in the real slot
/// (`abs(−0 + 0i)` is NaN).
///
/// # Errors
/// As [`el_wise_op`] and [`trans_scalar`].
pub fn abs(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    let gate = trans_scalar(door, a.meta.bloq, a.meta.kind, Unary::Abs)?;
    el_wise(door.policy, a, &gate, "abs")
}

/// Port of `+conj a` (lagoon.hoon@aa6f2a6, hint `%conj`): `+el-wise-op` of the
/// kind's `%conj`: identity on real kinds, `re + (0 − im)i` on `%cplx` (a rounded
/// subtraction: `conj(x + 0i)` has imaginary −0 only under `%d`).
///
/// # Errors
/// As [`el_wise_op`] and [`trans_scalar`].
pub fn conj(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    let gate = trans_scalar(door, a.meta.bloq, a.meta.kind, Unary::Conj)?;
    el_wise(door.policy, a, &gate, "conj")
}

/// The most multiplications [`pow_n`] performs (the Hoon has no limit).
pub const POW_N_LIMIT: u64 = 1 << 16;

/// The most element products [`pow_n`] performs in all (`(n − 1) · elems`):
/// 2^24 is about a second at the slowest kinds in a release build (the Hoon
/// has no limit).
pub const POW_N_WORK: u64 = 1 << 24;

/// Port of `+pow-n [a n]` (lagoon.hoon@aa6f2a6, not jetted): `n = 0` gives
/// `(ones meta.a)`; otherwise `b = a`, then `n − 1` times `b = (mul a b)`, i.e.
/// `a·(a·(…·a))`, each product rounded in the door's mode.
///
/// # Errors
/// `+check` failures of `a`; as [`mul`] and [`build::ones`];
/// [`LagoonError::TooLarge`] (unsupported), before any product, when `n`
/// exceeds [`POW_N_LIMIT`] or `(n − 1) · elems` exceeds [`POW_N_WORK`].
pub fn pow_n(door: &Door, a: &Ray, n: &Atom) -> Result<Ray, LagoonError> {
    require_check(a)?;
    if n.is_zero() {
        return build::ones(&a.meta);
    }
    let k = n
        .as_u64()
        .filter(|k| *k <= POW_N_LIMIT)
        .ok_or(LagoonError::TooLarge {
            bits: u128::from(n.bit_len()),
        })?;
    // k ≥ 1 here; (k − 1) products of `elems` elements each.
    let work = u128::from(k - 1) * u128::from(a.meta.elems()?);
    if work > u128::from(POW_N_WORK) {
        return Err(LagoonError::TooLarge { bits: work });
    }
    let mut b = a.clone();
    if k > 1 {
        // Each `(mul a b)` builds the gate; `n = 1` never does.
        let gate = fun_scalar(door, &a.meta, Op2::Binary(Binary::Mul))?;
        for _ in 1..k {
            b = bin(door.policy, a, &b, &gate, "pow-n")?;
        }
    }
    Ok(b)
}

/// Port of `+is-close [a b [atol rtol]]` (lagoon.hoon@aa6f2a6, not jetted):
/// `(lte (abs (sub a b)) (add atol (mul rtol (abs b))))` in the kind's
/// arithmetic and the door's mode, with `atol`/`rtol` rays of `meta.a` filled
/// from `+scale` of the tolerances (`%i754` canonicalises a NaN tolerance).
///
/// Quirk: on `%uint` the subtraction wraps, so `a < b` elements are far apart
/// (the test is not symmetric).
///
/// # Errors
/// [`LagoonError::Assert`] when the shapes differ; as [`sub`], [`abs`], [`add`],
/// [`mul`], [`lte`] (so the metas must be equal too, and `%cplx` crashes in `lte`).
pub fn is_close(
    door: &Door,
    a: &Ray,
    b: &Ray,
    atol: &Atom,
    rtol: &Atom,
) -> Result<Ray, LagoonError> {
    if a.meta.shape != b.meta.shape {
        return Err(crate::meta::mismatch(
            "is-close",
            "=(shape.meta.a shape.meta.b)",
            &[("a", &a.meta), ("b", &b.meta)],
        ));
    }
    let at = fill(&a.meta, &scale(&a.meta, atol)?.data)?;
    let rt = fill(&a.meta, &scale(&a.meta, rtol)?.data)?;
    let lhs = abs(door, &sub(door, a, b)?)?;
    let rhs = add(door, &at, &mul(door, &rt, &abs(door, b)?)?)?;
    lte(door, &lhs, &rhs)
}
