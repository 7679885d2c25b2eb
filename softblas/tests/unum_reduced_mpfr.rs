//! An independent check of `/lib/unum@bcb316c`'s claim that its elementary functions are
//! correctly rounded at posit8, posit16 and posit32: each arm's bits (urnum's port,
//! [`softblas::scalar::unum::reduced`]) against MPFR's value of the function the arm names,
//! rounded once to the posit.
//!
//! The reference is MPFR at 320 bits rounded toward zero, with a sticky bit appended when
//! inexact, then `+bit` (nearest, ties to even, saturating): one correct rounding of the exact
//! value. Outside an arm's domain (the logarithms, `pow` and `cbrt` at `x ≤ 0` or `x < 0`,
//! `asin`/`acos` outside [−1, 1]) the reference is NaR, as the text defines it. A disagreement
//! is a fact about the Hoon, recorded in `docs/accuracy.md`, never a change to urnum.
//!
//! The normal run checks posit8 exhaustively and pins its counts. The full sweep is ignored:
//!
//! ```text
//! UNUM_MPFR_N=1000000 nice -n 10 cargo test --release -p urnum-softblas \
//!     --test unum_reduced_mpfr -- --ignored --nocapture
//! ```
//!
//! prints the table of `docs/accuracy.md` (posit8 and posit16 exhaustive, `UNUM_MPFR_N` random
//! patterns at posit32, 10^6 unless set; `pow` on random pairs, 10^5 at posit16 and posit32).

mod rng_support;

use rng_support::Rng;
use rug::float::Round;
use rug::ops::Pow;
use rug::Float;
use softblas::scalar::unum::{self, fns::Unary, reduced, Up, Width};
use std::cmp::Ordering;

/// MPFR's working precision: far above any posit's 125 significant bits.
const PREC: u32 = 320;

/// The arms the new text changed, by name, with MPFR's function and the domain outside which
/// the arm is NaR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arm {
    One(Unary),
    Pow,
}

impl Arm {
    const ALL: [Arm; 12] = [
        Arm::One(Unary::Exp),
        Arm::One(Unary::Sin),
        Arm::One(Unary::Cos),
        Arm::One(Unary::Tan),
        Arm::One(Unary::Log),
        Arm::One(Unary::Log2),
        Arm::One(Unary::Log10),
        Arm::One(Unary::Atan),
        Arm::One(Unary::Asin),
        Arm::One(Unary::Acos),
        Arm::One(Unary::Cbrt),
        Arm::Pow,
    ];

    fn name(self) -> &'static str {
        match self {
            Arm::One(u) => u.arm(),
            Arm::Pow => "pow",
        }
    }
}

/// The exact value of a real posit as an MPFR number.
fn value(w: Width, x: u128) -> Option<Float> {
    match unum::sea(w, x) {
        Up::P { s, e, a } => {
            let m = rug::Integer::from_digits(&a.to_u64_digits(), rug::integer::Order::Lsf);
            let v = Float::with_val(PREC, m) << i32::try_from(e).expect("posit exponent");
            Some(if s { v } else { -v })
        }
        Up::Z => Some(Float::with_val(PREC, 0)),
        Up::N => None,
    }
}

/// `+bit` of an MPFR result computed toward zero, `inexact` when MPFR rounded: one correct
/// rounding of the exact value to the posit (±∞ saturates to ±maxpos, an underflowed zero to
/// ±minpos, NaN is NaR).
fn to_posit(w: Width, v: &Float, inexact: bool) -> u128 {
    if v.is_nan() {
        return w.nar();
    }
    if v.is_infinite() {
        let m = w.maxpos();
        return if v.is_sign_negative() {
            unum::neg(w, m)
        } else {
            m
        };
    }
    if v.is_zero() {
        if !inexact {
            return 0;
        }
        let m = w.minpos();
        return if v.is_sign_negative() {
            unum::neg(w, m)
        } else {
            m
        };
    }
    let (m, e) = v.to_integer_exp().expect("finite");
    let s = m >= 0;
    let mut a = m.abs();
    let mut e = i64::from(e);
    if inexact {
        a = (a << 1u32) | rug::Integer::from(1);
        e -= 1;
    }
    let a = num_bigint::BigUint::from_bytes_le(&a.to_digits::<u8>(rug::integer::Order::Lsf));
    unum::bit(w, &Up::P { s, e, a })
}

/// MPFR's value of `f(x)` (toward zero) and whether it is inexact; `None` outside the arm's
/// domain.
fn mpfr_unary(f: Unary, x: &Float) -> Option<(Float, bool)> {
    let pos = *x > 0;
    let unit = x.clone().abs() <= 1;
    let r = Round::Zero;
    let (v, o) = match f {
        Unary::Exp => Float::with_val_round(PREC, x.exp_ref(), r),
        Unary::Sin => Float::with_val_round(PREC, x.sin_ref(), r),
        Unary::Cos => Float::with_val_round(PREC, x.cos_ref(), r),
        Unary::Tan => Float::with_val_round(PREC, x.tan_ref(), r),
        Unary::Log if pos => Float::with_val_round(PREC, x.ln_ref(), r),
        Unary::Log2 if pos => Float::with_val_round(PREC, x.log2_ref(), r),
        Unary::Log10 if pos => Float::with_val_round(PREC, x.log10_ref(), r),
        Unary::Atan => Float::with_val_round(PREC, x.atan_ref(), r),
        Unary::Asin if unit => Float::with_val_round(PREC, x.asin_ref(), r),
        Unary::Acos if unit => Float::with_val_round(PREC, x.acos_ref(), r),
        Unary::Cbrt if *x >= 0 => Float::with_val_round(PREC, x.cbrt_ref(), r),
        _ => return None,
    };
    Some((v, o != Ordering::Equal))
}

