//! Bit tables for `softblas::math`: each row pins one fact of the Hoon
//! (`urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9), with the reason.

use softblas::math::{Door, MathError};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, DoorRound, Round};

fn door(w: Width, r: Round) -> Door {
    Door::with(w, r, Door::new(w).rtol(), 0).expect("door")
}

#[test]
fn constants_are_the_literals_as_parsed() {
    let (h, s, d, q) = (
        Door::new(Width::H),
        Door::new(Width::S),
        Door::new(Width::D),
        Door::new(Width::Q),
    );
    // pi rounds to nearest at every width.
    assert_eq!(
        [h.pi(), s.pi(), d.pi(), q.pi()],
        [
            0x4248,
            0x4049_0fdb,
            0x4009_21fb_5444_2d18,
            0x4000_921f_b544_42d1_8469_898c_c517_01b8
        ]
    );
    // invsqt2:rs is .0.70710677 since a71a0b9 (it was `.70710677`, seventy million).
    assert_eq!(s.invsqt2(), 0x3f35_04f3);
    // invlog2:rh `.~~1.443` is one ulp above the nearest f16 of 1/ln 2 (0x3dc5, the kernels' value).
    assert_eq!(h.invlog2(), 0x3dc6);
    // invlog2:rq is the f64 value zero-extended: the literal is that double's exact expansion.
    assert_eq!(q.invlog2(), 0x3fff_7154_7652_b82f_e000_0000_0000_0000);
    // huge:rq is a 144-bit atom (nine 16-bit groups), not an @rq.
    assert_eq!(q.huge().bit_len(), 143);
    assert_eq!(q.huge().bits_u128(128, 16), 0x7ffe);
    // tiny:rq is 2^128 (eight zero groups after the 1), not the smallest normal 2^112.
    assert_eq!(q.tiny(), Atom::pow2(128));
    // tiny is the smallest subnormal at rh/rs but the smallest normal at rd.
    assert_eq!(s.tiny(), Atom::from(1u64));
    assert_eq!(d.tiny(), Atom::from_u128(0x0010_0000_0000_0000));
    assert_eq!(h.huge(), Atom::from(0x7bffu64));
}

#[test]
fn kernel_special_values() {
    for w in Width::ALL {
        let d = Door::new(w);
        let nan = i754::canonical_nan(w);
        let (inf, ninf, one) = (i754::inf(w), i754::neg_inf(w), i754::one(w));
        let nz = i754::neg_zero(w);
        // exp: NaN → NaN, +inf → +inf, −inf → +0, ±0 → 1.
        assert_eq!(d.exp(nan | 1), Ok(nan), "{w:?}");
        assert_eq!(d.exp(inf), Ok(inf));
        assert_eq!(d.exp(ninf), Ok(0));
        assert_eq!(d.exp(nz), Ok(one));
        // log family: ±0 → −inf, negative → NaN, +inf → +inf, 1 → +0.
        for f in [Door::log, Door::log_2, Door::log_10] {
            assert_eq!(f(&d, nz), ninf, "{w:?}");
            assert_eq!(f(&d, i754::neg_one(w)), nan);
            assert_eq!(f(&d, inf), inf);
            assert_eq!(f(&d, one), 0);
        }
        // sin keeps ±0; cos(±0) = 1 through the kernel; ±inf → NaN.
        assert_eq!(d.sin(nz), nz, "{w:?}");
        assert_eq!(d.cos(nz), one, "{w:?}");
        assert_eq!(d.sin(inf), nan);
        assert_eq!(d.tan(ninf), nan);
        // atan(±inf) = ±pi/2 (the high part); asin/acos outside [−1, 1] are NaN.
        assert_eq!(d.atan(ninf), i754::flip_sign(w, d.atan(inf)));
        assert_eq!(d.asin(i754::pow2(w, 1)), nan);
        assert_eq!(d.acos(ninf), nan);
        // acos(1) = +0, acos(−1) = pi + 2·pio2lo.
        assert_eq!(d.acos(one), 0);
        // cbt keeps a NaN's payload and sign (no canonicalisation), and ±0.
        let odd_nan = nan | w.sign_bit() | 1;
        assert_eq!(d.cbt(odd_nan), Ok(odd_nan), "{w:?}");
        assert_eq!(d.cbt(nz), Ok(nz));
        // sqt of a negative is NaN, of −0 is −0.
        assert_eq!(d.sqt(i754::neg_one(w)), nan);
        assert_eq!(d.sqt(nz), nz);
    }
}

