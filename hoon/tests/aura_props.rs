//! Properties and bit tables of aura literals.
//!
//! Float parsing is checked three ways: exact decimal expansions of random
//! finite floats must read back to the same bits; exact midpoints between
//! neighbouring floats must round to the even one, and any perturbation must
//! round to the nearer one; and, for `@rs`/`@rd`, random decimal texts must
//! give the bits of Rust's correctly rounded `str::parse` (an independent
//! oracle). Tables pin subnormal boundaries, the largest finite value and the
//! overflow threshold, and ties, per width.

use hoon::aura::{self, float, Aura};
use hoon::Atom;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use proptest::prelude::*;

const FLOATS: [(Aura, float::Ieee, &str); 4] = [
    (Aura::Rh, float::RH, ".~~"),
    (Aura::Rs, float::RS, "."),
    (Aura::Rd, float::RD, ".~"),
    (Aura::Rq, float::RQ, ".~~~"),
];

/// Decodes finite bits: (negative, significand, binary exponent); `None` for inf/NaN.
fn decode(fmt: &float::Ieee, bits: u128) -> Option<(bool, u128, i64)> {
    let f = bits & ((1u128 << fmt.p) - 1);
    let e = (bits >> fmt.p) & ((1u128 << fmt.w) - 1);
    let neg = (bits >> (fmt.w + fmt.p)) & 1 == 1;
    let emn = 1 - fmt.bias - i64::from(fmt.p);
    if e == (1u128 << fmt.w) - 1 {
        return None;
    }
    if e == 0 {
        return Some((neg, f, emn));
    }
    Some((neg, f | (1u128 << fmt.p), e as i64 + emn - 1))
}

/// The exact decimal `n * 2^e` as (digits D, k) with value D * 10^-k.
fn exact(n: &BigUint, e: i64) -> (BigUint, u64) {
    if e >= 0 {
        (n << (e as u64), 0)
    } else {
        let k = e.unsigned_abs();
        (n * BigUint::from(5u32).pow(k as u32), k)
    }
}

/// Hoon float syntax for D * 10^-k, in exponent form (`123e-4`).
fn sci(d: &BigUint, k: u64) -> String {
    if k == 0 {
        d.to_string()
    } else {
        format!("{d}e-{k}")
    }
}

/// Hoon float syntax for D * 10^-k with a decimal point (`0.0123`).
fn dotted(d: &BigUint, k: u64) -> String {
    let mut s = d.to_string();
    if k == 0 {
        return s;
    }
    let k = k as usize;
    if s.len() < k + 1 {
        s = format!("{}{s}", "0".repeat(k + 1 - s.len()));
    }
    let (i, f) = s.split_at(s.len() - k);
    format!("{i}.{f}")
}

fn lit(prefix: &str, neg: bool, body: &str) -> String {
    format!("{prefix}{}{body}", if neg { "-" } else { "" })
}

