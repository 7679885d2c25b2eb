//! Rays from and to native slices: the [`Element`] types a ray can hold and
//! [`RayExt`], which adds `Ray::from_f32s`, `to_f32s` and their siblings to
//! Lagoon's [`Ray`].
//!
//! An element type fixes the ray's kind and bloq: `f32` and [`Rs`](crate::float::Rs)
//! are `%i754` at bloq 5, `u8` is `%uint` at bloq 3, `i16` is `%int2` at bloq
//! 4, [`Rps`](crate::posit::Rps) is `%unum` at bloq 5, [`Cs`](crate::complex::Cs)
//! is `%cplx` at bloq 6, [`Fixed<3, 4>`](crate::fixed::Fixed) is `%fixp` at
//! bloq 3 with the tail `[3 4]`. Building moves bits only; reading back
//! checks that the ray holds that kind and bloq.
//!
//! ```
//! use urnum::prelude::*;
//!
//! let a = Ray::from_f32s(&[1.0, 2.5, -3.0, 0.125], &[2, 2])?;
//! assert_eq!(a.shape(), vec![2, 2]);
//! assert_eq!((a.meta.kind, a.meta.bloq), (Kind::I754, 5));
//! assert_eq!(a.to_f32s()?, vec![1.0, 2.5, -3.0, 0.125]);
//!
//! // The same for every kind: %uint, %int2, posits, complex, fixed point.
//! let u = Ray::from_u8s(&[1, 2, 255], &[3])?;
//! assert_eq!(u.to_u8s()?, vec![1, 2, 255]);
//! let t = Ray::from_i32s(&[-1, 7], &[2])?;
//! assert_eq!(t.meta.kind, Kind::Int2);
//! assert_eq!(t.to_i32s()?, vec![-1, 7]);
//! let p = Ray::from_slice(&[Rps::from_f64(1.5), Rps::from_f64(-2.0)], &[2])?;
//! assert_eq!(f64::from(p.to_vec::<Rps>()?[0]), 1.5);
//!
//! // Reading back as the wrong type is an error, not a reinterpretation.
//! assert!(a.to_f64s().is_err());
//! # Ok::<(), urnum::Error>(())
//! ```
//!
//! `TryFrom` does the same from vectors, slices and arrays (rank 1, or
//! rank 2 from an array of rows, or any shape from `(slice, shape)`) and
//! back to a `Vec<T>` of the ray's element type:
//!
//! ```
//! use urnum::prelude::*;
//!
//! let v = Ray::try_from(vec![Rd::from(0.5), Rd::from(-1.0)])?;
//! assert_eq!(v.shape(), vec![2]);
//! let m = Ray::try_from([[1i8, -2, 3], [4, 5, -6]])?;
//! assert_eq!((m.shape(), m.meta.kind), (vec![2, 3], Kind::Int2));
//! let cube = Ray::try_from((&[0u16; 8][..], &[2usize, 2, 2][..]))?;
//! assert_eq!(cube.shape(), vec![2, 2, 2]);
//! assert_eq!(Vec::<i8>::try_from(&m)?, vec![1, -2, 3, 4, 5, -6]);
//! assert!(Vec::<u8>::try_from(&m).is_err()); // %int2 is not %uint
//! # Ok::<(), urnum::lagoon::LagoonError>(())
//! ```

use crate::error::Error;
use lagoon::Ray;
use softblas::{Atom, Kind};
use std::fmt;

pub use lagoon::element::Element;

/// The façade's error for a conversion's refusal: [`Error::Shape`] and
/// [`Error::Element`] for Lagoon's [`lagoon::LagoonError::Fill`] and
/// [`lagoon::LagoonError::NotElement`], [`Error::Lagoon`] otherwise.
fn refusal(e: lagoon::LagoonError) -> Error {
    match e {
        lagoon::LagoonError::Fill { elems, len, .. } => Error::Shape { elems, len },
        lagoon::LagoonError::NotElement {
            kind,
            bloq,
            found_kind,
            found_bloq,
        } => Error::Element {
            kind,
            bloq,
            found_kind,
            found_bloq,
        },
        e => Error::Lagoon(e),
    }
}

