//! Bit tables for Saloon's scalar helpers and the doc-comment examples of
//! `saloon.hoon@424a2bf` (each row says what it pins).

use lagoon::{Meta, Ray};
use saloon::fl::Fl;
use saloon::{qr, solvers, svd, Sa};
use softblas::{Atom, Kind, Round};

const ONE: u128 = 0x3ff0_0000_0000_0000;
const TWO: u128 = 0x4000_0000_0000_0000;

fn rd(shape: Vec<u64>, xs: &[u64]) -> Ray {
    let e: Vec<Atom> = xs.iter().map(|&x| Atom::from_u64(x)).collect();
    Ray::from_elems(Meta::new(shape, 6, Kind::I754), &e).unwrap()
}

fn elems(r: &Ray) -> Vec<u128> {
    (0..r.meta.elems().unwrap())
        .map(|i| r.get_u128(i))
        .collect()
}

fn sad() -> Sa {
    Sa::sake(Round::N, Atom::from_u64(0x3d71_9799_812d_ea11)) // (sake %n .~1e-12)
}

#[test]
fn fsqt_and_friends() {
    let f = Fl::new(softblas::Policy::FAST.exec, 6, Round::N);
    // Newton converges to the exact root of a square.
    assert_eq!(f.sqt(0x4010_0000_0000_0000), TWO);
    // x <= 0 gives +0, not NaN: sqrt(-1) = 0, sqrt(-0) = +0.
    assert_eq!(f.sqt(0xbff0_0000_0000_0000), 0);
    assert_eq!(f.sqt(0x8000_0000_0000_0000), 0);
    // NaN never converges: 50 steps, then the canonical NaN.
    assert_eq!(f.sqt(0x7ff0_0000_0000_0001), 0x7ff8_0000_0000_0000);
    // sign(NaN) is -1 (the >= test fails); neg(+0) is -0 only under %d.
    assert_eq!(f.sign(0x7ff8_0000_0000_0000), 0xbff0_0000_0000_0000);
    assert_eq!(
        Fl::new(softblas::Policy::FAST.exec, 6, Round::D).neg(0),
        0x8000_0000_0000_0000
    );
    assert_eq!(f.neg(0), 0);
    // Bloqs other than 4, 5, 6 use the @rq door: bloq 3 and 8 are quad.
    assert_eq!(
        Fl::new(softblas::Policy::FAST.exec, 3, Round::N).one(),
        0x3fff_0000_0000_0000_0000_0000_0000_0000
    );
    assert_eq!(
        Fl::new(softblas::Policy::FAST.exec, 8, Round::N).two(),
        0x4000_0000_0000_0000_0000_0000_0000_0000
    );
}

#[test]
fn doc_examples() {
    let s = sad();
    // +eig of [[2 1] [1 2]]: the doc comment says ~[.~1 .~2.9999999999999996], but the
    // arm's own steps give one rotation with fsqt(2) = 0x3ff6_a09e_667f_3bcc (Newton stops
    // one ulp low), c = s = 0.7071067811865476, then 2c² = 1.0000000000000002 and
    // 6c² = 3.0000000000000004 (checked by a separate f64 replay of the Hoon steps).
    let a = rd(
        vec![2, 2],
        &[TWO as u64, ONE as u64, ONE as u64, TWO as u64],
    );
    assert_eq!(
        elems(&saloon::eigvals(&s, &a).unwrap()),
        vec![0x3ff0_0000_0000_0001, 0x4008_0000_0000_0001]
    );
    // +chol of [[4 2] [2 5]] is [[2 0] [1 2]]; +chol-solve with [10 9] is [2 1].
    let a = rd(
        vec![2, 2],
        &[0x4010 << 48, TWO as u64, TWO as u64, 0x4014 << 48],
    );
    assert_eq!(
        elems(&solvers::chol(&s, &a).unwrap()),
        vec![TWO, 0, ONE, TWO]
    );
    let v = rd(vec![2], &[0x4024 << 48, 0x4022 << 48]);
    assert_eq!(
        elems(&solvers::chol_solve(&s, &a, &v).unwrap()),
        vec![TWO, ONE]
    );
    // +cg 20 iterations: ~[.~2 .~1.0000000000000004].
    let x = solvers::cg(&s, &a, &v, &Atom::from_u64(20)).unwrap().x;
    assert_eq!(elems(&x), vec![TWO, 0x3ff0_0000_0000_0002]);
    // +svd of [[3 0] [0 4]]: s = ~[.~4 .~3], sorted descending.
    let a = rd(vec![2, 2], &[0x4008 << 48, 0, 0, 0x4010 << 48]);
    assert_eq!(
        elems(&svd::svd_vals(&s, &a).unwrap()),
        vec![0x4010 << 48, 0x4008 << 48]
    );
    // +qr of 2·I: R = -2·I (LAPACK signs), subdiagonal exactly +0.
    let a = rd(vec![2, 2], &[TWO as u64, 0, 0, TWO as u64]);
    let (_, r) = qr::qr(&s, &a).unwrap();
    assert_eq!(
        elems(&r),
        vec![0xc000 << 112 >> 64, 0, 0, 0xc000 << 112 >> 64]
    );
    // +lstsq of [[2 0] [0 2] [0 0]] and [4 6 1]: ~[.~2 .~3] (the third row is unreachable).
    let a = rd(vec![3, 2], &[TWO as u64, 0, 0, TWO as u64, 0, 0]);
    let v = rd(vec![3], &[0x4010 << 48, 0x4018 << 48, ONE as u64]);
    assert_eq!(
        elems(&qr::lstsq(&s, &a, &v).unwrap()),
        vec![TWO, 0x4008 << 48]
    );
}

#[test]
fn quirks() {
    let s = Sa::bare();
    // A -0 pivot is rotated, not skipped (only the bits of +0 skip): theta = 0/(2·-0) is NaN.
    let a = rd(
        vec![2, 2],
        &[
            ONE as u64,
            0x8000_0000_0000_0000,
            0x8000_0000_0000_0000,
            ONE as u64,
        ],
    );
    let vals = saloon::eigvals(&s, &a).unwrap();
    assert_eq!(
        elems(&vals),
        vec![ONE, ONE],
        "off-norm of ±0 is 0, so no sweep runs"
    );
    // Bare sa's rtol 0x1 is replaced by feps in +eig: a 2x2 converges.
    let a = rd(
        vec![2, 2],
        &[TWO as u64, ONE as u64, ONE as u64, TWO as u64],
    );
    assert!(saloon::eig(&s, &a).is_ok());
    // An asymmetric matrix crashes; so does a tolerance wider than the component.
    let b = rd(
        vec![2, 2],
        &[TWO as u64, ONE as u64, TWO as u64, TWO as u64],
    );
    assert!(matches!(
        saloon::eig(&s, &b),
        Err(saloon::SaloonError::Crash { .. })
    ));
    let a5 = Ray::from_elems(
        Meta::new(vec![2, 2], 5, Kind::I754),
        &[0x4000_0000u64, 0x3f80_0000, 0x3f80_0000, 0x4000_0000].map(Atom::from_u64),
    )
    .unwrap();
    assert!(matches!(
        saloon::eig(&sad(), &a5),
        Err(saloon::SaloonError::Crash { .. })
    ));
    // chol-unit reports a non-positive-definite matrix as ~ rather than crashing.
    let a = rd(
        vec![2, 2],
        &[ONE as u64, TWO as u64, TWO as u64, ONE as u64],
    );
    assert_eq!(solvers::chol_unit(&s, &a).unwrap(), None);
}
