//! Bit tables for `lagoon::print`: the tank `++to-tank` builds (which `%rose`
//! nodes, which separators, which element atoms under which aura) and the
//! terms `++get-term` names, from `lagoon.hoon@aa6f2a6`.
//!
//! The element seller here is a stand-in that writes `aura:hex`, so each row
//! pins structure only; the dojo's text is pinned in `cli/tests/tank_print.rs`.

use lagoon::print::{element_aura, get_term, print_tank, to_tank, Tank};
use lagoon::{LagoonError, Meta, Ray};
use softblas::{Atom, Kind};

fn stub(aura: &str, x: &Atom) -> Result<Tank, LagoonError> {
    Ok(Tank::leaf(format!("{aura}:{}", x.to_hex())))
}

fn atoms(v: &[u64]) -> Vec<Atom> {
    v.iter().map(|&x| Atom::from_u64(x)).collect()
}

fn row(items: &[&str]) -> Tank {
    Tank::rose(
        " ",
        "[",
        "]",
        items.iter().map(|s| Tank::leaf(*s)).collect(),
    )
}

#[test]
fn rank_one_is_one_rose_of_sold_elements() {
    // A rank-1 shape: `[%rose [" " "[" "]"] items]`, each item sold under the
    // kind's own term (`[%atom kind ~]`), not get-term's aura.
    let t = to_tank(&atoms(&[1, 2, 3]), &[3], Kind::I754, &mut stub).unwrap();
    assert_eq!(t, row(&["i754:0x1", "i754:0x2", "i754:0x3"]));
    // The whole list is used, whatever shape[0] says (rank 1 never reads it).
    let t = to_tank(&atoms(&[7, 8]), &[5], Kind::Uint, &mut stub).unwrap();
    assert_eq!(t, row(&["uint:0x7", "uint:0x8"]));
    // An empty list gives an empty rose.
    assert_eq!(to_tank(&[], &[0], Kind::Uint, &mut stub).unwrap(), row(&[]));
}

#[test]
fn every_kind_sells_under_its_term() {
    // `[%atom kind ~]`: the aura is the kind's term for all six kinds.
    for (kind, term) in [
        (Kind::I754, "i754"),
        (Kind::Uint, "uint"),
        (Kind::Int2, "int2"),
        (Kind::Unum, "unum"),
        (Kind::Cplx, "cplx"),
        (Kind::Fixp, "fixp"),
    ] {
        assert_eq!(element_aura(kind), term);
        let t = to_tank(&atoms(&[9]), &[1], kind, &mut stub).unwrap();
        assert_eq!(t, row(&[&format!("{term}:0x9")]));
    }
}

#[test]
fn rank_two_closes_with_a_newline() {
    // Rank 2: `[%rose [" " "[" "]\0a"] rows]`, rows of (lent dat)/shape[0] entries, row-major.
    let t = to_tank(&atoms(&[1, 2, 3, 4, 5, 6]), &[2, 3], Kind::Uint, &mut stub).unwrap();
    let want = Tank::rose(
        " ",
        "[",
        "]\n",
        vec![
            row(&["uint:0x1", "uint:0x2", "uint:0x3"]),
            row(&["uint:0x4", "uint:0x5", "uint:0x6"]),
        ],
    );
    assert_eq!(t, want);
}

#[test]
fn rank_three_nests_newline_roses() {
    // Rank 3: every level but the last closes with "]\n".
    let t = to_tank(&atoms(&[1, 2, 3, 4]), &[2, 1, 2], Kind::Uint, &mut stub).unwrap();
    let plane = |a: &str, b: &str| Tank::rose(" ", "[", "]\n", vec![row(&[a, b])]);
    let want = Tank::rose(
        " ",
        "[",
        "]\n",
        vec![plane("uint:0x1", "uint:0x2"), plane("uint:0x3", "uint:0x4")],
    );
    assert_eq!(t, want);
}