/// The named [`RayExt`] methods for one native type: `from_…s` and `to_…s`.
macro_rules! natives {
    ($($from:ident, $to:ident, $ty:ty, $what:literal;)*) => {$(
        #[doc = concat!("The ray of `shape` holding `xs`: ", $what, ".")]
        ///
        /// # Errors
        /// As [`RayExt::from_slice`].
        fn $from(xs: &[$ty], shape: &[usize]) -> Result<Self, Error> {
            Self::from_slice(xs, shape)
        }
        #[doc = concat!("The elements of ", $what, ".")]
        ///
        /// # Errors
        /// As [`RayExt::to_vec`].
        fn $to(&self) -> Result<Vec<$ty>, Error> {
            self.to_vec()
        }
    )*};
}

/// Defines a newtype over the bit pattern of a scalar (`$bits`, at most 128
/// bits), its `from_bits`/`to_bits`, and its [`Element`] impl at `$kind`/`$bloq`.
macro_rules! bits_newtype {
    ($(#[$doc:meta])* $name:ident($bits:ty), $kind:ident, $bloq:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[repr(transparent)]
        pub struct $name(pub $bits);

        impl $name {
            /// The value whose bit pattern is `bits`.
            pub const fn from_bits(bits: $bits) -> Self {
                Self(bits)
            }
            /// The bit pattern.
            pub const fn to_bits(self) -> $bits {
                self.0
            }
        }

        /// The value whose bits are the atom's, when it fits the width.
        impl TryFrom<&::softblas::Atom> for $name {
            type Error = $crate::error::Error;
            fn try_from(a: &::softblas::Atom) -> Result<Self, $crate::error::Error> {
                if a.bit_len() > u64::from(<$bits>::BITS) {
                    return Err($crate::error::Error::TooWide {
                        bits: a.bit_len(),
                        width: <$bits>::BITS,
                        to: stringify!($name),
                    });
                }
                Ok(Self(a.low_u128() as $bits))
            }
        }

        impl $crate::ray::Element for $name {
            const KIND: ::softblas::Kind = ::softblas::Kind::$kind;
            const BLOQ: u32 = $bloq;
            fn to_u128(self) -> u128 {
                u128::from(self.0)
            }
            fn from_u128(bits: u128) -> Self {
                Self(bits as $bits)
            }
        }
    };
}

pub(crate) use bits_newtype;

/// Native slices in and out of [`Ray`]: `Ray::from_f32s(&xs, &shape)`,
/// `ray.to_f32s()`, and the generic [`RayExt::from_slice`] / [`RayExt::to_vec`]
/// for every [`Element`] type.
pub trait RayExt: Sized {
    /// The ray of `shape` holding `xs` row-major (`T`'s kind, bloq and tail).
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// // %cplx at bloq 6 (two @rs), %fixp q3.4 at bloq 3, %int2 at bloq 3.
    /// let z = Ray::from_slice(&[Cs::new(Rs::from(1.0f32), Rs::from(-1.0f32))], &[1])?;
    /// assert_eq!((z.meta.kind, z.meta.bloq), (Kind::Cplx, 6));
    /// let q = Ray::from_slice(&[Fixed::<3, 4>::from_f32(0.5)?], &[1])?;
    /// assert_eq!((q.meta.kind, q.meta.bloq), (Kind::Fixp, 3));
    /// let t = Ray::from_slice(&[Twoc(-1i8), Twoc(2)], &[2])?;
    /// assert_eq!(t.to_vec::<i8>()?, vec![-1, 2]);
    /// # Ok::<(), urnum::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Shape`] when `xs` does not have the shape's element count;
    /// Lagoon's size limit.
    fn from_slice<T: Element>(xs: &[T], shape: &[usize]) -> Result<Self, Error>;

    /// The rank-1 ray of `xs`.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let v = Ray::from_vec(vec![1.0f64, 2.0, 3.0])?;
    /// assert_eq!(v.shape(), vec![3]);
    /// # Ok::<(), urnum::Error>(())
    /// ```
    ///
    /// # Errors
    /// Lagoon's size limit.
    fn from_vec<T: Element>(xs: Vec<T>) -> Result<Self, Error> {
        Self::from_slice(&xs, &[xs.len()])
    }

    /// The shape, outermost dimension first.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let a = Ray::from_f32s(&[0.0; 6], &[2, 3])?;
    /// let (rows, cols) = (a.shape()[0], a.shape()[1]);
    /// assert_eq!(rows * cols, 6);
    /// # Ok::<(), urnum::Error>(())
    /// ```
    fn shape(&self) -> Vec<usize>;

    /// The elements, row-major, as `T`, one at a time.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let a = Ray::from_f32s(&[1.0, 2.0, 3.0], &[3])?;
    /// let sum: f32 = a.iter::<f32>()?.sum();
    /// assert_eq!(sum, 6.0);
    /// let doubled: Vec<f32> = a.iter::<f32>()?.map(|x| 2.0 * x).collect();
    /// assert_eq!(doubled, vec![2.0, 4.0, 6.0]);
    /// assert!(a.iter::<u8>().is_err());
    /// # Ok::<(), urnum::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`RayExt::to_vec`].
    fn iter<T: Element>(&self) -> Result<std::vec::IntoIter<T>, Error> {
        Ok(self.to_vec::<T>()?.into_iter())
    }

    /// The ray as the dojo prints it, for `{}`: `[meta=[shape=~[2] bloq=5
    /// kind=%i754 tail=0] data=0x1.4000.0000.3f80.0000]` (the meta's `tail`
    /// is a `*`, so its `~` prints as `0`; dimensions group digits as `@ud`).
    /// `{}` of the ray itself prints the same ([`Ray`]'s `Display`).
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let a = Ray::from_f32s(&[1.0, 2.0], &[2])?;
    /// assert_eq!(
    ///     a.dojo().to_string(),
    ///     "[meta=[shape=~[2] bloq=5 kind=%i754 tail=0] data=0x1.4000.0000.3f80.0000]"
    /// );
    /// # Ok::<(), urnum::Error>(())
    /// ```
    fn dojo(&self) -> Dojo<'_>;

    /// The ray's elements as a matrix, for `{}`: one line per row (per
    /// last-axis run), each element as the dojo prints its scalar (`@rs`
    /// as `.1.5`, `%uint` as `@ud`, `%int2` signed, `%cplx` as `[re im]`,
    /// posits and fixed point as `@ux`), columns aligned.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let a = Ray::from_f32s(&[1.0, 2.5, -3.0, 0.125], &[2, 2])?;
    /// assert_eq!(a.matrix().to_string(), "    .1   .2.5\n   .-3 .0.125");
    /// let t = Ray::from_i32s(&[-1, 20], &[2])?;
    /// assert_eq!(t.matrix().to_string(), "-1 20");
    /// # Ok::<(), urnum::Error>(())
    /// ```
    fn matrix(&self) -> Matrix<'_>;

    /// The elements, row-major, as `T`.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let r = Ray::from_f64s(&[0.5, 0.25], &[2])?;
    /// let typed: Vec<Rd> = r.to_vec()?;
    /// assert_eq!(typed[1].to_string(), ".~0.25");
    /// assert!(r.to_vec::<Rs>().is_err());
    /// # Ok::<(), urnum::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Element`] when the ray's kind or bloq is not `T`'s; Lagoon's
    /// errors for a malformed shape.
    fn to_vec<T: Element>(&self) -> Result<Vec<T>, Error>;

    natives! {
        from_f32s, to_f32s, f32, "an `@rs` ray (`%i754`, bloq 5)";
        from_f64s, to_f64s, f64, "an `@rd` ray (`%i754`, bloq 6)";
        from_u8s, to_u8s, u8, "a `%uint` ray at bloq 3";
        from_u32s, to_u32s, u32, "a `%uint` ray at bloq 5";
        from_u64s, to_u64s, u64, "a `%uint` ray at bloq 6";
        from_i32s, to_i32s, i32, "an `%int2` (two's complement) ray at bloq 5";
        from_i64s, to_i64s, i64, "an `%int2` (two's complement) ray at bloq 6";
    }
}

impl RayExt for Ray {
    fn from_slice<T: Element>(xs: &[T], shape: &[usize]) -> Result<Ray, Error> {
        lagoon::element::from_slice(xs, shape).map_err(refusal)
    }

    fn shape(&self) -> Vec<usize> {
        self.meta.shape.iter().map(|&d| d as usize).collect()
    }

    fn dojo(&self) -> Dojo<'_> {
        Dojo(self)
    }

    fn matrix(&self) -> Matrix<'_> {
        Matrix(self)
    }

    fn to_vec<T: Element>(&self) -> Result<Vec<T>, Error> {
        lagoon::element::to_vec(self).map_err(refusal)
    }
}

