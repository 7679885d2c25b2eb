//! Work bounds are the caller's choice (issue 39): the façade's doors run
//! least-squares solves and eigendecompositions past the jets' bounds, and a
//! door given the jets' bounds refuses them before the work.

use urnum::prelude::*;
use urnum::saloon::Limits;

/// A symmetric `n × n` `@rd` matrix with a dominant diagonal.
fn symmetric(n: usize) -> Ray {
    let mut v = vec![0.0f64; n * n];
    for i in 0..n {
        for j in 0..n {
            v[i * n + j] = if i == j {
                n as f64 + i as f64
            } else {
                1.0 / (1.0 + (i + j) as f64)
            };
        }
    }
    Ray::from_f64s(&v, &[n, n]).unwrap()
}

/// `a·x` for a known `x`, solved back by `lstsq`.
fn lstsq_recovers(n: usize, door: &Door) {
    let a = symmetric(n);
    let x: Vec<f64> = (0..n).map(|i| 1.0 + (i % 7) as f64).collect();
    let xs = Ray::from_f64s(&x, &[n]).unwrap();
    let v = door.matvec(&a, &xs).unwrap();
    let got = door.lstsq(&a, &v).unwrap().to_f64s().unwrap();
    for (g, w) in got.iter().zip(&x) {
        assert!((g - w).abs() < 1e-9 * w.abs().max(1.0), "{g} vs {w}");
    }
}

fn eigvals_sum_to_the_trace(n: usize, door: &Door) {
    let a = symmetric(n);
    let vals = door.eigvals(&a).unwrap().to_f64s().unwrap();
    let trace: f64 = (0..n).map(|i| n as f64 + i as f64).sum();
    let sum: f64 = vals.iter().sum();
    assert!((sum - trace).abs() < 1e-8 * trace, "{sum} vs {trace}");
}

#[test]
fn the_jets_bounds_refuse_before_the_work() {
    let jet = Door::new(Round::N).with_limits(Limits::JET);
    let a = symmetric(300);
    let v = Ray::from_f64s(&[1.0; 300], &[300]).unwrap();
    let e = jet.lstsq(&a, &v).unwrap_err();
    assert!(e.is_unsupported(), "{e}");
    assert!(e.to_string().contains("300 × 300"), "{e}");
    // One eig sweep of a 1000 × 1000 matrix is over the jets' bound: refused
    // before any rotation.
    let big = Ray::from_f64s(&vec![0.5; 1000 * 1000], &[1000, 1000]).unwrap();
    let t = std::time::Instant::now();
    let e = jet.eigvals(&big).unwrap_err();
    assert!(e.is_unsupported() && t.elapsed().as_secs() < 30, "{e}");
}

#[test]
fn the_facade_runs_past_the_jets_bounds() {
    // 300 × 300 (the case) and 128 × 128: over the jets' bounds.
    let door = Door::new(Round::N);
    lstsq_recovers(300, &door);
    eigvals_sum_to_the_trace(128, &door);
}

/// The acceptance sizes: `cargo test --release -p urnum --test limits -- --ignored`.
#[test]
#[ignore = "a 500 × 500 lstsq and a 200 × 200 eigvals: 35 s in the test profile (AMD EPYC, 2 cores shared)"]
fn the_facade_solves_500_and_200() {
    let door = Door::new(Round::N);
    lstsq_recovers(500, &door);
    eigvals_sum_to_the_trace(200, &door);
}
