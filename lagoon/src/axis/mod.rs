//! The axis-wise section of urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`
//! ("Axis-wise reductions, norms, sorting, and distances"), not present in
//! earlier versions and not jetted anywhere.
//!
//! `dim` counts from the outermost dimension (0 = rows of a matrix).
//! Reductions drop `dim` (NumPy's `keepdims=False`; rank 1 reduces to `~[1]`).
//! Every fold here is a LEFT fold seeded with the slice's first element,
//! `((x0 ⊕ x1) ⊕ x2) …` — deliberately not the right fold from `+0` of the
//! whole-array `+cumsum`.
//!
//! | module | arms |
//! |---|---|
//! | [`slices`] | `+prod-list +drop-dim +dim-parts +dim-slices +slice-flat +fold-slice +slice-op +slice-idx` |
//! | [`reductions`] | `+sum-dim +prod-dim +max-dim +min-dim +argmax-dim +argmin-dim` |
//! | [`statistics`] | `+mean +mean-dim +var +var-dim +std +std-dim` |
//! | [`norms`] | `$norm-ord +norm-slice +norm +norm-dim` |
//! | [`sorting`] | `+rank-slice +sort-dim +argsort-dim +argtop-dim +take-dim` |
//! | [`distances`] | `+cdist-sq +pdist-sq` |
//! | [`broadcasting`] | `+broadcast-to` |
//!
//! `+i754-sun` and `+i754-sqt` are [`i754_sun`] and [`i754_sqt`].

pub mod broadcasting;
pub mod distances;
pub(crate) mod kernel;
pub mod norms;
pub mod reductions;
pub mod slices;
pub mod sorting;
pub mod statistics;

pub use broadcasting::broadcast_to;
pub use distances::{cdist_sq, pdist_sq};
pub use kernel::{i754_sqt, i754_sun};
pub use norms::{norm, norm_dim, norm_slice, NormOrd};
pub use reductions::{argmax_dim, argmin_dim, max_dim, min_dim, prod_dim, sum_dim};
pub use slices::{dim_slices, fold_slice, slice_flat, slice_idx, slice_op};
pub use sorting::{
    argsort_dim, argtop_dim, rank_slice, rank_slice_within, sort_dim, take_dim, SortDir,
    SORT_WORK_LIMIT,
};
pub use statistics::{mean, mean_dim, std, std_dim, var, var_dim};
