//! Property tests: the SoftBLAS routines on the kernel layer equal their
//! SoftFloat loops bit for bit, at every width and in every rounding mode,
//! over long vectors whose sums walk, grow, stagnate, tie, overflow and
//! cancel, with NaN, ±∞, ±0 and subnormal elements, at the strides each
//! routine takes (0 and negative included where it takes them).
//!
//! The SoftFloat side is each routine's order as its doc comment states,
//! written here once more over the soft core (`softblas::ieee::soft`, which
//! never runs on the hardware); `blas_oracle.rs` checks the same orders
//! against MPFR on short vectors. Case counts come from `PROPTEST_CASES`;
//! each case runs all 4 widths × 5 modes.

#[macro_use]
mod blas_support;
mod i754_support;

use complex::check_complex;
use level1::{check_axpy_scal, check_dot_asum, check_norms, check_sum, check_widening};
use proptest::prelude::*;
use rotations::check_rot_rotm;

#[path = "blas_fast/complex.rs"]
mod complex;
#[path = "blas_fast/level1.rs"]
mod level1;
#[path = "blas_fast/operands.rs"]
mod operands;
#[path = "blas_fast/rotations.rs"]
mod rotations;
#[path = "blas_fast/sf.rs"]
mod sf;

seeded! {
    sum_left_equals_the_softfloat_fold => check_sum;
    widening_dots_equal_their_softfloat_loops => check_widening;
    dot_and_asum_equal_their_softfloat_loops => check_dot_asum;
    rot_and_rotm_equal_their_softfloat_loops => check_rot_rotm;
    complex_dots_and_crot_equal_their_softfloat_loops => check_complex;
    norms_sums_and_maxima_equal_their_softfloat_loops => check_norms;
    axpy_and_scal_equal_their_softfloat_loops => check_axpy_scal;
}
