//! Property tests of `softblas::math` against oracles: MPFR (rug) for the
//! accuracy of every kernel, SoftFloat (`i754`) for the arms the Hoon builds
//! from single IEEE operations, and the definitions of the composite arms.
//!
//! Bit-identity with the Hoon is pinned by the golden vectors
//! (`tests/tests/vectors_math.rs`); these properties catch a wrong branch, constant or
//! step order on inputs the vectors do not reach. Case counts come from
//! `PROPTEST_CASES`.

#[path = "i754_support/mod.rs"]
mod i754_support;

use i754_support::{decode, round_op, Rng};
use proptest::prelude::*;
use rug::float::Round as MRound;
use rug::Float;
use softblas::math::arms::{self, Call};
use softblas::math::{Door, LoopError, MathError};
use softblas::scalar::i754::{self, Width};
use softblas::{DoorRound, Round};

/// A kernel under test and its MPFR counterpart, by its `/lib/math` arm
/// name; its row in `softblas::math::arms` computes it.
#[derive(Clone, Copy, Debug)]
struct Kernel(&'static str);

/// The kernels: the one-float arms of `/lib/math` with an MPFR counterpart.
const KERNELS: [&str; 11] = [
    "exp", "log", "log-2", "log-10", "sin", "cos", "tan", "asin", "acos", "atan", "cbt",
];

impl Kernel {
    fn ours(self, d: &Door, x: u128) -> u128 {
        let Some(Call::Float1(f)) = arms::find(self.0).map(|a| a.call) else {
            panic!("{} is a one-float arm", self.0)
        };
        f(d, x).expect("a kernel never crashes on a drawn argument")
    }

    /// The correctly rounded (to nearest) value of the function at `x`.
    fn exact(self, w: Width, x: u128) -> u128 {
        let v = decode(w, x);
        round_op(w, Round::N, &|p, rnd| {
            let hi = Float::with_val(p + 64, &v);
            let y = match self.0 {
                "exp" => hi.exp(),
                "log" => hi.ln(),
                "log-2" => hi.log2(),
                "log-10" => hi.log10(),
                "sin" => hi.sin(),
                "cos" => hi.cos(),
                "tan" => hi.tan(),
                "asin" => hi.asin(),
                "acos" => hi.acos(),
                "atan" => hi.atan(),
                "cbt" => hi.cbrt(),
                other => panic!("{other} has no MPFR counterpart here"),
            };
            Float::with_val_round(p, &y, rnd)
        })
    }

    /// A random argument where the kernel is claimed accurate.
    fn arg(self, w: Width, rng: &mut Rng) -> u128 {
        let n = Door::new(w);
        let unit = |rng: &mut Rng| {
            // A uniform value in [0, 1) with the width's precision.
            let k = rng.next() >> (64 - w.precision().min(63));
            n.div(
                n.sun(&softblas::Atom::from(k)),
                i754::pow2(w, w.precision().min(63) as i32),
            )
        };
        let scale = |v: u128, s: u64| {
            Door::with(w, Round::N, 0, 0)
                .expect("door")
                .mul(v, n.sun(&softblas::Atom::from(s)))
        };
        let signed = |v: u128, rng: &mut Rng| {
            if rng.below(2) == 0 {
                v
            } else {
                v | w.sign_bit()
            }
        };
        let u = unit(rng);
        match self.0 {
            // |x| < 8 keeps every width's exp finite and normal.
            "exp" => signed(scale(u, 8), rng),
            "log" | "log-2" | "log-10" | "cbt" => {
                // A positive value spread over many binades.
                let spread = u64::from(w.bias().min(21) - 1);
                let field = (u128::from(w.bias()) - u128::from(spread)
                    + u128::from(rng.below(2 * spread)))
                    << w.frac_bits();
                field | (rng.next128() & ((1 << w.frac_bits()) - 1))
            }
            "sin" | "cos" | "tan" => signed(scale(u, 64), rng),
            "asin" | "acos" => signed(u, rng),
            "atan" => signed(scale(u, 16), rng),
            other => panic!("{other} has no argument range here"),
        }
    }
}

/// The distance in representable values between two finite floats of width `w`.
fn ulps(w: Width, a: u128, b: u128) -> u128 {
    let ord = |v: u128| -> i128 {
        let m = (v & (w.mask() & !w.sign_bit())) as i128;
        if i754::sig(w, v) {
            m
        } else {
            -m
        }
    };
    (ord(a) - ord(b)).unsigned_abs()
}

/// The largest error, in ulps of the correctly rounded value, each kernel may have.
///
/// Measured bounds of the Hoon's algorithms (`survey_kernel_errors`, 3000
/// arguments per kernel and width: at most 2 ulps, `cbt` at most 8), with
/// headroom; not accuracy targets.
fn bound(k: Kernel) -> u128 {
    match k.0 {
        "cbt" => 16,
        _ => 3,
    }
}

fn check_kernel(k: Kernel, seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        let d = Door::new(w);
        let x = k.arg(w, &mut rng);
        let ours = k.ours(&d, x);
        let want = k.exact(w, x);
        assert!(
            ulps(w, ours, want) <= bound(k),
            "{k:?} {w:?} x={x:#x}: ours {ours:#x}, MPFR {want:#x} ({} ulps)",
            ulps(w, ours, want)
        );
    }
}

