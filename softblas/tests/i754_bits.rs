//! Bit tables for `softblas::scalar::i754`: each row pins one fact of the Hoon
//! `@r` semantics (canonical NaN, comparisons, signed zero, `neg`/`abs`,
//! `toi`, `sun`/`san`) or of IEEE rounding (ties, saturation), with the
//! reason in a comment.

use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Round};

const H: Width = Width::H;
const S: Width = Width::S;
const D: Width = Width::D;
const Q: Width = Width::Q;

#[test]
fn widths() {
    // Lagoon bloqs 4..=7 are the only IEEE widths.
    assert_eq!(Width::from_bloq(3), None);
    assert_eq!(Width::from_bloq(8), None);
    for w in Width::ALL {
        assert_eq!(Width::from_bloq(w.bloq()), Some(w));
        assert_eq!(w.bits(), 1 << w.bloq());
        assert_eq!(1 + w.exp_bits() + w.frac_bits(), w.bits());
    }
    assert_eq!(
        [H.bias(), S.bias(), D.bias(), Q.bias()],
        [15, 127, 1023, 16383]
    );
}

/// A constant of a width (`i754::one`, `i754::inf`, ...).
type Constant = fn(Width) -> u128;

#[test]
fn constants() {
    use i754::{canonical_nan, inf, max_finite, min_normal, neg_inf, neg_one, one};
    // (constant, width, its bits)
    let rows: [(Constant, Width, u128); 14] = [
        // The `++bif` NaN: positive, quiet, only the top fraction bit.
        (canonical_nan, H, 0x7e00),
        (canonical_nan, S, 0x7fc0_0000),
        (canonical_nan, D, 0x7ff8_0000_0000_0000),
        (canonical_nan, Q, 0x7fff_8000_0000_0000_0000_0000_0000_0000),
        (one, H, 0x3c00),
        (one, S, 0x3f80_0000),
        (one, D, 0x3ff0_0000_0000_0000),
        (one, Q, 0x3fff_0000_0000_0000_0000_0000_0000_0000),
        (neg_one, S, 0xbf80_0000),
        (inf, H, 0x7c00),
        (neg_inf, S, 0xff80_0000),
        (max_finite, H, 0x7bff),
        (max_finite, Q, 0x7ffe_ffff_ffff_ffff_ffff_ffff_ffff_ffff),
        (min_normal, D, 0x0010_0000_0000_0000),
    ];
    for (constant, w, want) in rows {
        assert_eq!(constant(w), want, "{w:?} {want:#x}");
    }
    assert_eq!(i754::neg_zero(D), 0x8000_0000_0000_0000);
    assert_eq!(i754::pow2(S, -1), 0x3f00_0000);
    assert_eq!(i754::exponent(S, 0x3f80_0000), 0);
    assert_eq!(i754::exponent(S, 0), -127); // `++exp` reads the raw field
}

#[test]
fn every_nan_result_is_canonical() {
    for w in Width::ALL {
        let nan = i754::canonical_nan(w);
        let one = i754::one(w);
        // 0/0: SoftFloat 8086-SSE makes the *negative* default NaN; Hoon's is positive.
        assert_eq!(i754::div(w, Round::N, 0, 0), nan);
        // inf − inf, 0 × inf, sqrt(−1), fma(0, inf, 1): invalid operations.
        assert_eq!(i754::sub(w, Round::N, i754::inf(w), i754::inf(w)), nan);
        assert_eq!(i754::mul(w, Round::U, 0, i754::inf(w)), nan);
        assert_eq!(i754::sqt(w, Round::Z, i754::neg_one(w)), nan);
        assert_eq!(i754::fma(w, Round::D, 0, i754::inf(w), one), nan);
        // A payload (8086-SSE would propagate it) and a signalling NaN both become canonical.
        assert_eq!(i754::add(w, Round::N, nan | 1, one), nan);
        assert_eq!(i754::add(w, Round::N, one, i754::inf(w) | 1), nan);
        // A negative NaN loses its sign.
        assert_eq!(i754::mul(w, Round::N, nan | w.sign_bit(), one), nan);
        // Conversions canonicalise in the target width.
        for to in Width::ALL {
            assert_eq!(
                i754::convert(w, to, Round::N, nan | w.sign_bit() | 1),
                i754::canonical_nan(to)
            );
        }
    }
}

