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

/// The most elements urnum unpacks from one ray into a [`Grid`], 2^24: a
/// grid holds 16 bytes an element, so the largest is 256 MB (its ray is
/// written back straight into the data's limbs, with no atom per element).
/// The side and pair bounds of the Jacobi loops (`n² ≤ MAX_ELEMS`,
/// `n(n−1)/2 ≤ MAX_ELEMS`, rows walked) derive from it.
pub const MAX_ELEMS: u64 = 1 << 24;

/// The most elements urnum unpacks from one `%cplx` ray into a [`CGrid`],
/// 2^23: a complex grid holds 32 bytes an element, so the largest is 256 MB,
/// as for [`MAX_ELEMS`] real elements (at 2^24, a `[4096 4096]` ray of 32-bit
/// complex elements, 64 MB of data, would unpack into 512 MB).
pub const MAX_CPLX_ELEMS: u64 = 1 << 23;

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
        if self.meta.bloq > 7 {
            let elems: Vec<Atom> = self.elems.iter().map(|&e| Atom::from_u128(e)).collect();
            return Ok(Ray::from_elems(self.meta.clone(), &elems)?);
        }
        packed(&self.meta, self.elems.len(), |i| {
            let e = self.elems[i];
            [e as u64, (e >> 64) as u64, 0, 0]
        })
    }
}

