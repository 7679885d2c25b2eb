//! `/lib/math` arms over whole buffers: each element by the arm's one
//! algorithm ([`super`]), run in a host-float context
//! ([`crate::hw::arith`]) at `@rh @rs @rd` and in the bit-pattern context at
//! `@rq`, with no per-element door, atom or dispatch.
//!
//! An algorithm of [`super`] is written once over [`Arith`]; here it runs on
//! [`Host16`], [`Host32`] or [`Host64`], which round every step to nearest as
//! the soft core does, so every element has the bits the door method gives
//! (the tests `math_batch` compare the two on every `@rh` input and on random
//! and hard inputs at the other widths). The arms served are the kernels
//! whose steps all round to nearest whatever the door's mode: `exp`, `log`,
//! `log-2`, `log-10`, `sin`, `cos`, `tan` (`@rs @rd`), `asin`, `acos`, `atan`,
//! `sqt`, `cbt`;
//! at `@rh`, `sin` and `cos` run at `@rs` and narrow in the door's mode by
//! `++narrow-sh`, as the door does, and `tan` is their quotient in that mode
//! (over the buffer by the hardware division loop).
//!
//! `exp`, `log`, `log-2`, `log-10`, `sin`, `cos`, `atan`, `cbt`, `asin`
//! and `acos` run a group of elements side by side (the lane count `N` is the context's:
//! [`LANES`] for [`Lanes`]; in AVX registers 32 at `@rh`, whose steps are
//! long latency chains, and 8 at `@rs @rd`): each arm's lane form computes
//! the lanes on its main path together in a [`Wide`] context (the AVX
//! registers of `crate::hw::simd` where the CPU has AVX2, FMA and F16C,
//! else [`Lanes`]), and the scalar arm computes the others (special values,
//! huge arguments). The last partial group runs in lanes padded with
//! copies of its first element; a buffer shorter than one group (the one
//! element of a door method) runs through the scalar arm.
//!
//! `pow-n` ([`pow_n`], two operands) runs its loop of products a round at
//! a time across the buffer on the hardware product, for the exponents 1 to
//! 64; the door's method takes the others.
//!
//! `sqt` at `@rh @rs` is the stdlib root in `%z`, one hardware loop over
//! the buffer; at `@rd` it is that loop followed by Markstein's step
//! (`root::refine`) as a vectorised select over the buffer, the
//! truncated root standing as the result where the step is not taken.

mod pow_n;
pub use pow_n::{pow_n, served as pow_n_served};

use super::lane::{Ainv, Atan, Cbt, Exp, Group, LaneForm, Trig};
use super::{fl::Fl, log, root, tan, trig, MathError};
#[cfg(target_arch = "x86_64")]
use crate::hw::arith::Host64F;
use crate::hw::arith::{Host16, Host32, Host64};
use crate::ieee::arith::{Arith, Lanes, Wide, LANES};
use crate::policy::{Executor, Isa, Policy};
use crate::prog::{Binary, Node, Op1, Op2, Unary};
use crate::round::Round;
use crate::scalar::i754::{self, Width};
use crate::word::Word;

/// Why a buffer was not computed: the element at `index` crashes the Hoon
/// (`error`), or the arm is not served at this width and mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// The arm has no batch form here ([`served`] is false).
    NotServed,
    /// The element at `index` makes the arm fail as the door method does.
    Element {
        /// The element's position in the buffer.
        index: usize,
        /// The door method's error for it.
        error: MathError,
    },
}

/// A `/lib/math` arm the batch computes over buffers: a one-operand kernel
/// ([`unary`]), or `++pow-n` of a base and an exponent ([`pow_n`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arm {
    /// A kernel of one operand.
    Unary(Unary),
    /// `++pow-n`: operand 0 to the power of operand 1.
    PowN,
}

impl Arm {
    /// The arm a program node computes, where the batch serves it at width
    /// `w` in door mode `r` ([`served`], [`pow_n_served`]).
    pub fn of_node(node: &Node, w: Width, r: Round) -> Option<Arm> {
        match node {
            Node::Op1(Op1::Unary(u), _, _) if served(*u, w, r) => Some(Arm::Unary(*u)),
            Node::Op2(Op2::Binary(Binary::PowN), 0, 1) if pow_n_served(w, r) => Some(Arm::PowN),
            _ => None,
        }
    }

