//! The work limits of the Jacobi walks: the side of a loop over index
//! pairs within the element limit, and one sweep's rotations within the
//! door's `Limits::sweep`, checked before the work.

use super::*;

/// The side `n = (snag 0 shape)` of a loop over `n × n` index pairs, or
/// [`SaloonError::Unsupported`] when `n²` exceeds [`MAX_ELEMS`]: a square
/// matrix within the element limit always passes; a side read from a rank-1
/// or degenerate shape (the Hoon indexes such grids too, reading the last
/// index only) could ask for 10^14 reads.
pub(super) fn square_side(shape: &[u64], arm: &'static str) -> Result<u64, SaloonError> {
    let n = snag(shape, 0, arm)?;
    if u128::from(n) * u128::from(n) > u128::from(MAX_ELEMS) {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: a loop over {n} × {n} index pairs exceeds the bound of {MAX_ELEMS}"
        )));
    }
    Ok(n)
}

/// `(snag 0 shape)`, the rows a rotation walks, when at most [`MAX_ELEMS`].
///
/// A grid with elements has no larger extent; an empty one can (`~[2^64−1 0]`),
/// and the Hoon would walk all its rows (a 30-second `arms` fuzz input:
/// `+sweep-once` with a `v` of 16.7 million empty rows).
///
/// # Errors
/// [`SaloonError::Unsupported`] above the bound; the crash of `snag` on an empty shape.
pub(crate) fn rotation_rows(shape: &[u64], arm: &'static str) -> Result<u64, SaloonError> {
    let n = snag(shape, 0, arm)?;
    if n > MAX_ELEMS {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: a rotation over {n} rows exceeds the bound of {MAX_ELEMS}"
        )));
    }
    Ok(n)
}

/// The rows one Jacobi sweep may rotate in all: `pairs · (2n + rows of v)`
/// for `+sweep-once`/`+sweep-herm`, at most 2^24 (about 2.5 s in a release
/// build at the limit: each row visit reads and writes two elements through
/// the Hoon's index arithmetic; 2^26 took 9 s).
pub const SWEEP_WORK_LIMIT: u64 = crate::door::Limits::JET.sweep;

/// The most rows [`eig`] and [`eig_herm`] rotate in all their sweeps: each
/// sweep that runs is charged `n(n−1)/2 · 3n` (its pivot pairs, each
/// rotating `2n` rows of `m` and `n` of `v`) before it runs, and the call is
/// unsupported once the charges pass this budget. [`SWEEP_WORK_LIMIT`] bounds
/// one sweep only; a matrix whose off-diagonal norm never falls (NaN spreads
/// through it) runs all [`SWEEP_CAP`] sweeps in the Hoon (`n = 355`: 60 ×
/// 6.7·10^7 rows). A matrix that is already diagonal runs no sweep and is
/// never charged. At this budget a `60 × 60` `@rd` matrix that never
/// converges is refused after 52 sweeps, about 1 s in a release build.
pub const EIG_WORK_LIMIT: u64 = crate::door::Limits::JET.eig;

/// The budget of [`EIG_WORK_LIMIT`] for [`eig_herm`], a quarter of it: a
/// complex rotation costs about four real ones (2^24 rotated rows of `@cd`
/// took over 4 s in a release build).
pub const EIG_HERM_WORK_LIMIT: u64 = crate::door::Limits::JET.eig_herm;

/// The rows one sweep of [`eig`]/[`eig_herm`] rotates for an `n × n` matrix:
/// `n(n−1)/2 · 3n`.
fn eig_sweep_rows(n: u64) -> u128 {
    pair_count(n).saturating_mul(3 * u128::from(n))
}

/// Charges one more sweep of `n × n` against `limit` ([`EIG_WORK_LIMIT`] or [`EIG_HERM_WORK_LIMIT`]).
pub(super) fn charge_sweep(
    spent: &mut u128,
    n: u64,
    limit: u64,
    arm: &'static str,
) -> Result<(), SaloonError> {
    *spent = spent.saturating_add(eig_sweep_rows(n));
    if *spent > u128::from(limit) {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: the sweeps of a {n} × {n} matrix rotate more than {limit} rows in all \
             (the door's Limits)"
        )));
    }
    Ok(())
}

/// Checks one sweep's rotations of an `n × n` matrix and a `v` of `v_rows`
/// rows against [`SWEEP_WORK_LIMIT`].
pub(super) fn sweep_budget(
    sa: &Sa,
    n: u64,
    v_rows: u64,
    arm: &'static str,
) -> Result<(), SaloonError> {
    let rows = 2 * u128::from(n) + u128::from(v_rows);
    let limit = sa.limits.sweep;
    if pair_count(n).saturating_mul(rows) > u128::from(limit) {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: one sweep rotates more than {limit} rows (the door's Limits::sweep)"
        )));
    }
    Ok(())
}
