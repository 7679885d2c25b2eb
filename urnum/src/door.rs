//! [`Door`]: one value carrying the rounding mode (and the tolerances) that
//! Lagoon's `la`, Saloon's `sa` and `/lib/math`'s `rh rs rd rq` doors take,
//! with the arms as its methods, named as the Hoon arms.
//!
//! A `Door` also names the `/lib/unum` revision whose elementary functions its
//! `%unum` arms apply (`exp`, `sin`, … and `pow` over posit rays):
//! [`UnumRev::DEFAULT`] (`bcb316c`, the newest text) unless
//! [`Door::with_unum`] names another (`UnumRev::V96f3cfe` for a ship on the
//! older text; the Lagoon and Saloon crates' own doors name
//! [`UnumRev::LAGOON`], the text their vectors were computed with).
//!
//! The Hoon's bare doors differ: a bare `la` rounds `%z`, a bare `sa` rounds
//! `%n`, a bare `rs` rounds `%z`. A `Door` always names its mode, so
//! `Door::new(Round::N)` is `(lake %n)`, `(sake %n rtol)` and `~(. rs [%n …])`
//! at once. Where a tolerance is not set, each library's bunt applies
//! (`sa`'s `rtol = 0x1`, `/lib/math`'s per-width `rtol` and `atol = 0`).
//!
//! ```
//! use urnum::prelude::*;
//!
//! let a = Ray::from_f32s(&[1.0, 2.0], &[2])?;
//! let b = Ray::from_f32s(&[1.0e-8, 1.0e-8], &[2])?;
//! // 1 + 1e-8 is not an f32: the mode decides.
//! assert_eq!(Door::new(Round::N).add(&a, &b)?.to_f32s()?, vec![1.0, 2.0]);
//! assert_eq!(
//!     Door::new(Round::U).add(&a, &b)?.to_f32s()?,
//!     vec![1.000_000_1, 2.000_000_2]
//! );
//! // The Hoon's bare doors, by name.
//! assert_eq!(Door::la().round(), Round::Z);
//! assert_eq!(Door::sa().round(), Round::N);
//! # Ok::<(), urnum::Error>(())
//! ```
//!
//! The decompositions give named results, each field named as the Hoon's
//! face: [`Eig`] `{ vals, vecs }`, [`Qr`] `{ q, r }`, [`Svd`] `{ u, s, v }`.
//!
//! ```
//! use urnum::prelude::*;
//!
//! let a = Ray::try_from([[3.0f64, 0.0], [0.0, 4.0], [0.0, 0.0]])?;
//! let Svd { u, s, v } = Door::new(Round::N).svd(&a)?;
//! assert_eq!(s.to_f64s()?, vec![4.0, 3.0]); // descending
//! assert_eq!((u.shape(), v.shape()), (vec![3, 2], vec![2, 2]));
//! # Ok::<(), urnum::Error>(())
//! ```

use crate::error::Error;
use lagoon::axis::norms::NormOrd;
use lagoon::Ray;
pub use saloon::svd::Svd;
use saloon::Limits;
use softblas::math::MathError;
use softblas::scalar::i754::Width;
use softblas::scalar::unum::UnumRev;
use softblas::{Atom, DoorRound, Policy, Round};

/// The rounding mode, tolerances, work bounds, `/lib/unum` revision and
/// [`Policy`] of a Lagoon, Saloon or `/lib/math` door.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Door {
    round: Round,
    rtol: Option<Atom>,
    atol: Option<Atom>,
    limits: Limits,
    unum: UnumRev,
    policy: Policy,
}

