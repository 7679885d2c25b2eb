//! `urnum bench --level blas`: the SoftBLAS routines of `softblas::blas`
//! under the fast executor against the same routines under the reference
//! executor (SoftFloat held in the mode for each batch: the SoftFloat loops)
//! and a naive host-float loop of the same shape; both executors' bits are
//! compared.

use super::{best, native, values, Row};
use crate::rng::SplitMix64;
use softblas::blas::{self, Trans};
use softblas::hw::{self, Executor};
use softblas::scalar::i754::{self, Width};
use softblas::{Round, Word};
use std::time::Duration;

/// Every routine of this level, in the order of the table.
pub const BENCHES: [&str; 3] = ["dot", "axpy", "gemm"];

/// Sizes: vector length for level 1, the square side for `gemm`.
fn size(bench: &str, quick: bool) -> usize {
    match (bench, quick) {
        ("gemm", false) => 256,
        ("gemm", true) => 128,
        (_, false) => 1_000_000,
        (_, true) => 20_000,
    }
}

/// One routine at one width and mode.
pub fn run(bench: &str, w: Width, r: Round, quick: bool) -> Result<Row, String> {
    match w {
        Width::H => go::<u16>(bench, r, quick),
        Width::S => go::<u32>(bench, r, quick),
        Width::D => go::<u64>(bench, r, quick),
        Width::Q => go::<u128>(bench, r, quick),
    }
}

fn go<T: Word>(bench: &str, r: Round, quick: bool) -> Result<Row, String> {
    let (w, n) = (T::W, size(bench, quick));
    let len = if bench == "gemm" { n * n } else { n };
    let mut rng = SplitMix64::new(0xb1a5 ^ u64::from(w.bits()) << 8 ^ u64::from(r.code()));
    let words = |v: &[u128]| -> Vec<T> { v.iter().map(|&x| T::of_bits(x)).collect() };
    let (a, b) = (
        values(&mut rng, w, len, (-2, 2)),
        values(&mut rng, w, len, (-2, 2)),
    );
    let (x, y) = (words(&a), words(&b));
    let one = T::of_bits(i754::one(w));
    let fail = |e: blas::BlasError| e.to_string();
    let routine: Box<dyn Fn() -> Result<Vec<T>, String>> = match bench {
        "dot" => Box::new(move || Ok(vec![blas::dot(n, &x, 1, &y, 1, r).map_err(fail)?])),
        "axpy" => Box::new(move || {
            let mut out = y.clone();
            blas::axpy(n, x[0], &x, 1, &mut out, 1, r).map_err(fail)?;
            Ok(out)
        }),
        _ => Box::new(move || {
            let mut c = vec![T::default(); n * n];
            let (zero, nn) = (T::default(), Trans::N);
            blas::gemm(nn, nn, n, n, n, one, &x, n, &y, n, zero, &mut c, n, r).map_err(fail)?;
            Ok(c)
        }),
    };
    let nat = match bench {
        "dot" => native::dot(w, &a, &b),
        "axpy" => native::axpy(w, &a, &b),
        _ => native::mmul(w, n, &a, &b),
    };
    let budget = Duration::from_millis(if quick { 30 } else { 400 });
    let before = hw::executor();
    hw::set_executor(Executor::Fast);
    let (fast, fast_bits) = best(budget, &*routine);
    hw::set_executor(Executor::Reference);
    let (reference, ref_bits) = best(budget, &*routine);
    hw::set_executor(before);
    if fast_bits? != ref_bits? {
        return Err(format!("MISMATCH: {bench} at {w:?} {r:?}"));
    }
    Ok(Row {
        bench: bench.to_string(),
        size: if bench == "gemm" {
            format!("{n}x{n}")
        } else {
            n.to_string()
        },
        fast,
        reference,
        native: nat.map(|l| best(budget, || l.run()).0),
    })
}
