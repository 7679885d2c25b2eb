//! Element access as Saloon's `+gi` and `+si` do it: `get-item` and
//! `set-item` of the `(lake rnd)` door on a ray held as a list of element bits.
//!
//! `+gi` is Lagoon's `+get-item`: the index is turned into an element number
//! by `+get-item-number` (with its quirks: extra leading indices are ignored,
//! too few crash, an index past its dimension crashes) and the element's bits
//! are read, without `+check`. `+si` is `+set-item`: the low `2^bloq` bits of
//! the value replace the element. Elements are held as `u128`, so a bloq
//! above 7 is unsupported here.

use crate::error::SaloonError;
use lagoon::{Meta, Ray};
use softblas::Atom;

/// The most elements urnum unpacks from one ray.
pub const MAX_ELEMS: u64 = 1 << 24;

/// A ray's meta and the bits of its elements, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The meta the ray is rebuilt with.
    pub meta: Meta,
    /// Element `k` (row-major), at most `2^bloq` bits.
    pub elems: Vec<u128>,
}

impl Grid {
    /// The elements of `a`.
    ///
    /// # Errors
    /// [`SaloonError::Unsupported`] for a bloq above 7 or more than [`MAX_ELEMS`] elements.
    pub fn of(a: &Ray) -> Result<Grid, SaloonError> {
        if a.meta.bloq > 7 {
            return Err(SaloonError::Unsupported(format!(
                "real Saloon arms on elements of bloq {} (above 128 bits)",
                a.meta.bloq
            )));
        }
        let n = a.meta.elems()?;
        if n > MAX_ELEMS {
            return Err(SaloonError::Unsupported(format!("a ray of {n} elements")));
        }
        Ok(Grid {
            meta: a.meta.clone(),
            elems: (0..n).map(|i| a.get_u128(i)).collect(),
        })
    }

    /// `(zeros:(lake rnd) meta)` as a grid.
    ///
    /// # Errors
    /// As [`Grid::of`].
    pub fn zeros(meta: Meta) -> Result<Grid, SaloonError> {
        if meta.bloq > 7 {
            return Err(SaloonError::Unsupported(format!(
                "real Saloon arms on elements of bloq {} (above 128 bits)",
                meta.bloq
            )));
        }
        let n = meta.elems()?;
        if n > MAX_ELEMS {
            return Err(SaloonError::Unsupported(format!("a ray of {n} elements")));
        }
        Ok(Grid {
            meta,
            elems: vec![0; n as usize],
        })
    }

    /// The element number of `dex` (`+get-item-number`).
    fn number(&self, dex: &[u64]) -> Result<usize, SaloonError> {
        let k = lagoon::get_item_number(&self.meta.shape, dex)?;
        Ok(k as usize)
    }

    /// `+gi`: the element at `dex`.
    ///
    /// # Errors
    /// The crashes of `+get-item-number`.
    pub fn gi(&self, dex: &[u64]) -> Result<u128, SaloonError> {
        Ok(self.elems[self.number(dex)?])
    }

    /// `+si`: the element at `dex` set to the low `2^bloq` bits of `val`.
    ///
    /// # Errors
    /// The crashes of `+get-item-number`.
    pub fn si(&mut self, dex: &[u64], val: u128) -> Result<(), SaloonError> {
        let k = self.number(dex)?;
        self.elems[k] = val & mask(self.meta.bloq);
        Ok(())
    }

    /// The dimension `i` of the shape (`(snag i shape)`).
    ///
    /// # Errors
    /// [`SaloonError::Crash`] when the shape has no dimension `i`.
    pub fn dim(&self, i: usize, arm: &'static str) -> Result<u64, SaloonError> {
        snag(&self.meta.shape, i, arm)
    }

    /// The ray of the grid: its meta and the pinned data.
    ///
    /// # Errors
    /// Lagoon's size limits.
    pub fn ray(&self) -> Result<Ray, SaloonError> {
        let elems: Vec<Atom> = self.elems.iter().map(|&e| Atom::from_u128(e)).collect();
        Ok(Ray::from_elems(self.meta.clone(), &elems)?)
    }
}

/// The low-`2^bloq`-bit mask for bloq ≤ 7.
pub const fn mask(bloq: u32) -> u128 {
    if bloq >= 7 {
        u128::MAX
    } else {
        (1u128 << (1u32 << bloq)) - 1
    }
}

/// `(snag i shape)`.
///
/// # Errors
/// [`SaloonError::Crash`] when the list is too short.
pub fn snag(shape: &[u64], i: usize, arm: &'static str) -> Result<u64, SaloonError> {
    shape
        .get(i)
        .copied()
        .ok_or_else(|| SaloonError::crash(arm, format!("(snag {i} shape) of a shorter shape")))
}

/// `?>` with the arm and the condition's text.
///
/// # Errors
/// [`SaloonError::Crash`] when `cond` is false.
pub fn ensure(cond: bool, arm: &'static str, check: &str) -> Result<(), SaloonError> {
    if cond {
        Ok(())
    } else {
        Err(SaloonError::crash(arm, check))
    }
}

/// A `%cplx` ray's meta and its elements as component pairs (`+gi`/`+si` on complex rays).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CGrid {
    /// The meta the ray is rebuilt with.
    pub meta: Meta,
    /// The component width (element bloq 5 `@ch` … 8 `@cq`).
    pub w: softblas::scalar::i754::Width,
    /// Element `k` (row-major).
    pub elems: Vec<softblas::scalar::cplx::Cplx>,
}

impl CGrid {
    /// The elements of the `%cplx` ray `a`, read at component width `w`.
    ///
    /// # Errors
    /// [`SaloonError::Unsupported`] for more than [`MAX_ELEMS`] elements.
    pub fn of(a: &Ray, w: softblas::scalar::i754::Width) -> Result<CGrid, SaloonError> {
        let n = a.meta.elems()?;
        if n > MAX_ELEMS {
            return Err(SaloonError::Unsupported(format!("a ray of {n} elements")));
        }
        Ok(CGrid {
            meta: a.meta.clone(),
            w,
            elems: (0..n)
                .map(|i| softblas::scalar::cplx::Cplx::from_atom(w, &a.get(i)))
                .collect(),
        })
    }

    /// `+gi`: the element at `dex`.
    ///
    /// # Errors
    /// The crashes of `+get-item-number`.
    pub fn gi(&self, dex: &[u64]) -> Result<softblas::scalar::cplx::Cplx, SaloonError> {
        Ok(self.elems[lagoon::get_item_number(&self.meta.shape, dex)? as usize])
    }

    /// `+si`: the element at `dex` set to `val`.
    ///
    /// # Errors
    /// The crashes of `+get-item-number`.
    pub fn si(
        &mut self,
        dex: &[u64],
        val: softblas::scalar::cplx::Cplx,
    ) -> Result<(), SaloonError> {
        let k = lagoon::get_item_number(&self.meta.shape, dex)? as usize;
        let m = self.w.mask();
        self.elems[k] = softblas::scalar::cplx::Cplx::new(val.re & m, val.im & m);
        Ok(())
    }

    /// The ray of the grid.
    ///
    /// # Errors
    /// Lagoon's size limits.
    pub fn ray(&self) -> Result<Ray, SaloonError> {
        let elems: Vec<Atom> = self.elems.iter().map(|e| e.to_atom(self.w)).collect();
        Ok(Ray::from_elems(self.meta.clone(), &elems)?)
    }
}
