//! Property tests: every `softblas::blas` routine equals a step-by-step MPFR
//! (rug) recomputation of the order its doc comment states, at every width and
//! in every rounding mode, one correct rounding per operation.
//!
//! The oracle side ([`O`](oracle::O) and the `o_*` functions) is a second implementation
//! written from the doc comments: it rounds each operation with MPFR
//! (`i754_support::Op::oracle`), compares with MPFR's order (NaN unordered),
//! clears sign bits for `abs`, and walks strides by its own index formula.
//! Operands are biased to NaN, ±∞, ±0, subnormals, the extreme binades and
//! near-ties (`i754_support::value`). Case counts come from `PROPTEST_CASES`;
//! each case runs all 4 widths × 5 modes.

#[macro_use]
mod blas_support;
mod i754_support;

use complex::check_complex;
use level1::{check_level1, check_norms, check_widening};
use matrix::check_level23;
use proptest::prelude::*;
use rotations::check_rotations;

#[path = "blas_oracle/complex.rs"]
mod complex;
#[path = "blas_oracle/level1.rs"]
mod level1;
#[path = "blas_oracle/matrix.rs"]
mod matrix;
#[path = "blas_oracle/oracle.rs"]
mod oracle;
#[path = "blas_oracle/rotations.rs"]
mod rotations;

seeded! {
    level1_real_matches_mpfr => check_level1;
    norms_match_mpfr => check_norms;
    rotations_match_mpfr => check_rotations;
    widening_dots_match_mpfr => check_widening;
    level1_complex_matches_mpfr => check_complex;
    gemv_gemm_match_mpfr => check_level23;
}
