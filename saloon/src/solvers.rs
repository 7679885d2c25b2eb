//! Direct and iterative solvers over rank-1 and rank-2 `%i754` rays: `+matvec
//! +matvec-t +dotv +nrm2 +axpyv +col-dot +gram +chol-unit +chol +trsv-lo
//! +trsv-up +trsv-r +chol-solve +cg +pcg` of `saloon/desk/lib/saloon.hoon@424a2bf`.
//!
//! Every inner product is a LEFT fold from +0 in index order (`acc ← acc + x_i·y_i`,
//! product and sum rounded separately in `rnd`); every substitution subtracts
//! left to right from the right-hand side. Each helper's float width is the
//! bloq of the ray the Hoon takes it from (`bloq.meta.m` for `+matvec`,
//! `bloq.meta.x` for `+dotv`/`+axpyv`, …), and only the arms that say so
//! assert `%i754` or a bloq in 4..=7: on other rays the helpers run the float
//! ops of the `@rq` door on whatever bits the elements hold, as the Hoon does.
//! Results built with `+zeros` have meta `[shape b %i754 ~]`; `+axpyv` keeps
//! `y`'s meta.

mod direct;
mod iterative;
mod products;
#[cfg(test)]
mod tests;

pub(crate) use direct::g_trsv_r;
pub use direct::{chol, chol_solve, chol_unit, trsv_lo, trsv_r, trsv_up};
pub use iterative::{cg, pcg, Solve};
pub use products::{axpyv, col_dot, dotv, gram, matvec, matvec_t, nrm2};
pub(crate) use products::{g_col_dot, g_matvec_t};

/// The most iterations urnum runs for `+cg`/`+pcg` (the Hoon runs until `maxit`).
pub const CG_LIMIT: u64 = 1 << 20;

/// The most column-entry products [`gram`] forms: `d² · rows` for a `rows × d`
/// input, one left fold of `rows` products for each of its `d²` entries (an
/// empty column still costs a store, so `rows` counts as at least 1). The Hoon
/// has no limit; a `4096 × 4096` input would take 2^36 steps (hours), so past
/// this budget the call is unsupported before any entry is formed.
pub const GRAM_WORK_LIMIT: u64 = crate::door::Limits::JET.gram;

/// The most inner-loop steps [`chol_unit`] (so `+chol` and `+chol-solve`)
/// runs for an `n × n` input: column `j` subtracts `j` squares from its pivot
/// and `j` products from each of its `n − j − 1` entries below, which with the
/// stores is `Σ_j (j + 1)(n − j) = n(n + 1)(n + 2)/6`. A NaN pivot is not
/// caught and the Hoon carries on through every column (a `4096 × 4096`
/// input: 1.1·10^10 steps); past this budget the call is unsupported after
/// the symmetry check and the first pivot (a matrix the Hoon rejects at once
/// is rejected as it does), before any column is factored.
pub const CHOL_WORK_LIMIT: u64 = crate::door::Limits::JET.chol;