#[test]
fn comparisons() {
    let (one, two, nan) = (0x3f80_0000, 0x4000_0000, 0x7fc0_0000);
    // Every comparison with a NaN is false (`(fall … |)`), gth included.
    for (a, b) in [(nan, one), (one, nan), (nan, nan)] {
        assert!(!i754::lth(S, a, b));
        assert!(!i754::lte(S, a, b));
        assert!(!i754::gth(S, a, b));
        assert!(!i754::gte(S, a, b));
        assert!(!i754::equ(S, a, b));
    }
    // gth is `b < a`, gte is `b <= a`.
    assert!(i754::gth(S, two, one) && !i754::gth(S, one, two) && !i754::gth(S, one, one));
    assert!(i754::gte(S, two, one) && i754::gte(S, one, one) && !i754::gte(S, one, two));
    // ±0 are equal, neither is less.
    let (pz, nz) = (0, 0x8000_0000);
    assert!(i754::equ(S, pz, nz));
    assert!(!i754::lth(S, nz, pz) && !i754::gth(S, pz, nz));
    assert!(i754::lte(S, nz, pz) && i754::gte(S, nz, pz));
    // Infinities order as numbers.
    assert!(i754::lth(Q, i754::neg_inf(Q), i754::neg_one(Q)));
}

#[test]
fn signed_zero_arithmetic() {
    for w in Width::ALL {
        let (pz, nz, one) = (0, i754::neg_zero(w), i754::one(w));
        // +0 + −0 and x − x are −0 only when rounding down (`++fl` add of zeros).
        for r in Round::ALL {
            let z = if r == Round::D { nz } else { pz };
            assert_eq!(i754::add(w, r, pz, nz), z, "{w:?} {r:?}");
            assert_eq!(i754::sub(w, r, one, one), z, "{w:?} {r:?}");
            // −0 + −0 is −0 in every mode.
            assert_eq!(i754::add(w, r, nz, nz), nz);
        }
        // sqrt(−0) = −0 (`++sqt` keeps the zero's sign).
        assert_eq!(i754::sqt(w, Round::N, nz), nz);
    }
}

#[test]
fn neg_is_a_subtraction_from_zero() {
    for w in Width::ALL {
        let (pz, nz, one, nan) = (0, i754::neg_zero(w), i754::one(w), i754::canonical_nan(w));
        for r in Round::ALL {
            // 0 − (+0) is −0 only in %d; 0 − (−0) is +0 in every mode.
            assert_eq!(i754::neg(w, r, pz), if r == Round::D { nz } else { pz });
            assert_eq!(i754::neg(w, r, nz), pz);
            // Exact for every other finite value and infinities.
            assert_eq!(i754::neg(w, r, one), i754::neg_one(w));
            assert_eq!(i754::neg(w, r, i754::neg_inf(w)), i754::inf(w));
            // A NaN of either sign becomes canonical (not a sign flip).
            assert_eq!(i754::neg(w, r, nan), nan);
            assert_eq!(i754::neg(w, r, nan | w.sign_bit() | 1), nan);
        }
        // flip_sign is the IEEE bit operation and keeps payloads.
        assert_eq!(i754::flip_sign(w, nan | 1), nan | 1 | w.sign_bit());
    }
}

