//! `urnum bench --level unum`: `/lib/unum`'s elementary functions over rays of posits, the
//! `96f3cfe` arms against the `bcb316c` arms in one run.
//!
//! Each row maps one arm over a ray of random posits at one width, once per revision, and gives
//! the best time of each, the time per element and the ratio new/old. The arms Saloon serves
//! over rays (`exp sin cos tan log log-2 log-10 cbrt pow`) run as Saloon's element-wise arm on a
//! `%unum` ray, the revision travelling in the door (`Sa::with_unum`): the whole ray path, the
//! gate program, `+el-wise-op`/`+bin-op` and the ray's packing included (at posit128, which no
//! Lagoon door has, and for `atan asin acos`, which Saloon does not map, the row maps the scalar
//! arm over the elements). The
//! arguments lie where the function is defined and its value is not saturated: magnitudes in
//! [1/8, 4) (either sign) for `exp sin cos tan atan`, positive in [1/64, 16) for the logarithms
//! and `cbrt`, magnitudes in [1/64, 1) for `asin acos`, and for `pow` positive bases in
//! [1/4, 4) with exponents in [1/4, 4) of either sign.

use super::best;
use crate::rng::SplitMix64;
use lagoon::{Meta, Ray};
use saloon::elementwise::{BinaryOp, UnaryOp};
use saloon::Sa;
use softblas::scalar::unum::fns::Unary;
use softblas::scalar::unum::{self, pow_at, Ieee, UnumRev, Width};
use softblas::{Atom, Kind, Policy};
use std::process::ExitCode;
use std::time::Duration;

/// The arms benchmarked, in table order.
pub const BENCHES: [&str; 12] = [
    "exp", "sin", "cos", "tan", "log", "log-2", "log-10", "atan", "asin", "acos", "cbrt", "pow",
];

/// The posit doors benchmarked.
pub const DOORS: [Width; 5] = [Width::P8, Width::P16, Width::P32, Width::P64, Width::P128];

/// A posit near the `f64` value `x` (`+from-rd`).
fn posit(w: Width, x: f64) -> u128 {
    unum::from_ieee(w, Ieee::D, u128::from(x.to_bits()))
}

/// `n` posits with magnitudes uniform in `[lo, hi)`, of either sign unless `positive`.
fn values(
    rng: &mut SplitMix64,
    w: Width,
    n: usize,
    (lo, hi): (f64, f64),
    positive: bool,
) -> Vec<u128> {
    (0..n)
        .map(|_| {
            let r = rng.next_u64();
            let u = (r >> 11) as f64 / (1u64 << 53) as f64;
            let x = lo + (hi - lo) * u;
            let x = if !positive && r & 1 == 1 { -x } else { x };
            posit(w, x)
        })
        .collect()
}

/// The `%unum` ray of the posits `xs` at width `w`.
fn ray(w: Width, xs: &[u128]) -> Result<Ray, String> {
    let meta = Meta::new(vec![xs.len() as u64], w.bloq(), Kind::Unum);
    let atoms: Vec<Atom> = xs.iter().map(|&x| Atom::from_u128(x)).collect();
    Ray::from_elems(meta, &atoms).map_err(|e| e.to_string())
}

/// The elements of a ray.
fn elems(r: &Ray) -> Vec<u128> {
    lagoon::ravel(r)
        .map(|v| v.iter().map(Atom::low_u128).collect())
        .unwrap_or_default()
}

