//! The lane forms of `/lib/math`: what each takes, a [`Group`] of `N`
//! lanes (the one-value context, its [`Wide`] context and `N`); what each
//! is, a [`LaneForm`] (an arm on one argument and on `N` at once); and the
//! arms that have one: [`Exp`], [`super::log::Base`] (`++log`, `++log-2`,
//! `++log-10`), [`Trig`], [`Atan`], [`Cbt`], [`Ainv`], each implemented in
//! its arm's module.
//!
//! A lane form decides per lane whether the argument takes the algorithm's
//! main path, runs the shared steps on the lanes, and leaves the other
//! lanes to the scalar arm (`crate::ieee::arith`); `super::batch` runs each
//! served arm through its [`LaneForm`].

use super::MathError;
use crate::ieee::arith::{Arith, Steps, Wide};
use crate::scalar::i754::Width;

/// `N` lanes of one `/lib/math` algorithm: the `%n` context each lane
/// computes in ([`Group::n`]) and the [`Wide`] context that runs the
/// straight-line steps of all `N` of them together ([`Group::l`]).
///
/// The pair `(n, l)` is one: a lane form takes both, and a caller that
/// holds one holds the other.
pub(crate) trait Group<const N: usize>: Copy {
    /// A value of one lane.
    type V: Copy;
    /// The one-value context.
    type A: Arith<V = Self::V>;
    /// The context of the `N` lanes, each rounding as [`Group::A`] does.
    type L: Wide<Self::A, N>;

    /// The one-value context.
    fn n(self) -> Self::A;
    /// The context of the `N` lanes.
    fn l(self) -> Self::L;

    /// [`Group::n`], [`Group::l`] and their width.
    #[inline(always)]
    fn parts(self) -> (Self::A, Self::L, Width) {
        (self.n(), self.l(), self.n().width())
    }
}

impl<A: Arith, L: Wide<A, N>, const N: usize> Group<N> for (A, L) {
    type V = A::V;
    type A = A;
    type L = L;

    #[inline(always)]
    fn n(self) -> A {
        self.0
    }
    #[inline(always)]
    fn l(self) -> L {
        self.1
    }
}

/// A `/lib/math` arm with a lane form: the arm on one argument
/// ([`LaneForm::scalar`]) and on `N` at once ([`LaneForm::lanes`]), which
/// gives each lane on its main path the bits the scalar arm gives it.
pub(crate) trait LaneForm: Copy {
    /// The arm on `x` in the `%n` context `n`.
    ///
    /// Implementations leave its inlining to the compiler (no
    /// `#[inline(always)]`): in the lane loop it serves only the lanes off
    /// the main path, and forced inline there it made `exp` at `@rs` 1.2×
    /// slower (measured).
    ///
    /// # Errors
    /// The arm's own (`++exp`'s [`MathError::ToiNotFinite`]).
    fn scalar<A: Arith>(self, n: A, x: A::V) -> Result<A::V, MathError>;

    /// The arm on the `N` arguments `x` in the lanes `g`: lane `i` is
    /// `Some` of [`LaneForm::scalar`]'s value of `x[i]` where the argument
    /// takes the main path, `None` elsewhere (the caller gives those lanes
    /// to [`LaneForm::scalar`]).
    fn lanes<G: Group<N>, const N: usize>(self, g: G, x: [G::V; N]) -> [Option<G::V>; N];
}

/// The lane form of `++exp` ([`super::exp`]).
#[derive(Clone, Copy)]
pub(crate) struct Exp;

/// The lane form of `++atan` ([`super::atan`]).
#[derive(Clone, Copy)]
pub(crate) struct Atan;

/// The lane form of `++cbt` ([`super::root`]).
#[derive(Clone, Copy)]
pub(crate) struct Cbt;

/// The lane form of `++sin` (`SIN`) or `++cos` ([`super::trig`]): a const
/// parameter, so that each arm's scalar arm is compiled for it alone.
#[derive(Clone, Copy)]
pub(crate) struct Trig<const SIN: bool>;

/// The lane form of `++asin` (`SINE`) or `++acos` ([`super::ainv`]): a
/// const parameter, as [`Trig`]'s.
#[derive(Clone, Copy)]
pub(crate) struct Ainv<const SINE: bool>;

/// `|x[i]|` in every lane `i` ([`Arith::magnitude`]).
#[inline(always)]
pub(crate) fn magnitudes<A: Arith, const N: usize>(n: A, x: [A::V; N]) -> [A::V; N] {
    let mut ax = x;
    for i in 0..N {
        ax[i] = n.magnitude(x[i]);
    }
    ax
}