    /// How many operand buffers the arm reads.
    pub const fn arity(self) -> usize {
        match self {
            Arm::Unary(_) => 1,
            Arm::PowN => 2,
        }
    }
}

/// `out` = the arm `arm` over the operand buffers `ins` (the first
/// [`Arm::arity`] of them), as [`unary`] or [`pow_n`] computes it.
///
/// # Errors
/// As [`unary`] and [`pow_n`].
pub fn map<T: Word>(
    isa: Isa,
    arm: Arm,
    r: Round,
    ins: &[&[T]],
    out: &mut [T],
) -> Result<(), BatchError> {
    match arm {
        Arm::Unary(u) => unary(isa, u, r, ins[0], out),
        Arm::PowN => pow_n(isa, r, ins[0], ins[1], out),
    }
}

/// Whether [`unary`] computes `u` at width `w` in door mode `r`: the kernels
/// listed in the module doc, in a mode a `/lib/math` door holds (not `%a`).
pub fn served(u: Unary, w: Width, r: Round) -> bool {
    use Unary::*;
    r != Round::A
        && match u {
            Exp | Log | Log2 | Log10 | Sin | Cos | Asin | Acos | Atan | Sqrt | Cbrt => true,
            Tan => w != Width::Q,
            _ => false,
        }
}

/// `out[i]` = the `/lib/math` arm `u` of `xs[i]` at the door `[r rtol 0]` of
/// `T`'s width, for every `i` (`out` has `xs`'s length).
///
/// # Errors
/// [`BatchError::NotServed`] unless [`served`]; [`BatchError::Element`] for
/// the first element whose door method fails (`exp` of a huge argument), with
/// `out` then partly written.
pub fn unary<T: Word>(
    isa: Isa,
    u: Unary,
    r: Round,
    xs: &[T],
    out: &mut [T],
) -> Result<(), BatchError> {
    let w = T::W;
    if !served(u, w, r) {
        return Err(BatchError::NotServed);
    }
    assert_eq!(
        xs.len(),
        out.len(),
        "math::batch::unary: buffer lengths differ"
    );
    if let (Unary::Sqrt, Some(root_mode)) = (u, root::stdlib_root(w)) {
        // The whole arm is one hardware root over the buffer.
        crate::hw::sqrt(isa, root_mode, xs, out);
        return Ok(());
    }
    // `$g` the [`Group`] of the host context and its lanes: `$plain` with
    // [`Lanes`], or where the CPU has AVX2, FMA and F16C, `$fast` with the
    // AVX lanes `$avx` gives, in code compiled for them (`crate::hw::simd::wide`).
    macro_rules! on_lanes {
        ($plain:expr, $fast:expr, |$avx:ident| $lanes:expr, |$g:ident, $out:ident| $body:expr) => {{
            #[cfg(target_arch = "x86_64")]
            {
                crate::hw::simd::wide(
                    isa,
                    out,
                    #[inline(always)]
                    |$out| {
                        let $g = ($plain, Lanes::<_, LANES>($plain));
                        $body
                    },
                    #[inline(always)]
                    |$out, $avx| {
                        let $g = ($fast, $lanes);
                        $body
                    },
                )
            }
            #[cfg(not(target_arch = "x86_64"))]
            {
                let $out = out;
                let $g = ($plain, Lanes::<_, LANES>($plain));
                $body
            }
        }};
    }
    match (w, u) {
        (Width::D, Unary::Sqrt) => {
            // The truncated roots by the hardware loop, then Markstein's step
            // where the argument takes it (elsewhere the root is the result).
            crate::hw::sqrt(isa, Round::Z, xs, out);
            on_lanes!(
                Host64::default(),
                Host64F::<true>,
                |avx| avx.f64(),
                |g, out| {
                    refine_roots(g.n(), xs, out);
                    Ok(())
                }
            )
        }
        (Width::H, Unary::Sin | Unary::Cos) => {
            let is_sin = u == Unary::Sin;
            on_lanes!(Host32, Host32, |avx| avx.f32(), |g, out| half_trig_lanes(
                g, is_sin, r, xs, out
            ))
        }
        (Width::H, Unary::Tan) => {
            // The door's `sin ⊘ᵣ cos`: both by the `@rh` sine and cosine
            // lanes, then their quotient in the door's mode by the hardware
            // loop (SoftFloat's bits, as `i754::div`); a door's one element
            // directly.
            if xs.len() < LANES {
                return each(xs, out, |x| Ok(half_trig(u, r, x)));
            }
            let (mut sin, mut cos) = (vec![T::default(); xs.len()], vec![T::default(); xs.len()]);
            unary(isa, Unary::Sin, r, xs, &mut sin)?;
            unary(isa, Unary::Cos, r, xs, &mut cos)?;
            crate::hw::elementwise(isa, crate::hw::Op::Div, r, &sin, &cos, out);
            Ok(())
        }
        (Width::H, _) => on_lanes!(Host16, Host16, |avx| avx.f16(), |g, out| run(g, u, xs, out)),
        (Width::S, _) => on_lanes!(Host32, Host32, |avx| avx.f32(), |g, out| run(g, u, xs, out)),
        (Width::D, _) => on_lanes!(
            Host64::default(),
            Host64F::<true>,
            |avx| avx.f64(),
            |g, out| run(g, u, xs, out)
        ),
        // binary128 has no hardware route: the soft core under either executor.
        (Width::Q, _) => scalar(Fl::n(Executor::Reference, Width::Q), u, xs, out),
    }
}

