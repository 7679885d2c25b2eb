//! Elementwise arms: the scalar gates `+fun-scalar` and `+trans-scalar`, the
//! loops `+el-wise-op` and `+bin-op`, and every arm built on them
//! (`+add +sub +mul +div +mod`, the `-scalar` forms, the comparisons, `+abs`,
//! `+conj`, `+pow-n`, `+is-close`) of urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`.
//!
//! A Hoon gate becomes a [`Prog`]: `+fun-scalar` gives the one-node program
//! `op(In 0, In 1)` over the ray's [`Dtype`] in the door's mode,
//! `+trans-scalar` the one-node unary program; the scalar semantics of each
//! kind live in `softblas::scalar::ops`. The loops run programs with
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
//! `%i754` rays at bloq 4–7 take the bits path (`fast.rs`) when the
//! fast executor is selected (the same bits, without an atom per element).

use crate::build::fill;
use crate::builders_arith::scale;
use crate::error::LagoonError;
use crate::fast;
use crate::meta::{Meta, Tail};
use crate::ndray::ravel;
use crate::ray::{require_check, Ray};
use crate::{build, Door};
use softblas::exec::{self, ExecError, Operand, View};
use softblas::prog::{Binary, Compare, Node, Op1, Op2, Prog, ProgError, Unary};
use softblas::scalar::ops::ScalarError;
use softblas::{Atom, Dtype, Kind, Prec};

/// The element dtype of `meta`: its kind at its bloq, with the `%fixp`
/// precision read from the tail when the tail is `[a b]` (and `None` when it
/// is not, so that ops needing it crash as the Hoon's mould does).
///
/// # Errors
/// As [`fixp_prec`].
pub fn dtype(meta: &Meta) -> Result<Dtype, LagoonError> {
    let prec = match (&meta.kind, &meta.tail) {
        (Kind::Fixp, Tail::Prec { .. }) => Some(fixp_prec(&meta.tail)?),
        _ => None,
    };
    Ok(Dtype {
        kind: meta.kind,
        bloq: meta.bloq,
        prec,
    })
}

/// The `%fixp` precision `[a b]` of `tail`, within [`softblas::dtype::MAX_FIXP_WIDTH`].
///
/// # Errors
/// [`LagoonError::BadTail`] when the tail is not `[a b]`;
/// [`LagoonError::Unsupported`] for a width `a + b + 1` past the bound.
pub fn fixp_prec(tail: &Tail) -> Result<Prec, LagoonError> {
    let (a, b) = tail.prec()?;
    let too_large = || {
        LagoonError::Unsupported(format!(
            "a %fixp precision [{a} {b}] wider than {} bits",
            softblas::dtype::MAX_FIXP_WIDTH
        ))
    };
    let (a, b) = (
        a.as_u64().ok_or_else(too_large)?,
        b.as_u64().ok_or_else(too_large)?,
    );
    Prec::bounded(a, b).ok_or_else(too_large)
}

/// The error of a scalar operation inside arm `arm`.
///
/// A crash names the failed check; an operation urnum does not reproduce is
/// [`LagoonError::Unsupported`].
pub(crate) fn scalar_error(arm: &'static str, e: ScalarError) -> LagoonError {
    match e {
        ScalarError::Crash(check) => LagoonError::Assert { arm, check },
        ScalarError::Unsupported(why) => LagoonError::Unsupported(format!("{arm}: {why}")),
    }
}

/// The error of a loop inside arm `arm`.
pub(crate) fn exec_error(arm: &'static str, e: ExecError) -> LagoonError {
    match e {
        ExecError::Scalar(s) => scalar_error(arm, s),
        ExecError::EmptyFold => LagoonError::Assert {
            arm,
            check: "the ray has an element",
        },
        _ => LagoonError::Assert {
            arm,
            check: "the gate takes the operands it is given",
        },
    }
}

/// Whether `kind` has an element of `bloq` in `+fun-scalar`/`+trans-scalar`
/// (their `?+ bloq !!`).
fn check_bloq(kind: Kind, bloq: u32) -> Result<(), LagoonError> {
    let ok = match kind {
        Kind::I754 => (4..=7).contains(&bloq),
        Kind::Unum => (3..=6).contains(&bloq),
        Kind::Cplx => (5..=8).contains(&bloq),
        Kind::Uint | Kind::Int2 | Kind::Fixp => true,
    };
    if ok {
        Ok(())
    } else {
        Err(LagoonError::BadBloq { kind, bloq })
    }
}

