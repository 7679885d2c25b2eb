//! The `%i754` kernels: loops over contiguous buffers of [`Word`]s, output
//! buffers the caller's, that the fast executor ([`super`]), Lagoon's bits
//! path, the C ABI's allocation-free jet path and the SoftBLAS routines all
//! call once [`super::choice`] has chosen them; the kernels' names for a
//! program node ([`Elementwise::of_node`], [`Step::of_op2`]) live here once.
//! Below the program node [`hw::Op`] alone names `+ − × ÷`
//! ([`crate::prog::Binary::arith`]).
//!
//! `+ − × ÷` at binary16/32/64 run on the hardware loops ([`crate::hw`])
//! when the caller's [`Policy`] selects the fast executor, on loops of no
//! level above its cap; everything else
//! holds SoftFloat in one mode for its whole batch ([`Fpu::with`]). Either
//! way each element is exactly what the reference executor's scalar dispatch
//! (`crate::ops`, `%i754` rows) computes: the `@r` door operation with a
//! canonical NaN; `Abs` as Lagoon's (`b ≥ +0 ? b : b·−1`); `Neg` as `+0 − b`
//! in the mode; comparisons giving 1.0 or `+0`, `equ`/`neq` by bits.
//!
//! Nx's kinds at `%i754` (`Recip Sign Floor Ceil Round Trunc`, `Maximum
//! Minimum`, the tests) run the rules of [`i754::nx`], the ones the reference
//! dispatch calls, element by element over the buffers; `Recip` at
//! binary16/32/64 is the hardware division loop of a buffer of ones. The
//! other Nx kinds have no `%i754` meaning, so no kernel.

use crate::hw::{self, Op};
use crate::policy::Policy;
use crate::prog::{Compare, Node, NxBinary, NxUnary, Op1, Op2, Op3, Test, Unary};
use crate::round::Round;
use crate::scalar::i754::{self, Fpu, Width};
use crate::word::{Dims, Word};

/// A two-operand `%i754` kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// `a + b`, `a − b`, `a × b` or `a ÷ b`.
    Arith(Op),
    /// A comparison: 1.0 when it holds, else `+0`.
    Compare(Compare),
    /// IEEE 754-2019 `maximum` (Nx's `Maximum`).
    Maximum,
    /// IEEE 754-2019 `minimum` (Nx's `Minimum`).
    Minimum,
}

impl Step {
    /// The kernel of a two-operand node kind, or `None` when none serves it.
    pub fn of_op2(op: Op2) -> Option<Step> {
        Some(match op {
            Op2::Binary(b) => Step::Arith(b.arith()?),
            Op2::Compare(c) => Step::Compare(c),
            Op2::Nx(NxBinary::Maximum) => Step::Maximum,
            Op2::Nx(NxBinary::Minimum) => Step::Minimum,
            Op2::Nx(_) => return None,
        })
    }

    /// The operation of an arithmetic step where the hardware loops serve
    /// width `w` (binary16/32/64) and `p` selects the fast executor.
    pub fn hw_op_at(self, p: Policy, w: Width) -> Option<Op> {
        match self {
            Step::Arith(op) => hw_serves(p, w).then_some(op),
            Step::Compare(_) | Step::Maximum | Step::Minimum => None,
        }
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
    /// An Nx one-operand kind ([`i754::nx::unary`]).
    Nx(NxUnary),
    /// An Nx test: the boolean 1 or 0 ([`i754::nx::test`]).
    Test(Test),
}

impl Elementwise {
    /// The kernel of a single program's node, or `None` when none serves it.
    pub fn of_node(node: &Node) -> Option<Elementwise> {
        Some(match node {
            Node::Op1(Op1::Copy | Op1::Unary(Unary::Conj), _, _) => Elementwise::Copy,
            Node::Op1(Op1::Unary(Unary::Abs), _, _) => Elementwise::Abs,
            Node::Op1(Op1::Unary(Unary::Neg), _, _) => Elementwise::Neg,
            Node::Op1(Op1::Nx(k), _, _) => Elementwise::Nx(*k),
            Node::Op1(Op1::Test(k), _, _) => Elementwise::Test(*k),
            Node::Op2(op, _, _) => Elementwise::Two(Step::of_op2(*op)?),
            Node::Op3(Op3::Fma, _, _, _) => Elementwise::Fma,
            _ => return None,
        })
    }