proptest! {
    #[test]
    fn exp_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("exp"), seed) }

    #[test]
    fn log_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("log"), seed) }

    #[test]
    fn log_2_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("log-2"), seed) }

    #[test]
    fn log_10_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("log-10"), seed) }

    #[test]
    fn sin_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("sin"), seed) }

    #[test]
    fn cos_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("cos"), seed) }

    #[test]
    fn tan_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("tan"), seed) }

    #[test]
    fn asin_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("asin"), seed) }

    #[test]
    fn acos_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("acos"), seed) }

    #[test]
    fn atan_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("atan"), seed) }

    #[test]
    fn cbt_is_accurate(seed in any::<u64>()) { check_kernel(Kernel("cbt"), seed) }

    /// `@rd`/`@rq` `sqt` (a Markstein step on the truncated root) is the
    /// correctly rounded root, as the Hoon's comment claims, with two
    /// exceptions: tiny inputs (subnormals and the lowest ~10 binades), where
    /// the residual `x − g²` underflows and the result can be one ulp off; and
    /// an all-ones significand in an odd binade (`4 − 2^-51`, the largest
    /// finite value), whose root lies just below a midpoint and comes out one
    /// ulp high. `@rs`/`@rh` `sqt` is the truncated stdlib root.
    #[test]
    fn sqt_is_the_hoon_root(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        for w in Width::ALL {
            let x = i754_support::value(w, &mut rng);
            let ours = Door::new(w).sqt(x);
            let nearest = i754::sqt(w, Round::N, x);
            let frac = (1u128 << w.frac_bits()) - 1;
            match w {
                Width::H | Width::S => prop_assert_eq!(ours, i754::sqt(w, Round::Z, x), "sqt {:?} {:#x}", w, x),
                _ if (x & w.mask()) >> w.frac_bits() <= 16 => {
                    prop_assert!(ulps(w, ours, nearest) <= 1, "sqt {:?} {:#x}", w, x)
                }
                _ if x & frac == frac && i754::sig(w, x) => {
                    prop_assert!(ours == nearest || ours == nearest + 1, "sqt {:?} {:#x}", w, x)
                }
                _ => prop_assert_eq!(ours, nearest, "sqt {:?} {:#x}", w, x),
            }
        }
    }

    /// `pow-n` is `n − 1` multiplications in the door's mode, and `pow` with a
    /// positive integer exponent is `pow-n`.
    #[test]
    fn pow_n_is_repeated_multiplication(seed in any::<u64>(), k in 1u64..40) {
        let mut rng = Rng(seed);
        for w in Width::ALL {
            for r in Round::HOON {
                let d = Door::with(w, r, 0, 0).expect("door");
                let x = i754_support::value(w, &mut rng);
                let n = d.sun(&softblas::Atom::from(k));
                let mut p = x & w.mask();
                for _ in 1..k {
                    p = d.mul(p, x);
                }
                prop_assert_eq!(d.pow_n(x, n), Ok(p), "pow-n {:?} {:?} {:#x} {}", w, r, x, k);
                prop_assert_eq!(d.pow(x, n), Ok(p), "pow {:?} {:?} {:#x} {}", w, r, x, k);
            }
        }
    }

    /// `atan2` in the right half-plane is `atan(y ⊘ᵣ x)`, and the left half-plane adds or subtracts the door's π.
    #[test]
    fn atan2_is_atan_of_the_quotient(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        for w in Width::ALL {
            for r in Round::HOON {
                let d = Door::with(w, r, 0, 0).expect("door");
                let y = i754_support::value(w, &mut rng);
                let x = i754_support::value(w, &mut rng);
                let q = d.atan(d.div(y, x));
                let want = if d.gth(x, 0) {
                    q
                } else if d.lth(x, 0) && d.gte(y, 0) {
                    d.add(q, d.pi())
                } else if d.lth(x, 0) && d.lth(y, 0) {
                    d.sub(q, d.pi())
                } else if x == 0 && d.gth(y, 0) {
                    d.div(d.pi(), i754::pow2(w, 1))
                } else if x == 0 && d.lth(y, 0) {
                    d.neg(d.div(d.pi(), i754::pow2(w, 1)))
                } else {
                    0
                };
                prop_assert_eq!(d.atan2(y, x), want, "atan2 {:?} {:?} {:#x} {:#x}", w, r, y, x);
            }
        }
    }

    /// `is-close` is `|p − q| < atol + rtol·|q|` in the door's mode, false on NaN.
    #[test]
    fn is_close_is_the_tolerance_test(seed in any::<u64>()) {
        let mut rng = Rng(seed);
        for w in Width::ALL {
            let d = Door::new(w);
            let p = i754_support::value(w, &mut rng);
            let q = if rng.below(2) == 0 { i754_support::value(w, &mut rng) } else { p ^ (rng.below(4) as u128) };
            let diff = d.abs(d.sub(p, q));
            let want = !i754::is_nan(w, diff) && d.lth(diff, d.add(d.atol(), d.mul(d.rtol(), d.abs(q))));
            prop_assert_eq!(d.is_close(p, q), want);
        }
    }
}

