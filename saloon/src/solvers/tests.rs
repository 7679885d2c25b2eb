//! Tests of the solvers on small rays.

use super::iterative::{cg_loop, Jump};
use super::*;
use crate::door::Sa;
use crate::error::SaloonError;
use lagoon::{Meta, Ray};
use softblas::{Atom, Kind};
use softblas::{DoorRound, Round};

fn rd(shape: Vec<u64>, xs: &[u64]) -> Ray {
    let e: Vec<Atom> = xs.iter().map(|&x| Atom::from_u64(x)).collect();
    Ray::from_elems(Meta::new(shape, 6, Kind::I754), &e).unwrap()
}

const ONE: u64 = 0x3ff0_0000_0000_0000;
const NAN: u64 = 0x7ff8_0000_0000_0000;
const INF: u64 = 0x7ff0_0000_0000_0000;

/// Systems whose iteration reaches a fixed point (NaN or ∞ data), one
/// that converges, and one that stops on `pap = +0`.
fn systems() -> Vec<(Ray, Ray)> {
    let eye = rd(vec![2, 2], &[ONE, 0, 0, ONE]);
    let spd = rd(vec![2, 2], &[0x4010 << 48, 1 << 62, 1 << 62, 0x4014 << 48]);
    vec![
        (eye.clone(), rd(vec![2], &[NAN, ONE])),
        (spd.clone(), rd(vec![2], &[INF, ONE])),
        (rd(vec![2, 2], &[NAN, 0, 0, ONE]), rd(vec![2], &[ONE, ONE])),
        (spd, rd(vec![2], &[0x4024 << 48, 0x4022 << 48])),
        (rd(vec![2, 2], &[0, 0, 0, 0]), rd(vec![2], &[ONE, ONE])),
    ]
}

/// The jump at a fixed point gives the literal loop's result, for every
/// `maxit` up to past the point where the state stops changing.
#[test]
fn fixed_point_jumps_match_the_literal_loop() {
    let mut jumped = 0;
    for r in Round::HOON {
        let sa = Sa::sake(r, Atom::from_u64(0x3d71_9799_812d_ea11));
        for (a, v) in systems() {
            for maxit in [0u64, 1, 2, 3, 5, 40, 300] {
                let m = Atom::from_u64(maxit);
                for (fast, slow) in [
                    (
                        cg(&sa, &a, &v, &m),
                        cg_loop(&sa, &a, &v, &m, Jump::Never, false),
                    ),
                    (
                        pcg(&sa, &a, &v, &m),
                        cg_loop(&sa, &a, &v, &m, Jump::Never, true),
                    ),
                ] {
                    assert_eq!(fast, slow, "%{r:?} maxit {maxit}");
                    jumped += usize::from(fast.as_ref().is_ok_and(|s| s.iter == 300));
                }
            }
        }
    }
    assert!(jumped > 0, "no case reached maxit");
}

/// A stuck state with `maxit` past [`CG_LIMIT`] returns at once with
/// `iter = maxit`; without a `maxit` below 2^64 it stays unsupported.
#[test]
fn stuck_states_do_not_run_to_the_limit() {
    let sa = Sa::sake(Round::N, Atom::from_u64(0x3d71_9799_812d_ea11));
    let (a, v) = systems().swap_remove(0);
    let big = Atom::from_u64(1 << 40);
    assert_eq!(cg(&sa, &a, &v, &big).map(|s| s.iter), Ok(1 << 40));
    assert_eq!(pcg(&sa, &a, &v, &big).map(|s| s.iter), Ok(1 << 40));
    let huge = Atom::from_le_bytes(&[0xff; 9]);
    assert!(matches!(
        cg(&sa, &a, &v, &huge),
        Err(SaloonError::Unsupported(_))
    ));
}