    /// The hardware loop that computes this kind at width `w` under `p`, if
    /// one does: a two-operand arithmetic kind on the fast executor at a width
    /// with a host format.
    pub fn hw_op_at(self, p: Policy, w: Width) -> Option<Op> {
        match self {
            Elementwise::Two(k) => k.hw_op_at(p, w),
            _ => None,
        }
    }
}

/// Whether the hardware loops compute width `w` under `p`: `p` selects the
/// fast executor and `w` has a host format (binary16/32/64); else SoftFloat does.
#[inline]
fn hw_serves(p: Policy, w: Width) -> bool {
    w != Width::Q && p.fast()
}

/// Whether comparison `c` holds between `a` and `b` as the `%i754` dispatch decides it.
#[inline]
fn holds<T: Word>(c: Compare, a: T, b: T) -> bool {
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
fn apply<T: Word>(f: &Fpu, k: Step, a: T, b: T) -> T {
    let w = T::W;
    T::of_bits(match k {
        Step::Arith(op) => f.arith(op, w, a.bits(), b.bits()),
        Step::Compare(c) => {
            if holds(c, a, b) {
                i754::one(w)
            } else {
                0
            }
        }
        Step::Maximum => i754::nx::maximum(w, a.bits(), b.bits()),
        Step::Minimum => i754::nx::minimum(w, a.bits(), b.bits()),
    })
}

/// Runs `op` at every element of `out` over the equally long `ins` (one per
/// operand, in order), under the policy `p` (same bits under every policy).
///
/// # Panics
/// When `ins` has fewer operands than `op` takes or a buffer is shorter than `out`.
pub fn elementwise<T: Word>(p: Policy, op: Elementwise, r: Round, ins: &[&[T]], out: &mut [T]) {
    let n = out.len();
    if let Some(hop) = op.hw_op_at(p, T::W) {
        hw::elementwise(p.isa, hop, r, &ins[0][..n], &ins[1][..n], out);
        return;
    }
    if op == Elementwise::Nx(NxUnary::Recip) && hw_serves(p, T::W) {
        // 1 ÷ x on the hardware division loop.
        let ones = vec![T::of_bits(i754::one(T::W)); n];
        hw::elementwise(p.isa, Op::Div, r, &ones, &ins[0][..n], out);
        return;
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
                Step::Arith(Op::Add) => {
                    zip!(|x: T, y: T| T::of_bits(f.add(T::W, x.bits(), y.bits())))
                }
                Step::Arith(Op::Sub) => {
                    zip!(|x: T, y: T| T::of_bits(f.sub(T::W, x.bits(), y.bits())))
                }
                Step::Arith(Op::Mul) => {
                    zip!(|x: T, y: T| T::of_bits(f.mul(T::W, x.bits(), y.bits())))
                }
                Step::Arith(Op::Div) => {
                    zip!(|x: T, y: T| T::of_bits(f.div(T::W, x.bits(), y.bits())))
                }
                Step::Compare(_) | Step::Maximum | Step::Minimum => {
                    zip!(|x: T, y: T| apply(f, k, x, y))
                }
            }
        }
        Elementwise::Fma => {
            let (a, b, c) = (&ins[0][..n], &ins[1][..n], &ins[2][..n]);
            for (((o, &x), &y), &z) in out.iter_mut().zip(a).zip(b).zip(c) {
                *o = T::of_bits(f.fma(T::W, x.bits(), y.bits(), z.bits()));
            }
        }
        Elementwise::Nx(k) => {
            for (o, &a) in out.iter_mut().zip(ins[0]) {
                *o = T::of_bits(i754::nx::unary(T::W, r, k, a.bits()));
            }
        }
        Elementwise::Test(k) => {
            for (o, &a) in out.iter_mut().zip(ins[0]) {
                *o = T::of_bits(u128::from(i754::nx::test(T::W, k, a.bits())));
            }
        }
    })
}

/// The fold of `rest` by `k` from `seed`: left, `k(…k(k(seed, x0), x1)…)`, or
/// right (`right`), `k(x0, k(x1, … k(x_{n−1}, seed)))`, under the policy `p`.
pub fn fold<T: Word>(p: Policy, k: Step, r: Round, right: bool, seed: T, rest: &[T]) -> T {
    // Nothing to fold: the seed itself, bits untouched (a NaN seed keeps its payload).
    if rest.is_empty() {
        return seed;
    }
    if let Some(hop) = k.hw_op_at(p, T::W) {
        return hw::fold(p.isa, hop, r, right, seed, rest);
    }
    Fpu::with(r, |f| {
        if right {
            rest.iter().rev().fold(seed, |acc, &x| apply(f, k, x, acc))
        } else {
            rest.iter().fold(seed, |acc, &x| apply(f, k, acc, x))
        }
    })
}

/// The left fold of `rest` by addition from `seed`, `(…(seed + x0) + x1)…`:
/// [`fold`]`(p, Step::Arith(Op::Add), r, false, seed, rest)` (at binary16 on
/// the fast executor, most steps integer additions on the accumulator's grid).
pub fn sum_left<T: Word>(p: Policy, r: Round, seed: T, rest: &[T]) -> T {
    fold(p, Step::Arith(Op::Add), r, false, seed, rest)
}

