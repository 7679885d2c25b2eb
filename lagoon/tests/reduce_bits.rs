//! Bit table of the whole-array reductions: the fold orders and quirks of
//! lagoon.hoon@aa6f2a6 (its `reel` fold orders), one row per fact.

mod support;

use lagoon::reduce;
use lagoon::*;
use support::*;

fn head(r: &Ray) -> u128 {
    r.get(0).low_u128()
}

const LA: Door = Door::la();

#[test]
fn cumsum_is_a_right_fold() {
    // [1, 2^−24, 2^−24]: right fold 1 + (2^−24 + 2^−24) = 0x3f80_0001 in %n and %z
    // (a left fold, like SoftBLAS ?dot, gives 0x3f80_0000).
    let v = f32s(&[3], &[0x3f80_0000, 0x3380_0000, 0x3380_0000]);
    for r in [Round::N, Round::Z] {
        assert_eq!(
            head(&reduce::cumsum(&Door::lake(r), &v).unwrap()),
            0x3f80_0001
        );
    }
    // The seed is +0: a sum of −0 terms is +0 (except under %d).
    let z = ray(&[2], 5, Kind::I754, &[0x8000_0000, 0x8000_0000]);
    assert_eq!(head(&reduce::cumsum(&LA, &z).unwrap()), 0);
    assert_eq!(
        head(&reduce::cumsum(&Door::lake(Round::D), &z).unwrap()),
        0x8000_0000
    );
    // Boxed at the input rank: rank 2 gives ~[1 1].
    let m = ray(&[1, 2], 4, Kind::Uint, &[0xffff, 2]);
    let s = reduce::cumsum(&LA, &m).unwrap();
    assert_eq!((s.meta.shape.clone(), head(&s)), (vec![1, 1], 1));
    // An empty ray sums to 0 without building the gate (no bloq check).
    let e = ray(&[0], 3, Kind::I754, &[]);
    assert_eq!(reduce::cumsum(&LA, &e).unwrap().data, Atom::from_u64(0x100));
    // posit8 goes through the quire: 0.25 + 3 = 3.25 (0x4d: 0 10 01 101).
    let p = ray(&[2], 3, Kind::Unum, &[0x30, 0x4c]);
    assert_eq!(head(&reduce::cumsum(&LA, &p).unwrap()), 0x4d);
}

#[test]
fn prod_seeds_with_the_atom_one() {
    // %i754: the seed is the least subnormal, so prod [2.0] is 2·2^−149 = 0x2.
    let v = ray(&[1], 5, Kind::I754, &[0x4000_0000]);
    assert_eq!(head(&reduce::prod(&LA, &v).unwrap()), 0x2);
    // %uint 1..16 at bloq 6 (lagoon-unsigned.hoon).
    let vals: Vec<u128> = (1..=16).collect();
    let u = ray(&[16], 6, Kind::Uint, &vals);
    assert_eq!(head(&reduce::prod(&LA, &u).unwrap()), 0x1307_7775_8000);
}

#[test]
fn max_min_arg_quirks() {
    // max [−1 −0 +0] is +0 (the highest-index maximal element); argmax is 2.
    let z = ray(&[3], 5, Kind::I754, &[0xbf80_0000, 0x8000_0000, 0]);
    assert_eq!(head(&reduce::max(&LA, &z).unwrap()), 0);
    assert_eq!(reduce::argmax(&LA, &z).unwrap(), 2);
    // A NaN head is sticky; an interior NaN is skipped (jet-parity).
    let h = f32s(&[4], &[0x7fc0_0000, 0x3f80_0000, 0x4040_0000, 0xc0a0_0000]);
    assert_eq!(head(&reduce::max(&LA, &h).unwrap()), 0x7fc0_0000);
    assert_eq!(reduce::argmax(&LA, &h).unwrap(), 0);
    let i = f32s(&[4], &[0x3f80_0000, 0x7fc0_0000, 0x4040_0000, 0xc0a0_0000]);
    assert_eq!(reduce::argmax(&LA, &i).unwrap(), 2);
    // any/all read bits: a maximum of −0.0 is true.
    let n = ray(&[2], 5, Kind::I754, &[0x8000_0000, 0xbf80_0000]);
    assert!(reduce::any(&LA, &n).unwrap());
    // %cplx has no order; an empty ray has no head; rank 3 has too few indices for ~[0 0].
    let c = ray(&[1], 6, Kind::Cplx, &[0x3f80_0000]);
    assert!(reduce::max(&LA, &c).is_err());
    assert!(reduce::min(&LA, &ray(&[0], 5, Kind::I754, &[])).is_err());
    let r3 = ray(&[1, 1, 2], 3, Kind::Uint, &[1, 2]);
    assert_eq!(reduce::argmax(&LA, &r3), Err(LagoonError::TooFewIndices));
}
