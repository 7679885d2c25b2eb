//! Native element types and the conversions between them and rays: the
//! [`Element`] trait (a Rust type's kind, bloq, tail and bits) and
//! `TryFrom` from vectors, slices and arrays to [`Ray`] and from a ray back
//! to `Vec<T>`.
//!
//! An element type fixes the ray's kind and bloq: `f32` is `%i754` at bloq
//! 5, `f64` at bloq 6, `u8 … u128` are `%uint` at bloq 3 … 7, `i8 … i64`
//! `%int2` at bloq 3 … 6. (The `urnum` façade adds its typed scalars:
//! `@rh … @rq`, posits, complex, fixed point.) Building moves bits only;
//! reading back checks that the ray holds that kind, bloq and tail.
//!
//! ```
//! use lagoon::{LagoonError, Ray};
//!
//! let v = Ray::try_from(vec![1.0f32, 2.0, 3.0])?; // rank 1
//! assert_eq!(v.meta.shape, vec![3]);
//! let m = Ray::try_from([[1u8, 2], [3, 4]])?; // a 2 × 2 %uint ray
//! assert_eq!(m.meta.shape, vec![2, 2]);
//! let s = Ray::try_from((&[1i32, -2, 3, -4, 5, -6][..], &[3usize, 2][..]))?; // any shape
//! assert_eq!(Vec::<i32>::try_from(&s)?, vec![1, -2, 3, -4, 5, -6]);
//! // Reading back as another type is an error, not a reinterpretation.
//! assert!(matches!(Vec::<f64>::try_from(&v), Err(LagoonError::NotElement { .. })));
//! # Ok::<(), LagoonError>(())
//! ```

use crate::error::LagoonError;
use crate::meta::{Meta, Tail};
use crate::ray::Ray;
use softblas::{Atom, Kind, Word};

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

/// Implements [`Element`] for native types whose bits are an unsigned
/// integer (`to_bits`/`from_bits` or a plain cast).
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

/// The ray of `shape` holding `xs` row-major (`T`'s kind, bloq and tail).
///
/// # Errors
/// [`LagoonError::Fill`] when `xs` does not have the shape's element count;
/// [`LagoonError::ShapeOverflow`] and [`LagoonError::TooLarge`] past urnum's size limit.
pub fn from_slice<T: Element>(xs: &[T], shape: &[usize]) -> Result<Ray, LagoonError> {
    let shape: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
    let meta = Meta::new(shape, T::BLOQ, T::KIND).with_tail(T::tail());
    let elems = meta.elems()?;
    if elems != xs.len() as u64 {
        return Err(LagoonError::Fill {
            shape: meta.shape,
            elems,
            len: xs.len(),
        });
    }
    // Bloq 4–7: the elements are written straight into the data atom's limbs.
    let n = xs.len();
    let direct = match T::BLOQ {
        4 => crate::bits_path::pinned(&meta, n, |out: &mut [u16]| put(xs, out)),
        5 => crate::bits_path::pinned(&meta, n, |out: &mut [u32]| put(xs, out)),
        6 => crate::bits_path::pinned(&meta, n, |out: &mut [u64]| put(xs, out)),
        7 => crate::bits_path::pinned(&meta, n, |out: &mut [u128]| put(xs, out)),
        _ => None,
    };
    if let Some(r) = direct {
        return Ok(r);
    }
    // Other bloqs, and data past urnum's size limit (which `from_elems` reports).
    let atoms: Vec<Atom> = xs.iter().map(|x| Atom::from_u128(x.to_u128())).collect();
    Ray::from_elems(meta, &atoms)
}

/// Writes the bits of `xs` into `out`, word by word (`W` of the elements' width).
fn put<T: Element, W: Word>(xs: &[T], out: &mut [W]) {
    for (o, x) in out.iter_mut().zip(xs) {
        *o = W::of_bits(x.to_u128());
    }
}

/// The `n` elements of `r` as `T`, read from the data atom as words of `W`
/// (the elements' width): borrowed where the limbs are the words.
fn take<T: Element, W: Word>(r: &Ray, n: usize) -> Vec<T> {
    r.data
        .le_words::<W>(n)
        .iter()
        .map(|w| T::from_u128(w.bits()))
        .collect()
}

