//! Arms whose work grows with their arguments, and arms given malformed
//! samples (zero data, extra blocks, a bad rounding face, an index past the
//! end): each bounded, refused or failed with its typed error before the work
//! is done.

use super::{bare_ray, call, crash, f32_scalar_ray, la, lake};
use hoon::jam::jam;
use hoon::ray::ray_to_noun;
use hoon::Noun;
use lagoon::{Meta, Ray};
use softblas::{Atom, Kind};
use urnum_cli::{ArmError, Door, Registry};
use urnum_tests::{meta, unsupported, with_registry_within_a_second, within_a_second};

/// A checked f32 ray of `shape` whose every element is 1.0.
fn f32_ones(shape: &[u64]) -> Noun {
    let n: u64 = shape.iter().product();
    let mut data = Atom::pow2(32 * n);
    for i in 0..n {
        data = data.or(&Atom::from_u64(0x3f80_0000).shl(32 * i));
    }
    ray_to_noun(&Ray::new(Meta::new(shape.to_vec(), 5, Kind::I754), data))
}

#[test]
fn mmul_cells_bound_the_inner_dimension_and_the_work() {
    with_registry_within_a_second(|reg| {
        // `a` of shape ~[1 0xcb71.cb74.6c61.00ff 0]: no element, a row of 2^63
        // entries to collect (fuzz `arms` oom-1b99…, oom-e6ba…).
        let shape = [1, 0xcb71_cb74_6c61_00ff, 0];
        let b = bare_ray(&[1, 3, 0], 2, Kind::Fixp);
        let fixp = Noun::cell(
            Noun::tuple([
                Noun::list(shape.iter().map(|d| Noun::atom(*d))),
                Noun::atom(4u64),
                Noun::atom(Kind::Fixp.cord()),
                Noun::cell(Noun::atom(7u64), Noun::atom(8u64)),
            ]),
            Noun::atom(1u64),
        );
        for (arm, a) in [
            ("mmul-unum:la", bare_ray(&shape, 6, Kind::Unum)),
            ("mmul-fixp:la", fixp),
        ] {
            unsupported(
                call(&reg, arm, &la(), &[a, b.clone()]),
                "over urnum's limit",
            );
        }
        // 4096 × 4096 by 4096 × 4096: every list within the limit, 2^36 cell reads.
        let a = bare_ray(&[4096, 4096], 5, Kind::Unum);
        unsupported(
            call(&reg, "mmul-unum:la", &la(), &[a.clone(), a]),
            "over urnum's limit",
        );
    });
}

#[test]
fn pow_n_bounds_the_work() {
    with_registry_within_a_second(|reg| {
        // 2^10 elements × (2^15 − 1) products: under the product limit, over the work limit.
        unsupported(
            call(
                &reg,
                "pow-n:la",
                &lake("n"),
                &[f32_ones(&[1024]), Noun::atom(1u64 << 15)],
            ),
            "over urnum's limit",
        );
        // 64 × 64, 99 products of 64^3 multiply-adds each.
        unsupported(
            call(
                &reg,
                "mpow-n:la",
                &lake("n"),
                &[f32_ones(&[64, 64]), Noun::atom(100u64)],
            ),
            "over urnum's limit",
        );
        // Within the bound: 2^10 elements squared, 8 × 8 cubed.
        assert!(call(
            &reg,
            "pow-n:la",
            &lake("n"),
            &[f32_ones(&[1024]), Noun::atom(2u64)]
        )
        .is_ok());
        assert!(call(
            &reg,
            "mpow-n:la",
            &lake("n"),
            &[f32_ones(&[8, 8]), Noun::atom(3u64)]
        )
        .is_ok());
    });
}

#[test]
fn saloon_square_loops_bound_their_side() {
    within_a_second(|| {
        // `(frob:sa a)` / `(off-norm:sa a)` on a rank-1 f16 ray of n (zero)
        // elements read n × n items: the `arms` fuzz target's 30-second
        // timeouts had n = 11.4 million (1.3·10^14 items; kept in the corpus
        // as `regress-square-loop-*`). Here n = 5000, just past the side the
        // bound allows (n² > 2^24), so the test does not spend its second
        // unpacking 11 million elements.
        let reg = Registry::new();
        let a = Noun::cell(meta(&[5000], 4, Kind::I754), Noun::atom(0u64));
        for arm in ["frob:sa", "off-norm:sa"] {
            unsupported(
                call(&reg, arm, &Door::bare("sa"), std::slice::from_ref(&a)),
                "index pairs",
            );
        }
    });
}

