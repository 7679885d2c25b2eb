//! A faster executor: dedicated `%i754` kernels over contiguous bit buffers,
//! falling back to the reference executor ([`super`]) for everything else.
//!
//! [`map_kernel`], [`fold_kernel`] and [`contract_kernel`] take the reference
//! functions' arguments and give their results, bit for bit (a property test compares the two over
//! random programs, shapes, strides, NaN/∞/subnormal operands and all five
//! modes). A call is served by a kernel when:
//!
//! - the program is [`Prog::single`] (one node over the operands in order) or the
//!   loop is a [`contract`](super::contract), at an `%i754` dtype of bloq 4–7;
//! - the node is `Copy`, `Unary(Abs | Neg | Conj)`, `Binary(Add | Sub | Mul | Div)`,
//!   any `Compare`, `Fma`, or one of Nx's kinds with an `%i754` meaning (`Nx(Recip
//!   | Sign | Floor | Ceil | Round | Trunc)`, `Nx(Maximum | Minimum)`, any `Test`);
//! - every element read is an atom within the dtype's width (the reference keeps
//!   wider atoms whole in places, e.g. `Copy` and bit equality).
//!
//! Otherwise the kernel **declines**, before computing anything, and the
//! reference executor runs the call (and reports its errors). Kernels gather
//! each operand through its view into a contiguous `u16`/`u32`/`u64`/`u128`
//! buffer, run one loop with SoftFloat held in the program's mode for the whole
//! batch ([`Fpu::with`](crate::scalar::i754::Fpu::with)), and make atoms of the results. Each element's
//! operations are the reference's, in the reference's order: a fold steps
//! through its elements in the same direction from the same seed, and a
//! contraction cell sums `k` ascending from `+0` (cells are computed row by
//! row, which changes no cell's order). The kernels over bits are public in
//! [`kernels`] for callers that hold bits already.

use super::{check_operands, Dir, Operand, Order, Seed, View};
use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::policy::Policy;
use crate::prog::{Prog, Unary};
use crate::round::Round;
use crate::scalar::i754::Width;
use crate::word::Word;

pub mod kernels;

/// Runs the generic `$f::<T>(args)` with `T` the [`Word`] of width `$w`.
macro_rules! by_word {
    ($w:expr, $f:ident ($($arg:expr),* $(,)?)) => {
        match $w {
            Width::H => $f::<u16>($($arg),*),
            Width::S => $f::<u32>($($arg),*),
            Width::D => $f::<u64>($($arg),*),
            Width::Q => $f::<u128>($($arg),*),
        }
    };
}

use kernels::{Elementwise, MapKernel, Step};