/// The elements of `r`, row-major, as `T`.
///
/// # Errors
/// [`LagoonError::NotElement`] when the ray's kind, bloq or tail is not
/// `T`'s; [`LagoonError::ShapeOverflow`] for a shape past 64 bits.
pub fn to_vec<T: Element>(r: &Ray) -> Result<Vec<T>, LagoonError> {
    let m = &r.meta;
    if m.kind != T::KIND || m.bloq != T::BLOQ || m.tail != T::tail() {
        return Err(LagoonError::NotElement {
            kind: T::KIND,
            bloq: T::BLOQ,
            found_kind: m.kind,
            found_bloq: m.bloq,
        });
    }
    let n = r.elems()?;
    // Bloq 4–7: the elements read as words, borrowed where the limbs are them.
    if let Ok(k) = usize::try_from(n) {
        match T::BLOQ {
            4 => return Ok(take::<T, u16>(r, k)),
            5 => return Ok(take::<T, u32>(r, k)),
            6 => return Ok(take::<T, u64>(r, k)),
            7 => return Ok(take::<T, u128>(r, k)),
            _ => {}
        }
    }
    Ok((0..n).map(|i| T::from_u128(r.get_u128(i))).collect())
}

/// The rank-1 ray of `xs`.
impl<T: Element> TryFrom<Vec<T>> for Ray {
    type Error = LagoonError;
    fn try_from(xs: Vec<T>) -> Result<Ray, LagoonError> {
        from_slice(&xs, &[xs.len()])
    }
}

/// The rank-1 ray of `xs`.
impl<T: Element> TryFrom<&[T]> for Ray {
    type Error = LagoonError;
    fn try_from(xs: &[T]) -> Result<Ray, LagoonError> {
        from_slice(xs, &[xs.len()])
    }
}

/// The rank-1 ray of `xs`.
impl<T: Element, const N: usize> TryFrom<[T; N]> for Ray {
    type Error = LagoonError;
    fn try_from(xs: [T; N]) -> Result<Ray, LagoonError> {
        from_slice(&xs, &[N])
    }
}

/// The `R × C` ray of `rows`, row-major.
impl<T: Element, const R: usize, const C: usize> TryFrom<[[T; C]; R]> for Ray {
    type Error = LagoonError;
    fn try_from(rows: [[T; C]; R]) -> Result<Ray, LagoonError> {
        let flat: Vec<T> = rows.iter().flatten().copied().collect();
        from_slice(&flat, &[R, C])
    }
}

/// The ray of a shape holding a slice row-major: `(xs, shape)`.
impl<T: Element> TryFrom<(&[T], &[usize])> for Ray {
    type Error = LagoonError;
    fn try_from((xs, shape): (&[T], &[usize])) -> Result<Ray, LagoonError> {
        from_slice(xs, shape)
    }
}

/// The elements of a ray as `T`, checked against the ray's kind and bloq.
impl<T: Element> TryFrom<&Ray> for Vec<T> {
    type Error = LagoonError;
    fn try_from(r: &Ray) -> Result<Vec<T>, LagoonError> {
        to_vec(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ray `from_elems` builds, one atom per element: the definition the
    /// word path of `from_slice` must match.
    fn by_atoms<T: Element>(xs: &[T]) -> Ray {
        let meta = Meta::new(vec![xs.len() as u64], T::BLOQ, T::KIND).with_tail(T::tail());
        let atoms: Vec<Atom> = xs.iter().map(|x| Atom::from_u128(x.to_u128())).collect();
        Ray::from_elems(meta, &atoms).expect("a small ray")
    }

    fn agrees<T: Element + PartialEq + std::fmt::Debug>(make: impl Fn(u64) -> T) {
        for n in 0..40u64 {
            // Values that fill the whole width, the top bit included (floats: never NaN,
            // the exponent's top bit clear, so that `==` compares them).
            let xs: Vec<T> = (0..n)
                .map(|i| make(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)))
                .collect();
            let r = from_slice(&xs, &[xs.len()]).expect("a small ray");
            assert_eq!(r, by_atoms(&xs), "bloq {} n {n}", T::BLOQ);
            let back: Vec<T> = to_vec(&r).expect("its own element type");
            let by_index: Vec<T> = (0..n).map(|i| T::from_u128(r.get_u128(i))).collect();
            assert_eq!(back, by_index, "bloq {} n {n}", T::BLOQ);
            assert_eq!(back, xs, "bloq {} n {n}", T::BLOQ);
        }
    }

    #[test]
    fn word_paths_build_and_read_the_rays_of_the_atom_path() {
        agrees(|v| v as u16);
        agrees(|v| v as i16);
        agrees(|v| v as u32);
        agrees(|v| v as i32);
        agrees(|v| f32::from_bits(v as u32 & 0xbfff_ffff));
        agrees(|v| v);
        agrees(|v| v as i64);
        agrees(|v| f64::from_bits(v & 0xbfff_ffff_ffff_ffff));
        agrees(|v| u128::from(v) << 64 | u128::from(!v));
        agrees(|v| v as u8);
    }
}
