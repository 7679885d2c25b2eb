//! Nouns that claim huge sizes: `cue` bombs and errors, deep and shared
//! nouns, ray and meta nouns at their limits, and the tanks `to-tank`
//! builds.

use super::{bare_ray, call, crash, la};
use hoon::jam::{cue, jam, CueError};
use hoon::ray::{
    meta_to_noun, ndray_from_noun, ray_to_noun, tree_size, RayNounError, MAX_NDRAY_DEPTH,
    MAX_NDRAY_NODES, MAX_TAIL_NODES,
};
use hoon::Noun;
use lagoon::{Meta, Ray, Tail};
use softblas::{Atom, Kind};
use urnum_cli::{ArmError, Registry};
use urnum_tests::{meta, unsupported, with_registry_within_a_second, within_a_second};

/// n(k+1) = [nk nk]: `depth` distinct cells standing for a tree of 2^depth leaves.
fn bomb(depth: u32, leaf: Noun) -> Noun {
    let mut n = leaf;
    for _ in 0..depth {
        n = Noun::cell(n.clone(), n);
    }
    n
}

#[test]
fn cue_backref_bomb_is_linear() {
    within_a_second(|| {
        // 200 cells standing for 2^200 leaves: a jam of a few kilobytes.
        let j = jam(&bomb(200, Noun::atom(7u64)));
        assert!(
            j.bit_len() < 40_000,
            "the bomb's jam is {} bits",
            j.bit_len()
        );
        let n = cue(&j).expect("the bomb is a valid jam");
        // jam walks the shared DAG: the round trip is linear too.
        assert_eq!(jam(&n), j);
        let s = tree_size(&n);
        assert_eq!((s.nodes, s.depth), (u64::MAX, 200));
        drop(n);
    });
}

#[test]
fn cue_errors_are_typed_and_quick() {
    within_a_second(|| {
        // `1`: a cell tag (`1`, then a `0` read past the top bit) whose head
        // starts past the end, where every bit reads 0 (the `?<` in `++rub`).
        assert!(matches!(
            cue(&Atom::ONE),
            Err(CueError::PastEnd { bit: 2, len: 1 })
        ));
        // `0b11`: a back-reference tag whose length prefix starts at the end.
        assert!(matches!(
            cue(&Atom::from_u64(0b11)),
            Err(CueError::UnterminatedLength { bit: 2 })
        ));
        // An atom whose prefix claims 2^70 bits but only a few follow: Hoon's
        // `cut` reads zeros past the end, so this is the atom of the bits present.
        // Layout from bit 0: tag 0, 71 zeros, 1, 70 length bits (all 1), 8 data bits.
        let mut a = Atom::ZERO;
        a = a.or(&Atom::pow2(72)); // the terminating 1 after 71 zeros (bits 1..=71)
        a = a.or(&Atom::pow2(70).checked_sub(&Atom::ONE).unwrap().shl(73)); // length bits
        a = a.or(&Atom::from_u64(0xa5).shl(143)); // data
        let n = cue(&a).expect("a short atom");
        assert_eq!(n, Noun::atom(0xa5u64));
        // A back-reference to a position where nothing was decoded.
        assert!(matches!(
            cue(&Atom::from_u64(0b111)),
            Err(CueError::BadBackref { .. })
        ));
    });
}

#[test]
fn deep_nouns_decode_without_recursion() {
    within_a_second(|| {
        // A 100 000-deep left-nested noun (recursion over it, at 100 bytes or
        // more a frame, would overflow a 2 MiB test-thread stack) as a ray's tail and as a shape: refused (tail
        // too big; shape not a list) with no stack overflow, then dropped.
        let mut deep = Noun::NULL;
        for i in 0..100_000u64 {
            deep = Noun::cell(deep, Noun::atom(i % 3));
        }
        let j = jam(&deep);
        let n = cue(&j).expect("valid");
        let tail_meta = Noun::tuple([
            Noun::NULL,
            Noun::atom(5u64),
            Noun::atom(Kind::I754.cord()),
            n.clone(),
        ]);
        let reg = Registry::new();
        unsupported(
            call(&reg, "zeros:la", &la(), std::slice::from_ref(&tail_meta)),
            "tail",
        );
        let shape_meta = Noun::tuple([
            n,
            Noun::atom(5u64),
            Noun::atom(Kind::I754.cord()),
            Noun::NULL,
        ]);
        assert!(matches!(
            call(&reg, "zeros:la", &la(), &[shape_meta]),
            Err(ArmError::BadArgs(_))
        ));
    });
}

