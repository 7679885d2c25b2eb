//! The `%i754` kernels of the fast executor, over contiguous buffers of bits.
//!
//! Each kernel holds SoftFloat in one mode for its whole batch ([`Fpu::with`])
//! and computes, per element, exactly what the reference executor's scalar
//! dispatch (`crate::ops`, `%i754` rows) computes: the `@r` door
//! operation with a canonical NaN; `Abs` as Lagoon's (`b ≥ +0 ? b : b·−1`);
//! `Neg` as `+0 − b` in the mode; comparisons giving 1.0 or `+0`, `equ`/`neq`
//! by bits.

use crate::blas::Real;
use crate::hw;
use crate::prog::{Binary, Compare, Node, Op1, Op2, Op3, Unary};
use crate::round::Round;
use crate::scalar::i754::{self, Fpu, Width};

/// A two-operand `%i754` kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// `a + b`.
    Add,
    /// `a − b`.
    Sub,
    /// `a × b`.
    Mul,
    /// `a ÷ b`.
    Div,
    /// A comparison: 1.0 when it holds, else `+0`.
    Compare(Compare),
}

impl Step {
    /// The kernel of a two-operand node kind, or `None` when none serves it.
    pub fn of_op2(op: Op2) -> Option<Step> {
        Some(match op {
            Op2::Binary(Binary::Add) => Step::Add,
            Op2::Binary(Binary::Sub) => Step::Sub,
            Op2::Binary(Binary::Mul) => Step::Mul,
            Op2::Binary(Binary::Div) => Step::Div,
            Op2::Compare(c) => Step::Compare(c),
            Op2::Binary(_) => return None,
        })
    }

    /// The [`hw`] operation of an arithmetic step (comparisons have none).
    pub fn hw_op(self) -> Option<hw::Op> {
        Some(match self {
            Step::Add => hw::Op::Add,
            Step::Sub => hw::Op::Sub,
            Step::Mul => hw::Op::Mul,
            Step::Div => hw::Op::Div,
            Step::Compare(_) => return None,
        })
    }
}

/// An elementwise `%i754` kind: what one single program computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elementwise {
    /// The operand unchanged (`Copy`, and `Conj` on a real dtype).
    Copy,
    /// Lagoon's `abs`: `b` when `b ≥ +0`, else `b × −1` (−0 stays, NaN becomes canonical).
    Abs,
    /// `+0 − b` in the mode.
    Neg,
    /// A two-operand kind over operands 0 and 1.
    Two(Step),
    /// `a × b + c` with one rounding, over operands 0, 1, 2.
    Fma,
}

impl Elementwise {
    /// The kernel of a single program's node, or `None` when none serves it.
    pub fn of_node(node: &Node) -> Option<Elementwise> {
        Some(match node {
            Node::Op1(Op1::Copy | Op1::Unary(Unary::Conj), _, _) => Elementwise::Copy,
            Node::Op1(Op1::Unary(Unary::Abs), _, _) => Elementwise::Abs,
            Node::Op1(Op1::Unary(Unary::Neg), _, _) => Elementwise::Neg,
            Node::Op2(op, _, _) => Elementwise::Two(Step::of_op2(*op)?),
            Node::Op3(Op3::Fma, _, _, _) => Elementwise::Fma,
            _ => return None,
        })
    }
}

/// Whether comparison `c` holds between `a` and `b` as the `%i754` dispatch decides it.
#[inline]
fn holds<T: Real>(c: Compare, a: T, b: T) -> bool {
    let (x, y) = (a.bits(), b.bits());
    match c {
        Compare::Equ => x == y,
        Compare::Neq => x != y,
        Compare::Gth => i754::gth(T::W, x, y),
        Compare::Gte => i754::gte(T::W, x, y),
        Compare::Lth => i754::lth(T::W, x, y),
        Compare::Lte => i754::lte(T::W, x, y),
    }
}

