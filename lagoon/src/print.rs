//! Lagoon's printing arms as data: the `tank` that `++to-tank` builds for a ray,
//! and the aura term `++get-term` names for a ray's elements.
//!
//! Ports `++to-tank`, `++get-term` and the tank half of `++print`/`++slog` of
//! urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`.
//! This module decides the tank's *structure* — which `%rose` nodes, with which
//! separators, around which element atoms, sold under which aura — and leaves
//! the *text* of each element to a [`Sell`] implementation, because Hoon's atom
//! printer (`++sell`, `++rend:co`) lives in the `hoon` crate, which depends on
//! this one. `hoon::tank` provides the seller the dojo uses and the renderer
//! (`++re`) that lays a tank out at a terminal width.
//!
//! What `++to-tank` does, in our words:
//! - a rank-1 shape gives `[%rose [" " "[" "]"] items]`, one item per entry of
//!   the data list, each `(sell [%atom kind ~] x)`: the atom sold under the
//!   *kind's term* (`%i754`, `%uint`, …) as its aura, not under `++get-term`'s
//!   aura (see [`element_aura`]);
//! - a higher rank splits the list into `shape[0]` runs of
//!   `(lent dat) / shape[0]` entries (`swag`, so a short list gives short or
//!   empty runs) and gives `[%rose [" " "[" "]\n"] rows]`, each row `+to-tank`
//!   of its run with the rest of the shape — every close but the rank-1 one
//!   carries a newline character;
//! - the empty shape crashes (`-.shape` of `~`), as does a first dimension of
//!   0 at rank ≥ 2 (`div` by 0).
//!
//! Tapes are held as `String`s whose bytes are the tape's characters
//! (`(lent tape)` is the byte length), as `trip` makes them from a cord.

use crate::error::LagoonError;
use crate::meta::Meta;
use crate::ndray::ravel;
use crate::ray::Ray;
use softblas::{Atom, Kind};

/// A Hoon `tank`: a tree of text that `++re` lays out on one line or many.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tank {
    /// `[%leaf p=tape]`: text.
    Leaf(String),
    /// `[%palm p=[mid open fore close] q=(list tank)]`: a tall form whose
    /// items step back two columns each.
    Palm {
        /// `p.p`: the separator between items on one line.
        mid: String,
        /// `q.p`: the opening text.
        open: String,
        /// `r.p`: text joined to the opening on one line.
        fore: String,
        /// `s.p`: the closing text.
        close: String,
        /// `q`: the items.
        items: Vec<Tank>,
    },
    /// `[%rose p=[sep open close] q=(list tank)]`: items between an opening
    /// and a closing text, separated by `sep` on one line.
    Rose {
        /// `p.p`: the separator between items on one line.
        sep: String,
        /// `q.p`: the opening text.
        open: String,
        /// `r.p`: the closing text.
        close: String,
        /// `q`: the items.
        items: Vec<Tank>,
    },
}

impl Tank {
    /// The rose `[%rose [sep open close] items]`.
    pub fn rose(sep: &str, open: &str, close: &str, items: Vec<Tank>) -> Tank {
        Tank::Rose {
            sep: sep.to_string(),
            open: open.to_string(),
            close: close.to_string(),
            items,
        }
    }

    /// The leaf `[%leaf text]`.
    pub fn leaf(text: impl Into<String>) -> Tank {
        Tank::Leaf(text.into())
    }
}

/// The element printer `++to-tank` calls: `(sell [%atom aura ~] x)`, the tank
/// Hoon's type-directed printer makes for the atom `x` typed `@aura`.
///
/// Implemented by `hoon::tank` (the dojo's printer) and by any closure
/// `FnMut(&str, &Atom) -> Result<Tank, E>`.
pub trait Sell {
    /// Why an element could not be sold (the Hoon crashes, or the printer does
    /// not reproduce it); it must carry [`LagoonError`]s from the structure.
    type Error: From<LagoonError>;

