//! Linear algebra of urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`:
//! `+dot +dotc +mmul +mmul-unum +mmul-fixp +mpow-n`, with the exact
//! accumulators they use (`+unum-fdp +unum-sum +fixp-fdp`).
//!
//! Orders (the folds of `lagoon.hoon@aa6f2a6`):
//! - `+dot` on `%i754 %uint %int2 %cplx` is `(cumsum (mul a b))`: each product
//!   rounded alone, then the RIGHT fold from `+0`,
//!   `p0 + (p1 + (… + (p_{n−1} + 0)))` ([`softblas::exec::Order::right_from_zero`]).
//! - `+mmul` on those kinds: per cell a LEFT fold over `k` ascending from `+0`,
//!   product and sum rounded separately ([`softblas::exec::contract`]).
//! - `%unum` dots and cells: the exact quire, one rounding
//!   ([`softblas::scalar::unum::fdp`]); `%fixp`: the exact integer sum of the
//!   products, one truncating division by `2^b` ([`softblas::scalar::fixp::fdp`]).

use crate::axis::kernel::Kernel;
use crate::bits_path;
use crate::build::ones;
use crate::door::Door;
use crate::elementwise::{conj, mul};
use crate::error::LagoonError;
use crate::gate::{exec_error, unsupported};
use crate::index::get_item;
use crate::meta::{guard_list, Meta, Tail};
use crate::ndray::ravel;
use crate::pin::scalar_to_ray;
use crate::ray::{require_check, Ray};
use crate::reduce::cumsum;
use softblas::exec;
use softblas::scalar::{fixp, unum};
use softblas::{Atom, Kind, Policy, Prec};

/// The most matrix products `+mpow-n` is asked to chain.
pub const MAX_MPOW: u64 = 1 << 16;

/// The most element operations urnum spends on one `+mpow-n` (products ×
/// `m·k·p` multiply-adds each) or one `+mmul-unum`/`+mmul-fixp` (`m·n·k`
/// element reads and products); more is [`LagoonError::TooLarge`]
/// (unsupported). 2^24 is a 256 × 256 × 256 product: about a second at the
/// slowest kinds (binary128 in SoftFloat, posits in the quire) in a release
/// build. The Hoon has no limit.
pub const MAX_MMUL_WORK: u64 = 1 << 24;

/// Refuses `factors` multiplied together when the product exceeds
/// [`MAX_MMUL_WORK`] (or 64 bits).
fn guard_work(factors: &[u64]) -> Result<(), LagoonError> {
    let work = factors
        .iter()
        .try_fold(1u64, |acc, &f| acc.checked_mul(f))
        .filter(|w| *w <= MAX_MMUL_WORK);
    match work {
        Some(_) => Ok(()),
        None => Err(LagoonError::TooLarge {
            bits: factors.iter().map(|&f| u128::from(f)).product::<u128>(),
        }),
    }
}

fn assert_shapes(arm: &'static str, a: &Ray, b: &Ray) -> Result<(), LagoonError> {
    if a.meta.shape == b.meta.shape {
        Ok(())
    } else {
        Err(crate::meta::mismatch(
            arm,
            "a and b have one shape",
            &[("a", &a.meta), ("b", &b.meta)],
        ))
    }
}

/// The posit width of a `%unum` bloq in Lagoon's dispatch (3..=6).
fn posit_width(bloq: u32) -> Result<unum::Width, LagoonError> {
    match bloq {
        3..=6 => unum::Width::from_bloq(bloq).ok_or(LagoonError::BadBloq {
            kind: Kind::Unum,
            bloq,
        }),
        _ => Err(LagoonError::BadBloq {
            kind: Kind::Unum,
            bloq,
        }),
    }
}

fn posits(arm: &'static str, w: unum::Width, v: &[Atom]) -> Result<Vec<u128>, LagoonError> {
    let bits = 1u32 << w.bloq();
    v.iter()
        .map(|x| match x.as_u128() {
            Some(p) if bits == 128 || p >> bits == 0 => Ok(p),
            // A value wider than the posit: urnum does not reproduce it.
            _ => Err(unsupported(
                arm,
                format!("an element {x} wider than the {bits}-bit posit"),
            )),
        })
        .collect()
}