/// The correctly rounded posit of the arm's function at `xs`, NaR outside its domain.
fn reference(w: Width, arm: Arm, xs: &[u128]) -> u128 {
    let vals: Option<Vec<Float>> = xs.iter().map(|&x| value(w, x)).collect();
    let Some(vals) = vals else {
        return w.nar();
    };
    let got = match arm {
        Arm::One(f) => mpfr_unary(f, &vals[0]),
        Arm::Pow if vals[0] > 0 => {
            let (v, o) = Float::with_val_round(PREC, (&vals[0]).pow(&vals[1]), Round::Zero);
            Some((v, o != Ordering::Equal))
        }
        Arm::Pow => None,
    };
    got.map_or(w.nar(), |(v, inexact)| to_posit(w, &v, inexact))
}

/// urnum's bits of the arm of `bcb316c` at `xs`.
fn hoon(w: Width, arm: Arm, xs: &[u128]) -> u128 {
    match arm {
        Arm::One(f) => f
            .apply(unum::UnumRev::Bcb316c, w, xs[0])
            .expect("only factorial fails"),
        Arm::Pow => reduced::pow(w, xs[0], xs[1]),
    }
}

/// The distance in patterns between two posits (two's-complement order; NaR below all).
fn distance(w: Width, a: u128, b: u128) -> u128 {
    let s = |p: u128| -> i128 {
        let sh = 128 - w.n();
        ((p << sh) as i128) >> sh
    };
    s(a).abs_diff(s(b))
}

/// How one arm fared at one width.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Tally {
    inputs: u64,
    disagree: u64,
    max_dist: u128,
    first: Option<(Vec<u128>, u128, u128)>,
}

fn sweep(w: Width, arm: Arm, inputs: impl Iterator<Item = Vec<u128>>) -> Tally {
    let mut t = Tally::default();
    for xs in inputs {
        t.inputs += 1;
        let (h, r) = (hoon(w, arm, &xs), reference(w, arm, &xs));
        if h != r {
            t.disagree += 1;
            t.max_dist = t.max_dist.max(distance(w, h, r));
            t.first.get_or_insert((xs, h, r));
        }
    }
    t
}

fn exhaustive(w: Width, arm: Arm) -> Box<dyn Iterator<Item = Vec<u128>>> {
    let n = 1u128 << w.n();
    match arm {
        Arm::One(_) => Box::new((0..n).map(|x| vec![x])),
        Arm::Pow => Box::new((0..n).flat_map(move |x| (0..n).map(move |y| vec![x, y]))),
    }
}

fn random(w: Width, arm: Arm, count: u64, seed: u64) -> Box<dyn Iterator<Item = Vec<u128>>> {
    let mut rng = Rng(seed);
    let k = if arm == Arm::Pow { 2 } else { 1 };
    Box::new((0..count).map(move |_| (0..k).map(|_| u128::from(rng.next()) & w.mask()).collect()))
}

/// posit8, every input (every pair for `pow`): the counts `docs/accuracy.md` records.
#[test]
fn posit8_exhaustive_counts() {
    let w = Width::P8;
    let got: Vec<(&str, u64, u64)> = Arm::ALL
        .iter()
        .filter(|&&a| a != Arm::Pow)
        .map(|&a| {
            let t = sweep(w, a, exhaustive(w, a));
            (a.name(), t.inputs, t.disagree)
        })
        .collect();
    let want: Vec<(&str, u64, u64)> = POSIT8_COUNTS.to_vec();
    assert_eq!(got, want);
}

/// Disagreements with MPFR at posit8 (arm, inputs, disagreements), as `docs/accuracy.md` lists.
const POSIT8_COUNTS: [(&str, u64, u64); 11] = [
    ("exp", 256, 0),
    ("sin", 256, 0),
    ("cos", 256, 0),
    ("tan", 256, 0),
    ("log", 256, 0),
    ("log-2", 256, 0),
    ("log-10", 256, 0),
    ("atan", 256, 0),
    ("asin", 256, 24),
    ("acos", 256, 35),
    ("cbrt", 256, 47),
];

/// The full sweep: posit8 and posit16 exhaustive, posit32 random (see the module comment).
#[test]
#[ignore = "minutes: the sweep behind docs/accuracy.md"]
fn sweep_table() {
    let n32: u64 = std::env::var("UNUM_MPFR_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let only: Option<String> = std::env::var("UNUM_MPFR_ARMS").ok();
    println!("| arm | width | inputs | disagreements | max distance (patterns) | first disagreement (input → Hoon, MPFR) |");
    println!("|---|---|---|---|---|---|");
    for arm in Arm::ALL {
        if only
            .as_ref()
            .is_some_and(|o| !o.split(',').any(|a| a == arm.name()))
        {
            continue;
        }
        for w in [Width::P8, Width::P16, Width::P32] {
            let inputs = match (w, arm) {
                (Width::P32, Arm::Pow) => random(w, arm, n32 / 10, 32),
                (Width::P32, _) => random(w, arm, n32, 32),
                (Width::P16, Arm::Pow) => random(w, arm, 100_000, 16),
                _ => exhaustive(w, arm),
            };
            let t = sweep(w, arm, inputs);
            let first = t.first.as_ref().map_or(String::from("—"), |(xs, h, r)| {
                let xs: Vec<String> = xs.iter().map(|x| format!("{x:#x}")).collect();
                format!("{} → {h:#x}, {r:#x}", xs.join(" "))
            });
            println!(
                "| `{}` | {} | {} | {} | {} | {} |",
                arm.name(),
                w.door(),
                t.inputs,
                t.disagree,
                t.max_dist,
                first
            );
        }
    }
}