/// `acc = seed; acc = acc + x_i·y_i` for `i` ascending, each product and sum
/// rounded in `r`: the products by [`elementwise`], then their left fold
/// ([`sum_left`]); at binary16 on the fast executor both at once by
/// [`hw::dot16`]; under the policy `p`.
///
/// # Panics
/// When `x` and `y` are not equally long.
pub fn dot_left<T: Word>(p: Policy, r: Round, seed: T, x: &[T], y: &[T]) -> T {
    if T::W == Width::H && hw_serves(p, T::W) {
        if let (Ok(xs), Ok(ys)) = (
            bytemuck::try_cast_slice::<T, u16>(x),
            bytemuck::try_cast_slice::<T, u16>(y),
        ) {
            return T::of_bits(u128::from(hw::dot16(p.isa, r, seed.bits() as u16, xs, ys)));
        }
    }
    assert_eq!(x.len(), y.len(), "dot_left: operand lengths differ");
    // The products a block at a time (the block stays in the L1 cache), each
    // block's sum continuing from the last: one left fold over them all.
    let mut prods = vec![T::default(); x.len().min(DOT_BLOCK)];
    let mut acc = seed;
    for (xs, ys) in x.chunks(DOT_BLOCK).zip(y.chunks(DOT_BLOCK)) {
        let prods = &mut prods[..xs.len()];
        fold_products(p, r, xs, ys, prods);
        acc = sum_left(p, r, acc, prods);
    }
    acc
}

/// The rounded products `out_i = x_i·y_i` in `r` that a fold reads next (a
/// dot's terms: [`dot_left`], the jets' `+dot`): [`elementwise`] under `p`
/// at the level [`hw::Isa::for_terms`] gives.
///
/// # Panics
/// When `x`, `y` and `out` are not equally long.
pub fn fold_products<T: Word>(p: Policy, r: Round, x: &[T], y: &[T], out: &mut [T]) {
    let p = p.with_isa(p.isa.for_terms(r));
    elementwise(p, Elementwise::Two(Step::Arith(Op::Mul)), r, &[x, y], out);
}

/// Products per block of [`dot_left`].
const DOT_BLOCK: usize = 2048;

/// The `m × p` row-major product of `a` (`m × k`) and `b` (`k × p`): each cell
/// `acc = +0; for k ascending: acc = acc + a_ik·b_kj`, product and sum rounded
/// separately in `r` (`+mmul`'s order), under the policy `pol`.
///
/// # Panics
/// When `a` or `b` holds fewer than `m·k` or `k·p` elements.
pub fn contract<T: Word>(
    pol: Policy,
    r: Round,
    (m, k, p): (usize, usize, usize),
    a: &[T],
    b: &[T],
) -> Vec<T> {
    let mut c = vec![T::default(); m * p];
    contract_acc_into(pol, r, (m, k, p), a, b, &mut c);
    c
}

/// The complex contraction `c += a·b` continuing from `c`, the parts of each
/// matrix apart, SoftBLAS's product and `+mmul`'s order
/// ([`hw::ccontract_acc`]), where a hardware kernel serves it under `pol`;
/// `false` where none does (the caller composes it from [`elementwise`]).
///
/// # Panics
/// When a part does not hold `m·k`, `k·p` or `m·p` elements.
pub fn ccontract_acc<T: Word>(pol: Policy, r: Round, dims: Dims, ops: hw::Split<'_, T>) -> bool {
    hw_serves(pol, T::W) && hw::ccontract_acc(pol.isa, r, dims, ops)
}

/// `c += a·b` in `+mmul`'s order continuing from the caller's `c` (`m·p`
/// elements): each cell `acc = c_ij; for k ascending: acc = acc + a_ik·b_kj`,
/// product and sum rounded separately in `r`; on the hardware loops
/// ([`hw::contract_acc_into`]) where they serve under `pol`, else SoftFloat held in `r`.
///
/// # Panics
/// When `a`, `b` or `c` holds fewer than `m·k`, `k·p` or `m·p` elements.
pub fn contract_acc_into<T: Word>(
    pol: Policy,
    r: Round,
    dims: Dims,
    a: &[T],
    b: &[T],
    c: &mut [T],
) {
    let (m, k, p) = dims;
    let (a, b, c) = (&a[..m * k], &b[..k * p], &mut c[..m * p]);
    if hw_serves(pol, T::W) {
        return hw::contract_acc_into(pol.isa, r, (m, k, p), a, b, c);
    }
    if p == 0 {
        return;
    }
    if T::W == Width::Q {
        return super::quad::contract_acc_q(r, (m, k, p), a, b, c);
    }
    let w = T::W;
    Fpu::with(r, |f| {
        for (arow, row) in a.chunks_exact(k.max(1)).zip(c.chunks_exact_mut(p)).take(m) {
            // Cells of a row advance together, each still summing k ascending.
            for (kk, &aik) in arow.iter().enumerate().take(k) {
                let brow = &b[kk * p..kk * p + p];
                for (acc, &bkj) in row.iter_mut().zip(brow) {
                    let prod = f.mul(w, aik.bits(), bkj.bits());
                    *acc = T::of_bits(f.add(w, acc.bits(), prod));
                }
            }
        }
    });
}
