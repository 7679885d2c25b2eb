//! Bit tables for the axis-wise arms of `lagoon.hoon@aa6f2a6`: the pinned
//! oracles of the axis-wise section and each Hoon quirk the port reproduces
//! (the comment on each row says what it pins).

mod support;

use lagoon::axis::{self, NormOrd, SortDir};
use lagoon::*;
use support::*;

const ONE: u128 = 0x3f80_0000;
const NAN: u128 = 0x7fc0_0000;
const NEG0: u128 = 0x8000_0000;

#[test]
fn sum_dim_folds_left() {
    // lagoon-axis-rounding v32 = [1, 2^-24, 2^-24]: a left fold loses both
    // halves under %n/%z/%d (a right fold would give 0x3f80.0001), %u rounds up twice.
    let v32 = f32s(&[3], &[ONE, 0x3380_0000, 0x3380_0000]);
    for (r, want) in [
        (Round::N, 0x3f80_0000),
        (Round::Z, 0x3f80_0000),
        (Round::D, 0x3f80_0000),
        (Round::U, 0x3f80_0002),
    ] {
        assert_eq!(
            elems(&axis::sum_dim(&Door::lake(r), &v32, 0).unwrap()),
            vec![want],
            "{r}"
        );
    }
    // mean is the same left fold divided once: (1 + 2^-24 + 2^-24)/3 in %n from the left sum 1.0.
    let m = axis::mean(&Door::lake(Round::N), &v32).unwrap();
    assert_eq!(elems(&m), vec![0x3eaa_aaab]);
}

/// An axis-wise arm of a ray and a dimension.
type AxisArm = fn(&Door, &Ray, u64) -> Result<Ray, LagoonError>;

/// The elements of the axis-wise arm `f` of `a` along dimension 0 at `la`.
fn along_0(f: AxisArm, a: &Ray) -> Vec<u128> {
    elems(&f(&Door::la(), a, 0).unwrap())
}

#[test]
fn extreme_dims_take_the_later_tie_and_nan() {
    // (input, max-dim, min-dim): ties and NaN as the step gth(acc, y) ? acc : y gives them.
    let rows: [([u128; 2], u128, u128); 4] = [
        // +0 vs -0 compare equal: the later element wins both ways.
        ([0, NEG0], NEG0, NEG0),
        ([NEG0, 0], 0, 0),
        // a NaN accumulator is replaced by the next element.
        ([NAN, ONE], ONE, ONE),
        // a NaN element is taken (comparisons with NaN are false).
        ([ONE, NAN], NAN, NAN),
    ];
    for (v, mx, mn) in rows {
        let a = f32s(&[2], &v);
        assert_eq!(along_0(axis::max_dim, &a), vec![mx], "max {v:x?}");
        assert_eq!(along_0(axis::min_dim, &a), vec![mn], "min {v:x?}");
    }
}

#[test]
fn arg_dims_keep_the_first_strict_extremum() {
    let la = Door::la();
    let rows: [(&[u128], u128, u128); 4] = [
        // a NaN head sticks at index 0.
        (&[NAN, ONE, 0x4040_0000], 0, 0),
        // an interior NaN is skipped.
        (&[ONE, NAN, 0x4040_0000], 2, 0),
        // ties keep the first index, including -0 vs +0.
        (&[ONE, ONE], 0, 0),
        (&[NEG0, 0], 0, 0),
    ];
    for (v, amax, amin) in rows {
        let a = f32s(&[v.len() as u64], v);
        let r = axis::argmax_dim(&la, &a, 0).unwrap();
        assert_eq!(r.meta, Meta::new(vec![1], 6, Kind::Uint), "argmax meta");
        assert_eq!(elems(&r), vec![amax], "argmax {v:x?}");
        assert_eq!(along_0(axis::argmin_dim, &a), vec![amin], "argmin {v:x?}");
    }
}

#[test]
fn sort_ranks_stably_both_ways() {
    let la = Door::la();
    // lagoon-sort-dist: argsort [2 1 2] asc [1 0 2], des [0 2 1] (ties by lower index).
    let a = ray(&[3], 4, Kind::Uint, &[2, 1, 2]);
    assert_eq!(
        elems(&axis::argsort_dim(&la, &a, 0, SortDir::Asc).unwrap()),
        vec![1, 0, 2]
    );
    assert_eq!(
        elems(&axis::argsort_dim(&la, &a, 0, SortDir::Des).unwrap()),
        vec![0, 2, 1]
    );
    // argtop [[1 5 3] [9 2 7]] dim 1 k 2 -> [[1 2] [0 2]], shape [2 2] %uint bloq 6.
    let b = ray(&[2, 3], 4, Kind::Uint, &[1, 5, 3, 9, 2, 7]);
    let t = axis::argtop_dim(&la, &b, 1, 2).unwrap();
    assert_eq!(t.meta, Meta::new(vec![2, 2], 6, Kind::Uint));
    assert_eq!(elems(&t), vec![1, 2, 0, 2]);
    // k = 0 and k > len crash.
    assert!(axis::argtop_dim(&la, &b, 1, 0).is_err());
    assert!(axis::argtop_dim(&la, &b, 1, 4).is_err());
}

