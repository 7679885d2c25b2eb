//! Loops over strided operands: `map` runs a program at every index, `fold`
//! reduces in an order that is part of the request, `contract` is the matrix
//! product in Lagoon's order.
//!
//! The executor here is the *reference* executor: it runs node by node through
//! [`crate::ops`], one element at a time. Its results are a function
//! of operand values alone; any faster executor must give the same bits, and
//! a property test checks that against this one.
//!
//! The orders reproduced (lagoon.hoon@aa6f2a6):
//! - Hoon `reel` (right fold): `step(x0, step(x1, … step(x_{n−1}, seed)))` —
//!   `+cumsum`, `+dot`, `+trace` from `+0`; `+prod` from the atom 1;
//!   `+max`/`+min` seeded with `x0`.
//! - Hoon `roll` / the axis arms (left fold): `step(…step(step(seed, x0), x1)…, x_{n−1})`,
//!   seeded with the slice's first element (`+sum-dim`, `+max-dim`, ...).
//! - `+mmul`: per output cell a left fold over `k` ascending from `+0`, the
//!   product and the sum rounded separately.

pub mod fast;
mod view;

use view::increment;
pub use view::{index_count, Move, MoveError, Positions, Range, View, Window};

use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::ops::{self, ScalarError};
use crate::policy::Policy;
use crate::prog::{Binary, Node, Op1, Op2, Prog};
use crate::round::Round;
use thiserror::Error;

/// Why a loop gave no result.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExecError {
    /// A scalar operation failed (the Hoon crashes there, or urnum cannot reproduce it).
    #[error(transparent)]
    Scalar(#[from] ScalarError),
    /// The number of operands differs from the program's inputs.
    #[error("the program takes {want} operands, {got} were given")]
    Operands {
        /// The program's input count.
        want: usize,
        /// The operands given.
        got: usize,
    },
    /// An operand's view does not have the loop's shape, or reaches outside its data.
    #[error("operand {k}: {why}")]
    View {
        /// The operand at fault.
        k: usize,
        /// What is wrong with its view.
        why: String,
    },
    /// A fold over no elements with a seed taken from the first element.
    #[error("a fold seeded with its first element needs at least one element")]
    EmptyFold,
    /// A fold or contraction step program does not have the two inputs and one output it needs.
    #[error("a step program must take two operands of one dtype and give one output")]
    Step,
}

/// An operand of a loop: element values and the strided view that reads them.
#[derive(Clone, Copy, Debug)]
pub struct Operand<'a> {
    /// The elements, as bits.
    pub data: &'a [Atom],
    /// How the loop's indices map to positions in `data`.
    pub view: &'a View,
}

/// The direction of a fold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// `step(…step(step(seed, x0), x1)…, x_{n−1})`: Hoon `roll`, the axis arms, `+mmul` cells.
    Left,
    /// `step(x0, step(x1, … step(x_{n−1}, seed)))`: Hoon `reel`, `+cumsum`, `+dot`, `+max`.
    Right,
}

/// Where a fold's accumulator starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seed {
    /// The first element; the other elements are folded in the fold's direction.
    ///
    /// For a right fold this is `step(x1, … step(x_{n−1}, x0))`, which equals
    /// Hoon's `(reel list step)` seeded with `-.list` whenever `step(x0, acc)`
    /// keeps `acc` for every `acc` the fold can reach from `x0` — true for
    /// Lagoon's `+max`/`+min` steps, which replace the accumulator only by a
    /// strictly greater (lesser) element.
    First,
    /// The all-zero bits (`+0` for every kind).
    Zero,
    /// The given bits (Lagoon's `+prod` seeds with the atom 1 whatever the kind).
    Bits(Atom),
}

/// A fold order: direction and seed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    /// Left or right.
    pub dir: Dir,
    /// The accumulator's start.
    pub seed: Seed,
}

impl Order {
    /// Hoon `reel` from `+0`: `+cumsum`, `+dot`, `+trace`.
    pub const fn right_from_zero() -> Order {
        Order {
            dir: Dir::Right,
            seed: Seed::Zero,
        }
    }

    /// The axis arms' left fold seeded with the slice's first element.
    pub const fn left_from_first() -> Order {
        Order {
            dir: Dir::Left,
            seed: Seed::First,
        }
    }
}

