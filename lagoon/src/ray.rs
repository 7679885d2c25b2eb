//! Rays: a [`Meta`] and a data atom holding the elements row-major, element 0
//! in the low bits, under a pin bit at `elems · 2^bloq`
//! (`+$ray` of urbit/numerics `lagoon/desk/sur/lagoon.hoon@96f3cfe`).
//!
//! A [`Ray`] may be malformed exactly as a Hoon ray may: nothing is validated
//! on construction. [`check`] is Lagoon's `+check`; [`require_check`] is the
//! `?> (check a)` that most arms start with, naming what failed.

use crate::bits::Bits;
use crate::error::LagoonError;
use crate::meta::{span_bits, Meta};
use softblas::exec::View;
use softblas::Atom;

/// An n-dimensional array of Lagoon (`[meta data=@ux]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ray {
    /// Shape, element width, kind and tail.
    pub meta: Meta,
    /// The data atom: element i at bits `[i·w, (i+1)·w)`, then the pin.
    pub data: Atom,
}

/// Block `i` of `2^bloq` bits of `a`: Hoon's `(cut bloq [i 1] a)`.
///
/// Never fails: blocks past the top of `a` are 0 (a block index too large for a
/// 64-bit bit position is past the top of every atom urnum holds).
pub fn block(a: &Atom, bloq: u32, i: u64) -> Atom {
    if bloq >= 64 {
        // One block spans at least 2^64 bits, more than any atom holds.
        return if i == 0 { a.clone() } else { Atom::ZERO };
    }
    match i.checked_mul(1u64 << bloq) {
        Some(start) => a.bits(start, 1u64 << bloq),
        None => Atom::ZERO,
    }
}

/// The number of `2^bloq`-bit blocks of `a`: Hoon's `(met bloq a)`.
pub fn met(a: &Atom, bloq: u32) -> u64 {
    a.met(bloq)
}

/// Block `i` of `2^bloq` bits, `bloq <= 7`, of the little-endian limbs `l`
/// (0 past their top). Blocks are aligned to their width, so one lies within
/// one limb, or (bloq 7) is one aligned pair of limbs.
fn small_block(l: &[u64], bloq: u32, i: u64) -> u128 {
    debug_assert!(bloq <= 7);
    let Some(start) = i.checked_mul(1 << bloq) else {
        return 0;
    };
    let q = usize::try_from(start / 64).unwrap_or(usize::MAX);
    let limb = |k: usize| l.get(k).copied().unwrap_or(0);
    if bloq == 7 {
        u128::from(limb(q)) | u128::from(limb(q.saturating_add(1))) << 64
    } else {
        let w = 1u32 << bloq;
        let mask = if w == 64 { u64::MAX } else { (1 << w) - 1 };
        u128::from(limb(q) >> (start % 64) & mask)
    }
}

/// One element read for a gather: its bits when they fit 128, else the atom.
enum Elem {
    Small(u128),
    Wide(Atom),
}

impl Elem {
    /// Writes this element into elements `[at, at + count)` of `buf`, fresh
    /// (zero) bits, `2^bloq` bits each.
    fn write(&self, buf: &mut Bits, bloq: u32, at: u64, count: u64) {
        match self {
            Elem::Small(v) => buf.fill_blocks(at << bloq, bloq, *v, count),
            Elem::Wide(a) => {
                for k in at..at + count {
                    buf.set_field(k << bloq, 1 << bloq, a);
                }
            }
        }
    }
}

impl Ray {
    /// The ray `[meta data]`, unchecked.
    pub fn new(meta: Meta, data: Atom) -> Ray {
        Ray { meta, data }
    }