/// Element `index` of the result, from its argument's bits `x` and the
/// arm's `result` on it: a NaN computed from a non-NaN argument is the
/// host's, so it becomes the door's canonical one; an error stops the batch.
#[inline(always)]
fn settle<T: Word>(
    index: usize,
    x: u128,
    result: Result<u128, MathError>,
) -> Result<T, BatchError> {
    let w = T::W;
    match result {
        Ok(v) if i754::is_nan(w, v) && !i754::is_nan(w, x) => {
            Ok(T::of_bits(i754::canonical_nan(w)))
        }
        Ok(v) => Ok(T::of_bits(v)),
        Err(error) => Err(BatchError::Element { index, error }),
    }
}

/// Each element through `f` on its bits, stopping at the first error.
#[inline(always)]
fn each<T: Word>(
    xs: &[T],
    out: &mut [T],
    f: impl Fn(u128) -> Result<u128, MathError>,
) -> Result<(), BatchError> {
    for (index, (x, o)) in xs.iter().zip(out.iter_mut()).enumerate() {
        *o = settle(index, x.bits(), f(x.bits()))?;
    }
    Ok(())
}

/// The arm `f` over `xs` `N` elements at a time in the lanes `g`: its
/// lane form computes the lanes of a chunk that take the algorithm's main
/// path, its scalar arm the others, in order, so the first failing element
/// is the one reported, as [`each`] reports it. The last partial chunk runs
/// in lanes too ([`by_chunks`]), unless the whole buffer is shorter than a
/// chunk (one element from a door method): then the scalar arm takes each
/// element.
#[inline(always)]
fn chunked<G: Group<N>, F: LaneForm, T: Word, const N: usize>(
    g: G,
    f: F,
    xs: &[T],
    out: &mut [T],
) -> Result<(), BatchError> {
    if xs.len() < N {
        return by_scalar(g.n(), f, xs, out);
    }
    by_chunks::<T, N>(
        xs,
        out,
        #[inline(always)]
        |c, x, o| lane_chunk(g, f, c, x, o),
    )
}

/// Chunk `c` of [`chunked`]: the `N` elements `x` into `o`.
#[inline(always)]
fn lane_chunk<G: Group<N>, F: LaneForm, T: Word, const N: usize>(
    g: G,
    f: F,
    c: usize,
    x: &[T],
    o: &mut [T],
) -> Result<(), BatchError> {
    let (n, l) = (g.n(), g.l());
    let mut b = [0u128; N];
    for i in 0..N {
        b[i] = x[i].bits();
    }
    let v = l.vals(n, b);
    let r = f.lanes(g, v);
    let mut y = v;
    let mut failed = None;
    for i in 0..N {
        y[i] = match r[i] {
            Some(y) => y,
            None => match f.scalar(n, v[i]) {
                Ok(y) => y,
                Err(e) => {
                    failed = Some((i, e));
                    break;
                }
            },
        };
    }
    let yb = l.bits_of(n, y);
    for i in 0..N {
        let result = match failed {
            Some((j, ref e)) if j == i => Err(e.clone()),
            _ => Ok(yb[i]),
        };
        o[i] = settle(c * N + i, b[i], result)?;
    }
    Ok(())
}

