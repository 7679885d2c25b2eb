//! A timing note for `+eig` (not a benchmark; Criterion is not in the
//! workspace): `cargo test -p urnum-saloon --release --test eig_timing -- --ignored --nocapture`.

use lagoon::{Meta, Ray};
use saloon::Sa;
use softblas::{Atom, Kind, Round};
use std::time::Instant;

/// The symmetric `n × n` `@rd` matrix `a_ij = 1/(1 + |i − j|) + [i = j]·n`.
fn matrix(n: u64) -> Ray {
    let elems: Vec<Atom> = (0..n * n)
        .map(|k| {
            let (i, j) = (k / n, k % n);
            let d = i.abs_diff(j) as f64;
            let x = 1.0 / (1.0 + d) + if i == j { n as f64 } else { 0.0 };
            Atom::from_u64(x.to_bits())
        })
        .collect();
    Ray::from_elems(Meta::new(vec![n, n], 6, Kind::I754), &elems).unwrap()
}

#[test]
#[ignore]
fn eig_timing() {
    let sa = Sa::sake(Round::N, Atom::from_u64(0x3d71_9799_812d_ea11));
    for n in [4u64, 8, 16, 32] {
        let a = matrix(n);
        let t = Instant::now();
        let (vals, _) = saloon::eig(&sa, &a).unwrap();
        let dt = t.elapsed();
        assert_eq!(vals.meta.shape, vec![n]);
        println!("eig @rd n = {n:2}: {dt:?}");
    }
}