impl Door {
    /// The door rounding in `round`, with each library's default tolerances,
    /// no work bound ([`Limits::NONE`]: a 500 × 500 `lstsq` or the
    /// eigenvalues of a 200 × 200 matrix run to the end; see [`Door::with_limits`])
    /// the `/lib/unum` revision [`UnumRev::DEFAULT`] and the policy
    /// [`Policy::FAST`] (the best loops the CPU has; see [`Door::with_policy`]).
    pub const fn new(round: Round) -> Door {
        Door {
            round,
            rtol: None,
            atol: None,
            limits: Limits::NONE,
            unum: UnumRev::DEFAULT,
            policy: Policy::FAST,
        }
    }

    /// This door computing under the policy `policy`: the executor and the
    /// highest instruction-set level its loops may use. Every policy gives the
    /// same bits; two doors of different policies can run side by side.
    ///
    /// ```
    /// use urnum::prelude::*;
    /// use urnum::{Isa, Policy};
    ///
    /// let a = Ray::from_f32s(&[1.0, 2.0, 3.0], &[3])?;
    /// let fast = Door::new(Round::N);
    /// let reference = fast.clone().with_policy(Policy::REFERENCE);
    /// let portable = fast.clone().with_policy(Policy::FAST.with_isa(Isa::Portable));
    /// let want = fast.add(&a, &a)?;
    /// assert_eq!(reference.add(&a, &a)?, want);
    /// assert_eq!(portable.add(&a, &a)?, want);
    /// # Ok::<(), urnum::Error>(())
    /// ```
    pub const fn with_policy(mut self, policy: Policy) -> Door {
        self.policy = policy;
        self
    }

    /// The policy this door computes under.
    pub const fn policy(&self) -> Policy {
        self.policy
    }

    /// This door with its `%unum` arms applying the elementary functions of
    /// the `/lib/unum` revision `unum`.
    ///
    /// ```
    /// use urnum::posit::{Rps, UnumRev};
    /// use urnum::prelude::*;
    ///
    /// // exp of posit32 0.5 in the two texts (issue 36's example).
    /// let x = Ray::from_slice(&[Rps::from_f64(0.5)], &[1])?;
    /// let new = Door::new(Round::N).exp(&x)?.to_vec::<Rps>()?;
    /// let old = Door::new(Round::N).with_unum(UnumRev::V96f3cfe).exp(&x)?;
    /// assert_eq!(new[0].to_bits(), 0x4530_94c7);
    /// assert_eq!(old.to_vec::<Rps>()?[0].to_bits(), 0x4530_94c8);
    /// # Ok::<(), urnum::Error>(())
    /// ```
    pub const fn with_unum(mut self, unum: UnumRev) -> Door {
        self.unum = unum;
        self
    }

    /// The `/lib/unum` revision of this door's `%unum` elementary functions.
    pub const fn unum(&self) -> UnumRev {
        self.unum
    }

    /// This door with the work bounds `limits` for Saloon's iterative and
    /// cubic arms (`eig`, `svd`, `qr`, `lstsq`, `chol`, `gram`); past a bound
    /// an arm gives an error for which [`Error::is_unsupported`] holds,
    /// checked before the work where its cost is known in advance.
    ///
    /// ```
    /// use urnum::prelude::*;
    /// use urnum::saloon::Limits;
    ///
    /// let a = Ray::from_f64s(&vec![1.0; 300 * 300], &[300, 300])?;
    /// let v = Ray::from_f64s(&vec![1.0; 300], &[300])?;
    /// // The jets' bounds refuse a 300 × 300 least-squares solve at once.
    /// let jet = Door::new(Round::N).with_limits(Limits::JET);
    /// assert!(jet.lstsq(&a, &v).unwrap_err().is_unsupported());
    /// assert_eq!(Door::new(Round::N).limits(), Limits::NONE);
    /// # Ok::<(), urnum::Error>(())
    /// ```
    pub const fn with_limits(mut self, limits: Limits) -> Door {
        self.limits = limits;
        self
    }