/// A `%fixp` precision whose width `a + b + 1` passes 2^16 bits is refused
/// before any element is touched (the Hoon's `div` would shift by `b` ≈ 2^32
/// bits per element: an `abi` fuzz input took 2.6 GB and 27 s); a stacked
/// dimension that passes 2^64 is refused rather than wrapped.
#[test]
fn fixp_precisions_and_stacked_dims_are_bounded() {
    with_registry_within_a_second(|reg| {
        let wide = Noun::cell(Noun::atom(23_134u64), Noun::atom(4_294_967_040u64));
        let fixp = |tail: Noun| {
            Noun::cell(
                Noun::tuple([
                    Noun::NULL,
                    Noun::atom(6u64),
                    Noun::atom(Kind::Fixp.cord()),
                    tail,
                ]),
                Noun::atom(0x1_0000_0000_0000_0001u128),
            )
        };
        unsupported(
            call(
                &reg,
                "div-scalar:la",
                &lake("u"),
                &[fixp(wide), Noun::atom(0x18u64)],
            ),
            "wider than 65536 bits",
        );
        // Within the bound the same call computes.
        let fine = Noun::cell(Noun::atom(31u64), Noun::atom(32u64));
        assert!(call(
            &reg,
            "div-scalar:la",
            &lake("u"),
            &[fixp(fine), Noun::atom(0x18u64)]
        )
        .is_ok());
        // hstack of dims 4 and 2^64 − 1 along dim 1 (ranks 3, an empty first dim).
        let r = |d1: u64| {
            Noun::cell(
                Noun::tuple([
                    Noun::list([Noun::atom(0u64), Noun::atom(d1), Noun::atom(0u64)]),
                    Noun::atom(0u64),
                    Noun::atom(Kind::Uint.cord()),
                    Noun::NULL,
                ]),
                Noun::atom(1u64),
            )
        };
        unsupported(
            call(&reg, "hstack:la", &la(), &[r(4), r(u64::MAX)]),
            "2^64 or more",
        );
    });
}

/// The Jacobi SVD charges `rows · n(n−1)/2` column-pair row visits per sweep
/// against `saloon::svd::SVD_WORK_LIMIT`: a 2^20 × 16 matrix (126 million
/// visits a sweep) is refused before it is unpacked.
#[test]
fn svd_sweeps_are_charged_against_a_work_budget() {
    with_registry_within_a_second(|reg| {
        let tall = Noun::cell(meta(&[1 << 20, 16], 4, Kind::I754), Noun::atom(1u64));
        let sa = Door::bare("sa");
        unsupported(
            call(&reg, "svd-vals:sa", &sa, std::slice::from_ref(&tall)),
            "column-pair row visits",
        );
    });
}

/// A data atom of 0, and data with blocks above the pin, fail `+check` as
/// the Hoon's `?> (check a)` does, from `met` alone.
#[test]
fn zero_data_and_extra_blocks_crash() {
    with_registry_within_a_second(|reg| {
        let f32_one = |data: Noun| Noun::cell(meta(&[1], 5, Kind::I754), data);
        let zero = f32_one(Noun::atom(0u64));
        crash(
            call(&reg, "add:la", &lake("n"), &[zero.clone(), zero]),
            "data is 0",
        );
        // One element and the pin, then a third block.
        let extra = f32_one(Noun::Atom(
            Atom::pow2(64).or(&Atom::from_u64(0x1_4000_0000)),
        ));
        crash(
            call(&reg, "add:la", &lake("n"), &[extra.clone(), extra]),
            "more than 1 elements plus the pin",
        );
    });
}

/// A rounding face other than `%n %u %d %z` is not a Lagoon door: the
/// registry refuses the door sample as the wrong type.
#[test]
fn a_bad_rounding_face_is_bad_args() {
    with_registry_within_a_second(|reg| {
        let x = f32_scalar_ray();
        for face in ["a", "x", "nn"] {
            assert!(
                matches!(
                    call(&reg, "add:la", &lake(face), &[x.clone(), x.clone()]),
                    Err(ArmError::BadArgs(_))
                ),
                "face {face:?}"
            );
        }
    });
}