/// The values of the program's outputs at every index of `shape`, row-major (last index fastest).
///
/// # Errors
/// [`ExecError::Operands`] or [`ExecError::View`] when the operands do not match
/// the program or the shape; [`ExecError::Scalar`] from the first element (in
/// row-major order) whose scalar operation fails.
pub fn map(
    p: Policy,
    prog: &Prog,
    shape: &[usize],
    operands: &[Operand<'_>],
) -> Result<Vec<Vec<Atom>>, ExecError> {
    if let Some(out) = fast::map_kernel(p, prog, shape, operands) {
        return Ok(vec![out]);
    }
    reference_map(p, prog, shape, operands)
}

/// [`map`] node by node, without the kernels: each node's scalar operation by
/// [`crate::ops`] under `p` (whose executor decides the scalar operations a
/// door routes, [`crate::scalar::i754::binary_by`]).
///
/// # Errors
/// As [`map`].
pub fn reference_map(
    p: Policy,
    prog: &Prog,
    shape: &[usize],
    operands: &[Operand<'_>],
) -> Result<Vec<Vec<Atom>>, ExecError> {
    check_operands(prog.ins().len(), shape, operands)?;
    let n = index_count(shape);
    let mut outs: Vec<Vec<Atom>> = vec![Vec::with_capacity(n); prog.outs().len()];
    let mut values: Vec<Atom> = Vec::with_capacity(prog.nodes().len());
    let mut index = vec![0usize; shape.len()];
    for flat in 0..n {
        if flat > 0 {
            increment(&mut index, shape);
        }
        values.clear();
        for (i, node) in prog.nodes().iter().enumerate() {
            let v = eval_node(p, prog, i, node, &values, operands, &index)?;
            values.push(v);
        }
        for (o, &node) in outs.iter_mut().zip(prog.outs()) {
            o.push(values[node].clone());
        }
    }
    Ok(outs)
}

fn eval_node(
    p: Policy,
    prog: &Prog,
    i: usize,
    node: &Node,
    values: &[Atom],
    operands: &[Operand<'_>],
    index: &[usize],
) -> Result<Atom, ExecError> {
    let (r, unum) = (prog.round(), prog.unum());
    Ok(match node {
        Node::In(k) => {
            let op = &operands[*k];
            op.data[op.view.position(index)].clone()
        }
        Node::Coord(axis) => {
            let rank = index.len();
            Atom::from(if *axis < rank {
                index[rank - 1 - axis]
            } else {
                0
            })
        }
        Node::Const(_, bits) => bits.clone(),
        Node::Op1(op, to, x) => ops::eval1(p, *op, &prog.dtype(*x), to, r, unum, &values[*x])?,
        Node::Op2(op, x, y) => {
            ops::eval2(p, *op, &prog.dtype(i), r, unum, &values[*x], &values[*y])?
        }
        Node::Op3(op, x, y, z) => ops::eval3(
            *op,
            [&prog.dtype(*x), &prog.dtype(*y)],
            r,
            [&values[*x], &values[*y], &values[*z]],
        )?,
    })
}

fn check_operands(want: usize, shape: &[usize], operands: &[Operand<'_>]) -> Result<(), ExecError> {
    if operands.len() != want {
        return Err(ExecError::Operands {
            want,
            got: operands.len(),
        });
    }
    for (k, op) in operands.iter().enumerate() {
        if op.view.shape() != shape {
            return Err(ExecError::View {
                k,
                why: format!("shape {:?} is not the loop's {shape:?}", op.view.shape()),
            });
        }
        if let Some(span) = op.view.span() {
            if span.1 >= op.data.len() {
                return Err(ExecError::View {
                    k,
                    why: format!("reaches position {} of {}", span.1, op.data.len()),
                });
            }
        }
    }
    Ok(())
}

/// The fold of `xs` by the two-operand program `step` in the order `order`.
///
/// `step` takes `[acc, x]` for a left fold and `[x, acc]` for a right fold (the
/// operand order of Hoon's `roll` and `reel` gates), both of one dtype, and
/// gives one output.
///
/// # Errors
/// [`ExecError::Step`] when `step` is not such a program; [`ExecError::EmptyFold`]
/// for [`Seed::First`] on no elements; [`ExecError::Scalar`] from the first
/// failing step.
pub fn fold(p: Policy, step: &Prog, order: &Order, xs: &[Atom]) -> Result<Atom, ExecError> {
    if let Some(v) = fast::fold_kernel(p, step, order, xs) {
        return Ok(v);
    }
    reference_fold(p, step, order, xs)
}

/// [`fold`] step by step, without the kernels ([`reference_map`] of each step).
///
/// # Errors
/// As [`fold`].
pub fn reference_fold(
    p: Policy,
    step: &Prog,
    order: &Order,
    xs: &[Atom],
) -> Result<Atom, ExecError> {
    if step.ins().len() != 2 || step.ins()[0] != step.ins()[1] || step.outs().len() != 1 {
        return Err(ExecError::Step);
    }
    let (mut acc, rest): (Atom, &[Atom]) = match &order.seed {
        Seed::First => (xs.first().ok_or(ExecError::EmptyFold)?.clone(), &xs[1..]),
        Seed::Zero => (Atom::ZERO, xs),
        Seed::Bits(b) => (b.clone(), xs),
    };
    let view = View::contiguous(&[]);
    let run = |a: &Atom, b: &Atom| -> Result<Atom, ExecError> {
        let pair = [a.clone(), b.clone()];
        let ops = [
            Operand {
                data: &pair[0..1],
                view: &view,
            },
            Operand {
                data: &pair[1..2],
                view: &view,
            },
        ];
        Ok(reference_map(p, step, &[], &ops)?.remove(0).remove(0))
    };
    match order.dir {
        Dir::Left => {
            for x in rest {
                acc = run(&acc, x)?;
            }
        }
        Dir::Right => {
            for x in rest.iter().rev() {
                acc = run(x, &acc)?;
            }
        }
    }
    Ok(acc)
}

/// The matrix product of `a` (`m × k`, row-major) and `b` (`k × p`, row-major) at `dtype`, as `+mmul` computes it.
///
/// Each output cell is `acc = +0; for k ascending: acc = add(acc, mul(a[i][k], b[k][j]))`,
/// the product and the sum each rounded in `round`. The result is `m × p`, row-major.
///
/// # Errors
/// [`ExecError::View`] when the slices do not hold `m·k` and `k·p` elements
/// or `m·p` overflows `usize`;
/// [`ExecError::Scalar`] from the first failing operation.
pub fn contract(
    pol: Policy,
    dtype: &Dtype,
    round: Round,
    dims: (usize, usize, usize),
    a: &[Atom],
    b: &[Atom],
) -> Result<Vec<Atom>, ExecError> {
    if let Some(v) = fast::contract_kernel(pol, dtype, round, dims, a, b) {
        return Ok(v);
    }
    reference_contract(pol, dtype, round, dims, a, b)
}

/// [`contract`] cell by cell, without the kernels.
///
/// # Errors
/// As [`contract`].
pub fn reference_contract(
    pol: Policy,
    dtype: &Dtype,
    round: Round,
    (m, k, p): (usize, usize, usize),
    a: &[Atom],
    b: &[Atom],
) -> Result<Vec<Atom>, ExecError> {
    if m.checked_mul(k) != Some(a.len()) {
        return Err(ExecError::View {
            k: 0,
            why: format!("holds {} elements, not {m}×{k}", a.len()),
        });
    }
    if k.checked_mul(p) != Some(b.len()) {
        return Err(ExecError::View {
            k: 1,
            why: format!("holds {} elements, not {k}×{p}", b.len()),
        });
    }
    let cells = m.checked_mul(p).ok_or_else(|| ExecError::View {
        k: 0,
        why: format!("the result {m}×{p} has more cells than an index holds"),
    })?;
    let mul = Op2::Binary(Binary::Mul);
    let add = Op2::Binary(Binary::Add);
    let mut out = Vec::with_capacity(cells);
    for i in 0..m {
        for j in 0..p {
            let mut acc = Atom::ZERO;
            for kk in 0..k {
                let (x, y) = (&a[i * k + kk], &b[kk * p + j]);
                let prod = ops::eval2(pol, mul, dtype, round, None, x, y)?;
                acc = ops::eval2(pol, add, dtype, round, None, &acc, &prod)?;
            }
            out.push(acc);
        }
    }
    Ok(out)
}

/// A one-node step program `op(In 0, In 1)` at `dtype` in `round`, for [`fold`].
///
/// # Errors
/// [`crate::prog::ProgError`] when `op` is not defined at `dtype`.
pub fn step(op: Op2, dtype: Dtype, round: Round) -> Result<Prog, crate::prog::ProgError> {
    Prog::of_node(vec![dtype, dtype], Node::Op2(op, 0, 1), round)
}

/// A one-node unary program at `dtype` in `round`, for [`map`].
///
/// # Errors
/// [`crate::prog::ProgError`] when `op` is not defined at `dtype`.
pub fn unary(op: Op1, dtype: Dtype, round: Round) -> Result<Prog, crate::prog::ProgError> {
    Prog::of_node(vec![dtype], Node::Op1(op, dtype, 0), round)
}