/// Applies `k` to `a` and `b` under the batch's mode.
#[inline]
fn apply<T: Real>(f: &Fpu, k: Step, a: T, b: T) -> T {
    let w = T::W;
    T::of_bits(match k {
        Step::Add => f.add(w, a.bits(), b.bits()),
        Step::Sub => f.sub(w, a.bits(), b.bits()),
        Step::Mul => f.mul(w, a.bits(), b.bits()),
        Step::Div => f.div(w, a.bits(), b.bits()),
        Step::Compare(c) => {
            if holds(c, a, b) {
                i754::one(w)
            } else {
                0
            }
        }
    })
}

/// Runs `op` at every element of `out` over the equally long `ins` (one per operand, in order).
///
/// # Panics
/// When `ins` has fewer operands than `op` takes or a buffer is shorter than `out`.
pub fn elementwise<T: Real>(op: Elementwise, r: Round, ins: &[&[T]], out: &mut [T]) {
    let n = out.len();
    if let Elementwise::Two(k) = op {
        if with_hw(k, T::W, |hop| {
            hw_elementwise(hop, r, &ins[0][..n], &ins[1][..n], out)
        }) {
            return;
        }
    }
    Fpu::with(r, |f| match op {
        Elementwise::Copy => out.copy_from_slice(&ins[0][..n]),
        Elementwise::Abs => {
            for (o, &a) in out.iter_mut().zip(ins[0]) {
                *o = T::of_bits(i754::abs_la(T::W, a.bits()));
            }
        }
        Elementwise::Neg => {
            for (o, &a) in out.iter_mut().zip(ins[0]) {
                *o = T::of_bits(f.neg(T::W, a.bits()));
            }
        }
        Elementwise::Two(k) => {
            let (a, b) = (&ins[0][..n], &ins[1][..n]);
            // One loop per kind, so the kind is not re-decided per element.
            macro_rules! zip {
                ($e:expr) => {
                    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
                        *o = $e(x, y);
                    }
                };
            }
            match k {
                Step::Add => zip!(|x: T, y: T| T::of_bits(f.add(T::W, x.bits(), y.bits()))),
                Step::Sub => zip!(|x: T, y: T| T::of_bits(f.sub(T::W, x.bits(), y.bits()))),
                Step::Mul => zip!(|x: T, y: T| T::of_bits(f.mul(T::W, x.bits(), y.bits()))),
                Step::Div => zip!(|x: T, y: T| T::of_bits(f.div(T::W, x.bits(), y.bits()))),
                Step::Compare(_) => zip!(|x: T, y: T| apply(f, k, x, y)),
            }
        }
        Elementwise::Fma => {
            let (a, b, c) = (&ins[0][..n], &ins[1][..n], &ins[2][..n]);
            for (((o, &x), &y), &z) in out.iter_mut().zip(a).zip(b).zip(c) {
                *o = T::of_bits(f.fma(T::W, x.bits(), y.bits(), z.bits()));
            }
        }
    })
}

/// The fold of `rest` by `k` from `seed`: left, `k(…k(k(seed, x0), x1)…)`, or
/// right (`right`), `k(x0, k(x1, … k(x_{n−1}, seed)))`.
pub fn fold<T: Real>(k: Step, r: Round, right: bool, seed: T, rest: &[T]) -> T {
    // Nothing to fold: the seed itself, bits untouched (a NaN seed keeps its payload).
    if rest.is_empty() {
        return seed;
    }
    let mut v = seed;
    if with_hw(k, T::W, |hop| v = hw_fold(hop, r, right, seed, rest)) {
        return v;
    }
    Fpu::with(r, |f| {
        if right {
            rest.iter().rev().fold(seed, |acc, &x| apply(f, k, x, acc))
        } else {
            rest.iter().fold(seed, |acc, &x| apply(f, k, acc, x))
        }
    })
}

