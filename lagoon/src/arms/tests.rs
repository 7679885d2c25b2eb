//! Tests of the catalogue: its names and lists, and the appended arms on
//! small cases.

use super::*;
use crate::{door::Door, error::LagoonError, meta::Meta, ray::Ray};
use softblas::Kind;

#[test]
fn names_are_unique_and_lists_are_known() {
    assert_eq!(catalogue_faults(ARMS, NOT_CATALOGUED), Vec::<String>::new());
    assert_eq!(by_name("mmul:la").map(|a| a.jet), Some(Some("mmul")));
    assert_eq!(product_of("de-ray"), Some(Mold::Baum));
    // get-item-number [shape dex]: no fixed int, one length.
    assert_eq!(
        arity(by_name("get-item-number").unwrap().params),
        (0, 0, 0, 1, true)
    );
}

fn ctx(metas: Vec<Meta>, rays: Vec<Ray>, atoms: Vec<Atom>, ints: Vec<u64>) -> Args {
    Args {
        door: Door::lake(softblas::Round::N),
        rays,
        metas,
        atoms,
        ints,
    }
}

fn run(name: &str, c: &Args) -> Result<Out, LagoonError> {
    (by_name(name).expect(name).run)(c)
}

fn cord(t: &str) -> Atom {
    Atom::from_le_bytes(t.as_bytes())
}

fn atom(v: u64) -> Out {
    Out::Atom(Atom::from_u64(v))
}

/// [1.0 2.0 3.0] @rh.
fn rh3() -> Ray {
    Ray::new(
        Meta::new(vec![3], 4, Kind::I754),
        Atom::from_u128(0x1_4200_4000_3c00),
    )
}

#[test]
fn slice_triples() {
    // `~`, `[~ [~ ~]]`, `[~ [`1 ~]]`, `[~ [~ `2]]`, `[~ [`1 `2]]`.
    let ints = [0, 9, 9, 1, 9, 9, 3, 1, 9, 5, 9, 2, 7, 1, 2];
    assert_eq!(
        slices(&ints).unwrap(),
        vec![
            None,
            Some((None, None)),
            Some((Some(1), None)),
            Some((None, Some(2))),
            Some((Some(1), Some(2)))
        ]
    );
    // A partial triple and an unknown tag punt (a caller error the Hoon cannot see).
    assert!(slices(&[1, 0]).unwrap_err().is_unsupported());
    assert!(slices(&[9, 0, 0]).unwrap_err().is_unsupported());
    assert!(slices(&[2, 0, 0]).unwrap_err().is_unsupported());
}