/// Port of `+unum-fdp [bloq av bv]` (`lagoon.hoon@aa6f2a6`): the fused dot
/// product of two posit lists in the quire, rounded once; stops at the
/// shorter list.
///
/// # Errors
/// [`LagoonError::BadBloq`] unless `bloq` is 3..=6; unsupported for a value
/// wider than the posit.
pub fn unum_fdp(bloq: u32, av: &[Atom], bv: &[Atom]) -> Result<Atom, LagoonError> {
    let w = posit_width(bloq)?;
    let (a, b) = (posits("unum-fdp", w, av)?, posits("unum-fdp", w, bv)?);
    Ok(Atom::from_u128(unum::fdp(w, &a, &b)))
}

fn prec_of(tail: &Tail) -> Result<Prec, LagoonError> {
    crate::gate::fixp_prec(tail)
}

/// Port of `+fixp-fdp [prc av bv]` (`lagoon.hoon@aa6f2a6`): the exact
/// fixed-point dot product at precision `tail = [a b]`: the signed integer sum
/// of the products, divided once by `2^b` truncating toward zero, re-encoded
/// at width `a + b + 1`; stops at the shorter list.
///
/// # Errors
/// [`LagoonError::BadTail`] unless `tail` is `[a=@ b=@]`; unsupported for a
/// precision beyond 32 bits.
pub fn fixp_fdp(tail: &Tail, av: &[Atom], bv: &[Atom]) -> Result<Atom, LagoonError> {
    Ok(fixp::fdp(prec_of(tail)?, av, bv))
}

/// Port of `+dot [a b]` (`lagoon.hoon@aa6f2a6`): `Σ a_i·b_i`, boxed at `a`'s rank.
///
/// Order: `%unum` — the quire (`+unum-fdp`), `%fixp` — the exact integer sum
/// (`+fixp-fdp`), both over the ravels without `+check` and with only the
/// shapes compared (`b`'s kind and bloq are not); every other kind —
/// `(cumsum (mul a b))`: the metas must be equal and both rays valid, each
/// product is rounded in the door mode, then the RIGHT fold from `+0`.
///
/// # Errors
/// [`LagoonError::Assert`] for unequal shapes (or, on the `(mul a b)` path,
/// unequal metas); the `+check` errors; a bad bloq or tail; a failing scalar operation.
pub fn dot(door: &Door, a: &Ray, b: &Ray) -> Result<Ray, LagoonError> {
    assert_shapes("dot", a, b)?;
    match a.meta.kind {
        Kind::Unum => match bits_path::posit::fdp(door, a, b) {
            Some(v) => scalar_to_ray(&a.meta, &v),
            None => scalar_to_ray(&a.meta, &unum_fdp(a.meta.bloq, &ravel(a)?, &ravel(b)?)?),
        },
        Kind::Fixp => scalar_to_ray(&a.meta, &fixp_fdp(&a.meta.tail, &ravel(a)?, &ravel(b)?)?),
        _ => cumsum(door, &mul(door, a, b)?),
    }
}

/// Port of `+dotc [a b]` (`lagoon.hoon@aa6f2a6`): the Hermitian dot product
/// `Σ conj(a_i)·b_i` = `(dot (conj a) b)`; equal to [`dot`] on the real kinds.
///
/// `+conj` checks `a` and conjugates each element in the door mode (`%cplx`:
/// `[re, 0 − im]`, a rounded subtraction); the order is then [`dot`]'s.
///
/// # Errors
/// As [`dot`].
pub fn dotc(door: &Door, a: &Ray, b: &Ray) -> Result<Ray, LagoonError> {
    assert_shapes("dotc", a, b)?;
    dot(door, &conj(door, a)?, b)
}

fn dim(shape: &[u64], i: usize) -> Result<u64, LagoonError> {
    shape.get(i).copied().ok_or(LagoonError::IndexOutOfRange {
        index: i as u64,
        dim: shape.len() as u64,
    })
}