/// The `m × p` row-major product of `a` (`m × k`) and `b` (`k × p`): each cell
/// `acc = +0; for k ascending: acc = acc + a_ik·b_kj`, product and sum rounded
/// separately in `r` (`+mmul`'s order).
///
/// # Panics
/// When `a` or `b` holds fewer than `m·k` or `k·p` elements.
pub fn contract<T: Real>(r: Round, (m, k, p): (usize, usize, usize), a: &[T], b: &[T]) -> Vec<T> {
    if T::W != Width::Q {
        return hw_contract(r, (m, k, p), a, b);
    }
    let mut c = vec![T::default(); m * p];
    let w = T::W;
    Fpu::with(r, |f| {
        for (i, row) in c.chunks_exact_mut(p.max(1)).enumerate().take(m) {
            // Cells of a row advance together, each still summing k ascending.
            for kk in 0..k {
                let aik = a[i * k + kk].bits();
                let brow = &b[kk * p..kk * p + p];
                for (acc, &bkj) in row.iter_mut().zip(brow) {
                    let prod = f.mul(w, aik, bkj.bits());
                    *acc = T::of_bits(f.add(w, acc.bits(), prod));
                }
            }
        }
    });
    c
}

/// Runs `f` with the hardware operation of `k` when `crate::hw` serves `k` at
/// width `w` (add, sub, mul, div at binary16/32/64); whether it ran.
fn with_hw(k: Step, w: Width, f: impl FnOnce(hw::Op)) -> bool {
    let op = match k {
        Step::Add => hw::Op::Add,
        Step::Sub => hw::Op::Sub,
        Step::Mul => hw::Op::Mul,
        Step::Div => hw::Op::Div,
        Step::Compare(_) => return false,
    };
    if w == Width::Q {
        return false;
    }
    f(op);
    true
}

/// The bits of `xs` as the hardware lane type `L` (the same width as `T`).
fn lanes<T: Real, L: hw::Lane>(xs: &[T]) -> Vec<L> {
    xs.iter().map(|x| L::of_bits(x.bits())).collect()
}

/// [`hw::elementwise`] on `T`'s width (binary16/32/64).
fn hw_elementwise<T: Real>(op: hw::Op, r: Round, a: &[T], b: &[T], out: &mut [T]) {
    fn go<T: Real, L: hw::Lane>(op: hw::Op, r: Round, a: &[T], b: &[T], out: &mut [T]) {
        let mut o = vec![L::default(); out.len()];
        hw::elementwise(op, r, &lanes::<T, L>(a), &lanes::<T, L>(b), &mut o);
        for (d, s) in out.iter_mut().zip(o) {
            *d = T::of_bits(s.bits());
        }
    }
    match T::W {
        Width::H => go::<T, u16>(op, r, a, b, out),
        Width::S => go::<T, u32>(op, r, a, b, out),
        _ => go::<T, u64>(op, r, a, b, out),
    }
}

/// [`hw::fold`] on `T`'s width (binary16/32/64).
fn hw_fold<T: Real>(op: hw::Op, r: Round, right: bool, seed: T, rest: &[T]) -> T {
    fn go<T: Real, L: hw::Lane>(op: hw::Op, r: Round, right: bool, seed: T, rest: &[T]) -> T {
        let v = hw::fold(op, r, right, L::of_bits(seed.bits()), &lanes::<T, L>(rest));
        T::of_bits(v.bits())
    }
    match T::W {
        Width::H => go::<T, u16>(op, r, right, seed, rest),
        Width::S => go::<T, u32>(op, r, right, seed, rest),
        _ => go::<T, u64>(op, r, right, seed, rest),
    }
}

/// [`hw::contract`] on `T`'s width (binary16/32/64).
fn hw_contract<T: Real>(r: Round, dims: (usize, usize, usize), a: &[T], b: &[T]) -> Vec<T> {
    fn go<T: Real, L: hw::Lane>(r: Round, dims: (usize, usize, usize), a: &[T], b: &[T]) -> Vec<T> {
        let (m, k, p) = dims;
        let c = hw::contract::<L>(
            r,
            dims,
            &lanes::<T, L>(&a[..m * k]),
            &lanes::<T, L>(&b[..k * p]),
        );
        c.into_iter().map(|v| T::of_bits(v.bits())).collect()
    }
    match T::W {
        Width::H => go::<T, u16>(r, dims, a, b),
        Width::S => go::<T, u32>(r, dims, a, b),
        _ => go::<T, u64>(r, dims, a, b),
    }
}
