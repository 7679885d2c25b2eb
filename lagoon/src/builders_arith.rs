//! Builders that compute: `+range`, `+linspace` and `+scale` of urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`.
//!
//! `+range` and `+linspace` force the kind to `%i754` and round in the door's
//! mode; each element is a few scalar [`i754`] operations (`+range`'s
//! accumulation step, `+linspace`'s `a + sun(i)·d`), written straight into
//! the data atom's limbs, within urnum's size limits.

use crate::door::Door;
use crate::error::LagoonError;
use crate::meta::{guard_list, span_bits, Meta, MAX_DATA_BITS, MAX_LIST_LEN};
use crate::ndray::{en_ray, Baum, Ndray};
use crate::pin::spac;
use crate::ray::Ray;
use softblas::hw::Op;
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Kind};

/// The `%i754` width of `meta`'s bloq: the Hoon's `?+ bloq.meta !!`.
fn width(meta: &Meta) -> Result<Width, LagoonError> {
    Width::from_bloq(meta.bloq).ok_or(LagoonError::BadBloq {
        kind: Kind::I754,
        bloq: meta.bloq,
    })
}

/// The most values `+range` computes and the most points `+linspace`
/// computes; more is [`LagoonError::TooLarge`] (unsupported; the Hoon has no
/// limit).
///
/// Tighter than the data and list limits (2^25 binary32 values, 2^26
/// binary16 points) because each value is a few scalar operations: 2^22 of
/// them take about 0.2 s in a release build and about 1 s in the `abi` fuzz
/// build (AddressSanitizer, debug assertions), which calls an arm four times
/// per input; at the data limit that input took 30 s.
pub const MAX_BUILT_VALUES: u64 = 1 << 22;

/// Element bits packed `2^bloq` apart into little-endian limbs: the data atom
/// of a 1-D `%i754` ray under construction, one element at a time.
struct Packed {
    limbs: Vec<u64>,
    /// The element width in bits (16, 32, 64 or 128).
    bits: u32,
    /// Elements pushed so far.
    count: u64,
}

impl Packed {
    fn new(w: Width) -> Packed {
        Packed {
            limbs: Vec::new(),
            bits: w.bits(),
            count: 0,
        }
    }

    /// Appends the element whose bits are the low `bits` bits of `v`.
    fn push(&mut self, v: u128) {
        if self.bits == 128 {
            self.limbs.push(v as u64);
            self.limbs.push((v >> 64) as u64);
        } else {
            let per = u64::from(64 / self.bits);
            let slot = self.count % per;
            if slot == 0 {
                self.limbs.push(0);
            }
            if let Some(top) = self.limbs.last_mut() {
                *top |= (v as u64) << (slot * u64::from(self.bits));
            }
        }
        self.count += 1;
    }

    /// The data atom: the packed elements, `extra` ORed in at bit `at` (an
    /// element stored verbatim, not cut to the width, as `+en-ray` ORs it),
    /// and the pin above the last element.
    fn finish(mut self, extra: &Atom, at: u64) -> Atom {
        let pin = self.count * u64::from(self.bits);
        let (q, r) = ((at / 64) as usize, (at % 64) as u32);
        let src = extra.limbs();
        let need = ((pin / 64) as usize + 1).max(q + src.len() + 1);
        self.limbs.resize(need, 0);
        for (k, &x) in src.iter().enumerate() {
            self.limbs[q + k] |= x << r;
            if r != 0 {
                self.limbs[q + k + 1] |= x >> (64 - r);
            }
        }
        self.limbs[(pin / 64) as usize] |= 1 << (pin % 64);
        Atom::from_limbs(&self.limbs)
    }
}

/// Refuses an element stored verbatim at bit `at` whose bits run past
/// urnum's data limit (the check `+en-ray` makes on each element).
fn guard_verbatim(x: &Atom, at: u64) -> Result<(), LagoonError> {
    let top = u128::from(x.bit_len()) + u128::from(at);
    if top > u128::from(MAX_DATA_BITS) {
        return Err(LagoonError::TooLarge { bits: top });
    }
    Ok(())
}

/// Port of `+range [meta [a b] d]` (lagoon.hoon@aa6f2a6, hint `%range`): the
/// 1-D `%i754` ray `a, a+d, (a+d)+d, …` while the next value is below `b`
/// (above `b` when `b − a < 0`).
///
/// Order: sequential accumulation, `x_{i+1} = add(x_i, d)` in the door's mode
/// (not `a + i·d`, and not a count from `ceil((b−a)/d)` as the C jet does);
/// the loop stops at the first `next` with `lte(next, b)` (descending) or
/// `gte(next, b)` (ascending). Element 0 is `a` verbatim (not cut to the
/// width; the first step adds to its low bits). Meta: `shape ~[count]`, kind
/// `%i754`, bloq and tail from `meta`.
///
/// Cost: one scalar `add` and one comparison per value, written straight into
/// the data buffer; refused as soon as the count would pass
/// [`MAX_BUILT_VALUES`] (within urnum's data limit at every width).
///
/// # Errors
/// [`LagoonError::BadBloq`] for a bloq other than 4–7;
/// [`LagoonError::Diverges`] when the accumulation stops moving before it
/// reaches `b` (`d = 0`, a wrong-signed `d`, NaN, or `x + d = x` after a few
/// steps; the Hoon loops forever); [`LagoonError::TooLarge`] past
/// [`MAX_BUILT_VALUES`] values (among them the ranges that stop moving only
/// after more steps, such as binary32 `0` to `inf` by `1`, stuck at 2^24),
/// or when `a` runs past the data limit.
pub fn range(door: &Door, meta: &Meta, a: &Atom, b: &Atom, d: &Atom) -> Result<Ray, LagoonError> {
    let w = width(meta)?;
    let mask = w.mask();
    let (a0, b, d) = (
        a.low_u128() & mask,
        b.low_u128() & mask,
        d.low_u128() & mask,
    );
    let e = door.policy.exec;
    let desc = i754::lth(w, i754::binary_by(e, Op::Sub, w, door.round, b, a0), 0);
    // Within the data and list limits too: count · 2^bloq ≤ MAX_DATA_BITS.
    let most = MAX_BUILT_VALUES
        .min(MAX_LIST_LEN)
        .min(MAX_DATA_BITS >> meta.bloq);
    let mut out = Packed::new(w);
    out.push(a0);
    let mut last = a0;
    loop {
        let next = i754::binary_by(e, Op::Add, w, door.round, last, d);
        let stop = if desc {
            i754::lte(w, next, b)
        } else {
            i754::gte(w, next, b)
        };
        if stop {
            break;
        }
        if next == last {
            return Err(LagoonError::Diverges { arm: "range" });
        }
        if out.count >= most {
            return Err(LagoonError::TooLarge {
                bits: u128::from(out.count + 1) << meta.bloq,
            });
        }
        out.push(next);
        last = next;
    }
    guard_verbatim(a, 0)?;
    let mut m = meta.clone();
    m.kind = Kind::I754;
    m.shape = vec![out.count];
    Ok(Ray::new(m, out.finish(a, 0)))
}

