//! A faster executor: dedicated `%i754` kernels over contiguous bit buffers,
//! `%uint`/`%int2`/`%fixp` kernels over host integers ([`ints`]), `%cplx`
//! kernels over pairs of IEEE components ([`cplx`]) and elementwise `%unum`
//! kernels over host words ([`posit`]), falling back to the reference
//! executor ([`super`]) for everything else.
//!
//! [`map_kernel`], [`fold_kernel`] and [`contract_kernel`] take the reference
//! functions' arguments and give their results, bit for bit (a property test compares the two over
//! random programs, shapes, strides, NaN/∞/subnormal operands and all five
//! modes). A call is served by a kernel when:
//!
//! - the program is [`Prog::single`] (one node over the operands in order) or the
//!   loop is a [`contract`](super::contract), at an `%i754` dtype of bloq 4–7 or a
//!   `%uint`/`%int2` dtype of bloq 3–6, a `%fixp` one there whose
//!   precision fills the element, a `%cplx` dtype of bloq 6–7, or (a
//!   single program only) a `%unum` dtype of bloq 3–5
//!   ([`choice::choose_map`] decides, once);
//! - at `%i754` the node is `Copy`, `Unary(Abs | Neg | Conj)`, `Binary(Add | Sub | Mul | Div)`,
//!   any `Compare`, `Fma`, or one of Nx's kinds with an `%i754` meaning (`Nx(Recip
//!   | Sign | Floor | Ceil | Round | Trunc)`, `Nx(Maximum | Minimum)`, any `Test`);
//!   at the integer kinds `Copy`, `Unary(Abs | Conj)`, `Unary(Neg)` (not `%uint`),
//!   `Binary(Add | Sub | Mul | Div | Mod)` or any `Compare` ([`ints::IntMap`]);
//!   at `%cplx` `Copy`, `Unary(Neg | Conj)` or `Binary(Add | Sub | Mul | Div)`
//!   ([`cplx::CplxMap`]); at `%unum` `Copy`, `Unary(Neg | Abs | Conj)` or
//!   `Binary(Add | Sub | Mul | Div)` ([`posit::PositMap`]);
//! - every element read is an atom within the dtype's width (the reference keeps
//!   wider atoms whole in places, e.g. `Copy` and bit equality);
//! - no integer division or remainder is by zero (the reference names the crash).
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
use crate::prog::Prog;
use crate::round::Round;
use crate::scalar::i754::Width;
use crate::word::Word;

pub mod choice;
pub mod cplx;
pub mod fdp;
pub mod ints;
pub mod kernels;
pub mod posit;
mod quad;

/// Runs the generic `$f::<T>(args)` with `T` the host word that the table
/// `[pattern => type, …]` gives the value `$of`, or the value of the last
/// arm `$other => $else` (where the table leaves values out) when no row
/// matches: the one dispatch from a width or bloq to a carrier word, of
/// which each carrier's macro (`by_word!` here, [`cplx::by_part!`],
/// [`ints::by_int!`], [`posit::by_posit!`], Lagoon's IEEE bloqs) is a table.
#[macro_export]
macro_rules! by_carrier {
    ($of:expr, [$($at:pat => $t:ty),*], $f:ident $args:tt $(, $other:pat => $else:expr)?) => {
        match $of {
            $($at => $f::<$t> $args,)*
            $($other => $else,)?
        }
    };
}
pub use crate::by_carrier;

/// Runs the generic `$f::<T>(args)` with `T` the [`Word`] of width `$w`.
macro_rules! by_word {
    ($w:expr, $f:ident $args:tt $(,)?) => {
        by_carrier!(
            $w,
            [Width::H => u16, Width::S => u32, Width::D => u64, Width::Q => u128],
            $f $args
        )
    };
}

use crate::math::batch::{self, Arm};
use choice::{Choice, MapKernel};
use cplx::{by_part, CplxMap, Pair, Part};
use ints::{by_int, Int, IntMap, IntStep, Ints};
use kernels::{Elementwise, Step};
use posit::{by_posit, PositMap, PositWord};

/// The kernel result of [`super::map`] (its one output) under `p`, or `None` when the
/// kernels decline the call ([`choice::choose_map`]).
pub fn map_kernel(
    p: Policy,
    prog: &Prog,
    shape: &[usize],
    operands: &[Operand<'_>],
) -> Option<Vec<Atom>> {
    let choice = choice::choose_map(p, prog)?;
    check_operands(prog.ins().len(), shape, operands).ok()?;
    let ops = Operands {
        n: super::index_count(shape),
        operands,
    };
    let r = prog.round();
    match choice {
        Choice::Ieee(MapKernel::LibMath(arm), w) => by_word!(w, run_lib_math(p, arm, r, ops)),
        Choice::Ieee(MapKernel::Elementwise(k), w) => by_word!(w, run_map(p, k, r, ops)),
        Choice::Int(k, i) => by_int!(i.bloq, run_int_map(i, k, ops)),
        Choice::Cplx(k, w) => by_part!(w, run_cplx_map(p, k, r, ops)),
        Choice::Posit(k, w) => by_posit!(w, run_posit_map(k, ops)),
    }
}

/// The operands of an elementwise call and `n`, the element count each one's
/// view reads.
#[derive(Clone, Copy)]
struct Operands<'a> {
    n: usize,
    operands: &'a [Operand<'a>],
}