/// `~[L L]` nested `depth` times over `~[1]`: `2^depth` leaves, `depth + 1`
/// distinct lists.
fn doubled(depth: usize) -> Noun {
    let mut l = Noun::list([Noun::atom(1u64)]);
    for _ in 0..depth {
        l = Noun::list([l.clone(), l]);
    }
    l
}

#[test]
fn bomb_as_tail_and_as_nested_list() {
    with_registry_within_a_second(|reg| {
        // A bomb tail: refused before it is copied (MAX_TAIL_NODES).
        let m = Noun::tuple([
            Noun::list([Noun::atom(2u64)]),
            Noun::atom(5u64),
            Noun::atom(Kind::I754.cord()),
            bomb(100, Noun::NULL),
        ]);
        unsupported(call(&reg, "zeros:la", &la(), &[m]), "tail");
        // A bomb of nested lists for +en-ray: ~[L L] nested 60 times; and
        // nested 21 deep (2^22 leaves, 2^23 nodes, a few hundred bytes of
        // noun): over the 2^22-node limit, refused before expanding.
        let wide = doubled(60);
        for list in [&wide, &doubled(21)] {
            assert_eq!(
                ndray_from_noun(list),
                Err(RayNounError::TooLarge("the nested list", MAX_NDRAY_NODES))
            );
        }
        let shape = vec![2u64; 8];
        unsupported(
            call(
                &reg,
                "en-ray:la",
                &la(),
                &[meta(&shape, 5, Kind::I754), wide],
            ),
            "nested list",
        );
        // Nested deeper than MAX_NDRAY_DEPTH: refused, not recursed into.
        let mut deep = Noun::atom(1u64);
        for _ in 0..=MAX_NDRAY_DEPTH {
            deep = Noun::list([deep]);
        }
        unsupported(
            call(&reg, "en-ray:la", &la(), &[meta(&[1], 5, Kind::I754), deep]),
            "depth",
        );
    });
}

#[test]
fn to_tank_counts_every_tank_first() {
    with_registry_within_a_second(|reg| {
        // No element, yet 1 + 2^26 + 2^28 roses (fuzz `arms` oom-2b25…, oom-46ec…),
        // or 144 · 2^40 of them (oom-5ca5…).
        for shape in [
            &[1 << 26, 4, 0][..],
            &[0x3ff_ffff, 4, 0],
            &[3, 3, 4, 4, 1 << 20, 1 << 20, 0],
        ] {
            unsupported(
                call(&reg, "slog:la", &la(), &[bare_ray(shape, 6, Kind::Unum)]),
                "over urnum's limit",
            );
            unsupported(
                call(&reg, "print:la", &la(), &[bare_ray(shape, 6, Kind::Unum)]),
                "over urnum's limit",
            );
        }
        // 16.7 million rows, the first of which crashes on its 0 (oom-0794…): no
        // room is reserved for the rows.
        crash(
            call(
                &reg,
                "slog:la",
                &la(),
                &[bare_ray(&[0xff_ff74, 0, 0], 4, Kind::Unum)],
            ),
            "first dimension is not 0",
        );
        // One rose per dimension: 1025 dimensions recurse 1024 deep (allowed),
        // 1026 are refused before any recursion.
        let ones = |rank: usize| vec![1u64; rank];
        assert!(call(
            &reg,
            "print:la",
            &la(),
            &[bare_ray(&ones(1025), 3, Kind::Unum)]
        )
        .is_ok());
        unsupported(
            call(
                &reg,
                "print:la",
                &la(),
                &[bare_ray(&ones(1026), 3, Kind::Unum)],
            ),
            "over urnum's limit",
        );
    });
}

