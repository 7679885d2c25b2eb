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

/// A host float the example measures at: its ray conversions and its `matrixmultiply` routine.
trait Host:
    Copy + Default + PartialEq + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self>
{
    /// The width's name (`rs`, `rd`).
    const NAME: &'static str;
    fn of_f64(x: f64) -> Self;
    fn bits(self) -> u64;
    fn ray(xs: &[Self], n: usize) -> Result<Ray, urnum::Error>;
    fn of_ray(r: &Ray) -> Result<Vec<Self>, urnum::Error>;
    /// `c = a·b` by `matrixmultiply` (n × n, row-major).
    fn mm(n: usize, a: &[Self], b: &[Self], c: &mut [Self]);
}

macro_rules! host {
    ($t:ty, $name:literal, $from:ident, $to:ident, $gemm:ident) => {
        impl Host for $t {
            const NAME: &'static str = $name;
            fn of_f64(x: f64) -> Self {
                x as $t
            }
            fn bits(self) -> u64 {
                u64::from(self.to_bits())
            }
            fn ray(xs: &[Self], n: usize) -> Result<Ray, urnum::Error> {
                Ray::$from(xs, &[n, n])
            }
            fn of_ray(r: &Ray) -> Result<Vec<Self>, urnum::Error> {
                r.$to()
            }
            fn mm(n: usize, a: &[Self], b: &[Self], c: &mut [Self]) {
                let s = n as isize;
                assert!(a.len() == n * n && b.len() == n * n && c.len() == n * n);
                // SAFETY: the pointers address n × n row-major matrices (row stride n, column 1).
                unsafe {
                    matrixmultiply::$gemm(
                        n,
                        n,
                        n,
                        1.0,
                        a.as_ptr(),
                        s,
                        1,
                        b.as_ptr(),
                        s,
                        1,
                        0.0,
                        c.as_mut_ptr(),
                        s,
                        1,
                    )
                };
            }
        }
    };
}
host!(f32, "rs", from_f32s, to_f32s, sgemm);
host!(f64, "rd", from_f64s, to_f64s, dgemm);

/// The plain loop in the Hoon's order: rows of `c`, `k` ascending, columns innermost.
fn plain<T: Host>(n: usize, a: &[T], b: &[T]) -> Vec<T> {
    let mut c = vec![T::default(); n * n];
    for i in 0..n {
        for kk in 0..n {
            let x = a[i * n + kk];
            let (brow, crow) = (&b[kk * n..(kk + 1) * n], &mut c[i * n..(i + 1) * n]);
            for (cj, &bj) in crow.iter_mut().zip(brow) {
                *cj = *cj + x * bj;
            }
        }
    }
    c
}

fn gf(n: usize, t: Duration) -> f64 {
    2.0 * (n as f64).powi(3) / t.as_secs_f64() / 1e9
}

/// Measures one size at one width and prints its row.
fn measure<T: Host>(n: usize) -> Result<(), urnum::Error> {
    let a: Vec<T> = values(n * n, 1).into_iter().map(T::of_f64).collect();
    let b: Vec<T> = values(n * n, 2).into_iter().map(T::of_f64).collect();
    let (ra, rb) = (T::ray(&a, n)?, T::ray(&b, n)?);
    let mut modes = Vec::new();
    for r in Round::HOON {
        let door = Door::new(r);
        let (t, c) = best(|| door.mmul(&ra, &rb));
        if r == Round::N {
            let (got, want) = (T::of_ray(&c?)?, plain(n, &a, &b));
            assert!(
                got.iter().zip(&want).all(|(g, w)| g.bits() == w.bits()),
                "@{} {n}: urnum's %n differs from the plain loop in the Hoon's order",
                T::NAME
            );
        }
        modes.push(gf(n, t));
    }
    let (tm, _) = best(|| {
        let mut c = vec![T::default(); n * n];
        T::mm(n, &a, &b, &mut c);
        c
    });
    let (tp, _) = best(|| plain(n, &a, &b));
    row(n, T::NAME, &modes, gf(n, tm), gf(n, tp));
    Ok(())
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
        measure::<f32>(n)?;
        measure::<f64>(n)?;
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
