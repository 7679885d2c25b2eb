//! Bit tables for the linear-algebra and structure arms of `lagoon.hoon@aa6f2a6`
//! (`lagoon.hoon@aa6f2a6`); the comment on each row says what it pins.

mod support;

use lagoon::linalg::{dot, dotc, mmul, mpow_n};
use lagoon::structure::{diag, hstack, stack, trace, vstack};
use lagoon::*;
use support::*;

#[test]
fn dot_folds_right_from_zero() {
    // [1, 2^-24, 2^-24]·[1 1 1]: the right fold keeps the two halves together
    // (0x3f80.0001 under %n and %z), where SoftBLAS's left-fold sdot gives 0x3f80.0000.
    let a = f32s(&[3], &[0x3f80_0000, 0x3380_0000, 0x3380_0000]);
    let ones3 = ray(&[3], 5, Kind::I754, &[0x3f80_0000; 3]);
    for r in [Round::N, Round::Z] {
        assert_eq!(
            elems(&dot(&Door::lake(r), &a, &ones3).unwrap()),
            vec![0x3f80_0001]
        );
    }
}

#[test]
fn dot_exact_kinds() {
    // posit8 quire dot [0.25 3]·[5 7] = 22.25 -> 0x62 (24), not the per-step 0x61.
    let a = ray(&[2], 3, Kind::Unum, &[0x30, 0x4c]);
    let b = ray(&[2], 3, Kind::Unum, &[0x52, 0x56]);
    assert_eq!(elems(&dot(&Door::la(), &a, &b).unwrap()), vec![0x62]);
    // cplx dot and dotc: (1+2i, 3+4i)·(5+6i, 7+8i) = -18+68i; dotc = 70-8i.
    let x = ray(
        &[2],
        6,
        Kind::Cplx,
        &[0x4000_0000_3f80_0000, 0x4080_0000_4040_0000],
    );
    let y = ray(
        &[2],
        6,
        Kind::Cplx,
        &[0x40c0_0000_40a0_0000, 0x4100_0000_40e0_0000],
    );
    let n = Door::lake(Round::N);
    assert_eq!(
        elems(&dot(&n, &x, &y).unwrap()),
        vec![0x4288_0000_c190_0000]
    );
    assert_eq!(
        elems(&dotc(&n, &x, &y).unwrap()),
        vec![0xc100_0000_428c_0000]
    );
    // unequal shapes crash.
    assert!(dot(&n, &x, &ray(&[1, 2], 6, Kind::Cplx, &[0, 0])).is_err());
}

#[test]
fn mmul_quirks() {
    let la = Door::la();
    // uint 2x3 · 3x2 = [[14 32] [32 77]] (jet-parity a·aᵀ).
    let a = ray(&[2, 3], 4, Kind::Uint, &[1, 2, 3, 4, 5, 6]);
    let at = ray(&[3, 2], 4, Kind::Uint, &[1, 4, 2, 5, 3, 6]);
    assert_eq!(elems(&mmul(&la, &a, &at).unwrap()), vec![14, 32, 32, 77]);
    // inner dimension 0: every cell is +0 and no scalar op runs, even at a bad bloq.
    let e = ray(&[2, 0], 3, Kind::I754, &[]);
    let f = ray(&[0, 2], 3, Kind::I754, &[]);
    let z = mmul(&la, &e, &f).unwrap();
    assert_eq!(z.meta, Meta::new(vec![2, 2], 3, Kind::I754));
    assert_eq!(elems(&z), vec![0; 4]);
    // mismatched inner dimensions crash.
    assert!(mmul(&la, &a, &a).is_err());
}

#[test]
fn mpow_n_quirks() {
    let la = Door::la();
    let a = ray(&[2, 2], 4, Kind::Uint, &[1, 1, 1, 0]);
    // n = 0 is ones, not the identity.
    assert_eq!(elems(&mpow_n(&la, &a, 0).unwrap()), vec![1; 4]);
    // Fibonacci: A^5 = [[8 5] [5 3]].
    assert_eq!(elems(&mpow_n(&la, &a, 5).unwrap()), vec![8, 5, 5, 3]);
    // n = 1 returns a unchecked: a ray with a missing pin comes back as it is.
    let broken = Ray::new(a.meta.clone(), Atom::from_u64(7));
    assert_eq!(mpow_n(&la, &broken, 1).unwrap(), broken);
}

#[test]
fn diag_and_trace() {
    // natural order (H-axis), meta [~[n 1] bloq kind tail].
    let a = ray(&[3, 3], 4, Kind::Uint, &[1, 0, 0, 0, 2, 0, 0, 0, 3]);
    let d = diag(&a).unwrap();
    assert_eq!(d.meta.shape, vec![3, 1]);
    assert_eq!(elems(&d), vec![1, 2, 3]);
    // trace = 6 (the J-vere jet gives the sum of squares, 14), boxed [1 1].
    let t = trace(&Door::la(), &a).unwrap();
    assert_eq!((t.meta.shape.clone(), elems(&t)), (vec![1, 1], vec![6]));
    // non-square crashes.
    assert!(diag(&ray(&[2, 3], 4, Kind::Uint, &[0; 6])).is_err());
}

#[test]
fn stack_puts_b_first() {
    let a = ray(&[2, 2], 4, Kind::Uint, &[1, 2, 3, 4]);
    let b = ray(&[2, 2], 4, Kind::Uint, &[5, 6, 7, 8]);
    // vstack: b's elements below a's in the data atom, so b's rows come first.
    let v = vstack(&a, &b).unwrap();
    assert_eq!(v.meta.shape, vec![4, 2]);
    assert_eq!(check(&v), Ok(true));
    assert_eq!(elems(&v), vec![5, 6, 7, 8, 1, 2, 3, 4]);
    // hstack: per row, b's row then a's row.
    let h = hstack(&a, &b).unwrap();
    assert_eq!(h.meta.shape, vec![2, 4]);
    assert_eq!(elems(&h), vec![5, 6, 1, 2, 7, 8, 3, 4]);
    // dim 0 with unequal counts: elements overlap and the pin lands inside the data.
    let c = ray(&[1, 2], 4, Kind::Uint, &[9, 9]);
    let odd = stack(&a, &c, 0).unwrap();
    assert_eq!(odd.meta.shape, vec![3, 2]);
    assert_eq!(check(&odd), Ok(false));
    // dim 2 crashes.
    assert!(stack(&a, &b, 2).is_err());
}