    /// The ray of `meta` whose elements are the low `2^bloq` bits of each of
    /// `elems`, pinned: `(spac [meta (rep bloq elems)])`.
    ///
    /// # Errors
    /// [`LagoonError::TooLarge`] when the data would exceed urnum's size limit.
    pub fn from_elems(meta: Meta, elems: &[Atom]) -> Result<Ray, LagoonError> {
        let n = meta.elems()?;
        let pin = meta.pin_bit()?;
        let count = (elems.len() as u64).max(n);
        let top = span_bits(count, meta.bloq)?;
        let mut buf = Bits::with_bits(top.max(pin) + 1);
        if !elems.is_empty() {
            let w = 1u64 << meta.bloq; // bloq < 64: span_bits succeeded for a non-empty list
            for (i, e) in elems.iter().enumerate() {
                buf.set_field(i as u64 * w, w, e);
            }
        }
        buf.set_bit(pin);
        Ok(Ray {
            meta,
            data: buf.into_atom(),
        })
    }

    /// The ray of `meta` whose elements are those of `src` read through
    /// `view` in row-major order (elements past `src`'s top are 0), pinned:
    /// the gather `(spac [meta (rep bloq (turn positions |=(p=@ (cut bloq [p 1] data.src))))])`
    /// built straight into the data atom, with no list of element atoms. A
    /// row whose stride is 0 (a broadcast axis) is one element repeated, and
    /// is written a limb at a time. `meta` and `src` share one `bloq`.
    ///
    /// # Errors
    /// [`LagoonError::TooLarge`] when the data would exceed urnum's size limit.
    pub(crate) fn gathered(meta: Meta, src: &Ray, view: &View) -> Result<Ray, LagoonError> {
        let bloq = meta.bloq;
        debug_assert_eq!(bloq, src.meta.bloq, "a gather moves elements of one width");
        let pin = meta.pin_bit()?;
        let top = span_bits((view.len() as u64).max(meta.elems()?), bloq)?;
        let mut buf = Bits::zeroed(top.max(pin) + 1);
        let from = src.data.limbs();
        let read = |p: usize| {
            if bloq <= 7 {
                Elem::Small(small_block(from, bloq, p as u64))
            } else {
                Elem::Wide(src.get(p as u64))
            }
        };
        let mut at = 0u64; // the next element index of the result
        match view.rows() {
            None => {
                if !view.is_empty() {
                    read(view.offset()).write(&mut buf, bloq, at, 1);
                }
            }
            Some((outer, len, stride)) => {
                for row in outer.positions() {
                    if stride == 0 {
                        read(row).write(&mut buf, bloq, at, len as u64);
                    } else {
                        for k in 0..len {
                            let p = row as isize + k as isize * stride;
                            read(p as usize).write(&mut buf, bloq, at + k as u64, 1);
                        }
                    }
                    at += len as u64;
                }
            }
        }
        buf.set_bit(pin);
        Ok(Ray {
            meta,
            data: buf.into_atom(),
        })
    }

    /// Element `i` (row-major), without bounds checks: `(cut bloq [i 1] data)`.
    pub fn get(&self, i: u64) -> Atom {
        block(&self.data, self.meta.bloq, i)
    }

    /// The low 128 bits of element `i` (the whole element for bloq ≤ 7).
    pub fn get_u128(&self, i: u64) -> u128 {
        let bloq = self.meta.bloq;
        if bloq > 7 {
            return self.get(i).low_u128();
        }
        small_block(self.data.limbs(), bloq, i)
    }

    /// The element count of the shape.
    ///
    /// # Errors
    /// [`LagoonError::ShapeOverflow`] when it exceeds 64 bits.
    pub fn elems(&self) -> Result<u64, LagoonError> {
        self.meta.elems()
    }

    /// Lagoon's `+check`: whether `prod(shape) == (dec (met bloq data))`.
    ///
    /// # Errors
    /// [`LagoonError::ZeroData`] when the data is 0 (`(dec 0)` crashes in the Hoon).
    pub fn check(&self) -> Result<bool, LagoonError> {
        check(self)
    }
}