/// Gathers each operand through its view as elements `E` (`of` reads one,
/// `None` when it is wider than the carrier), runs `kernel` from the gathered
/// slices into `n` outputs and makes atoms of them with `atom`; `None` when an
/// element is too wide or the kernel declines (the reference then runs).
///
/// Every elementwise kind's carrier is this one function: only the element
/// type, its reader and writer, and the kernel differ.
fn run_gathered<E: Copy + Default>(
    Operands { n, operands }: Operands<'_>,
    of: impl Fn(&Atom) -> Option<E>,
    kernel: impl FnOnce(&[&[E]], &mut [E]) -> Option<()>,
    atom: impl Fn(E) -> Atom,
) -> Option<Vec<Atom>> {
    let ins: Vec<Vec<E>> = operands
        .iter()
        .map(|op| gather(op.data, op.view, n, &of))
        .collect::<Option<_>>()?;
    let slices: Vec<&[E]> = ins.iter().map(Vec::as_slice).collect();
    let mut out = vec![E::default(); n];
    kernel(&slices, &mut out)?;
    Some(out.into_iter().map(atom).collect())
}

/// A posit kernel over the operands.
fn run_posit_map<T: PositWord>(k: PositMap, ops: Operands<'_>) -> Option<Vec<Atom>> {
    let kernel = |ins: &[&[T]], out: &mut [T]| {
        posit::map(k, ins, out);
        Some(())
    };
    run_gathered(ops, int_of::<T>, kernel, int_atom)
}

/// A complex kernel over the operands.
fn run_cplx_map<T: Part>(p: Policy, k: CplxMap, r: Round, ops: Operands<'_>) -> Option<Vec<Atom>> {
    let kernel = |ins: &[&[Pair<T>]], out: &mut [Pair<T>]| {
        cplx::map(p, k, r, ins, out);
        Some(())
    };
    run_gathered(ops, pair_of::<T>, kernel, pair_atom)
}

/// The pair of the element `a`, or `None` when `a` is wider than an element.
fn pair_of<T: Word>(a: &Atom) -> Option<Pair<T>> {
    cplx::pair_of(a.as_u128()?)
}

/// The atom of a pair.
fn pair_atom<T: Word>(v: Pair<T>) -> Atom {
    Atom::from_u128(cplx::bits_of(v))
}

/// The atoms of pairs.
fn pair_atoms<T: Word>(xs: &[Pair<T>]) -> Vec<Atom> {
    xs.iter().map(|&v| pair_atom(v)).collect()
}

/// An integer kernel over the operands; `None` (the reference reports it) on a division by zero.
fn run_int_map<T: Int>(i: Ints, k: IntMap, ops: Operands<'_>) -> Option<Vec<Atom>> {
    let kernel = |ins: &[&[T]], out: &mut [T]| ints::map(i.kind, k, ins, out).ok();
    run_gathered(ops, int_of::<T>, kernel, int_atom)
}

/// The values of `xs` as host integers `T`, or `None` when one is wider.
fn ints_of<T: Int>(xs: &[Atom]) -> Option<Vec<T>> {
    xs.iter().map(int_of::<T>).collect()
}

/// The atom of a host integer.
fn int_atom<T: Int>(x: T) -> Atom {
    Atom::from_u128(x.bits())
}

/// The atoms of host integers.
fn int_atoms<T: Int>(xs: &[T]) -> Vec<Atom> {
    xs.iter().map(|&x| int_atom(x)).collect()
}

/// An `%i754` elementwise kernel over the operands.
fn run_map<T: Word>(
    p: Policy,
    kernel: Elementwise,
    r: Round,
    ops: Operands<'_>,
) -> Option<Vec<Atom>> {
    let run = |ins: &[&[T]], out: &mut [T]| {
        kernels::elementwise(p, kernel, r, ins, out);
        Some(())
    };
    run_gathered(ops, bits_of::<T>, run, bits_atom)
}

/// The atom of an element's bits.
fn bits_atom<T: Word>(v: T) -> Atom {
    Atom::from_u128(v.bits())
}

/// A `/lib/math` arm over its operands; `None` (the reference reports it)
/// when an element fails.
fn run_lib_math<T: Word>(p: Policy, arm: Arm, r: Round, ops: Operands<'_>) -> Option<Vec<Atom>> {
    let kernel = |ins: &[&[T]], out: &mut [T]| batch::map(p.isa, arm, r, ins, out).ok();
    let ops = Operands {
        operands: &ops.operands[..arm.arity()],
        ..ops
    };
    run_gathered(ops, bits_of::<T>, kernel, bits_atom)
}