/// Saloon's `%uint` `factorial` forms `x!` modulo `2^w` up to bloq 16 and
/// declines wider elements (each would cost four times the one below).
#[test]
fn uint_factorial_width_is_bounded() {
    with_registry_within_a_second(|reg| {
        let sa = Door::bare("sa");
        // One element of 2^17 bits holding 5: unsupported, whatever the value.
        let wide = Noun::cell(
            meta(&[1], 17, Kind::Uint),
            Noun::Atom(Atom::pow2(1 << 17).or(&Atom::from_u64(5))),
        );
        unsupported(
            call(&reg, "factorial:sa", &sa, &[wide]),
            "%uint factorial at bloq 17",
        );
        // At bloq 16 a value whose factorial vanishes modulo 2^65536 is 0 at once.
        let big = Noun::cell(
            meta(&[1], 16, Kind::Uint),
            Noun::Atom(Atom::pow2(1 << 16).or(&Atom::from_u64(1 << 17))),
        );
        let r = call(&reg, "factorial:sa", &sa, &[big]).expect("a ray");
        assert_eq!(
            hoon::ray::ray_from_noun(&r).expect("a ray").data,
            Atom::pow2(1 << 16)
        );
    });
}

/// A Saloon rotation walks `(snag 0 shape)` rows, which an empty grid can set
/// to 2^64 − 1: refused above 2^24 rows (an `arms` input: `+sweep-once` with
/// a `v` of 16.7 million empty rows took 9 s); a sweep is charged
/// `pairs · (2n + rows of v)` rotated rows against 2^24.
#[test]
fn rotations_bound_the_rows_they_walk() {
    with_registry_within_a_second(|reg| {
        let sa = Door::bare("sa");
        let m = Noun::cell(meta(&[4, 0], 5, Kind::I754), Noun::atom(1u64));
        let v = Noun::cell(meta(&[0xff_9494, 0], 5, Kind::I754), Noun::atom(1u64));
        unsupported(
            call(&reg, "sweep-once:sa", &sa, &[m.clone(), v]),
            "rotates more than",
        );
        let endless = Noun::cell(meta(&[u64::MAX, 0], 5, Kind::I754), Noun::atom(1u64));
        let zero = Noun::atom(0u64);
        unsupported(
            call(
                &reg,
                "rot-cols:sa",
                &sa,
                &[
                    endless,
                    Noun::atom(0u64),
                    Noun::atom(1u64),
                    zero.clone(),
                    zero,
                ],
            ),
            "rotation over",
        );
        // Within the budget the same sweep runs, and crashes where the Hoon's
        // `+gi` does: column 1 of a matrix with no column.
        let v_small = Noun::cell(meta(&[4, 0], 5, Kind::I754), Noun::atom(1u64));
        crash(
            call(&reg, "sweep-once:sa", &sa, &[m, v_small]),
            "index 1 is out of range for dimension 0",
        );
    });
}

/// `+set-item` at index `2^64 − 1` of an unchecked ray (`~[2 2^64−1]`):
/// the block after it is past 2^64, refused rather than wrapped.
#[test]
fn set_item_at_the_last_index_is_refused() {
    with_registry_within_a_second(|reg| {
        let a = Noun::cell(meta(&[2, u64::MAX], 0, Kind::Uint), Noun::atom(1u64));
        let dex = Noun::list([Noun::atom(1u64), Noun::atom(0u64)]);
        unsupported(
            call(&reg, "set-item:la", &la(), &[a, dex, Noun::atom(1u64)]),
            "exceeds 64 bits",
        );
    });
}

