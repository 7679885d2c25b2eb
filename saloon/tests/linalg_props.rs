//! Property tests of `+eig` and `+qr` on random `@rd` matrices: the
//! decompositions hold within the Hoon's tolerance, and a second run gives
//! the same bits. The residuals are measured in host `f64` (test oracle only).

use lagoon::{Meta, Ray};
use proptest::prelude::*;
use saloon::{qr::qr, Sa};
use softblas::{Atom, Kind, Round};

fn sake() -> Sa {
    // (sake %n .~1e-12)
    Sa::sake(Round::N, Atom::from_u64(0x3d71_9799_812d_ea11))
}

fn ray(shape: Vec<u64>, xs: &[f64]) -> Ray {
    let elems: Vec<Atom> = xs.iter().map(|x| Atom::from_u64(x.to_bits())).collect();
    Ray::from_elems(Meta::new(shape, 6, Kind::I754), &elems).unwrap()
}

fn vals(r: &Ray) -> Vec<f64> {
    let n = r.meta.elems().unwrap();
    (0..n)
        .map(|i| f64::from_bits(r.get_u128(i) as u64))
        .collect()
}

/// A symmetric n × n matrix from n(n+1)/2 entries in thousandths.
fn symmetric(n: usize, tri: &[i32]) -> Vec<f64> {
    let mut a = vec![0.0; n * n];
    let mut k = 0;
    for i in 0..n {
        for j in 0..=i {
            let x = f64::from(tri[k]) / 1000.0;
            a[i * n + j] = x;
            a[j * n + i] = x;
            k += 1;
        }
    }
    a
}

fn frob(a: &[f64]) -> f64 {
    a.iter().map(|x| x * x).sum::<f64>().sqrt()
}

proptest! {
    #[test]
    fn eig_gives_eigenpairs_and_is_deterministic(
        n in 1usize..7,
        tri in proptest::collection::vec(-10_000i32..10_000, 21),
    ) {
        let a = symmetric(n, &tri);
        let m = ray(vec![n as u64, n as u64], &a);
        let (l, v) = saloon::eig(&sake(), &m).unwrap();
        let (l2, v2) = saloon::eig(&sake(), &m).unwrap();
        prop_assert_eq!(&l, &l2);
        prop_assert_eq!(&v, &v2);
        let (lam, vec) = (vals(&l), vals(&v));
        let scale = frob(&a) + 1.0;
        for j in 0..n {
            for i in 0..n {
                let av: f64 = (0..n).map(|k| a[i * n + k] * vec[k * n + j]).sum();
                prop_assert!((av - lam[j] * vec[i * n + j]).abs() <= 1e-9 * scale,
                    "A v != lambda v at ({}, {})", i, j);
            }
            for k in 0..n {
                let dot: f64 = (0..n).map(|i| vec[i * n + j] * vec[i * n + k]).sum();
                let want = if j == k { 1.0 } else { 0.0 };
                prop_assert!((dot - want).abs() <= 1e-10, "V not orthonormal");
            }
        }
    }

    #[test]
    fn qr_gives_orthonormal_q_and_upper_r(
        rows in 1usize..7,
        extra in 0usize..3,
        xs in proptest::collection::vec(-10_000i32..10_000, 36),
    ) {
        let cols = rows.saturating_sub(extra).max(1);
        let a: Vec<f64> = xs[..rows * cols].iter().map(|&x| f64::from(x) / 1000.0).collect();
        let (q, r) = qr(&sake(), &ray(vec![rows as u64, cols as u64], &a)).unwrap();
        let (q, r) = (vals(&q), vals(&r));
        let scale = frob(&a) + 1.0;
        for i in 0..cols {
            for j in 0..i {
                prop_assert_eq!(r[i * cols + j].to_bits(), 0u64, "R has a nonzero below its diagonal");
            }
        }
        for i in 0..rows {
            for j in 0..cols {
                let qr: f64 = (0..cols).map(|k| q[i * cols + k] * r[k * cols + j]).sum();
                prop_assert!((qr - a[i * cols + j]).abs() <= 1e-12 * scale, "QR != A");
            }
        }
        // Columns of Q are orthonormal (a zero column of A leaves its reflector out,
        // so that column of Q is still a unit vector of the identity).
        for j in 0..cols {
            for k in 0..cols {
                let dot: f64 = (0..rows).map(|i| q[i * cols + j] * q[i * cols + k]).sum();
                let want = if j == k { 1.0 } else { 0.0 };
                prop_assert!((dot - want).abs() <= 1e-12, "Q not orthonormal");
            }
        }
    }
}
