//! The `%i754` kernels of the fast executor, over contiguous buffers of bits.
//!
//! Each kernel holds SoftFloat in one mode for its whole batch ([`Fpu::with`])
//! and computes, per element, exactly what the reference executor's scalar
//! dispatch (`crate::scalar::ops`, `%i754` rows) computes: the `@r` door
//! operation with a canonical NaN; `Abs` as Lagoon's (`b ≥ +0 ? b : b·−1`);
//! `Neg` as `+0 − b` in the mode; comparisons giving 1.0 or `+0`, `equ`/`neq`
//! by bits.

use crate::blas::Real;
use crate::prog::Compare;
use crate::round::Round;
use crate::scalar::i754::{self, Fpu};

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