/// A ray printed as the dojo prints it ([`RayExt::dojo`]).
///
/// ```
/// use urnum::prelude::*;
///
/// let u = Ray::from_u8s(&[1, 2, 3], &[3])?;
/// assert_eq!(
///     format!("{}", u.dojo()),
///     "[meta=[shape=~[3] bloq=3 kind=%uint tail=0] data=0x103.0201]"
/// );
/// // Dimensions are `@ud`s, grouped as the dojo groups them; a `%fixp` tail is `[a b]`.
/// let z = Ray::from_u8s(&[0; 1000], &[1000])?;
/// assert!(z.dojo().to_string().starts_with("[meta=[shape=~[1.000] bloq=3"));
/// let q = Ray::from_slice(&[Fixed::<3, 4>::from_bits(16)], &[1])?;
/// assert!(q.dojo().to_string().contains("kind=%fixp tail=[3 4]"));
/// // `Display` of the ray itself is the same text.
/// assert_eq!(format!("{q}"), q.dojo().to_string());
/// # Ok::<(), urnum::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Dojo<'a>(&'a Ray);

/// A ray's elements printed as a matrix ([`RayExt::matrix`]).
///
/// ```
/// use urnum::prelude::*;
///
/// let z = Ray::from_slice(&[Cs::new(Rs::from(1.0f32), Rs::from(-0.5f32))], &[1])?;
/// assert_eq!(z.matrix().to_string(), "[.1 .-0.5]");
/// let u = Ray::from_u32s(&[7, 1000, 3, 42], &[2, 2])?;
/// assert_eq!(u.matrix().to_string(), "    7 1.000\n    3    42");
/// # Ok::<(), urnum::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Matrix<'a>(&'a Ray);