#[test]
fn hoon_choices_that_differ_from_the_c_jets() {
    let rs = Door::new(Width::S);
    let rd = Door::new(Width::D);
    // sqt:rs is the stdlib root in its bunt mode %z: √5 truncates (the jet's RNE gives 0x400f1bbd).
    assert_eq!(rs.sqt(0x40a0_0000), 0x400f_1bbc);
    // acos:rs(0.7) uses that truncated root (the jet's RNE root gives 0x3f4b9f42).
    assert_eq!(rs.acos(0x3f33_3333), 0x3f4b_9f41);
    // sqt:rd's Markstein step is lost for subnormals: the truncated root stays (RNE: …d7d0).
    assert_eq!(rd.sqt(0x0003_4fae_bf91_f75e), 0x1fed_1d6f_f2d3_d7cf);
    // …or overshoots in the lowest binades: √(1.5·2^-1021) comes out one ulp high (RNE: …4caa).
    assert_eq!(rd.sqt(0x0028_0000_0000_0000), 0x200b_b67a_e858_4cab);
    // …and at the top of odd binades the root of 4 − 2^-51 comes out as 2 (RNE: 0x3fffffffffffffff).
    assert_eq!(rd.sqt(0x400f_ffff_ffff_ffff), 0x4000_0000_0000_0000);
    assert_eq!(rd.sqt(0x7fef_ffff_ffff_ffff), 0x5ff0_0000_0000_0000);
    // exp crashes where x·log2e overflows (the jet saturates and returns +inf).
    assert!(matches!(
        rs.exp(0x7f7f_ffff),
        Err(MathError::ToiNotFinite { .. })
    ));
    assert!(matches!(
        rd.exp(0xffef_ffff_ffff_ffff),
        Err(MathError::ToiNotFinite { .. })
    ));
    // sin:rs reduces 1e10 with the exact q = 6366197724 (the jet's f32_to_i32 saturates).
    assert_eq!(rs.sin(0x5015_02f9), 0xea3f_84be);
    // pow-n asserts n > 0 and integral; pow needs a finite n (the jet loops / returns values).
    let x = 0x4050_d638;
    assert!(matches!(
        rs.pow_n(x, 0xc000_0000),
        Err(MathError::Assertion { .. })
    ));
    assert!(matches!(
        rs.pow_n(x, 0x3fc0_0000),
        Err(MathError::Assertion { .. })
    ));
    assert!(matches!(
        rs.pow(x, 0x7fc0_0000),
        Err(MathError::ToiNotFinite { .. })
    ));
    // pow-n of a NaN with n >= 2 is the canonical NaN (the jet keeps the payload).
    assert_eq!(rs.pow_n(0xffc0_0001, 0x4040_0000), Ok(0x7fc0_0000));
}

#[test]
fn composite_arms_round_in_the_door_mode() {
    // tan:rq is sin ÷ cos with the quotient in r: %u and %d bracket the %n value.
    let x = i754::one(Width::Q);
    let up = door(Width::Q, Round::U).tan(x);
    let down = door(Width::Q, Round::D).tan(x);
    assert_eq!(up, down + 1);
    // tan:rs is a kernel since a71a0b9: the same bits in every mode.
    let t: Vec<u128> = Round::HOON
        .iter()
        .map(|&r| door(Width::S, r).tan(0x3f80_0000))
        .collect();
    assert!(t.iter().all(|&v| v == t[0]));
    // …one ulp below the correctly rounded tan(1) = 0x3fc75923 (faithful, not correctly rounded).
    assert_eq!(t[0], 0x3fc7_5922);
    // sin:rh is narrowed from @rs in the door's mode: %u and %d differ by one ulp at 1.
    let hu = door(Width::H, Round::U).sin(0x3c00);
    let hd = door(Width::H, Round::D).sin(0x3c00);
    assert_eq!(hu, hd + 1);
    // atan2 quirks: (−0, −1) is +pi (y >= 0 holds for −0); x = −0 gives +0 for every y.
    let rs = door(Width::S, Round::N);
    assert_eq!(
        rs.atan2(0x8000_0000, 0xbf80_0000),
        rs.add(rs.atan(0x8000_0000), rs.pi())
    );
    assert_eq!(rs.atan2(0x3f80_0000, 0x8000_0000), 0);
    // neg is 0 − x: neg(+0) is −0 under %d only.
    assert_eq!(door(Width::D, Round::D).neg(0), i754::neg_zero(Width::D));
    assert_eq!(door(Width::D, Round::N).neg(0), 0);
}

#[test]
fn tolerance_and_rounding_arms() {
    let rs = Door::new(Width::S);
    // is-close is strict: |1 − 1| < 0 + rtol·1 holds, NaN never is.
    assert!(rs.is_close(0x3f80_0000, 0x3f80_0000));
    assert!(!rs.is_close(0x7fc0_0000, 0x7fc0_0000));
    // round-bankers ties to even under any door mode: 2.5 → 2, 1.5 → 2, −2.5 → −2.
    assert_eq!(rs.round_bankers(0x4020_0000), Ok(0x4000_0000));
    assert_eq!(rs.round_bankers(0x3fc0_0000), Ok(0x4000_0000));
    assert_eq!(rs.round_bankers(0xc020_0000), Ok(0xc000_0000));
    // round(1.11, 2): `:(sub (sun n) oom .1)` is n − (oom − 1), so the scale is 10^3 and 1.11 comes back.
    let r = rs.round(0x3f8e_147b, &Atom::from(2u64)).expect("round");
    assert_eq!(
        r,
        rs.div(rs.sun(&Atom::from(1110u64)), rs.sun(&Atom::from(1000u64)))
    );
    // round of −0 crashes: log-10(+0) = −inf has no integer.
    assert!(matches!(
        rs.round(0x8000_0000, &Atom::from(2u64)),
        Err(MathError::ToiNotFinite { .. })
    ));
    // mod is @rs only and truncates the quotient under the bunt %z: mod(7, 2) = 1, mod(−7, 2) = 2 − 1.
    assert_eq!(rs.modulo(0x40e0_0000, 0x4000_0000), Ok(0x3f80_0000));
    assert_eq!(rs.modulo(0xc0e0_0000, 0x4000_0000), Ok(0x3f80_0000));
    assert!(matches!(
        Door::new(Width::D).modulo(0, 0),
        Err(MathError::NoSuchArm { .. })
    ));
    // factorial: 5! = 120; negative input fails the ?>.
    assert_eq!(rs.factorial(0x40a0_0000), Ok(0x42f0_0000));
    assert!(matches!(
        rs.factorial(0xbf80_0000),
        Err(MathError::Assertion { .. })
    ));
    // Round::A is not a Hoon mode.
    assert_eq!(
        Door::with(Width::S, Round::A, 0, 0),
        Err(MathError::NotHoonMode(Round::A))
    );
}
