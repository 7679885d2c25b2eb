//! `urnum bench --level blas`: the SoftBLAS routines of `softblas::blas`
//! under the fast executor against the same routines under the reference
//! executor (SoftFloat held in the mode for each batch: the SoftFloat loops)
//! and a naive host-float loop of the same shape; both executors' bits are
//! compared.

use super::{best, native, values, Row, Sizes};
use crate::rng::SplitMix64;
use softblas::blas::{self, Complex, Layout, Trans};
use softblas::scalar::i754::{self, Width};
use softblas::{Executor, Policy};
use softblas::{Round, Word};
use std::time::Duration;

/// Every routine of this level, in the order of the table. The `c` rows are
/// the complex routines with components of the row's width (`cgemm` is
/// `igemm`, `cgemm`, `zgemm`, `vgemm`; `cdot` is `?dotu`, `cdotc` is
/// `?dotc`, `casum` is `hiasum`, `scasum`, `dzasum`, `qvasum`, `cnrm2` and
/// `icamax` likewise, `crot` is `ihrot`, `csrot`, `zdrot`, `vqrot`).
pub const BENCHES: [&str; 16] = [
    "dot", "axpy", "scal", "asum", "nrm2", "rot", "rotm", "gemv", "gemm", "cdot", "cdotc", "casum",
    "cnrm2", "icamax", "crot", "cgemm",
];

/// Whether `bench` takes square matrices (its size is the side).
fn square(bench: &str) -> bool {
    matches!(bench, "gemv" | "gemm" | "cgemm")
}

/// Sizes: vector length for level 1, the square side for the matrix routines.
const SIZES: Sizes = Sizes {
    rows: &[(&["gemm", "cgemm"], 256, 128), (&["gemv"], 1000, 256)],
    other: (1_000_000, 20_000),
};

/// One routine at one width and mode.
pub fn run(pol: Policy, bench: &str, w: Width, r: Round, quick: bool) -> Result<Row, String> {
    match w {
        Width::H => go::<u16>(pol, bench, r, quick),
        Width::S => go::<u32>(pol, bench, r, quick),
        Width::D => go::<u64>(pol, bench, r, quick),
        Width::Q => go::<u128>(pol, bench, r, quick),
    }
}

