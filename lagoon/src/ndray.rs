//! Rays ⇄ nested lists: `+en-ray`, `+de-ray`, `+ravel` and their `$ndray`/`$baum`
//! types (urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`,
//! `lagoon/desk/sur/lagoon.hoon@96f3cfe`).

use crate::bits::Bits;
use crate::error::LagoonError;
use crate::meta::{guard_list, span_bits, Meta, MAX_DATA_BITS};
use crate::ray::{block, met, Ray};
use softblas::Atom;

/// A nested list of element values (`$ndray = $@(@ (list ndray))`), row-major.
///
/// An empty list is the atom 0 in Hoon, so `List(vec![])` and `Atom(0)` are the
/// same noun; the arms treat them alike.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ndray {
    /// A single value.
    Atom(Atom),
    /// A list of children.
    List(Vec<Ndray>),
}

impl Ndray {
    /// The flat list `~[v0 v1 …]`.
    pub fn flat(values: impl IntoIterator<Item = Atom>) -> Ndray {
        Ndray::List(values.into_iter().map(Ndray::Atom).collect())
    }

    /// The value if this is an atom (an empty list counts as the atom 0, as in Hoon).
    fn as_atom(&self) -> Option<Atom> {
        match self {
            Ndray::Atom(a) => Some(a.clone()),
            Ndray::List(l) if l.is_empty() => Some(Atom::ZERO),
            Ndray::List(_) => None,
        }
    }
}

/// A meta and a nested list of values (`$baum = [meta data=ndray]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Baum {
    /// The meta of the ray the list describes.
    pub meta: Meta,
    /// The values, nested by dimension.
    pub data: Ndray,
}

/// Port of `+get-item-baum [baum dex]`: descend by the indices until an atom
/// (the element-by-element [`en_ray`] the tests compare the walk with).
///
/// Quirk: it returns as soon as it meets an atom, so a flat list serves a shape
/// `~[n 1]` and unused trailing indices are ignored.
/// Item `i` of a nested list's items: `(snag i items)`.
///
/// # Errors
/// [`LagoonError::BadNdray`] past the end (`snag` crashes).
fn snag_item(items: &[Ndray], i: u64) -> Result<&Ndray, LagoonError> {
    usize::try_from(i)
        .ok()
        .and_then(|i| items.get(i))
        .ok_or(LagoonError::BadNdray(
            "an index past the end of a list (snag)",
        ))
}

#[cfg(test)]
fn get_item_baum(data: &Ndray, dex: &[u64]) -> Result<Atom, LagoonError> {
    let mut a = data;
    let mut dex = dex.iter();
    loop {
        let items = match a {
            // `?~ a !!` on `~`, and `;;((list ndray) a)` fails on any other atom.
            Ndray::Atom(_) => return Err(LagoonError::BadNdray("an atom where a list must be")),
            Ndray::List(l) if l.is_empty() => {
                return Err(LagoonError::BadNdray("an empty list where values must be"))
            }
            Ndray::List(l) => l,
        };
        let &i = dex
            .next()
            .ok_or(LagoonError::BadNdray("lists nested deeper than the shape"))?;
        let child = snag_item(items, i)?;
        match child.as_atom() {
            Some(v) => return Ok(v),
            None => a = child,
        }
    }
}

/// The element count of a ray of `meta` and its data buffer holding only
/// the pin bit, which the elements are ORed under.
///
/// # Errors
/// [`LagoonError::ShapeOverflow`]/[`LagoonError::TooLarge`] beyond urnum's size limit.
fn pinned(meta: &Meta) -> Result<(u64, Bits), LagoonError> {
    let n = meta.elems()?;
    let pin = meta.pin_bit()?;
    let mut buf = Bits::with_bits(pin + 1);
    buf.set_bit(pin);
    Ok((n, buf))
}

