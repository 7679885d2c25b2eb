//! The exact value of each measured arm's real function, from MPFR (rug).
//!
//! The function is evaluated on the exact argument(s) at precision `p + 64`
//! rounding toward zero, and the inexact flag becomes the [`Exact`] sticky
//! bit: together a round-to-odd result, which [`super::ulp::round_nearest`]
//! rounds to the width with a single correct rounding (no double rounding),
//! subnormals and overflow included. MPFR's own exponent range (±2^30) holds
//! every `@rq` result except `exp` far beyond overflow or underflow, where it
//! gives ±∞ or a sticky zero, which round the same way.

use super::func::Func;
use super::sweep::{from_float, to_float};
use super::ulp::Exact;
use rug::float::Round as MRound;
use rug::ops::Pow;
use rug::Float;
use softblas::scalar::i754::Width;

/// Extra bits above the width's precision at which MPFR evaluates.
const GUARD: u32 = 64;

/// The exact value of `func` at `args` (as [`Func::hoon`] takes them) for width `w`,
/// and the MPFR float it came from.
pub fn exact(func: Func, w: Width, args: [u128; 2]) -> (Exact, Float) {
    let prec = w.precision() + GUARD;
    let a = to_float(w, args[0]);
    let b = to_float(w, args[1]);
    let (v, ord) = match func {
        Func::Exp => Float::with_val_round(prec, a.exp_ref(), MRound::Zero),
        Func::Log => Float::with_val_round(prec, a.ln_ref(), MRound::Zero),
        Func::Log2 => Float::with_val_round(prec, a.log2_ref(), MRound::Zero),
        Func::Log10 => Float::with_val_round(prec, a.log10_ref(), MRound::Zero),
        Func::Sin => Float::with_val_round(prec, a.sin_ref(), MRound::Zero),
        Func::Cos => Float::with_val_round(prec, a.cos_ref(), MRound::Zero),
        Func::Tan => Float::with_val_round(prec, a.tan_ref(), MRound::Zero),
        Func::Asin => Float::with_val_round(prec, a.asin_ref(), MRound::Zero),
        Func::Acos => Float::with_val_round(prec, a.acos_ref(), MRound::Zero),
        Func::Atan => Float::with_val_round(prec, a.atan_ref(), MRound::Zero),
        Func::Atan2 => Float::with_val_round(prec, a.atan2_ref(&b), MRound::Zero),
        Func::Sqt => Float::with_val_round(prec, a.sqrt_ref(), MRound::Zero),
        Func::Cbt => Float::with_val_round(prec, a.cbrt_ref(), MRound::Zero),
        Func::Pow | Func::PowN => Float::with_val_round(prec, (&a).pow(&b), MRound::Zero),
    };
    let sticky = ord != std::cmp::Ordering::Equal;
    (from_float(&v, sticky), v)
}