#[test]
fn abs_variants() {
    let nan = 0x7fc0_0000;
    // /lib/math `++abs`: sign bit clear → unchanged, a positive NaN's payload included.
    assert_eq!(i754::abs(S, nan | 1), nan | 1);
    assert_eq!(i754::abs(S, 0xffc0_0001), nan); // negative NaN → neg → canonical
    assert_eq!(i754::abs(S, 0x8000_0000), 0); // −0 → 0 − (−0) = +0
    assert_eq!(i754::abs(S, 0xbfc0_0000), 0x3fc0_0000);
    assert_eq!(i754::abs(S, 0xff80_0000), 0x7f80_0000);
    // Lagoon `%abs`: `gte(b, .0)` keeps −0; any NaN goes through `mul` → canonical.
    assert_eq!(i754::abs_la(S, 0x8000_0000), 0x8000_0000);
    assert_eq!(i754::abs_la(S, nan | 1), nan);
    assert_eq!(i754::abs_la(S, 0xbfc0_0000), 0x3fc0_0000);
    assert_eq!(i754::abs_la(H, 0xfc00), 0x7c00);
}

#[test]
fn directed_overflow_saturates() {
    // IEEE 754 §7.4 as SoftFloat and the vere jets give it; pure-Hoon `++fl`
    // returns ±inf here in every mode (urbit/urbit#7426, a recorded divergence).
    for w in Width::ALL {
        let (max, inf) = (i754::max_finite(w), i754::inf(w));
        let (nmax, ninf) = (max | w.sign_bit(), inf | w.sign_bit());
        let two = i754::pow2(w, 1);
        for (r, pos, neg) in [
            (Round::N, inf, ninf),
            (Round::A, inf, ninf),
            (Round::U, inf, nmax),
            (Round::D, max, ninf),
            (Round::Z, max, nmax),
        ] {
            assert_eq!(i754::add(w, r, max, max), pos, "{w:?} {r:?} max+max");
            assert_eq!(i754::add(w, r, nmax, nmax), neg, "{w:?} {r:?} -max-max");
            assert_eq!(i754::mul(w, r, max, two), pos, "{w:?} {r:?} max*2");
            assert_eq!(
                i754::div(w, r, nmax, i754::pow2(w, -1)),
                neg,
                "{w:?} {r:?} -max/0.5"
            );
            assert_eq!(
                i754::fma(w, r, max, two, nmax),
                max,
                "{w:?} {r:?} fma exact"
            );
            assert_eq!(i754::fma(w, r, max, two, max), pos, "{w:?} {r:?} fma");
            assert_eq!(i754::overflow(w, r, false), pos);
        }
        // Infinity itself is exact, never saturated.
        assert_eq!(i754::add(w, Round::Z, inf, i754::one(w)), inf);
    }
}

#[test]
fn ties_and_modes() {
    // f32 1 + 2^-24 lies exactly halfway between 1 and its successor (half an ulp
    // of 1 is 2^-24): even in N, up in A and U.
    let (one, half_ulp) = (0x3f80_0000, 0x3380_0000);
    in_each_mode(
        |r| i754::add(S, r, one, half_ulp),
        [
            (Round::N, 0x3f80_0000),
            (Round::Z, 0x3f80_0000),
            (Round::D, 0x3f80_0000),
            (Round::U, 0x3f80_0001),
            (Round::A, 0x3f80_0001),
        ],
    );
    // −1 − 2^-24: D and A move away from zero, U and Z toward it.
    in_each_mode(
        |r| i754::sub(S, r, 0xbf80_0000, half_ulp),
        [
            (Round::N, 0xbf80_0000),
            (Round::Z, 0xbf80_0000),
            (Round::U, 0xbf80_0000),
            (Round::D, 0xbf80_0001),
            (Round::A, 0xbf80_0001),
        ],
    );
    // √5 in f32: the bare `rs` door (%z) truncates, %n rounds up (`++sqt:rs`,
    // `hoon.hoon`; the bunt of the door's `r=?(%n %u %d %z)` is `%z`).
    assert_eq!(i754::sqt(S, Round::Z, 0x40a0_0000), 0x400f_1bbc);
    assert_eq!(i754::sqt(S, Round::N, 0x40a0_0000), 0x400f_1bbd);
    // Subnormal results: min subnormal × 0.75 is 0 or min subnormal by mode (0.75 of
    // the least subnormal lies above the midpoint 0.5, so N and A round up).
    in_each_mode(
        |r| i754::mul(S, r, 1, 0x3f40_0000),
        [
            (Round::N, 1),
            (Round::Z, 0),
            (Round::U, 1),
            (Round::D, 0),
            (Round::A, 1),
        ],
    );
    // min subnormal × 0.5 is an exact tie: N goes to even (0), A away (min subnormal).
    assert_eq!(i754::mul(H, Round::N, 1, 0x3800), 0);
    assert_eq!(i754::mul(H, Round::A, 1, 0x3800), 1);
}