fn parse_bits(aura: Aura, text: &str) -> u128 {
    let (a, v) = aura::parse_literal(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(a, aura, "{text}");
    v.as_u128().unwrap_or_else(|| panic!("{text}: too wide"))
}

fn width_bits(fmt: &float::Ieee) -> impl Strategy<Value = u128> {
    let w = fmt.w + fmt.p + 1;
    any::<u128>().prop_map(move |b| if w == 128 { b } else { b & ((1u128 << w) - 1) })
}

proptest! {
    #[test]
    fn exact_decimals_read_back(which in 0usize..4, raw in any::<u128>()) {
        let (aura, fmt, prefix) = FLOATS[which];
        let w = fmt.w + fmt.p + 1;
        let bits = if w == 128 { raw } else { raw & ((1u128 << w) - 1) };
        if let Some((neg, m, e)) = decode(&fmt, bits) {
            let (d, k) = exact(&BigUint::from(m), e);
            prop_assert_eq!(parse_bits(aura, &lit(prefix, neg, &sci(&d, k))), bits);
            prop_assert_eq!(parse_bits(aura, &lit(prefix, neg, &dotted(&d, k))), bits);
        }
    }

    #[test]
    fn printed_floats_read_back(which in 0usize..4, raw in any::<u128>()) {
        let (aura, fmt, _) = FLOATS[which];
        let w = fmt.w + fmt.p + 1;
        let bits = if w == 128 { raw } else { raw & ((1u128 << w) - 1) };
        let text = aura::print(aura, &Atom::from_u128(bits)).unwrap();
        let back = parse_bits(aura, &text);
        if decode(&fmt, bits).is_some() || bits & ((1u128 << fmt.p) - 1) == 0 {
            prop_assert_eq!(back, bits, "{}", text);
        } else {
            // Every NaN prints as `nan`, which reads as the canonical NaN.
            prop_assert_eq!(back, fmt.nan(), "{}", text);
        }
    }

    #[test]
    fn midpoints_round_to_even(which in 0usize..4, raw in any::<u128>(), neg in any::<bool>()) {
        let (aura, fmt, prefix) = FLOATS[which];
        let mag = (1u128 << (fmt.w + fmt.p)) - 1;
        let inf = fmt.inf(false);
        let lo = raw & mag;
        if lo >= inf {
            return Ok(());
        }
        let hi = lo + 1;
        let (_, m0, e0) = decode(&fmt, lo).unwrap();
        // The value just above the largest finite one is 2^(emax + 1).
        let (m1, e1) = match decode(&fmt, hi) {
            Some((_, m, e)) => (m, e),
            None => (1u128 << fmt.p, 1 + (1i64 << fmt.w) - 2 - fmt.bias - i64::from(fmt.p)),
        };
        let e = e0.min(e1);
        let sum = (BigUint::from(m0) << ((e0 - e) as u64)) + (BigUint::from(m1) << ((e1 - e) as u64));
        let (d, k) = exact(&sum, e - 1);
        let sign = if neg { fmt.zero(true) } else { 0 };
        let even = if lo & 1 == 0 { lo } else { hi };
        prop_assert_eq!(parse_bits(aura, &lit(prefix, neg, &sci(&d, k))), even | sign);
        let up = &d * 10u32 + 1u32;
        prop_assert_eq!(parse_bits(aura, &lit(prefix, neg, &sci(&up, k + 1))), hi | sign);
        let down = &d * 10u32 - 1u32;
        prop_assert_eq!(parse_bits(aura, &lit(prefix, neg, &sci(&down, k + 1))), lo | sign);
    }

    #[test]
    fn rs_rd_match_the_host_parser(
        int in "[1-9][0-9]{0,19}|0",
        frac in proptest::option::of("[0-9]{1,20}"),
        exp in -340i32..320,
        neg in any::<bool>(),
    ) {
        let body = match &frac { Some(f) => format!("{int}.{f}"), None => int.clone() };
        let tail = if exp == 0 { String::new() } else { format!("e{exp}") };
        let host = format!("{}{body}{tail}", if neg { "-" } else { "" });
        let rd = parse_bits(Aura::Rd, &lit(".~", neg, &format!("{body}{tail}")));
        let rs = parse_bits(Aura::Rs, &lit(".", neg, &format!("{body}{tail}")));
        prop_assert_eq!(rd, u128::from(host.parse::<f64>().unwrap().to_bits()), "{}", host);
        prop_assert_eq!(rs, u128::from(host.parse::<f32>().unwrap().to_bits()), "{}", host);
    }

    #[test]
    fn integers_print_and_read_back(limbs in prop::collection::vec(any::<u64>(), 0..4), which in 0usize..7) {
        let aura = [Aura::Ud, Aura::Ux, Aura::Ub, Aura::Ui, Aura::Sd, Aura::Sx, Aura::Sb][which];
        let v = Atom::from_limbs(&limbs);
        let text = aura::print(aura, &v).unwrap();
        prop_assert_eq!(aura::parse_literal(&text).unwrap(), (aura, v), "{}", text);
    }

    #[test]
    fn parse_literal_never_panics(s in "[-0-9a-fxbinyv.~e%`@&| \n:]{0,24}") {
        let _ = aura::parse_literal(&s);
    }

    #[test]
    fn parse_literal_never_panics_on_any_text(s in any::<String>()) {
        let _ = aura::parse_literal(&s);
    }

    #[test]
    fn float_widths_are_respected(which in 0usize..4, bits in width_bits(&float::RQ)) {
        // Printing rejects atoms wider than the float; never panics.
        let (aura, fmt, _) = FLOATS[which];
        let r = aura::print(aura, &Atom::from_u128(bits));
        prop_assert_eq!(r.is_ok(), Atom::from_u128(bits).bit_len() <= u64::from(fmt.w + fmt.p + 1));
    }
}

#[test]
fn float_table() {
    // data/float_literals.txt: literal, bits, what the row pins.
    let rows: Vec<(&str, u128, &str)> = include_str!("data/float_literals.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (row, why) = l.split_once(" ; ").expect("a row and its reason");
            let (text, bits) = row.split_once(' ').expect("a literal and its bits");
            let bits = u128::from_str_radix(&bits[2..], 16).expect("hexadecimal bits");
            (text, bits, why)
        })
        .collect();
    assert_eq!(rows.len(), 45, "every row of the table");
    for (text, bits, why) in rows {
        let (a, v) = aura::parse_literal(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(
            matches!(a, Aura::Rh | Aura::Rs | Aura::Rd | Aura::Rq),
            "{text}"
        );
        assert_eq!(v, Atom::from_u128(bits), "{text}: {why}");
    }
}

#[test]
fn rq_extremes() {
    // Largest finite @rq and the smallest subnormal, from their exact decimals.
    let max = (BigUint::one() << 113u32) - 1u32;
    let (d, k) = exact(&max, 16383 - 112);
    assert_eq!(
        parse_bits(Aura::Rq, &format!(".~~~{}", sci(&d, k))),
        0x7ffe_ffff_ffff_ffff_ffff_ffff_ffff_ffff
    );
    let (d, k) = exact(&BigUint::one(), -16494);
    assert_eq!(parse_bits(Aura::Rq, &format!(".~~~{}", sci(&d, k))), 1);
    // Half of it ties to zero; a hair more rounds up.
    let (d, k) = exact(&BigUint::one(), -16495);
    assert_eq!(parse_bits(Aura::Rq, &format!(".~~~{}", sci(&d, k))), 0);
    assert_eq!(
        parse_bits(
            Aura::Rq,
            &format!(".~~~{}", sci(&(d * 10u32 + 1u32), k + 1))
        ),
        1
    );
}

#[test]
fn absurd_exponents_are_cheap() {
    // Hoon would compute 5^(10^30); we return the limit it would reach.
    assert_eq!(
        parse_bits(Aura::Rd, ".~1e1000000000000000000000000000000"),
        0x7ff0_0000_0000_0000
    );
    assert_eq!(
        parse_bits(Aura::Rd, ".~1e-1000000000000000000000000000000"),
        0
    );
    assert_eq!(
        parse_bits(Aura::Rd, ".~0e1000000000000000000000000000000"),
        0
    );
    assert_eq!(
        parse_bits(Aura::Rh, ".~~-1e-1000000000000000000000000000000"),
        0x8000
    );
}

#[test]
fn integer_table() {
    let rows: &[(&str, Aura, u64)] = &[
        ("0", Aura::Ud, 0),
        ("1.000.000", Aura::Ud, 1_000_000),
        ("0x0", Aura::Ux, 0),
        ("0x1.3f80.0000", Aura::Ux, 0x1_3f80_0000),
        ("0b1.0000", Aura::Ub, 16),
        ("0i42", Aura::Ui, 42),
        ("--5", Aura::Sd, 10),
        ("-5", Aura::Sd, 9),
        ("--0", Aura::Sd, 0),
        ("-0", Aura::Sd, 0),
        ("--0x10", Aura::Sx, 32),
    ];
    for (text, aura, v) in rows {
        assert_eq!(
            aura::parse_literal(text).unwrap(),
            (*aura, Atom::from_u64(*v)),
            "{text}"
        );
    }
    assert_eq!(aura::print(Aura::Sd, &Atom::ZERO).unwrap(), "--0");
    assert!(Atom::ZERO.is_zero() && BigUint::zero().is_zero());
}

#[test]
fn float_print_table() {
    // (aura, bits, dojo text): shortest round-trip digits (`++drg`), placed by `++r-co`.
    let rows: &[(Aura, u128, &str)] = &[
        (Aura::Rs, 0x3fc0_0000, ".1.5"),
        (Aura::Rs, 0x3f80_0000, ".1"),
        (Aura::Rs, 0x42c8_0000, ".100"),  // e < 3: written out
        (Aura::Rs, 0x447a_0000, ".1e3"),  // e >= 3: exponent form
        (Aura::Rs, 0x3c23_d70a, ".0.01"), // scientific exponent -2: written out
        (Aura::Rs, 0x3a83_126f, ".1e-3"), // below -2: exponent form
        (Aura::Rs, 0x8000_0000, ".-0"),
        (Aura::Rs, 0x3fb5_04f3, ".1.4142135"),
        (Aura::Rs, 0x3dcc_cccd, ".0.1"),
        (Aura::Rs, 0x3727_c5ac, ".1e-5"),
        (Aura::Rs, 0x0000_0001, ".1e-45"),    // smallest subnormal
        (Aura::Rs, 0x4c00_0000, ".33554432"), // 2^25: all eight digits needed
        (Aura::Rs, 0x4e6e_6b28, ".1e9"),
        (Aura::Rs, 0x7fc0_0000, ".nan"),
        (Aura::Rd, 0x4009_21fb_5444_2d18, ".~3.141592653589793"),
        (Aura::Rd, 0x3ddb_7cdf_d9d7_bdbb, ".~1e-10"),
        (Aura::Rd, 0xbff8_0000_0000_0000, ".~-1.5"),
        (Aura::Rh, 0x7c00, ".~~inf"),
        (Aura::Rh, 0x3e00, ".~~1.5"),
        (Aura::Rq, 0xffff_u128 << 112, ".~~~-inf"),
        (Aura::Rq, 0x3fff_8000_u128 << 96, ".~~~1.5"),
    ];
    for (aura, bits, text) in rows {
        assert_eq!(
            aura::print(*aura, &Atom::from_u128(*bits)).unwrap(),
            *text,
            "{bits:#x}"
        );
    }
}