    /// The work bounds.
    ///
    /// ```
    /// use urnum::prelude::*;
    /// use urnum::saloon::Limits;
    ///
    /// let d = Door::new(Round::N).with_limits(Limits { eig: 1 << 30, ..Limits::JET });
    /// assert_eq!(d.limits().eig, 1 << 30);
    /// assert_eq!(d.saloon().limits, d.limits());
    /// ```
    pub const fn limits(&self) -> Limits {
        self.limits
    }

    /// Lagoon's bare door `la`: `%z`.
    pub const fn la() -> Door {
        Door::new(Round::HOON_BUNT)
    }

    /// Saloon's bare door `sa`: `%n`, `rtol = 0x1`.
    pub const fn sa() -> Door {
        Door::new(Round::N)
    }

    /// This door with the relative tolerance `rtol` (raw float bits at the
    /// width of the values it compares: `Rs::from(1e-5f32)`, `Rd::from(1e-10)`).
    pub fn with_rtol(mut self, rtol: impl Into<Atom>) -> Door {
        self.rtol = Some(rtol.into());
        self
    }

    /// This door with the absolute tolerance `atol` (`/lib/math` only).
    pub fn with_atol(mut self, atol: impl Into<Atom>) -> Door {
        self.atol = Some(atol.into());
        self
    }

    /// The rounding mode.
    pub const fn round(&self) -> Round {
        self.round
    }

    /// The door `(lake round)` of Lagoon, beside this door's `/lib/unum` revision and policy.
    pub const fn lagoon(&self) -> lagoon::Door {
        lagoon::Door::lake(self.round)
            .with_unum(Some(self.unum))
            .with_policy(self.policy)
    }

    /// The door `(sake round rtol)` of Saloon (`rtol` `0x1` when unset),
    /// with this door's work bounds and `/lib/unum` revision.
    ///
    /// ```
    /// use urnum::prelude::*;
    /// use urnum::posit::UnumRev;
    /// use urnum::saloon::{Limits, Sa};
    ///
    /// let bare = Sa::bare().with_limits(Limits::NONE);
    /// assert_eq!(Door::sa().saloon(), bare.with_unum(Some(UnumRev::DEFAULT)));
    /// let tight = Door::new(Round::N).with_rtol(Rd::from(1e-12));
    /// assert_eq!(tight.saloon().rtol, Atom::from(1e-12f64.to_bits()));
    /// ```
    pub fn saloon(&self) -> saloon::Sa {
        let rtol = self.rtol.clone().unwrap_or(Atom::ONE);
        saloon::Sa::sake(self.round, rtol)
            .with_limits(self.limits)
            .with_unum(Some(self.unum))
            .with_policy(self.policy)
    }

    /// The `/lib/math` door `~(. r? [round rtol atol])` at `width` (the width's
    /// default `rtol` and `atol = 0` when unset).
    ///
    /// # Errors
    /// [`MathError::NotHoonMode`] for [`Round::A`], which no Hoon door takes.
    ///
    /// ```
    /// use urnum::softblas::scalar::i754::Width;
    /// use urnum::{Door, Round};
    ///
    /// let rd = Door::new(Round::U).math(Width::D)?;
    /// assert_eq!((rd.name(), rd.mode(), rd.atol()), ("rd", Round::U, 0));
    /// assert!(Door::new(Round::A).math(Width::D).is_err());
    /// # Ok::<(), urnum::Error>(())
    /// ```
    pub fn math(&self, width: Width) -> Result<softblas::math::Door, MathError> {
        let bunt = softblas::math::Door::new(width);
        let raw = |t: &Option<Atom>, default: u128| t.as_ref().map_or(default, Atom::low_u128);
        softblas::math::Door::with(
            width,
            self.round,
            raw(&self.rtol, bunt.rtol()),
            raw(&self.atol, bunt.atol()),
        )
        .map(|d| d.with_policy(self.policy))
    }

    /// The `/lib/complex` door `~(. c? round)` at component width `width`.
    pub const fn complex(&self, width: Width) -> softblas::scalar::cplx::Plane {
        softblas::scalar::cplx::Plane::new(width, self.round).with_exec(self.policy.exec)
    }
}