#[test]
fn sort_with_nan_is_the_hoon_quicksort() {
    // [3 NaN 1] ascending: pivot 3; NaN is neither below nor above 3 and has the
    // higher index, so it goes right; 1 goes left: [1 3 NaN]. [NaN 3 1]: pivot NaN,
    // 3 and 1 compare false both ways, so the lower index decides: both go right
    // (index 1, 2 > 0), giving [NaN 1 3].
    let la = Door::la();
    let rows: [([u128; 3], [u128; 3]); 2] = [
        ([0x4040_0000, NAN, ONE], [ONE, 0x4040_0000, NAN]),
        ([NAN, 0x4040_0000, ONE], [NAN, ONE, 0x4040_0000]),
    ];
    for (v, want) in rows {
        let a = f32s(&[3], &v);
        assert_eq!(
            elems(&axis::sort_dim(&la, &a, 0, SortDir::Asc).unwrap()),
            want.to_vec()
        );
    }
}

#[test]
fn cplx_orders_only_crash_when_compared() {
    let la = Door::la();
    // %cplx @cs 1+2i and 3+4i: one-element slices never call the comparison.
    let c = ray(
        &[2, 1],
        6,
        Kind::Cplx,
        &[0x4000_0000_3f80_0000, 0x4080_0000_4040_0000],
    );
    assert_eq!(elems(&axis::max_dim(&la, &c, 1).unwrap()), elems(&c));
    assert_eq!(elems(&axis::argmax_dim(&la, &c, 1).unwrap()), vec![0, 0]);
    assert!(axis::max_dim(&la, &c, 0).is_err());
    assert!(axis::sort_dim(&la, &c, 0, SortDir::Asc).is_err());
    // sum-dim adds per component: (1+2i) + (3+4i) = 4+6i.
    assert_eq!(
        elems(&axis::sum_dim(&la, &c, 0).unwrap()),
        vec![0x40c0_0000_4080_0000]
    );
}

#[test]
fn norms() {
    let la = Door::lake(Round::N);
    // README example: the %l2 norm of [3 4] is 5.
    let v = f32s(&[2], &[0x4040_0000, 0xc080_0000]);
    let rows = [
        (NormOrd::L2, 0x40a0_0000),
        (NormOrd::Fro, 0x40a0_0000),
        (NormOrd::L1, 0x40e0_0000),
        (NormOrd::Linf, 0x4080_0000),
    ];
    for (ord, want) in rows {
        assert_eq!(
            elems(&axis::norm(&la, &v, ord).unwrap()),
            vec![want],
            "{ord:?}"
        );
    }
    // %l2 needs %i754; %l1 and %linf work on integers.
    let u = ray(&[2, 2], 3, Kind::Uint, &[1, 2, 3, 4]);
    assert!(axis::norm(&la, &u, NormOrd::L2).is_err());
    assert_eq!(
        elems(&axis::norm_dim(&la, &u, 1, NormOrd::L1).unwrap()),
        vec![3, 7]
    );
    assert_eq!(
        elems(&axis::norm_dim(&la, &u, 0, NormOrd::Linf).unwrap()),
        vec![3, 4]
    );
}

#[test]
fn statistics_assertions() {
    let la = Door::la();
    let u = ray(&[2], 3, Kind::Uint, &[1, 2]);
    // mean/var are %i754 only.
    assert!(axis::mean(&la, &u).is_err());
    let v = f32s(&[2], &[ONE, 0x4040_0000]);
    // var needs count > ddof.
    assert!(axis::var(&la, &v, 2).is_err());
    // sample variance of [1 3] = 2, std = sqrt 2 rounded toward zero.
    assert_eq!(elems(&axis::var(&la, &v, 1).unwrap()), vec![0x4000_0000]);
    assert_eq!(elems(&axis::std(&la, &v, 1).unwrap()), vec![0x3fb5_04f3]);
}

#[test]
fn broadcast_and_take() {
    // lagoon-sort-dist: ~[2 1 2] -> ~[2 3 2] of [0 1 4 5].
    let a = ray(&[2, 1, 2], 4, Kind::Uint, &[0, 1, 4, 5]);
    let b = axis::broadcast_to(&a, &[2, 3, 2]).unwrap();
    assert_eq!(elems(&b), vec![0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5]);
    // a dimension that is neither 1 nor the target's crashes; so does a 0 target.
    assert!(axis::broadcast_to(&a, &[2, 3, 3]).is_err());
    assert!(axis::broadcast_to(&a, &[0, 1, 2]).is_err());
    // take-dim: repeats allowed, out of range crashes.
    let x = ray(&[3], 4, Kind::Uint, &[7, 8, 9]);
    let idx = ray(&[4], 4, Kind::Uint, &[2, 2, 0, 1]);
    assert_eq!(
        elems(&axis::take_dim(&x, &idx, 0).unwrap()),
        vec![9, 9, 7, 8]
    );
    let bad = ray(&[1], 4, Kind::Uint, &[3]);
    assert!(axis::take_dim(&x, &bad, 0).is_err());
}

#[test]
fn cdist_sq_direct_differences() {
    // lagoon-axis-rounding: the direct sum gives 0x417b.638f, Gram would give ...6390.
    let a = f32s(&[1, 2], &[0x3fb0_0000, 0x3ff0_0000]);
    let b = f32s(&[1, 2], &[0x40aa_aaab, 0x3fd5_5555]);
    let d = axis::cdist_sq(&Door::lake(Round::N), &a, &b).unwrap();
    assert_eq!(elems(&d), vec![0x417b_638f]);
    // pdist-sq has a zero diagonal.
    let p = axis::pdist_sq(&Door::la(), &f32s(&[2, 1], &[ONE, 0x4040_0000])).unwrap();
    assert_eq!(elems(&p), vec![0, 0x4080_0000, 0x4080_0000, 0]);
    // %uint is refused.
    let u = ray(&[1, 1], 5, Kind::Uint, &[1]);
    assert!(axis::cdist_sq(&Door::la(), &u, &u).is_err());
}
