//! Complex numbers (`/lib/complex`): the typed value [`Complex<F>`] of two
//! floats ([`Ch`], [`Cs`], [`Cd`] for the doors `ch cs cd`), and the library's
//! door ([`Plane`]) and arms as [`softblas::scalar::cplx`] has them (re-exported here).
//!
//! A packed element is `im << w | re` (the Hoon's `++pak`), which is how a
//! `%cplx` ray holds it: a [`Cs`] is a `%cplx` element at bloq 6. `Display`
//! is the dojo's: a packed complex value is a bare `@`, printed as `@ud`;
//! each part prints as its float.
//!
//! ```
//! use urnum::complex::{Cs, Plane, Width};
//! use urnum::float::Rs;
//! use urnum::Round;
//!
//! let z = Cs::new(Rs::from(1.0f32), Rs::from(2.0f32));
//! let plane = Plane::new(Width::S, Round::N);
//! let w = Cs::from_cplx(plane.mul(z.to_cplx(), z.to_cplx()));
//! assert_eq!((f32::from(w.re), f32::from(w.im)), (-3.0, 4.0));
//! assert_eq!(w.re.to_string(), ".-3");
//! ```

use crate::float::{dojo, Float, Rd, Rh, Rs};
use crate::ray::Element;
use softblas::{Atom, Kind};
use std::fmt;

pub use softblas::scalar::cplx::*;
/// The component width of a complex door (`ch` = H … `cq` = Q).
pub use softblas::scalar::i754::Width;

/// A complex number of two floats of one width, real part first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Complex<F> {
    /// The real part.
    pub re: F,
    /// The imaginary part.
    pub im: F,
}

/// A complex value of the door `ch` (two `@rh`).
pub type Ch = Complex<Rh>;
/// A complex value of the door `cs` (two `@rs`).
pub type Cs = Complex<Rs>;
/// A complex value of the door `cd` (two `@rd`).
pub type Cd = Complex<Rd>;

impl<F: Float> Complex<F> {
    /// The value `re + im·i`.
    pub fn new(re: F, im: F) -> Self {
        Complex { re, im }
    }

    /// The library's value of these parts.
    pub fn to_cplx(self) -> Cplx {
        Cplx::new(self.re.to_u128(), self.im.to_u128())
    }

    /// The value of the library's parts.
    pub fn from_cplx(c: Cplx) -> Self {
        Complex {
            re: F::from_u128(c.re),
            im: F::from_u128(c.im),
        }
    }

    /// The packed atom `im << w | re` (`++pak`).
    pub fn to_atom(self) -> Atom {
        self.to_cplx().to_atom(F::WIDTH)
    }
}

/// The complex value of `(re, im)`.
///
/// ```
/// use urnum::complex::Cd;
/// use urnum::float::Rd;
///
/// let z = Cd::from((Rd::from(1.5), Rd::from(-2.0)));
/// assert_eq!((f64::from(z.re), f64::from(z.im)), (1.5, -2.0));
/// let (re, im): (Rd, Rd) = z.into();
/// assert_eq!(im.to_string(), ".~-2");
/// ```
impl<F: Float> From<(F, F)> for Complex<F> {
    fn from((re, im): (F, F)) -> Complex<F> {
        Complex { re, im }
    }
}

/// The parts `(re, im)` of a complex value.
impl<F: Float> From<Complex<F>> for (F, F) {
    fn from(z: Complex<F>) -> (F, F) {
        (z.re, z.im)
    }
}

/// `%cplx` elements: complex values whose packed form fits 128 bits.
macro_rules! element {
    ($($f:ty)*) => {$(
        impl Element for Complex<$f> {
            const KIND: Kind = Kind::Cplx;
            const BLOQ: u32 = <$f as Element>::BLOQ + 1;
            fn to_u128(self) -> u128 {
                self.to_atom().low_u128()
            }
            fn from_u128(bits: u128) -> Self {
                Self::from_cplx(Cplx::from_atom(<$f as Float>::WIDTH, &Atom::from_u128(bits)))
            }
        }
    )*};
}

element!(Rh Rs Rd f32 f64);

impl<F: Float> fmt::Display for Complex<F>
where
    Complex<F>: Element,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dojo(f, "ud", self.to_u128())
    }
}