/// `aura`'s dojo text of `a`.
fn rend(aura: &str, a: &Atom) -> Result<String, fmt::Error> {
    hoon::tank::rend(aura, a).map_err(|_| fmt::Error)
}

impl fmt::Display for Dojo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Lagoon's `Display` for `Ray` is the dojo's text.
        write!(f, "{}", self.0)
    }
}

/// The dojo text of one element of kind `kind` at `bloq`.
fn element_text(kind: Kind, bloq: u32, bits: u128) -> Result<String, fmt::Error> {
    let float = |b: u32| {
        ["rh", "rs", "rd", "rq"]
            .get(b.wrapping_sub(4) as usize)
            .copied()
    };
    let a = Atom::from_u128(bits);
    match kind {
        Kind::I754 => rend(float(bloq).unwrap_or("ux"), &a),
        Kind::Uint => rend("ud", &a),
        Kind::Int2 => {
            let w = 1u32 << bloq;
            let neg = w <= 128 && (bits >> (w - 1)) & 1 == 1;
            let mag = if neg {
                (!bits).wrapping_add(1) & (u128::MAX >> (128 - w))
            } else {
                bits
            };
            Ok(format!("{}{mag}", if neg { "-" } else { "" }))
        }
        Kind::Cplx => {
            let half = 1u32 << (bloq - 1);
            let mask = u128::MAX >> (128 - half);
            let aura = float(bloq - 1).unwrap_or("ux");
            let re = rend(aura, &Atom::from_u128(bits & mask))?;
            let im = rend(aura, &Atom::from_u128((bits >> half) & mask))?;
            Ok(format!("[{re} {im}]"))
        }
        Kind::Unum | Kind::Fixp => rend("ux", &a),
    }
}

impl fmt::Display for Matrix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.0;
        let m = &r.meta;
        if m.bloq > 7 {
            return write!(f, "{}", Dojo(r));
        }
        let n = r.elems().map_err(|_| fmt::Error)?;
        let texts = (0..n)
            .map(|i| element_text(m.kind, m.bloq, r.get_u128(i)))
            .collect::<Result<Vec<_>, _>>()?;
        let width = texts.iter().map(String::len).max().unwrap_or(0);
        let row = m.shape.last().copied().unwrap_or(1).max(1) as usize;
        for (k, line) in texts.chunks(row).enumerate() {
            if k > 0 {
                f.write_str("\n")?;
            }
            let cells: Vec<String> = line.iter().map(|t| format!("{t:>width$}")).collect();
            f.write_str(&cells.join(" "))?;
        }
        Ok(())
    }
}