    /// The tank of the atom `atom` typed `@aura` (`aura` without the `@`).
    ///
    /// # Errors
    /// Whatever the printer reports for this atom and aura.
    fn sell(&mut self, aura: &str, atom: &Atom) -> Result<Tank, Self::Error>;
}

impl<E, F> Sell for F
where
    E: From<LagoonError>,
    F: FnMut(&str, &Atom) -> Result<Tank, E>,
{
    type Error = E;

    fn sell(&mut self, aura: &str, atom: &Atom) -> Result<Tank, E> {
        self(aura, atom)
    }
}

/// The aura `++to-tank` sells each element under: the kind's own term
/// (`"i754"`, `"uint"`, `"int2"`, `"unum"`, `"cplx"`, `"fixp"`), because the
/// arm builds the type `[%atom kind ~]` from the kind. This is not
/// [`get_term`]'s aura; Hoon's printer reads it as an aura like any other
/// (what it then prints, or why it crashes, is `hoon::tank`'s business).
pub const fn element_aura(kind: Kind) -> &'static str {
    kind.term()
}

/// The most tanks (roses and leaves) [`to_tank`] builds for one ray.
///
/// A tank costs about 200 bytes (three tapes and a list), so 2^20 of them
/// is about 200 MiB: enough for a 1000 × 1000 matrix. The Hoon has no limit,
/// but a shape like `~[2^26 4 0]` asks it for 2^26 + 2^28 roses around no
/// element at all.
pub const MAX_TANK_NODES: u64 = 1 << 20;

/// The deepest [`to_tank`] recurses: one level per dimension but the last.
pub const MAX_TANK_DEPTH: usize = 1024;

/// Checks, before anything is built, that `++to-tank` of `leaves` elements
/// read with `shape` stays within [`MAX_TANK_NODES`] and [`MAX_TANK_DEPTH`].
///
/// The roses are `1 + d0 + d0·d1 + … + d0⋯d(r−2)` for the shape `d0…d(r−1)`
/// and the leaves at most `leaves`; a dimension 0 above the last crashes at
/// the first row that reaches it, so nothing below it is built (the depth
/// reached is then its index).
fn guard_tank(shape: &[u64], leaves: u64) -> Result<(), LagoonError> {
    let over = |n: u64| LagoonError::TooLarge {
        bits: u128::from(n),
    };
    let inner = &shape[..shape.len().saturating_sub(1)];
    let zero = inner.iter().position(|&d| d == 0);
    if zero.unwrap_or(inner.len()) > MAX_TANK_DEPTH {
        return Err(over(inner.len() as u64));
    }
    if zero.is_some() {
        return Ok(());
    }
    let (mut level, mut total) = (1u64, 1u64.saturating_add(leaves));
    for &d in inner {
        level = level.saturating_mul(d);
        total = total.saturating_add(level);
        if total > MAX_TANK_NODES {
            return Err(over(total));
        }
    }
    if total > MAX_TANK_NODES {
        return Err(over(total));
    }
    Ok(())
}

/// Port of `++to-tank [dat shape kind]`: the tank of the row-major element
/// list `dat` read with `shape`, each element sold under [`element_aura`].
///
/// # Errors
/// [`LagoonError::Assert`] when the Hoon crashes on the structure (an empty
/// shape; a first dimension of 0 at rank ≥ 2); [`LagoonError::TooLarge`]
/// (unsupported) when the tank would have more than [`MAX_TANK_NODES`] nodes
/// or recurse deeper than [`MAX_TANK_DEPTH`], checked before any is built;
/// whatever `seller` returns for an element (the first one, in row-major order).
pub fn to_tank<S: Sell>(
    dat: &[Atom],
    shape: &[u64],
    kind: Kind,
    seller: &mut S,
) -> Result<Tank, S::Error> {
    if !shape.is_empty() {
        guard_tank(shape, dat.len() as u64)?;
    }
    build_tank(dat, shape, kind, seller)
}