/// Lagoon's `+check` (`lagoon.hoon@aa6f2a6`): whether the element count of the
/// shape equals `(dec (met bloq data))`, i.e. whether the data's top block is
/// the pin block.
///
/// Quirk: it does not look inside the top block, so a "pin" block holding any
/// non-zero value passes.
///
/// # Errors
/// [`LagoonError::ZeroData`] when the data is 0: `met` is 0 and `(dec 0)` crashes.
pub fn check(a: &Ray) -> Result<bool, LagoonError> {
    if a.data.is_zero() {
        return Err(LagoonError::ZeroData);
    }
    let blocks = met(&a.data, a.meta.bloq);
    Ok(match a.meta.elems() {
        Ok(n) => n == blocks - 1,
        Err(_) => false, // a product over 64 bits exceeds every block count
    })
}

/// The assertion `?> (check a)` that opens most arms, with the failed check named.
///
/// # Errors
/// [`LagoonError::ZeroData`], [`LagoonError::MissingPin`] (too few blocks) or
/// [`LagoonError::ExtraBlocks`] (blocks above the pin).
pub fn require_check(a: &Ray) -> Result<(), LagoonError> {
    if check(a)? {
        return Ok(());
    }
    let blocks = met(&a.data, a.meta.bloq);
    match a.meta.elems() {
        Ok(n) if blocks - 1 > n => Err(LagoonError::ExtraBlocks { elems: n, blocks }),
        _ => Err(LagoonError::MissingPin { blocks }),
    }
}

/// The ray as the dojo prints a `$ray`, on one line:
/// `[meta=[shape=~[2] bloq=5 kind=%i754 tail=0] data=0x1.4000.0000.3f80.0000]`.
///
/// The shape's dimensions and the bloq are `@`s (`~[1.000]`), the tail a
/// `*` (its `~` prints as `0`, a `%fixp` precision as `[3 4]`), the data
/// an `@ux`.
///
/// ```
/// use lagoon::{Meta, Ray};
/// use softblas::{Atom, Kind};
///
/// let meta = Meta::new(vec![2], 5, Kind::I754);
/// let a = Ray::from_elems(meta, &[Atom::from(0x3f80_0000u64), Atom::from(0x4000_0000u64)])?;
/// assert_eq!(
///     a.to_string(),
///     "[meta=[shape=~[2] bloq=5 kind=%i754 tail=0] data=0x1.4000.0000.3f80.0000]"
/// );
/// let wide = Ray::from_elems(Meta::new(vec![1000], 3, Kind::Uint), &[])?;
/// assert!(wide.to_string().starts_with("[meta=[shape=~[1.000] bloq=3 kind=%uint"));
/// # Ok::<(), lagoon::LagoonError>(())
/// ```
impl std::fmt::Display for Ray {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::meta::{Tail, TailNoun};
        fn noun(f: &mut std::fmt::Formatter<'_>, n: &TailNoun) -> std::fmt::Result {
            match n {
                TailNoun::Atom(a) => f.write_str(&a.to_dotted(10, 3)),
                TailNoun::Cell(h, t) => {
                    f.write_str("[")?;
                    noun(f, h)?;
                    f.write_str(" ")?;
                    // A right-nested cell prints as one tuple: `[a b c]`.
                    let mut rest = t.as_ref();
                    while let TailNoun::Cell(h2, t2) = rest {
                        noun(f, h2)?;
                        f.write_str(" ")?;
                        rest = t2;
                    }
                    noun(f, rest)?;
                    f.write_str("]")
                }
            }
        }
        let m = &self.meta;
        f.write_str("[meta=[shape=")?;
        if m.shape.is_empty() {
            f.write_str("~")?;
        } else {
            let dims: Vec<String> = m
                .shape
                .iter()
                .map(|&d| Atom::from(d).to_dotted(10, 3))
                .collect();
            write!(f, "~[{}]", dims.join(" "))?;
        }
        write!(f, " bloq={} kind=%{} tail=", m.bloq, m.kind.term())?;
        match &m.tail {
            Tail::Null => f.write_str("0")?,
            Tail::Prec { a, b } => write!(f, "[{} {}]", a.to_dotted(10, 3), b.to_dotted(10, 3))?,
            Tail::Other(n) => noun(f, n)?,
        }
        write!(f, "] data=0x{}]", self.data.to_dotted(16, 4))
    }
}
