//! Lagoon's `+mmul` beside `matrixmultiply` and a plain loop, in one process:
//! GF/s at each size for `@rs` and `@rd` in `%n %u %d %z`, and the ratios.
//!
//! urnum computes each cell in the Hoon's order (`acc = +0; acc = acc +
//! a_ik·b_kj` for `k` ascending, product and sum rounded separately, no
//! FMA); `matrixmultiply` uses FMA in its own order, so it is the speed to
//! approach, not the bits. The plain loop is the Hoon's order in host
//! floats (round to nearest), and its bits are checked equal to urnum's `%n`.
//! GF/s counts `2·n³` operations per product.
//!
//! Run: `cargo run --release -p urnum --example gemm [-- SIZES…]`
//! (default sizes 128 256 512 1024 2048).
//!
//! The one `unsafe` here is the baseline's: `matrixmultiply`'s raw-pointer API.
#![allow(unsafe_code)]

use std::time::{Duration, Instant};
use urnum::prelude::*;

/// Seconds of repetition per measurement: the best of the runs is kept.
const BUDGET: Duration = Duration::from_millis(600);

/// The best time of `f` over runs filling [`BUDGET`] (at least one run).
fn best<R>(mut f: impl FnMut() -> R) -> (Duration, R) {
    let start = Instant::now();
    let mut t = Duration::MAX;
    loop {
        let t0 = Instant::now();
        let out = f();
        t = t.min(t0.elapsed());
        if start.elapsed() >= BUDGET {
            return (t, out);
        }
    }
}

/// A deterministic sequence of values in [−1, 1) (a 64-bit LCG).
fn values(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        })
        .collect()
}

/// The plain loop in the Hoon's order: rows of `c`, `k` ascending, columns innermost.
macro_rules! plain {
    ($t:ty, $n:expr, $a:expr, $b:expr) => {{
        let n = $n;
        let mut c = vec![0.0 as $t; n * n];
        for i in 0..n {
            for kk in 0..n {
                let x = $a[i * n + kk];
                let (brow, crow) = (&$b[kk * n..(kk + 1) * n], &mut c[i * n..(i + 1) * n]);
                for (cj, &bj) in crow.iter_mut().zip(brow) {
                    *cj += x * bj;
                }
            }
        }
        c
    }};
}

fn gf(n: usize, t: Duration) -> f64 {
    2.0 * (n as f64).powi(3) / t.as_secs_f64() / 1e9
}

fn main() -> Result<(), urnum::Error> {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().expect("sizes are integers"))
        .collect();
    let sizes = if sizes.is_empty() {
        vec![128, 256, 512, 1024, 2048]
    } else {
        sizes
    };
    println!(
        "{:>5} {:>4} | {:>7} {:>7} {:>7} {:>7} | {:>7} {:>7} | {:>10} {:>10}",
        "n", "", "%n", "%u", "%d", "%z", "mm", "plain", "worst/mm", "worst/plain"
    );
    for &n in &sizes {
        let (a64, b64) = (values(n * n, 1), values(n * n, 2));
        // @rs
        let (a32, b32): (Vec<f32>, Vec<f32>) = (
            a64.iter().map(|&x| x as f32).collect(),
            b64.iter().map(|&x| x as f32).collect(),
        );
        let (ra, rb) = (
            Ray::from_f32s(&a32, &[n, n])?,
            Ray::from_f32s(&b32, &[n, n])?,
        );
        let mut modes = Vec::new();
        for r in Round::HOON {
            let door = Door::new(r);
            let (t, c) = best(|| door.mmul(&ra, &rb));
            let c = c?;
            if r == Round::N {
                let want = plain!(f32, n, a32, b32);
                let got: Vec<f32> = c.to_f32s()?;
                assert!(
                    got.iter()
                        .zip(&want)
                        .all(|(g, w)| g.to_bits() == w.to_bits()),
                    "@rs {n}: urnum's %n differs from the plain loop in the Hoon's order"
                );
            }
            modes.push(gf(n, t));
        }
        let (tm, _) = best(|| {
            let mut c = vec![0f32; n * n];
            // SAFETY: the pointers address n×n row-major matrices (strides n, 1).
            unsafe {
                matrixmultiply::sgemm(
                    n,
                    n,
                    n,
                    1.0,
                    a32.as_ptr(),
                    n as isize,
                    1,
                    b32.as_ptr(),
                    n as isize,
                    1,
                    0.0,
                    c.as_mut_ptr(),
                    n as isize,
                    1,
                )
            };
            c
        });
        let (tp, _) = best(|| plain!(f32, n, a32, b32));
        row(n, "rs", &modes, gf(n, tm), gf(n, tp));
        // @rd
        let (ra, rb) = (
            Ray::from_f64s(&a64, &[n, n])?,
            Ray::from_f64s(&b64, &[n, n])?,
        );
        let mut modes = Vec::new();
        for r in Round::HOON {
            let door = Door::new(r);
            let (t, c) = best(|| door.mmul(&ra, &rb));
            let c = c?;
            if r == Round::N {
                let want = plain!(f64, n, a64, b64);
                let got: Vec<f64> = c.to_f64s()?;
                assert!(
                    got.iter()
                        .zip(&want)
                        .all(|(g, w)| g.to_bits() == w.to_bits()),
                    "@rd {n}: urnum's %n differs from the plain loop in the Hoon's order"
                );
            }
            modes.push(gf(n, t));
        }
        let (tm, _) = best(|| {
            let mut c = vec![0f64; n * n];
            // SAFETY: as for sgemm.
            unsafe {
                matrixmultiply::dgemm(
                    n,
                    n,
                    n,
                    1.0,
                    a64.as_ptr(),
                    n as isize,
                    1,
                    b64.as_ptr(),
                    n as isize,
                    1,
                    0.0,
                    c.as_mut_ptr(),
                    n as isize,
                    1,
                )
            };
            c
        });
        let (tp, _) = best(|| plain!(f64, n, a64, b64));
        row(n, "rd", &modes, gf(n, tm), gf(n, tp));
    }
    Ok(())
}

/// Prints one size and width: GF/s per mode, of matrixmultiply and of the plain loop, and the
/// slowest mode's ratios to both.
fn row(n: usize, w: &str, modes: &[f64], mm: f64, plain: f64) {
    let worst = modes.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "{n:>5} {w:>4} | {:>7.1} {:>7.1} {:>7.1} {:>7.1} | {mm:>7.1} {plain:>7.1} | {:>10.2} {:>10.2}",
        modes[0],
        modes[1],
        modes[2],
        modes[3],
        worst / mm,
        worst / plain
    );
}