/// [`to_tank`] once its size has been checked.
fn build_tank<S: Sell>(
    dat: &[Atom],
    shape: &[u64],
    kind: Kind,
    seller: &mut S,
) -> Result<Tank, S::Error> {
    if shape.len() == 1 {
        let items = dat
            .iter()
            .map(|x| seller.sell(element_aura(kind), x))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Tank::rose(" ", "[", "]", items));
    }
    let (&first, rest) = shape.split_first().ok_or(LagoonError::Assert {
        arm: "to-tank",
        check: "the shape is not empty (-.shape of ~ crashes)",
    })?;
    if first == 0 {
        return Err(LagoonError::Assert {
            arm: "to-tank",
            check: "the first dimension is not 0 ((div (lent dat) -.shape) divides by it)",
        }
        .into());
    }
    let len = dat.len() as u64;
    let width = len / first;
    // Grown row by row, never reserved: a 0 further down crashes at the first
    // row, and `guard_tank` did not count the rows of such a shape.
    let mut items = Vec::new();
    for i in 0..first {
        // `(swag [(mul width i) width] dat)`: a run clipped to the list's end.
        let lo = width.saturating_mul(i).min(len) as usize;
        let hi = (lo as u64).saturating_add(width).min(len) as usize;
        items.push(build_tank(&dat[lo..hi], rest, kind, seller)?);
    }
    Ok(Tank::rose(" ", "[", "]\n", items))
}

/// The tank `++print` and `++slog` hand to the runtime for `a`:
/// `(to-tank (ravel a) shape.meta.a kind.meta.a)`.
///
/// `++print` emits it under the hint `%slog.1` (priority 1) and produces `~`;
/// `++slog` passes `~[tank]` to the stdlib `++slog` (priority 0) and produces
/// that gate's product, the identity gate `same`.
///
/// # Errors
/// As [`to_tank`] (the element count is checked against [`MAX_TANK_NODES`]
/// before the data is ravelled), and [`LagoonError::TooLarge`] from [`ravel`].
pub fn print_tank<S: Sell>(a: &Ray, seller: &mut S) -> Result<Tank, S::Error> {
    let blocks = a.data.met(a.meta.bloq);
    if blocks > MAX_TANK_NODES {
        return Err(LagoonError::TooLarge {
            bits: u128::from(blocks),
        }
        .into());
    }
    let dat = ravel(a)?;
    to_tank(&dat, &a.meta.shape, a.meta.kind, seller)
}

/// Port of `++get-term meta`: the aura term (without `%`) of the ray's
/// elements: `%uint` → `ud`, `%int2` → `sd`, `%i754` bloq 4/5/6/7 →
/// `rh`/`rs`/`rd`/`rq`, `%unum` bloq 3/4/5/6 → `rpb`/`rph`/`rps`/`rpd`,
/// `%cplx` bloq 5/6/7/8 → `ch`/`cs`/`cd`/`cq`, `%fixp` → `ux` (any bloq).
///
/// # Errors
/// [`LagoonError::BadBloq`] for an `%i754`, `%unum` or `%cplx` bloq outside its
/// list (the Hoon's `?+ bloq ~|(bloq !!)`).
pub fn get_term(meta: &Meta) -> Result<&'static str, LagoonError> {
    let bad = LagoonError::BadBloq {
        kind: meta.kind,
        bloq: meta.bloq,
    };
    match (meta.kind, meta.bloq) {
        (Kind::Uint, _) => Ok("ud"),
        (Kind::Int2, _) => Ok("sd"),
        (Kind::Fixp, _) => Ok("ux"),
        (Kind::I754, b) => ["rh", "rs", "rd", "rq"]
            .get(b.wrapping_sub(4) as usize)
            .copied()
            .ok_or(bad),
        (Kind::Unum, b) => ["rpb", "rph", "rps", "rpd"]
            .get(b.wrapping_sub(3) as usize)
            .copied()
            .ok_or(bad),
        (Kind::Cplx, b) => ["ch", "cs", "cd", "cq"]
            .get(b.wrapping_sub(5) as usize)
            .copied()
            .ok_or(bad),
    }
}