/// Port of `+linspace [meta [a b] n]` (lagoon.hoon@aa6f2a6, hint `%linspace`):
/// `n` evenly spaced `%i754` points from `a` to `b`.
///
/// Order: each point independently, `x_i = add(a, mul(sun(i), d))` with
/// `d = div(sub(b, a), sun(n − 1))`, all in the door's mode, for `i < n − 1`;
/// the last point is `b` verbatim. So `x_0 = a + 0·d` (−0 becomes +0 outside
/// `%d`, NaN when `d` is not finite; the C jet stores `a`). `n = 1` gives `[a]`
/// verbatim at any bloq. Meta: `shape ~[n]`, kind `%i754`, bloq and tail from
/// `meta`; the endpoints are not cut to the width.
///
/// Cost: `n` is checked against [`MAX_BUILT_VALUES`] and the data size
/// `n · 2^bloq` against urnum's data limit before any point is computed; then
/// one `sun`, `mul` and `add` per point, written straight into the data buffer.
///
/// # Errors
/// [`LagoonError::ZeroDecrement`] for `n = 0`; [`LagoonError::BadBloq`] for a
/// bloq other than 4–7 (when `n > 1`); [`LagoonError::TooLarge`] past urnum's
/// list or data limit, or (when `n > 1`) past [`MAX_BUILT_VALUES`] points.
pub fn linspace(
    door: &Door,
    meta: &Meta,
    a: &Atom,
    b: &Atom,
    n: &Atom,
) -> Result<Ray, LagoonError> {
    if n.is_zero() {
        return Err(LagoonError::ZeroDecrement {
            what: "linspace: ?<  =(n 0)",
        });
    }
    let count = n.as_u64().ok_or(LagoonError::TooLarge {
        bits: u128::from(n.bit_len()),
    })?;
    guard_list(count)?;
    let mut m = meta.clone();
    m.kind = Kind::I754;
    m.shape = vec![count];
    if count == 1 {
        return en_ray(&Baum {
            meta: m,
            data: Ndray::flat([a.clone()]),
        });
    }
    let w = width(meta)?;
    span_bits(count, meta.bloq)?;
    if count > MAX_BUILT_VALUES {
        return Err(LagoonError::TooLarge {
            bits: u128::from(count),
        });
    }
    let last_at = (count - 1) * u64::from(w.bits());
    guard_verbatim(b, last_at)?;
    let mask = w.mask();
    let (al, bl) = (a.low_u128() & mask, b.low_u128() & mask);
    let (r, e) = (door.round, door.policy.exec);
    let op = |o: Op, x: u128, y: u128| i754::binary_by(e, o, w, r, x, y);
    let mut out = Packed::new(w);
    let d = op(
        Op::Div,
        op(Op::Sub, bl, al),
        i754::sun(w, r, &Atom::from_u64(count - 1)),
    );
    for i in 0..count - 1 {
        let x = op(Op::Mul, i754::sun(w, r, &Atom::from_u64(i)), d);
        out.push(op(Op::Add, al, x));
    }
    out.count += 1; // the last point, `b` verbatim, ORed in by `finish`
    Ok(Ray::new(m, out.finish(b, last_at)))
}

/// Port of `+scale [meta data]` (lagoon.hoon@aa6f2a6): the scalar `data`
/// boxed at `meta`'s rank with every dimension 1, meta otherwise kept.
///
/// `%i754` reads the low `2^bloq` bits as a float and writes it back
/// (`(bit:ma (sea:ma data))`: a NaN becomes the canonical NaN, anything else
/// keeps its bits); every other kind boxes `data` raw (not cut to the width).
///
/// # Errors
/// [`LagoonError::BadBloq`] for `%i754` outside bloq 4–7; as [`spac`].
pub fn scale(meta: &Meta, data: &Atom) -> Result<Ray, LagoonError> {
    let mut m = meta.clone();
    m.shape = vec![1; meta.rank()];
    let fin = match meta.kind {
        Kind::I754 => {
            let w = width(meta)?;
            Atom::from_u128(i754::canon(w, data.low_u128()))
        }
        _ => data.clone(),
    };
    spac(&Ray::new(m, fin))
}
