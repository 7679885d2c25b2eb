//! The [`Width`] dispatch onto the pure-Rust IEEE core [`softcore`]:
//! each function picks the core's format for its width and passes the
//! operands and the mode through. Results are the core's raw bits, which are
//! SoftFloat 3e's (8086-SSE) NaN payloads included: NaN canonicalisation is
//! the caller's job ([`super::canon`]).

use super::Width;
use softcore::Round;
use softcore::{self as soft, Binary128, Binary16, Binary32, Binary64};

/// Dispatches a generic core function over the four widths.
macro_rules! by_width {
    ($w:expr, $f:ident ( $($arg:expr),* )) => {
        match $w {
            Width::H => soft::$f::<Binary16>($($arg),*),
            Width::S => soft::$f::<Binary32>($($arg),*),
            Width::D => soft::$f::<Binary64>($($arg),*),
            Width::Q => soft::$f::<Binary128>($($arg),*),
        }
    };
}

/// Defines the two-operand operations: `$name(r, w, a, b)` is the core's
/// `$name` of `a` and `b` at width `w`, rounded in `r`.
macro_rules! binary {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[inline]
        pub fn $name(r: Round, w: Width, a: u128, b: u128) -> u128 {
            by_width!(w, $name(a, b, r))
        }
    )*};
}

binary! {
    /// `a + b` rounded in `r`.
    add;
    /// `a − b` rounded in `r`.
    sub;
    /// `a × b` rounded in `r`.
    mul;
    /// `a ÷ b` rounded in `r`.
    div;
}

/// `a × b + c` with one rounding in `r`.
#[inline]
pub fn fma(r: Round, w: Width, a: u128, b: u128, c: u128) -> u128 {
    by_width!(w, fma(a, b, c, r))
}

/// `√a` rounded in `r`.
#[inline]
pub fn sqrt(r: Round, w: Width, a: u128) -> u128 {
    by_width!(w, sqrt(a, r))
}

/// `a` rounded to an integral value of the same width in `r`.
#[inline]
pub fn round_to_int(r: Round, w: Width, a: u128) -> u128 {
    by_width!(w, round_to_int(a, r))
}

/// The unsigned integer `n` rounded to width `w` in `r`.
#[inline]
pub fn from_u64(r: Round, w: Width, n: u64) -> u128 {
    by_width!(w, from_u64(n, r))
}

/// `a` of width `from` converted to width `to`, rounded in `r` (the identity when the widths agree).
pub fn convert(r: Round, from: Width, to: Width, a: u128) -> u128 {
    macro_rules! to {
        ($s:ty) => {
            match to {
                Width::H => soft::convert::<$s, Binary16>(a, r),
                Width::S => soft::convert::<$s, Binary32>(a, r),
                Width::D => soft::convert::<$s, Binary64>(a, r),
                Width::Q => soft::convert::<$s, Binary128>(a, r),
            }
        };
    }
    if from == to {
        return a;
    }
    match from {
        Width::H => to!(Binary16),
        Width::S => to!(Binary32),
        Width::D => to!(Binary64),
        Width::Q => to!(Binary128),
    }
}

/// The quiet comparisons `(a < b, a <= b, a == b)`; all false when either is NaN.
#[inline]
pub fn compare(w: Width, a: u128, b: u128) -> (bool, bool, bool) {
    (
        by_width!(w, lt(a, b)),
        by_width!(w, le(a, b)),
        by_width!(w, eq(a, b)),
    )
}
