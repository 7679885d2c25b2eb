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
//! `++narrow-sh`, as the door does, and `tan` is their quotient in that mode.

use super::{ainv, atan, exp, fl::Fl, log, root, tan, trig, MathError};
use crate::hw::arith::{fused, Host16, Host32, Host64, Host64F};
use crate::ieee::arith::Arith;
use crate::prog::Unary;
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
pub fn unary<T: Word>(u: Unary, r: Round, xs: &[T], out: &mut [T]) -> Result<(), BatchError> {
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
        crate::hw::sqrt(root_mode, xs, out);
        return Ok(());
    }
    match (w, u) {
        (Width::H, Unary::Sin | Unary::Cos | Unary::Tan) => {
            each(xs, out, |x| Ok(half_trig(u, r, x)))
        }
        (Width::H, _) => run(Host16, u, xs, out),
        (Width::S, _) => run(Host32, u, xs, out),
        (Width::D, _) => fused(
            out,
            |out| run(Host64::default(), u, xs, out),
            |out| run(Host64F::<true>, u, xs, out),
        ),
        (Width::Q, _) => run(Fl::n(Width::Q), u, xs, out),
    }
}

/// Each element through `f` on its bits, stopping at the first error.
#[inline(always)]
fn each<T: Word>(
    xs: &[T],
    out: &mut [T],
    f: impl Fn(u128) -> Result<u128, MathError>,
) -> Result<(), BatchError> {
    let w = T::W;
    for (index, (x, o)) in xs.iter().zip(out.iter_mut()).enumerate() {
        match f(x.bits()) {
            // A NaN computed from a non-NaN argument is the host's: the door's is canonical.
            Ok(v) if i754::is_nan(w, v) && !i754::is_nan(w, x.bits()) => {
                *o = T::of_bits(i754::canonical_nan(w));
            }
            Ok(v) => *o = T::of_bits(v),
            Err(error) => return Err(BatchError::Element { index, error }),
        }
    }
    Ok(())
}

/// The arm `u` on every element in context `n` (each arm's loop monomorphic, so
/// its algorithm is inlined into it; inlined itself into [`fused`]'s FMA copy).
#[inline(always)]
fn run<A: Arith, T: Word>(n: A, u: Unary, xs: &[T], out: &mut [T]) -> Result<(), BatchError> {
    macro_rules! arm {
        ($f:path) => {
            each(xs, out, |x| Ok(n.bits($f(n, n.val(x)))))
        };
        ($f:path, fallible) => {
            each(xs, out, |x| Ok(n.bits($f(n, n.val(x))?)))
        };
    }
    match u {
        Unary::Exp => arm!(exp::exp_in, fallible),
        Unary::Cbrt => arm!(root::cbt_in, fallible),
        Unary::Log => arm!(log::log_in),
        Unary::Log2 => arm!(log::log_2_in),
        Unary::Log10 => arm!(log::log_10_in),
        Unary::Sin => arm!(trig::sin_in),
        Unary::Cos => arm!(trig::cos_in),
        Unary::Tan => arm!(tan::tan_in),
        Unary::Asin => arm!(ainv::asin_in),
        Unary::Acos => arm!(ainv::acos_in),
        Unary::Atan => arm!(atan::atan_in),
        Unary::Sqrt => arm!(root::sqt_in),
        _ => Err(BatchError::NotServed),
    }
}

/// `@rh` `sin`, `cos` and `tan` of the `@rh` bits `x` in door mode `r`, with
/// [`Host32`] as the `@rs` context the door's algorithm computes in.
fn half_trig(u: Unary, r: Round, x: u128) -> u128 {
    match u {
        Unary::Sin => trig::half_in(Host32, true, r, x),
        Unary::Cos => trig::half_in(Host32, false, r, x),
        _ => tan::half_in(Host32, r, x),
    }
}

/// One element of [`unary`] on the bits `x` at width `w`, the one-lane form
/// the door methods use under the fast executor ([`crate::hw::executor`]);
/// `None` under the reference executor, at `@rq` and where [`served`] is false.
pub(crate) fn one(u: Unary, w: Width, r: Round, x: u128) -> Option<Result<u128, MathError>> {
    fn at<T: Word>(u: Unary, r: Round, x: u128) -> Option<Result<u128, MathError>> {
        let mut out = [T::default()];
        match unary(u, r, &[T::of_bits(x & T::W.mask())], &mut out) {
            Ok(()) => Some(Ok(out[0].bits())),
            Err(BatchError::Element { error, .. }) => Some(Err(error)),
            Err(BatchError::NotServed) => None,
        }
    }
    if crate::hw::executor() != crate::hw::Executor::Fast {
        return None;
    }
    match w {
        Width::H => at::<u16>(u, r, x),
        Width::S => at::<u32>(u, r, x),
        Width::D => at::<u64>(u, r, x),
        Width::Q => None,
    }
}
