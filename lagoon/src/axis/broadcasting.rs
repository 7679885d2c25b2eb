//! Explicit broadcasting, urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`:
//! `+broadcast-to`, the only broadcasting Lagoon has (`+bin-op` demands equal metas).
//!
//! The result is materialised: the source view is lowered by the movement
//! [`Move::Broadcast`] (axes of extent 1 repeat with stride 0, missing leading
//! axes are added) and read in row-major order straight into the result's data
//! (no list of element atoms: a small ray broadcast to 2^26 elements costs the
//! result's bits, not 24 bytes per element). Elements are moved, never
//! computed on, so every kind and every bit pattern passes unchanged.

use crate::error::LagoonError;
use crate::gate::unsupported;
use crate::meta::{assert_of, guard_list, Meta};
use crate::ray::{require_check, Ray};
use softblas::exec::{Move, View};

/// Port of `+broadcast-to [a shape]` (`lagoon.hoon@aa6f2a6`): `a` expanded to
/// `shape` by NumPy's rules (shapes right-aligned, `a`'s padded with leading
/// 1s, each of `a`'s dimensions equal to the target's or 1), with `a`'s meta
/// and the target shape.
///
/// # Errors
/// `?> (check a)`; [`LagoonError::Assert`] when `a`'s rank exceeds the
/// target's, a target dimension is 0, or a dimension neither matches nor is 1;
/// [`LagoonError::TooLarge`] for a result beyond urnum's size limit.
pub fn broadcast_to(a: &Ray, shape: &[u64]) -> Result<Ray, LagoonError> {
    let arm = "broadcast-to";
    require_check(a)?;
    let (rnk, rka) = (shape.len(), a.meta.rank());
    let target = Meta {
        shape: shape.to_vec(),
        ..a.meta.clone()
    };
    let both = [("a", &a.meta), ("the target", &target)];
    assert_of(
        arm,
        &[
            (rka <= rnk, "a's rank is at most the target's"),
            (!shape.contains(&0), "no target dimension is 0"),
        ],
        &both,
    )?;
    let src: Vec<u64> = std::iter::repeat_n(1, rnk - rka)
        .chain(a.meta.shape.iter().copied())
        .collect();
    let fits = src.iter().zip(shape).all(|(s, t)| s == t || *s == 1);
    assert_of(
        arm,
        &[(fits, "each dimension matches the target or is 1")],
        &both,
    )?;
    let total = crate::meta::elems(shape)?;
    guard_list(total)?;
    let mut meta = a.meta.clone();
    meta.shape = shape.to_vec();
    meta.pin_bit()?; // the result's size limit, before any element is read
    let to_usize = |v: &[u64]| v.iter().map(|d| *d as usize).collect::<Vec<usize>>();
    let view = View::contiguous(&to_usize(&a.meta.shape))
        .apply(&Move::Broadcast(to_usize(shape)))
        .ok()
        .flatten()
        .ok_or_else(|| unsupported(arm, "a broadcast view past the address space"))?;
    // `+check` held: element p of the data is element p of `(ravel a)`.
    Ray::gathered(meta, a, &view)
}
