//! [`Error`](enum@Error): what a façade call can fail with, one variant per library and
//! one per check the façade itself makes (a slice that does not fill its
//! shape, a ray read back as the wrong element type).
//!
//! ```
//! use urnum::prelude::*;
//!
//! // Three values do not fill a 2×2 ray.
//! let err = Ray::from_f32s(&[1.0, 2.0, 3.0], &[2, 2]).unwrap_err();
//! assert!(matches!(err, urnum::Error::Shape { elems: 4, len: 3 }));
//! assert_eq!(err.to_string(), "the shape holds 4 elements but 3 were given");
//! ```
//!
//! [`Error::is_unsupported`] tells "urnum declines" (a work bound, a loop
//! the Hoon never ends, an input urnum does not reproduce) from "the Hoon
//! crashes here" and the façade's own checks:
//!
//! ```
//! use urnum::prelude::*;
//!
//! let a = Ray::from_f32s(&[1.0, 2.0, 3.0, 4.0], &[2, 2])?;
//! let b = Ray::from_f32s(&[1.0, 2.0, 3.0], &[3])?;
//! let crash = Door::new(Round::N).add(&a, &b).unwrap_err();
//! assert!(!crash.is_unsupported());
//! // The error names the shapes that failed the Hoon's assertion.
//! assert_eq!(
//!     crash.to_string(),
//!     "add: assertion failed: =(meta.a meta.b): a is ~[2 2] bloq 5 %i754, b is ~[3] bloq 5 %i754"
//! );
//! # Ok::<(), urnum::Error>(())
//! ```

use softblas::Kind;
use thiserror::Error;

/// Why a call through the façade gave no value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Error {
    /// A Lagoon arm crashed (as the Hoon would) or declined.
    #[error(transparent)]
    Lagoon(#[from] lagoon::LagoonError),
    /// A Saloon arm crashed (as the Hoon would) or declined.
    #[error(transparent)]
    Saloon(#[from] saloon::SaloonError),
    /// A `/lib/math` arm crashed, did not terminate, or the door was not a Hoon door.
    #[error(transparent)]
    Math(#[from] softblas::math::MathError),
    /// A `/lib/unum` (posit) function crashed or did not terminate.
    #[error(transparent)]
    Posit(#[from] softblas::scalar::unum::fns::LoopError),
    /// A `/lib/fixed` arm crashed.
    #[error(transparent)]
    Fixed(#[from] softblas::scalar::fixp::FixpError),
    /// A `/lib/complex` door was asked for at a width it does not have.
    #[error(transparent)]
    Complex(#[from] softblas::scalar::cplx::CplxError),
    /// A program was not made: an [`crate::nx`] kind has no meaning at the ray's kind.
    #[error(transparent)]
    Prog(#[from] softblas::prog::ProgError),
    /// A loop of the kernel layer failed (a scalar crash, or an unsupported case).
    #[error(transparent)]
    Exec(#[from] softblas::exec::ExecError),
    /// A literal did not parse, or an atom did not print, in its aura.
    #[error(transparent)]
    Aura(#[from] hoon::aura::AuraError),
    /// A native slice does not fill the ray's shape.
    #[error("the shape holds {elems} elements but {len} were given")]
    Shape {
        /// The product of the shape.
        elems: u64,
        /// The slice's length.
        len: usize,
    },
    /// A number converted by `TryFrom` to a type that does not hold it exactly.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let e = Rs::try_from(0.1f64).unwrap_err();
    /// assert_eq!(e.to_string(), "0.1 is not exactly an @rs");
    /// assert!(matches!(e, urnum::Error::Inexact { to: "@rs", .. }));
    /// ```
    #[error("{value} is not exactly an {to}")]
    Inexact {
        /// The value, as Rust prints it.
        value: String,
        /// The target type's aura (`@rs`, `@rph`).
        to: &'static str,
    },
    /// An atom converted by `TryFrom` to a typed scalar narrower than it.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let e = Rh::try_from(&Atom::from(0x1_0000u64)).unwrap_err();
    /// assert_eq!(e.to_string(), "an atom of 17 bits is not a 16-bit Rh");
    /// ```
    #[error("an atom of {bits} bits is not a {width}-bit {to}")]
    TooWide {
        /// The atom's bit length.
        bits: u64,
        /// The target type's width in bits.
        width: u32,
        /// The target type.
        to: &'static str,
    },
    /// A ray read back as an element type it does not hold.
    #[error("the ray holds %{}@{found_bloq}, not %{}@{bloq}", found_kind.term(), kind.term())]
    Element {
        /// The kind asked for.
        kind: Kind,
        /// The bloq asked for.
        bloq: u32,
        /// The ray's kind.
        found_kind: Kind,
        /// The ray's bloq.
        found_bloq: u32,
    },
}

impl Error {
    /// Whether urnum declines this input (a work bound of the door's
    /// [`crate::saloon::Limits`], a Hoon loop that never ends, a value urnum
    /// does not reproduce) rather than the Hoon crashing on it or the
    /// façade refusing its arguments.
    ///
    /// ```
    /// use urnum::prelude::*;
    /// use urnum::saloon::Limits;
    ///
    /// // 272 × 272 is past the jets' bound on +qr (a side of 271), refused
    /// // from the shape before any work.
    /// let a = Ray::from_f64s(&vec![1.0; 272 * 272], &[272, 272])?;
    /// let e = Door::new(Round::N).with_limits(Limits::JET).qr(&a).unwrap_err();
    /// assert!(e.is_unsupported());
    /// // A slice that does not fill its shape is the façade's refusal.
    /// assert!(!Ray::from_f64s(&[1.0], &[2]).unwrap_err().is_unsupported());
    /// # Ok::<(), urnum::Error>(())
    /// ```
    pub fn is_unsupported(&self) -> bool {
        use softblas::math::MathError as M;
        match self {
            Error::Lagoon(e) => e.is_unsupported(),
            Error::Saloon(e) => e.is_unsupported(),
            Error::Math(e) => matches!(e, M::Loop(_)),
            // A posit function fails only where the Hoon never ends or runs too long.
            Error::Posit(_) => true,
            Error::Exec(softblas::exec::ExecError::Scalar(e)) => e.is_unsupported(),
            _ => false,
        }
    }
}