/// `Ray::from_elems(meta, elems)` for `len` elements of at most 256 bits, the
/// bits of element `i` given by `elem(i)` as little-endian limbs: each
/// element's low `2^bloq` bits are written at `i · 2^bloq` straight into the
/// data's limbs and the pin is set, with no atom per element (a grid holds
/// up to [`MAX_ELEMS`] of them). `meta.bloq` is at most 8.
fn packed(meta: &Meta, len: usize, elem: impl Fn(usize) -> [u64; 4]) -> Result<Ray, SaloonError> {
    debug_assert!(meta.bloq <= 8, "elements of at most 256 bits");
    let pin = meta.pin_bit()?;
    let top = lagoon::meta::span_bits((len as u64).max(meta.elems()?), meta.bloq)?;
    let mut limbs = vec![0u64; (top.max(pin) / 64) as usize + 1];
    let w = 1usize << meta.bloq;
    if w < 64 {
        let m = (1u64 << w) - 1;
        for i in 0..len {
            let at = i * w;
            limbs[at / 64] |= (elem(i)[0] & m) << (at % 64);
        }
    } else {
        let per = w / 64;
        for i in 0..len {
            limbs[i * per..(i + 1) * per].copy_from_slice(&elem(i)[..per]);
        }
    }
    limbs[(pin / 64) as usize] |= 1 << (pin % 64);
    Ok(Ray::new(meta.clone(), Atom::from_limbs(&limbs)))
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

/// The checks of a real matrix argument (`+qr`, `+svd`, the solvers): bloq
/// 4..=7, `%i754`, rank 2. Gives its rows and columns.
///
/// # Errors
/// [`SaloonError::Crash`] naming the failed check.
pub fn real_matrix(a: &Ray, arm: &'static str) -> Result<(u64, u64), SaloonError> {
    ensure_bloq(a, 4..=7, "b", arm)?;
    ensure_of(
        a.meta.kind == lagoon::Kind::I754,
        arm,
        "=(%i754 kind.meta.a)",
        &[("a", &a.meta)],
    )?;
    ensure_rank(("a", &a.meta), 2, &[("a", &a.meta)], arm)?;
    Ok((snag(&a.meta.shape, 0, arm)?, snag(&a.meta.shape, 1, arm)?))
}

/// [`real_matrix`] with at least as many rows as columns (`+qr`, `+svd`),
/// else the crash `tall` names.
///
/// # Errors
/// [`SaloonError::Crash`] naming the failed check.
pub fn tall_matrix(a: &Ray, arm: &'static str, tall: &str) -> Result<(u64, u64), SaloonError> {
    let (rows, cols) = real_matrix(a, arm)?;
    ensure_of(rows >= cols, arm, tall, &[("a", &a.meta)])?;
    Ok((rows, cols))
}

/// `?>` that the bloq of the ray `a` (the Hoon's `var`: `b`, or `cb` of a
/// complex ray) is one of `bloqs`: `?|(=(4 b) =(5 b) =(6 b) =(7 b))`.
///
/// # Errors
/// [`SaloonError::Crash`] when it is not.
pub fn ensure_bloq(
    a: &Ray,
    bloqs: std::ops::RangeInclusive<u32>,
    var: &str,
    arm: &'static str,
) -> Result<(), SaloonError> {
    if bloqs.contains(&a.meta.bloq) {
        return Ok(());
    }
    let each: Vec<String> = bloqs.map(|k| format!("=({k} {var})")).collect();
    let check = format!("?|({})", each.join(" "));
    ensure_of(false, arm, &check, &[("a", &a.meta)])
}

/// `?>` that the operand `name` of meta `meta` has rank `rank`
/// (`=(2 (lent shape.meta.a))`), naming `operands` as [`ensure_of`] does.
///
/// # Errors
/// [`SaloonError::Crash`] when it has not.
pub fn ensure_rank(
    (name, meta): (&str, &Meta),
    rank: usize,
    operands: &[(&str, &Meta)],
    arm: &'static str,
) -> Result<(), SaloonError> {
    if meta.rank() == rank {
        return Ok(());
    }
    let check = format!("=({rank} (lent shape.meta.{name}))");
    ensure_of(false, arm, &check, operands)
}

/// `?>` with the arm, the condition's text and the operands it is asserted
/// of, each named by its meta (`=(2 (lent shape.meta.a)): a is ~[3] bloq 5
/// %i754`).
///
/// # Errors
/// [`SaloonError::Crash`] when `cond` is false.
pub fn ensure_of(
    cond: bool,
    arm: &'static str,
    check: &str,
    operands: &[(&str, &lagoon::Meta)],
) -> Result<(), SaloonError> {
    if cond {
        return Ok(());
    }
    let named: Vec<String> = operands
        .iter()
        .map(|(name, m)| format!("{name} is {}", m.describe()))
        .collect();
    Err(SaloonError::crash(
        arm,
        format!("{check}: {}", named.join(", ")),
    ))
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
    /// [`SaloonError::Unsupported`] for more than [`MAX_CPLX_ELEMS`] elements.
    pub fn of(a: &Ray, w: softblas::scalar::i754::Width) -> Result<CGrid, SaloonError> {
        let n = a.meta.elems()?;
        if n > MAX_CPLX_ELEMS {
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
        if self.meta.bloq > 8 {
            let elems: Vec<Atom> = self.elems.iter().map(|e| e.to_atom(self.w)).collect();
            return Ok(Ray::from_elems(self.meta.clone(), &elems)?);
        }
        // `to_atom` is `im << b | re`, as 256 bits (`im` and `re` have at most 128).
        let b = self.w.bits();
        packed(&self.meta, self.elems.len(), |i| {
            let e = self.elems[i];
            let (lo, hi) = if b >= 128 {
                (e.re, e.im)
            } else {
                (e.re | (e.im << b), e.im >> (128 - b))
            };
            [lo as u64, (lo >> 64) as u64, hi as u64, (hi >> 64) as u64]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use softblas::scalar::cplx::Cplx;
    use softblas::scalar::i754::Width;
    use softblas::Kind;

    /// A deterministic stream of 64-bit words (SplitMix64).
    fn words(seed: u64) -> impl FnMut() -> u64 {
        let mut s = seed;
        move || {
            let (out, next) = crate::random::splitmix_next(s);
            s = next;
            out
        }
    }

    /// `Grid::ray` writes the same data atom as `Ray::from_elems` of the element atoms.
    #[test]
    fn grid_ray_matches_from_elems() {
        let mut next = words(1);
        for bloq in 0..=7u32 {
            for shape in [vec![0u64], vec![1], vec![3, 5], vec![7, 9], vec![2, 0, 3]] {
                let mut g = Grid::zeros(Meta::new(shape, bloq, Kind::I754)).unwrap();
                for e in g.elems.iter_mut() {
                    *e = (u128::from(next()) << 64 | u128::from(next())) & mask(bloq);
                }
                let atoms: Vec<Atom> = g.elems.iter().map(|&e| Atom::from_u128(e)).collect();
                let want = Ray::from_elems(g.meta.clone(), &atoms).unwrap();
                assert_eq!(g.ray().unwrap(), want, "bloq {bloq}");
            }
        }
    }

    /// `CGrid::ray` writes the same data atom as `Ray::from_elems` of `to_atom`.
    #[test]
    fn cgrid_ray_matches_from_elems() {
        let mut next = words(2);
        for (bloq, w) in [
            (5u32, Width::H),
            (6, Width::S),
            (7, Width::D),
            (8, Width::Q),
        ] {
            for shape in [vec![1u64], vec![3, 3], vec![4, 5]] {
                let meta = Meta::new(shape, bloq, Kind::Cplx);
                let mut g = CGrid::of(&lagoon::zeros(&meta).unwrap(), w).unwrap();
                for e in g.elems.iter_mut() {
                    let re = (u128::from(next()) << 64 | u128::from(next())) & w.mask();
                    let im = (u128::from(next()) << 64 | u128::from(next())) & w.mask();
                    *e = Cplx::new(re, im);
                }
                let atoms: Vec<Atom> = g.elems.iter().map(|e| e.to_atom(w)).collect();
                let want = Ray::from_elems(meta.clone(), &atoms).unwrap();
                assert_eq!(g.ray().unwrap(), want, "bloq {bloq}");
            }
        }
    }
}