/// The tank of the `%uint` rows `[1 2]` and `[3 4]`: `[uint:0x1 uint:0x2]` over `[uint:0x3 uint:0x4]`.
fn uint_rows_1234() -> Tank {
    Tank::rose(
        " ",
        "[",
        "]\n",
        vec![
            row(&["uint:0x1", "uint:0x2"]),
            row(&["uint:0x3", "uint:0x4"]),
        ],
    )
}

#[test]
fn short_lists_are_clipped_as_swag_clips() {
    // 5 entries over shape [2 3]: width (div 5 2) = 2, so rows take entries 0-1 and 2-3; entry 4 is dropped.
    let t = to_tank(&atoms(&[1, 2, 3, 4, 5]), &[2, 3], Kind::Uint, &mut stub).unwrap();
    let want = uint_rows_1234();
    assert_eq!(t, want);
    // 1 entry over [3 1]: width 0, three empty rows.
    let t = to_tank(&atoms(&[1]), &[3, 1], Kind::Uint, &mut stub).unwrap();
    assert_eq!(
        t,
        Tank::rose(" ", "[", "]\n", vec![row(&[]), row(&[]), row(&[])])
    );
}

#[test]
fn structural_crashes() {
    // Rank 0: `-.shape` of `~` crashes.
    assert!(matches!(
        to_tank(&atoms(&[1]), &[], Kind::Uint, &mut stub),
        Err(LagoonError::Assert { arm: "to-tank", .. })
    ));
    // Rank 2 with shape[0] = 0: `(div (lent dat) 0)` crashes.
    assert!(matches!(
        to_tank(&atoms(&[1]), &[0, 1], Kind::Uint, &mut stub),
        Err(LagoonError::Assert { arm: "to-tank", .. })
    ));
    // A seller's error is returned as is (the first element in row-major order).
    let mut failing = |_: &str, x: &Atom| -> Result<Tank, LagoonError> {
        Err(LagoonError::Unsupported(x.to_hex()))
    };
    assert_eq!(
        to_tank(&atoms(&[5, 6]), &[1, 2], Kind::Uint, &mut failing),
        Err(LagoonError::Unsupported("0x5".into()))
    );
}

#[test]
fn print_tank_ravels_the_ray() {
    // `(to-tank (ravel a) shape.meta.a kind.meta.a)`: element 0 is the low block.
    let a = Ray::from_elems(Meta::new(vec![2, 2], 5, Kind::Uint), &atoms(&[1, 2, 3, 4])).unwrap();
    let want = uint_rows_1234();
    assert_eq!(print_tank(&a, &mut stub).unwrap(), want);
}

#[test]
fn get_term_table() {
    // `++get-term`: one row per kind and bloq; the bloqs outside each list crash (`?+ bloq !!`).
    let term = |kind, bloq| get_term(&Meta::new(vec![1], bloq, kind));
    for (kind, bloq, want) in [
        (Kind::Uint, 0, "ud"),
        (Kind::Uint, 9, "ud"),
        (Kind::Int2, 5, "sd"),
        (Kind::Fixp, 4, "ux"),
        (Kind::I754, 4, "rh"),
        (Kind::I754, 5, "rs"),
        (Kind::I754, 6, "rd"),
        (Kind::I754, 7, "rq"),
        (Kind::Unum, 3, "rpb"),
        (Kind::Unum, 4, "rph"),
        (Kind::Unum, 5, "rps"),
        (Kind::Unum, 6, "rpd"),
        (Kind::Cplx, 5, "ch"),
        (Kind::Cplx, 6, "cs"),
        (Kind::Cplx, 7, "cd"),
        (Kind::Cplx, 8, "cq"),
    ] {
        assert_eq!(term(kind, bloq), Ok(want), "{kind:?} bloq {bloq}");
    }
    for (kind, bloq) in [
        (Kind::I754, 3),
        (Kind::I754, 8),
        (Kind::Unum, 2),
        (Kind::Unum, 7), // the README notes bloq 7 (@rpq) is not handled
        (Kind::Cplx, 4),
        (Kind::Cplx, 9),
    ] {
        assert_eq!(term(kind, bloq), Err(LagoonError::BadBloq { kind, bloq }));
    }
}