/// Asserts that `f` gives `want` in each mode of the rows `(mode, want)`.
fn in_each_mode(f: impl Fn(Round) -> u128, rows: [(Round, u128); 5]) {
    for (r, want) in rows {
        assert_eq!(f(r), want, "{r:?}");
    }
}

fn int(neg: bool, v: u64) -> Option<(bool, Atom)> {
    Some((neg, Atom::from_u64(v)))
}

#[test]
fn toi_rounds_per_mode() {
    let (p25, m25) = (0x4020_0000u128, 0xc020_0000u128); // ±2.5
                                                         // `++toj`: %n ties to even, %z truncates, %u ceiling, %d floor; A ties away.
    for (r, pos, neg) in [
        (Round::N, 2, 2),
        (Round::Z, 2, 2),
        (Round::U, 3, 2),
        (Round::D, 2, 3),
        (Round::A, 3, 3),
    ] {
        assert_eq!(i754::toi(S, r, p25), int(false, pos), "{r:?}");
        assert_eq!(i754::toi(S, r, m25), int(true, neg), "{r:?}");
    }
    // −0.3 truncates to 0, which `new:si` makes +0: never a negative zero.
    assert_eq!(i754::toi(S, Round::Z, 0xbe99_999a), int(false, 0));
    assert_eq!(i754::toi(S, Round::D, 0xbe99_999a), int(true, 1));
    assert_eq!(i754::toi(D, Round::N, i754::neg_zero(D)), int(false, 0));
    // NaN and ±inf give `~`.
    for w in Width::ALL {
        assert_eq!(i754::toi(w, Round::N, i754::canonical_nan(w)), None);
        assert_eq!(i754::toi(w, Round::N, i754::neg_inf(w)), None);
    }
    // Exact and unbounded: f16 max is 65504; f128 2^16383 is a 16384-bit integer.
    assert_eq!(i754::toi(H, Round::N, 0x7bff), int(false, 65504));
    assert_eq!(
        i754::toi(Q, Round::Z, i754::pow2(Q, 16383)),
        Some((false, Atom::pow2(16383)))
    );
}

#[test]
fn sun_and_san() {
    // 65520 is f16 max + half an ulp: a tie whose even neighbour overflows.
    let n = Atom::from_u64(65520);
    in_each_mode(
        |r| i754::sun(H, r, &n),
        [
            (Round::N, 0x7c00),
            (Round::A, 0x7c00),
            (Round::U, 0x7c00),
            (Round::D, 0x7bff),
            (Round::Z, 0x7bff),
        ],
    );
    // −65520 mirrors it: %u now points toward zero.
    assert_eq!(i754::san(H, Round::U, true, &n), 0xfbff);
    assert_eq!(i754::san(H, Round::D, true, &n), 0xfc00);
    // Zero is +0 even when asked negative (`@s` has no −0).
    assert_eq!(i754::san(S, Round::D, true, &Atom::ZERO), 0);
    assert_eq!(i754::sun(Q, Round::N, &Atom::ZERO), 0);
    // Beyond 64 bits: 2^64 + 1 rounds to 2^64 in f32 (%n) and up in %u.
    let big = Atom::pow2(64).add(&Atom::ONE);
    assert_eq!(i754::sun(S, Round::N, &big), 0x5f80_0000);
    assert_eq!(i754::sun(S, Round::U, &big), 0x5f80_0001);
    // f128 holds 2^200 + 1 only rounded: 113 bits of precision.
    assert_eq!(
        i754::sun(Q, Round::U, &Atom::pow2(200).add(&Atom::ONE)),
        i754::pow2(Q, 200) + 1
    );
    // 2^300 overflows f32 in every mode: saturates or goes to inf by mode.
    assert_eq!(i754::sun(S, Round::Z, &Atom::pow2(300)), 0x7f7f_ffff);
    assert_eq!(i754::sun(S, Round::N, &Atom::pow2(300)), 0x7f80_0000);
}