/// Port of `+mmul [a b]` (`lagoon.hoon@aa6f2a6`): the matrix product of `a`
/// (`m × k`) and `b` (`k × p`), meta `[~[m p] bloq kind ~]` from `a`.
///
/// Order: per cell `acc = +0; for k ascending: acc = acc + a[i][k]·b[k][j]`,
/// each product and sum rounded in the door mode (a LEFT fold from `+0`,
/// = `?gemm`). `%unum` and `%fixp` go to [`mmul_unum`] / [`mmul_fixp`].
/// Quirks: `b`'s kind and bloq are not compared (its elements, read at its own
/// bloq, go through `a`'s kind); with `k = 0` every cell is `+0` and no scalar
/// operation runs.
///
/// # Errors
/// The `+check` errors; [`LagoonError::Assert`] unless both are rank 2 and
/// `a[1] = b[0]`; a bad bloq or tail; a failing scalar operation; unsupported
/// for an element of `b` wider than `a`'s elements.
pub fn mmul(door: &Door, a: &Ray, b: &Ray) -> Result<Ray, LagoonError> {
    require_check(a)?;
    require_check(b)?;
    if b.meta.rank() != 2 || a.meta.rank() != 2 || a.meta.shape[1] != b.meta.shape[0] {
        return Err(crate::meta::mismatch(
            "mmul",
            "rank 2 operands with a[1] = b[0]",
            &[("a", &a.meta), ("b", &b.meta)],
        ));
    }
    let (m, p) = (dim(&a.meta.shape, 0)?, dim(&b.meta.shape, 1)?);
    match a.meta.kind {
        Kind::Unum => {
            let kk = a.meta.shape[1];
            if m > 0 && p > 0 && kk > 0 {
                // `+mmul-unum`'s limits first: a refused call runs the ordinary path.
                guard_list(m.saturating_mul(p))?;
                guard_list(kk)?;
                guard_work(&[m, p, kk])?;
                if let Some(r) = bits_path::posit::mmul(door, (m, kk, p), a, b) {
                    return Ok(r);
                }
            }
            return mmul_unum(a, b);
        }
        Kind::Fixp => return mmul_fixp(door.policy, a, b),
        _ => {}
    }
    let kk = a.meta.shape[1];
    let meta = Meta::new(vec![m, p], a.meta.bloq, a.meta.kind);
    guard_list(m.saturating_mul(p))?;
    if m == 0 || p == 0 || kk == 0 {
        // With no inner dimension every cell is the empty sum 0: the data is
        // the pin alone, built without a list of `m · p` zero atoms.
        return Ray::from_elems(meta, &[]);
    }
    let k = Kernel::new("mmul", &a.meta, door)?;
    if let Some(r) = bits_path::contract(door.policy, &k.dtype, k.round, (m, kk, p), a, b, &meta) {
        return Ok(r);
    }
    let (xa, xb) = (ravel(a)?, ravel(b)?);
    if b.meta.bloq > a.meta.bloq && xb.iter().any(|x| x.met(a.meta.bloq) > 1) {
        return Err(unsupported(
            "mmul",
            format!(
                "a has bloq {} and b bloq {}, and an element of b does not fit in a's bloq",
                a.meta.bloq, b.meta.bloq
            ),
        ));
    }
    let cells = exec::contract(
        door.policy,
        &k.dtype,
        k.round,
        (m as usize, kk as usize, p as usize),
        &xa,
        &xb,
    )
    .map_err(|e| exec_error("mmul", e))?;
    Ray::from_elems(meta, &cells)
}

/// The operands of cell `(i, j)` of `+mmul-unum`/`+mmul-fixp`: row `i` of `a`
/// and column `j` of `b`, each read with `+get-item`.
fn cell_lists(
    a: &Ray,
    b: &Ray,
    i: u64,
    j: u64,
    kk: u64,
) -> Result<(Vec<Atom>, Vec<Atom>), LagoonError> {
    if kk == 0 {
        return Err(LagoonError::ZeroDecrement {
            what: "mmul cell length",
        });
    }
    let av = (0..kk)
        .map(|p| get_item(a, &[i, p]))
        .collect::<Result<_, _>>()?;
    let bv = (0..kk)
        .map(|p| get_item(b, &[p, j]))
        .collect::<Result<_, _>>()?;
    Ok((av, bv))
}