#[test]
fn ray_and_meta_nouns_round_trip_at_the_limits() {
    within_a_second(|| {
        // The largest tail accepted round-trips; one node more is refused.
        let mut t = Noun::NULL;
        let mut nodes = 1;
        while nodes + 2 <= MAX_TAIL_NODES {
            t = Noun::cell(Noun::atom(nodes), t);
            nodes += 2;
        }
        let m = Noun::tuple([
            Noun::NULL,
            Noun::atom(5u64),
            Noun::atom(Kind::Uint.cord()),
            t.clone(),
        ]);
        let decoded = hoon::ray::meta_from_noun(&m).expect("a tail within the limit");
        assert!(matches!(decoded.tail, Tail::Other(_)));
        assert_eq!(meta_to_noun(&decoded), m);
        let bigger = Noun::tuple([
            Noun::NULL,
            Noun::atom(5u64),
            Noun::atom(Kind::Uint.cord()),
            Noun::cell(Noun::atom(1u64), Noun::cell(Noun::atom(1u64), t)),
        ]);
        assert_eq!(
            hoon::ray::meta_from_noun(&bigger),
            Err(RayNounError::TooLarge("the tail", MAX_TAIL_NODES))
        );
    });
}

#[test]
fn urge_refuses_a_rank_of_millions() {
    within_a_second(|| {
        // `(urge a 0 0x73.6564)` on a rank-1 ray: the Hoon builds a shape of
        // 7.5 million 1s (found by the `arms` smoke run: 28 s and 2 GiB as nouns).
        let reg = Registry::new();
        let a = ray_to_noun(&Ray::new(
            Meta::new(vec![2], 3, Kind::Uint),
            Atom::from_u64(0x1_0106),
        ));
        unsupported(
            call(
                &reg,
                "urge:la",
                &la(),
                &[a.clone(), Noun::atom(0u64), Noun::atom(0x73_6564u64)],
            ),
            "over urnum's limit",
        );
        // Below the bound (MAX_BUILT_RANK = 2^16) it runs.
        assert!(call(
            &reg,
            "urge:la",
            &la(),
            &[a, Noun::atom(0u64), Noun::atom(1000u64)]
        )
        .is_ok());
    });
}

/// `+de-ray` of a rank-2 ray whose data never peels down to the pin (a last
/// dimension of 0, or no pin at all): the Hoon loops forever; urnum says so.
#[test]
fn de_ray_that_never_peels_is_refused() {
    with_registry_within_a_second(|reg| {
        for (shape, data) in [([2u64, 0], 5u64), ([2, 2], 0)] {
            let r = Noun::cell(meta(&shape, 3, Kind::Uint), Noun::atom(data));
            unsupported(
                call(&reg, "de-ray:la", &la(), &[r]),
                "de-ray does not terminate",
            );
        }
    });
}

/// `to-tank:la` whose tank is within `MAX_TANK_NODES` but whose noun is not:
/// 8192 references to one 2-kilobit atom (617 digits each, 5 million tape
/// cells; stopped at the budget while printing) and the empty-row shape `~[600 600 1]` (360,601
/// roses, about 5 million cells) are refused before the noun is built.
#[test]
fn to_tank_bounds_the_noun_it_builds() {
    with_registry_within_a_second(|reg| {
        let big = Noun::Atom(Atom::pow2(2047));
        let dat = Noun::list(std::iter::repeat_n(big, 8192));
        let shape = Noun::list([Noun::atom(8192u64)]);
        let uint = Noun::atom(Kind::Uint.cord());
        unsupported(
            call(&reg, "to-tank:la", &la(), &[dat, shape, uint.clone()]),
            "passes urnum's limit of 4194304 noun cells",
        );
        let rows = Noun::list([600u64, 600, 1].map(Noun::atom));
        unsupported(
            call(&reg, "to-tank:la", &la(), &[Noun::NULL, rows, uint]),
            "over urnum's limit of 4194304",
        );
    });
}