/// Port of `+fun-scalar [meta fun]`: the binary gate of `meta`'s kind for
/// `op`, as the program `op(In 0, In 1)` at [`dtype`]`(meta)` in the door's mode.
///
/// The `%cplx` table returns gates for `%mod` and the order comparisons that
/// crash whenever called; no such program exists, so they are errors here.
///
/// # Errors
/// [`LagoonError::BadBloq`] at a bloq the kind's table rejects;
/// [`LagoonError::BadTail`] for `%fixp` without a `[a b]` tail;
/// [`LagoonError::Assert`] for an op the kind's table has no gate for (or a
/// gate that always crashes): `%pow` outside `%uint %int2 %unum`, `%mod` and
/// the order comparisons on `%cplx`.
pub fn fun_scalar(door: &Door, meta: &Meta, op: Op2) -> Result<Prog, LagoonError> {
    let arm = "fun-scalar";
    if meta.kind == Kind::Cplx && op == Op2::Binary(Binary::Mod) {
        return Err(LagoonError::Assert {
            arm,
            check: "lagoon: %mod not defined for %cplx",
        });
    }
    check_bloq(meta.kind, meta.bloq)?;
    if meta.kind == Kind::Fixp {
        meta.tail.prec()?;
    }
    let t = dtype(meta)?;
    Prog::of_node(vec![t, t], Node::Op2(op, 0, 1), door.round).map_err(|e| match e {
        ProgError::Domain { .. } => LagoonError::Assert {
            arm,
            check: match op {
                Op2::Compare(_) => "lagoon: %cplx has no total order; use abs/equ",
                _ => "the kind's +fun-scalar table has no such op",
            },
        },
        _ => LagoonError::Assert {
            arm,
            check: "the gate is a program",
        },
    })
}

/// Port of `+trans-scalar [bloq kind fun]`: the unary gate of `kind` at
/// `bloq` for `%abs` or `%conj`, as a one-node program in the door's mode.
///
/// The gate does not read a tail, so a `%fixp` dtype here has no precision.
///
/// # Errors
/// [`LagoonError::BadBloq`] at a bloq the kind's table rejects;
/// [`LagoonError::Assert`] for a unary op other than `Abs` and `Conj`.
pub fn trans_scalar(door: &Door, bloq: u32, kind: Kind, u: Unary) -> Result<Prog, LagoonError> {
    check_bloq(kind, bloq)?;
    if !matches!(u, Unary::Abs | Unary::Conj) {
        return Err(LagoonError::Assert {
            arm: "trans-scalar",
            check: "the op is %abs or %conj",
        });
    }
    let t = Dtype {
        kind,
        bloq,
        prec: None,
    };
    Prog::of_node(vec![t], Node::Op1(Op1::Unary(u), t, 0), door.round).map_err(|_| {
        LagoonError::Assert {
            arm: "trans-scalar",
            check: "the gate is a program",
        }
    })
}

/// The value of a two-input gate (a `+fun-scalar` program) on the atoms `a` and `b`.
///
/// # Errors
/// The gate's scalar crash, as [`LagoonError::Assert`] of `fun-scalar`.
pub fn apply2(gate: &Prog, a: &Atom, b: &Atom) -> Result<Atom, LagoonError> {
    apply(gate, &[a.clone(), b.clone()], "fun-scalar")
}

/// The value of a one-input gate (a `+trans-scalar` program) on the atom `a`.
///
/// # Errors
/// The gate's scalar crash, as [`LagoonError::Assert`] of `trans-scalar`.
pub fn apply1(gate: &Prog, a: &Atom) -> Result<Atom, LagoonError> {
    apply(gate, std::slice::from_ref(a), "trans-scalar")
}

fn apply(gate: &Prog, args: &[Atom], arm: &'static str) -> Result<Atom, LagoonError> {
    let view = View::contiguous(&[]);
    let ops: Vec<Operand<'_>> = args
        .iter()
        .map(|a| Operand {
            data: std::slice::from_ref(a),
            view: &view,
        })
        .collect();
    let mut outs = exec::map(gate, &[], &ops).map_err(|e| exec_error(arm, e))?;
    Ok(outs.swap_remove(0).swap_remove(0))
}

/// The ray of `meta` holding the low `2^bloq` bits of each value, pinned: `(spac [meta (rep bloq vals)])`.
fn rep(meta: &Meta, vals: &[Atom]) -> Result<Ray, LagoonError> {
    Ray::from_elems(meta.clone(), vals)
}

/// Port of `+el-wise-op [a fun]`: `fun` (a one-input, one-output program) on
/// every element of `a`; result meta is `a`'s, each value cut to the element width.
///
/// # Errors
/// `+check` failures of `a`; the first element's scalar crash.
pub fn el_wise_op(a: &Ray, fun: &Prog) -> Result<Ray, LagoonError> {
    el_wise(a, fun, "el-wise-op")
}

