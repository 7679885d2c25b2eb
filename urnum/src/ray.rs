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
//! assert_eq!(a.meta.shape, vec![2, 2]);
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

use crate::error::Error;
use lagoon::{Meta, Ray, Tail};
use softblas::{Atom, Kind};

/// A Rust type that is one element of a ray: its kind, its bloq (element
/// width `2^BLOQ` bits, at most 128) and its bits.
pub trait Element: Copy {
    /// The Lagoon kind of a ray of this type.
    const KIND: Kind;
    /// The bloq of a ray of this type.
    const BLOQ: u32;
    /// The meta's tail for this type: `~` except for fixed point.
    fn tail() -> Tail {
        Tail::Null
    }
    /// The element's bits, in the low `2^BLOQ` bits.
    fn to_u128(self) -> u128;
    /// The element whose bits are the low `2^BLOQ` bits of `bits`.
    fn from_u128(bits: u128) -> Self;
}

/// Implements [`Element`] for types whose bits are an unsigned integer
/// (`to_bits`/`from_bits` or a plain cast).
macro_rules! element {
    ($($ty:ty => $kind:ident, $bloq:expr, |$x:ident| $to:expr, |$b:ident| $from:expr;)*) => {$(
        impl Element for $ty {
            const KIND: Kind = Kind::$kind;
            const BLOQ: u32 = $bloq;
            fn to_u128(self) -> u128 {
                let $x = self;
                $to
            }
            fn from_u128($b: u128) -> Self {
                $from
            }
        }
    )*};
}

element! {
    f32 => I754, 5, |x| u128::from(x.to_bits()), |b| f32::from_bits(b as u32);
    f64 => I754, 6, |x| u128::from(x.to_bits()), |b| f64::from_bits(b as u64);
    u8 => Uint, 3, |x| u128::from(x), |b| b as u8;
    u16 => Uint, 4, |x| u128::from(x), |b| b as u16;
    u32 => Uint, 5, |x| u128::from(x), |b| b as u32;
    u64 => Uint, 6, |x| u128::from(x), |b| b as u64;
    u128 => Uint, 7, |x| x, |b| b;
    i8 => Int2, 3, |x| u128::from(x as u8), |b| b as u8 as i8;
    i16 => Int2, 4, |x| u128::from(x as u16), |b| b as u16 as i16;
    i32 => Int2, 5, |x| u128::from(x as u32), |b| b as u32 as i32;
    i64 => Int2, 6, |x| u128::from(x as u64), |b| b as u64 as i64;
}

/// The named [`RayExt`] methods for one native type: `from_…s` and `to_…s`.
macro_rules! natives {
    ($($from:ident, $to:ident, $ty:ty, $what:literal;)*) => {$(
        #[doc = concat!("The ray of `shape` holding `xs`: ", $what, ".")]
        ///
        /// # Errors
        /// As [`RayExt::from_slice`].
        fn $from(xs: &[$ty], shape: &[u64]) -> Result<Self, Error> {
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
    fn from_slice<T: Element>(xs: &[T], shape: &[u64]) -> Result<Self, Error>;

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
    fn from_slice<T: Element>(xs: &[T], shape: &[u64]) -> Result<Ray, Error> {
        let meta = Meta::new(shape.to_vec(), T::BLOQ, T::KIND).with_tail(T::tail());
        let elems = meta.elems()?;
        if elems != xs.len() as u64 {
            return Err(Error::Shape {
                elems,
                len: xs.len(),
            });
        }
        let atoms: Vec<Atom> = xs.iter().map(|x| Atom::from_u128(x.to_u128())).collect();
        Ok(Ray::from_elems(meta, &atoms)?)
    }

    fn to_vec<T: Element>(&self) -> Result<Vec<T>, Error> {
        let m = &self.meta;
        if m.kind != T::KIND || m.bloq != T::BLOQ || m.tail != T::tail() {
            return Err(Error::Element {
                kind: T::KIND,
                bloq: T::BLOQ,
                found_kind: m.kind,
                found_bloq: m.bloq,
            });
        }
        Ok((0..self.elems()?)
            .map(|i| T::from_u128(self.get_u128(i)))
            .collect())
    }
}
