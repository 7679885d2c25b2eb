//! The builders whose size comes from their arguments: absurd shapes,
//! `+range` that never reaches its end, huge exponents, `+linspace` counts.

use super::{call, crash, f32_scalar_ray, la, lake};
use hoon::Noun;
use lagoon::meta::{MAX_DATA_BITS, MAX_LIST_LEN};
use softblas::{Atom, Kind};
use urnum_cli::{ArmError, Registry};
use urnum_tests::{meta, unsupported, with_registry_within_a_second, within_a_second};

#[test]
fn absurd_shapes_are_refused_without_allocating() {
    with_registry_within_a_second(|reg| {
        // 2^60 elements: over MAX_DATA_BITS, unsupported (the Hoon would try).
        for arm in ["zeros:la", "ones:la", "iota:la"] {
            unsupported(
                call(&reg, arm, &la(), &[meta(&[1 << 60], 5, Kind::I754)]),
                "over urnum's limit",
            );
        }
        unsupported(
            call(
                &reg,
                "fill:la",
                &la(),
                &[meta(&[1 << 60], 5, Kind::I754), Noun::atom(1u64)],
            ),
            "over urnum's limit",
        );
        // A shape product past 2^64.
        unsupported(
            call(
                &reg,
                "zeros:la",
                &la(),
                &[meta(&[1 << 32, 1 << 32, 16], 5, Kind::I754)],
            ),
            "exceeds 64 bits",
        );
        // A dimension of 2^64 or more.
        let huge_dim = Noun::tuple([
            Noun::list([Noun::Atom(Atom::pow2(64))]),
            Noun::atom(5u64),
            Noun::atom(Kind::I754.cord()),
            Noun::NULL,
        ]);
        unsupported(call(&reg, "zeros:la", &la(), &[huge_dim]), "64 bits");
        // A bloq of 2^40 (one element of 2^(2^40) bits).
        unsupported(
            call(&reg, "zeros:la", &la(), &[meta(&[1], 1 << 40, Kind::Uint)]),
            "bloq",
        );
        // A ray whose meta claims 2^60 elements over a tiny data atom: +check
        // fails (the Hoon crashes), found from `met`, never by walking elements.
        let liar = Noun::cell(
            meta(&[1 << 60], 5, Kind::I754),
            Noun::atom(0x1_4000_0000u64),
        );
        crash(
            call(&reg, "add:la", &lake("n"), &[liar.clone(), liar.clone()]),
            "fewer than the shape's elements plus the pin",
        );
        crash(
            call(&reg, "cumsum:la", &la(), &[liar]),
            "fewer than the shape's elements plus the pin",
        );
        // Just inside the data limit, a builder works; just past it, it is refused.
        let n = MAX_DATA_BITS / 16;
        assert!(call(&reg, "zeros:la", &la(), &[meta(&[n / 1024], 4, Kind::I754)]).is_ok());
        unsupported(
            call(&reg, "zeros:la", &la(), &[meta(&[n + 1], 4, Kind::I754)]),
            "over urnum's limit",
        );
    });
}

#[test]
fn range_that_never_reaches_its_end() {
    with_registry_within_a_second(|reg| {
        let m = meta(&[1], 4, Kind::I754);
        // f16 steps from 0 to +inf along which the Hoon never ends:
        // 0 (the value never moves); -1 (moves away from the end forever in the
        // Hoon; it stops moving at -max in IEEE); 1 (2048 steps, then 2048 + 1
        // rounds back to 2048 and the value stops moving); NaN.
        for step in [0u64, 0xbc00, 0x3c00, 0x7e00] {
            let end = Noun::cell(Noun::atom(0u64), Noun::atom(0x7c00u64));
            let args = [m.clone(), end, Noun::atom(step)];
            unsupported(
                call(&reg, "range:la", &lake("n"), &args),
                "does not terminate",
            );
        }
    });
}

/// `+range:la` in `%n` of an f32 `[1]` meta from `a` to `b` by 1.0.
fn f32_range_by_one(a: u64, b: u64) -> Result<Noun, ArmError> {
    let args = [
        meta(&[1], 5, Kind::I754),
        Noun::cell(Noun::atom(a), Noun::atom(b)),
        Noun::atom(0x3f80_0000u64),
    ];
    call(&Registry::new(), "range:la", &lake("n"), &args)
}

/// The f32 bits of the integer `x`.
fn f32_of(x: u32) -> u64 {
    u64::from(softblas::scalar::i754::sun(
        softblas::scalar::i754::Width::S,
        softblas::Round::N,
        &Atom::from_u64(u64::from(x)),
    ) as u32)
}

