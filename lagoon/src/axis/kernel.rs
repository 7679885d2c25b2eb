//! The scalar side of the axis, linear-algebra and structure arms: a ray's
//! element dtype, the step programs its arms fold with (`+fun-scalar` and
//! `+trans-scalar` of urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`, as
//! [`softblas::prog`] programs, built by [`crate::gate`]) and the
//! `+i754-sun`/`+i754-sqt` helpers.
//!
//! Each program runs through [`softblas::exec`]; nothing here loops over
//! elements to do arithmetic of its own.
//!
//! Laziness follows the Hoon: `+fun-scalar` crashes at once on a kind's bad
//! bloq or a `%fixp` tail that is not `[a b]` (checked by [`Kernel::new`]),
//! but a `%cplx` order comparison crashes only when it is called, so a fold
//! over one-element slices of a `%cplx` ray succeeds ([`Step`] keeps the error
//! until it runs).

use crate::door::Door;
use crate::error::LagoonError;
use crate::gate::{self, checked_dtype, exec_error, fun_scalar, trans_scalar, unsupported};
use crate::meta::Meta;
use crate::ray::{require_check, Ray};
use softblas::exec::{self, ExecError, Operand, Order, View};
use softblas::prog::{Binary, Compare, Node, Op2, Op3, Prog, ProgError, Unary};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Dtype, Kind, Round};

/// A ray's element dtype and the door's rounding mode, checked as `+fun-scalar` checks them.
#[derive(Clone, Debug)]
pub(crate) struct Kernel {
    /// The arm this kernel computes for (named in errors).
    pub arm: &'static str,
    /// The element dtype.
    pub dtype: Dtype,
    /// The door's rounding mode.
    pub round: Round,
    meta: Meta,
    door: Door,
}

/// A two-operand step program, or the error calling it would raise.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    prog: Result<Prog, LagoonError>,
}

impl Step {
    /// The step's program, or the error any call of it raises (resolved once
    /// for a loop of many calls).
    pub(crate) fn resolve(&self) -> Result<Prog, LagoonError> {
        self.prog.clone()
    }
}

fn prog_error(arm: &'static str, dtype: &Dtype, e: ProgError) -> LagoonError {
    match e {
        ProgError::Domain { .. } if dtype.kind == Kind::Cplx => LagoonError::Assert {
            arm,
            check: "lagoon: %cplx has no total order; use abs/equ",
        },
        e => unsupported(
            arm,
            format!("{} at bloq {}: {e}", dtype.kind.term(), dtype.bloq),
        ),
    }
}

impl Kernel {
    /// The kernel of the elements of `meta` under `door`, for `arm`.
    ///
    /// # Errors
    /// As [`checked_dtype`].
    pub(crate) fn new(arm: &'static str, meta: &Meta, door: &Door) -> Result<Kernel, LagoonError> {
        Ok(Kernel {
            arm,
            dtype: checked_dtype(meta)?,
            round: door.round,
            meta: meta.clone(),
            door: *door,
        })
    }

    /// The kernel of the elements of the ray `a` under `door`, for `arm`,
    /// after the Hoon's `?> (check a)`.
    ///
    /// # Errors
    /// The errors of `+check`; as [`Kernel::new`].
    pub(crate) fn of_checked(
        arm: &'static str,
        a: &Ray,
        door: &Door,
    ) -> Result<Kernel, LagoonError> {
        require_check(a)?;
        Kernel::new(arm, &a.meta, door)
    }

    fn prog(&self, ins: usize, nodes: Vec<Node>) -> Result<Prog, LagoonError> {
        let out = nodes.len() - 1;
        Prog::new(vec![self.dtype; ins], nodes, vec![out], self.round)
            .map(|p| p.with_unum(self.door.unum))
            .map_err(|e| prog_error(self.arm, &self.dtype, e))
    }

    /// The step `op(x, y)`.
    pub(crate) fn op(&self, op: Op2) -> Step {
        Step {
            prog: fun_scalar(&self.door, &self.meta, op),
        }
    }

    /// The step `+fun-scalar` gives for `b`.
    pub(crate) fn binary(&self, b: Binary) -> Step {
        self.op(Op2::Binary(b))
    }

    /// The step `+fun-scalar` gives for the comparison `c` (the kind's one or 0).
    pub(crate) fn compare(&self, c: Compare) -> Step {
        self.op(Op2::Compare(c))
    }

    /// The step `?.(=(0 (c x y)) x y)`: keep `x` when `c(x, y)` holds, else take `y`
    /// (the fold gate of `+max-dim`, `+min-dim` and the `%linf` norm).
    pub(crate) fn keep_if(&self, c: Compare) -> Step {
        Step {
            prog: self.prog(
                2,
                vec![
                    Node::In(0),
                    Node::In(1),
                    Node::Op2(Op2::Compare(c), 0, 1),
                    Node::Op3(Op3::Where, 2, 0, 1),
                ],
            ),
        }
    }