fn go<T: Word>(pol: Policy, bench: &str, r: Round, quick: bool) -> Result<Row, String> {
    let (w, n) = (T::W, SIZES.of(bench, quick));
    let len = if square(bench) { n * n } else { n };
    let mut rng = SplitMix64::new(0xb1a5 ^ u64::from(w.bits()) << 8 ^ u64::from(r.code()));
    let words = |v: &[u128]| -> Vec<T> { v.iter().map(|&x| T::of_bits(x)).collect() };
    let (a, b) = (
        values(&mut rng, w, len, (-2, 2)),
        values(&mut rng, w, len, (-2, 2)),
    );
    let (x, y) = (words(&a), words(&b));
    let one = T::of_bits(i754::one(w));
    let fail = |e: blas::BlasError| e.to_string();
    // Complex operands from pairs of the real ones: element i is v_i + v_{len−1−i}·i.
    let cplx = |v: &[T]| -> Vec<Complex<T>> {
        v.iter()
            .zip(v.iter().rev())
            .map(|(&re, &im)| Complex::new(re, im))
            .collect()
    };
    let (cx, cy) = (cplx(&x), cplx(&y));
    let flat = |v: &[Complex<T>]| -> Vec<T> { v.iter().flat_map(|z| [z.re, z.im]).collect() };
    let routine: Box<dyn Fn(Policy) -> Result<Vec<T>, String>> = match bench {
        "dot" => {
            Box::new(move |p: Policy| Ok(vec![blas::dot(n, &x, 1, &y, 1, p, r).map_err(fail)?]))
        }
        "axpy" => Box::new(move |p: Policy| {
            let mut out = y.clone();
            blas::axpy(n, x[0], &x, 1, &mut out, 1, p, r).map_err(fail)?;
            Ok(out)
        }),
        "scal" => Box::new(move |p: Policy| {
            let mut out = y.clone();
            blas::scal(n, x[0], &mut out, 1, p, r).map_err(fail)?;
            Ok(out)
        }),
        "asum" => Box::new(move |p: Policy| Ok(vec![blas::asum(n, &x, 1, p, r).map_err(fail)?])),
        "nrm2" => Box::new(move |p: Policy| Ok(vec![blas::nrm2(n, &x, 1, p, r).map_err(fail)?])),
        "casum" => Box::new(move |p: Policy| Ok(vec![blas::casum(n, &cx, 1, p, r).map_err(fail)?])),
        "cnrm2" => Box::new(move |p: Policy| Ok(vec![blas::cnrm2(n, &cx, 1, p, r).map_err(fail)?])),
        "icamax" => Box::new(move |p: Policy| {
            let i = blas::icamax(n, &cx, 1, p, r).map_err(fail)?;
            Ok(vec![T::of_bits(i as u128)])
        }),
        "rot" => Box::new(move |p: Policy| {
            let (mut xo, mut yo) = (x.clone(), y.clone());
            blas::rot(n, &mut xo, 1, &mut yo, 1, x[0], y[0], p, r).map_err(fail)?;
            Ok([xo, yo].concat())
        }),
        "rotm" => Box::new(move |p: Policy| {
            let (mut xo, mut yo) = (x.clone(), y.clone());
            let param = [T::of_bits(i754::neg_one(w)), x[1], x[2], x[3], x[4]];
            blas::rotm(n, &mut xo, 1, &mut yo, 1, &param, p, r).map_err(fail)?;
            Ok([xo, yo].concat())
        }),
        "cdot" => Box::new(move |p: Policy| {
            Ok(flat(&[blas::dot(n, &cx, 1, &cy, 1, p, r).map_err(fail)?]))
        }),
        "cdotc" => Box::new(move |p: Policy| {
            Ok(flat(&[blas::dotc(n, &cx, 1, &cy, 1, p, r).map_err(fail)?]))
        }),
        "crot" => Box::new(move |p: Policy| {
            let (mut xo, mut yo) = (cx.clone(), cy.clone());
            blas::crot(n, &mut xo, 1, &mut yo, 1, cx[0], cy[0], p, r).map_err(fail)?;
            Ok([flat(&xo), flat(&yo)].concat())
        }),
        "gemv" => Box::new(move |p: Policy| {
            let mut out = y[..n].to_vec();
            let (row, nn) = (Layout::Row, Trans::N);
            blas::gemv(row, nn, n, n, x[1], &x, n, &y, 1, x[2], &mut out, 1, p, r).map_err(fail)?;
            Ok(out)
        }),
        "gemm" => Box::new(move |p: Policy| {
            let mut c = vec![T::default(); n * n];
            let (zero, nn) = (T::default(), Trans::N);
            blas::gemm(nn, nn, n, n, n, one, &x, n, &y, n, zero, &mut c, n, p, r).map_err(fail)?;
            Ok(c)
        }),
        _ => Box::new(move |p: Policy| {
            let mut c = vec![Complex::default(); n * n];
            let (zero, nn) = (Complex::default(), Trans::N);
            let one = Complex::new(one, T::default());
            blas::gemm(nn, nn, n, n, n, one, &cx, n, &cy, n, zero, &mut c, n, p, r)
                .map_err(fail)?;
            Ok(flat(&c))
        }),
    };
    let nat = match bench {
        "dot" => native::dot(w, &a, &b),
        "axpy" => native::axpy(w, &a, &b),
        "scal" => native::scal(w, &b, a[0]),
        "asum" => native::asum(w, &a),
        "nrm2" => native::nrm2(w, &a, false),
        "casum" => native::casum(w, &a, false),
        "cnrm2" => native::nrm2(w, &a, true),
        "icamax" => native::casum(w, &a, true),
        "rot" => native::rot(w, &a, &b, false),
        "rotm" => native::rot(w, &a, &b, true),
        "cdot" => native::cdot(w, &a, &b, false),
        "cdotc" => native::cdot(w, &a, &b, true),
        "crot" => native::crot(w, &a, &b),
        "gemv" => native::gemv(w, n, &a, &b),
        "gemm" => native::mmul(w, n, &a, &b),
        _ => native::cmmul(w, n, &a, &b),
    };
    let budget = Duration::from_millis(if quick { 30 } else { 400 });
    let (fast, fast_bits) = best(budget, || routine(pol.with_exec(Executor::Fast)));
    let (reference, ref_bits) = best(budget, || routine(pol.with_exec(Executor::Reference)));
    if fast_bits? != ref_bits? {
        return Err(format!("MISMATCH: {bench} at {w:?} {r:?}"));
    }
    Ok(Row {
        bench: bench.to_string(),
        size: if square(bench) {
            format!("{n}x{n}")
        } else {
            n.to_string()
        },
        fast,
        reference,
        native: nat.map(|l| best(budget, || l.run()).0),
    })
}
