//! The one choice of the fast path: for a program (or a fold step, or a
//! contraction's dtype) under a [`Policy`], the kernel that computes it and
//! the carrier of its operands, or a refusal. The fast executor
//! ([`super::map_kernel`]), Lagoon's bits path, the C ABI's jets and the
//! SoftBLAS routines ask here once and keep only their carriers; the kernels
//! themselves are [`super::kernels`] (`%i754`), [`super::ints`] (`%uint
//! %int2 %fixp`), [`super::cplx`] (`%cplx`) and [`super::posit`] (`%unum`),
//! each below this module.

use super::cplx::{self, CplxMap};
use super::ints::{IntMap, IntStep, Ints};
use super::kernels::{Elementwise, Step};
use super::posit::{self, PositMap};
use crate::dtype::{Dtype, Kind};
use crate::hw;
use crate::policy::Policy;
use crate::prog::{Node, Prog};
use crate::scalar::i754::Width;
use crate::scalar::unum;
use std::convert::Infallible;

/// What a single program computes on the kernel layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MapKernel {
    /// An elementwise kind ([`super::kernels::elementwise`]).
    Elementwise(Elementwise),
    /// A `/lib/math` arm over the buffers ([`crate::math::batch::map`]).
    LibMath(crate::math::batch::Arm),
}

/// The width of an `%i754` dtype the kernels serve (bloq 4–7), else `None`.
pub fn served_width(t: &Dtype) -> Option<Width> {
    (t.kind == Kind::I754)
        .then(|| Width::from_bloq(t.bloq))
        .flatten()
}

/// A kernel the kernel layer chose, with the carrier of its operands: an
/// `%i754` kernel `I` at an IEEE width, an integer kernel `N`
/// ([`super::ints`]) on host integers, a complex kernel `C`
/// ([`super::cplx`]) on pairs of IEEE components, or a posit kernel `P`
/// ([`super::posit`]) on host words of a posit width. Which one is a fact of
/// the dtype, decided here once ([`choose_map`], [`choose_step`],
/// [`choose_width`], [`choose_quire`]); callers only run it. A choice that
/// never serves a carrier has [`Infallible`] there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice<I, N, C, P = Infallible> {
    /// An `%i754` kernel at binary16/32/64/128.
    Ieee(I, Width),
    /// A `%uint`, `%int2` or `%fixp` kernel on host integers ([`Ints`]).
    Int(N, Ints),
    /// A `%cplx` kernel on pairs of components of this width (binary32 at
    /// `cs`, binary64 at `cd`: [`cplx::width_of`]).
    Cplx(C, Width),
    /// A `%unum` kernel on host words of this posit width (posit8/16/32:
    /// [`posit::width_of`]).
    Posit(P, unum::Width),
}

impl<I, N, C, P> Choice<I, N, C, P> {
    /// The element bloq of the chosen carrier.
    pub fn bloq(&self) -> u32 {
        match self {
            Choice::Ieee(_, w) => w.bloq(),
            Choice::Int(_, i) => i.bloq,
            Choice::Cplx(_, w) => w.bloq() + 1,
            Choice::Posit(_, w) => w.bloq(),
        }
    }
}

/// The carrier of operands of a served dtype, without a kernel ([`served`]).
pub type Lanes = Choice<(), (), (), ()>;

/// The carrier of the operands of a contraction whose every step rounds
/// ([`choose_width`]): no posit carrier (posit sums are the quire's, [`choose_quire`]).
pub type Contraction = Choice<(), (), ()>;

/// The carrier of operands of `t` the kernels serve: `%i754` at bloq 4–7
/// ([`served_width`]), `%uint`, `%int2` and `%fixp` (whose precision fills
/// the element) at bloq 3–6 ([`Ints::of`]), `%cplx` at bloq 6–7
/// ([`cplx::width_of`]), `%unum` at bloq 3–5 ([`posit::width_of`]); else `None`.
pub fn served(t: &Dtype) -> Option<Lanes> {
    if let Some(w) = served_width(t) {
        return Some(Choice::Ieee((), w));
    }
    if let Some(w) = cplx::width_of(t) {
        return Some(Choice::Cplx((), w));
    }
    if let Some(w) = posit::width_of(t) {
        return Some(Choice::Posit((), w));
    }
    Ints::of(t).map(|i| Choice::Int((), i))
}