#[test]
fn convert_rounds_in_the_mode() {
    // 1 + 2^-23 in f32 narrows to f16 as 1 (Z) or 1 + 2^-10 (U).
    assert_eq!(i754::convert(S, H, Round::Z, 0x3f80_0001), 0x3c00);
    assert_eq!(i754::convert(S, H, Round::U, 0x3f80_0001), 0x3c01);
    // Narrowing overflow saturates in directed modes.
    assert_eq!(i754::convert(D, H, Round::Z, 0x40f0_0000_0000_0000), 0x7bff); // 65536
    assert_eq!(i754::convert(D, H, Round::N, 0x40f0_0000_0000_0000), 0x7c00);
    // Widening is exact; −0 stays −0.
    assert_eq!(i754::convert(H, Q, Round::N, 0x8000), i754::neg_zero(Q));
    assert_eq!(i754::convert(H, D, Round::N, 0x3c00), i754::one(D));
}

#[test]
fn modes_do_not_leak_between_threads_or_calls() {
    // Four threads hammer the same tie in different modes; each must see its own.
    let handles: Vec<_> = [
        (Round::N, 0x3f80_0000u128),
        (Round::U, 0x3f80_0001),
        (Round::A, 0x3f80_0001),
        (Round::D, 0x3f80_0000),
    ]
    .into_iter()
    .map(|(r, want)| {
        std::thread::spawn(move || {
            for _ in 0..20_000 {
                assert_eq!(i754::add(S, r, 0x3f80_0000, 0x3380_0000), want, "{r:?}");
                // A call in another mode in between must not disturb the next one.
                let _ = i754::add(S, Round::U, 0x3f80_0000, 0x3380_0000);
            }
        })
    })
    .collect();
    for h in handles {
        h.join().unwrap();
    }
}

/// `~(fma rs r)` where the exact sum of a non-zero product and a non-zero
/// addend is non-zero but rounds to zero: the Hoon's `++add:fn` gives the
/// zero of an exact cancellation, +0 (−0 under `%d`), where IEEE 754 keeps the
/// exact sum's sign (DIVERGENCES H31). Rows computed by the Hoon under NockVM
/// (`vectors/nockvm-fma-zero-sign.jsonl`); with a zero addend the product's
/// sign stays, as in IEEE.
#[test]
fn fma_zero_signs_are_the_hoons() {
    let s = Width::S;
    let rows: [(Round, u128, u128, u128, u128); 5] = [
        // Exact sum 2^−149 − 5.9e−56 > 0, rounded down to zero: Hoon −0 under %d (IEEE +0).
        (Round::D, 0x0080_0000, 0xa2b9_1625, 0x1, 0x8000_0000),
        // Exact sums < 0 rounded to zero: Hoon +0 (IEEE −0).
        (Round::U, 0x0080_0000, 0x2b80_0000, 0x8000_0001, 0),
        (Round::Z, 0x0080_0000, 0x2b80_0000, 0x8000_0001, 0),
        (Round::N, 0x0080_0000, 0x33ff_ffff, 0x8000_0001, 0),
        // A zero addend: no cancellation, the product's sign (−0 from a tiny negative product).
        (Round::Z, 0x0080_0000, 0xa2b9_1625, 0x8000_0000, 0x8000_0000),
    ];
    for (r, a, b, c, want) in rows {
        assert_eq!(
            i754::fma(s, r, a, b, c),
            want,
            "fma {r:?} {a:#x} {b:#x} {c:#x}"
        );
    }
    // An exact cancellation is the same in both: +0, or −0 under %d.
    let one = i754::one(s);
    let neg = i754::flip_sign(s, one);
    assert_eq!(i754::fma(s, Round::N, one, one, neg), 0);
    assert_eq!(i754::fma(s, Round::D, one, one, neg), 0x8000_0000);
}