/// The elements `view` reads from `data`, in row-major index order, each as
/// `bits` reads it; `None` when it reads one as `None` (wider than `T`). The
/// view is known to fit `data`.
fn gather<T>(
    data: &[Atom],
    view: &View,
    n: usize,
    bits: impl Fn(&Atom) -> Option<T>,
) -> Option<Vec<T>> {
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
        out.push(bits(&data[pos as usize])?);
    }
    Some(out)
}

/// The bits of `a` as a `T`, or `None` when `a` is wider than `T`.
fn bits_of<T: Word>(a: &Atom) -> Option<T> {
    let v = a.as_u128()?;
    (v & !T::W.mask() == 0).then(|| T::of_bits(v))
}

/// The value of `a` as a host integer `T`, or `None` when `a` is wider than `T`.
fn int_of<T: Int>(a: &Atom) -> Option<T> {
    let v = a.as_u128()?;
    (v >> T::BITS == 0).then(|| T::of_bits(v))
}

/// The kernel result of [`super::fold`] under `p`, or `None` when the kernels decline the call.
pub fn fold_kernel(p: Policy, step: &Prog, order: &Order, xs: &[Atom]) -> Option<Atom> {
    match choice::choose_step(p, step)? {
        Choice::Ieee(kernel, w) => by_word!(w, run_fold(p, kernel, step.round(), order, xs)),
        Choice::Int(kernel, i) => by_int!(i.bloq, run_int_fold(i, kernel, order, xs)),
        Choice::Cplx(op, w) => by_part!(w, run_cplx_fold(p, op, step.round(), order, xs)),
    }
}

fn run_cplx_fold<T: Part>(
    p: Policy,
    op: crate::hw::Op,
    r: Round,
    order: &Order,
    xs: &[Atom],
) -> Option<Atom> {
    let xs: Vec<Pair<T>> = xs.iter().map(pair_of::<T>).collect::<Option<_>>()?;
    let (seed, rest) = cplx::seeded(&order.seed, &xs)?;
    let v = cplx::fold(p, op, r, order.dir == Dir::Right, seed, rest);
    Some(pair_atom(v))
}

/// An integer fold; `None` (the reference reports it) on a division by zero.
fn run_int_fold<T: Int>(i: Ints, kernel: IntStep, order: &Order, xs: &[Atom]) -> Option<Atom> {
    let xs: Vec<T> = ints_of(xs)?;
    let (seed, rest) = match &order.seed {
        Seed::First => (*xs.first()?, &xs[1..]),
        Seed::Zero => (T::default(), &xs[..]),
        Seed::Bits(b) => (int_of::<T>(b)?, &xs[..]),
    };
    let v = ints::fold(i.kind, kernel, order.dir == Dir::Right, seed, rest).ok()?;
    Some(int_atom(v))
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
    Some(bits_atom(v))
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
    let lanes = choice::choose_width(pol, dtype)?;
    if m.checked_mul(k)? != a.len() || k.checked_mul(p)? != b.len() {
        return None;
    }
    m.checked_mul(p)?; // the result's length; the reference executor names the overflow
    match lanes {
        Choice::Ieee((), w) => by_word!(w, run_contract(pol, r, (m, k, p), a, b)),
        Choice::Int((), i) => by_int!(i.bloq, run_int_contract(i, (m, k, p), a, b)),
        Choice::Cplx((), w) => by_part!(w, run_cplx_contract(pol, r, (m, k, p), a, b)),
    }
}

fn run_cplx_contract<T: Part>(
    pol: Policy,
    r: Round,
    (m, k, p): (usize, usize, usize),
    a: &[Atom],
    b: &[Atom],
) -> Option<Vec<Atom>> {
    let a: Vec<Pair<T>> = a.iter().map(pair_of::<T>).collect::<Option<_>>()?;
    let b: Vec<Pair<T>> = b.iter().map(pair_of::<T>).collect::<Option<_>>()?;
    let mut c = vec![Pair::<T>::default(); m * p];
    cplx::contract_acc_into(pol, r, (m, k, p), &a, &b, &mut c);
    Some(pair_atoms(&c))
}

fn run_int_contract<T: Int>(
    i: Ints,
    (m, k, p): (usize, usize, usize),
    a: &[Atom],
    b: &[Atom],
) -> Option<Vec<Atom>> {
    let (a, b) = (ints_of::<T>(a)?, ints_of::<T>(b)?);
    let mut c = vec![T::default(); m * p];
    ints::contract_acc_into(i.kind, (m, k, p), &a, &b, &mut c);
    Some(int_atoms(&c))
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
    Some(c.into_iter().map(bits_atom).collect())
}