/// The eigendecomposition `+eig` gives: `[vals vecs]`.
///
/// ```
/// use urnum::prelude::*;
///
/// let a = Ray::from_f64s(&[1.0, 0.0, 0.0, 1.0], &[2, 2])?;
/// let e: Eig = Door::new(Round::N).eig(&a)?;
/// assert_eq!(e.vals.iter::<f64>()?.sum::<f64>(), 2.0);
/// # Ok::<(), urnum::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Eig {
    /// The eigenvalues, a rank-1 ray.
    pub vals: Ray,
    /// The eigenvectors, the columns of a square ray.
    pub vecs: Ray,
}

/// The factors `+qr` gives: `[q r]`.
///
/// ```
/// use urnum::prelude::*;
///
/// let a = Ray::try_from([[2.0f64, 0.0], [0.0, 3.0]])?;
/// let Qr { q, r } = Door::new(Round::N).qr(&a)?;
/// // q·r is a again.
/// assert_eq!(Door::new(Round::N).mmul(&q, &r)?.to_f64s()?, a.to_f64s()?);
/// # Ok::<(), urnum::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qr {
    /// `q`, with orthonormal columns.
    pub q: Ray,
    /// `r`, upper triangular.
    pub r: Ray,
}

impl Door {
    /// `+eig` (Saloon's arm) under this door: the eigenvalues and
    /// eigenvectors of a symmetric `%i754` (or Hermitian `%cplx`) matrix.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let a = Ray::from_f64s(&[2.0, 0.0, 0.0, 3.0], &[2, 2])?;
    /// let Eig { vals, vecs } = Door::new(Round::N).eig(&a)?;
    /// assert_eq!(vals.to_f64s()?, vec![2.0, 3.0]);
    /// assert_eq!(vecs.shape(), vec![2, 2]);
    /// # Ok::<(), urnum::Error>(())
    /// ```
    ///
    /// # Errors
    /// Saloon's, as [`crate::Error::Saloon`].
    pub fn eig(&self, a: &Ray) -> Result<Eig, Error> {
        let (vals, vecs) = saloon::eig(&self.saloon(), a)?;
        Ok(Eig { vals, vecs })
    }

    /// `+qr` (Saloon's arm) under this door.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let a = Ray::from_f64s(&[3.0, 0.0, 4.0, 5.0], &[2, 2])?;
    /// let Qr { q, r } = Door::new(Round::N).qr(&a)?;
    /// assert_eq!((q.shape(), r.shape()), (vec![2, 2], vec![2, 2]));
    /// # Ok::<(), urnum::Error>(())
    /// ```
    ///
    /// # Errors
    /// Saloon's, as [`crate::Error::Saloon`].
    pub fn qr(&self, a: &Ray) -> Result<Qr, Error> {
        let (q, r) = saloon::qr::qr(&self.saloon(), a)?;
        Ok(Qr { q, r })
    }
}

/// Methods named as the Hoon arms, each the library function of that arm
/// called with this door's Lagoon or Saloon door.
macro_rules! arms {
    ($door:ident $lib:literal: $($name:ident($($arg:ident: $ty:ty),*) -> $out:ty = $path:path;)*) => {
        impl Door {$(
            #[doc = concat!("`", stringify!($path), "` (", $lib, "'s arm) under this door.")]
            ///
            /// # Errors
            #[doc = concat!("The library's, as [`crate::Error::", $lib, "`].")]
            pub fn $name(&self, $($arg: $ty),*) -> Result<$out, Error> {
                Ok($path(&self.$door(), $($arg),*)?)
            }
        )*}
    };
}