/// `chunk(c, x, o)` for each chunk `c` of `N` elements `x` of `xs`
/// and `o` of `out`, in order, called from one place (so that its body,
/// inlined, is compiled once), stopping at the first error. The last
/// partial chunk is a copy: its empty lanes hold copies of its first
/// element, after the real ones (so an error among the real ones is still
/// the first reported), and only the real lanes' results before any
/// failing one are copied out, as a whole chunk writes them.
#[inline(always)]
fn by_chunks<T: Word, const N: usize>(
    xs: &[T],
    out: &mut [T],
    mut chunk: impl FnMut(usize, &[T], &mut [T]) -> Result<(), BatchError>,
) -> Result<(), BatchError> {
    let (whole, tail) = (xs.len() / N, xs.len() % N);
    let (mut px, mut po) = ([T::default(); N], [T::default(); N]);
    if tail > 0 {
        px = [xs[whole * N]; N];
        px[..tail].copy_from_slice(&xs[whole * N..]);
    }
    let mut result = Ok(());
    for c in 0..whole + usize::from(tail > 0) {
        let (x, o): (&[T], &mut [T]) = if c < whole {
            (&xs[c * N..][..N], &mut out[c * N..][..N])
        } else {
            (&px, &mut po)
        };
        result = chunk(c, x, o);
        if result.is_err() {
            break;
        }
    }
    // The last group's results up to its failing element, if it has one.
    let written = match &result {
        Ok(()) => tail,
        Err(BatchError::Element { index, .. }) => index.saturating_sub(whole * N),
        Err(BatchError::NotServed) => 0,
    };
    out[whole * N..][..written].copy_from_slice(&po[..written]);
    result
}

/// `$lanes` with `$f` the [`LaneForm`] of the arm `$u` where it has one
/// (each arm its own match arm, so that what `$lanes` inlines is compiled
/// for that arm alone), else `$other`.
macro_rules! by_form {
    ($u:expr, |$f:ident| $lanes:expr, $other:expr) => {
        match $u {
            Unary::Exp => by_form!(@ $f = Exp, $lanes),
            Unary::Log | Unary::Log2 | Unary::Log10 => {
                by_form!(@ $f = log::Base::of($u).expect("a logarithm"), $lanes)
            }
            Unary::Sin => by_form!(@ $f = Trig::<true>, $lanes),
            Unary::Cos => by_form!(@ $f = Trig::<false>, $lanes),
            Unary::Atan => by_form!(@ $f = Atan, $lanes),
            Unary::Cbrt => by_form!(@ $f = Cbt, $lanes),
            Unary::Asin => by_form!(@ $f = Ainv::<true>, $lanes),
            Unary::Acos => by_form!(@ $f = Ainv::<false>, $lanes),
            _ => $other,
        }
    };
    (@ $f:ident = $form:expr, $lanes:expr) => {{
        let $f = $form;
        $lanes
    }};
}

/// The arm `u` on every element in the lanes `g`: the arms with a lane
/// form `N` elements side by side ([`chunked`]), the others by [`scalar`].
/// Inlined into the AVX copy of `crate::hw::simd::wide`.
#[inline(always)]
fn run<G: Group<N>, T: Word, const N: usize>(
    g: G,
    u: Unary,
    xs: &[T],
    out: &mut [T],
) -> Result<(), BatchError> {
    by_form!(u, |f| chunked(g, f, xs, out), scalar(g.n(), u, xs, out))
}

/// `out[i]` = the `@rd` `++sqt` of `xs[i]`, from `out[i]` = its truncated
/// root: [`root::refine`] where [`root::refined`] holds, else the root. A
/// select, not a branch, so that the loop vectorises.
#[inline(always)]
fn refine_roots<A: Arith, T: Word>(n: A, xs: &[T], out: &mut [T]) {
    for (o, &x) in out.iter_mut().zip(xs) {
        let y = n.bits(root::refine(n, n.val(x.bits()), n.val(o.bits())));
        if root::refined(T::W, x.bits()) {
            *o = T::of_bits(y);
        }
    }
}