fn mmul_cells(
    a: &Ray,
    b: &Ray,
    meta: Meta,
    fast: impl FnOnce(&Meta, (u64, u64, u64)) -> Option<Ray>,
    mut cell: impl FnMut(&[Atom], &[Atom]) -> Result<Atom, LagoonError>,
) -> Result<Ray, LagoonError> {
    let (m, nn, kk) = (
        dim(&a.meta.shape, 0)?,
        dim(&b.meta.shape, 1)?,
        dim(&a.meta.shape, 1)?,
    );
    let mut shaped = meta;
    shaped.shape = vec![m, nn];
    // `(zeros ~[m nn])`, then `kk` reads of each operand per cell (only when
    // there is a cell: `k = 0` crashes at the first one).
    guard_list(m.saturating_mul(nn))?;
    if m > 0 && nn > 0 {
        guard_list(kk)?;
        guard_work(&[m, nn, kk])?;
    }
    if m > 0 && nn > 0 && kk > 0 {
        if let Some(r) = fast(&shaped, (m, kk, nn)) {
            return Ok(r);
        }
    }
    let mut cells = Vec::with_capacity((m * nn) as usize);
    for i in 0..m {
        for j in 0..nn {
            let (av, bv) = cell_lists(a, b, i, j, kk)?;
            cells.push(cell(&av, &bv)?);
        }
    }
    Ray::from_elems(shaped, &cells)
}

/// Port of `+mmul-unum [a b]` (`lagoon.hoon@aa6f2a6`): the posit matrix
/// product, each cell `+unum-fdp` of row `i` of `a` and column `j` of `b`
/// (exact quire, one rounding); meta `[~[m n] bloq kind ~]` from `a`.
///
/// It assumes `+mmul`'s checks (none of its own): elements are read with
/// `+get-item`, and an inner dimension 0 crashes at the first cell.
///
/// # Errors
/// [`LagoonError::BadBloq`] unless `a`'s bloq is 3..=6 (at the first cell);
/// the errors of `+get-item`; [`LagoonError::ZeroDecrement`] for `k = 0`;
/// [`LagoonError::TooLarge`] (unsupported), before any cell, when `m·n` or
/// `k` exceeds the list limit or `m·n·k` exceeds [`MAX_MMUL_WORK`].
pub fn mmul_unum(a: &Ray, b: &Ray) -> Result<Ray, LagoonError> {
    let bloq = a.meta.bloq;
    let meta = Meta::new(vec![], bloq, a.meta.kind);
    mmul_cells(a, b, meta, |_, _| None, |av, bv| unum_fdp(bloq, av, bv))
}

/// Port of `+mmul-fixp [a b]` (`lagoon.hoon@aa6f2a6`): the fixed-point matrix
/// product, each cell `+fixp-fdp` (exact integer sum, one truncating rescale);
/// meta `[~[m n] bloq kind tail]` from `a` (tail kept).
///
/// It assumes `+mmul`'s checks, as [`mmul_unum`].
///
/// # Errors
/// [`LagoonError::BadTail`] unless `a`'s tail is `[a=@ b=@]`; as [`mmul_unum`].
pub fn mmul_fixp(pol: Policy, a: &Ray, b: &Ray) -> Result<Ray, LagoonError> {
    let prec = prec_of(&a.meta.tail)?;
    let dtype = crate::gate::dtype(&a.meta)?;
    mmul_cells(
        a,
        b,
        a.meta.clone(),
        |meta, dims| bits_path::mmul_fixp(pol, &dtype, dims, a, b, meta),
        |av, bv| Ok(fixp::fdp(prec, av, bv)),
    )
}

/// Port of `+mpow-n [a n]` (`lagoon.hoon@aa6f2a6`): the matrix power by
/// repeated [`mmul`], `a·(a·(…·a))`.
///
/// Quirks: `n = 0` gives `(ones meta.a)`, NOT the identity; `n = 1` gives `a`
/// itself, unchecked.
///
/// # Errors
/// The errors of [`ones`] (`n = 0`) and [`mmul`]; unsupported
/// ([`LagoonError::TooLarge`]), before any product, for more than
/// [`MAX_MPOW`] products or, for a square `a` (`m × m`), more than
/// [`MAX_MMUL_WORK`] multiply-adds in all (`(n − 1) · m³`).
pub fn mpow_n(door: &Door, a: &Ray, n: u64) -> Result<Ray, LagoonError> {
    if n == 0 {
        return ones(&a.meta);
    }
    if n - 1 > MAX_MPOW {
        return Err(LagoonError::TooLarge {
            bits: u128::from(n),
        });
    }
    if let [m, k] = a.meta.shape[..] {
        // Every product is `a · b` with `b` of `a`'s shape, m·k·k
        // multiply-adds (unless `k ≠ m`: then the first product crashes).
        if n > 1 && m == k {
            guard_work(&[n - 1, m, k, k])?;
        }
    }
    let mut b = a.clone();
    for _ in 1..n {
        b = mmul(door, a, &b)?;
    }
    Ok(b)
}