/// Port of `+en-ray baum`: the ray of `meta` whose element i is the value of
/// the nested list at the row-major index of i.
///
/// Starts from `(zeros meta)` and ORs each value in at `i · 2^bloq`.
/// Quirks: values are **not** truncated (a value of 2^w or more spills into the
/// next elements or the pin); the list descent stops at the first atom (see
/// `+get-item-baum`), extra list entries are ignored, a missing one crashes.
/// Meta (including the tail) is kept; no `+check`.
///
/// # Errors
/// [`LagoonError::BadNdray`] when the lists do not cover the shape;
/// [`LagoonError::ShapeOverflow`]/[`LagoonError::TooLarge`] beyond urnum's size limit.
pub fn en_ray(baum: &Baum) -> Result<Ray, LagoonError> {
    let meta = &baum.meta;
    let (n, mut buf) = pinned(meta)?;
    if n > 0 {
        // Every dimension is at least 1, so each element lies under one
        // atom of the lists; walking them in order meets the elements, and
        // the first that fails, in the Hoon's row-major order.
        let mut fill = Fill {
            shape: &meta.shape,
            bloq: meta.bloq, // < 64: pin_bit succeeded with n > 0
            buf: &mut buf,
            walked: 0,
        };
        fill.list(&baum.data, 0, 0)?;
    }
    Ok(Ray::new(meta.clone(), buf.into_atom()))
}

/// The most limb writes [`en_ray`] makes for elements it ORs in one at a time
/// (values wider than their element, which spill into the next, or elements
/// wider than 128 bits), each costing the value's limbs: 2^24, a few tenths
/// of a second. Values that fit a narrower element are written a limb of
/// copies at a time and not counted.
pub const EN_RAY_SPILL_LIMIT: u64 = 1 << 24;

/// The state of one [`en_ray`]: the shape, the bits written so far, and the
/// elements written one at a time.
struct Fill<'a> {
    shape: &'a [u64],
    bloq: u32,
    buf: &'a mut Bits,
    walked: u64,
}

impl Fill<'_> {
    /// ORs in the elements under the list `node` at depth `d`, the first of
    /// them element `at`: what `+get-item-baum` finds for each index under it.
    fn list(&mut self, node: &Ndray, d: usize, mut at: u64) -> Result<(), LagoonError> {
        let items = match node {
            // `?~ a !!` on `~`, and `;;((list ndray) a)` fails on any other atom.
            Ndray::Atom(_) => return Err(LagoonError::BadNdray("an atom where a list must be")),
            Ndray::List(l) if l.is_empty() => {
                return Err(LagoonError::BadNdray("an empty list where values must be"))
            }
            Ndray::List(l) => l,
        };
        let Some(&dim) = self.shape.get(d) else {
            return Err(LagoonError::BadNdray("lists nested deeper than the shape"));
        };
        // The elements under one index of this dimension (the product fits:
        // it divides the element count).
        let under: u64 = self.shape[d + 1..].iter().product();
        for i in 0..dim {
            let child = snag_item(items, i)?;
            match child.as_atom() {
                // The descent stops here: every element under `i` is `v`.
                Some(v) => self.value(&v, at, under)?,
                None => self.list(child, d + 1, at)?,
            }
            at += under;
        }
        Ok(())
    }

    /// ORs `v` in at each of the `count` elements from element `at`.
    fn value(&mut self, v: &Atom, at: u64, count: u64) -> Result<(), LagoonError> {
        let (bloq, w) = (self.bloq, 1u64 << self.bloq);
        // The first element whose value would pass the size limit fails.
        let bl = v.bit_len();
        let first_over = match MAX_DATA_BITS.checked_sub(bl) {
            Some(room) => at.max(room / w + 1),
            None => at,
        };
        if first_over - at < count {
            return Err(LagoonError::TooLarge {
                bits: u128::from(bl) + u128::from(first_over) * u128::from(w),
            });
        }
        if v.is_zero() {
            return Ok(());
        }
        if bloq <= 7 && v.bit_len() <= w {
            self.buf.fill_blocks(at * w, bloq, v.low_u128(), count);
            return Ok(());
        }
        // Each write costs the value's limbs.
        let limbs = bl.div_ceil(64);
        self.walked = self.walked.saturating_add(count.saturating_mul(limbs));
        if self.walked > EN_RAY_SPILL_LIMIT {
            return Err(LagoonError::TooLarge {
                bits: u128::from(self.walked),
            });
        }
        for i in at..at + count {
            self.buf.or_shifted(v, i * w);
        }
        Ok(())
    }
}