    /// The two-operand program `(x − y)·(x − y)` (`+var-dim`'s squared
    /// deviation and `+cdist-sq`'s `sqd`), each operation rounded in the door mode.
    pub(crate) fn sq_diff(&self) -> Result<Prog, LagoonError> {
        self.prog(
            2,
            vec![
                Node::In(0),
                Node::In(1),
                Node::Op2(Op2::Binary(Binary::Sub), 0, 1),
                Node::Op2(Op2::Binary(Binary::Mul), 2, 2),
            ],
        )
    }

    /// `fold-slice`: the left fold of `step` over `xs` seeded with `xs[0]`
    /// (`((x0 ⊕ x1) ⊕ x2) …`); a one-element slice is returned untouched.
    ///
    /// # Errors
    /// A crash for an empty slice; the step's errors.
    pub(crate) fn fold(&self, step: &Step, xs: &[Atom]) -> Result<Atom, LagoonError> {
        match xs {
            [] => Err(exec_error(self.arm, ExecError::EmptyFold)),
            [x] => Ok(x.clone()),
            _ => {
                let prog = step.prog.clone()?;
                exec::fold(self.door.policy, &prog, &Order::left_from_first(), xs)
                    .map_err(|e| exec_error(self.arm, e))
            }
        }
    }

    /// `step(x, y)`, once.
    ///
    /// # Errors
    /// The step's errors.
    pub(crate) fn apply(&self, step: &Step, x: &Atom, y: &Atom) -> Result<Atom, LagoonError> {
        gate::apply2(self.door.policy, &step.prog.clone()?, x, y)
    }

    /// `op` of every element of `xs` (`(turn xs (trans-scalar bloq kind op))`).
    ///
    /// # Errors
    /// The first failing element's error.
    pub(crate) fn map1(&self, op: Unary, xs: &[Atom]) -> Result<Vec<Atom>, LagoonError> {
        let prog = trans_scalar(&self.door, self.dtype.bloq, self.dtype.kind, op)?;
        self.run(&prog, &[xs.len()], &[(xs, View::contiguous(&[xs.len()]))])
    }

    /// `x·x` of every element of `xs`, each rounded in the door mode.
    ///
    /// # Errors
    /// The first failing element's error.
    pub(crate) fn squares(&self, xs: &[Atom]) -> Result<Vec<Atom>, LagoonError> {
        let prog = self.prog(
            1,
            vec![Node::In(0), Node::Op2(Op2::Binary(Binary::Mul), 0, 0)],
        )?;
        self.run(&prog, &[xs.len()], &[(xs, View::contiguous(&[xs.len()]))])
    }

    /// The values of the one-output `prog` at every index of `shape`, row-major,
    /// operand `k` read from `data` through its view.
    ///
    /// # Errors
    /// The first failing element's error.
    pub(crate) fn run(
        &self,
        prog: &Prog,
        shape: &[usize],
        operands: &[(&[Atom], View)],
    ) -> Result<Vec<Atom>, LagoonError> {
        let ops: Vec<Operand<'_>> = operands
            .iter()
            .map(|(data, view)| Operand { data, view })
            .collect();
        exec::map(self.door.policy, prog, shape, &ops)
            .map(|mut outs| outs.remove(0))
            .map_err(|e| exec_error(self.arm, e))
    }
}

fn i754_width(bloq: u32) -> Result<Width, LagoonError> {
    Width::from_bloq(bloq).ok_or(LagoonError::BadBloq {
        kind: Kind::I754,
        bloq,
    })
}

/// Port of `+i754-sun [bloq n]` (`lagoon.hoon@aa6f2a6`): the count `n` as an
/// `%i754` float of width `bloq`, rounded in the door's mode (`~(sun rX rnd)`).
///
/// # Errors
/// [`LagoonError::BadBloq`] for a bloq outside 4..=7 (`?+ bloq !!`).
pub fn i754_sun(door: &Door, bloq: u32, n: &Atom) -> Result<Atom, LagoonError> {
    let w = i754_width(bloq)?;
    Ok(Atom::from_u128(i754::sun(w, door.round, n)))
}

/// Port of `+i754-sqt [bloq x]` (`lagoon.hoon@aa6f2a6`): the square root of
/// the `%i754` value `x` of width `bloq`, rounded in the door's mode (`~(sqt rX rnd)`).
///
/// # Errors
/// [`LagoonError::BadBloq`] for a bloq outside 4..=7 (`?+ bloq !!`).
pub fn i754_sqt(door: &Door, bloq: u32, x: &Atom) -> Result<Atom, LagoonError> {
    let w = i754_width(bloq)?;
    Ok(Atom::from_u128(i754::sqt_by(
        door.policy.exec,
        w,
        door.round,
        x.low_u128(),
    )))
}
