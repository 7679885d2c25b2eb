//! Bounded resources in Lagoon's element loops: arms whose cost follows a
//! shape that the data need not back (`+get-row` of a `[1 2^30]` ray holding
//! one byte), or a quadratic algorithm (`+sort-dim`'s quicksort), answer from
//! a few bytes of input in well under a second, with the Hoon's result or a
//! documented refusal.
//!
//! Each test runs under `urnum_tests::within_a_second`, as in `bounds.rs`:
//! the whole test must finish within a second or it fails at the deadline.

use hoon::ray::{ray_from_noun, ray_to_noun};
use hoon::Noun;
use lagoon::{Meta, Ray};
use softblas::{Atom, Kind};
use urnum_cli::{ArmError, Door, Registry};
use urnum_tests::{meta, unsupported, with_registry_within_a_second};

fn la() -> Door {
    Door::bare("la")
}

fn call(reg: &Registry, arm: &str, args: &[Noun]) -> Result<Noun, ArmError> {
    reg.call(arm, &la(), args)
}

/// The ray `[meta data]` as a noun.
fn ray(shape: &[u64], bloq: u64, kind: Kind, data: Atom) -> Noun {
    Noun::cell(meta(shape, bloq, kind), Noun::Atom(data))
}

/// The ray an arm returned.
fn out(r: Result<Noun, ArmError>) -> Ray {
    ray_from_noun(&r.expect("a result")).expect("a ray")
}

/// `+mmul` with an inner dimension of 0 gives the zero matrix: the pin alone,
/// built without a list of `m · p` zero atoms (2^26 of them here, 1.6 GB).
#[test]
fn mmul_with_no_inner_dimension_is_the_pin_alone() {
    with_registry_within_a_second(|reg| {
        let a = ray(&[8192, 0], 0, Kind::Uint, Atom::ONE);
        let b = ray(&[0, 8192], 0, Kind::Uint, Atom::ONE);
        let r = out(call(&reg, "mmul:la", &[a, b]));
        assert_eq!(r.meta.shape, vec![8192, 8192]);
        assert_eq!(r.data, Atom::pow2(1 << 26));
    });
}

/// `+de-ray` refuses a row that would peel the data to 0 before building it
/// (2^26 atoms for `[~[1 2^26] 0 %uint ~]` over the data 3).
#[test]
fn de_ray_refuses_before_building_a_row() {
    with_registry_within_a_second(|reg| {
        let r = ray(&[1, 1 << 26], 0, Kind::Uint, Atom::from_u64(3));
        unsupported(call(&reg, "de-ray:la", &[r]), "de-ray does not terminate");
    });
}

/// Bits in the rows below: 2^26, a 2^26-element bloq-0 row over one byte
/// (8 MiB of result; the element-by-element loops took 1.5 s here, and 25 s
/// at 2^30).
const ROW: u64 = 1 << 26;

/// A `[1 2^26]` bloq-0 `%uint` ray over the byte `0xa5`, and the index of its row.
fn row_of_a5() -> (Noun, Noun) {
    let a = ray(&[1, ROW], 0, Kind::Uint, Atom::from_u64(0xa5));
    (a, Noun::list([Noun::atom(0u64)]))
}

/// `+get-row` copies a row as one run of bits: a `[1 2^26]` bloq-0 ray over
/// one byte costs its result, not 2^26 reads of `+get-item`.
#[test]
fn get_row_copies_a_run() {
    with_registry_within_a_second(|reg| {
        let (a, dex) = row_of_a5();
        let r = out(call(&reg, "get-row:la", &[a, dex]));
        assert_eq!(r.meta.shape, vec![1, ROW]);
        assert_eq!(r.data, Atom::pow2(ROW).or(&Atom::from_u64(0xa5)));
    });
}

/// `+set-row` writes a row of `a`'s bloq as one run of bits; a row of
/// another bloq goes element by element, and is refused past
/// `MAX_ELEMENT_WALK` (2^22) elements.
#[test]
fn set_row_writes_a_run_or_bounds_the_walk() {
    with_registry_within_a_second(|reg| {
        let (a, dex) = row_of_a5();
        let row = ray(&[1, ROW], 0, Kind::Uint, Atom::from_u64(0x3c));
        let r = out(call(&reg, "set-row:la", &[a.clone(), dex.clone(), row]));
        assert_eq!(r.data, Atom::from_u64(0x3c));

        let wide = ray(&[1, ROW], 1, Kind::Uint, Atom::from_u64(0x3c));
        unsupported(
            call(&reg, "set-row:la", &[a, dex, wide]),
            "over urnum's limit",
        );
    });
}