/// The blocks of `a` up to its top bit, low first: Hoon's `(rip bloq a)`.
fn rip(a: &Atom, bloq: u32) -> Result<Vec<Atom>, LagoonError> {
    let count = guard_list(met(a, bloq))?;
    Ok((0..count as u64).map(|i| block(a, bloq, i)).collect())
}

/// Port of `+ravel a`: the elements as a flat list, `(snip (rip bloq data))`:
/// every block up to the top bit except the top (pin) block.
///
/// Quirk: no `+check` and the shape is not read: a missing pin loses the top
/// element, garbage above the pin becomes extra elements, data 0 gives `~`.
///
/// # Errors
/// [`LagoonError::TooLarge`] when the list would exceed urnum's size limit.
pub fn ravel(a: &Ray) -> Result<Vec<Atom>, LagoonError> {
    let mut v = rip(&a.data, a.meta.bloq)?;
    v.pop();
    Ok(v)
}

/// Port of `+de-ray ray`: the ray as a meta and nested lists.
///
/// Rank 1: `(snip (rip bloq data))`, as [`ravel`]. Rank 2: rows of `shape[1]`
/// elements are peeled from the low end until the remaining data is exactly
/// the pin `0x1`; the number of rows is whatever that takes, not `shape[0]`.
/// A shape with no element gives `~[~]`.
/// Quirks: rank 0 and rank ≥ 3 crash (`!!`); no `+check`.
///
/// # Errors
/// [`LagoonError::Rank`] for rank other than 1 or 2; [`LagoonError::Diverges`]
/// when the remaining data never becomes exactly 1 (the Hoon loops forever:
/// data reaching 0, or a last dimension of 0); [`LagoonError::TooLarge`].
pub fn de_ray(a: &Ray) -> Result<Baum, LagoonError> {
    let m = &a.meta;
    let data = match m.rank() {
        1 => Ndray::flat(ravel(a)?),
        2 => Ndray::List(de_ray_rows(a)?),
        r => {
            return Err(LagoonError::Rank {
                arm: "de-ray",
                expected: 2,
                found: r,
                shape: m.shape.clone(),
            })
        }
    };
    Ok(Baum {
        meta: m.clone(),
        data,
    })
}