/// The arm `u` on every element in context `n`, one at a time (each arm's
/// loop monomorphic, so its algorithm is inlined into it).
#[inline(always)]
fn scalar<A: Arith, T: Word>(n: A, u: Unary, xs: &[T], out: &mut [T]) -> Result<(), BatchError> {
    by_form!(
        u,
        |f| by_scalar(n, f, xs, out),
        match u {
            Unary::Tan => each(xs, out, |x| Ok(n.bits(tan::tan_in(n, n.val(x))))),
            Unary::Sqrt => each(xs, out, |x| Ok(n.bits(root::sqt_in(n, n.val(x))))),
            _ => Err(BatchError::NotServed),
        }
    )
}

/// Each element by the scalar arm of `f` in context `n` ([`each`]).
#[inline(always)]
fn by_scalar<A: Arith, F: LaneForm, T: Word>(
    n: A,
    f: F,
    xs: &[T],
    out: &mut [T],
) -> Result<(), BatchError> {
    each(xs, out, |x| Ok(n.bits(f.scalar(n, n.val(x))?)))
}

/// `@rh` `sin` (`is_sin`) or `cos` of every element of `xs` in door mode
/// `r`, `N` at a time ([`trig::half_lanes`] over [`Host32`]).
#[inline(always)]
fn half_trig_lanes<G: Group<N, A = Host32>, T: Word, const N: usize>(
    g: G,
    is_sin: bool,
    r: Round,
    xs: &[T],
    out: &mut [T],
) -> Result<(), BatchError> {
    if xs.len() < N {
        let u = if is_sin { Unary::Sin } else { Unary::Cos };
        return each(xs, out, |x| Ok(half_trig(u, r, x)));
    }
    by_chunks::<T, N>(
        xs,
        out,
        #[inline(always)]
        |_, x, o| {
            half_trig_chunk(g, is_sin, r, x, o);
            Ok(())
        },
    )
}

/// `N` elements `x` of [`half_trig_lanes`] into `o`.
#[inline(always)]
fn half_trig_chunk<G: Group<N, A = Host32>, T: Word, const N: usize>(
    g: G,
    is_sin: bool,
    r: Round,
    x: &[T],
    o: &mut [T],
) {
    let mut bits = [0u128; N];
    for i in 0..N {
        bits[i] = x[i].bits();
    }
    let v = trig::half_lanes(g, is_sin, r, bits);
    for (o, v) in o.iter_mut().zip(v) {
        *o = T::of_bits(v);
    }
}

/// `@rh` `sin`, `cos` and `tan` of the `@rh` bits `x` in door mode `r`, with
/// [`Host32`] as the `@rs` context the door's algorithm computes in.
fn half_trig(u: Unary, r: Round, x: u128) -> u128 {
    match u {
        Unary::Sin => trig::half_in(Host32, true, r, x),
        Unary::Cos => trig::half_in(Host32, false, r, x),
        _ => tan::half_in(Executor::Fast, Host32, r, x),
    }
}

/// One element of [`unary`] on the bits `x` at width `w`, the one-lane form
/// the door methods use when `p` selects the fast executor; `None` under the
/// reference executor, at `@rq` and where [`served`] is false.
pub(crate) fn one(
    p: Policy,
    u: Unary,
    w: Width,
    r: Round,
    x: u128,
) -> Option<Result<u128, MathError>> {
    fn at<T: Word>(isa: Isa, u: Unary, r: Round, x: u128) -> Option<Result<u128, MathError>> {
        let mut out = [T::default()];
        match unary(isa, u, r, &[T::of_bits(x & T::W.mask())], &mut out) {
            Ok(()) => Some(Ok(out[0].bits())),
            Err(BatchError::Element { error, .. }) => Some(Err(error)),
            Err(BatchError::NotServed) => None,
        }
    }
    if !p.fast() {
        return None;
    }
    match w {
        Width::H => at::<u16>(p.isa, u, r, x),
        Width::S => at::<u32>(p.isa, u, r, x),
        Width::D => at::<u64>(p.isa, u, r, x),
        Width::Q => None,
    }
}