/// The kernel that computes the program `prog` under `p`, and the carrier of
/// its operands, or `None` when the kernels decline it: the one decision of
/// the fast path for a program, which the executor's [`super::map_kernel`] and
/// Lagoon's bits path share (each keeps only its carrier: atoms through views,
/// or a ray's words in place).
///
/// Served: `p` selects the fast executor; `prog` is [`Prog::single`] over
/// operands of one dtype the kernels serve ([`served`]) whose result has the
/// operands' dtype (a test's is a boolean); its node is, at `%i754`, a
/// `/lib/math` arm the batch serves at that width and mode or an
/// [`Elementwise`] kind, at the integer kinds an [`IntMap`] kind, and at
/// `%cplx` a [`CplxMap`] kind, and at `%unum` a [`PositMap`] kind.
pub fn choose_map(p: Policy, prog: &Prog) -> Option<Choice<MapKernel, IntMap, CplxMap, PositMap>> {
    if !p.fast() {
        return None;
    }
    let node = prog.single()?;
    let t = *prog.ins().first()?;
    let lanes = served(&t)?;
    if prog.ins().iter().any(|d| *d != t) {
        return None;
    }
    let same_out = prog.dtype(prog.nodes().len() - 1) == t;
    let w = match lanes {
        Choice::Int((), i) => {
            return same_out
                .then(|| IntMap::of_node(i.kind, node))
                .flatten()
                .map(|k| Choice::Int(k, i))
        }
        Choice::Cplx((), w) => {
            return same_out
                .then(|| CplxMap::of_node(node))
                .flatten()
                .map(|k| Choice::Cplx(k, w))
        }
        Choice::Posit((), w) => {
            return same_out
                .then(|| PositMap::of_node(node))
                .flatten()
                .map(|k| Choice::Posit(k, w))
        }
        Choice::Ieee((), w) => w,
    };
    if let Some(arm) = crate::math::batch::Arm::of_node(node, w, prog.round()) {
        return same_out.then_some(Choice::Ieee(MapKernel::LibMath(arm), w));
    }
    let kernel = Elementwise::of_node(node)?;
    (same_out || matches!(kernel, Elementwise::Test(_)))
        .then_some(Choice::Ieee(MapKernel::Elementwise(kernel), w))
}

/// The carrier of operands of `dtype` under `p` for a contraction whose
/// every product and sum rounds (a `+mmul` contraction, Lagoon's
/// `+cdist-sq`), or `None` when the kernels decline them ([`choose_map`]'s
/// rule: the fast executor, a served dtype; not `%unum`, whose stepwise
/// contraction runs the reference executor).
pub fn choose_width(p: Policy, dtype: &Dtype) -> Option<Contraction> {
    Some(match p.fast().then(|| served(dtype)).flatten()? {
        Choice::Ieee((), w) => Choice::Ieee((), w),
        Choice::Int((), i) => Choice::Int((), i),
        Choice::Cplx((), w) => Choice::Cplx((), w),
        Choice::Posit((), _) => return None,
    })
}

/// The posit width of `dtype` under `p` for the quire kernels (Lagoon's
/// `+unum-sum`, `+unum-fdp`, `+mmul-unum`: [`posit::sum`], [`posit::fdp`],
/// [`posit::sum_slices`], [`posit::contract`]), or `None` when the kernels
/// decline it: the fast executor and a `%unum` dtype the kernels serve
/// ([`posit::width_of`]).
pub fn choose_quire(p: Policy, dtype: &Dtype) -> Option<unum::Width> {
    match p.fast().then(|| served(dtype)).flatten()? {
        Choice::Posit((), w) => Some(w),
        _ => None,
    }
}

/// The kernel of a fold step `op(In 0, In 1)` under `p` and the carrier of its
/// operands, or `None` when the kernels decline it: [`choose_map`]'s rule for
/// the steps of [`super::fold_kernel`] and Lagoon's `+cumsum`, `+prod`,
/// `+sum-dim` and `+prod-dim` (both inputs of one served dtype; a [`Step`]
/// at `%i754`, an [`IntStep`] at the integer kinds, a component operation
/// `+ − × ÷` at `%cplx`; none at `%unum`, whose stepwise folds run the
/// reference executor).
pub fn choose_step(p: Policy, step: &Prog) -> Option<Choice<Step, IntStep, hw::Op>> {
    if !p.fast() {
        return None;
    }
    let Node::Op2(op, 0, 1) = step.single()? else {
        return None;
    };
    let t = *step.ins().first()?;
    let lanes = served(&t)?;
    if step.ins().len() != 2 || step.ins()[1] != t {
        return None;
    }
    Some(match lanes {
        Choice::Ieee((), w) => Choice::Ieee(Step::of_op2(*op)?, w),
        Choice::Int((), i) => Choice::Int(IntStep::of_op2(*op)?, i),
        Choice::Cplx((), w) => Choice::Cplx(cplx::step_of(*op)?, w),
        Choice::Posit((), _) => return None,
    })
}
