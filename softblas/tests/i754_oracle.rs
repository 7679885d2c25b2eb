//! Property tests: every rounded `%i754` operation equals the correctly
//! rounded result computed by MPFR (rug), at every width and in every mode,
//! with NaN results canonical. Operands are biased to hard cases (see
//! `i754_support`). Case counts come from `PROPTEST_CASES`; each case checks
//! all 4 widths × 5 modes. The long sweep is `i754_sweep`.

mod i754_support;

use i754_support::{oracle_convert, oracle_int, oracle_toi, Op, Rng};
use proptest::prelude::*;
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Round};

fn check_op(op: Op, seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let (a, b, c) = i754_support::operands(w, &mut rng);
            let ours = op.ours(w, r, a, b, c);
            let want = op.oracle(w, r, a, b, c);
            assert_eq!(
                ours, want,
                "{op:?} {w:?} {r:?} a={a:#x} b={b:#x} c={c:#x}: ours {ours:#x}, MPFR {want:#x}"
            );
        }
    }
}

proptest! {
    /// Each of [`Op::ALL`] on the same hard-biased operands of a seed.
    #[test]
    fn every_op_is_correctly_rounded(seed in any::<u64>()) {
        for op in Op::ALL {
            check_op(op, seed)
        }
    }

    /// `sun`/`san` round integers of any size (up to 2^300 here, past every
    /// width's overflow threshold, f128's included only near 2^16384 below).
    #[test]
    fn sun_san_are_correctly_rounded(limbs in prop::collection::vec(any::<u64>(), 0..6), cut in 0u32..320, neg: bool) {
        let n = Atom::from_limbs(&limbs).low_bits(u64::from(cut));
        for w in Width::ALL {
            for r in Round::ALL {
                prop_assert_eq!(i754::sun(w, r, &n), oracle_int(w, r, false, &n), "sun {:?} {:?} {}", w, r, n);
                prop_assert_eq!(i754::san(w, r, neg, &n), oracle_int(w, r, neg, &n), "san {:?} {:?} {} {}", w, r, neg, n);
            }
        }
    }

    /// `toi` is the exact integer nearest in the mode, `None` on NaN and ±∞.
    #[test]
    fn toi_matches_mpfr(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        for w in Width::ALL {
            for r in Round::ALL {
                let a = i754_support::value(w, &mut rng);
                prop_assert_eq!(i754::toi(w, r, a), oracle_toi(w, r, a), "toi {:?} {:?} {:#x}", w, r, a);
            }
        }
    }

    /// `convert` between any two widths rounds once; NaN becomes canonical.
    #[test]
    fn convert_is_correctly_rounded(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        for from in Width::ALL {
            for to in Width::ALL {
                for r in Round::ALL {
                    let a = i754_support::value(from, &mut rng);
                    prop_assert_eq!(i754::convert(from, to, r, a), oracle_convert(from, to, r, a),
                        "convert {:?}->{:?} {:?} {:#x}", from, to, r, a);
                }
            }
        }
    }

    /// The comparisons agree with MPFR's (NaN unordered, ±0 equal), and
    /// `gth`/`gte` are `lth`/`lte` with swapped operands.
    #[test]
    fn comparisons_match_mpfr(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        for w in Width::ALL {
            let (a, b, _) = i754_support::operands(w, &mut rng);
            let b = if rng.below(4) == 0 { a } else { b };
            let (x, y) = (i754_support::decode(w, a), i754_support::decode(w, b));
            prop_assert_eq!(i754::lth(w, a, b), x < y);
            prop_assert_eq!(i754::lte(w, a, b), x <= y);
            prop_assert_eq!(i754::gth(w, a, b), x > y);
            prop_assert_eq!(i754::gte(w, a, b), x >= y);
            prop_assert_eq!(i754::equ(w, a, b), x == y);
        }
    }
}

/// `sun` near binary128's overflow threshold: 2^16384 − 2^16270 is exactly
/// the largest finite value plus half an ulp (a tie in N).
#[test]
fn sun_near_f128_overflow() {
    let w = Width::Q;
    let max = Atom::pow2(16384)
        .checked_sub(&Atom::pow2(16384 - 113))
        .unwrap();
    let half_ulp = Atom::pow2(16384 - 114);
    for n in [
        max.clone(),
        max.add(&half_ulp),
        max.add(&half_ulp).checked_sub(&Atom::ONE).unwrap(),
        max.add(&half_ulp).add(&Atom::ONE),
        Atom::pow2(16384),
        Atom::pow2(20000),
    ] {
        for r in Round::ALL {
            assert_eq!(
                i754::sun(w, r, &n),
                oracle_int(w, r, false, &n),
                "{r:?} {n}"
            );
            assert_eq!(
                i754::san(w, r, true, &n),
                oracle_int(w, r, true, &n),
                "{r:?} -{n}"
            );
        }
    }
}
