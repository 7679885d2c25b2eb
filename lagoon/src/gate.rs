//! Hoon gates as programs: `+fun-scalar` and `+trans-scalar` of urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6` build a [`Prog`] over a ray's
//! element [`Dtype`] in the door's mode, [`apply1`]/[`apply2`] run one on
//! atoms, and `scalar_error`/`exec_error` map the kernel layer's errors
//! to [`LagoonError`].
//!
//! This is the layer every arm section that runs a gate stands on
//! (`elementwise`, `bits_path`, `axis`, `reduce`, `change`, `linalg`); it
//! imports no arm. `+fun-scalar` gives the one-node program `op(In 0, In 1)`,
//! `+trans-scalar` the one-node unary program; the scalar semantics of each
//! kind live in `softblas::ops`.

use crate::door::Door;
use crate::error::LagoonError;
use crate::kinds::valid_bloq;
use crate::meta::{Meta, Tail};
use softblas::exec::{self, ExecError, Operand, View};
use softblas::ops::ScalarError;
use softblas::prog::{Binary, Node, Op1, Op2, Prog, ProgError, Unary};
use softblas::Policy;
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
        ScalarError::NoUnumRev { arm: op } => LagoonError::Unsupported(format!(
            "{arm}: %unum {op} needs a /lib/unum revision, and none is named"
        )),
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

/// The error urnum gives where it declines to compute `arm`, `why` saying
/// what it does not reproduce.
pub(crate) fn unsupported(arm: &'static str, why: impl Into<String>) -> LagoonError {
    scalar_error(arm, ScalarError::Unsupported(why.into()))
}

/// Whether `kind` has an element of `bloq` in `+fun-scalar`/`+trans-scalar`
/// (their `?+ bloq !!`).
fn check_bloq(kind: Kind, bloq: u32) -> Result<(), LagoonError> {
    if valid_bloq(kind, bloq) {
        Ok(())
    } else {
        Err(LagoonError::BadBloq { kind, bloq })
    }
}

/// The dtype of the elements `meta` describes, checked as `+fun-scalar` checks
/// it when it builds a gate.
///
/// # Errors
/// [`LagoonError::BadBloq`] when the kind's dispatch has no branch for the
/// bloq (`?+ bloq !!`); [`LagoonError::BadTail`] for a `%fixp` tail that is not
/// `[a=@ b=@]`; as [`fixp_prec`] for a precision past the bound.
pub(crate) fn checked_dtype(meta: &Meta) -> Result<Dtype, LagoonError> {
    check_bloq(meta.kind, meta.bloq)?;
    if meta.kind == Kind::Fixp {
        meta.tail.prec()?;
    }
    dtype(meta)
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
    let t = checked_dtype(meta)?;
    let prog = Prog::of_node(vec![t, t], Node::Op2(op, 0, 1), door.round);
    prog.map(|p| p.with_unum(door.unum)).map_err(|e| match e {
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
    let prog = Prog::of_node(vec![t], Node::Op1(Op1::Unary(u), t, 0), door.round);
    prog.map(|p| p.with_unum(door.unum))
        .map_err(|_| LagoonError::Assert {
            arm: "trans-scalar",
            check: "the gate is a program",
        })
}

/// The value of a two-input gate (a `+fun-scalar` program) on the atoms `a` and `b`.
///
/// # Errors
/// The gate's scalar crash, as [`LagoonError::Assert`] of `fun-scalar`.
pub fn apply2(p: Policy, gate: &Prog, a: &Atom, b: &Atom) -> Result<Atom, LagoonError> {
    apply(p, gate, &[a.clone(), b.clone()], "fun-scalar")
}

/// The value of a one-input gate (a `+trans-scalar` program) on the atom `a`.
///
/// # Errors
/// The gate's scalar crash, as [`LagoonError::Assert`] of `trans-scalar`.
pub fn apply1(p: Policy, gate: &Prog, a: &Atom) -> Result<Atom, LagoonError> {
    apply(p, gate, std::slice::from_ref(a), "trans-scalar")
}

fn apply(p: Policy, gate: &Prog, args: &[Atom], arm: &'static str) -> Result<Atom, LagoonError> {
    let view = View::contiguous(&[]);
    let ops: Vec<Operand<'_>> = args
        .iter()
        .map(|a| Operand {
            data: std::slice::from_ref(a),
            view: &view,
        })
        .collect();
    let mut outs = exec::map(p, gate, &[], &ops).map_err(|e| exec_error(arm, e))?;
    Ok(outs.swap_remove(0).swap_remove(0))
}