/// The rows of a rank-2 `+de-ray`, following the Hoon loop step by step.
fn de_ray_rows(a: &Ray) -> Result<Vec<Ndray>, LagoonError> {
    let bloq = a.meta.bloq;
    let cols = a.meta.shape[1];
    let mut data = a.data.clone();
    let mut rows: Vec<Ndray> = Vec::new();
    // `els` starts as the bunt `~`; the first row replaces it without being kept.
    let mut els: Option<Vec<Atom>> = None;
    loop {
        if data == Atom::ONE {
            rows.push(Ndray::flat(els.unwrap_or_default()));
            return Ok(rows);
        }
        if data.is_zero() || cols == 0 {
            return Err(LagoonError::Diverges { arm: "de-ray" });
        }
        let row_bits = span_bits(cols, bloq)?;
        guard_list(cols)?;
        guard_list(rows.len() as u64 * cols)?;
        if data.bit_len() <= row_bits {
            // Peeling this row leaves 0, where the next step refuses: refuse
            // now, before building a row of `cols` atoms that is never returned.
            return Err(LagoonError::Diverges { arm: "de-ray" });
        }
        // `(snip (rip bloq (cut bloq [0 +(cols)] (spac row))))`: the low `cols` blocks.
        let row: Vec<Atom> = (0..cols).map(|j| block(&data, bloq, j)).collect();
        if let Some(prev) = els.replace(row) {
            rows.push(Ndray::flat(prev));
        }
        data = data.shr(row_bits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::unravel;

    /// `+en-ray` as the Hoon runs it: `+get-item-baum` of each element's index.
    fn en_ray_oracle(baum: &Baum) -> Result<Ray, LagoonError> {
        let meta = &baum.meta;
        let (n, mut buf) = pinned(meta)?;
        if n > 0 {
            let w = 1u64 << meta.bloq;
            for i in 0..n {
                let v = get_item_baum(&baum.data, &unravel(&meta.shape, i))?;
                if v.bit_len().saturating_add(i * w) > MAX_DATA_BITS {
                    return Err(LagoonError::TooLarge {
                        bits: u128::from(v.bit_len()) + u128::from(i * w),
                    });
                }
                buf.or_shifted(&v, i * w);
            }
        }
        Ok(Ray::new(meta.clone(), buf.into_atom()))
    }

    /// A small deterministic generator (xorshift).
    struct Gen(u64);

    impl Gen {
        fn next(&mut self, below: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % below
        }

        /// A nested list that mostly, but not always, fits `shape`.
        fn ndray(&mut self, shape: &[u64]) -> Ndray {
            match self.next(12) {
                0 => Ndray::Atom(Atom::from_u64(self.next(1 << 20))),
                1 => Ndray::List(vec![]),
                _ if shape.is_empty() => Ndray::List(vec![Ndray::Atom(Atom::ONE)]),
                _ => {
                    let len = (shape[0] + self.next(3)).saturating_sub(1);
                    Ndray::List(
                        (0..len)
                            .map(|_| match self.next(4) {
                                0 => Ndray::Atom(Atom::from_u64(self.next(300))),
                                _ => self.ndray(&shape[1..]),
                            })
                            .collect(),
                    )
                }
            }
        }
    }

    #[test]
    fn the_walk_is_the_element_loop() {
        let mut g = Gen(0x9e37_79b9_7f4a_7c15);
        for _ in 0..4000 {
            let rank = g.next(4) as usize;
            let shape: Vec<u64> = (0..rank).map(|_| g.next(4)).collect();
            let bloq = g.next(10) as u32;
            let meta = Meta::new(shape.clone(), bloq, softblas::Kind::Uint);
            let baum = Baum {
                meta,
                data: g.ndray(&shape),
            };
            assert_eq!(en_ray(&baum), en_ray_oracle(&baum), "{baum:?}");
        }
    }

    #[test]
    fn spills_past_the_limit_fail_at_the_same_element() {
        // One value over a [1 2^20] bloq-9 row: elements pass 2^30 bits.
        for v in [Atom::ONE, Atom::pow2(600), Atom::pow2(1 << 10)] {
            let meta = Meta::new(vec![1, 1 << 21], 9, softblas::Kind::Uint);
            let baum = Baum {
                meta,
                data: Ndray::List(vec![Ndray::Atom(v)]),
            };
            assert_eq!(en_ray(&baum), en_ray_oracle(&baum));
        }
    }

    #[test]
    fn long_spills_are_refused_before_writing() {
        // 2^20 copies of a 2^20-bit value (2^34 limb writes), all within 2^30 bits.
        let meta = Meta::new(vec![1, 1 << 20], 0, softblas::Kind::Uint);
        let baum = Baum {
            meta,
            data: Ndray::List(vec![Ndray::Atom(Atom::pow2((1 << 20) - 1))]),
        };
        assert!(matches!(en_ray(&baum), Err(LagoonError::TooLarge { .. })));
    }
}