/// f32 0 to +inf by 1 sticks at 2^24 after 16.7 million steps: refused when
/// the count passes `MAX_BUILT_VALUES` (2^22), one scalar `add` and one
/// comparison per value before that. The same accumulation started 1000
/// below 2^24 sticks within the bound: `Diverges`.
#[test]
fn range_f32_stuck_after_many_steps() {
    within_a_second(|| {
        unsupported(f32_range_by_one(0, 0x7f80_0000), "over urnum's limit");
        unsupported(
            f32_range_by_one(f32_of((1 << 24) - 1000), 0x7f80_0000),
            "does not terminate",
        );
    });
}

/// The bound is exact: 0 to 2^22 by 1 gives 2^22 values ...
#[test]
fn range_f32_of_exactly_the_bound_runs() {
    within_a_second(|| {
        let full = f32_range_by_one(0, f32_of(1 << 22)).expect("2^22 values");
        assert_eq!(ray_from_noun_shape(&full), vec![1 << 22]);
    });
}

/// ... and one value more is refused.
#[test]
fn range_f32_one_past_the_bound_is_refused() {
    within_a_second(|| {
        unsupported(
            f32_range_by_one(0, f32_of((1 << 22) + 1)),
            "over urnum's limit",
        );
    });
}

/// The shape of a ray noun.
fn ray_from_noun_shape(n: &Noun) -> Vec<u64> {
    hoon::ray::ray_from_noun(n).expect("a ray").meta.shape
}

#[test]
fn huge_exponents_are_refused_up_front() {
    with_registry_within_a_second(|reg| {
        let x = f32_scalar_ray();
        for n in [
            Noun::atom(u64::MAX),
            Noun::Atom(Atom::pow2(100)),
            Noun::atom((1u64 << 16) + 2),
        ] {
            unsupported(
                call(&reg, "mpow-n:la", &lake("n"), &[x.clone(), n.clone()]),
                "over urnum's limit",
            );
            unsupported(
                call(&reg, "pow-n:la", &lake("n"), &[x.clone(), n]),
                "over urnum's limit",
            );
        }
        // n = 0 is `ones`, n = 1 the input: no products at all.
        assert!(call(
            &reg,
            "mpow-n:la",
            &lake("n"),
            &[x.clone(), Noun::atom(0u64)]
        )
        .is_ok());
        assert!(call(&reg, "pow-n:la", &lake("n"), &[x, Noun::atom(1u64)]).is_ok());
    });
}

#[test]
fn linspace_count_is_bounded() {
    with_registry_within_a_second(|reg| {
        let pair = Noun::cell(Noun::atom(0u64), Noun::atom(0x3c00u64));
        for n in [
            Noun::atom(MAX_LIST_LEN + 1),
            Noun::atom(u64::MAX),
            Noun::Atom(Atom::pow2(80)),
        ] {
            unsupported(
                call(
                    &reg,
                    "linspace:la",
                    &lake("n"),
                    &[meta(&[1], 4, Kind::I754), pair.clone(), n],
                ),
                "over urnum's limit",
            );
        }
    });
}

/// An f128 `+linspace` of 2^23 + 1 points needs 2^30 + 128 data bits, over
/// [`MAX_DATA_BITS`]: refused before any point is computed. So is an f16
/// one of 2^22 + 1 points (2^26 would be within the data limit), past
/// `MAX_BUILT_VALUES` (fuzz `abi` timeout-0c75…: 2^25 f16 points, four calls).
#[test]
fn linspace_checks_the_data_size_first() {
    with_registry_within_a_second(|reg| {
        let pair = Noun::cell(
            Noun::atom(0u64),
            Noun::Atom(Atom::from_u128(0x3fff_u128 << 112)),
        );
        unsupported(
            call(
                &reg,
                "linspace:la",
                &lake("n"),
                &[
                    meta(&[1], 7, Kind::I754),
                    pair,
                    Noun::atom((1u64 << 23) + 1),
                ],
            ),
            "over urnum's limit",
        );
        unsupported(
            call(
                &reg,
                "linspace:la",
                &lake("u"),
                &[
                    meta(&[2], 4, Kind::I754),
                    Noun::cell(Noun::atom(0u64), Noun::atom(0x3c00u64)),
                    Noun::atom((1u64 << 22) + 1),
                ],
            ),
            "over urnum's limit",
        );
    });
}