#[test]
fn appended_arms_on_small_cases() {
    let rs = Meta::new(vec![1], 5, Kind::I754);
    // submatrix x[1:2] (inclusive) of [1 2 3] @rh is [2 3].
    let c = ctx(vec![], vec![rh3()], vec![], vec![7, 1, 2]);
    let want = Ray::new(
        Meta::new(vec![2], 4, Kind::I754),
        Atom::from_u64(0x1_4200_4000),
    );
    assert_eq!(run("submatrix", &c), Ok(Out::Ray(want)));
    // unspac drops the pin, spac restores it.
    let c = ctx(vec![], vec![rh3()], vec![], vec![]);
    let bare = Ray::new(rh3().meta, Atom::from_u64(0x4200_4000_3c00));
    assert_eq!(run("unspac", &c), Ok(Out::Ray(bare.clone())));
    let c = ctx(vec![], vec![bare], vec![], vec![]);
    assert_eq!(run("spac", &c), Ok(Out::Ray(rh3())));
    // ((fun-scalar [~[1] 5 %i754 ~] %add) .1 .2) = .3
    let c = ctx(
        vec![rs.clone()],
        vec![],
        vec![
            cord("add"),
            Atom::from_u64(0x3f80_0000),
            Atom::from_u64(0x4000_0000),
        ],
        vec![],
    );
    assert_eq!(run("fun-scalar", &c), Ok(atom(0x4040_0000)));
    // ((trans-scalar 5 %i754 %abs) .-1) = .1
    let c = ctx(
        vec![],
        vec![],
        vec![cord("i754"), cord("abs"), Atom::from_u64(0xbf80_0000)],
        vec![5],
    );
    assert_eq!(run("trans-scalar", &c), Ok(atom(0x3f80_0000)));
    // get-term of an @rd meta is %rd.
    let rd = Meta::new(vec![2], 6, Kind::I754);
    let c = ctx(vec![rd], vec![], vec![], vec![]);
    assert_eq!(run("get-term", &c), Ok(Out::Atom(cord("rd"))));
    // get-dim [~[2 3] 4] = ~[1 1]: the int (ind) comes first in `ints`.
    let c = ctx(vec![], vec![], vec![], vec![4, 2, 3]);
    assert_eq!(run("get-dim", &c), Ok(u64_list(&[1, 1])));
    // get-item-number [~[2 3] ~[1 2]] = 5: the first list's length first.
    let c = ctx(vec![], vec![], vec![], vec![2, 2, 3, 1, 2]);
    assert_eq!(run("get-item-number", &c), Ok(atom(5)));
    // dim-parts [~[2 3 4] 1] = [2 3 4]; drop-dim [~[5] 0] = ~[1].
    let c = ctx(vec![], vec![], vec![], vec![1, 2, 3, 4]);
    assert_eq!(run("dim-parts", &c), Ok(u64_list(&[2, 3, 4])));
    let c = ctx(vec![], vec![], vec![], vec![0, 5]);
    assert_eq!(run("drop-dim", &c), Ok(u64_list(&[1])));
    // prod-list ~ = 1.
    let c = ctx(vec![], vec![], vec![], vec![]);
    assert_eq!(run("prod-list", &c), Ok(atom(1)));
    // i754-sun [6 3] = .~3; i754-sqt [5 .4] = .2.
    let c = ctx(vec![], vec![], vec![Atom::from_u64(3)], vec![6]);
    assert_eq!(run("i754-sun", &c), Ok(atom(0x4008_0000_0000_0000)));
    let c = ctx(vec![], vec![], vec![Atom::from_u64(0x4080_0000)], vec![5]);
    assert_eq!(run("i754-sqt", &c), Ok(atom(0x4000_0000)));
    // unum-one 3 = 0x40 (rpb one); bloq 7 crashes (?+ bloq !!).
    let c = ctx(vec![], vec![], vec![], vec![3]);
    assert_eq!(run("unum-one", &c), Ok(atom(0x40)));
    let c = ctx(vec![], vec![], vec![], vec![7]);
    assert!(matches!(
        run("unum-one", &c),
        Err(LagoonError::BadBloq { .. })
    ));
    // unum-sum [3 ~[1 1]] = 2 (0x48); unum-fdp [3 ~[1] ~[2]] = 2.
    let c = ctx(vec![], vec![], vec![], vec![3, 0x40, 0x40]);
    assert_eq!(run("unum-sum", &c), Ok(atom(0x48)));
    let c = ctx(vec![], vec![], vec![], vec![3, 1, 0x40, 0x48]);
    assert_eq!(run("unum-fdp", &c), Ok(atom(0x48)));
    // unum-pow [3 2 1] = 2; unum-mod at bloq 2 crashes.
    let two_one = || vec![Atom::from_u64(0x48), Atom::from_u64(0x40)];
    let c = ctx(vec![], vec![], two_one(), vec![3]);
    assert_eq!(run("unum-pow", &c), Ok(atom(0x48)));
    let c = ctx(vec![], vec![], two_one(), vec![2]);
    assert!(matches!(
        run("unum-mod", &c),
        Err(LagoonError::BadBloq { .. })
    ));
}

#[test]
fn fixp_fdp_is_exact_and_truncates_once() {
    // prc [7 8]: 16-bit values, 1.0 = 0x100. [1 2]·[3 1] = 5.
    let prc = vec![Atom::from_u64(7), Atom::from_u64(8)];
    let c = ctx(
        vec![],
        vec![],
        prc.clone(),
        vec![2, 0x100, 0x200, 0x300, 0x100],
    );
    assert_eq!(run("fixp-fdp", &c), Ok(atom(0x500)));
    // [-1.0]·[0.5] = -0.5, two's complement at 16 bits.
    let c = ctx(vec![], vec![], prc.clone(), vec![1, 0xff00, 0x80]);
    assert_eq!(run("fixp-fdp", &c), Ok(atom(0xff80)));
    // Ten products of 2^-8 · 2^-8 are each below the last bit; summed
    // exactly they still are (one truncation, toward zero): 0.
    let c = ctx(vec![], vec![], prc, [vec![10], vec![1; 20]].concat());
    assert_eq!(run("fixp-fdp", &c), Ok(atom(0)));
}

#[test]
fn strides_items_are_whole_words() {
    // strides of [2 3] @rh: every item fits 8 bytes.
    let m = Meta::new(vec![2, 3], 4, Kind::I754);
    let c = ctx(vec![m.clone()], vec![], vec![], vec![]);
    let want = crate::strides(&m).unwrap();
    assert_eq!(
        run("strides", &c),
        Ok(Out::List {
            items: want,
            width: 8
        })
    );
}