arms! {
    lagoon "Lagoon":
    add(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::add;
    sub(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::sub;
    mul(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::mul;
    div(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::div;
    r#mod(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::r#mod;
    gth(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::gth;
    gte(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::gte;
    lth(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::lth;
    lte(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::lte;
    equ(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::equ;
    neq(a: &Ray, b: &Ray) -> Ray = lagoon::elementwise::neq;
    add_scalar(a: &Ray, n: &Atom) -> Ray = lagoon::elementwise::add_scalar;
    sub_scalar(a: &Ray, n: &Atom) -> Ray = lagoon::elementwise::sub_scalar;
    mul_scalar(a: &Ray, n: &Atom) -> Ray = lagoon::elementwise::mul_scalar;
    div_scalar(a: &Ray, n: &Atom) -> Ray = lagoon::elementwise::div_scalar;
    abs(a: &Ray) -> Ray = lagoon::elementwise::abs;
    conj(a: &Ray) -> Ray = lagoon::elementwise::conj;
    pow_n(a: &Ray, n: &Atom) -> Ray = lagoon::elementwise::pow_n;
    dot(a: &Ray, b: &Ray) -> Ray = lagoon::linalg::dot;
    mmul(a: &Ray, b: &Ray) -> Ray = lagoon::linalg::mmul;
    mpow_n(a: &Ray, n: u64) -> Ray = lagoon::linalg::mpow_n;
    cumsum(a: &Ray) -> Ray = lagoon::reduce::cumsum;
    prod(a: &Ray) -> Ray = lagoon::reduce::prod;
    max(a: &Ray) -> Ray = lagoon::reduce::max;
    min(a: &Ray) -> Ray = lagoon::reduce::min;
    argmax(a: &Ray) -> u64 = lagoon::reduce::argmax;
    argmin(a: &Ray) -> u64 = lagoon::reduce::argmin;
    trace(a: &Ray) -> Ray = lagoon::structure::trace;
    mean(a: &Ray) -> Ray = lagoon::axis::statistics::mean;
    var(a: &Ray, ddof: u64) -> Ray = lagoon::axis::statistics::var;
    std(a: &Ray, ddof: u64) -> Ray = lagoon::axis::statistics::std;
    norm(a: &Ray, ord: NormOrd) -> Ray = lagoon::axis::norms::norm;
    cdist_sq(a: &Ray, b: &Ray) -> Ray = lagoon::axis::distances::cdist_sq;
}

arms! {
    saloon "Saloon":
    neg(a: &Ray) -> Ray = saloon::neg;
    factorial(a: &Ray) -> Ray = saloon::factorial;
    exp(a: &Ray) -> Ray = saloon::exp;
    sin(a: &Ray) -> Ray = saloon::sin;
    cos(a: &Ray) -> Ray = saloon::cos;
    tan(a: &Ray) -> Ray = saloon::tan;
    log(a: &Ray) -> Ray = saloon::log;
    log_10(a: &Ray) -> Ray = saloon::log_10;
    log_2(a: &Ray) -> Ray = saloon::log_2;
    sqrt(a: &Ray) -> Ray = saloon::sqrt;
    cbrt(a: &Ray) -> Ray = saloon::cbrt;
    pow(a: &Ray, b: &Ray) -> Ray = saloon::pow;
    is_close(a: &Ray, b: &Ray) -> Ray = saloon::elementwise::is_close;
    matvec(m: &Ray, x: &Ray) -> Ray = saloon::solvers::matvec;
    gram(a: &Ray) -> Ray = saloon::solvers::gram;
    chol(a: &Ray) -> Ray = saloon::solvers::chol;
    chol_solve(a: &Ray, v: &Ray) -> Ray = saloon::solvers::chol_solve;
    eigvals(a: &Ray) -> Ray = saloon::eigvals;
    eigvecs(a: &Ray) -> Ray = saloon::eigvecs;
    lstsq(a: &Ray, v: &Ray) -> Ray = saloon::qr::lstsq;
    svd(a: &Ray) -> Svd = saloon::svd::svd;
    svd_vals(a: &Ray) -> Ray = saloon::svd::svd_vals;
}