fn el_wise(a: &Ray, fun: &Prog, arm: &'static str) -> Result<Ray, LagoonError> {
    require_check(a)?;
    if let Some(r) = fast::map(&a.meta, fun, &[a]) {
        return Ok(r);
    }
    let xs = ravel(a)?;
    let view = View::contiguous(&[xs.len()]);
    let ops = [Operand {
        data: &xs,
        view: &view,
    }];
    let mut outs = exec::map(fun, &[xs.len()], &ops).map_err(|e| exec_error(arm, e))?;
    rep(&a.meta, &outs.swap_remove(0))
}

/// Port of `+bin-op [a b op]`: `op` (a two-input, one-output program) on each
/// pair of elements; result meta is `a`'s, each value cut to the element width.
///
/// # Errors
/// [`LagoonError::Assert`] when the metas differ (`=(meta.a meta.b)`, tail
/// included); `+check` failures; [`LagoonError::ZeroDecrement`] for empty rays
/// (`(gulf 0 (dec 0))`); the first element's scalar crash.
pub fn bin_op(a: &Ray, b: &Ray, op: &Prog) -> Result<Ray, LagoonError> {
    bin(a, b, op, "bin-op")
}

fn bin(a: &Ray, b: &Ray, op: &Prog, arm: &'static str) -> Result<Ray, LagoonError> {
    if a.meta != b.meta {
        return Err(LagoonError::Assert {
            arm,
            check: "=(meta.a meta.b)",
        });
    }
    require_check(a)?;
    require_check(b)?;
    // A checked ray's ravel holds its shape's element count.
    if a.meta.elems()? == 0 {
        return Err(LagoonError::ZeroDecrement {
            what: "bin-op (dec (lent ali))",
        });
    }
    if let Some(r) = fast::map(&a.meta, op, &[a, b]) {
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
    let mut outs = exec::map(op, &[n], &ops).map_err(|e| exec_error(arm, e))?;
    rep(&a.meta, &outs.swap_remove(0))
}

/// `(bin-op a b (fun-scalar meta.a op))`, errors named for `arm`.
fn ray_op(door: &Door, a: &Ray, b: &Ray, op: Op2, arm: &'static str) -> Result<Ray, LagoonError> {
    let gate = fun_scalar(door, &a.meta, op)?;
    bin(a, b, &gate, arm)
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

macro_rules! ray_arms {
    ($($(#[$doc:meta])* $name:ident, $hoon:literal, $op:expr;)*) => {$(
        $(#[$doc])*
        ///
        /// # Errors
        /// As [`bin_op`] and [`fun_scalar`].
        pub fn $name(door: &Door, a: &Ray, b: &Ray) -> Result<Ray, LagoonError> {
            ray_op(door, a, b, $op, $hoon)
        }
    )*};
}

macro_rules! scalar_arms {
    ($($(#[$doc:meta])* $name:ident, $hoon:literal, $op:expr;)*) => {$(
        $(#[$doc])*
        ///
        /// # Errors
        /// As [`bin_op`] and [`fun_scalar`].
        pub fn $name(door: &Door, a: &Ray, n: &Atom) -> Result<Ray, LagoonError> {
            scalar_op(door, a, n, $op, $hoon)
        }
    )*};
}

ray_arms! {
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

scalar_arms! {
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
    el_wise(a, &gate, "abs")
}

/// Port of `+conj a` (lagoon.hoon@aa6f2a6, hint `%conj`): `+el-wise-op` of the
/// kind's `%conj`: identity on real kinds, `re + (0 − im)i` on `%cplx` (a rounded
/// subtraction: `conj(x + 0i)` has imaginary −0 only under `%d`).
///
/// # Errors
/// As [`el_wise_op`] and [`trans_scalar`].
pub fn conj(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    let gate = trans_scalar(door, a.meta.bloq, a.meta.kind, Unary::Conj)?;
    el_wise(a, &gate, "conj")
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
            b = bin(a, &b, &gate, "pow-n")?;
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
        return Err(LagoonError::Assert {
            arm: "is-close",
            check: "=(shape.meta.a shape.meta.b)",
        });
    }
    let at = fill(&a.meta, &scale(&a.meta, atol)?.data)?;
    let rt = fill(&a.meta, &scale(&a.meta, rtol)?.data)?;
    let lhs = abs(door, &sub(door, a, b)?)?;
    let rhs = add(door, &at, &mul(door, &rt, &abs(door, b)?)?)?;
    lte(door, &lhs, &rhs)
}
