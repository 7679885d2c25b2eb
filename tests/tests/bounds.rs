//! Bounded resources: inputs that claim huge sizes or never finish in the
//! Hoon give a typed error quickly and in small memory.
//!
//! Each test builds its hostile input from a few bytes, runs it through the
//! registry and asserts the documented error (`docs/errors.md`). Each test
//! runs under `urnum_tests::within_a_second`, a watchdog: the whole test must finish in
//! under a second, and one that hangs fails at the deadline instead of
//! hanging the suite. The work each one does is linear in its (small) input,
//! far below what the hostile input would cost if it were expanded or
//! iterated (2^100 nodes, 2^64 steps). The C ABI's side of the same rows is
//! `ffi/tests/bounds_abi.rs`.

use hoon::jam::{cue, jam, CueError};
use hoon::ray::{
    meta_to_noun, ndray_from_noun, ray_to_noun, tree_size, RayNounError, MAX_NDRAY_DEPTH,
    MAX_NDRAY_NODES, MAX_TAIL_NODES,
};
use hoon::Noun;
use lagoon::meta::{MAX_DATA_BITS, MAX_LIST_LEN};
use lagoon::{Meta, Ray, Tail};
use softblas::{Atom, Kind};
use urnum_cli::{ArmError, Door, Registry};
use urnum_tests::{meta, unsupported, within_a_second};

fn la() -> Door {
    Door::bare("la")
}

fn lake(rnd: &str) -> Door {
    let mut d = Door::bare("la");
    d.args.insert(
        "rnd".into(),
        Noun::Atom(Atom::from_le_bytes(rnd.as_bytes())),
    );
    d
}

fn call(reg: &Registry, arm: &str, door: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    reg.call(arm, door, args)
}

fn crash(r: Result<Noun, ArmError>, needle: &str) {
    match r {
        Err(ArmError::Crash(m)) => assert!(m.contains(needle), "{m:?} lacks {needle:?}"),
        other => panic!("expected a crash ({needle}), got {other:?}"),
    }
}

/// n(k+1) = [nk nk]: `depth` distinct cells standing for a tree of 2^depth leaves.
fn bomb(depth: u32, leaf: Noun) -> Noun {
    let mut n = leaf;
    for _ in 0..depth {
        n = Noun::cell(n.clone(), n);
    }
    n
}

/// The f32 ray `[1 1]` of value 2.0 as a noun.
fn f32_scalar_ray() -> Noun {
    ray_to_noun(&Ray::new(
        Meta::new(vec![1, 1], 5, Kind::I754),
        Atom::from_u64(0x1_4000_0000),
    ))
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

#[test]
fn bomb_as_tail_and_as_nested_list() {
    within_a_second(|| {
        let reg = Registry::new();
        // A bomb tail: refused before it is copied (MAX_TAIL_NODES).
        let m = Noun::tuple([
            Noun::list([Noun::atom(2u64)]),
            Noun::atom(5u64),
            Noun::atom(Kind::I754.cord()),
            bomb(100, Noun::NULL),
        ]);
        unsupported(call(&reg, "zeros:la", &la(), &[m]), "tail");
        // A bomb of nested lists for +en-ray: ~[L L] nested 60 times.
        let mut wide = Noun::list([Noun::atom(1u64)]);
        for _ in 0..60 {
            wide = Noun::list([wide.clone(), wide]);
        }
        assert_eq!(
            ndray_from_noun(&wide),
            Err(RayNounError::TooLarge("the nested list", MAX_NDRAY_NODES))
        );
        // ~[L L] nested 21 deep (2^22 leaves, 2^23 nodes, a few hundred
        // bytes of noun): over the 2^22-node limit, refused before expanding.
        let mut bomb21 = Noun::list([Noun::atom(1u64)]);
        for _ in 0..21 {
            bomb21 = Noun::list([bomb21.clone(), bomb21]);
        }
        assert_eq!(
            ndray_from_noun(&bomb21),
            Err(RayNounError::TooLarge("the nested list", MAX_NDRAY_NODES))
        );
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
fn absurd_shapes_are_refused_without_allocating() {
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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

/// A ray noun whose data is the pin alone (no element set), at any shape:
/// `++to-tank` and `+mmul-unum` read it without `+check`.
fn bare_ray(shape: &[u64], bloq: u64, kind: Kind) -> Noun {
    Noun::cell(meta(shape, bloq, kind), Noun::atom(1u64))
}

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
fn to_tank_counts_every_tank_first() {
    within_a_second(|| {
        let reg = Registry::new();
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
fn mmul_cells_bound_the_inner_dimension_and_the_work() {
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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

/// `+de-ray` of a rank-2 ray whose data never peels down to the pin (a last
/// dimension of 0, or no pin at all): the Hoon loops forever; urnum says so.
#[test]
fn de_ray_that_never_peels_is_refused() {
    within_a_second(|| {
        let reg = Registry::new();
        for (shape, data) in [([2u64, 0], 5u64), ([2, 2], 0)] {
            let r = Noun::cell(meta(&shape, 3, Kind::Uint), Noun::atom(data));
            unsupported(
                call(&reg, "de-ray:la", &la(), &[r]),
                "de-ray does not terminate",
            );
        }
    });
}

/// A rounding face other than `%n %u %d %z` is not a Lagoon door: the
/// registry refuses the door sample as the wrong type.
#[test]
fn a_bad_rounding_face_is_bad_args() {
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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
    within_a_second(|| {
        let reg = Registry::new();
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

/// `to-tank:la` whose tank is within `MAX_TANK_NODES` but whose noun is not:
/// 8192 references to one 2-kilobit atom (617 digits each, 5 million tape
/// cells; stopped at the budget while printing) and the empty-row shape `~[600 600 1]` (360,601
/// roses, about 5 million cells) are refused before the noun is built.
#[test]
fn to_tank_bounds_the_noun_it_builds() {
    within_a_second(|| {
        let reg = Registry::new();
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