/// One row: the arm `bench` over `n` posits of width `w` at each revision, and whether it
/// went through Saloon's ray arm (`ray`) or the scalar loop (`elem`).
fn run(pol: Policy, bench: &str, w: Width, quick: bool) -> Result<String, String> {
    let n = if quick { 100 } else { 2000 };
    let budget = Duration::from_millis(if quick { 30 } else { 400 });
    let mut rng = SplitMix64::new(0x0c7a ^ u64::from(w.n()) << 8);
    let (range, positive) = match bench {
        "log" | "log-2" | "log-10" | "cbrt" => ((1.0 / 64.0, 16.0), true),
        "asin" | "acos" => ((1.0 / 64.0, 1.0), false),
        "pow" => ((0.25, 4.0), true),
        _ => ((0.125, 4.0), false),
    };
    let xs = values(&mut rng, w, n, range, positive);
    let ys = values(&mut rng, w, n, (0.25, 4.0), false);
    let f = Unary::from_arm(bench);
    // Saloon's arm over rays, where it has one at this width (no Lagoon door has posit128).
    let on_rays = w != Width::P128 && (bench == "pow" || UnaryOp::from_term(bench).is_some());
    let (ra, rb) = (ray(w, &xs)?, ray(w, &ys)?);
    let map = |rev: UnumRev| -> Result<Vec<u128>, String> {
        if on_rays {
            let sa = Sa::bare().with_unum(Some(rev)).with_policy(pol);
            let out = match UnaryOp::from_term(bench) {
                Some(op) => saloon::elementwise::unary(&sa, op, &ra),
                None => saloon::elementwise::binary(&sa, BinaryOp::Pow, &ra, &rb),
            };
            return out.map(|r| elems(&r)).map_err(|e| e.to_string());
        }
        Ok(match f {
            Some(f) => xs
                .iter()
                .map(|&x| f.apply(rev, w, x).unwrap_or(w.nar()))
                .collect(),
            None => xs
                .iter()
                .zip(&ys)
                .map(|(&x, &y)| pow_at(rev, w, x, y))
                .collect(),
        })
    };
    let (old, out_old) = best(budget, || map(UnumRev::V96f3cfe));
    let (new, out_new) = best(budget, || map(UnumRev::Bcb316c));
    let (out_old, out_new) = (out_old?, out_new?);
    let differ = out_old.iter().zip(&out_new).filter(|(a, b)| a != b).count();
    let per = |d: Duration| d.as_nanos() as f64 / n as f64;
    Ok(format!(
        "{bench:<7} {:<4} {:<4} {n:>5}  {:>10.0} ns  {:>10.0} ns  {:>6.2}x  {differ:>5}",
        w.door(),
        if on_rays { "ray" } else { "elem" },
        per(old),
        per(new),
        new.as_secs_f64() / old.as_secs_f64(),
    ))
}

/// Runs the `unum` level: `--only` of [`BENCHES`], `--widths` of the posit doors (`rpb` …
/// `rpq`); posits round by no mode, so `--modes` is refused.
pub fn main(args: &super::Args, policy: Policy) -> ExitCode {
    if args.modes.is_some() {
        eprintln!("urnum bench: --level unum takes no --modes (posits round to nearest only)");
        return ExitCode::from(2);
    }
    let names = |l: &Option<String>| -> Vec<String> {
        l.iter()
            .flat_map(|l| l.split(','))
            .map(|s| s.trim().to_string())
            .collect()
    };
    let (only, widths) = (names(&args.only), names(&args.widths));
    let doors: Vec<&str> = DOORS.iter().map(|w| w.door()).collect();
    for (option, list, valid) in [
        ("--only", &only, BENCHES.to_vec()),
        ("--widths", &widths, doors),
    ] {
        if let Some(bad) = list.iter().find(|x| !valid.contains(&x.as_str())) {
            eprintln!(
                "urnum bench: {option}: unknown name {bad:?}; valid: {}",
                valid.join(", ")
            );
            return ExitCode::from(2);
        }
    }
    println!("{} (level: unum)", super::table::machine(policy));
    println!("arm     door path  size  96f3cfe/elem  bcb316c/elem  new/old  bits differ");
    for bench in BENCHES {
        if !only.is_empty() && !only.iter().any(|o| o == bench) {
            continue;
        }
        for w in DOORS {
            if !widths.is_empty() && !widths.iter().any(|d| d == w.door()) {
                continue;
            }
            match run(policy, bench, w, args.quick) {
                Ok(line) => println!("{line}"),
                Err(why) => println!("{bench:<7} {}  -- {why}", w.door()),
            }
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row runs at posit8 and names its arm, door and path (Saloon's ray arm where it
    /// has one); an unknown width is refused.
    #[test]
    fn rows_run() {
        for bench in BENCHES {
            let line = run(Policy::FAST, bench, Width::P8, true).expect("a row");
            assert!(line.starts_with(bench) && line.contains("rpb"), "{line}");
            let path = if matches!(bench, "atan" | "asin" | "acos") {
                " elem "
            } else {
                " ray "
            };
            assert!(line.contains(path), "{line}");
        }
        let args = crate::bench::Args {
            level: "unum".into(),
            widths: Some("rs".into()),
            ..Default::default()
        };
        assert_eq!(main(&args, Policy::FAST), ExitCode::from(2));
    }
}