/// `@rh` `sin`/`cos` (a71a0b9) are the `@rs` kernels on the widened value,
/// narrowed by `++narrow-sh` in the door's mode: the same bits as IEEE
/// conversion in that mode, for every `@rh` input and every mode.
#[test]
fn rh_sin_cos_narrow_as_ieee_conversion() {
    let rs = Door::with(Width::S, Round::N, 0, 0).expect("door");
    for r in Round::HOON {
        let rh = Door::with(Width::H, r, 0, 0).expect("door");
        for h in 0..=0xffffu128 {
            if i754::is_nan(Width::H, h) || i754::is_inf(Width::H, h) {
                assert_eq!(rh.sin(h), i754::canonical_nan(Width::H));
                continue;
            }
            let wide = i754::convert(Width::H, Width::S, Round::N, h);
            if !i754::is_zero(Width::H, h) {
                assert_eq!(
                    rh.sin(h),
                    i754::convert(Width::S, Width::H, r, rs.sin(wide)),
                    "sin {r:?} {h:#x}"
                );
            }
            assert_eq!(
                rh.cos(h),
                i754::convert(Width::S, Width::H, r, rs.cos(wide)),
                "cos {r:?} {h:#x}"
            );
        }
    }
}

/// The loops end or report why they cannot.
#[test]
fn loops_end_or_say_why() {
    let rd = Door::with(Width::D, Round::N, 0x3ddb_7cdf_d9d7_bdbb, 0).expect("door");
    // 2^60 − 1 rounds back to 2^60 under %n: the Hoon's pow-n never ends.
    let big = i754::pow2(Width::D, 60);
    assert!(matches!(
        rd.pow_n(0x4000_0000_0000_0000, big),
        Err(MathError::Loop(LoopError::Diverges { .. }))
    ));
    // Under %z the count-down ends, and p = +inf stops changing.
    let rz = Door::with(Width::D, Round::Z, 0, 0).expect("door");
    let two = 0x4000_0000_0000_0000;
    assert_eq!(rz.pow_n(two, big), Ok(i754::max_finite(Width::D)));
    // factorial of 2.5 steps 2.5, 1.5, 0.5, … and never meets |x − 1| < rtol.
    assert!(matches!(
        rd.factorial(0x4004_0000_0000_0000),
        Err(MathError::Loop(LoopError::Diverges { .. }))
    ));
    // factorial of 20 is exact in @rd.
    assert_eq!(
        rd.factorial(0x4034_0000_0000_0000),
        Ok(0x43c0_e1b3_be41_5a00)
    );
}

/// Accuracy survey (run with `--ignored --nocapture`): the largest ulp error per kernel and width.
#[test]
#[ignore]
fn survey_kernel_errors() {
    for k in KERNELS.map(Kernel) {
        let mut rng = Rng(7);
        let mut worst = [0u128; 4];
        for _ in 0..3000 {
            for (i, w) in Width::ALL.into_iter().enumerate() {
                let d = Door::new(w);
                let x = k.arg(w, &mut rng);
                worst[i] = worst[i].max(ulps(w, k.ours(&d, x), k.exact(w, x)));
            }
        }
        eprintln!(
            "{k:?}: rh {} rs {} rd {} rq {}",
            worst[0], worst[1], worst[2], worst[3]
        );
    }
    let _ = MRound::Nearest;
}
