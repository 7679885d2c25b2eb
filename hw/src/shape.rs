//! The shapes the loops are called with: [`Dims`], a contraction's
//! `(m, k, p)` (and [`has_work`], its operands' check), [`Split`], a complex
//! contraction's operands with their parts apart, and [`Slots`], an output
//! before the loop writes it.

use std::mem::MaybeUninit;

/// The output of a hardware loop before it runs: slots it writes every one
/// of ([`crate::fresh`]).
pub type Slots<T> = [MaybeUninit<T>];

/// The dimensions `(m, k, p)` of a contraction of an `m × k` by a `k × p` matrix.
pub type Dims = (usize, usize, usize);

/// The operands of a complex contraction `c += a·b` whose matrices hold
/// their real and imaginary parts apart, each as `[re, im]` (row-major).
pub struct Split<'a, T> {
    /// The parts of `a` (`m × k`).
    pub a: [&'a [T]; 2],
    /// The parts of `b` (`k × p`).
    pub b: [&'a [T]; 2],
    /// The parts of `c` (`m × p`), continued from.
    pub c: [&'a mut [T]; 2],
}

/// Whether a contraction of dimensions `(m, k, p)` has a product to compute
/// (no dimension is 0), once its operands' lengths `[a, b, c]` are checked
/// to be `m·k`, `k·p` and `m·p`.
///
/// # Panics
/// When a length differs; the message starts with `caller`.
#[cfg(any(target_arch = "x86_64", test))]
pub(crate) fn has_work(caller: &str, (m, k, p): Dims, [a, b, c]: [usize; 3]) -> bool {
    assert!(
        a == m * k && b == k * p && c == m * p,
        "{caller}: contraction buffers do not match the dimensions"
    );
    m != 0 && k != 0 && p != 0
}
