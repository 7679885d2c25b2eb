//! The shapes the loops are called with: [`Dims`], a contraction's
//! `(m, k, p)`, and [`Slots`], an output before the loop writes it.

use std::mem::MaybeUninit;

/// The output of a hardware loop before it runs: slots it writes every one
/// of ([`crate::fresh`]).
pub type Slots<T> = [MaybeUninit<T>];

/// The dimensions `(m, k, p)` of a contraction of an `m × k` by a `k × p` matrix.
pub type Dims = (usize, usize, usize);