/// `+reflect` with no row below `k` (`k = m`) over 2^64 − 1 columns: each
/// column step of the Hoon reads and writes nothing, so `w` comes back as it
/// is, at once.
#[test]
fn reflect_with_no_rows_returns_at_once() {
    with_registry_within_a_second(|reg| {
        let w = Noun::cell(meta(&[1, 1], 5, Kind::I754), Noun::atom(0x1_3f80_0000u64));
        let args = [
            Noun::atom(5u64),
            w.clone(),
            Noun::atom(1u64),
            Noun::NULL,
            Noun::atom(0x3f80_0000u64),
            Noun::atom(0u64),
            Noun::atom(u64::MAX),
        ];
        let r = call(&reg, "reflect:sa", &Door::bare("sa"), &args).expect("w unchanged");
        assert_eq!(jam(&r), jam(&w));
    });
}

/// `gather:la` over 40 two-index dimensions would build 2^40 index lists, and
/// `product:la` of two 3000-item lists 9 million; both are refused before
/// building past 2^18 cells. Just under the budget, the product is built.
#[test]
fn index_products_are_bounded() {
    with_registry_within_a_second(|reg| {
        // A dimension is a list of index lists: `~[~[0] ~[1]]`.
        let two = Noun::list([
            Noun::list([Noun::atom(0u64)]),
            Noun::list([Noun::atom(1u64)]),
        ]);
        let dims = Noun::list(std::iter::repeat_n(two.clone(), 40));
        unsupported(
            call(&reg, "gather:la", &la(), &[dims]),
            "cells past the budget of 262144",
        );
        let long = Noun::list((0..3000u64).map(|i| Noun::list([Noun::atom(i)])));
        unsupported(
            call(&reg, "product:la", &la(), &[long.clone(), long]),
            "cells past the budget",
        );
        // 2^6 one-item lists × 2^8 items: 2^14 entries, 2^15 cells.
        let xs = Noun::list((0..64u64).map(|i| Noun::list([Noun::atom(i)])));
        let ys = Noun::list((0..256u64).map(|_| Noun::NULL));
        let r = call(&reg, "product:la", &la(), &[xs, ys]).expect("within the budget");
        assert_eq!(r.as_list().map(|l| l.len()), Some(1 << 14));
        // Twelve two-index dimensions: 4096 lists of 12.
        let dims = Noun::list(std::iter::repeat_n(two, 12));
        let r = call(&reg, "gather:la", &la(), &[dims]).expect("within the budget");
        assert_eq!(r.as_list().map(|l| l.len()), Some(4096));
    });
}

/// `strides:la` of a meta whose `2^bloq` has 2^29 bits, over 64 dimensions,
/// would build 64 such atoms (4 GiB); one of 2^12 dimensions, about 4 million
/// products. Both are refused from the shape and bloq alone; an ordinary
/// meta's strides are built.
#[test]
fn strides_are_bounded_before_they_are_built() {
    with_registry_within_a_second(|reg| {
        let huge_bloq = meta(&[2; 64], 1 << 29, Kind::Uint);
        unsupported(
            call(&reg, "strides:la", &la(), &[huge_bloq]),
            "over urnum's limit",
        );
        let wide = meta(&[3; 1 << 12], 5, Kind::I754);
        unsupported(
            call(&reg, "strides:la", &la(), &[wide]),
            "over urnum's limit",
        );
        let r = call(
            &reg,
            "strides:la",
            &la(),
            &[meta(&[2, 3, 4], 5, Kind::I754)],
        );
        assert_eq!(
            r.expect("small strides"),
            Noun::list([32u64, 96, 128].map(Noun::atom))
        );
    });
}

/// `slice-flat:la` whose slices are 4096 references to one list of 2048
/// atoms (a noun of a few kilobytes standing for 2^23 values) is refused
/// before any value is decoded; the same with 16 references is computed.
#[test]
fn slice_flat_counts_shared_slices_first() {
    with_registry_within_a_second(|reg| {
        let slice = Noun::list((0..2048u64).map(Noun::atom));
        let many = Noun::list(std::iter::repeat_n(slice.clone(), 4096));
        let args = |k: u64, vals: Noun| [Noun::atom(1u64), Noun::atom(1u64), Noun::atom(k), vals];
        unsupported(
            call(&reg, "slice-flat:la", &la(), &args(2048, many)),
            "more than 4194304 values",
        );
        let few = Noun::list(std::iter::repeat_n(slice, 16));
        let r = call(&reg, "slice-flat:la", &la(), &args(2048, few)).expect("16 slices");
        assert_eq!(r.as_list().map(|l| l.len()), Some(2048));
    });
}
