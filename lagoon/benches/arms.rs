//! Benchmarks (divan) of Lagoon's `%i754` arms on binary32 rays, each with
//! the fast executor (the bits path) and the reference executor
//! (the door's `softblas::Policy`), in `%n` and `%z`, and a naive native `f32`
//! loop of the same shape and order (no FMA) as the hardware yardstick.
//! Quote ratios between entries of one run (`fast / reference`,
//! `fast / native`), never bare times; `urnum bench` prints them directly.
//!
//! Run: `cargo bench -p urnum-lagoon --bench arms` (add `-- mmul` to filter).
//! `/lib/math` `exp`/`sin` are benchmarked by `urnum bench` (they live in saloon).
#![allow(missing_docs, clippy::float_arithmetic)]

use divan::{black_box, Bencher};
use lagoon::axis::{distances, reductions};
use lagoon::{elementwise, linalg, reduce, Atom, Door, Kind, Meta, Ray, Round};
use softblas::Policy;

fn main() {
    divan::main();
}

/// Elements of the elementwise and fold benches.
const N: usize = 1_000_000;
/// Side of the `+sum-dim` matrix.
const SUM_DIM: usize = 1000;
/// Rows and width of the `+cdist-sq` operands.
const CDIST: (usize, usize) = (100, 32);

/// Executor × mode, as divan arguments.
const CASES: [(&str, Round); 4] = [
    ("fast-n", Round::N),
    ("fast-z", Round::Z),
    ("reference-n", Round::N),
    ("reference-z", Round::Z),
];

fn names() -> Vec<&'static str> {
    CASES.iter().map(|c| c.0).collect()
}

/// Deterministic binary32 values in [1, 2) and (−2, −1], as bits.
fn values(n: usize, salt: u32) -> Vec<u32> {
    (0..n as u32)
        .map(|i| {
            let h = i.wrapping_mul(0x9e37_79b9) ^ salt.wrapping_mul(0x85eb_ca6b);
            0x3f80_0000 | (h & 0x007f_ffff) | (h & 0x8000_0000)
        })
        .collect()
}

fn ray(shape: &[usize], v: &[u32]) -> Ray {
    let meta = Meta::new(shape.iter().map(|&s| s as u64).collect(), 5, Kind::I754);
    let elems: Vec<Atom> = v.iter().map(|&x| Atom::from_u64(u64::from(x))).collect();
    Ray::from_elems(meta, &elems).expect("a well-formed ray")
}

/// Runs `f` under the executor and door of the case named `case`.
fn with_case<T>(b: Bencher, case: &str, f: impl Fn(&Door) -> T + Sync) {
    let (name, r) = CASES.iter().find(|c| c.0 == case).expect("a case");
    let policy = if name.starts_with("fast") {
        Policy::FAST
    } else {
        Policy::REFERENCE
    };
    let door = Door::lake(*r).with_policy(policy);
    b.bench_local(|| f(black_box(&door)));
}

type Arm2 = fn(&Door, &Ray, &Ray) -> Result<Ray, lagoon::LagoonError>;

fn elementwise_bench(b: Bencher, case: &str, arm: Arm2) {
    let (x, y) = (ray(&[N], &values(N, 1)), ray(&[N], &values(N, 2)));
    with_case(b, case, |d| arm(d, &x, &y));
}

#[divan::bench(args = names(), sample_count = 5)]
fn add(b: Bencher, case: &str) {
    elementwise_bench(b, case, elementwise::add);
}

#[divan::bench(args = names(), sample_count = 5)]
fn mul(b: Bencher, case: &str) {
    elementwise_bench(b, case, elementwise::mul);
}

#[divan::bench(args = names(), sample_count = 5)]
fn div(b: Bencher, case: &str) {
    elementwise_bench(b, case, elementwise::div);
}

#[divan::bench(args = names(), sample_count = 5)]
fn cumsum(b: Bencher, case: &str) {
    let x = ray(&[N], &values(N, 3));
    with_case(b, case, |d| reduce::cumsum(d, &x));
}

#[divan::bench(args = names(), sample_count = 5)]
fn dot(b: Bencher, case: &str) {
    elementwise_bench(b, case, linalg::dot);
}

mod mmul {
    use super::*;

    fn run(b: Bencher, case: &str, n: usize) {
        let (x, y) = (
            ray(&[n, n], &values(n * n, 4)),
            ray(&[n, n], &values(n * n, 5)),
        );
        with_case(b, case, |d| linalg::mmul(d, &x, &y));
    }

    #[divan::bench(args = names(), sample_count = 5)]
    fn side_64(b: Bencher, case: &str) {
        run(b, case, 64);
    }

    #[divan::bench(args = names(), sample_count = 5)]
    fn side_128(b: Bencher, case: &str) {
        run(b, case, 128);
    }

    #[divan::bench(args = names(), sample_count = 3)]
    fn side_256(b: Bencher, case: &str) {
        run(b, case, 256);
    }
}

#[divan::bench(args = names(), sample_count = 5)]
fn sum_dim(b: Bencher, case: &str) {
    let x = ray(&[SUM_DIM, SUM_DIM], &values(SUM_DIM * SUM_DIM, 6));
    with_case(b, case, |d| reductions::sum_dim(d, &x, 0));
}

#[divan::bench(args = names(), sample_count = 5)]
fn cdist_sq(b: Bencher, case: &str) {
    let (m, w) = CDIST;
    let (x, y) = (
        ray(&[m, w], &values(m * w, 7)),
        ray(&[m, w], &values(m * w, 8)),
    );
    with_case(b, case, |d| distances::cdist_sq(d, &x, &y));
}

/// The hardware yardstick: naive host-float loops, no FMA, the arms' orders.
mod native {
    use super::*;

    fn floats(v: &[u32]) -> Vec<f32> {
        v.iter().map(|&x| f32::from_bits(x)).collect()
    }

    #[divan::bench(sample_count = 20)]
    fn add(b: Bencher) {
        let (x, y) = (floats(&values(N, 1)), floats(&values(N, 2)));
        b.bench_local(|| {
            black_box(&x)
                .iter()
                .zip(black_box(&y))
                .map(|(a, c)| a + c)
                .collect::<Vec<f32>>()
        });
    }

    /// `+cumsum`'s right fold from +0.
    #[divan::bench(sample_count = 20)]
    fn cumsum(b: Bencher) {
        let x = floats(&values(N, 3));
        b.bench_local(|| black_box(&x).iter().rev().fold(0.0f32, |acc, v| v + acc));
    }

    /// `+mmul` 256²: per cell a left fold over k from +0.
    #[divan::bench(sample_count = 5)]
    fn mmul_256(b: Bencher) {
        let n = 256;
        let (x, y) = (floats(&values(n * n, 4)), floats(&values(n * n, 5)));
        b.bench_local(|| {
            let mut c = vec![0.0f32; n * n];
            for i in 0..n {
                for k in 0..n {
                    let a = x[i * n + k];
                    for j in 0..n {
                        c[i * n + j] += a * y[k * n + j];
                    }
                }
            }
            black_box(c)
        });
    }
}