/// The kernel result of [`super::map`] (its one output) under `p`, or `None` when the
/// kernels decline the call ([`kernels::choose_map`]).
pub fn map_kernel(
    p: Policy,
    prog: &Prog,
    shape: &[usize],
    operands: &[Operand<'_>],
) -> Option<Vec<Atom>> {
    let (kernel, w) = kernels::choose_map(p, prog)?;
    check_operands(prog.ins().len(), shape, operands).ok()?;
    let n = super::index_count(shape);
    match kernel {
        MapKernel::LibMath(u) => by_word!(w, run_lib_math(p, u, prog.round(), n, operands)),
        MapKernel::Elementwise(k) => by_word!(w, run_map(p, k, prog.round(), n, operands)),
    }
}

fn run_map<T: Word>(
    p: Policy,
    kernel: Elementwise,
    r: Round,
    n: usize,
    operands: &[Operand<'_>],
) -> Option<Vec<Atom>> {
    let ins: Vec<Vec<T>> = operands
        .iter()
        .map(|op| gather::<T>(op.data, op.view, n))
        .collect::<Option<_>>()?;
    let slices: Vec<&[T]> = ins.iter().map(Vec::as_slice).collect();
    let mut out = vec![T::default(); n];
    kernels::elementwise(p, kernel, r, &slices, &mut out);
    Some(out.into_iter().map(|v| Atom::from_u128(v.bits())).collect())
}

/// A `/lib/math` arm over the one operand; `None` (the reference reports it)
/// when an element fails.
fn run_lib_math<T: Word>(
    p: Policy,
    u: Unary,
    r: Round,
    n: usize,
    operands: &[Operand<'_>],
) -> Option<Vec<Atom>> {
    let xs = gather::<T>(operands[0].data, operands[0].view, n)?;
    let mut out = vec![T::default(); n];
    crate::math::batch::unary(p.isa, u, r, &xs, &mut out).ok()?;
    Some(out.into_iter().map(|v| Atom::from_u128(v.bits())).collect())
}

/// The elements `view` reads from `data`, in row-major index order, as bits of
/// `T`; `None` when one is wider than `T`. The view is known to fit `data`.
fn gather<T: Word>(data: &[Atom], view: &View, n: usize) -> Option<Vec<T>> {
    let mut out = Vec::with_capacity(n);
    if n == 0 {
        return Some(out);
    }
    let shape = view.shape();
    let strides = view.strides();
    let rank = shape.len();
    let mut index = vec![0usize; rank];
    let mut pos = view.position(&index) as isize;
    for flat in 0..n {
        if flat > 0 {
            for a in (0..rank).rev() {
                index[a] += 1;
                pos += strides[a];
                if index[a] < shape[a] {
                    break;
                }
                pos -= strides[a] * shape[a] as isize;
                index[a] = 0;
            }
        }
        out.push(bits_of::<T>(&data[pos as usize])?);
    }
    Some(out)
}

/// The bits of `a` as a `T`, or `None` when `a` is wider than `T`.
fn bits_of<T: Word>(a: &Atom) -> Option<T> {
    let v = a.as_u128()?;
    (v & !T::W.mask() == 0).then(|| T::of_bits(v))
}

/// The kernel result of [`super::fold`] under `p`, or `None` when the kernels decline the call.
pub fn fold_kernel(p: Policy, step: &Prog, order: &Order, xs: &[Atom]) -> Option<Atom> {
    let (kernel, w) = kernels::choose_step(p, step)?;
    by_word!(w, run_fold(p, kernel, step.round(), order, xs))
}

fn run_fold<T: Word>(
    p: Policy,
    kernel: Step,
    r: Round,
    order: &Order,
    xs: &[Atom],
) -> Option<Atom> {
    let xs: Vec<T> = xs.iter().map(bits_of::<T>).collect::<Option<_>>()?;
    let (seed, rest) = match &order.seed {
        Seed::First => (*xs.first()?, &xs[1..]),
        Seed::Zero => (T::default(), &xs[..]),
        Seed::Bits(b) => (bits_of::<T>(b)?, &xs[..]),
    };
    let v = kernels::fold(p, kernel, r, order.dir == Dir::Right, seed, rest);
    Some(Atom::from_u128(v.bits()))
}

/// The kernel result of [`super::contract`] under `pol`, or `None` when the kernels decline the call.
pub fn contract_kernel(
    pol: Policy,
    dtype: &Dtype,
    r: Round,
    (m, k, p): (usize, usize, usize),
    a: &[Atom],
    b: &[Atom],
) -> Option<Vec<Atom>> {
    let w = kernels::choose_width(pol, dtype)?;
    if m.checked_mul(k)? != a.len() || k.checked_mul(p)? != b.len() {
        return None;
    }
    m.checked_mul(p)?; // the result's length; the reference executor names the overflow
    by_word!(w, run_contract(pol, r, (m, k, p), a, b))
}

fn run_contract<T: Word>(
    pol: Policy,
    r: Round,
    dims: (usize, usize, usize),
    a: &[Atom],
    b: &[Atom],
) -> Option<Vec<Atom>> {
    let a: Vec<T> = a.iter().map(bits_of::<T>).collect::<Option<_>>()?;
    let b: Vec<T> = b.iter().map(bits_of::<T>).collect::<Option<_>>()?;
    let c = kernels::contract(pol, r, dims, &a, &b);
    Some(c.into_iter().map(|v| Atom::from_u128(v.bits())).collect())
}
