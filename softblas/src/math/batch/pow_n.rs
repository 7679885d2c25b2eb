//! `++pow-n` over whole buffers (`/lib/math`, math.hoon@a71a0b9): `x^n` as
//! the Hoon's loop computes it (`p = x`, then `n − 1` times `p = p ⊗ x`, each
//! product rounded in the door's mode), for every element whose exponent is
//! an integer in `[1, MOST]` taken a round of products at a time across the
//! buffer on the hardware multiplication loop; every other exponent (`+0`,
//! larger, not an integer, negative, NaN) by the door's own method
//! ([`Door::pow_n`]), element by element.
//!
//! Round `j` multiplies every element of a chunk and keeps the product where
//! the element's exponent asks for more than `j` products, so each element
//! receives exactly its own loop's products in order. The hardware loop
//! gives the door's product bit for bit (a canonical NaN included), as
//! `Door::pow_n`'s own products are.

use super::BatchError;
use crate::hw::Op;
use crate::math::Door;
use crate::policy::{Isa, Policy};
use crate::round::Round;
use crate::scalar::i754::Width;
use crate::word::Word;

/// The largest exponent taken in rounds: a chunk runs as many rounds as its
/// largest exponent less one, so larger ones go to the door's method (which
/// also shortcuts a product that stops moving).
const MOST: u64 = 64;

/// Elements per chunk.
const CHUNK: usize = 256;

/// A chunk's mark for an element the door's method computes.
const BY_DOOR: u8 = u8::MAX;

/// The products `n − 1` of the exponent with bits `b` at width `w` when it
/// is an integer in `[1, MOST]`, else `None`.
fn products(w: Width, b: u128) -> Option<u8> {
    let frac = w.frac_bits();
    if b >> (w.bits() - 1) != 0 {
        return None;
    }
    let field = (b >> frac) & ((1 << w.exp_bits()) - 1);
    // An integer in [1, 64] has an exponent in [0, 6]; a NaN's or an
    // infinity's field is far above.
    let e = u32::try_from(i64::try_from(field).ok()? - i64::from(w.bias())).ok()?;
    if e > 6 {
        return None;
    }
    let m = (b & ((1 << frac) - 1)) | 1 << frac;
    let drop = frac - e;
    if m & ((1 << drop) - 1) != 0 {
        return None;
    }
    let n = u64::try_from(m >> drop).ok()?;
    (n <= MOST).then(|| (n - 1) as u8)
}

/// Whether [`pow_n`] computes at width `w` in door mode `r`: binary16 to
/// binary64 (binary128 has no hardware loop), in a mode a `/lib/math` door
/// holds (not `%a`).
pub fn served(w: Width, r: Round) -> bool {
    r != Round::A && w != Width::Q
}

/// `out[i]` = `++pow-n` of `xs[i]` to the power `ns[i]` at the door
/// `[r rtol 0]` of `T`'s width, on loops of no level above `isa`.
///
/// # Errors
/// [`BatchError::NotServed`] in `%a` (no door holds it) and at binary128;
/// [`BatchError::Element`] for the first element whose door method fails
/// (an exponent that is not a positive integer, or whose loop never ends),
/// with `out` then partly written.
///
/// # Panics
/// When the buffers' lengths differ.
pub fn pow_n<T: Word>(
    isa: Isa,
    r: Round,
    xs: &[T],
    ns: &[T],
    out: &mut [T],
) -> Result<(), BatchError> {
    let w = T::W;
    if !served(w, r) {
        return Err(BatchError::NotServed);
    }
    assert!(
        xs.len() == out.len() && ns.len() == out.len(),
        "math::batch::pow_n: buffer lengths differ"
    );
    let door = Door::with(w, r, 0, 0)
        .map_err(|_| BatchError::NotServed)?
        .with_policy(Policy::FAST.with_isa(isa));
    let (mut p, mut t, mut k) = ([T::default(); CHUNK], [T::default(); CHUNK], [0u8; CHUNK]);
    for (c, ((xs, ns), out)) in xs
        .chunks(CHUNK)
        .zip(ns.chunks(CHUNK))
        .zip(out.chunks_mut(CHUNK))
        .enumerate()
    {
        let len = xs.len();
        let (p, t, k) = (&mut p[..len], &mut t[..len], &mut k[..len]);
        let mut rounds = 0;
        for (i, ((&x, &n), k)) in xs.iter().zip(ns).zip(k.iter_mut()).enumerate() {
            *k = match products(w, n.bits()) {
                Some(j) => j,
                None => {
                    let v =
                        door.pow_n(x.bits(), n.bits())
                            .map_err(|error| BatchError::Element {
                                index: c * CHUNK + i,
                                error,
                            })?;
                    out[i] = T::of_bits(v);
                    BY_DOOR
                }
            };
            if *k != BY_DOOR {
                rounds = rounds.max(*k);
            }
        }
        p.copy_from_slice(xs);
        for j in 0..rounds {
            crate::hw::elementwise(isa, Op::Mul, r, p, xs, t);
            for ((p, &t), &k) in p.iter_mut().zip(&*t).zip(&*k) {
                *p = if j < k { t } else { *p };
            }
        }
        for ((o, &p), &k) in out.iter_mut().zip(&*p).zip(&*k) {
            if k != BY_DOOR {
                *o = p;
            }
        }
    }
    Ok(())
}