/// `+submatrix` copies runs of whole trailing dimensions: 500 dimensions of
/// 1 then 2^26, all taken, is one run (the element loop took 2^26 · 500
/// steps); a column of a `[2^24 2]` ray is 2^24 runs of one element, over
/// `MAX_ELEMENT_WALK`.
#[test]
fn submatrix_copies_runs_and_bounds_them() {
    with_registry_within_a_second(|reg| {
        let mut shape = vec![1u64; 500];
        shape.push(ROW);
        let a = ray(&shape, 0, Kind::Uint, Atom::from_u64(0xff));
        let r = out(call(&reg, "submatrix:la", &[Noun::NULL, a]));
        assert_eq!(r.meta.shape, shape);
        assert_eq!(r.data, Atom::pow2(ROW).or(&Atom::from_u64(0xff)));

        let a = ray(&[1 << 24, 2], 0, Kind::Uint, Atom::from_u64(0xff));
        let col = Noun::cell(
            Noun::NULL,
            Noun::cell(
                Noun::cell(Noun::NULL, Noun::atom(0u64)),
                Noun::cell(Noun::NULL, Noun::atom(0u64)),
            ),
        );
        let sli = Noun::list([Noun::NULL, col]);
        unsupported(call(&reg, "submatrix:la", &[sli, a]), "over urnum's limit");
    });
}

/// `+en-ray` walks the nested lists, not the shape: a value that stands for
/// a whole row is written a limb of copies at a time (`+change` of a
/// `[1 2^28]` bloq-0 ray over the data 1 is the pin alone, without 2^28
/// steps), and values that spill past their element are written one at a
/// time, up to `EN_RAY_SPILL_LIMIT` (2^24 limb writes).
#[test]
fn en_ray_walks_the_lists_not_the_shape() {
    with_registry_within_a_second(|reg| {
        let a = ray(&[1, 1 << 28], 0, Kind::Uint, Atom::ONE);
        let r = out(call(
            &reg,
            "change:la",
            &[a, Noun::atom(Kind::Uint.cord()), Noun::atom(0u64)],
        ));
        assert_eq!(r.meta.shape, vec![1, 1 << 28]);
        assert_eq!(r.data, Atom::pow2(1 << 28));

        let ones = Noun::list([Noun::atom(1u64)]);
        let r = out(call(
            &reg,
            "en-ray:la",
            &[meta(&[1, ROW], 0, Kind::Uint), ones],
        ));
        assert_eq!(r.data, Atom::pow2(ROW + 1).checked_sub(&Atom::ONE).unwrap());

        let threes = Noun::list([Noun::atom(3u64)]);
        unsupported(
            call(&reg, "en-ray:la", &[meta(&[1, ROW], 0, Kind::Uint), threes]),
            "over urnum's limit",
        );
    });
}

/// `+sort-dim` of a slice whose order is total sorts it stably in
/// `O(n log n)` (8192 equal elements: the quicksort's `n²/2` comparisons
/// took tens of seconds); `+argsort-dim` of a NaN slice keeps the
/// quicksort, bounded by `SORT_WORK_LIMIT` (2^22 comparisons).
#[test]
fn sorts_are_not_quadratic() {
    with_registry_within_a_second(|reg| {
        let m = Meta::new(vec![1 << 13], 5, Kind::I754);
        let one = lagoon::fill(&m, &Atom::from_u64(0x3f80_0000)).unwrap();
        let asc = Noun::Atom(Atom::from_le_bytes(b"asc"));
        let r = out(call(
            &reg,
            "sort-dim:la",
            &[ray_to_noun(&one), Noun::atom(0u64), asc.clone()],
        ));
        assert_eq!(r, one);

        let nan = lagoon::fill(&m, &Atom::from_u64(0x7fc0_0000)).unwrap();
        unsupported(
            call(
                &reg,
                "argsort-dim:la",
                &[ray_to_noun(&nan), Noun::atom(0u64), asc],
            ),
            "over urnum's limit",
        );
    });
}

/// `+fill` and `+ones` of 2^26 bloq-0 elements write a limb of copies at a
/// time; `+iota` and `+magic` write one value at a time and refuse more than
/// `MAX_LIST_LEN` (2^26) of them.
#[test]
fn builders_fill_limbs_and_bound_counting() {
    with_registry_within_a_second(|reg| {
        let n = 1u64 << 26;
        let all = Atom::pow2(n + 1).checked_sub(&Atom::ONE).unwrap();
        let m = meta(&[n], 0, Kind::Uint);
        let r = out(call(&reg, "fill:la", &[m.clone(), Noun::atom(1u64)]));
        assert_eq!(r.data, all);
        let r = out(call(&reg, "ones:la", &[m]));
        assert_eq!(r.data, all);
        let m = meta(&[1 << 30], 0, Kind::Uint);
        unsupported(
            call(&reg, "iota:la", std::slice::from_ref(&m)),
            "over urnum's limit",
        );
        unsupported(call(&reg, "magic:la", &[m]), "over urnum's limit");
        let r = out(call(&reg, "iota:la", &[meta(&[1 << 20], 5, Kind::Uint)]));
        assert_eq!(
            r.data.bits(((1 << 20) - 1) * 32, 32),
            Atom::from_u64((1 << 20) - 1)
        );
    });
}
